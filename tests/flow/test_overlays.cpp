// Variant data overlays are loaded by the core for every game: an overlay of a file the
// game never reads would change nothing, so the registry refuses it, naming the file.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/registry.hpp"
#include "support/temp_dir.hpp"
#include "support/build_paths.hpp"

using namespace tessera;
namespace fs = std::filesystem;

TEST_CASE("A variant's data overlay of a file the game never reads is refused, naming the file", "[flow]") {
  const PluginRegistry& registry = tessera::testing::game_registry();
  const PluginEntry& entry = registry.game("tutorial");
  const fs::path scratch = fs::path(tessera::testing::kBuildDir) / "tutorial_unread_overlay";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  fs::copy(entry.data_dir, scratch / "data", fs::copy_options::recursive);
  fs::copy(entry.script_dir, scratch / "scripts", fs::copy_options::recursive);
  std::ofstream(scratch / "scripts/variants/odd.lua") << "-- Odd: an overlay of nothing\n";
  fs::create_directories(scratch / "data/variants/odd");
  std::ofstream(scratch / "data/variants/odd/board.yaml") << "size: 9\n";
  GameConfig config = registry.config("tutorial", 2, 1);
  config.data_dir = scratch / "data";
  config.script_dir = scratch / "scripts";
  config.variants = {"odd"};
  const std::string why = "data/tutorial/variants/odd/board.yaml: game 'tutorial' reads no board.yaml";
  CHECK_THROWS_WITH(registry.new_game("tutorial", config), Catch::Contains(why));
  CHECK(tessera::testing::mentions(registry.validate("tutorial", config), why));
  SECTION("an overlay of a file it reads is taken") {
    fs::rename(scratch / "data/variants/odd/board.yaml", scratch / "data/variants/odd/game.yaml");
    std::ofstream(scratch / "data/variants/odd/game.yaml", std::ios::trunc) << "start: {coins: 5}\n";
    auto game = registry.new_game("tutorial", config);
    CHECK(game->table().to_json()["global"]["goods"]["holdings"][0][0] == 5);
  }
  fs::remove_all(scratch);
}

TEST_CASE("A variant may be only a data overlay: listed, checked and played without a Lua page", "[flow]") {
  const tessera::testing::ScratchGameRoot root("tutorial", "tutorial_overlay_only");
  tessera::testing::write_file(root.data() / "variants/rich/game.yaml", "# Rich start: five coins each.\nstart: {coins: 5}\n");
  const auto registry = root.registry();
  const auto variants = registry->variants("tutorial");
  CHECK(std::find(variants.begin(), variants.end(), "rich") != variants.end());
  CHECK(registry->variant_players("tutorial", "rich") == std::pair{2, 4});
  auto game = registry->new_game("tutorial", registry->config("tutorial", 2, 1, {"rich"}));
  CHECK(game->table().to_json()["global"]["goods"]["holdings"][0][0] == 5);
  CHECK_THROWS_WITH(registry->config("tutorial", 2, 1, {"poor"}), Catch::Contains("has no variant 'poor'"));
}
