// Age of Discovery data: the shipped YAML loads, and broken data is reported with the
// file and the reason instead of crashing.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/registry.hpp"
#include "support/build_paths.hpp"

namespace {

// What validate() reports for the shipped data with `from` replaced by `to` in `file`.
std::vector<std::string> problems_with(const std::string& file, const std::string& from, const std::string& to) {
  return tessera::testing::problems_with_edited_data("age_of_discovery", 3, file, from, to);
}

using tessera::testing::mentions;

}  // namespace

TEST_CASE("The shipped Age of Discovery data validates for every player count", "[age_of_discovery]") {
  const auto& registry = tessera::testing::game_registry();
  const tessera::PluginEntry& entry = registry.game("age_of_discovery");
  for (int players = 2; players <= 4; ++players)
    CHECK(entry.module->validate(registry.config("age_of_discovery", players, 1)).empty());
}

TEST_CASE("Broken Age of Discovery data is reported with its file and reason", "[age_of_discovery]") {
  auto p = problems_with("cards.yaml", "colour: red,    limit: 3", "colour: purple, limit: 3");
  CHECK(mentions(p, "data/age_of_discovery/cards.yaml:"));
  CHECK(mentions(p, "unknown colour 'purple'"));
  p = problems_with("cards.yaml", "{id: tc_red_4,    colour: red,    requirement: 4}",
                    "{id: tc_red_3,    colour: red,    requirement: 4}");
  CHECK(mentions(p, "contract 'tc_red_3' listed twice"));
  p = problems_with("game.yaml", "pile_sizes_before_scoring_cards: [6, 6, 6, 7, 7]",
                    "pile_sizes_before_scoring_cards: [6, 6, 6, 7, 8]");
  CHECK(mentions(p, "need 43 standard ships, the data has 42"));
  p = problems_with("cards.yaml", "effect: mission, params: {type: presence}}\n  - {id: m2_half",
                    "effect: nowhere, params: {type: presence}}\n  - {id: m2_half");
  CHECK(mentions(p, "data/age_of_discovery/cards.yaml:57:43: no script in scripts/age_of_discovery defines effect 'nowhere'"));
  p = problems_with("game.yaml", "flagships:", "flagshipz:");
  CHECK(mentions(p, "data/age_of_discovery/game.yaml:"));
}

TEST_CASE("A variant's data overlays apply to every Age of Discovery data file", "[age_of_discovery]") {
  namespace fs = std::filesystem;
  const auto& registry = tessera::testing::game_registry();
  const tessera::PluginEntry& entry = registry.game("age_of_discovery");
  const fs::path scratch = fs::path(tessera::testing::kBuildDir) / "age_of_discovery_overlay";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  fs::copy(entry.data_dir, scratch / "data", fs::copy_options::recursive);
  fs::copy(entry.script_dir, scratch / "scripts", fs::copy_options::recursive);
  fs::create_directories(scratch / "data/variants/rich");
  fs::create_directories(scratch / "scripts/variants");
  std::ofstream(scratch / "data/variants/rich/game.yaml") << "constants: {starting_coins: 10}\n";
  std::ofstream(scratch / "data/variants/rich/cards.yaml") << "expeditions:\n  - {id: abreu, limit: 4}\n";
  std::ofstream(scratch / "data/variants/rich/flow.yaml") << "steps:\n  buying: {prompt: Buy more ships}\n";
  std::ofstream(scratch / "scripts/variants/rich.lua") << "-- the variant changes data only\n";
  tessera::GameConfig config = registry.config("age_of_discovery", 2, 1);
  config.data_dir = scratch / "data";
  config.script_dir = scratch / "scripts";
  config.variants = {"rich"};
  auto game = entry.module->new_game(config);
  const nlohmann::json s = game->table().to_json();
  for (int seat = 0; seat < 2; ++seat) CHECK(s["seats"][seat]["player"]["values"]["coins"] == 10);
  CHECK(game->render(tessera::kSpectator).find("abreu (red, 0/4)") != std::string::npos);
  REQUIRE(game->apply("buy 1").ok);
  CHECK(game->decision().prompt == "Buy more ships");
  game.reset();
  fs::remove_all(scratch);
}
