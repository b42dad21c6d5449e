#include "lua_bindings.hpp"

#include "tessera/component.hpp"
#include "tessera/table.hpp"

namespace tessera::lua {

void register_component_bindings(LuaBindings& bindings) {
  register_counters_binding(bindings);
}

namespace {

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
    if (k.kind == kind) metatable = k.metatable;
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
  if (c.kind() != kind)
    luaL_error(L, "component '%s' is a %s, not a %s", c.name().c_str(), std::string(c.kind()).c_str(),
               std::string(kind).c_str());
  return c;
}

Component& check_mutable_component(lua_State* L, int arg, std::string_view kind) {
  check_component(L, arg, kind);
  // In a writable call the frame's table and mutable_table are one object: look the
  // component up through the mutable pointer rather than casting constness away.
  return mutable_table(L).at(to_handle(L, arg)->index);
}

}  // namespace tessera::lua
