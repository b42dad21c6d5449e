#pragma once
// The replay check of `tessera validate --play`: random games played one after another on
// one game's runtime (as `simulate` plays a batch), each replayed move by move on a game
// made afresh. A difference means the game's scripts depend on something besides the seed
// and the moves (what a call kept, an order or address Lua leaves to chance), so its logs
// would not replay and `simulate --jobs` counts would disagree.
#include <string>
#include <vector>

#include "tessera/plugin_registry.hpp"

namespace tessera::host {

// Plays `games` games of `config` (seeds config.seed, +1, ...) and returns one problem per
// game that fails to end, refuses a legal move, or replays differently.
std::vector<std::string> check_replays(const PluginRegistry& registry, const std::string& game,
                                       const GameConfig& config, int games);

}  // namespace tessera::host
