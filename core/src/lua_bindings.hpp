#pragma once
// LuaBindings: the Lua methods of component handles, keyed by component kind.
//
// `ctx:get(name [, seat])` returns a handle (userdata) holding only the component's index
// and the generation number of the call that made it; a handle kept past its call raises
// "component handle used outside its call". The handle's methods are those registered for
// the component's kind, plus name(), kind() and owner() for every kind.
//
// Adding the methods of a kind, say "track": write core/src/l_track.cpp with
//   // v = track:position(seat)
//   int l_position(lua_State* L) { const Track& t = check<Track>(L, 1); ... }
//   const luaL_Reg kTrackMethods[] = {{"position", guarded<l_position>}, {nullptr, nullptr}};
//   void register_track_binding(LuaBindings& b) { b.add(Track::kKind, kTrackMethods); }
// declare register_track_binding below and call it from register_component_bindings
// (lua_bindings.cpp). The runtime itself does not change.
#include <cstdint>
#include <string_view>
#include <vector>

#include "lua_state.hpp"

namespace tessera::lua {

class LuaBindings {
 public:
  // Adds Lua methods for handles of components of `kind`. `kind` and `methods` must be
  // static (C::kKind and a namespace-scope array ending with {nullptr, nullptr}); adding
  // the same kind twice merges the lists, the later method winning on a name clash.
  void add(std::string_view kind, const luaL_Reg* methods);

  // Builds one metatable per kind (and one for kinds without methods) in L's registry.
  void install(lua_State* L);
  // Pushes a handle of component `index` of the running call's table.
  void push_handle(lua_State* L, std::uint32_t index) const;

 private:
  struct Kind {
    std::string_view kind;
    std::vector<const luaL_Reg*> method_lists;
    int metatable = LUA_NOREF;
  };
  int make_metatable(lua_State* L, const Kind* kind);
  std::vector<Kind> kinds_;
  int generic_metatable_ = LUA_NOREF;
};

// Every kind's registration, in one list: lua_bindings.cpp.
void register_component_bindings(LuaBindings& bindings);
void register_counters_binding(LuaBindings& bindings);  // l_counters.cpp

// The frame of the running call; raises "<what> used outside an effect or hook call" when
// there is none (a script kept a function or ctx and calls it while loading).
const CallFrame& current_frame(lua_State* L, const char* what);
// The table of the running call, for a binding that changes it; raises
// "<call> may not change the state" in read-only calls (options(), legal_filter).
Table& mutable_table(lua_State* L);

// The component of kind `kind` the handle at `arg` names. Raises a Lua error for a value
// that is no handle, a stale handle, or a component of another kind.
const Component& check_component(lua_State* L, int arg, std::string_view kind);
// The same for a binding that changes the component (read-only calls raise).
Component& check_mutable_component(lua_State* L, int arg, std::string_view kind);

template <typename C>
const C& check(lua_State* L, int arg) {
  return static_cast<const C&>(check_component(L, arg, C::kKind));
}
template <typename C>
C& check_mutable(lua_State* L, int arg) {
  return static_cast<C&>(check_mutable_component(L, arg, C::kKind));
}

}  // namespace tessera::lua
