#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <optional>

#include "support/temp_dir.hpp"
#include "tessera/plugin_registry.hpp"
#include "support/build_paths.hpp"

using namespace tessera;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;
namespace fs = std::filesystem;

namespace {

const fs::path kPlugins = tessera::testing::kTestPluginDir;
const fs::path kDataRoot = fs::path(tessera::testing::kSourceDir) / "tests/plugins";

using tessera::testing::ScopedEnv;
using tessera::testing::TempDir;
using tessera::testing::write_file;

// The message for abi_mismatch.so, which claims the next ABI version.
std::string abi_message() {
  return "plugin ABI version " + std::to_string(kPluginAbiVersion + 1) + ", host expects " +
         std::to_string(kPluginAbiVersion);
}

}  // namespace

TEST_CASE("A good plugin loads and plays a game to the end through legal_actions and apply", "[plugin]") {
  PluginRegistry registry({kPlugins}, {kDataRoot});
  const PluginEntry& entry = registry.load(kPlugins / "good_game.so");
  CHECK(entry.manifest.id == "good_game");
  CHECK(entry.manifest.title == "Countdown");
  CHECK(entry.manifest.min_players == 2);
  CHECK(entry.manifest.max_players == 4);
  CHECK(entry.library == kPlugins / "good_game.so");
  CHECK(entry.data_dir == kDataRoot / "data" / "good_game");
  CHECK(entry.script_dir.empty());
  CHECK(&registry.game("good_game") == &entry);
  REQUIRE(registry.games().size() == 1);

  GameConfig config = registry.config("good_game", 2, 7);
  CHECK(config.players == 2);
  CHECK(config.seed == 7);
  CHECK(config.variants.empty());
  CHECK(config.data_dir == entry.data_dir);
  CHECK(entry.module->validate(config).empty());

  std::unique_ptr<Game> game = registry.new_game("good_game", config);
  CHECK(game->decision().seat == 0);
  CHECK(game->decision().prompt == "take 1 or 2 (7 left)");
  CHECK_FALSE(game->apply("take 3").ok);
  std::unique_ptr<Game> copy = game->clone();
  std::vector<int> deciders;
  while (!game->is_over()) {
    std::vector<Action> actions = game->legal_actions();
    REQUIRE_FALSE(actions.empty());
    deciders.push_back(game->decision().seat);
    ApplyResult result = game->apply(actions.back().text);  // the largest take
    REQUIRE(result.ok);
    REQUIRE(result.events.size() == 1);
  }
  // 7 -> 5 -> 3 -> 1 -> 0: seat 1 takes the last one.
  CHECK(deciders == std::vector<int>{0, 1, 0, 1});
  CHECK(game->legal_actions().empty());
  CHECK(game->apply("take 1").error == "the game is over");
  CHECK(game->outcome().winners == std::vector<int>{1});
  CHECK(game->outcome().scores == std::vector<int>{0, 1});
  CHECK(copy->decision().prompt == "take 1 or 2 (7 left)");
  CHECK(game->rematch(3)->decision().prompt == "take 1 or 2 (7 left)");
}

TEST_CASE("A shared library that is not a plugin is refused with the reason", "[plugin]") {
  PluginRegistry registry({kPlugins}, {kDataRoot});
  const fs::path file = kPlugins / "not_a_plugin.so";
  CHECK_THROWS_AS(registry.load(file), PluginError);
  CHECK_THROWS_WITH(registry.load(file),
                    Equals(file.string() + ": not a Tessera plugin (no tessera_plugin_abi_version symbol)"));
  CHECK(registry.games().empty());
}

TEST_CASE("A plugin of another ABI version is refused before its factory is called", "[plugin]") {
  PluginRegistry registry({kPlugins}, {kDataRoot});
  const fs::path file = kPlugins / "abi_mismatch.so";
  CHECK_THROWS_AS(registry.load(file), PluginError);
  CHECK_THROWS_WITH(registry.load(file), Equals(file.string() + ": " + abi_message()));
}

TEST_CASE("A plugin whose game has no data folder is refused naming the roots searched", "[plugin]") {
  TempDir other("no_data_root");
  PluginRegistry registry({kPlugins}, {kDataRoot, other.path});
  const fs::path file = kPlugins / "no_data.so";
  CHECK_THROWS_AS(registry.load(file), PluginError);
  CHECK_THROWS_WITH(registry.load(file), Equals(file.string() + ": no data folder for game 'no_data' (searched: " +
                                                (kDataRoot / "data/no_data").string() + ", " +
                                                (other.path / "data/no_data").string() + ")"));
  CHECK(registry.games().empty());
}

