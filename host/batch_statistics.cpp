#include "batch_statistics.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <ostream>

namespace tessera::host {
namespace {

using Column = std::function<double(const GameRecord&)>;

std::vector<double> column(const std::vector<GameRecord>& records, const Column& value) {
  std::vector<double> values;
  values.reserve(records.size());
  for (const GameRecord& r : records) values.push_back(value(r));
  return values;
}

double at(const std::vector<double>& values, std::size_t seat) { return seat < values.size() ? values[seat] : 0; }
double at(const std::vector<int>& values, std::size_t seat) { return seat < values.size() ? values[seat] : 0; }

// The category names a seat's scores use, in order of first appearance.
std::vector<std::string> category_names(const std::vector<GameRecord>& records, std::size_t seat) {
  std::vector<std::string> names;
  for (const GameRecord& r : records)
    if (seat < r.categories.size())
      for (const auto& entry : r.categories[seat])
        if (std::find(names.begin(), names.end(), entry.first) == names.end()) names.push_back(entry.first);
  return names;
}

bool tied(const GameRecord& r) { return r.winners.size() > 1; }

std::string format(const char* pattern, double a, double b = 0, double c = 0) {
  char text[160];
  std::snprintf(text, sizeof text, pattern, a, b, c);
  return text;
}

}  // namespace

BatchStatistics batch_statistics(const std::vector<GameRecord>& records, int players) {
  BatchStatistics s;
  s.games = records.size();
  s.players = players;
  const double n = static_cast<double>(records.size());
  s.length = describe(column(records, [](const GameRecord& r) { return static_cast<double>(r.length); }));
  const double ties = static_cast<double>(std::count_if(records.begin(), records.end(), tied));
  s.tie_rate = n > 0 ? ties / n : 0;
  s.tie_rate_95 = wilson(ties, n);
  s.fair_share = 1.0 / players;
  for (int seat = 0; seat < players; ++seat) {
    const auto i = static_cast<std::size_t>(seat);
    SeatStatistics t;
    const std::vector<double> wins = column(records, [i](const GameRecord& r) { return at(r.result, i); });
    double won = 0;
    for (double w : wins) won += w;
    t.win_rate = n > 0 ? won / n : 0;
    t.win_rate_95 = wilson(won, n);
    t.score = describe(column(records, [i](const GameRecord& r) { return at(r.scores, i); }));
    t.margin = describe(column(records, [i](const GameRecord& r) { return at(r.margin, i); }));
    for (const std::string& name : category_names(records, i))
      t.category_means.emplace_back(
          name, describe(column(records, [&](const GameRecord& r) { return category_of(r, i, name); })).mean);
    s.seats.push_back(std::move(t));
  }
  // The first player is the seat that moved first in each game, not seat 0.
  const std::vector<double> first_wins =
      column(records, [](const GameRecord& r) { return at(r.result, static_cast<std::size_t>(r.first_player)); });
  double first_won = 0;
  for (double w : first_wins) first_won += w;
  s.first_player_win_rate = n > 0 ? first_won / n : 0;
  const Interval first_95 = wilson(first_won, n);
  s.first_player_advantage = s.first_player_win_rate - s.fair_share;
  s.first_player_advantage_95 = {first_95.low - s.fair_share, first_95.high - s.fair_share};
  return s;
}

nlohmann::json to_json(const Interval& i) { return nlohmann::json::array({i.low, i.high}); }

nlohmann::json to_json(const Distribution& d) {
  return {{"mean", d.mean}, {"mean_95", to_json(d.mean_95)}, {"stdev", d.stdev}, {"min", d.min},
          {"q1", d.q1},     {"median", d.median},             {"q3", d.q3},       {"max", d.max}};
}

nlohmann::json to_json(const BatchStatistics& s) {
  nlohmann::json seats = nlohmann::json::array();
  for (const SeatStatistics& t : s.seats) {
    nlohmann::json categories = nlohmann::json::object();
    for (const auto& [name, mean] : t.category_means) categories[name] = mean;
    seats.push_back({{"win_rate", t.win_rate},
                     {"win_rate_95", to_json(t.win_rate_95)},
                     {"score", to_json(t.score)},
                     {"margin", to_json(t.margin)},
                     {"category_means", categories}});
  }
  return {{"games", s.games},
          {"length", to_json(s.length)},
          {"tie_rate", s.tie_rate},
          {"tie_rate_95", to_json(s.tie_rate_95)},
          {"fair_share", s.fair_share},
          {"first_player_win_rate", s.first_player_win_rate},
          {"first_player_advantage", s.first_player_advantage},
          {"first_player_advantage_95", to_json(s.first_player_advantage_95)},
          {"seats", seats}};
}

void print_statistics(std::ostream& out, const BatchStatistics& s, const std::vector<std::string>& seats,
                      const std::string& indent) {
  char line[512];
  const Distribution& l = s.length;
  std::snprintf(line, sizeof line,
                "%slength: mean %.1f [%.1f, %.1f], median %.1f, quartiles %.1f-%.1f, range %.0f-%.0f, sd %.1f actions\n",
                indent.c_str(), l.mean, l.mean_95.low, l.mean_95.high, l.median, l.q1, l.q3, l.min, l.max, l.stdev);
  out << line;
  std::snprintf(line, sizeof line, "%sties: %.1f%% [%.1f, %.1f] of the games\n", indent.c_str(), 100 * s.tie_rate,
                100 * s.tie_rate_95.low, 100 * s.tie_rate_95.high);
  out << line;
  if (!s.seats.empty()) {
    std::snprintf(line, sizeof line,
                  "%sfirst player (the seat that moved first): wins %.1f%% [%.1f, %.1f] against a fair %.1f%%: "
                  "advantage %+.1f points [%+.1f, %+.1f]\n",
                  indent.c_str(), 100 * s.first_player_win_rate, 100 * (s.first_player_advantage_95.low + s.fair_share),
                  100 * (s.first_player_advantage_95.high + s.fair_share), 100 * s.fair_share,
                  100 * s.first_player_advantage, 100 * s.first_player_advantage_95.low,
                  100 * s.first_player_advantage_95.high);
    out << line;
  }
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const SeatStatistics& t = s.seats[i];
    std::snprintf(line, sizeof line,
                  "%sseat %zu (%s): win rate %5.1f%% [%.1f, %.1f], score %.2f [%.2f, %.2f] (median %.1f, sd %.2f), "
                  "margin %+.2f\n",
                  indent.c_str(), i, i < seats.size() ? seats[i].c_str() : "?", 100 * t.win_rate,
                  100 * t.win_rate_95.low, 100 * t.win_rate_95.high, t.score.mean, t.score.mean_95.low,
                  t.score.mean_95.high, t.score.median, t.score.stdev, t.margin.mean);
    out << line;
    if (t.category_means.empty()) continue;
    out << indent << "  by category:";
    for (std::size_t c = 0; c < t.category_means.size(); ++c)
      out << (c ? ", " : " ") << t.category_means[c].first << format(" %.2f", t.category_means[c].second);
    out << "\n";
  }
}

}  // namespace tessera::host
