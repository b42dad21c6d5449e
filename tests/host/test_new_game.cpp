// `tessera new-game`: the example game copied under a new id, everything renamed, and
// nothing written when the id, the root or an existing file is wrong.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "commands.hpp"
#include "support/registry.hpp"
#include "tessera/error.hpp"
#include "support/build_paths.hpp"

namespace fs = std::filesystem;
using namespace tessera;
using namespace tessera::host;

namespace {

// An empty Tessera-shaped tree to add games to.
fs::path scratch_tree(const std::string& name) {
  const fs::path root = fs::path(tessera::testing::kBuildDir) / name;
  fs::remove_all(root);
  fs::create_directories(root / "core");
  fs::create_directories(root / "plugins");
  std::ofstream(root / "plugins" / "CMakeLists.txt") << "# games\n";
  return root;
}

std::string text_of(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::vector<fs::path> files_under(const fs::path& root) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) out.push_back(fs::relative(e.path(), root));
  std::sort(out.begin(), out.end());
  return out;
}

// No file under `root` but `except` names the example game.
void check_renamed(const fs::path& root, const fs::path& except = {}) {
  for (const fs::path& file : files_under(root)) {
    if (file == except) continue;
    INFO(file);
    const std::string text = text_of(root / file);
    CHECK(text.find("tutorial") == std::string::npos);
    CHECK(text.find("Tutorial") == std::string::npos);
    CHECK(text.find("Lantern Market") == std::string::npos);
    // The copy names the example as where it came from, never as what it is.
    for (std::size_t at = text.find("SDK's example"); at != std::string::npos; at = text.find("SDK's example", at + 1))
      CHECK(text.compare(at < 16 ? 0 : at - 16, 16, "copied from the ") == 0);
  }
}

}  // namespace

TEST_CASE("new-game copies the example game under the new id with every name changed", "[host]") {
  const fs::path root = scratch_tree("new_game_tree");
  std::ostringstream out;
  REQUIRE(run_new_game(testing::game_registry(), {"river_trade", "", root, {}}, tessera::testing::kSourceDir, out) == 0);

  for (const char* path : {"plugins/river_trade/CMakeLists.txt", "plugins/river_trade/river_trade_game.cpp",
                           "plugins/river_trade/river_trade_module.cpp", "data/river_trade/game.yaml",
                           "scripts/river_trade/effects.lua", "tests/games/river_trade/test_river_trade_rules.cpp",
                           "tests/golden/river_trade_seed1.txt"})
    CHECK(fs::exists(root / path));
  CHECK_THAT(text_of(root / "plugins/river_trade/CMakeLists.txt"), Catch::Contains("tessera_add_game(river_trade"));
  CHECK_THAT(text_of(root / "plugins/river_trade/river_trade_module.cpp"), Catch::Contains("\"River Trade\""));
  CHECK_THAT(text_of(root / "plugins/river_trade/river_trade_game.hpp"), Catch::Contains("class RiverTradeGame"));
  CHECK_THAT(text_of(root / "tests/games/river_trade/test_river_trade_rules.cpp"), Catch::Contains("[river_trade]"));
  check_renamed(root);
  CHECK_THAT(out.str(), Catch::Contains("build/bin/tessera validate river_trade"));
  // Test names must differ from the example's, or one test program could not hold both.
  for (const fs::path& file : files_under(root / "tests/games")) {
    std::istringstream lines(text_of(root / "tests/games" / file));
    for (std::string line; std::getline(lines, line);)
      if (line.find("TEST_CASE(\"") != std::string::npos) {
        INFO(line);
        CHECK(line.find("River Trade") != std::string::npos);
      }
  }

  // The renamed data and scripts still load (through the example's plugin, which reads
  // any data folder of its shape).
  const PluginEntry& entry = testing::game_registry().game("tutorial");
  GameConfig config = testing::game_registry().config("tutorial", 2, 1);
  config.data_dir = root / "data/river_trade";
  config.script_dir = root / "scripts/river_trade";
  CHECK(entry.module->validate(config).empty());

  // A second run writes nothing.
  const auto before = files_under(root);
  std::ostringstream again;
  CHECK_THROWS_WITH(run_new_game(testing::game_registry(), {"river_trade", "", root, {}}, tessera::testing::kSourceDir, again),
                    Catch::Contains("exists already; nothing was written"));
  CHECK(files_under(root) == before);
  fs::remove_all(root);
}

