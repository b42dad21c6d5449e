// Scenario files (sdk/docs/scenarios.md): a position in the game's own words, loaded through
// the whole-state door, its fixed rolls carried by the log; saved back as a diff from the
// set-up; hostile files refused at their line without changing anything.
#include <catch2/catch.hpp>
#include <fstream>
#include <tuple>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "protocol_server.hpp"
#include "scenario_check.hpp"
#include "scenario_save.hpp"
#include "scenario_source.hpp"
#include "session.hpp"
#include "support/host_process.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"
#include "tessera/rng.hpp"
#include "tessera/yaml_reader.hpp"
#include "support/build_paths.hpp"

using nlohmann::json;
using tessera::DataError;
using tessera::host::ScenarioSource;
using tessera::host::Session;

namespace {

std::unique_ptr<Session> from_text(const std::string& text) {
  return Session::from_scenario(tessera::testing::game_registry(),
                                ScenarioSource::from_yaml(tessera::parse_yaml(text, "scenario.yaml")));
}

std::vector<std::string> legal(const Session& s) { return tessera::testing::legal_texts(s.game()); }

json ask(tessera::host::ProtocolServer& server, const json& request) {
  return json::parse(server.handle_line(request.dump()));
}

const char* kRollEight = R"(game: catan_inca
players: 3
seed: 7
turn: {seat: blue, step: turn}
next_rolls: [3, 5]
)";

}  // namespace

TEST_CASE("A scenario saved from positions of every game loads back to the same state and moves", "[host][scenario]") {
  const auto& registry = tessera::testing::game_registry();
  for (const std::string game : {"tutorial", "catan_inca", "madeira", "santa_maria", "sardinia", "age_of_discovery"}) {
    Session session(registry, {game, 3, 11, {}, {}});
    tessera::Rng pick(5);
    for (int moves = 0; moves <= 90 && !session.game().is_over(); ++moves) {
      if (moves % 30 == 0) {
        INFO(game << " after " << moves << " moves");
        const std::string yaml = tessera::host::scenario_yaml(tessera::host::scenario_of(registry, session));
        const auto loaded = from_text(yaml);
        CHECK(loaded->game().table().to_json() == session.game().table().to_json());
        CHECK(legal(*loaded) == legal(session));
      }
      const auto actions = session.game().legal_actions();
      REQUIRE(session.act(actions[pick.below(actions.size())].text).ok);
    }
  }
}

TEST_CASE("A saved scenario reads as a diff from the set-up, by name", "[host][scenario]") {
  const auto& registry = tessera::testing::game_registry();
  Session session(registry, {"catan_inca", 3, 7, {}, {}});
  CHECK(tessera::host::scenario_yaml(tessera::host::scenario_of(registry, session)) ==
        "game: catan_inca\nplayers: 3\nseed: 7\n");
  session.patch(json::parse(R"([{"op": "replace", "path": "/global/cards/holdings/2/0", "value": 4},
                                {"op": "replace", "path": "/global/cards/resources/0/bank", "value": 15}])"));
  const std::string yaml = tessera::host::scenario_yaml(tessera::host::scenario_of(registry, session));
  CHECK_THAT(yaml, Catch::Contains("holdings:\n      blue:\n        wood: 4"));
  CHECK_THAT(yaml, Catch::Contains("resources:\n      wood:\n        bank: 15"));
}

TEST_CASE("next_rolls fix CATAN's dice: 3 and 5 roll 8, and the log replays them", "[host][scenario]") {
  auto session = from_text(kRollEight);
  REQUIRE(session->game().player_name(session->game().seat_to_move()) == "blue");
  REQUIRE(session->act("roll").ok);
  CHECK(session->game().table().to_json()["global"]["progress"]["values"]["last_roll"] == 8);
  CHECK(session->game().table().rng().fixed_rolls().empty());

  const json log = session->log();
  REQUIRE(log.contains("scenario"));
  const auto replayed = Session::from_log(tessera::testing::game_registry(), log);
  CHECK(replayed->game().table().to_json() == session->game().table().to_json());

  // Without its scenario the same steps do not reach the same state: the log is refused.
  json forged = log;
  forged.erase("scenario");
  CHECK_THROWS_AS(Session::from_log(tessera::testing::game_registry(), forged), DataError);
}

