#include "lua_sandbox.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "lua_data.hpp"
#include "lua_determinism.hpp"
#include "lua_library_costs.hpp"
#include "tessera/bounded_file.hpp"
#include "tessera/file_place.hpp"
#include "tessera/script_runtime.hpp"

namespace tessera::lua {

namespace {

constexpr const char* kBaseWhitelist[] = {"assert", "error",    "ipairs", "select", "tonumber",     "type",
                                          "rawequal", "rawget", "rawlen", "getmetatable"};

// Runs the function below it on the stack with every argument; an UnwindSpotter here
// records where a memory error happened before the script's pcall unwinds the stack.
int spot_call(lua_State* L) {
  UnwindSpotter spotter(LuaState::from(L));
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

// Units charged for an error a script catches: raising and unwinding one costs about as much
// as this many instructions (a C++ exception in Debian's Lua), so a loop of caught errors
// is bounded like any other loop.
constexpr std::uint64_t kCaughtErrorUnits = 200;

// The results of pcall/xpcall: `base` values below the call stay. A limit error goes on.
int finish_pcall(lua_State* L, int status, int base) {
  LuaState& vm = LuaState::from(L);
  if (status == LUA_ERRMEM) vm.mark_memory_failed();
  if (status != LUA_OK && (vm.memory_failed() || vm.budget_exhausted())) return lua_error(L);
  if (status != LUA_OK) vm.charge(L, kCaughtErrorUnits);
  lua_pushboolean(L, status == LUA_OK);
  lua_insert(L, base + 1);
  return lua_gettop(L) - base;
}

// ok, ... = pcall(f, ...)
int l_pcall(lua_State* L) {
  luaL_checkany(L, 1);
  lua_pushcfunction(L, spot_call);
  lua_insert(L, 1);
  const int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  return finish_pcall(L, status, 0);
}

// The message handler of xpcall, around the script's (upvalue 1). Once a limit has stopped
// the call, the script's handler is not run: Lua calls the handler again for every error the
// handler itself raises, and a limit error is raised at each instruction, so a handler that
// keeps running would never let the error out.
int guarded_handler(lua_State* L) {
  LuaState& vm = LuaState::from(L);
  if (vm.memory_failed() || vm.budget_exhausted()) return 1;  // the message as it is
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// ok, ... = xpcall(f, handler, ...)
int l_xpcall(lua_State* L) {
  const int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushcfunction(L, spot_call);
  lua_insert(L, 1);      // spot_call, f, handler, args...
  lua_pushvalue(L, 3);
  lua_remove(L, 3);
  lua_pushcclosure(L, guarded_handler, 1);
  lua_insert(L, 1);      // guarded handler, spot_call, f, args...
  const int status = lua_pcall(L, n - 1, LUA_MULTRET, 1);
  return finish_pcall(L, status, 1);
}

// t = setmetatable(t, mt)
int l_setmetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL) return luaL_error(L, "setmetatable: __gc metamethods are not allowed in scripts");
    lua_pop(L, 1);
    // A weak table loses entries when the collector runs, which depends on every earlier
    // allocation of the state: its contents would differ from run to run.
    lua_pushliteral(L, "__mode");
    if (lua_rawget(L, 2) != LUA_TNIL) return luaL_error(L, "setmetatable: weak tables (__mode) are not allowed in scripts");
    lua_pop(L, 1);
  }
  lua_pushvalue(L, lua_upvalueindex(1));  // the base library's setmetatable
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// Frozen tables: the environment scripts see and the library tables in it are empty
// proxies that read through __index. A script may add to them while it loads; during a call
// nothing may change them, so nothing carries over from one call or game to the next.

// proxy[key] = value   (__newindex; upvalue 1 the table behind the proxy, 2 its name)
int l_frozen_newindex(lua_State* L) {
  if (LuaState::from(L).frame()) {
    const char* key = push_value_text(L, 2);
    return luaL_error(L, "%s '%s' may not be set during a call: it would carry over to later calls and games "
                         "(use a local; the state belongs in the table)", lua_tostring(L, lua_upvalueindex(2)), key);
  }
  lua_settop(L, 3);
  lua_rawset(L, lua_upvalueindex(1));
  return 0;
}

// Pushes a proxy of the table at `backing`, named `what` in refusals ("global", "string field").
void push_frozen_proxy(lua_State* L, int backing, const char* what, int frozen_set) {
  backing = lua_absindex(L, backing);
  lua_newtable(L);
  lua_createtable(L, 0, 3);
  lua_pushvalue(L, backing);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, backing);
  lua_pushstring(L, what);
  lua_pushcclosure(L, l_frozen_newindex, 2);
  lua_setfield(L, -2, "__newindex");
  lua_pushliteral(L, "frozen");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_pushboolean(L, 1);
  lua_rawset(L, frozen_set);
}

// rawset(t, k, v), refused on a frozen proxy (it would bypass the freeze). Upvalue 1: the
// set of proxies, 2: the base library's rawset.
int l_rawset(lua_State* L) {
  lua_pushvalue(L, 1);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
    return luaL_error(L, "rawset on the environment, a library table or the game's data is not allowed (assign normally)");
  lua_pop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// Lower-case words of [a-z0-9_] separated by single dots: "cards", "lib.deck_tools".
bool valid_module_name(std::string_view name) {
  if (name.empty() || name.front() == '.' || name.back() == '.') return false;
  char previous = '\0';
  for (char c : name) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!word && c != '.') return false;
    if (c == '.' && previous == '.') return false;
    previous = c;
  }
  return true;
}

