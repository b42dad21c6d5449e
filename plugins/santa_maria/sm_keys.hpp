#pragma once
// The counter keys the plugin reads on every decision, made once: a CounterKey finds its
// slot with one comparison instead of hashing its name (data/santa_maria/schema.yaml).
#include <array>

#include "sm_rules.hpp"
#include "tessera/counters.hpp"

namespace santa_maria::key {

using tessera::CounterKey;

// "player" counters of each seat.
inline const CounterKey coins{"coins"}, coin_acts{"coin_acts"}, white_taken{"white_taken"},
    blue_taken{"blue_taken"}, blue_unlocked{"blue_unlocked"}, capital_scholar{"capital_scholar"},
    retreated{"retreated"}, retreat_pos{"retreat_pos"};
inline const std::array<CounterKey, kGoods> goods{CounterKey{"wood"}, CounterKey{"grain"}, CounterKey{"sugar"},
                                                  CounterKey{"gem"}, CounterKey{"gold"}};  // by Good
// "progress" counters.
inline const CounterKey year{"year"}, start{"start"};

}  // namespace santa_maria::key
