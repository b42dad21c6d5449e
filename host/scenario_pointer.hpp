#pragma once
// A `state` check's JSON pointer with names where the state numbers (sdk/docs/scenarios.md):
// /seats/blue/tribe/values/markers, /global/board/corners/2,-1,W/piece,
// /global/cards/holdings/red/ore — the same names a scenario writes its position in.
#include <nlohmann/json.hpp>
#include <string>

#include "tessera/game.hpp"

namespace tessera::host {

// The pointer into `state` that `pointer` names, each token that is not an index of the
// list it meets read as a name: an item's id (or name), a seat's name in a list with a
// value per seat, a resource's name in a supply's per-resource list. Throws DataError
// naming the first token that names nothing there.
nlohmann::json::json_pointer named_pointer(const Game& game, const nlohmann::json& state, const std::string& pointer);

}  // namespace tessera::host