// Marks a module as being loaded for as long as its chunk runs (also when it raises: the
// C++ build of Lua runs this destructor while the error unwinds).
class LoadingMark {
 public:
  LoadingMark(std::vector<std::string>& loading, std::string name) : loading_(loading) {
    loading_.push_back(std::move(name));
  }
  ~LoadingMark() { loading_.pop_back(); }
  LoadingMark(const LoadingMark&) = delete;
  LoadingMark& operator=(const LoadingMark&) = delete;

 private:
  std::vector<std::string>& loading_;
};

// module = require(name)
int l_require(lua_State* L) {
  Sandbox& sandbox = *static_cast<Sandbox*>(lua_touserdata(L, lua_upvalueindex(1)));
  const std::string name(check_string(L, 1));
  lua_settop(L, 1);
  if (!valid_module_name(name))
    return luaL_error(L,
                      "require('%s'): a module name is lower-case words separated by dots ('lib.cards' "
                      "loads lib/cards.lua of the game's script folder)",
                      name.c_str());
  lua_pushvalue(L, 1);
  if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  if (std::find(sandbox.loading.begin(), sandbox.loading.end(), name) != sandbox.loading.end()) {
    std::string chain;
    for (const auto& m : sandbox.loading) chain += m + " -> ";
    return luaL_error(L, "require('%s'): modules require each other in a cycle (%s%s)", name.c_str(),
                      chain.c_str(), name.c_str());
  }
  std::string relative = name;
  std::replace(relative.begin(), relative.end(), '.', '/');
  relative += ".lua";
  const std::string display = sandbox.chunk_root + "/" + relative;
  const FilePlace place = sandbox.texts->count(display) ? FilePlace::Inside : place_of_file(sandbox.script_dir, relative);
  if (place == FilePlace::Missing)
    return luaL_error(L, "require('%s'): there is no file %s", name.c_str(), display.c_str());
  if (place == FilePlace::Outside)
    return luaL_error(L, "require('%s'): %s leads outside the script folder", name.c_str(), display.c_str());
  ScriptText& text = script_text(sandbox, relative, display);
  LoadingMark mark(sandbox.loading, name);
  load_script(L, sandbox, text, display);
  lua_call(L, 0, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, 1);
  lua_pushvalue(L, -2);
  lua_rawset(L, lua_upvalueindex(2));
  return 1;
}

// Opens one standard library and leaves its table on the stack.
void open_library(lua_State* L, const char* name, lua_CFunction open) { luaL_requiref(L, name, open, 0); }

void remove_field(lua_State* L, int table, const char* name) {
  lua_pushnil(L);
  lua_setfield(L, table, name);
}

}  // namespace

void build_sandbox(lua_State* L, Sandbox& sandbox) {
  const int base = lua_gettop(L);
  open_library(L, LUA_GNAME, luaopen_base);        // base + 1: the real globals
  open_library(L, LUA_STRLIBNAME, luaopen_string);  // base + 2 (also the strings' metatable)
  open_library(L, LUA_TABLIBNAME, luaopen_table);   // base + 3
  open_library(L, LUA_MATHLIBNAME, luaopen_math);   // base + 4
  open_library(L, LUA_UTF8LIBNAME, luaopen_utf8);   // base + 5
  // Removed from the library tables themselves, because ("").dump reaches string.dump
  // through the strings' metatable.
  remove_field(L, base + 2, "dump");
  remove_field(L, base + 4, "random");
  remove_field(L, base + 4, "randomseed");
  // getmetatable("") would hand out the strings' metatable and, through __index, the real
  // string table: it gets a name instead.
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_pushliteral(L, "string");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);

  lua_createtable(L, 0, 32);  // base + 6: the globals, behind the environment's proxy
  const int env = base + 6;
  lua_newtable(L);            // base + 7: the set of frozen proxies (and of data views, lua_data.hpp)
  const int frozen = base + 7;
  lua_pushvalue(L, frozen);
  lua_setfield(L, LUA_REGISTRYINDEX, kFrozenSetKey);
  for (const char* name : kBaseWhitelist) {
    lua_getfield(L, base + 1, name);
    lua_setfield(L, env, name);
  }
  bound_library_costs(L, env, base + 2, base + 3, base + 5);
  install_deterministic_functions(L, env, base + 2, base + 3);
  lua_pushvalue(L, frozen);
  lua_getfield(L, base + 1, "rawset");
  lua_pushcclosure(L, l_rawset, 2);
  lua_setfield(L, env, "rawset");
  lua_pushcfunction(L, l_pcall);
  lua_setfield(L, env, "pcall");
  lua_pushcfunction(L, l_xpcall);
  lua_setfield(L, env, "xpcall");
  lua_getfield(L, base + 1, "setmetatable");
  lua_pushcclosure(L, l_setmetatable, 1);
  lua_setfield(L, env, "setmetatable");
  push_frozen_proxy(L, base + 2, "string field", frozen);
  lua_setfield(L, env, LUA_STRLIBNAME);
  push_frozen_proxy(L, base + 3, "table field", frozen);
  lua_setfield(L, env, LUA_TABLIBNAME);
  push_frozen_proxy(L, base + 4, "math field", frozen);
  lua_setfield(L, env, LUA_MATHLIBNAME);
  push_frozen_proxy(L, base + 5, "utf8 field", frozen);
  lua_setfield(L, env, LUA_UTF8LIBNAME);
  lua_pushlightuserdata(L, &sandbox);
  lua_newtable(L);  // the cache of required modules
  lua_pushcclosure(L, guarded<l_require>, 2);
  lua_setfield(L, env, "require");

  push_frozen_proxy(L, env, "global", frozen);
  sandbox.env = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, base);
}

