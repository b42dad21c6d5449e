// `tessera compare`, the statistics it shares with simulate, and the outcome stored in logs.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.hpp"
#include "session.hpp"
#include "statistics.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"
#include "support/text_lines.hpp"

using namespace tessera::host;
using tessera::testing::game_registry;
using tessera::testing::ScratchGameRoot;
using tessera::testing::TempDir;
using json = nlohmann::json;
using tessera::testing::lines_of;

namespace {

CompareOptions tutorial_compare(std::vector<std::string> variants, int games = 8) {
  CompareOptions options;
  options.choice = {"tutorial", 2, 7, {}};
  options.variants = std::move(variants);
  options.games = games;
  return options;
}

const json& row_of(const json& result, const std::string& id) {
  for (const json& row : result["rows"])
    if (row["id"] == id) return row;
  FAIL("no row " << id);
  throw;
}

// The scratch game's registry with the house rule `nothing`, which changes nothing.
auto with_nothing_rule(ScratchGameRoot& root) {
  tessera::testing::write_file(root.scripts() / "variants/nothing.lua",
                               "-- Nothing: a house rule that changes nothing.\n"
                               "hook(\"on_round_start\", function(ctx) end)\n");
  return root.registry();
}

json compare_json(const tessera::PluginRegistry& registry, CompareOptions options) {
  options.json = true;
  std::ostringstream out, err;
  REQUIRE(run_compare(registry, options, out, err) == 0);
  return json::parse(out.str());
}


}  // namespace

TEST_CASE("The shared statistics give the textbook values", "[host]") {
  const Interval w = wilson(5, 10);
  CHECK(w.low == Approx(0.2366).epsilon(1e-3));
  CHECK(w.high == Approx(0.7634).epsilon(1e-3));
  const Distribution d = describe({4, 1, 3, 2, 5});
  CHECK(d.mean == 3);
  CHECK(d.median == 3);
  CHECK(d.q1 == 2);
  CHECK(d.q3 == 4);
  CHECK(d.min == 1);
  CHECK(d.max == 5);
  CHECK(d.stdev == Approx(std::sqrt(2.5)));
  const Difference same = paired_difference({1, 2, 3}, {1, 2, 3});
  CHECK(same.mean == 0);
  CHECK_FALSE(same.significant);
  CHECK(same.identical);
  CHECK(same.p_value == 1);
  // Differences 1, 1, 1, 2: mean 1.25, sd 0.5, half width t(3 df, 97.5 %) 3.182 * 0.5 / 2;
  // t = 1.25 / 0.25 = 5 on 3 degrees of freedom: p = 0.0154.
  const Difference up = paired_difference({0, 0, 0, 0}, {1, 1, 1, 2});
  CHECK(up.mean == 1.25);
  CHECK(up.interval.low == Approx(1.25 - 0.7955).epsilon(1e-3));
  CHECK(up.interval.high == Approx(1.25 + 0.7955).epsilon(1e-3));
  CHECK(up.p_value == Approx(0.0154).epsilon(1e-2));
  CHECK_FALSE(up.identical);
  CHECK(up.significant);
  CHECK(t_quantile(0.95, 5) == Approx(2.776).epsilon(1e-3));
  CHECK(t_quantile(0.95, 5000) == Approx(1.960).epsilon(1e-3));
  // Holm: sorted 0.005 <= 0.05/4 and 0.01 <= 0.05/3 are rejected; 0.03 > 0.05/2 stops.
  CHECK(holm_significant({0.01, 0.04, 0.03, 0.005}) == std::vector<bool>{true, false, false, true});
  CHECK(holm_significant({0.04, 0.04}) == std::vector<bool>{false, false});  // 0.04 > 0.05 / 2
  CHECK(holm_significant({}).empty());
}

