// The conformance suite (host/conformance.hpp) on every plugin of the build's plugin folder:
// a test case per check, each over every game. The checks themselves live in the host, so
// that `tessera conformance <game>` runs the very same ones on a game built elsewhere.
#include <catch2/catch.hpp>

#include "conformance.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"

using namespace tessera;
using tessera::testing::game_registry;

namespace {

std::vector<std::string> game_ids() {
  std::vector<std::string> ids;
  for (const PluginEntry* e : game_registry().games()) ids.push_back(e->manifest.id);
  return ids;
}

// The known limits of this tree's games (host/conformance.hpp); any other game that shows
// one fails.
std::vector<std::string> known_limits(const std::string& id) {
  if (id == "santa_maria") return {host::kLimitScoreAtEnd};  // its running happiness is hidden
  return {};
}

void every_game_passes(const char* check) {
  host::ConformanceOptions options;
  // Under the sanitizers (about 13 times slower here) the scenario edits try every 4th
  // scalar, a different share at each start, so CI's sanitized run stays short and still
  // reaches every kind of value over the starts.
#ifdef TESSERA_SANITIZED
  options.edit_stride = 4;
#endif
  REQUIRE_FALSE(game_ids().empty());
  for (const auto& id : game_ids()) {
    INFO(id);
    options.allow = known_limits(id);
    const host::ConformanceResult result = host::run_conformance_check(game_registry(), id, check, options);
    for (const std::string& failure : result.failures) FAIL_CHECK(failure);
    for (const std::string& note : result.notes) WARN(id << ": " << note);
  }
}

}  // namespace

TEST_CASE("Every plugin in the build folder loads and none is refused", "[conformance]") {
  CHECK(game_registry().problems().empty());
  for (const auto& p : game_registry().problems()) WARN(p);
  CHECK_FALSE(game_ids().empty());
  for (const auto& id : game_ids()) {
    INFO(id);
    CHECK(game_registry().game(id).manifest.id == id);
  }
}

TEST_CASE("Every game plays seeded random games to the end for every player count", "[conformance]") {
  every_game_passes("plays-to-end");
}

TEST_CASE("A clone equals its original and evolves independently", "[conformance]") { every_game_passes("clone"); }

TEST_CASE("A state's JSON round-trips through set_state", "[conformance]") { every_game_passes("round-trip"); }

TEST_CASE("A seat's view does not change when what it cannot see is re-dealt", "[conformance]") {
  every_game_passes("view");
}

TEST_CASE("The same seed and actions give the same final state, and rematch equals a new game",
          "[conformance]") {
  every_game_passes("determinism");
}

TEST_CASE("An action that is not legal is refused and changes nothing", "[conformance]") {
  every_game_passes("illegal-action");
}

TEST_CASE("Every shipped variant plays complete games", "[conformance]") { every_game_passes("variants"); }

TEST_CASE("A scenario edit of any value is refused or leaves a game that still plays", "[conformance]") {
  every_game_passes("scenario-edit");
}

TEST_CASE("A determinization keeps what the seat sees, hides the future, and depends on nothing else",
          "[conformance][search]") {
  every_game_passes("determinization");
}

TEST_CASE("undo() takes back the last move exactly: the state, its hash and the legal actions", "[conformance][search]") {
  every_game_passes("undo");
}

TEST_CASE("Each legal move has one text: it reads back as the move, and no other spelling is accepted",
          "[conformance]") {
  every_game_passes("one-text");
}

TEST_CASE("Every game states its players, returns a result per seat and hashes its state", "[conformance][search]") {
  every_game_passes("returns-and-hash");
}

TEST_CASE("Every game keeps a score so far for every seat, which ends as the outcome's scores", "[conformance][search]") {
  every_game_passes("score-so-far");
}

TEST_CASE("Every category of a game's outcome is declared in its score.yaml, and the declared points add up to the score",
          "[conformance]") {
  every_game_passes("score-categories");
}

TEST_CASE("A game whose score.yaml declares a category wrongly fails the score-categories check, naming it",
          "[conformance]") {
  tessera::testing::ScratchGameRoot root("tutorial", "conformance_score_yaml");
  auto failures = [&](const std::string& declaration) {
    tessera::testing::write_file(root.data() / "score.yaml", declaration);
    const auto registry = root.registry();
    return host::run_conformance_check(*registry, "tutorial", "score-categories").failures;
  };
  CHECK(failures("points: [renown, spice]\ntie_breakers: [coins]\n").empty());
  const auto coins_as_points = failures("points: [renown, spice, coins]\n");
  REQUIRE_FALSE(coins_as_points.empty());
  CHECK_THAT(coins_as_points.front(), Catch::Contains("'coins' (") && Catch::Contains("is declared as points but is not counted in the score"));
  const auto spice_apart = failures("points: [renown]\ntie_breakers: [coins, spice]\n");
  REQUIRE_FALSE(spice_apart.empty());
  CHECK_THAT(spice_apart.front(), Catch::Contains("'spice' (") && Catch::Contains("is counted in the score but not declared as points"));
  const auto undeclared = failures("points: [renown, spice]\n");
  REQUIRE_FALSE(undeclared.empty());
  CHECK_THAT(undeclared.front(), Catch::Contains("the outcome's category 'coins' is not declared in data/tutorial/score.yaml"));
  const auto unused = failures("points: [renown, spice]\ntie_breakers: [coins, gold]\n");
  REQUIRE(unused.size() == 1);
  CHECK(unused.front() == "data/tutorial/score.yaml declares 'gold', which no outcome of the game has");
  const auto misspelt = failures("points: [renown, spice]\ntie_breaker: [coins]\n");
  REQUIRE(misspelt.size() == 1);
  CHECK_THAT(misspelt.front(), Catch::Contains("data/tutorial/score.yaml:2:1: unknown key 'tie_breaker' (did you mean 'tie_breakers'?)"));
  const auto twice = failures("points: [renown, spice]\ntie_breakers: [coins, renown]\n");
  REQUIRE(twice.size() == 1);
  CHECK_THAT(twice.front(), Catch::Contains("data/tutorial/score.yaml:2:23: 'renown' is declared twice (first at data/tutorial/score.yaml:1:10)"));
}

TEST_CASE("Each test case above runs one conformance check, and every check has one", "[conformance]") {
  const std::vector<std::string> run_here{"plays-to-end", "clone", "round-trip", "view", "determinism",
                                          "illegal-action", "variants", "scenario-edit", "determinization",
                                          "undo", "one-text", "returns-and-hash", "score-so-far",
                                          "score-categories"};
  std::vector<std::string> checks;
  for (const auto& check : host::conformance_checks()) checks.push_back(check.name);
  CHECK(checks == run_here);
}
