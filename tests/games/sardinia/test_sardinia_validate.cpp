// Sardinia data errors: broken YAML is reported by validate() with the file and the reason.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/registry.hpp"

namespace fs = std::filesystem;

namespace {

// Copies data/sardinia to a scratch folder, replaces `from` by `to` in `file`, and returns what
// validate() reports for that data.
std::vector<std::string> problems_with(const std::string& file, const std::string& from, const std::string& to) {
  const auto& registry = tessera::testing::game_registry();
  const tessera::PluginEntry& entry = registry.game("sardinia");
  const fs::path scratch = fs::path(TESSERA_BUILD_DIR) / "sardinia_bad_data";
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
  tessera::GameConfig config = registry.config("sardinia", 3, 1);
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

TEST_CASE("Sardinia's shipped data validates cleanly", "[sardinia]") {
  const auto& registry = tessera::testing::game_registry();
  CHECK(registry.game("sardinia").module->validate(registry.config("sardinia", 2, 1)).empty());
}

TEST_CASE("Sardinia reports broken data with the file and the reason", "[sardinia]") {
  CHECK(mentions(problems_with("cards.yaml", "{id: launch,", "{id: teleport,"), "cards.yaml"));
  CHECK(mentions(problems_with("cards.yaml", "{id: launch,", "{id: teleport,"), "unknown card option 'teleport'"));
  CHECK(mentions(problems_with("cards.yaml", "effect: harvest}", "effect: reap}"),
                 "data/sardinia/cards.yaml:"));
  CHECK(mentions(problems_with("cards.yaml", "effect: harvest}", "effect: reap}"),
                 "effect 'reap' of the Farmer's harvest is not defined by any script"));
  CHECK(mentions(problems_with("game.yaml", "sulcis:     [iglesiente, campidano]", "sulcis:     [iglesiente]"),
                 "adjacency is not symmetric"));
  CHECK(mentions(problems_with("game.yaml", "{type: wheat,  count: 2", "{type: wheat,  count: 3"),
                 "3 tokens for the 2 yellow provinces"));
  CHECK(mentions(problems_with("game.yaml", "province: sulcis}", "province: marmilla}"),
                 "a port needs a coastal province"));
  CHECK(mentions(problems_with("game.yaml", "two_player_second_place: half", "two_player_second_place: maybe"),
                 "must be 'half' or 'none'"));
  CHECK(mentions(problems_with("game.yaml", "{id: 7,  provinces: [gallura, baronia]", "{id: 7,  provinces: [gallura]"),
                 "a fort space touches at least 2 provinces"));
}
