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
#include <initializer_list>
#include <span>
#include <string>
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
void register_counters_binding(LuaBindings& bindings);      // l_counters.cpp
void register_track_binding(LuaBindings& bindings);         // l_track.cpp
void register_square_grid_binding(LuaBindings& bindings);   // l_square_grid.cpp
void register_hex_map_binding(LuaBindings& bindings);       // l_hex_map.cpp
void register_graph_board_binding(LuaBindings& bindings);   // l_graph_board.cpp
void register_dice_pool_binding(LuaBindings& bindings);     // l_dice_pool.cpp
void register_deck_binding(LuaBindings& bindings);          // l_deck.cpp
void register_hand_binding(LuaBindings& bindings);          // l_hand.cpp
void register_market_binding(LuaBindings& bindings);        // l_market.cpp
void register_supply_binding(LuaBindings& bindings);        // l_supply.cpp
void register_turn_order_binding(LuaBindings& bindings);    // l_turn_order.cpp

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

// counters:set/add at `arg` is about to store key = value: raises unless the game's schema
// allows it (the key is declared and the value in its range).
void check_counter_write(lua_State* L, int arg, std::string_view key, int value);

template <typename C>
const C& check(lua_State* L, int arg) {
  return static_cast<const C&>(check_component(L, arg, C::kKind));
}
template <typename C>
C& check_mutable(lua_State* L, int arg) {
  return static_cast<C&>(check_mutable_component(L, arg, C::kKind));
}

// --- What scripts may push into the state: the Lua memory cap does not
// cover what the host keeps, so texts and entries that bindings store are bounded.
inline constexpr std::size_t kMaxStoredText = 256;   // an id, key, tag, kind or attribute
inline constexpr std::size_t kMaxEntries = 10'000;   // cards of a deck or hand, keys of counters
// The string at `arg`, for a binding that stores it: raises past kMaxStoredText bytes.
std::string_view check_stored_text(lua_State* L, int arg);
// Raises unless a component of `what` holding `size` entries may take `more` (kMaxEntries).
void check_room(lua_State* L, std::size_t size, std::size_t more, const char* what);

// --- Conversions shared by the l_<kind>.cpp files. Each raises Lua's usual
// "bad argument #n to 'f' (...)" error for a value of the wrong type.

bool check_bool(lua_State* L, int arg);                                     // true or false only
bool opt_bool(lua_State* L, int arg, bool fallback);                        // nil/none: fallback
int opt_int(lua_State* L, int arg, int fallback);                           // nil/none: fallback
std::string_view opt_string(lua_State* L, int arg, std::string_view fallback);  // nil/none: fallback
// The length n of the array at `arg`; raises unless it is a table with keys exactly 1..n.
lua_Integer check_array(lua_State* L, int arg);
// An array {v1, ..., vn} (keys exactly 1..n; {} is empty) of strings / of integers.
std::vector<std::string> check_strings(lua_State* L, int arg);
std::vector<int> check_ints(lua_State* L, int arg);
// A seat of the running call's table (0..players-1), or -1 too when `or_nobody`; raises
// "seat 7 is not a seat of this table (2 players)" otherwise. For bindings that write an
// owner into a component that does not know the number of seats itself.
int check_seat(lua_State* L, int arg, bool or_nobody);
void check_seat_value(lua_State* L, int seat, bool or_nobody);  // the same for a value at hand
// Raises unless every key of the table at `arg` is one of `known`:
// "bad argument #3 to 'set_cell' (unknown field 'tpye' of a cell; known: type, piece, owner)".
void check_fields(lua_State* L, int arg, std::initializer_list<std::string_view> known, const char* what);

// Field `key` of the table at `arg`: nil leaves `value` as it is; a value of another type
// raises "bad argument #3 to 'set_cell' (field 'owner' must be an integer, got a string)".
void read_field(lua_State* L, int arg, const char* key, std::string& value);
void read_field(lua_State* L, int arg, const char* key, int& value);

// Push a sequence 1..n holding the values as they are (0-based indices stay 0-based).
void push_ints(lua_State* L, std::span<const int> values);
void push_strings(lua_State* L, std::span<const std::string> values);
// t[key] = value for the table on top of the stack.
void set_int_field(lua_State* L, const char* key, lua_Integer value);
void set_string_field(lua_State* L, const char* key, std::string_view value);
void set_bool_field(lua_State* L, const char* key, bool value);

// --- Lua functions used as C++ predicates (SquareGrid::CellTest, GraphBoard::SpaceTest).
// True when `arg` holds a function, false for nil or none; raises for anything else.
bool opt_function(lua_State* L, int arg, const char* what);
// Calls the function at stack index `function` with the `nargs` values on top of the stack
// (which it pops) and returns its result, which must be a boolean ("<what> must return
// true or false, got a number"). It runs inside the running call, so the instruction
// budget and memory cap go on counting, and its errors unwind through the C++ query that
// called it up to the script (a query holds no state that needs undoing). While it runs the
// call is read-only ("<what> may not change the state"): a query's component must not
// change under it. Handles stay valid.
bool call_predicate(lua_State* L, int function, int nargs, const char* what);

}  // namespace tessera::lua
