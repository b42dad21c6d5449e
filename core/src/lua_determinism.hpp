#pragma once
// What makes a script's behaviour a function of the seed and the moves only, whatever the
// process, the thread or the games played before on the same Lua state:
//
// - pairs() and next() visit keys in a fixed order (numbers ascending, then strings by
//   their bytes, then false, true). Lua orders string keys by a hash seeded per state
//   (luai_makeseed, fixed at build time in the system's library), and table or function
//   keys by address: a traversal over those is refused, their order cannot be fixed.
// - tostring() and string.format's %s never show an address ("table", "function");
//   string.format's %p is refused.
// - table.sort is a merge sort: stable, so equal elements keep their order (Lua's own
//   quicksort picks pivots from the clock), and safe with an inconsistent comparator.
//
// Each raises Lua errors; the work they do in C is charged to the call's budget.
#include "lua_state.hpp"

namespace tessera::lua {

// Replaces pairs, next and tostring in the environment at `env`, and format / sort in the
// library tables at `strings` and `tables`.
void install_deterministic_functions(lua_State* L, int env, int strings, int tables);

// k-ordered pairs(t) of the table at index 1, whatever its metatable: what the sandbox's
// pairs does for a table without __pairs (the iterator, t, nil).
int pairs_in_key_order(lua_State* L);

// Pushes a text for the value at `index` that holds no address: its __tostring, the value
// itself for nil, booleans, numbers and strings, else its type name. Returns the text.
const char* push_value_text(lua_State* L, int index);

}  // namespace tessera::lua
