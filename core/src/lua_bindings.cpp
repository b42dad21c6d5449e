#include "lua_bindings.hpp"

#include <limits>

#include "lua_write_check.hpp"

#include "tessera/component.hpp"
#include "tessera/table.hpp"

namespace tessera::lua {

void register_component_bindings(LuaBindings& bindings) {
  register_counters_binding(bindings);
  register_track_binding(bindings);
  register_square_grid_binding(bindings);
  register_hex_map_binding(bindings);
  register_graph_board_binding(bindings);
  register_dice_pool_binding(bindings);
  register_deck_binding(bindings);
  register_hand_binding(bindings);
  register_market_binding(bindings);
  register_supply_binding(bindings);
  register_turn_order_binding(bindings);
}

namespace {

// Kinds are the components' static kKind views: the same text mostly lies at the same place.
bool same_kind(std::string_view a, std::string_view b) {
  return (a.data() == b.data() && a.size() == b.size()) || a == b;
}

// A handle holds no pointer: the index is only looked up in the table of the call whose
// generation it carries. The magic number tells handles from the ctx userdata.
struct HandleData {
  std::uint32_t magic;
  std::uint32_t index;
  std::uint64_t generation;
};
constexpr std::uint32_t kHandleMagic = 0x7e55e7a1;

HandleData* to_handle(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TUSERDATA || lua_rawlen(L, arg) != sizeof(HandleData)) return nullptr;
  auto* handle = static_cast<HandleData*>(lua_touserdata(L, arg));
  return handle->magic == kHandleMagic ? handle : nullptr;
}

// The component of a live handle; null for a handle whose call is over.
const Component* live_component(lua_State* L, const HandleData& handle) {
  const CallFrame* frame = LuaState::from(L).frame();
  if (!frame || frame->generation != handle.generation) return nullptr;
  return &frame->table->at(handle.index);
}

const Component& check_any_component(lua_State* L, int arg) {
  const HandleData* handle = to_handle(L, arg);
  if (!handle) luaL_typeerror(L, arg, "component handle");
  const Component* component = live_component(L, *handle);
  if (!component)
    luaL_error(L, "component handle used outside its call (call ctx:get again in each call; never keep handles)");
  return *component;
}

// n = c:name()
int l_name(lua_State* L) {
  push_string(L, check_any_component(L, 1).name());
  return 1;
}

// k = c:kind()
int l_kind(lua_State* L) {
  push_string(L, check_any_component(L, 1).kind());
  return 1;
}

// seat = c:owner()   (-1 for a global component)
int l_owner(lua_State* L) {
  lua_pushinteger(L, check_any_component(L, 1).owner());
  return 1;
}

// text = tostring(c)
int l_tostring(lua_State* L) {
  const HandleData* handle = to_handle(L, 1);
  const Component* c = handle ? live_component(L, *handle) : nullptr;
  if (!c) {
    lua_pushliteral(L, "component handle (expired)");
  } else if (c->owner() == kNobody) {
    lua_pushfstring(L, "%s '%s'", std::string(c->kind()).c_str(), c->name().c_str());
  } else {
    lua_pushfstring(L, "%s '%s' of seat %d", std::string(c->kind()).c_str(), c->name().c_str(), c->owner());
  }
  return 1;
}

// same = (a == b)
int l_eq(lua_State* L) {
  const HandleData* a = to_handle(L, 1);
  const HandleData* b = to_handle(L, 2);
  lua_pushboolean(L, a && b && a->index == b->index && a->generation == b->generation);
  return 1;
}

// c.x = v   (refused)
int l_newindex(lua_State* L) {
  return luaL_error(L, "component handles have no fields to set; use their methods");
}

const luaL_Reg kCommonMethods[] = {
    {"name", l_name}, {"kind", l_kind}, {"owner", l_owner}, {nullptr, nullptr}};
const luaL_Reg kMetamethods[] = {
    {"__tostring", guarded<l_tostring>}, {"__eq", l_eq}, {"__newindex", l_newindex}, {nullptr, nullptr}};

}  // namespace