TEST_CASE("compare against a house rule that changes nothing finds no difference", "[host]") {
  ScratchGameRoot root("tutorial", "compare_noop");
  const auto registry = with_nothing_rule(root);
  const json result = compare_json(*registry, tutorial_compare({"nothing"}, 12));
  REQUIRE(result["arms"].size() == 2);
  CHECK(result["arms"][0]["name"] == "base");
  CHECK(result["arms"][1]["variants"] == json::array({"nothing"}));
  json base = result["arms"][0], variant = result["arms"][1];
  for (json* arm : {&base, &variant}) {
    arm->erase("name");
    arm->erase("variants");
  }
  CHECK(base == variant);
  REQUIRE(result["rows"].size() >= 8);
  for (const json& row : result["rows"]) {
    const json& d = row["differences"][0];
    CHECK(d["variant"] == "nothing");
    CHECK(d["mean"] == 0.0);
    CHECK(d["identical"] == true);
    CHECK(d["significant"] == false);
  }
  CHECK_THAT(result["summary"].get<std::string>(),
             Catch::StartsWith("nothing: no significant difference from the base after 12 paired games per arm"));
}

TEST_CASE("compare's base arm is the very games simulate plays with the same seed", "[host]") {
  const json compared = compare_json(game_registry(), tutorial_compare({"patronage"}));
  SimulateOptions sim;
  sim.choice = {"tutorial", 2, 7, {}};
  sim.games = 8;
  sim.json = true;
  std::ostringstream out, err;
  REQUIRE(run_simulate(game_registry(), sim, out, err) == 0);
  const json simulated = json::parse(out.str())["statistics"];
  const json& base = compared["arms"][0];
  CHECK(base["length"] == simulated["length"]);
  CHECK(base["seats"] == simulated["seats"]);
  CHECK(base["first_player_advantage"] == simulated["first_player_advantage"]);
  CHECK(base["tie_rate"] == simulated["tie_rate"]);
  // The difference is the paired one: the variant arm's mean minus the base arm's.
  const double length_gap =
      compared["arms"][1]["length"]["mean"].get<double>() - base["length"]["mean"].get<double>();
  CHECK(row_of(compared, "length")["arms"][0]["mean"] == base["length"]["mean"]);
  CHECK(row_of(compared, "length")["differences"][0]["mean"].get<double>() == Approx(length_gap));
  const double fpa_gap = compared["arms"][1]["first_player_advantage"].get<double>() -
                         base["first_player_advantage"].get<double>();
  CHECK(row_of(compared, "first_player_advantage")["differences"][0]["mean"].get<double>() == Approx(fpa_gap));
  CHECK(compared["games"] == 8);
  CHECK(compared["seats"] == json::array({"random", "random"}));
}

TEST_CASE("compare --until-decided stops early on a large effect and runs to the maximum on none", "[host]") {
  ScratchGameRoot root("tutorial", "compare_until");
  const auto registry = with_nothing_rule(root);
  CompareOptions options;
  options.choice = {"tutorial", 2, 5, {}};
  options.games = 40;
  options.games_max = 400;
  options.until_decided = true;
  options.decide = {"length"};
  options.json = true;
  auto run = [&](const std::string& variant) {
    options.variants = {variant};
    std::ostringstream out, err;
    REQUIRE(run_compare(*registry, options, out, err) == 0);
    return json::parse(out.str());
  };
  // Patronage shortens the game by about 60 of 210 actions: decided at the first look.
  const json large = run("patronage");
  CHECK(large["until_decided"]["looks"] == 1);
  CHECK(large["until_decided"]["planned_looks"] == 10);
  CHECK(large["until_decided"]["undecided"].empty());
  CHECK(large["games"] == 40);
  CHECK(row_of(large, "length")["differences"][0]["significant"] == true);
  CHECK_THAT(large["summary"].get<std::string>(),
             Catch::StartsWith("Until decided (length; decided when the interval excludes 0): every asked row was "
                               "decided after 40 paired games per arm (look 1 of 10 planned, 40 games each)."));
  // The rule is checked at 1 - 5 % / (10 looks x rows) per interval.
  const std::size_t rows = large["rows"].size();
  CHECK(large["significance"]["level"].get<double>() == Approx(1 - 0.05 / (10.0 * static_cast<double>(rows))));
  // A rule that changes nothing never decides "length" without a width: all 400 games.
  const json none = run("nothing");
  CHECK(none["until_decided"]["looks"] == 10);
  CHECK(none["games"] == 400);
  CHECK(none["until_decided"]["undecided"] == json::array({"length"}));
  CHECK_THAT(none["summary"].get<std::string>(),
             Catch::Contains("ran to the maximum of 400 games per arm with length still undecided"));
  // With a width, an interval that narrow decides too.
  options.width = 1;
  CHECK(run("nothing")["until_decided"]["looks"] == 1);  // identical in every pair: [0, 0]
}

