// The host's subcommands, run in-process over string streams.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.hpp"
#include "support/registry.hpp"

using namespace tessera::host;
using tessera::testing::game_registry;

TEST_CASE("list and info describe the installed games", "[host]") {
  std::ostringstream out;
  REQUIRE(run_list(game_registry(), out) == 0);
  CHECK(out.str().find("tutorial  Lantern Market") != std::string::npos);
  std::ostringstream info;
  REQUIRE(run_info(game_registry(), "tutorial", info) == 0);
  CHECK(info.str().find("players: 2-4") != std::string::npos);
  CHECK(info.str().find("patronage  - Patronage") != std::string::npos);
  CHECK_THROWS_WITH(run_info(game_registry(), "nope", info), Catch::Contains("unknown game 'nope'"));
}

TEST_CASE("schema prints a game's components, declared keys, steps and moves", "[host]") {
  std::ostringstream out;
  GameChoice choice;
  choice.game = "tutorial";
  choice.variants = {"second_chance"};
  REQUIRE(run_schema(game_registry(), choice, out) == 0);
  const std::string text = out.str();
  CHECK_THAT(text, Catch::Contains("(each seat) tableau: hand, public"));
  CHECK_THAT(text, Catch::Contains("progress: counters, keys: last_round 0..1 second_chance_* 0..1"));
  CHECK_THAT(text, Catch::Contains("each of the cards is in exactly one place"));
  CHECK_THAT(text, Catch::Contains("use_dice (seat) moves: work buy adjust end reroll"));
  CHECK_THAT(text, Catch::Contains("adjust <die: 0..2 (dice)> <way: up|down>"));
  CHECK_THAT(text, Catch::Contains("reroll  [scripts/tutorial/variants/second_chance.lua:12]"));
}

TEST_CASE("validate reports the tutorial clean", "[host]") {
  std::ostringstream out;
  CHECK(run_validate(game_registry(), "tutorial", out) == 0);
  CHECK(out.str() == "tutorial: ok\n");
}

TEST_CASE("A bots-only play prints the result and writes a log that replays", "[host]") {
  const auto log = std::filesystem::temp_directory_path() / "tessera_test_play_log.json";
  PlayOptions options;
  options.choice = {"tutorial", 3, 5, {}};
  options.log_path = log.string();
  std::istringstream in;
  std::ostringstream out;
  REQUIRE(run_play(game_registry(), options, in, out) == 0);
  CHECK(out.str().find("=== Game over ===") != std::string::npos);
  CHECK(out.str().find("WINNER") != std::string::npos);
  std::ostringstream replayed;
  REQUIRE(run_replay(game_registry(), log.string(), replayed) == 0);
  CHECK(replayed.str().find("(matches the log)") != std::string::npos);

  // A tampered log is refused with the step that fails.
  nlohmann::json data = nlohmann::json::parse(std::ifstream(log));
  data["steps"][1]["action"] = "fly";
  std::ofstream(log) << data.dump();
  CHECK_THROWS_WITH(run_replay(game_registry(), log.string(), replayed), Catch::Contains("step 2"));
  std::filesystem::remove(log);
}

TEST_CASE("A human seat chooses by number or by text", "[host]") {
  PlayOptions options;
  options.choice = {"tutorial", 2, 5, {}};
  options.seats = {"human", "random"};
  std::istringstream in("9\nfly\n1\nend\nquit\n");
  std::ostringstream out;
  REQUIRE(run_play(game_registry(), options, in, out) == 0);
  const std::string text = out.str();
  CHECK(text.find("no move 9: choose 1-1") != std::string::npos);
  CHECK(text.find("refused: ") != std::string::npos);
  CHECK(text.find("Seat 0 (you): Roll the lantern dice") != std::string::npos);
  CHECK(text.find("Seat 0 (you): End your turn") != std::string::npos);
  CHECK(text.find("game stopped") != std::string::npos);
}

TEST_CASE("simulate --json reports speed, lengths, win rates and scores", "[host]") {
  SimulateOptions options;
  options.choice = {"tutorial", 3, 1, {}};
  options.games = 40;
  options.jobs = 2;
  options.json = true;
  std::ostringstream out, err;
  REQUIRE(run_simulate(game_registry(), options, out, err) == 0);
  auto summary = nlohmann::json::parse(out.str());
  CHECK(summary["games"] == 40);
  for (const char* key : {"games_per_sec", "actions_per_sec", "mean_length", "max_length"}) CHECK(summary[key] > 0);
  CHECK(summary["win_rate"].size() == 3);
  CHECK(summary["score_mean"].size() == 3);
  CHECK(summary["score_stdev"].size() == 3);
  double wins = 0;
  for (double w : summary["win_rate"]) wins += w;
  CHECK(wins >= 1.0);  // every game has at least one winner

  // One job or two: the same games, the same statistics.
  options.jobs = 1;
  std::ostringstream one;
  REQUIRE(run_simulate(game_registry(), options, one, err) == 0);
  auto single = nlohmann::json::parse(one.str());
  CHECK(single["actions"] == summary["actions"]);
  CHECK(single["score_mean"] == summary["score_mean"]);
}