void load_chunk(lua_State* L, const Sandbox& sandbox, std::string_view source, const std::string& display_name) {
  const std::string chunk_name = "@" + display_name;
  const int status = luaL_loadbufferx(L, source.data(), source.size(), chunk_name.c_str(), "t");
  if (status == LUA_ERRMEM) {
    LuaState::from(L).mark_memory_failed();
    lua_error(L);
  }
  if (status != LUA_OK) {
    // Syntax errors start with the file name already; the refusal of bytecode does not.
    const char* message = lua_tostring(L, -1);
    if (!message || std::strncmp(message, display_name.c_str(), display_name.size()) != 0) {
      lua_pushfstring(L, "%s: %s", display_name.c_str(), message ? message : "cannot load");
      lua_remove(L, -2);
    }
    lua_error(L);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, sandbox.env);
  lua_setupvalue(L, -2, 1);  // a main chunk's only upvalue is _ENV
}

std::string read_script(const std::filesystem::path& script_dir, const std::filesystem::path& relative,
                        const std::string& display_name) {
  std::filesystem::path file;
  const FilePlace place = place_of_file(script_dir, relative, &file);
  if (place == FilePlace::Outside)
    throw ScriptError(display_name + ": leads outside the game's script folder (a link?); not read");
  if (place == FilePlace::Missing) throw ScriptError(display_name + ": cannot open the script file");
  BoundedFile read = read_file_at_most(file, kMaxScriptFileBytes);
  if (read.status == BoundedFile::Status::TooLarge)
    throw ScriptError(too_large_message(display_name, read, kMaxScriptFileBytes, "script file"));
  if (read.status != BoundedFile::Status::Read) throw ScriptError(display_name + ": cannot read the script file");
  return std::move(read.text);
}

ScriptText& script_text(const Sandbox& sandbox, const std::filesystem::path& relative, const std::string& display_name) {
  return script_text(sandbox, sandbox.script_dir, relative, display_name);
}

ScriptText& script_text(const Sandbox& sandbox, const std::filesystem::path& folder, const std::filesystem::path& relative,
                        const std::string& display_name) {
  if (const auto known = sandbox.texts->find(display_name); known != sandbox.texts->end()) return known->second;
  ScriptText text{read_script(folder, relative, display_name), {}};
  return sandbox.texts->emplace(display_name, std::move(text)).first->second;
}

namespace {
int append_to_chunk(lua_State*, const void* bytes, std::size_t size, void* chunk) {
  static_cast<std::string*>(chunk)->append(static_cast<const char*>(bytes), size);
  return 0;
}
}  // namespace

void load_script(lua_State* L, const Sandbox& sandbox, ScriptText& text, const std::string& display_name) {
  if (text.chunk.empty()) {
    load_chunk(L, sandbox, text.source, display_name);
    std::string chunk;
    lua_dump(L, append_to_chunk, &chunk, /*strip=*/0);  // keeps the file name and lines for messages
    text.chunk = std::move(chunk);
    return;
  }
  // Bytecode the runtime made itself from the text above; scripts still cannot load any.
  const std::string chunk_name = "@" + display_name;
  const int status = luaL_loadbufferx(L, text.chunk.data(), text.chunk.size(), chunk_name.c_str(), "b");
  if (status == LUA_ERRMEM) LuaState::from(L).mark_memory_failed();
  if (status != LUA_OK) lua_error(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, sandbox.env);
  lua_setupvalue(L, -2, 1);  // a main chunk's only upvalue is _ENV
}

}  // namespace tessera::lua