TEST_CASE("A file that is not a shared library is refused with the loader's reason", "[plugin]") {
  TempDir dir("garbage");
  const fs::path file = dir.path / "garbage.so";
  // Longer than an ELF header, so that the loader reads it and says what is wrong.
  write_file(file, std::string(200, 'x') + "\n");
  PluginRegistry registry({dir.path}, {kDataRoot});
  CHECK_THROWS_AS(registry.load(file), PluginError);
  CHECK_THROWS_WITH(registry.load(file), Equals(file.string() + ": cannot load (invalid ELF header)"));
  CHECK_THROWS_WITH(registry.load(dir.path / "absent.so"),
                    Contains((dir.path / "absent.so").string() + ": cannot load (") &&
                        Contains("No such file or directory"));
}

TEST_CASE("An unknown game id is an error listing the installed games", "[plugin]") {
  PluginRegistry registry({kPlugins}, {kDataRoot});
  CHECK_THROWS_WITH(registry.game("chess"), Equals("unknown game 'chess'; no games are installed"));
  registry.load(kPlugins / "good_game.so");
  CHECK_THROWS_AS(registry.game("chess"), PluginError);
  CHECK_THROWS_WITH(registry.game("chess"), Equals("unknown game 'chess'; installed: good_game"));
  CHECK_THROWS_WITH(registry.config("chess", 2, 1), Equals("unknown game 'chess'; installed: good_game"));
  CHECK_THROWS_WITH(registry.new_game("chess", GameConfig{}), Equals("unknown game 'chess'; installed: good_game"));
}

TEST_CASE("A player count outside the manifest's range is refused", "[plugin]") {
  PluginRegistry registry({kPlugins}, {kDataRoot});
  registry.load(kPlugins / "good_game.so");
  CHECK_THROWS_AS(registry.config("good_game", 1, 0), Error);
  CHECK_THROWS_WITH(registry.config("good_game", 1, 0), Equals("game 'good_game' is for 2 to 4 players, not 1"));
  CHECK_THROWS_WITH(registry.config("good_game", 5, 0), Equals("game 'good_game' is for 2 to 4 players, not 5"));
  CHECK(registry.config("good_game", 4, 0).players == 4);
}

TEST_CASE("A variant may be for some player counts only", "[plugin]") {
  TempDir root("variant_players_root");
  write_file(root.path / "data/good_game/game.yaml", "title: Countdown\n");
  write_file(root.path / "scripts/good_game/variants/duel.lua", "-- two only\n-- players: 2\neffect = effect\n");
  write_file(root.path / "scripts/good_game/variants/crowd.lua", "-- many\n-- players: 3-4\n");
  write_file(root.path / "scripts/good_game/variants/any.lua", "-- all\n\n-- players: 2\n");  // after the header
  write_file(root.path / "scripts/good_game/variants/odd.lua", "-- players: 1-9\n");
  write_file(root.path / "scripts/good_game/variants/word.lua", "-- players: two\n");
  PluginRegistry registry({kPlugins}, {root.path, kDataRoot});
  registry.load(kPlugins / "good_game.so");
  CHECK(registry.variant_players("good_game", "duel") == std::pair{2, 2});
  CHECK(registry.variant_players("good_game", "crowd") == std::pair{3, 4});
  CHECK(registry.variant_players("good_game", "any") == std::pair{2, 4});
  CHECK(registry.config("good_game", 2, 0, {"duel"}).variants == std::vector<std::string>{"duel"});
  CHECK_THROWS_WITH(registry.config("good_game", 3, 0, {"duel"}),
                    Equals("variant 'duel' of game 'good_game' is for 2 players, not 3"));
  CHECK_THROWS_WITH(registry.config("good_game", 2, 0, {"crowd"}),
                    Equals("variant 'crowd' of game 'good_game' is for 3 to 4 players, not 2"));
  CHECK_THROWS_WITH(registry.variant_players("good_game", "odd"),
                    Equals("scripts/good_game/variants/odd.lua:1: players: expected a count or a range like 2-3 within 2-4"));
  CHECK_THROWS_WITH(registry.variant_players("good_game", "word"), Contains("variants/word.lua:1: players: expected"));
  CHECK_THROWS_WITH(registry.variant_players("good_game", "none"), Equals("game 'good_game' has no variant 'none'"));
}

