// `tessera compare`: seats rotated so that every arm plays every seating, the true first
// player, --until-decided and the HTML report.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <unistd.h>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.hpp"
#include "support/host_process.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"
#include "support/text_lines.hpp"

using namespace tessera::host;
using tessera::testing::game_registry;
using tessera::testing::lines_of;
using tessera::testing::ScratchGameRoot;
using tessera::testing::TempDir;
using json = nlohmann::json;

namespace {

std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  for (std::string field; std::getline(in, field, ',');) fields.push_back(field);
  return fields;
}

const json& row_of(const json& result, const std::string& id) {
  for (const json& row : result["rows"])
    if (row["id"] == id) return row;
  FAIL("no row " << id);
  throw;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// CATAN with a weak search bot (one iteration) against two greedy bots: quick and unequal.
CompareOptions catan_compare(int games) {
  CompareOptions options;
  options.choice = {"catan_inca", 3, 11, {}};
  options.variants = {"variable_numbers"};
  options.seats = {"ismcts:iterations=1", "greedy", "greedy"};
  options.games = games;
  return options;
}

}  // namespace

TEST_CASE("compare rotates unequal bots through every seat, finds the player who really moved first and no "
          "first-player advantage", "[host]") {
  TempDir dir("compare_catan");
  CompareOptions options = catan_compare(24);
  options.jobs = 2;
  options.json = true;
  options.csv_path = (dir.path / "games.csv").string();
  std::ostringstream out, err;
  REQUIRE(run_compare(game_registry(), options, out, err) == 0);
  const auto lines = lines_of(read_text(dir.path / "games.csv"));
  REQUIRE(lines.size() == 1 + 2 * 24);
  REQUIRE(fields_of(lines[0])[4] == "seating");
  REQUIRE(fields_of(lines[0])[5] == "first_player");
  std::map<std::string, std::vector<std::string>> seatings_of_seed;  // base arm
  std::set<std::string> first_players;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::vector<std::string> f = fields_of(lines[i]);
    const std::uint64_t seed = std::stoull(f[3]);
    // The start player CATAN rolled for this seed, read from the game's own turn order.
    const std::vector<std::string> variants = f[1].empty() ? std::vector<std::string>{} : std::vector<std::string>{f[1]};
    const auto game = game_registry().new_game("catan_inca", game_registry().config("catan_inca", 3, seed, variants));
    INFO(lines[i]);
    CHECK(f[5] == std::to_string(game->table().to_json()["global"]["turns"]["start"].get<int>()));
    first_players.insert(f[5]);
    if (f[0] == "base") seatings_of_seed[f[3]].push_back(f[4]);
  }
  CHECK(first_players.size() > 1);  // rolled, not always seat 0
  // 24 games: 8 seeds, each in all 3 seatings, in both arms alike (paired).
  REQUIRE(seatings_of_seed.size() == 8);
  for (const auto& [seed, seatings] : seatings_of_seed) CHECK(seatings == std::vector<std::string>{"0", "1", "2"});

  const json result = json::parse(out.str());
  CHECK(result["seatings"] == 3);
  // The bots are unequal: greedy wins far more often than the one-iteration search ...
  const json& search = row_of(result, "bot:ismcts:iterations=1")["arms"][0];
  const json& greedy = row_of(result, "bot:greedy")["arms"][0];
  CHECK(search["interval_95"][1].get<double>() < greedy["interval_95"][0].get<double>());
  // ... but each bot sits first as often as the others, so the first player's advantage
  // measures the seat, not the bot: no significant advantage in any arm.
  const json& first = row_of(result, "first_player_advantage");
  for (const json& arm : first["arms"]) {
    INFO(arm.dump());
    CHECK(arm["interval_95"][0].get<double>() < 0);
    CHECK(arm["interval_95"][1].get<double>() > 0);
  }
  CHECK(first["differences"][0]["significant"] == false);
}

TEST_CASE("compare's score by category adds up to the score, a variant's own points included", "[host]") {
  ScratchGameRoot root("tutorial", "compare_bonus");
  // A variant whose points the game's categories do not know: 5 to the second seat's bonus
  // (the total is derived from the parts: it follows).
  tessera::testing::write_file(root.scripts() / "variants/bonus.lua",
                               "-- Bonus: the second seat scores 5 more at the end.\n"
                               "hook(\"final_scoring\", function(ctx)\n"
                               "  local score = ctx:get(\"score\", 1)\n"
                               "  score:add(\"bonus\", 5)\n"
                               "  score:add(\"total\", 5)\n"
                               "end)\n");
  const auto registry = root.registry();
  CompareOptions options;
  options.choice = {"tutorial", 2, 3, {}};
  options.variants = {"bonus"};
  options.games = 20;
  options.json = true;
  std::ostringstream out, err;
  REQUIRE(run_compare(*registry, options, out, err) == 0);
  const json result = json::parse(out.str());
  for (std::size_t arm = 0; arm < 2; ++arm) {
    double categories = 0;
    for (const json& row : result["rows"])
      if (row["id"].get<std::string>().rfind("category:", 0) == 0) categories += row["arms"][arm]["mean"].get<double>();
    CHECK(categories == Approx(row_of(result, "mean_score")["arms"][arm]["mean"].get<double>()));
  }
  const json& other = row_of(result, "category:other");
  CHECK(other["arms"][0]["mean"] == 0.0);
  CHECK(other["arms"][1]["mean"].get<double>() > 0);
  CHECK(other["differences"][0]["significant"] == true);
  // The coins break ties (data/tutorial/score.yaml): shown apart, not as points.
  CHECK(row_of(result, "tie_breaker:coins")["group"] == "tie-breakers, in their order of use (not points), mean per seat");
}