TEST_CASE("compare --csv writes a header and one row per game and arm", "[host]") {
  CompareOptions options = tutorial_compare({"patronage", "steady_hands+patronage"}, 5);
  options.csv_path = "-";
  std::ostringstream out, err;
  REQUIRE(run_compare(game_registry(), options, out, err) == 0);
  const auto lines = lines_of(out.str());
  REQUIRE(lines.size() == 1 + 3 * 5);
  CHECK(lines[0] ==
        "arm,variants,game,seed,seating,first_player,length,winners,score_0,margin_0,score_1,margin_1,renown_0,spice_0,"
        "coins_0,renown_1,spice_1,coins_1");
  // Equal bots (all random) are not rotated: one seating per seed.
  CHECK(lines[1].rfind("base,,0,7,0,0,", 0) == 0);
  CHECK(lines[6].rfind("patronage,patronage,0,7,0,0,", 0) == 0);
  CHECK(lines[15].rfind("steady_hands+patronage,steady_hands+patronage,4,11,0,0,", 0) == 0);
  for (const std::string& line : lines) CHECK(std::count(line.begin(), line.end(), ',') == 17);
  // On two threads: the very same games, row for row.
  options.jobs = 2;
  std::ostringstream two;
  REQUIRE(run_compare(game_registry(), options, two, err) == 0);
  CHECK(two.str() == out.str());
}

TEST_CASE("compare prints the summary first, then the table of rows by group", "[host]") {
  std::ostringstream out, err;
  REQUIRE(run_compare(game_registry(), tutorial_compare({"patronage"}), out, err) == 0);
  const std::string text = out.str();
  // The summary comes first, then the table.
  CHECK_THAT(text, Catch::StartsWith("tutorial: 8 games per arm, 2 players, seats random,random\n\npatronage"));
  CHECK_THAT(text, Catch::Contains("paired games per arm (seeds 7-14)"));
  CHECK(text.find("Holm's correction") < text.find("\npatronage - base, paired game by game"));
  CHECK_THAT(text, Catch::Contains("\n  the game\n    winner's margin (best - second score) "));
  CHECK_THAT(text, Catch::Contains("\n    first player's advantage (win rate - fair share) "));
  CHECK_THAT(text, Catch::Contains("\n  seat order, counted from the first player"));
  CHECK_THAT(text, Catch::Contains("\n  score by category, mean per seat (adds up to the mean score)\n    renown "));
  CHECK_THAT(text, Catch::Contains("\n  tie-breakers, in their order of use (not points), mean per seat\n    coins "));
  // Two players: the spread and the mean |margin| are the winner's margin, not rows again.
  CHECK_THAT(text, !Catch::Contains("score spread"));
}

