// The rules numbers a game reads from its game.yaml (so that an overlay alone changes them)
// are refused out of their range with the file, line and column and what the range is.
#include <catch2/catch.hpp>

#include "support/registry.hpp"

namespace {

struct Case {
  const char* game;
  int players;
  const char* from;
  const char* to;
  const char* reported;
  const char* file = "game.yaml";  // where the refusal points: the number, or what it conflicts with
};

const Case kCases[] = {
    {"tutorial", 2, "work_divisor: 2", "work_divisor: 0", "game.yaml:21:17: 'work_divisor' must be at least 1"},
    {"catan_inca", 3, "roll: 7 ", "roll: 13 ", "'roll' is a total of two dice, 2..12"},
    // A robber's roll that a number token shows would leave that hex producing on the robber's roll.
    {"catan_inca", 3, "roll: 7 ", "roll: 6 ", "a number token is 2..12 but not the robber's roll (seven.roll of game.yaml: 6)", "board.yaml"},
    {"catan_inca", 3, "discard_divisor: 2", "discard_divisor: 0", "discard_divisor"},
    {"catan_inca", 3, "production: {settlement: 1, city: 2}", "production: {settlement: 1, city: -1}", "city"},
    {"santa_maria", 2, "years: 3", "years: 10", "years must be 1..9"},
    {"age_of_discovery", 2, "actions_per_turn: 2", "actions_per_turn: 5",
     "a turn has at most the four actions, each once"},
    {"age_of_discovery", 2, "actions_per_turn: 2", "actions_per_turn: 0", "'actions_per_turn' must be at least 1"},
    {"madeira", 2, "captain: 2", "captain: 7", "'captain' must be 1..6"},
    {"madeira", 2, "character_actions: {administrator: 2, captain: 2, mayor: 2}",
     "character_actions: {administrator: 2, captain: 2}", "missing required key 'mayor'"},
    {"sardinia", 2, "min_influence_to_score: 1", "min_influence_to_score: 0", "'min_influence_to_score' must be at least 1"},
};

}  // namespace

TEST_CASE("A rules number out of its range in game.yaml is refused with its place and its range", "[data]") {
  for (const Case& c : kCases) {
    INFO(c.game << ": " << c.from << " -> " << c.to);
    const auto problems = tessera::testing::problems_with_edited_data(c.game, c.players, "game.yaml", c.from, c.to);
    CAPTURE(problems);
    CHECK(tessera::testing::mentions(problems, c.reported));
    CHECK(tessera::testing::mentions(problems, "data/" + std::string(c.game) + "/" + c.file + ":"));
  }
}
