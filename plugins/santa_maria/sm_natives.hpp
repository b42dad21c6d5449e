#pragma once
// The natives Santa Maria offers its Lua effects (ctx:call): the payment rules and scholar
// ownership that the C++ moves use too, so that each rule is written once.
//   ctx:call("has_scholar", seat, scholar_id)  -> bool   (query; an unknown id raises)
//   ctx:call("can_pay", seat, {wood = 1, ...})  -> bool   (query)
//   ctx:call("pay", seat, {wood = 1, ...})               (raises when the seat cannot pay)
#include "tessera/script_runtime.hpp"

namespace santa_maria {

void register_economy_natives(tessera::ScriptRuntime& scripts);

}  // namespace santa_maria
