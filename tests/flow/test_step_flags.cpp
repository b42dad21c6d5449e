// A step parameter that packs flags names its bits in flow.yaml (`flags:`), and scripts read
// them as booleans of the step table; ctx:step(name) gives a nested step's script the frame of
// an enclosing step. Driven through CATAN, whose turn keeps "rolled", "card played", ... in
// one parameter, with house rules whose assertions fail the game when a flag reads wrong.
#include <catch2/catch.hpp>

#include "support/registry.hpp"
#include "tessera/error.hpp"
#include "tessera/rng.hpp"

using tessera::testing::new_game;
using tessera::testing::new_game_with_scripts;
using tessera::testing::problems_with_edited_data;

namespace {

// Plays `game` with seeded random moves for `decisions` decisions; every move must apply.
void play(tessera::Game& game, std::uint64_t seed, int decisions) {
  tessera::Rng rng(seed);
  for (int step = 0; step < decisions && !game.is_over(); ++step) {
    const auto actions = game.legal_actions();
    const auto& text = actions[rng.below(actions.size())].text;
    const tessera::ApplyResult result = game.apply(text);
    INFO("decision " << step << ", " << text << ": " << result.error);
    REQUIRE(result.ok);
  }
}

// CATAN's flow.yaml with `from` replaced by `to` reports `text`.
void reports(const std::string& from, const std::string& to, const std::string& text) {
  const auto problems = problems_with_edited_data("catan_inca", 3, "flow.yaml", from, to);
  CAPTURE(problems);
  CHECK(tessera::testing::mentions(problems, text));
}

}  // namespace

TEST_CASE("A step's named flags reach scripts as booleans that follow the packed parameter", "[flow]") {
  // The turn offers `roll` only before the roll and `end` only after it, and a card is played
  // at most once a turn: each filter asserts what the flags must then say.
  const std::string page = R"(
filter_legal("roll", function(ctx, move, step)
  assert(step.rolled == false, "roll offered after the roll")
  assert(step.flags % 2 == 0 and step.turn_over == false)
  return true
end)
filter_legal("end", function(ctx, move, step)
  assert(step.rolled == true, "end offered before the roll")
  return true
end)
filter_legal("play_card", function(ctx, move, step)
  assert(step.card_played == false, "a second card offered")
  return true
end)
)";
  for (std::uint64_t seed : {1, 2, 3}) {
    auto g = new_game_with_scripts("catan_inca", 3, seed, {{"flag_reader", page}});
    play(*g, seed, 1500);
  }
}

TEST_CASE("ctx:step gives a nested step's script the frame of the step around it", "[flow]") {
  // A discard runs in the seven's queue inside the roller's turn: the turn has rolled, and no
  // founding placement is open.
  const std::string page = R"(
filter_legal("discard", function(ctx, move, step)
  local turn = ctx:step("turn")
  assert(turn and turn.name == "turn" and turn.rolled == true, "the turn around a discard has rolled")
  assert(step.name == "discard" and ctx:step("discard").seat == step.seat)
  assert(ctx:step("placement") == nil)
  return true
end)
)";
  auto g = new_game_with_scripts("catan_inca", 3, 4, {{"step_reader", page}});
  play(*g, 4, 3000);
  // An unknown step is an error naming the script's line, when the first turn's list is made
  // (the beginner set-up places the first pieces itself: that is as the game starts).
  std::string error;
  try {
    auto bad = new_game_with_scripts("catan_inca", 3, 4, {{"step_reader", R"(
filter_legal("roll", function(ctx, move, step) return ctx:step("tunr") ~= nil end)
)"}});
    bad->legal_actions();
  } catch (const tessera::Error& e) {
    error = e.what();
  }
  CHECK_THAT(error, Catch::Contains("ctx:step: no step named 'tunr'") && Catch::Contains("step_reader.lua:2"));
}

TEST_CASE("Named flags are checked as the flow loads: the parameter, the names and the game's own bits", "[flow]") {
  reports("flags: {flags: [rolled,", "flags: {flagz: [rolled,", "step 'turn' has no parameter 'flagz'");
  reports("flags: {flags: [rolled,", "flags: {flags: [Rolled,", "a flag is named by a lower-case identifier");
  reports("flags: {flags: [rolled,", "flags: {flags: [bought,", "step 'turn' already has a field named 'bought'");
  reports("flags: {flags: [rolled,", "flags: {flags: [seat,", "step 'turn' already has a field named 'seat'");
  // The C++ sets "rolled" as bit 1: a flow.yaml that names the bits otherwise is refused.
  reports("[rolled, card_played,", "[card_played, rolled,",
          "step 'turn' names bit 2 'rolled'; the game sets that flag as bit 1");
}
