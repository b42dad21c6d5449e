// The stopping rule of `tessera compare --until-decided`, checked by simulation: over many
// comparisons of the tutorial with itself, it finds a "significant" difference in at most
// 5 % of them, while looking at plain 95 % intervals after every batch would in far more.
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <sstream>

#include "commands.hpp"
#include "compare_rows.hpp"
#include "support/registry.hpp"
#include "support/text_lines.hpp"
#include "support/build_paths.hpp"

using namespace tessera::host;
using tessera::testing::game_registry;
using tessera::testing::lines_of;

namespace {

std::vector<std::string> fields_of(const std::string& line, char separator = ',') {
  std::vector<std::string> fields;
  std::stringstream in(line);
  for (std::string field; std::getline(in, field, separator);) fields.push_back(field);
  return fields;
}

// Real tutorial games, played by `tessera compare --csv` (the base arm's rows), back into
// the records compare judges: scores, winners, margins, categories, length, first player.
std::vector<GameRecord> tutorial_games(int games) {
  CompareOptions options;
  options.choice = {"tutorial", 2, 1000, {}};
  options.variants = {"patronage"};
  options.games = games;
  options.jobs = 2;
  options.csv_path = "-";
  std::ostringstream out, err;
  REQUIRE(run_compare(game_registry(), options, out, err) == 0);
  const std::vector<std::string> lines = lines_of(out.str());
  REQUIRE(fields_of(lines[0]).size() == 18);  // ... score_0,margin_0,score_1,margin_1, 3 categories a seat
  std::vector<GameRecord> records;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::vector<std::string> f = fields_of(lines[i]);
    if (f[0] != "base") continue;
    GameRecord r;
    r.seed = std::stoull(f[3]);
    r.first_player = std::stoi(f[5]);
    r.length = std::stoull(f[6]);
    for (const std::string& w : fields_of(f[7], ' ')) r.winners.push_back(std::stoi(w));
    r.result.assign(2, 0);
    for (int w : r.winners) r.result[static_cast<std::size_t>(w)] = 1.0 / static_cast<double>(r.winners.size());
    for (std::size_t s = 0; s < 2; ++s) {
      r.scores.push_back(std::stoi(f[8 + 2 * s]));
      r.margin.push_back(std::stod(f[9 + 2 * s]));
      r.categories.push_back({{"renown", std::stoi(f[12 + 3 * s])},
                              {"spice", std::stoi(f[13 + 3 * s])},
                              {"coins", std::stoi(f[14 + 3 * s])}});
    }
    records.push_back(std::move(r));
  }
  return records;
}

// How many of `comparisons` null comparisons ever show a significant row at any look, with
// `rule` (nullptr: plain 95 % intervals at every look). Each arm's games are drawn at
// random from the same real games, so no row truly differs.
int false_alarms(const std::vector<GameRecord>& pool, int comparisons, const StoppingRule& plan,
                 const StoppingRule* rule) {
  const std::vector<std::string> seats{"random", "random"};
  const ScoreDeclaration score = read_score_declaration(std::filesystem::path(tessera::testing::kSourceDir) / "data/tutorial", "tutorial");
  std::mt19937_64 random(12345);
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  int alarms = 0;
  for (int c = 0; c < comparisons; ++c) {
    std::vector<Arm> arms{{"base", {}, {}}, {"null", {}, {}}};
    bool alarm = false;
    for (int look = 0; look < plan.looks() && !alarm; ++look) {
      for (Arm& arm : arms)
        for (int g = 0; g < plan.batch; ++g) arm.records.push_back(pool[pick(random)]);
      const CompareTable table = rule ? judge_games(arms, 2, seats, score, rule)
                                      : compare_table(arms, compare_rows(arms, 2, seats, score), Significance{0.95, false});
      for (const RowResult& row : table.rows) alarm = alarm || row.variants[0].significant;
    }
    alarms += alarm ? 1 : 0;
  }
  return alarms;
}

}  // namespace

TEST_CASE("The stopping rule's levels follow from the looks and rows planned", "[host]") {
  const StoppingRule rule{100, 1000, 0, 0.05};
  CHECK(rule.looks() == 10);
  CHECK(StoppingRule{100, 1050, 0, 0.05}.looks() == 11);  // a last, smaller batch is a look too
  CHECK(rule.level(5) == Approx(1 - 0.05 / 50));
  Difference narrow;
  narrow.interval = {-0.2, 0.3};
  narrow.identical = false;
  CHECK_FALSE(rule.decided(narrow));
  CHECK(StoppingRule{100, 1000, 1, 0.05}.decided(narrow));  // narrower than the width 1
  Difference changed = narrow;
  changed.interval = {0.1, 0.6};
  CHECK(rule.decided(changed));
}

TEST_CASE("The stopping rule of --until-decided keeps false alarms at 5 % or less over 300 null comparisons", "[host]") {
  const std::vector<GameRecord> pool = tutorial_games(1000);
  REQUIRE(pool.size() == 1000);
  const StoppingRule plan{50, 300, 0, 0.05};  // 6 looks; with no width every null runs to the end
  const int comparisons = 300;
  const int valid = false_alarms(pool, comparisons, plan, &plan);
  const int naive = false_alarms(pool, comparisons, plan, nullptr);
  INFO("false alarms: stopping rule " << valid << ", plain 95 % intervals at every look " << naive << " of "
                                      << comparisons);
  CHECK(valid <= comparisons * 5 / 100);
  // The simulation can tell a valid rule from an invalid one: peeking at plain intervals
  // after every batch, over every row, raises far more false alarms.
  CHECK(naive > comparisons * 15 / 100);
}
