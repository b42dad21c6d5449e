// Sardinia data errors: broken YAML is reported by validate() with the file and the reason.
#include <catch2/catch.hpp>

#include "support/registry.hpp"

namespace {

// What validate() reports for the shipped data with `from` replaced by `to` in `file`.
std::vector<std::string> problems_with(const std::string& file, const std::string& from, const std::string& to) {
  return tessera::testing::problems_with_edited_data("sardinia", 3, file, from, to);
}

using tessera::testing::mentions;

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
                 "no script in scripts/sardinia defines effect 'reap'"));
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

TEST_CASE("Sardinia refuses map codes a person cannot read from the province names", "[sardinia]") {
  CHECK(mentions(problems_with("game.yaml", "Bb: barbagia", "Rx: barbagia"),
                 "layout code 'Rx' must be read from the name 'Barbagia'"));
  CHECK(mentions(problems_with("game.yaml", "Bb: barbagia", "Bb: barbagia, Ba2: baronia"), "must be two letters"));
  CHECK(mentions(problems_with("game.yaml", "Bb: barbagia", "Bb: barbagia, Br: barbagia"), "has two layout codes"));
  CHECK(mentions(problems_with("game.yaml", "Bb: barbagia, ", ""), "province 'barbagia' has no layout code"));
  CHECK(mentions(problems_with("game.yaml", "- \".. Nu Nu An An Ga Ga ..\"", "- \".. Nu Nu An An Ga XX ..\""),
                 "'XX' is not a layout code"));
  CHECK(mentions(problems_with("game.yaml", "Bb: barbagia", "Rx: barbagia"), "data/sardinia/game.yaml:"));
}
