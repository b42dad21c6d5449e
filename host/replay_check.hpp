#pragma once
// The play check of `tessera validate --play [N]`: random games played one after another on
// one game's runtime (as `simulate` plays a batch), each replayed move by move on a game
// made afresh. A difference means the game's scripts depend on something besides the seed
// and the moves (what a call kept, an order or address Lua leaves to chance), so its logs
// would not replay and `simulate --jobs` counts would disagree.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tessera/plugin_registry.hpp"

namespace tessera::host {

// Plays `games` random games of `config` (seeds config.seed, +1, ...) and returns the first
// error, naming where: "3 players, seed 2, move 14 (seat 1: end): the legal move was refused:
// scripts/...: ..." — a set-up that throws (an on_setup hook's error: "set-up"), a move the
// game refuses (a hook's or effect's run-time error), a game that does not end, or one that
// replays differently. nullopt when every game ends and replays exactly. `on_game`, when
// given, is told how many games have been checked after each one.
std::optional<std::string> check_replays(const PluginRegistry& registry, const std::string& game,
                                         const GameConfig& config, int games,
                                         const std::function<void(int)>& on_game = {});

}  // namespace tessera::host
