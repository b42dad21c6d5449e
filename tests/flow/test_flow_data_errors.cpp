// Broken flow.yaml and schema.yaml are reported with their file and place, and a flow that
// pushes itself forever is refused instead of hanging the host.
#include <catch2/catch.hpp>

#include "support/registry.hpp"

using tessera::testing::problems_with_edited_data;

namespace {
// Whether validate() reports `text` when `from` in data/tutorial/<file> becomes `to`.
void reports(const std::string& file, const std::string& from, const std::string& to, const std::string& text) {
  const auto problems = problems_with_edited_data("tutorial", 2, file, from, to);
  CAPTURE(problems);
  CHECK(tessera::testing::mentions(problems, text));
}
}  // namespace

TEST_CASE("A broken flow.yaml is reported with its file, line and column", "[flow]") {
  reports("flow.yaml", "kind: sequence", "kind: parade",
          "data/tutorial/flow.yaml:58:11: unknown step kind 'parade'");
  reports("flow.yaml", "moves: [roll]", "moves: [rol]",
          "data/tutorial/flow.yaml:62:5: step 'roll_dice' offers move 'rol', which is not declared");
  reports("flow.yaml", "- die: {index: dice}", "- die: {index: die}",
          "no index domain 'die'");
  reports("flow.yaml", "      - way: {enum: [up, down]}",
          "      - way: {enum: [up, down]}\n      - a: seat\n      - b: seat\n      - c: seat",
          "move 'adjust' has more than 4 parameters");
}

TEST_CASE("A flow.yaml's search hint is a depth from 1 to 1,000,000", "[flow]") {
  reports("flow.yaml", "start: game", "start: game\nsearch: {rollout_depth: 0}",
          "'rollout_depth' must be from 1 to 1000000");
  reports("flow.yaml", "start: game", "start: game\nsearch: {rollout_depth: 2000000}",
          "'rollout_depth' must be from 1 to 1000000");
  reports("flow.yaml", "start: game", "start: game\nsearch: {depth: 30}", "unknown key 'depth'");
}

TEST_CASE("A flow whose steps push each other forever is refused with the chain of steps", "[flow]") {
  reports("flow.yaml", "steps: [roll_dice, use_dice]", "steps: [turn]",
          "the flow is 32 steps deep (game > round > turn > turn");
}

TEST_CASE("A broken schema.yaml is reported with its file and place", "[flow]") {
  reports("schema.yaml", "kind: track", "kind: track, colour: red",
          "data/tutorial/schema.yaml:4:27: unknown key 'colour'");
  reports("schema.yaml", "{last_round: [0, 1]}", "{last_round: [1, 0]}",
          "data/tutorial/schema.yaml:12:24: a key's range is [lo, hi] with lo <= hi");
}