TEST_CASE("new-game refuses a bad id or a folder that is not a Tessera tree and writes nothing", "[host]") {
  const fs::path root = scratch_tree("new_game_refusals");
  std::ostringstream out;
  const auto& registry = testing::game_registry();
  CHECK_THROWS_WITH(run_new_game(registry, {"River", "", root, {}}, tessera::testing::kSourceDir, out),
                    Catch::Contains("is not an identifier: expected [a-z][a-z0-9_]{0,63}"));
  CHECK_THROWS_WITH(run_new_game(registry, {"9lives", "", root, {}}, tessera::testing::kSourceDir, out),
                    Catch::Contains("is not an identifier"));
  CHECK_THROWS_WITH(run_new_game(registry, {"class", "", root, {}}, tessera::testing::kSourceDir, out),
                    Catch::Contains("reserved word"));
  CHECK_THROWS_WITH(run_new_game(registry, {"ok_game", "", root / "nowhere", {}}, tessera::testing::kSourceDir, out),
                    Catch::Contains("is not a Tessera source tree"));
  CHECK(files_under(root) == std::vector<fs::path>{"plugins/CMakeLists.txt"});
  fs::remove_all(root);
}

TEST_CASE("new-game --out writes a stand-alone project of the example game under the new id", "[host]") {
  const fs::path out_dir = fs::path(tessera::testing::kBuildDir) / "new_game_project";
  fs::remove_all(out_dir);
  std::ostringstream out;
  NewGameOptions options{"river_trade", "", ".", out_dir};
  REQUIRE(run_new_game(testing::game_registry(), options, tessera::testing::kSourceDir, out) == 0);

  for (const char* path : {"CMakeLists.txt", "README.md", ".gitignore", "src/river_trade_game.cpp",
                           "src/river_trade_game.hpp", "src/river_trade_module.cpp", "src/river_trade_rules.cpp",
                           "data/river_trade/game.yaml", "data/river_trade/flow.yaml", "data/river_trade/README.md",
                           "data/river_trade/rules.md",
                           "scripts/river_trade/effects.lua", "tests/test_river_trade_rules.cpp",
                           "tests/river_trade_support.hpp"})
    CHECK(fs::exists(out_dir / path));
  CHECK_FALSE(fs::exists(out_dir / "src/CMakeLists.txt"));  // the project's own CMakeLists.txt builds the plugin
  const std::string cmake = text_of(out_dir / "CMakeLists.txt");
  CHECK_THAT(cmake, Catch::Contains("find_package(Tessera " TESSERA_VERSION " REQUIRED)"));
  CHECK_THAT(cmake, Catch::Contains("tessera_add_game(river_trade\n  SOURCES\n    src/river_trade_game.cpp\n"
                                    "    src/river_trade_module.cpp\n    src/river_trade_rules.cpp\n"
                                    "  DATA data/river_trade\n  SCRIPTS scripts/river_trade)"));
  CHECK_THAT(cmake,
             Catch::Contains("tessera_add_game_tests(river_trade SOURCES\n    tests/test_river_trade_house_rules.cpp"));
  CHECK_THAT(cmake, Catch::Contains("tessera_add_conformance_test(river_trade)"));
  const std::string readme = text_of(out_dir / "README.md");
  CHECK_THAT(readme, Catch::Contains("tessera --plugin-dir build/plugins --data-root . play river_trade"));
  CHECK_THAT(readme, Catch::Contains("started as a copy of Lantern Market"));  // where it came from, by name
  // The docs it names are where `cmake --install` of Tessera puts them.
  CHECK_THAT(readme, Catch::Contains("`share/doc/tessera/writing-a-game.md`"));
  CHECK_THAT(readme, Catch::Contains("`share/doc/tessera/README.md`"));
  CHECK(readme.find("sdk/docs") == std::string::npos);
  CHECK_THAT(text_of(out_dir / "src/river_trade_module.cpp"),
             Catch::Contains("\"A new game copied from the SDK's example: dice, a market"));
  check_renamed(out_dir, "README.md");
  CHECK_THAT(out.str(), Catch::Contains("ctest --test-dir build"));

  // Into a folder that is not empty, nothing is written.
  const auto before = files_under(out_dir);
  std::ostringstream again;
  CHECK_THROWS_WITH(run_new_game(testing::game_registry(), options, tessera::testing::kSourceDir, again),
                    Catch::Contains("exists and is not an empty folder; nothing was written"));
  CHECK(files_under(out_dir) == before);
  // Without the example game's sources (an installed host without the SDK), it says so.
  const fs::path empty = fs::path(tessera::testing::kBuildDir) / "new_game_no_template";
  fs::remove_all(empty);
  CHECK_THROWS_WITH(run_new_game(testing::game_registry(), {"river_trade", "", ".", empty / "out"}, empty, again),
                    Catch::Contains("is the SDK (the tessera-dev package) installed?"));
  CHECK_FALSE(fs::exists(empty / "out"));
  fs::remove_all(out_dir);
}
