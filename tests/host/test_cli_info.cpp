// What a user asks the host about itself and its games: --version, list/info as text and
// JSON, variant descriptions, defaults in --help, and `tessera rules <game>`.
#include <catch2/catch.hpp>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.hpp"
#include "host_environment.hpp"
#include "support/host_process.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"
#include "tessera/game_module.hpp"

using nlohmann::json;
using namespace tessera::host;
using namespace tessera::testing;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kBundledGames{"age_of_discovery", "catan_inca", "madeira", "santa_maria", "sardinia",
                                             "tutorial"};

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

}  // namespace

TEST_CASE("The --version flag prints the project version and the plugin ABI", "[host][cli]") {
  const HostRun run = run_tessera({"--version"});
  CHECK(run.exit_code == 0);
  CHECK(run.out == version_text() + "\n");
  CHECK(version_text() == std::string("tessera ") + TESSERA_VERSION + " (plugin ABI " +
                              std::to_string(tessera::kPluginAbiVersion) + ")");
}

TEST_CASE("list --json and info --json describe every game with its full variant descriptions", "[host][cli]") {
  std::ostringstream out;
  REQUIRE(run_list(game_registry(), out, /*as_json=*/true) == 0);
  const json list = json::parse(out.str());
  REQUIRE(list["games"].is_array());
  CHECK(list["problems"].is_array());
  std::vector<std::string> ids;
  for (const json& game : list["games"]) {
    const std::string id = game["id"];
    INFO(id);
    ids.push_back(id);
    const tessera::Manifest& m = game_registry().game(id).manifest;
    CHECK(game["name"] == m.title);
    CHECK(game["version"] == m.version);
    CHECK(game["summary"] == m.summary);
    CHECK(game["players"] == json{{"min", m.min_players}, {"max", m.max_players}});
    CHECK(game["rules"] == true);
    CHECK_FALSE(game.contains("problem"));
    // What kind of game it is, as the search bots see it.
    const int players = std::max(m.min_players, std::min(2, m.max_players));
    const tessera::GameInfo info = new_game(id, players, 1)->info();
    CHECK(game["hidden_information"] == info.hidden_information);
    CHECK(game["chance"] == info.chance);
    std::ostringstream one;
    REQUIRE(run_info(game_registry(), id, one, /*as_json=*/true) == 0);
    CHECK(json::parse(one.str()) == game);
  }
  for (const auto& id : kBundledGames) CHECK(std::find(ids.begin(), ids.end(), id) != ids.end());

  std::ostringstream tutorial;
  REQUIRE(run_info(game_registry(), "tutorial", tutorial, /*as_json=*/true) == 0);
  const json info = json::parse(tutorial.str());
  REQUIRE(info["variants"].size() == 7);  // by name: allowance, fair_wages, helping_hand, patronage, ...
  CHECK(info["variants"][3] == json{{"name", "patronage"},
                                    {"description", "Patronage: every player gains 1 coin at the start of each round, "
                                                    "and the Tax Collector takes only 1 coin."},
                                    {"origin", "game"},
                                    {"folder", nullptr},
                                    {"shadowed", json::array()},
                                    {"players", {{"min", 2}, {"max", 4}}}});
  std::ostringstream santa_maria;
  REQUIRE(run_info(game_registry(), "santa_maria", santa_maria, /*as_json=*/true) == 0);
  const json santa_maria_info = json::parse(santa_maria.str());  // a range-for over a temporary's member dangles
  for (const json& v : santa_maria_info["variants"])
    if (v["name"] == "solo") CHECK(v["players"] == json{{"min", 1}, {"max", 1}});
}

TEST_CASE("Every shipped variant is described by a whole sentence", "[host][cli]") {
  for (const auto& id : kBundledGames) {
    for (const VariantInfo& v : list_variants(game_registry().game(id))) {
      INFO(id << " variant " << v.name << ": " << v.description);
      REQUIRE(v.description.size() >= 30);
      CHECK(std::isupper(static_cast<unsigned char>(v.description.front())));
      CHECK(v.description.back() == '.');
      CHECK(v.description.find("players:") == std::string::npos);
      CHECK(v.description.find("  ") == std::string::npos);
    }
  }
  // The paragraph ends at the first empty comment line: the notes after it are not the description.
  std::ostringstream info;
  REQUIRE(run_info(game_registry(), "sardinia", info) == 0);
  CHECK_THAT(info.str(), Catch::Contains("alternative_guard  - Alternative Guard rules (rules 8.1, advanced): every player "
                                         "starts with a face-down reserve fort card;"));
  CHECK_THAT(info.str(), Catch::Contains("replaces it from the deck, or swaps in the reserve card and draws a new one.\n"));
}