TEST_CASE("Only a scenario fixes rolls: an edit or a plain log that claims them is refused", "[host][scenario]") {
  tessera::host::ProtocolServer server(tessera::testing::game_registry());
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", "catan_inca"}, {"players", 3}, {"seed", 7}})["ok"] == true);
  const json before = ask(server, {{"cmd", "state"}})["state"];
  const std::string rng = before["rng"];
  const json set = ask(server, {{"cmd", "set"}, {"pointer", "/rng"}, {"value", rng + "+3,5"}});
  CHECK(set["error"]["code"] == "bad_set");
  CHECK_THAT(set["error"]["message"].get<std::string>(), Catch::Contains("fixed only by a scenario"));
  const json patched = ask(server, {{"cmd", "patch"},
                                    {"ops", json::array({{{"op", "replace"}, {"path", "/rng"}, {"value", rng + "+6"}}})}});
  CHECK(patched["error"]["code"] == "bad_patch");
  CHECK(ask(server, {{"cmd", "state"}})["state"] == before);

  // A log whose step writes fixed rolls is refused at that step.
  json log = ask(server, {{"cmd", "save"}})["log"];
  log["steps"].push_back({{"set", "/rng"}, {"value", rng + "+3,5"}});
  const json load = ask(server, {{"cmd", "load"}, {"log", log}});
  CHECK(load["ok"] == false);
  CHECK_THAT(load["error"]["message"].get<std::string>(), Catch::Contains("step 1"));
}

TEST_CASE("A fixed roll that is no face of the die rolled refuses the roll and changes nothing", "[host][scenario]") {
  auto session = from_text(std::string(kRollEight).replace(std::string(kRollEight).find("[3, 5]"), 6, "[3, 9]"));
  const json before = session->game().table().to_json();
  const auto r = session->act("roll");
  CHECK_FALSE(r.ok);
  CHECK_THAT(r.error, Catch::Contains("next roll 9 is not a face of the die rolled (1..6)"));
  CHECK(session->game().table().to_json() == before);
}

TEST_CASE("Madeira: a scenario enters phase C by name, running its entry as the flow would", "[host][scenario]") {
  std::ifstream file(std::string(tessera::testing::kSourceDir) + "/tests/scenarios/madeira/enter_phase_c.yaml");
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const auto session = from_text(text);
  const json state = session->game().table().to_json();
  CHECK(state["global"]["flow"]["frames"].back()["step"] == "c_turn");
  CHECK(state["global"]["board"]["values"]["phase"] == 3);  // begin_phase_c ran
}

TEST_CASE("Scenario checks read the labels of legal moves and the winners of a finished game", "[host][scenario]") {
  // The end of a 2-player Madeira game: each seat scores its initial request, Seat 1 has 10 PP.
  const auto run = [](const std::string& labels, const std::string& winners, const std::string& moves = "score 0 0, score 0 0") {
    const std::string text = "game: madeira\nplayers: 2\nseed: 1\nat: {step: phase_e}\n"
                             "global: {board: {values: {round: 5, phase: 4}}}\n"
                             "seats: {Seat 1: {home: {values: {pp: 10}}}}\nexpect:\n"
                             "  - labels: {" + labels + "}\n"
                             "  - play: [" + moves + "]\n"
                             "  - winners: [" + winners + "]\n";
    const ScenarioSource source = ScenarioSource::from_yaml(tessera::parse_yaml(text, "scenario.yaml"));
    const auto session = Session::from_scenario(tessera::testing::game_registry(), source);
    try {
      return std::to_string(tessera::host::run_expectations(*session, source)) + " checks";
    } catch (const DataError& e) {
      return std::string(e.what());
    }
  };
  const std::string label = "score 0 0: Score cr_i3 (guild_influence) with 0 face-up favor(s)";
  CHECK(run(label, "Seat 1") == "3 checks");
  CHECK(run(label, "1") == "3 checks");  // a seat by number
  CHECK_THAT(run("score 0 0: Score cr_i3", "Seat 1"),
             Catch::StartsWith("scenario.yaml:8:") &&
                 Catch::Contains("'score 0 0' is labelled \"Score cr_i3 (guild_influence) with 0 face-up favor(s)\", "
                                 "not \"Score cr_i3\""));
  CHECK_THAT(run("score 1 0: Score", "Seat 1"), Catch::Contains("'score 1 0' is not legal now; legal: [score 0 0]"));
  CHECK_THAT(run(label, "Seat 0"),
             Catch::StartsWith("scenario.yaml:10:") && Catch::Contains("the winners are [Seat 1], not [Seat 0]"));
  CHECK_THAT(run(label, "Seat 1, Seat 0"), Catch::Contains("the winners are [Seat 1], not [Seat 0, Seat 1]"));
  CHECK_THAT(run(label, "pink"), Catch::Contains("\"pink\" is not a seat of this game"));
  CHECK_THAT(run(label, "Seat 1", "score 0 0"), Catch::Contains("the game is not over"));
}

