#pragma once
// The `ctx` object every effect and hook receives. One userdata per runtime: it holds
// nothing itself and reads the running call's frame, so keeping it between calls keeps
// no state.
//
//   ctx.seat                 the seat the call is for (0-based; -1 for nobody)
//   ctx.players              the number of seats
//   c = ctx:get(name [, seat])   a component handle (global when seat is nil)
//   b = ctx:has(name [, seat])   whether that component exists
//   n = ctx:roll(faces)      1..faces from the table's RNG
//   t = ctx:shuffle(t)       shuffles the array t in place with the table's RNG
//   ctx:log(text [, seat])   appends an event (for everyone, or only for `seat`)
//   r = ctx:call(name, ...)  a native function of the plugin (args and result as JSON)
//   ctx:push(step, seat [, params])  pushes a step of the flow engine (moves and steps only)
//   ctx:end_step()           ends the step the call is about (moves and steps only)
//   ctx:announce(event [, params])  announces an event the game declares (moves and steps only)
//   t = ctx:data(name)       the game's data file <name>.yaml, read-only (lua_data.hpp)
//   t = ctx:step(name)       the innermost open frame of step `name` as a step table, or nil
// In read-only calls (options(), legal_filter) roll, shuffle, log, component setters and
// natives registered with register_function raise "<call> may not change the state".
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "lua_bindings.hpp"
#include "lua_data.hpp"

namespace tessera::lua {

// A native function offered to scripts: exactly one of the two is set.
struct Native {
  ScriptRuntime::NativeFunction function;  // may change the table
  ScriptRuntime::NativeQuery query;        // reads it only: callable from read-only calls too
};
using Natives = std::map<std::string, Native, std::less<>>;

// Creates the ctx userdata and returns its registry ref. `bindings`, `natives` and `data`
// (which ctx:data reads; it may hold null) must outlive the Lua state.
int create_context(lua_State* L, const LuaBindings& bindings, const Natives& natives,
                   const std::shared_ptr<GameData>& data);

}  // namespace tessera::lua