TEST_CASE("info shows the version of a game's manifest and where its rules are", "[host][cli]") {
  std::ostringstream out;
  REQUIRE(run_info(game_registry(), "madeira", out) == 0);
  CHECK_THAT(out.str(), Catch::StartsWith("Madeira [madeira] version " + game_registry().game("madeira").manifest.version + "\n"));
  CHECK_THAT(out.str(), Catch::Contains("rules:   tessera rules madeira\n"));
}

TEST_CASE("rules prints the summary every bundled game ships in its data folder", "[host][cli]") {
  for (const auto& id : kBundledGames) {
    INFO(id);
    const fs::path file = game_registry().game(id).data_dir / "rules.md";
    REQUIRE(fs::is_regular_file(file));
    const std::string text = read_text(file);
    const auto lines = std::count(text.begin(), text.end(), '\n');
    CHECK(lines >= 60);
    CHECK(lines <= 150);
    CHECK_THAT(text, Catch::StartsWith("# "));
    std::ostringstream out;
    REQUIRE(run_rules(game_registry(), id, out) == 0);
    CHECK(out.str() == text);
  }
  const HostRun run = run_tessera({"rules", "sardinia"});
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::StartsWith("# Sardinia"));
}

TEST_CASE("rules says so when a game has no summary, and reads no file through a link leading outside", "[host][cli][hostile]") {
  ScratchGameRoot root("tutorial", "rules_links");
  fs::remove(root.data() / "rules.md");
  auto registry = root.registry();
  std::ostringstream out;
  CHECK_THROWS_WITH(run_rules(*registry, "tutorial", out),
                    Catch::StartsWith("game 'tutorial' ships no rules summary (no rules.md in "));
  std::ostringstream info;
  REQUIRE(run_info(*registry, "tutorial", info, /*as_json=*/true) == 0);
  CHECK(json::parse(info.str())["rules"] == false);

  TempDir outside("rules_outside");
  write_file(outside.path / "secret.md", "TOP SECRET 51c2\n");
  fs::create_symlink(outside.path / "secret.md", root.data() / "rules.md");
  CHECK_THROWS_WITH(run_rules(*registry, "tutorial", out), Catch::Contains("leads outside the game's data folder"));
  CHECK(out.str().empty());
  CHECK_THROWS_WITH(run_rules(*registry, "chess", out), Catch::Contains("unknown game 'chess'"));
}

TEST_CASE("Every subcommand's --help shows the defaults of its options", "[host][cli]") {
  const HostRun simulate = run_tessera({"simulate", "--help"});
  CHECK(simulate.exit_code == 0);
  CHECK_THAT(simulate.out, Catch::Contains("-n,--games INT=100 "));
  CHECK_THAT(simulate.out, Catch::Contains("-j,--jobs INT=1 "));
  CHECK_THAT(simulate.out, Catch::Contains("-s,--seed UINT:SEED=1 "));
  CHECK_THAT(simulate.out, Catch::Contains("-p,--players INT=auto "));
  CHECK_THAT(simulate.out, Catch::Contains("auto: the game's smallest count, 2 if allowed"));
  CHECK_THAT(simulate.out, Catch::Contains("-v,--variant TEXT=none ..."));
  CHECK_THAT(simulate.out, Catch::Contains("--seats TEXT=all random ..."));
  CHECK_THAT(run_tessera({"play", "--help"}).out,
             Catch::Contains("--seats TEXT=human,random,... when stdin is a terminal, else all random ..."));
  CHECK_THAT(run_tessera({"compare", "--help"}).out, Catch::Contains("-n,--games INT=200 ") && Catch::Contains("Games per arm (2 to 1000000)"));
  CHECK_THAT(run_tessera({"arena", "--help"}).out, Catch::Contains("-n,--games INT=20 "));
  CHECK_THAT(run_tessera({"validate", "--help"}).out, Catch::Contains("--games INT:POSITIVE=3 "));
  CHECK_THAT(run_tessera({"new-game", "--help"}).out, Catch::Contains("--root TEXT=. "));
  CHECK_THAT(run_tessera({"--help"}).out, Catch::Contains("--version"));
  for (const char* command : {"list", "info", "rules", "validate", "schema", "play", "simulate", "arena", "compare",
                              "replay", "playthrough", "serve", "new-game", "conformance", "scenario"}) {
    INFO(command);
    const HostRun run = run_tessera({command, "--help"});
    CHECK(run.exit_code == 0);
    CHECK(run.out.find("=0 ") == std::string::npos);   // no bare 0 for "the game decides"
    CHECK(run.out.find("=[]") == std::string::npos);   // no empty lists shown as defaults
  }
}
