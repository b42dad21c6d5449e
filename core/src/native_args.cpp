#include "tessera/native_args.hpp"

#include <string>

#include "lua_state.hpp"
#include "tessera/error.hpp"

namespace tessera {

namespace {

std::string named(std::string_view what) { return std::string(what.substr(0, 64)); }

}  // namespace

int NativeArgs::index(int i, std::string_view what) const {
  if (i < 0 || i >= count_) throw ScriptError(named(what) + " is missing (argument " + std::to_string(i + 1) + ")");
  return first_ + i;
}

nlohmann::json NativeArgs::operator[](int i) const {
  if (i < 0 || i >= count_) return nullptr;
  return lua::to_json(L_, first_ + i);
}

long long NativeArgs::integer(int i, std::string_view what) const {
  const int at = index(i, what);
  if (!lua_isinteger(L_, at)) throw ScriptError(named(what) + " must be an integer, not a " + luaL_typename(L_, at));
  return lua_tointeger(L_, at);
}

std::string_view NativeArgs::string(int i, std::string_view what) const {
  const int at = index(i, what);
  if (lua_type(L_, at) != LUA_TSTRING) throw ScriptError(named(what) + " must be a string, not a " + luaL_typename(L_, at));
  std::size_t size = 0;
  const char* text = lua_tolstring(L_, at, &size);
  return {text, size};
}

void NativeArgs::for_each_count(int i, std::string_view what,
                                const std::function<void(std::string_view, long long)>& f) const {
  const int at = index(i, what);
  if (lua_type(L_, at) != LUA_TTABLE)
    throw ScriptError(named(what) + " must be a table {name = integer}, not a " + luaL_typename(L_, at));
  luaL_checkstack(L_, 2, "native arguments");
  std::uint64_t entries = 0;
  lua_pushnil(L_);
  while (lua_next(L_, at) != 0) {
    ++entries;
    if (lua_type(L_, -2) != LUA_TSTRING || !lua_isinteger(L_, -1)) {
      lua_pop(L_, 2);
      throw ScriptError(named(what) + " must be a table {name = integer}");
    }
    std::size_t size = 0;
    const char* name = lua_tolstring(L_, -2, &size);
    f({name, size}, lua_tointeger(L_, -1));
    lua_pop(L_, 1);
  }
  lua::LuaState::from(L_).charge(L_, entries);
}

}  // namespace tessera
