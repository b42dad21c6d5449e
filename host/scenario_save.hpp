#pragma once
// `tessera scenario save`: a game's current position as a scenario (sdk/docs/scenarios.md)
// that reads as a diff from its set-up — only the components and fields that differ, lists
// of named items by name, per-seat lists by seat name, seats by name — and that loads back
// (Session::from_scenario) to exactly the same state, its generator and fixed rolls included.
#include <nlohmann/json.hpp>

#include "session.hpp"
#include "tessera/plugin_registry.hpp"

namespace tessera::host {

// The scenario document (its JSON form; tessera::to_yaml writes it as a file).
nlohmann::json scenario_of(const PluginRegistry& registry, const Session& session);

}  // namespace tessera::host