TEST_CASE("compare refuses bad options with a clear message", "[host]") {
  std::ostringstream out, err;
  CHECK_THROWS_WITH(run_compare(game_registry(), tutorial_compare({}), out, err),
                    Catch::Contains("at least one --variant"));
  CHECK_THROWS_WITH(run_compare(game_registry(), tutorial_compare({"no_such_rule"}), out, err),
                    Catch::Contains("no_such_rule"));
  CHECK_THROWS_WITH(run_compare(game_registry(), tutorial_compare({"patronage+"}), out, err),
                    Catch::Contains("names an empty variant"));
  CHECK_THROWS_WITH(run_compare(game_registry(), tutorial_compare({"patronage"}, 1), out, err),
                    Catch::Contains("--games must be at least 2"));
  CompareOptions seats = tutorial_compare({"patronage"});
  seats.seats = {"random"};
  CHECK_THROWS_WITH(run_compare(game_registry(), seats, out, err), Catch::Contains("--seats names 1 seats for 2"));
  CompareOptions both = tutorial_compare({"patronage"});
  both.json = true;
  both.csv_path = "-";
  CHECK_THROWS_WITH(run_compare(game_registry(), both, out, err), Catch::Contains("pick one"));
  CompareOptions short_max = tutorial_compare({"patronage"}, 20);
  short_max.until_decided = true;
  short_max.games_max = 10;
  CHECK_THROWS_WITH(run_compare(game_registry(), short_max, out, err),
                    Catch::Contains("--games-max (10) is below --games"));
  CHECK(out.str().empty());
  CompareOptions unknown_row = tutorial_compare({"patronage"}, 4);
  unknown_row.until_decided = true;
  unknown_row.games_max = 8;
  unknown_row.decide = {"happiness"};
  CHECK_THROWS_WITH(run_compare(game_registry(), unknown_row, out, err),
                    Catch::Contains("--decide names no row 'happiness' (rows: winner_margin, "));
  CHECK(out.str().empty());
}

TEST_CASE("compare --plot draws SVGs with gnuplot and keeps the script", "[host]") {
  TempDir dir("compare_plot");
  CompareOptions options = tutorial_compare({"patronage"}, 6);
  options.plot_dir = (dir.path / "plots").string();
  const json result = compare_json(game_registry(), options);
  REQUIRE(result["plots"].size() == 4);
  for (const char* name : {"scores.svg", "winner_margin.svg", "first_player_margin.svg", "length.svg"}) {
    const auto svg = dir.path / "plots" / name;
    REQUIRE(std::filesystem::exists(svg));
    CHECK(std::filesystem::file_size(svg) > 2000);
    std::ifstream in(svg);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK_THAT(text, Catch::Contains("<svg"));
    CHECK_THAT(text, Catch::Contains("patronage"));
    CHECK_THAT(text, Catch::Contains("base"));
  }
  // Arms whose lines coincide stay apart: each its own dashes and markers, shifted sideways.
  std::ifstream script(dir.path / "plots" / "compare.gp");
  const std::string gp((std::istreambuf_iterator<char>(script)), std::istreambuf_iterator<char>());
  CHECK_THAT(gp, Catch::Contains("+ -0.15 * bin_width):(1.0 / 12) smooth frequency with linespoints lw 2 dt 1 pt 7"));
  CHECK_THAT(gp, Catch::Contains("+ 0.15 * bin_width):(1.0 / 12) smooth frequency with linespoints lw 2 dt 2 pt 5"));
  CHECK(std::filesystem::exists(dir.path / "plots" / "compare.gp"));
  CHECK(std::filesystem::exists(dir.path / "plots" / "0_base.dat"));
  CHECK(std::filesystem::exists(dir.path / "plots" / "1_patronage_scores.dat"));
}