TEST_CASE("compare shows the outcome's categories as the game's score.yaml declares them, and refuses a wrong one",
          "[host]") {
  ScratchGameRoot root("tutorial", "compare_declared");
  CompareOptions options;
  options.choice = {"tutorial", 2, 3, {}};
  options.variants = {"patronage"};
  options.games = 4;
  options.json = true;
  auto compare = [&](const std::string& declaration) {
    tessera::testing::write_file(root.data() / "score.yaml", declaration);
    const auto registry = root.registry();
    std::ostringstream out, err;
    REQUIRE(run_compare(*registry, options, out, err) == 0);
    const json result = json::parse(out.str());
    std::vector<std::string> ids;
    for (const json& row : result["rows"]) ids.push_back(row["id"].get<std::string>());
    return ids;
  };
  auto has_id = [](const std::vector<std::string>& ids, const std::string& id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
  };
  const auto counted = compare("points: [spice, renown]\ncounts: [coins]\n");
  CHECK(has_id(counted, "count:coins"));
  CHECK_FALSE(has_id(counted, "tie_breaker:coins"));
  // The declared order: spice before renown.
  CHECK(std::find(counted.begin(), counted.end(), "category:spice") < std::find(counted.begin(), counted.end(), "category:renown"));

  const auto registry = root.registry();
  std::ostringstream out, err;
  tessera::testing::write_file(root.data() / "score.yaml", "points: [renown, spice, coins]\n");
  CHECK_THROWS_WITH(run_compare(*registry, options, out, err),
                    Catch::Contains("'coins' (") && Catch::Contains("is declared as points but is not counted in the score"));
  tessera::testing::write_file(root.data() / "score.yaml", "points: [renown, spice]\n");
  CHECK_THROWS_WITH(run_compare(*registry, options, out, err),
                    Catch::Contains("the outcome's category 'coins' is not declared in data/tutorial/score.yaml"));
  tessera::testing::write_file(root.data() / "score.yaml", "points: [renown, spice]\ntie_breakers: coins\n");
  CHECK_THROWS_WITH(run_compare(*registry, options, out, err),
                    "data/tutorial/score.yaml:2:15: tie_breakers: expected a list of category names");
  std::ostringstream validated;
  CHECK(run_validate(*registry, "tutorial", validated) == 1);
  CHECK_THAT(validated.str(), Catch::Contains("data/tutorial/score.yaml:2:15: tie_breakers: expected a list of category names"));
}

TEST_CASE("compare --report writes one self-contained HTML page with the summary, the table and the plots", "[host]") {
  TempDir dir("compare_report");
  CompareOptions options;
  options.choice = {"tutorial", 2, 7, {}};
  options.variants = {"patronage"};
  options.games = 10;
  options.report_path = (dir.path / "report.html").string();
  std::ostringstream out, err;
  REQUIRE(run_compare(game_registry(), options, out, err) == 0);
  CHECK_THAT(out.str(), Catch::Contains("report: " + options.report_path));
  const std::string html = read_text(dir.path / "report.html");
  CHECK_THAT(html, Catch::StartsWith("<!DOCTYPE html>"));
  CHECK_THAT(html, Catch::Contains("<h2>Summary</h2>\n<p>patronage "));
  CHECK_THAT(html, Catch::Contains("<td class=\"label\">winner&#39;s margin (best - second score)</td>"));
  CHECK(std::count(html.begin(), html.end(), '\n') > 20);
  std::size_t svgs = 0;
  for (std::size_t at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1)) ++svgs;
  CHECK(svgs == 4);
  // Nothing is fetched: no script, style sheet, image or font from elsewhere.
  for (const char* outside : {"<script src", "<link", "<img", "@import", "url(http", "href=\"http"})
    CHECK_THAT(html, !Catch::Contains(outside));
  // The temporary plot folder is gone; no --plot folder was asked for.
  CHECK_FALSE(std::filesystem::exists(std::filesystem::temp_directory_path() /
                                      ("tessera-compare-" + std::to_string(::getpid()))));
}

TEST_CASE("compare's --until-decided options are refused without it, and an unwritable report before any game",
          "[host]") {
  for (const char* option : {"--width=1", "--games-max=400", "--decide=length"}) {
    const auto run = tessera::testing::run_tessera({"compare", "tutorial", "--variant", "patronage", option});
    INFO(option);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.err, Catch::Contains("requires --until-decided"));
  }
  TempDir dir("compare_report_refused");
  CompareOptions options;
  options.choice = {"tutorial", 2, 7, {}};
  options.variants = {"patronage"};
  options.games = 1000;
  options.report_path = (dir.path / "no_such_folder" / "report.html").string();
  std::ostringstream out, err;
  CHECK_THROWS_WITH(run_compare(game_registry(), options, out, err), Catch::Contains("report.html"));
  CHECK(out.str().empty());
}
