#pragma once
// The counter keys the plugin reads on every decision, made once: a CounterKey finds its
// slot with one comparison instead of hashing its name (data/catan_inca/schema.yaml).
#include "tessera/counters.hpp"

namespace catan_inca::key {

using tessera::CounterKey;

// "progress" counters.
inline const CounterKey route_holder{"route_holder"}, might_holder{"might_holder"}, winner{"winner"},
    deck2_in{"deck2_in"}, rounds{"rounds"}, last_roll{"last_roll"};
// Each seat's "tribe" counters.
inline const CounterKey markers{"markers"}, tribe{"tribe"}, route{"route"};

}  // namespace catan_inca::key