TEST_CASE("simulate reports intervals, the first player's advantage, ties and categories", "[host]") {
  SimulateOptions options;
  options.choice = {"tutorial", 2, 3, {}};
  options.games = 10;
  std::ostringstream out, err;
  REQUIRE(run_simulate(game_registry(), options, out, err) == 0);
  const std::string text = out.str();
  CHECK_THAT(text, Catch::Contains("\n[low, high]: 95 % intervals, Wilson score for rates"));
  CHECK_THAT(text, Catch::Contains("\nlength: mean "));
  CHECK_THAT(text, Catch::Contains("\nties: "));
  CHECK_THAT(text, Catch::Contains("\nfirst player (the seat that moved first): wins "));
  CHECK_THAT(text, Catch::Contains("against a fair 50.0%"));
  CHECK_THAT(text, Catch::Contains("\nseat 1 (random): win rate "));
  CHECK_THAT(text, Catch::Contains("  by category: renown "));
  options.json = true;
  std::ostringstream json_out;
  REQUIRE(run_simulate(game_registry(), options, json_out, err) == 0);
  const json stats = json::parse(json_out.str())["statistics"];
  CHECK(stats["games"] == 10);
  CHECK(stats["fair_share"] == 0.5);
  const double win0 = stats["seats"][0]["win_rate"], win1 = stats["seats"][1]["win_rate"];
  CHECK(win0 + win1 == Approx(1.0));  // the tutorial always has a winner, shared wins split
  CHECK(stats["first_player_advantage"].get<double>() == Approx(win0 - 0.5));
  CHECK(stats["length"]["min"] <= stats["length"]["median"]);
  CHECK(stats["length"]["median"] <= stats["length"]["max"]);
}

TEST_CASE("A finished game's log stores its outcome, and a forged one is refused", "[host]") {
  TempDir dir("outcome_logs");
  SimulateOptions options;
  options.choice = {"tutorial", 2, 4, {}};
  options.games = 1;
  options.log_dir = dir.path.string();
  std::ostringstream out, err;
  REQUIRE(run_simulate(game_registry(), options, out, err) == 0);
  const auto path = dir.path / "tutorial-4.json";
  const json log = json::parse(std::ifstream(path));
  REQUIRE(log.contains("outcome"));
  CHECK(log["outcome"]["scores"].size() == 2);
  CHECK_FALSE(log["outcome"]["winners"].empty());
  std::ostringstream replayed;
  CHECK(run_replay(game_registry(), path.string(), replayed) == 0);

  json without = log;
  without.erase("outcome");
  std::ofstream(path) << without.dump();
  CHECK(run_replay(game_registry(), path.string(), replayed) == 0);  // older logs still load

  json forged = log;
  forged["outcome"]["winners"] = json::array({1 - log["outcome"]["winners"][0].get<int>()});
  if (log["outcome"]["winners"].size() > 1) forged["outcome"]["winners"] = json::array({0});
  std::ofstream(path) << forged.dump();
  CHECK_THROWS_WITH(run_replay(game_registry(), path.string(), replayed),
                    Catch::Contains("the stored outcome") && Catch::Contains("is not the replayed game's outcome"));
}

TEST_CASE("An unfinished game's log has no outcome and may not claim one", "[host]") {
  Session session(game_registry(), SessionSetup{"tutorial", 2, 3, {}, {}});
  REQUIRE(session.act("roll").ok);
  json log = session.log();
  CHECK_FALSE(log.contains("outcome"));
  CHECK_NOTHROW(Session::from_log(game_registry(), log));
  log["outcome"] = {{"scores", {0, 0}}, {"winners", {0}}};
  CHECK_THROWS_WITH(Session::from_log(game_registry(), log),
                    Catch::Contains("it stores an outcome but the replayed game is not over"));
}

TEST_CASE("Every game names the categories of each seat's score", "[host]") {
  for (const tessera::PluginEntry* entry : game_registry().games()) {
    SimulateOptions options;
    options.choice.game = entry->manifest.id;
    options.games = 1;
    options.json = true;
    std::ostringstream out, err;
    INFO(entry->manifest.id);
    REQUIRE(run_simulate(game_registry(), options, out, err) == 0);
    const json seats = json::parse(out.str())["statistics"]["seats"];
    REQUIRE(!seats.empty());
    for (const json& seat : seats) CHECK(seat["category_means"].size() >= 2);
    if (entry->manifest.id == "tutorial")  // the tutorial's score is renown plus spice
      for (const json& seat : seats)
        CHECK(seat["score"]["mean"] == seat["category_means"]["renown"].get<double>() +
                                           seat["category_means"]["spice"].get<double>());
  }
}