void LuaBindings::add(std::string_view kind, const luaL_Reg* methods) {
  for (auto& k : kinds_)
    if (k.kind == kind) {
      k.method_lists.push_back(methods);
      return;
    }
  kinds_.push_back(Kind{kind, {methods}});
}

int LuaBindings::make_metatable(lua_State* L, const Kind* kind) {
  lua_createtable(L, 0, 5);
  lua_createtable(L, 0, 8);
  luaL_setfuncs(L, kCommonMethods, 0);
  if (kind)
    for (const luaL_Reg* methods : kind->method_lists) luaL_setfuncs(L, methods, 0);
  lua_setfield(L, -2, "__index");
  luaL_setfuncs(L, kMetamethods, 0);
  lua_pushliteral(L, "component handle");
  lua_setfield(L, -2, "__metatable");
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

void LuaBindings::install(lua_State* L) {
  for (auto& k : kinds_) k.metatable = make_metatable(L, &k);
  generic_metatable_ = make_metatable(L, nullptr);
}

void LuaBindings::push_handle(lua_State* L, std::uint32_t index) const {
  const CallFrame& frame = current_frame(L, "ctx:get");
  const std::string_view kind = frame.table->at(index).kind();
  int metatable = generic_metatable_;
  for (const auto& k : kinds_)
    if (same_kind(k.kind, kind)) metatable = k.metatable;
  auto* handle = static_cast<HandleData*>(lua_newuserdatauv(L, sizeof(HandleData), 0));
  *handle = HandleData{kHandleMagic, index, frame.generation};
  lua_rawgeti(L, LUA_REGISTRYINDEX, metatable);
  lua_setmetatable(L, -2);
}

const CallFrame& current_frame(lua_State* L, const char* what) {
  const CallFrame* frame = LuaState::from(L).frame();
  if (!frame) luaL_error(L, "%s used outside an effect or hook call", what);
  return *frame;
}

Table& mutable_table(lua_State* L) {
  const CallFrame& frame = current_frame(L, "ctx");
  if (!frame.mutable_table) luaL_error(L, "%s may not change the state", frame.read_only_what);
  return *frame.mutable_table;
}

const Component& check_component(lua_State* L, int arg, std::string_view kind) {
  const Component& c = check_any_component(L, arg);
  if (!same_kind(c.kind(), kind))
    luaL_error(L, "component '%s' is a %s, not a %s", c.name().c_str(), std::string(c.kind()).c_str(),
               std::string(kind).c_str());
  return c;
}

Component& check_mutable_component(lua_State* L, int arg, std::string_view kind) {
  check_component(L, arg, kind);
  // In a writable call the frame's table and mutable_table are one object: look the
  // component up through the mutable pointer rather than casting constness away.
  Table& table = mutable_table(L);
  const std::uint32_t index = to_handle(L, arg)->index;
  // The one door of every write: what the call writes is checked against the schema.
  if (WriteCheck* writes = LuaState::from(L).frame()->writes) writes->note(L, table, index);
  return table.at(index);
}

void check_counter_write(lua_State* L, int arg, std::string_view key, int value) {
  const CallFrame& frame = current_frame(L, "counters");
  if (frame.writes) frame.writes->check_counter(L, *frame.table, to_handle(L, arg)->index, key, value);
}

}  // namespace tessera::lua

