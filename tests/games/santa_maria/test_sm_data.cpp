// Santa Maria data: the shipped YAML loads, and broken data is reported with the file,
// the place and the reason instead of crashing.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/registry.hpp"

namespace fs = std::filesystem;

namespace {

// Copies data/santa_maria to a scratch folder, replaces `from` by `to` in `file`, and returns
// what validate() reports for that data.
std::vector<std::string> problems_with(const std::string& file, const std::string& from, const std::string& to) {
  const auto& registry = tessera::testing::game_registry();
  const tessera::PluginEntry& entry = registry.game("santa_maria");
  const fs::path scratch = fs::path(TESSERA_BUILD_DIR) / "sm_bad_data";
  fs::remove_all(scratch);
  fs::copy(entry.data_dir, scratch, fs::copy_options::recursive);
  std::stringstream text;
  text << std::ifstream(scratch / file).rdbuf();
  std::string s = text.str();
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  s.replace(at, from.size(), to);
  std::ofstream(scratch / file, std::ios::trunc) << s;
  tessera::GameConfig config = registry.config("santa_maria", 2, 1);
  config.data_dir = scratch;
  auto problems = entry.module->validate(config);
  fs::remove_all(scratch);
  return problems;
}

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
  for (const auto& p : problems)
    if (p.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("The shipped Santa Maria data validates", "[santa_maria]") {
  const auto& registry = tessera::testing::game_registry();
  const tessera::PluginEntry& entry = registry.game("santa_maria");
  for (int players = 1; players <= 4; ++players)
    CHECK(entry.module->validate(registry.config("santa_maria", players, 1)).empty());
}

TEST_CASE("Broken Santa Maria data is reported with its file and reason", "[santa_maria]") {
  auto p = problems_with("colony.yaml", "{r: 1, c: 2, terrain: forest, b: B_WOOD}", "{r: 1, c: 2, terrain: swamp, b: B_WOOD}");
  CHECK(mentions(p, "data/santa_maria/colony.yaml:"));
  CHECK(mentions(p, "unknown terrain 'swamp'"));
  p = problems_with("colony.yaml", "{id: D02, shape: D, cells: [{terrain: farm, b: B_GRAIN}, {road: 1}]}",
                    "{id: D02, shape: D, cells: [{terrain: farm, b: B_GRAIN}]}");
  CHECK(mentions(p, "one cell per square of the shape"));
  p = problems_with("colony.yaml", "{id: B_SHIP, effects: [{effect: ship}]}", "{id: B_SHIP, effects: [{effect: sail}]}");
  CHECK(mentions(p, "names effect 'sail', which no script defines"));
  p = problems_with("game.yaml", "storage_cap: 3", "storage_cap: x");
  CHECK(mentions(p, "data/santa_maria/game.yaml:"));
  p = problems_with("game.yaml", "  - {id: one_dock, per_tile: 2, cap: 12}", "  - {id: one_dock, cap: 12}");
  CHECK(mentions(p, "missing required key 'per_tile'"));
  p = problems_with("game.yaml", "monks: [2, 5, 8, 11, 14, 17]", "monks: [2, 5, 8, 11, 14, 27]");
  CHECK(mentions(p, "must be a space 1..20"));
  p = problems_with("game.yaml", "blue_dice: own", "blue_dice: mine");
  CHECK(mentions(p, "blue_dice is own or shared"));
}