TEST_CASE("Hostile scenario files are refused at their line and change nothing", "[host][scenario]") {
  // (text, where, what): each names the line of the value at fault.
  const std::vector<std::tuple<std::string, std::string, std::string>> cases{
      {"game: catan_inca\nplayers: three\n", "scenario.yaml:2:", "'players' must be"},
      {"game: catan_inca\nplayers: 3\nseed: -4\n", "scenario.yaml:3:", "'seed' must be"},
      {"game: catan_inca\nplayers: 3\nmoves: 1\n", "scenario.yaml:3:", "unknown field 'moves'"},
      {"game: catan_inca\nplayers: 3\nglobal: {bank: {x: 1}}\n", "scenario.yaml:3:", "no component 'bank'"},
      {"game: catan_inca\nplayers: 3\nseats: {pink: {}}\n", "scenario.yaml:3:", "'\"pink\"' is not a seat"},
      {"game: catan_inca\nplayers: 3\nturn: {seat: grey, step: turn}\n", "scenario.yaml:3:", "'\"grey\"' is not a seat"},
      {"game: catan_inca\nplayers: 3\nturn: {seat: red, step: lunch}\n", "scenario.yaml:3:", "no step 'lunch'"},
      {"game: catan_inca\nplayers: 3\nat: {step: turn}\n", "scenario.yaml:3:", "is a seat's step"},
      {"game: catan_inca\nplayers: 3\nnext_rolls: [3, 99999999999]\n", "scenario.yaml:3:", "a die face"},
      {"game: catan_inca\nplayers: 3\nnext_cards: {development: [dragon]}\n", "scenario.yaml:3:", "no (more) card 'dragon'"},
      // Refusals of the whole position point at the entry that wrote the value refused.
      {"game: catan_inca\nplayers: 3\nglobal: {progress: {values: {rounds: 99999999999}}}\n", "scenario.yaml:3:", "refused"},
      {"game: catan_inca\nplayers: 3\nglobal: {progress: {values: {colour: 1}}}\n", "scenario.yaml:3:", "no key 'colour'"},
      {"game: catan_inca\nplayers: 3\nglobal: {progress: {visibility: public, size: 1}}\n", "scenario.yaml:3:", "does not keep"},
      {"game: catan_inca\nplayers: 3\nglobal: {cards: {holdings: {blue: {gold: 1}}}}\n", "scenario.yaml:3:", "no 'gold' here"},
      {"game: catan_inca\nplayers: 3\nglobal: {board: {corners: {x: [[[[[[[[1]]]]]]]]}}}\n", "scenario.yaml:", ""},
      {"game: catan_inca\nplayers: 3\nturn: {seat: blue, step: turn}\nat: {step: turn}\n", "scenario.yaml:4:", "not both"},
      {"- game\n", "scenario.yaml", "a scenario is a YAML map"},
  };
  tessera::host::ProtocolServer server(tessera::testing::game_registry());
  REQUIRE(ask(server, {{"cmd", "scenario"}, {"scenario", kRollEight}})["ok"] == true);
  const json before = ask(server, {{"cmd", "state"}})["state"];
  for (const auto& [text, where, message] : cases) {
    INFO(text);
    try {
      from_text(text);
      FAIL("accepted");
    } catch (const DataError& e) {
      CHECK_THAT(std::string(e.what()), Catch::StartsWith(where) && Catch::Contains(message));
    }
    const json reply = ask(server, {{"cmd", "scenario"}, {"scenario", text}});
    CHECK(reply["error"]["code"] == "bad_scenario");
    CHECK(ask(server, {{"cmd", "state"}})["state"] == before);
  }
}

TEST_CASE("tessera play --scenario, validate --scenario and scenario save work from the command line", "[host][scenario]") {
  tessera::testing::TempDir dir("scenario_cli");
  const auto file = (dir.path / "eight.yaml").string();
  std::ofstream(file) << kRollEight;
  const auto valid = tessera::testing::run_tessera({"validate", "--scenario", file});
  CHECK(valid.exit_code == 0);
  CHECK_THAT(valid.out, Catch::Contains("ok (catan_inca, 3 players; blue decides"));

  const auto log = (dir.path / "game.json").string();
  const auto played = tessera::testing::run_tessera(
      {"play", "--scenario", file, "--seats", "random,random,random", "--quiet", "--log", log});
  CHECK(played.exit_code == 0);
  const auto replay = tessera::testing::run_tessera({"replay", log});
  CHECK(replay.exit_code == 0);

  const auto saved = (dir.path / "end.yaml").string();
  CHECK(tessera::testing::run_tessera({"scenario", "save", log, "-o", saved}).exit_code == 0);
  const auto again = tessera::testing::run_tessera({"validate", "--scenario", saved});
  CHECK(again.exit_code == 0);
  CHECK_THAT(again.out, Catch::Contains("the game is over"));

  std::ofstream(file) << "game: catan_inca\nplayers: 3\nturn: {seat: blue, step: lunch}\n";
  const auto bad = tessera::testing::run_tessera({"validate", "--scenario", file});
  CHECK(bad.exit_code == 1);
  CHECK_THAT(bad.out, Catch::Contains("eight.yaml:3:26: no step 'lunch'"));
}
