#pragma once
// What simulate and compare report of a batch of games (game_batch.hpp): per seat and
// overall win rates with 95 % intervals, the first player's advantage, ties, game length,
// scores, margins and the score by category. The first player is the seat that made each
// game's first move (GameRecord::first_player).
#include <nlohmann/json.hpp>
#include <iosfwd>
#include <string>
#include <vector>

#include "game_batch.hpp"
#include "statistics.hpp"

namespace tessera::host {

struct SeatStatistics {
  double win_rate = 0;  // a shared win counts 1/k
  Interval win_rate_95;
  Distribution score, margin;
  std::vector<std::pair<std::string, double>> category_means;  // in the game's order
};

struct BatchStatistics {
  std::size_t games = 0;
  int players = 0;
  Distribution length;
  double tie_rate = 0;  // games won by more than one seat
  Interval tie_rate_95;
  double fair_share = 0;              // 1 / players
  double first_player_win_rate = 0;   // of the seat that moved first in each game
  double first_player_advantage = 0;  // first_player_win_rate - fair share
  Interval first_player_advantage_95;
  std::vector<SeatStatistics> seats;
};
BatchStatistics batch_statistics(const std::vector<GameRecord>& records, int players);

nlohmann::json to_json(const Interval& i);
nlohmann::json to_json(const Distribution& d);
nlohmann::json to_json(const BatchStatistics& s);

// What the brackets of print_statistics are, said once above them.
inline constexpr const char* kIntervalNote =
    "[low, high]: 95 % intervals, Wilson score for rates, mean +- 1.96 sd / sqrt(games) for means";

// Readable lines, each starting with `indent`; `seats` names the bot of each seat.
void print_statistics(std::ostream& out, const BatchStatistics& s, const std::vector<std::string>& seats,
                      const std::string& indent);

}  // namespace tessera::host
