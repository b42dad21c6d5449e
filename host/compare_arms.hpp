#pragma once
// The arms of `tessera compare`: the base game and each variant, played on the same seeds
// and seatings (game_batch.hpp), and their games for tools (CSV) and plots (compare_plots.hpp).
#include <iosfwd>
#include <string>
#include <vector>

#include "game_batch.hpp"

namespace tessera::host {

struct Arm {
  std::string name;  // "base" or the --variant text
  std::vector<std::string> variants;
  std::vector<GameRecord> records;
};

// One row per game and arm: arm, variants, game, seed, seating (the bots' rotation),
// first_player (the seat that moved first), length, winners, then score, margin and each
// score category per seat.
void write_csv(std::ostream& out, const std::vector<Arm>& arms, int players);

}  // namespace tessera::host