TEST_CASE("A variant must exist as a script of the game", "[plugin]") {
  SECTION("a game without scripts has no variants") {
    PluginRegistry registry({kPlugins}, {kDataRoot});
    registry.load(kPlugins / "good_game.so");
    CHECK(registry.variants("good_game").empty());
    CHECK_THROWS_WITH(registry.config("good_game", 2, 0, {"fast"}),
                      StartsWith("game 'good_game' has no variant 'fast' (it has no variants; looked in "));
  }
  SECTION("the available variants are listed") {
    TempDir root("variants_root");
    write_file(root.path / "data/good_game/game.yaml", "title: Countdown\n");
    write_file(root.path / "scripts/good_game/variants/short.lua", "-- a variant\n");
    write_file(root.path / "scripts/good_game/variants/long.lua", "-- a variant\n");
    write_file(root.path / "scripts/good_game/variants/notes.txt", "not a variant\n");
    PluginRegistry registry({kPlugins}, {root.path, kDataRoot});
    const PluginEntry& entry = registry.load(kPlugins / "good_game.so");
    CHECK(entry.data_dir == root.path / "data/good_game");
    CHECK(entry.script_dir == root.path / "scripts/good_game");
    CHECK(registry.variants("good_game") == std::vector<std::string>{"long", "short"});
    CHECK_THROWS_WITH(registry.config("good_game", 2, 0, {"short", "fast"}),
                      Equals("game 'good_game' has no variant 'fast' (available: long, short; looked in " +
                             (root.path / "scripts/good_game/variants").string() + " (game), " +
                             (root.path / "data/good_game/variants").string() + " (game))"));
    CHECK_THROWS_WITH(registry.config("good_game", 2, 0, {"short", "short"}),
                      Equals("variant 'short' is given twice"));
    GameConfig config = registry.config("good_game", 3, 9, {"short", "long"});
    CHECK(config.variants == std::vector<std::string>{"short", "long"});
    CHECK(config.script_dir == entry.script_dir);
    CHECK(registry.new_game("good_game", config)->table().players() == 3);
  }
}

TEST_CASE("Scanning records each refused library and loads the good ones, first id winning", "[plugin]") {
  TempDir dir("scan");
  fs::copy_file(kPlugins / "good_game.so", dir.path / "a_good.so");
  fs::copy_file(kPlugins / "good_game.so", dir.path / "b_good.so");
  fs::copy_file(kPlugins / "not_a_plugin.so", dir.path / "c_not_a_plugin.so");
  fs::copy_file(kPlugins / "abi_mismatch.so", dir.path / "d_abi_mismatch.so");
  write_file(dir.path / "e_garbage.so", std::string(200, 'g') + "\n");
  write_file(dir.path / "readme.txt", "not a library\n");
  PluginRegistry registry({dir.path, dir.path / "absent"}, {kDataRoot});
  registry.scan();
  REQUIRE(registry.games().size() == 1);
  CHECK(registry.game("good_game").library == dir.path / "a_good.so");
  REQUIRE(registry.problems().size() == 4);
  CHECK(registry.problems()[0] ==
        (dir.path / "b_good.so").string() + ": game 'good_game' is already loaded from " +
            (dir.path / "a_good.so").string());
  CHECK_THAT(registry.problems()[1], Contains("c_not_a_plugin.so: not a Tessera plugin"));
  CHECK_THAT(registry.problems()[2], Contains("d_abi_mismatch.so: " + abi_message()));
  CHECK_THAT(registry.problems()[3], Contains("e_garbage.so: cannot load (invalid ELF header)"));
  // A second scan loads nothing twice and finds the same problems.
  registry.scan();
  CHECK(registry.games().size() == 1);
  CHECK(registry.problems().size() == 4);
  CHECK(registry.new_game("good_game", registry.config("good_game", 2, 1))->decision().seat == 0);
}

TEST_CASE("TESSERA_PLUGIN_PATH and TESSERA_DATA_PATH extend the search paths", "[plugin]") {
  TempDir extra("env_path");
  {
    ScopedEnv plugins("TESSERA_PLUGIN_PATH", extra.path.string() + "::" + kPlugins.string());
    ScopedEnv data("TESSERA_DATA_PATH", kDataRoot.string());
    std::vector<fs::path> plugin_dirs = plugin_search_path({"/opt/first"}, {"/opt/last"});
    CHECK(plugin_dirs == std::vector<fs::path>{"/opt/first", extra.path, kPlugins, "/opt/last"});
    CHECK(plugin_search_path({}).front() == extra.path);
    std::vector<fs::path> roots = data_search_path({}, {"/opt/last"});
    CHECK(roots == std::vector<fs::path>{kDataRoot, "/opt/last"});
    // A folder given first and again in the variable is searched once, where it comes first.
    CHECK(plugin_search_path({kPlugins}) == std::vector<fs::path>{kPlugins, extra.path});

    PluginRegistry registry(plugin_search_path({}), data_search_path({}));
    registry.scan();
    REQUIRE(registry.games().size() == 1);
    CHECK(registry.games()[0]->manifest.id == "good_game");
    CHECK(registry.game("good_game").library == kPlugins / "good_game.so");
    // abi_mismatch, no_data, not_a_plugin and the hostile abi_function, crashing_factory and
    // throwing_factory of the test plugin folder.
    CHECK(registry.problems().size() == 6);
  }
  ScopedEnv none("TESSERA_PLUGIN_PATH", std::nullopt);
  CHECK(plugin_search_path({"/opt/first", ""}, {"/opt/last"}) == std::vector<fs::path>{"/opt/first", "/opt/last"});
}
