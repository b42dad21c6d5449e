// Age of Discovery data: the shipped YAML loads, and broken data is reported with the
// file and the reason instead of crashing.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/registry.hpp"

namespace fs = std::filesystem;

namespace {

// Copies data/age_of_discovery to a scratch folder, replaces `from` by `to` in `file`,
// and returns what validate() reports for that data.
std::vector<std::string> problems_with(const std::string& file, const std::string& from, const std::string& to) {
  const auto& registry = tessera::testing::game_registry();
  const tessera::PluginEntry& entry = registry.game("age_of_discovery");
  const fs::path scratch = fs::path(TESSERA_BUILD_DIR) / "aod_bad_data";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  for (const auto& f : fs::directory_iterator(entry.data_dir)) fs::copy(f.path(), scratch / f.path().filename());
  std::stringstream text;
  text << std::ifstream(scratch / file).rdbuf();
  std::string s = text.str();
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  s.replace(at, from.size(), to);
  std::ofstream(scratch / file, std::ios::trunc) << s;
  tessera::GameConfig config = registry.config("age_of_discovery", 3, 1);
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
  CHECK(mentions(p, "names effect 'nowhere', which no script defines"));
  p = problems_with("game.yaml", "flagships:", "flagshipz:");
  CHECK(mentions(p, "data/age_of_discovery/game.yaml:"));
}
