#include "lua_data.hpp"

#include <algorithm>
#include <iterator>

#include "lua_determinism.hpp"
#include "tessera/error.hpp"
#include "tessera/identifier.hpp"
#include "tessera/yaml_reader.hpp"

namespace tessera::lua {

namespace {

constexpr std::size_t kMaxNameBytes = 64;

// The host's files of a game's folder, not its rules: the browser board's layout and the
// score's declaration, each read whole by the host and never overlaid by a variant.
constexpr std::string_view kHostFiles[] = {"web", "score"};

bool plain_name(std::string_view name) {
  return !name.empty() && name.size() <= kMaxNameBytes &&
         std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

// The registry table of this state's views: fields `files` (name -> view), `backing`
// (view -> table behind it), `views` (table -> its view) and `meta` (the views' metatable).
constexpr const char* kRegistryKey = "tessera.data";

int l_index(lua_State* L);
int l_len(lua_State* L);
int l_pairs(lua_State* L);
int l_newindex(lua_State* L) {
  return luaL_error(L, "ctx:data: the game's data is read-only (copy what you change into a table of your own)");
}

// Pushes the registry table, made at the first use.
void push_registry(lua_State* L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, kRegistryKey) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 4);
  for (const char* field : {"files", "backing", "views"}) {
    lua_newtable(L);
    lua_setfield(L, -2, field);
  }
  lua_createtable(L, 0, 5);
  const std::pair<const char*, lua_CFunction> methods[] = {
      {"__index", l_index}, {"__newindex", l_newindex}, {"__len", l_len}, {"__pairs", l_pairs}};
  for (const auto& [name, fn] : methods) {
    lua_pushcfunction(L, fn);
    lua_setfield(L, -2, name);
  }
  lua_pushliteral(L, "read-only data");
  lua_setfield(L, -2, "__metatable");
  lua_setfield(L, -2, "meta");
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, kRegistryKey);
}

// Pushes the table behind the view at `view`.
void push_backing(lua_State* L, int view) {
  view = lua_absindex(L, view);
  push_registry(L);
  lua_getfield(L, -1, "backing");
  lua_pushvalue(L, view);
  lua_rawget(L, -2);
  lua_replace(L, -3);
  lua_pop(L, 1);
}

// Replaces the value on top by its view when it is a table.
void view_of_top(lua_State* L) {
  if (lua_type(L, -1) != LUA_TTABLE) return;
  const int raw = lua_gettop(L);
  push_registry(L);
  const int registry = raw + 1;
  lua_getfield(L, registry, "views");
  lua_pushvalue(L, raw);
  if (lua_rawget(L, -2) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_getfield(L, registry, "meta");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, raw);
    lua_pushvalue(L, -2);
    lua_rawset(L, registry + 1);  // views[raw] = view
    lua_getfield(L, registry, "backing");
    lua_pushvalue(L, -2);
    lua_pushvalue(L, raw);
    lua_rawset(L, -3);  // backing[view] = raw
    lua_pop(L, 1);
    if (lua_getfield(L, LUA_REGISTRYINDEX, kFrozenSetKey) == LUA_TTABLE) {  // rawset refuses a view
      lua_pushvalue(L, -2);
      lua_pushboolean(L, 1);
      lua_rawset(L, -3);
    }
    lua_pop(L, 1);
  }
  lua_replace(L, raw);
  lua_settop(L, raw);
}

// view[key]
int l_index(lua_State* L) {
  push_backing(L, 1);
  lua_pushvalue(L, 2);
  lua_rawget(L, -2);
  view_of_top(L);
  return 1;
}

// #view
int l_len(lua_State* L) {
  push_backing(L, 1);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
  return 1;
}

// The iterator __pairs returns: upvalue 1 the key-ordered iterator of the table behind the
// view, 2 that table. Gives views of nested tables.
int l_pairs_step(lua_State* L) {
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, 2);
  lua_call(L, 2, 2);
  if (lua_isnil(L, -2)) return 1;
  view_of_top(L);
  return 2;
}

// for k, v in pairs(view)
int l_pairs(lua_State* L) {
  push_backing(L, 1);
  const int raw = lua_gettop(L);
  lua_pushcfunction(L, pairs_in_key_order);
  lua_pushvalue(L, raw);
  lua_call(L, 1, 3);      // iterator, raw, nil
  lua_pop(L, 2);
  lua_pushvalue(L, raw);  // iterator, raw
  lua_pushcclosure(L, l_pairs_step, 2);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

}  // namespace

GameData::GameData(const std::filesystem::path& data_dir, std::string data_name, const std::vector<std::string>& variants)
    : data_name_(std::move(data_name)) {
  const DataReadRecorder::Pause not_the_games_reads;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(data_dir, ec)) {
    const std::string name = entry.path().stem().string();
    if (entry.path().extension() != ".yaml" || !plain_name(name) || !entry.is_regular_file(ec)) continue;
    if (std::find(std::begin(kHostFiles), std::end(kHostFiles), name) != std::end(kHostFiles)) continue;
    files_.emplace(name, to_json(load_with_overlays(data_dir, data_name_, name + ".yaml", variants)));
  }
}

const nlohmann::json& GameData::file(std::string_view name) const {
  if (const auto it = files_.find(name); it != files_.end()) return it->second;
  std::string known;
  for (const auto& [n, _] : files_) known += (known.empty() ? "" : ", ") + n;
  throw DataError("ctx:data: " + data_name_ + " has no data file '" + printable_name(name, kMaxNameBytes) +
                  ".yaml' (it has: " + (known.empty() ? "none" : known) + ")");
}

void push_game_data(lua_State* L, const GameData& data, std::string_view name) {
  push_registry(L);
  lua_getfield(L, -1, "files");
  push_string(L, name);
  if (lua_rawget(L, -2) != LUA_TNIL) {
    lua_replace(L, -3);
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  const nlohmann::json& value = data.file(name);
  push_json(L, value);
  view_of_top(L);
  push_string(L, name);
  lua_pushvalue(L, -2);
  lua_rawset(L, -4);  // files[name] = view
  lua_replace(L, -3);
  lua_pop(L, 1);
}

}  // namespace tessera::lua
