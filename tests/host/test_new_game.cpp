// `tessera new-game`: the example game copied under a new id, everything renamed, and
// nothing written when the id, the root or an existing file is wrong.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "commands.hpp"
#include "support/registry.hpp"
#include "tessera/error.hpp"

namespace fs = std::filesystem;
using namespace tessera;
using namespace tessera::host;

namespace {

// An empty Tessera-shaped tree to add games to.
fs::path scratch_tree(const std::string& name) {
  const fs::path root = fs::path(TESSERA_BUILD_DIR) / name;
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

}  // namespace

TEST_CASE("new-game copies the example game under the new id with every name changed", "[host]") {
  const fs::path root = scratch_tree("new_game_tree");
  std::ostringstream out;
  REQUIRE(run_new_game(testing::game_registry(), {"river_trade", "", root}, TESSERA_SOURCE_DIR, out) == 0);

  for (const char* path : {"plugins/river_trade/CMakeLists.txt", "plugins/river_trade/river_trade_game.cpp",
                           "plugins/river_trade/river_trade_module.cpp", "data/river_trade/game.yaml",
                           "scripts/river_trade/effects.lua", "tests/games/river_trade/test_river_trade_rules.cpp",
                           "tests/golden/river_trade_seed1.txt"})
    CHECK(fs::exists(root / path));
  CHECK_THAT(text_of(root / "plugins/river_trade/CMakeLists.txt"), Catch::Contains("tessera_add_game(river_trade"));
  CHECK_THAT(text_of(root / "plugins/river_trade/river_trade_module.cpp"), Catch::Contains("\"River Trade\""));
  CHECK_THAT(text_of(root / "plugins/river_trade/river_trade_game.hpp"), Catch::Contains("class RiverTradeGame"));
  CHECK_THAT(text_of(root / "tests/games/river_trade/test_river_trade_rules.cpp"), Catch::Contains("[river_trade]"));
  for (const fs::path& file : files_under(root)) {
    INFO(file);
    const std::string text = text_of(root / file);
    CHECK(text.find("tutorial") == std::string::npos);
    CHECK(text.find("Tutorial") == std::string::npos);
    CHECK(text.find("Lantern Market") == std::string::npos);
  }
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
  CHECK_THROWS_WITH(run_new_game(testing::game_registry(), {"river_trade", "", root}, TESSERA_SOURCE_DIR, again),
                    Catch::Contains("exists already; nothing was written"));
  CHECK(files_under(root) == before);
  fs::remove_all(root);
}

TEST_CASE("new-game refuses a bad id or a folder that is not a Tessera tree and writes nothing", "[host]") {
  const fs::path root = scratch_tree("new_game_refusals");
  std::ostringstream out;
  const auto& registry = testing::game_registry();
  CHECK_THROWS_WITH(run_new_game(registry, {"River", "", root}, TESSERA_SOURCE_DIR, out),
                    Catch::Contains("expected lower-case letters"));
  CHECK_THROWS_WITH(run_new_game(registry, {"9lives", "", root}, TESSERA_SOURCE_DIR, out),
                    Catch::Contains("starting with a letter"));
  CHECK_THROWS_WITH(run_new_game(registry, {"class", "", root}, TESSERA_SOURCE_DIR, out),
                    Catch::Contains("reserved word"));
  CHECK_THROWS_WITH(run_new_game(registry, {"ok_game", "", root / "nowhere"}, TESSERA_SOURCE_DIR, out),
                    Catch::Contains("is not a Tessera source tree"));
  CHECK(files_under(root) == std::vector<fs::path>{"plugins/CMakeLists.txt"});
  fs::remove_all(root);
}
