#include "compare_rows.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "tessera/error.hpp"

namespace tessera::host {
namespace {

double at(const std::vector<double>& values, std::size_t i) { return i < values.size() ? values[i] : 0; }

double mean_over_seats(const GameRecord& r, const std::function<double(std::size_t)>& value) {
  if (r.scores.empty()) return 0;
  double sum = 0;
  for (std::size_t s = 0; s < r.scores.size(); ++s) sum += value(s);
  return sum / static_cast<double>(r.scores.size());
}

std::string ordinal(int k) {
  const char* suffix = k % 10 == 1 && k % 100 != 11 ? "st" : k % 10 == 2 && k % 100 != 12 ? "nd" : k % 10 == 3 && k % 100 != 13 ? "rd" : "th";
  return std::to_string(k) + suffix;
}

void game_rows(std::vector<RowDefinition>& rows, int players) {
  auto sorted_scores = [](const GameRecord& r) {
    std::vector<int> s = r.scores;
    std::sort(s.rbegin(), s.rend());
    return s;
  };
  rows.push_back({"winner_margin", "winner's margin (best - second score)", RowGroup::Game, false, false,
                  [sorted_scores](const GameRecord& r) {
                    const std::vector<int> s = sorted_scores(r);
                    return s.size() < 2 ? 0.0 : static_cast<double>(s[0] - s[1]);
                  }});
  // With two players these two are the winner's margin again.
  if (players > 2) {
  rows.push_back({"mean_abs_margin", "mean |margin| between two seats", RowGroup::Game, false, false, [](const GameRecord& r) {
                    double sum = 0, pairs = 0;
                    for (std::size_t i = 0; i < r.scores.size(); ++i)
                      for (std::size_t j = i + 1; j < r.scores.size(); ++j, ++pairs)
                        sum += std::abs(r.scores[i] - r.scores[j]);
                    return pairs > 0 ? sum / pairs : 0.0;
                  }});
  rows.push_back({"score_spread", "score spread (best - worst)", RowGroup::Game, false, false, [sorted_scores](const GameRecord& r) {
                    const std::vector<int> s = sorted_scores(r);
                    return s.empty() ? 0.0 : static_cast<double>(s.front() - s.back());
                  }});
  }
  rows.push_back({"mean_score", "mean score of a seat", RowGroup::Game, false, false, [](const GameRecord& r) {
                    return mean_over_seats(r, [&](std::size_t s) { return static_cast<double>(r.scores[s]); });
                  }});
  rows.push_back({"length", "game length (actions)", RowGroup::Game, false, false,
                  [](const GameRecord& r) { return static_cast<double>(r.length); }});
  rows.push_back({"tie_rate", "shared wins", RowGroup::Game, true, true,
                  [](const GameRecord& r) { return r.winners.size() > 1 ? 1.0 : 0.0; }});
  const double fair = 1.0 / players;
  rows.push_back({"first_player_advantage", "first player's advantage (win rate - fair share)", RowGroup::Game, true, false,
                  [fair](const GameRecord& r) { return at(r.result, static_cast<std::size_t>(r.first_player)) - fair; }});
  for (int k = 1; k <= players; ++k)
    rows.push_back({"order_" + std::to_string(k) + "_win_rate", ordinal(k) + " player's win rate", RowGroup::SeatOrder, true, true,
                    [k, players](const GameRecord& r) {
                      return at(r.result, static_cast<std::size_t>((r.first_player + k - 1) % players));
                    }});
}

// The rows of the outcome's categories as the game declares them (score_declaration.hpp), each
// kind in its declared order: the points, then what a score holds beyond them (a variant's
// own points), then the tie-breakers and the other counts apart. Only the categories these
// games have get a row. A game the declaration does not describe is refused: a category it
// lacks, or, in a base arm without variants, points that do not add up to the score.
void category_rows(std::vector<RowDefinition>& rows, const std::vector<Arm>& arms, const ScoreDeclaration& score) {
  std::set<std::string> present;
  for (const Arm& arm : arms)
    for (const GameRecord& r : arm.records) {
      Outcome outcome;
      outcome.scores = r.scores;
      outcome.categories = r.categories;
      if (const auto mismatch = score_mismatch(score, outcome, /*check_sums=*/arm.variants.empty()))
        throw Error(*mismatch + " (seed " + std::to_string(r.seed) + "; `tessera conformance` checks the declaration)");
      for (const auto& seat : r.categories)
        for (const auto& entry : seat) present.insert(entry.first);
    }
  auto add = [&](const std::vector<std::string>& names, const char* id_prefix, RowGroup group) {
    for (const std::string& name : names)
      if (present.count(name))
        rows.push_back({id_prefix + name, name, group, false, false, [name](const GameRecord& r) {
                          return mean_over_seats(r, [&](std::size_t s) { return static_cast<double>(category_of(r, s, name)); });
                        }});
  };
  add(score.points, "category:", RowGroup::Category);
  const std::vector<std::string> point_names = score.points;
  auto other = [point_names](const GameRecord& r) {
    return mean_over_seats(r, [&](std::size_t s) {
      double rest = r.scores[s];
      for (const std::string& name : point_names) rest -= category_of(r, s, name);
      return rest;
    });
  };
  // Shown only when some game has points outside the categories (a variant's own, mostly).
  const bool any_other = std::any_of(arms.begin(), arms.end(), [&](const Arm& arm) {
    return std::any_of(arm.records.begin(), arm.records.end(), [&](const GameRecord& r) { return other(r) != 0; });
  });
  if (any_other && !present.empty())
    rows.push_back({"category:other", "other points (not in the game's categories: a variant's own)", RowGroup::Category,
                    false, false, other});
  add(score.tie_breakers, "tie_breaker:", RowGroup::TieBreaker);
  add(score.counts, "count:", RowGroup::Count);
}

void bot_rows(std::vector<RowDefinition>& rows, const std::vector<std::string>& seats) {
  std::vector<std::string> bots;
  for (const std::string& s : seats)
    if (std::find(bots.begin(), bots.end(), s) == bots.end()) bots.push_back(s);
  if (bots.size() < 2) return;
  for (const std::string& bot : bots)
    rows.push_back({"bot:" + bot, bot + "'s win rate (per seat it holds)", RowGroup::Bot, true, true, [bot, seats](const GameRecord& r) {
                      const std::vector<std::string> seated = seated_bots(seats, r.seating);
                      double sum = 0, count = 0;
                      for (std::size_t s = 0; s < seated.size(); ++s)
                        if (seated[s] == bot) sum += at(r.result, s), ++count;
                      return count > 0 ? sum / count : 0.0;
                    }});
}

std::vector<double> column(const std::vector<GameRecord>& records, const RowDefinition& row) {
  std::vector<double> values;
  values.reserve(records.size());
  for (const GameRecord& r : records) values.push_back(row.value(r));
  return values;
}

}  // namespace

const char* group_title(RowGroup group) {
  switch (group) {
    case RowGroup::Game: return "the game";
    case RowGroup::SeatOrder: return "seat order, counted from the first player (the seat that moved first)";
    case RowGroup::Category: return "score by category, mean per seat (adds up to the mean score)";
    case RowGroup::TieBreaker: return "tie-breakers, in their order of use (not points), mean per seat";
    case RowGroup::Count: return "other counts (not points), mean per seat";
    case RowGroup::Bot: return "bots";
  }
  return "";
}

std::vector<RowDefinition> compare_rows(const std::vector<Arm>& arms, int players, const std::vector<std::string>& seats,
                                        const ScoreDeclaration& score) {
  std::vector<RowDefinition> rows;
  game_rows(rows, players);
  category_rows(rows, arms, score);
  bot_rows(rows, seats);
  return rows;
}

CompareTable compare_table(const std::vector<Arm>& arms, const std::vector<RowDefinition>& rows,
                           const Significance& significance) {
  CompareTable table;
  table.significance = significance;
  for (const RowDefinition& row : rows) {
    RowResult result{row, {}, {}};
    std::vector<std::vector<double>> columns;
    for (const Arm& arm : arms) {
      columns.push_back(column(arm.records, row));
      result.arms.push_back(describe(columns.back()));
      if (row.share) {
        Interval& i = result.arms.back().mean_95;
        i = {std::max(0.0, i.low), std::min(1.0, i.high)};
      }
    }
    for (std::size_t a = 1; a < arms.size(); ++a) {
      const Difference d = paired_difference(columns[0], columns[a], significance.level);
      result.variants.push_back({d, d.significant && !d.identical});
    }
    table.rows.push_back(std::move(result));
  }
  for (std::size_t v = 0; v + 1 < arms.size(); ++v) {
    std::vector<std::size_t> compared;
    std::vector<double> p_values;
    for (std::size_t r = 0; r < table.rows.size(); ++r)
      if (!table.rows[r].variants[v].difference.identical) {
        compared.push_back(r);
        p_values.push_back(table.rows[r].variants[v].difference.p_value);
      }
    table.compared.push_back(compared.size());
    if (!significance.holm) continue;
    const std::vector<bool> rejected = holm_significant(p_values, 1 - significance.level);
    for (std::size_t i = 0; i < compared.size(); ++i) table.rows[compared[i]].variants[v].significant = rejected[i];
  }
  return table;
}

CompareTable judge_games(const std::vector<Arm>& arms, int players, const std::vector<std::string>& seats,
                         const ScoreDeclaration& score, const StoppingRule* rule) {
  const std::vector<RowDefinition> rows = compare_rows(arms, players, seats, score);
  if (!rule) return compare_table(arms, rows, Significance{});
  return compare_table(arms, rows, Significance{rule->level(rows.size() * (arms.size() - 1)), false});
}

std::string value_text(double value, bool rate) {
  char text[64];
  std::snprintf(text, sizeof text, rate ? "%.1f %%" : "%.2f", rate ? 100 * value : value);
  return text;
}

std::string difference_text(double value, bool rate) {
  char text[64];
  std::snprintf(text, sizeof text, rate ? "%+.1f points" : "%+.2f", rate ? 100 * value : value);
  return text;
}

std::string p_text(double p) {
  if (p < 0.001) return "< 0.001";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", p);
  return text;
}

}  // namespace tessera::host