namespace tessera::lua {

std::string_view check_stored_text(lua_State* L, int arg) {
  const std::string_view text = check_string(L, arg);
  if (text.size() > kMaxStoredText)
    luaL_argerror(L, arg, lua_pushfstring(L, "a text kept in the state is at most %d bytes, got %I", static_cast<int>(kMaxStoredText),
                                          static_cast<lua_Integer>(text.size())));
  return text;
}

void check_room(lua_State* L, std::size_t size, std::size_t more, const char* what) {
  if (more > kMaxEntries || size > kMaxEntries - more)
    luaL_error(L, "%s would hold more than %d entries (the limit of what scripts may put into one component)", what,
               static_cast<int>(kMaxEntries));
}

bool check_bool(lua_State* L, int arg) {
  luaL_checktype(L, arg, LUA_TBOOLEAN);
  return lua_toboolean(L, arg) != 0;
}

bool opt_bool(lua_State* L, int arg, bool fallback) {
  return lua_isnoneornil(L, arg) ? fallback : check_bool(L, arg);
}

int opt_int(lua_State* L, int arg, int fallback) { return lua_isnoneornil(L, arg) ? fallback : check_int(L, arg); }

std::string_view opt_string(lua_State* L, int arg, std::string_view fallback) {
  return lua_isnoneornil(L, arg) ? fallback : check_string(L, arg);
}

lua_Integer check_array(lua_State* L, int arg) {
  arg = lua_absindex(L, arg);
  luaL_checktype(L, arg, LUA_TTABLE);
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, arg));
  lua_Integer keys = 0;
  lua_pushnil(L);
  while (lua_next(L, arg) != 0) {
    lua_pop(L, 1);
    ++keys;
  }
  if (keys != n) luaL_argerror(L, arg, "expected an array {v1, ..., vn} without other keys");
  return n;
}

std::vector<std::string> check_strings(lua_State* L, int arg) {
  arg = lua_absindex(L, arg);
  const lua_Integer n = check_array(L, arg);
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(n));
  for (lua_Integer i = 1; i <= n; ++i) {
    if (lua_rawgeti(L, arg, i) != LUA_TSTRING)
      luaL_argerror(L, arg, lua_pushfstring(L, "element %I must be a string, got a %s", i, luaL_typename(L, -1)));
    std::size_t size = 0;
    const char* text = lua_tolstring(L, -1, &size);
    out.emplace_back(text, size);
    lua_pop(L, 1);
  }
  return out;
}

std::vector<int> check_ints(lua_State* L, int arg) {
  arg = lua_absindex(L, arg);
  const lua_Integer n = check_array(L, arg);
  std::vector<int> out;
  out.reserve(static_cast<std::size_t>(n));
  for (lua_Integer i = 1; i <= n; ++i) {
    int is_integer = 0;
    const lua_Integer value = lua_rawgeti(L, arg, i) == LUA_TNUMBER ? lua_tointegerx(L, -1, &is_integer) : 0;
    if (!is_integer)
      luaL_argerror(L, arg, lua_pushfstring(L, "element %I must be an integer, got a %s", i, luaL_typename(L, -1)));
    if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max())
      luaL_argerror(L, arg, lua_pushfstring(L, "element %I is out of range", i));
    out.push_back(static_cast<int>(value));
    lua_pop(L, 1);
  }
  return out;
}

int check_seat(lua_State* L, int arg, bool or_nobody) {
  const int seat = check_int(L, arg);
  check_seat_value(L, seat, or_nobody);
  return seat;
}

void check_seat_value(lua_State* L, int seat, bool or_nobody) {
  const int players = current_frame(L, "a component method").table->players();
  if ((seat < 0 || seat >= players) && !(or_nobody && seat == kNobody)) {
    if (or_nobody) luaL_error(L, "seat %d is not a seat of this table (%d players) nor -1 (nobody)", seat, players);
    luaL_error(L, "seat %d is not a seat of this table (%d players)", seat, players);
  }
}

void read_field(lua_State* L, int arg, const char* key, std::string& value) {
  const int type = lua_getfield(L, arg, key);
  if (type == LUA_TSTRING) {
    std::size_t size = 0;
    const char* text = lua_tolstring(L, -1, &size);
    if (size > kMaxStoredText)
      luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' is longer than %d bytes", key, static_cast<int>(kMaxStoredText)));
    value.assign(text, size);
  } else if (type != LUA_TNIL) {
    luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be a string, got a %s", key, luaL_typename(L, -1)));
  }
  lua_pop(L, 1);
}

void read_field(lua_State* L, int arg, const char* key, int& value) {
  const int type = lua_getfield(L, arg, key);
  if (type != LUA_TNIL) {
    int is_integer = 0;
    const lua_Integer n = type == LUA_TNUMBER ? lua_tointegerx(L, -1, &is_integer) : 0;
    if (!is_integer)
      luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be an integer, got a %s", key, luaL_typename(L, -1)));
    if (n < std::numeric_limits<int>::min() || n > std::numeric_limits<int>::max())
      luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' is out of range", key));
    value = static_cast<int>(n);
  }
  lua_pop(L, 1);
}

