#pragma once
// The rows of `tessera compare`: numbers of each game that a house rule may change (the
// winner's margin, the margins between seats, the score spread, the length, each seat
// order's win rate, the first player's advantage, the score by category and each bot's win
// rate), each arm's mean with its interval and each variant's paired difference to the
// base with its significance corrected for the number of rows compared.
#include <functional>
#include <string>
#include <vector>

#include "compare_arms.hpp"
#include "score_declaration.hpp"
#include "statistics.hpp"
#include "stopping_rule.hpp"

namespace tessera::host {

enum class RowGroup {
  Game,         // the game as a whole
  SeatOrder,    // the seats counted from the first player
  Category,     // the score by category; these rows add up to the mean score
  TieBreaker,   // declared tie-breakers, not points, in their order of use
  Count,        // other declared numbers of the outcome that are not points
  Bot,          // each bot's win rate, when the seats hold different bots
};
const char* group_title(RowGroup group);

struct RowDefinition {
  std::string id;     // for --decide and JSON: "winner_margin", "category:renown", ...
  std::string label;  // for people: "winner's margin", "renown (points)", ...
  RowGroup group = RowGroup::Game;
  bool rate = false;  // a share of games, shown in percentage points
  bool share = false; // each game's value is from 0 to 1 (an arm's interval is kept within)
  std::function<double(const GameRecord&)> value;
};

// The rows of these arms' games. The outcome's categories are as `score` declares them: its
// points are the score by category, what a score holds beyond them (a variant's own points)
// is the row "other points", and its tie-breakers and counts are shown apart. Throws Error
// for a category the declaration lacks.
std::vector<RowDefinition> compare_rows(const std::vector<Arm>& arms, int players, const std::vector<std::string>& seats,
                                        const ScoreDeclaration& score);

// How a table's differences are judged significant.
struct Significance {
  double level = 0.95;  // of every interval
  bool holm = true;     // Holm's correction over the rows compared (else: the interval excludes 0)
};

struct RowVersusBase {
  Difference difference;  // paired: variant - base, game by game
  bool significant = false;
};

struct RowResult {
  RowDefinition definition;
  std::vector<Distribution> arms;        // each arm's games, base first
  std::vector<RowVersusBase> variants;   // arms 1.. against the base
};

struct CompareTable {
  std::vector<RowResult> rows;
  Significance significance;
  std::vector<std::size_t> compared;     // per variant: the rows not identical in every pair
};

CompareTable compare_table(const std::vector<Arm>& arms, const std::vector<RowDefinition>& rows,
                           const Significance& significance);

// The table of a look at these games, as compare makes it: every row of compare_rows; with
// no rule (a fixed number of games) 95 % intervals and Holm's correction, with a stopping
// rule each interval at the rule's level for all the rows of all the variants.
CompareTable judge_games(const std::vector<Arm>& arms, int players, const std::vector<std::string>& seats,
                         const ScoreDeclaration& score, const StoppingRule* rule);

// "2.50" or, for rates, "12.3 %"; differences with their sign ("+2.50", "+1.2 points").
std::string value_text(double value, bool rate);
std::string difference_text(double value, bool rate);
std::string p_text(double p);

}  // namespace tessera::host
