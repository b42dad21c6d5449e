#pragma once
// The library functions written in C whose work does not show in the instruction count:
// each is wrapped so that it charges its work to the call's budget before it runs
// (LuaState::charge), and so that no single call can run unbounded:
//
//   string.rep, upper, lower, reverse, byte, sub   the length of what they make or read
//   string.find, match, gmatch, gsub               the subject, or for a pattern with k
//                                                  repetition items the bound n^(k+1) of its
//                                                  backtracking / 8, refused past 10^8 steps
//   table.concat, unpack, move, insert, remove     the elements they walk or shift
//   utf8.len, codepoint, offset; tonumber          the length of the text they scan
//
// A charge is one unit per element or per 8 bytes (a Lua instruction is one unit).
#include "lua_state.hpp"

namespace tessera::lua {

// Wraps those functions in the library tables at the given stack indices, and tonumber in
// the environment at `env`.
void bound_library_costs(lua_State* L, int env, int strings, int tables, int utf8);

}  // namespace tessera::lua