void check_fields(lua_State* L, int arg, std::initializer_list<std::string_view> known, const char* what) {
  arg = lua_absindex(L, arg);
  luaL_checktype(L, arg, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, arg) != 0) {
    lua_pop(L, 1);
    bool ok = false;
    if (lua_type(L, -1) == LUA_TSTRING) {
      const std::string_view key = lua_tostring(L, -1);
      for (std::string_view k : known) ok = ok || k == key;
    }
    if (!ok) {
      std::string names;
      for (std::string_view k : known) names += (names.empty() ? "" : ", ") + std::string(k);
      // luaL_tolstring gives numbers and other keys a readable form without changing the key.
      const char* key = luaL_tolstring(L, -1, nullptr);
      luaL_argerror(L, arg, lua_pushfstring(L, "unknown field '%s' of %s; known: %s", key, what, names.c_str()));
    }
  }
}

void push_ints(lua_State* L, std::span<const int> values) {
  lua_createtable(L, static_cast<int>(values.size()), 0);
  lua_Integer i = 1;
  for (int v : values) {
    lua_pushinteger(L, v);
    lua_rawseti(L, -2, i++);
  }
}

void push_strings(lua_State* L, std::span<const std::string> values) {
  lua_createtable(L, static_cast<int>(values.size()), 0);
  lua_Integer i = 1;
  for (const std::string& v : values) {
    push_string(L, v);
    lua_rawseti(L, -2, i++);
  }
}

void set_int_field(lua_State* L, const char* key, lua_Integer value) {
  lua_pushinteger(L, value);
  lua_setfield(L, -2, key);
}

void set_string_field(lua_State* L, const char* key, std::string_view value) {
  push_string(L, value);
  lua_setfield(L, -2, key);
}

void set_bool_field(lua_State* L, const char* key, bool value) {
  lua_pushboolean(L, value);
  lua_setfield(L, -2, key);
}

bool opt_function(lua_State* L, int arg, const char* what) {
  if (lua_isnoneornil(L, arg)) return false;
  if (lua_type(L, arg) != LUA_TFUNCTION)
    luaL_argerror(L, arg, lua_pushfstring(L, "%s must be a function or nil, got a %s", what, luaL_typename(L, arg)));
  return true;
}

namespace {

// Puts a frame in force for its lifetime and the previous one back after, also when an
// error unwinds through it.
class FrameScope {
 public:
  FrameScope(LuaState& vm, const CallFrame* frame) : vm_(vm), outer_(vm.frame()) { vm_.set_frame(frame); }
  ~FrameScope() { vm_.set_frame(outer_); }
  FrameScope(const FrameScope&) = delete;
  FrameScope& operator=(const FrameScope&) = delete;

 private:
  LuaState& vm_;
  const CallFrame* outer_;
};

}  // namespace

bool call_predicate(lua_State* L, int function, int nargs, const char* what) {
  function = lua_absindex(L, function);
  LuaState& vm = LuaState::from(L);
  // The same call (same table, generation and seat) with writing switched off.
  CallFrame frame = current_frame(L, what);
  frame.mutable_table = nullptr;
  frame.read_only_what = what;
  luaL_checkstack(L, 2, "predicate call nested too deeply");
  lua_pushvalue(L, function);
  lua_insert(L, -(nargs + 1));
  {
    FrameScope scope(vm, &frame);
    UnwindSpotter spotter(vm);
    lua_call(L, nargs, 1);
  }
  if (lua_type(L, -1) != LUA_TBOOLEAN)
    luaL_error(L, "%s must return true or false, got %s", what,
               lua_isnil(L, -1) ? "nil" : lua_pushfstring(L, "a %s", luaL_typename(L, -1)));
  const bool result = lua_toboolean(L, -1) != 0;
  lua_pop(L, 1);
  return result;
}

}  // namespace tessera::lua
