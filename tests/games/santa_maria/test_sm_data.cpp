// Santa Maria data: the shipped YAML loads, and broken data is reported with the file,
// the place and the reason instead of crashing.
#include <catch2/catch.hpp>

#include "support/registry.hpp"

namespace {

// What validate() reports for the shipped data with `from` replaced by `to` in `file`.
std::vector<std::string> problems_with(const std::string& file, const std::string& from, const std::string& to) {
  return tessera::testing::problems_with_edited_data("santa_maria", 2, file, from, to);
}

using tessera::testing::mentions;

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
  CHECK(mentions(p, "no script in scripts/santa_maria defines effect 'sail'"));
  p = problems_with("game.yaml", "storage_cap: 3", "storage_cap: x");
  CHECK(mentions(p, "data/santa_maria/game.yaml:"));
  p = problems_with("game.yaml", "  - {id: one_dock, per_tile: 2, cap: 12}", "  - {id: one_dock, cap: 12}");
  CHECK(mentions(p, "missing required key 'per_tile'"));
  p = problems_with("game.yaml", "monks: [2, 5, 8, 11, 14, 17]", "monks: [2, 5, 8, 11, 14, 27]");
  CHECK(mentions(p, "must be a space 1..20"));
  p = problems_with("game.yaml", "blue_dice: own", "blue_dice: mine");
  CHECK(mentions(p, "blue_dice is own or shared"));
}
