#pragma once
// The full state a scenario describes (sdk/docs/scenarios.md): the set-up state of a new
// game of its setup, with its components merged in by name, its next cards put on top of
// their piles, its next rolls fixed and its turn entered. Session::from_scenario loads it
// through the same whole-state door as set and patch.
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "scenario_source.hpp"
#include "tessera/game.hpp"

namespace tessera::host {

struct ScenarioState {
  nlohmann::json state;
  // Each component value the scenario wrote: (pointer into the state, pointer into the
  // scenario), so that a value the game does not keep is blamed on the line that wrote it.
  std::vector<std::pair<std::string, std::string>> written;
};

// Throws DataError naming the scenario's place (file:line:col) for an unknown component,
// seat, card, pile or step, or a value of the wrong shape. `game` is a new game of
// source.setup().
ScenarioState scenario_state(const Game& game, const ScenarioSource& source);

// Whether a key names a seat in a component's JSON: its number there, its name in a scenario.
bool is_seat_key(const std::string& key);

// How arrays are addressed by name: an array of objects that each have a string "id" (or
// each a "name") is keyed by it; "" for any other array.
std::string array_key(const nlohmann::json& array);

// The names of the positions of a component's per-item lists: a supply's resource ids
// (its holdings hold a count per resource, in that order); empty for other components.
std::vector<std::string> position_names(const nlohmann::json& component);

}  // namespace tessera::host
