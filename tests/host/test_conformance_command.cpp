// `tessera conformance <game>`: the suite on one game, a line per check, and an exit code a
// game's CTest can use; a broken game fails, naming what and where.
#include <catch2/catch.hpp>
#include <sstream>

#include "conformance.hpp"
#include "support/host_process.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"
#include "tessera/error.hpp"

using namespace tessera;
using namespace tessera::host;
using Catch::Contains;

TEST_CASE("tessera conformance prints a line per check and passes a good game", "[host][conformance]") {
  std::ostringstream out;
  CHECK(run_conformance(testing::game_registry(), "tutorial", {"clone", "illegal-action"}, {}, out) == 0);
  CHECK(out.str() == "ok      clone: A clone equals its original and evolves independently\n"
                     "ok      illegal-action: An action that is not legal is refused and changes nothing\n"
                     "tutorial: all 2 conformance checks passed\n");
}

TEST_CASE("tessera conformance fails a game that breaks a check, naming the place", "[host][conformance]") {
  // A shipped variant whose hook throws in the second round.
  testing::ScratchGameRoot root("tutorial", "conformance_broken");
  testing::write_file(root.scripts() / "variants/broken.lua",
             "-- Broken: fails in the second round.\n"
             "hook(\"on_round_start\", function(ctx)\n"
             "  if ctx:get(\"turns\"):round() > 1 then error(\"boom\") end\n"
             "end)\n");
  auto registry = root.registry();
  const ConformanceResult result = run_conformance_check(*registry, "tutorial", "variants");
  REQUIRE_FALSE(result.failures.empty());
  CHECK_THAT(result.failures.front(), Contains("variant broken players 2 seed 2: ") && Contains("boom"));
  for (const std::string& failure : result.failures) CHECK_THAT(failure, Contains("variant broken"));

  std::ostringstream out;
  CHECK(run_conformance(*registry, "tutorial", {"variants", "clone"}, {}, out) == 1);
  CHECK_THAT(out.str(), Contains("FAILED  variants: Every shipped variant plays complete games\n    variant broken"));
  CHECK_THAT(out.str(), Contains("ok      clone"));
  CHECK_THAT(out.str(), Contains("tutorial: 1 of 2 conformance checks failed"));
}

TEST_CASE("A known limit fails the suite unless the game declares it", "[host][conformance]") {
  // Santa Maria scores at the end only.
  const ConformanceResult strict = run_conformance_check(testing::game_registry(), "santa_maria", "score-so-far");
  REQUIRE(strict.failures.size() == 1);
  CHECK_THAT(strict.failures[0], Contains("score_so_far() tells no seats apart before the end (--allow score-at-end"));
  ConformanceOptions allowed;
  allowed.allow = {kLimitScoreAtEnd};
  const ConformanceResult lenient =
      run_conformance_check(testing::game_registry(), "santa_maria", "score-so-far", allowed);
  CHECK(lenient.failures.empty());
  REQUIRE_FALSE(lenient.notes.empty());
  CHECK_THAT(lenient.notes[0], Contains("allowed: score-at-end"));
}

TEST_CASE("tessera conformance refuses an unknown game, check or limit", "[host][conformance]") {
  const PluginRegistry& registry = testing::game_registry();
  std::ostringstream out;
  CHECK_THROWS_WITH(run_conformance(registry, "nope", {}, {}, out), Contains("unknown game 'nope'"));
  CHECK_THROWS_WITH(run_conformance(registry, "tutorial", {"clone", "speed"}, {}, out),
                    Contains("no conformance check 'speed' (checks: plays-to-end, clone,"));
  ConformanceOptions options;
  options.allow = {"slow"};
  CHECK_THROWS_WITH(run_conformance(registry, "tutorial", {"clone"}, options, out),
                    Contains("no known limit 'slow' (limits: hidden-moves, score-at-end)"));
  CHECK(out.str().empty());  // refused before any check ran
}

TEST_CASE("The tessera program runs the suite on a game from folders given on its command line",
          "[host][conformance]") {
  testing::ScratchGameRoot root("tutorial", "conformance_cli");
  testing::write_file(root.scripts() / "variants/broken.lua",
                      "-- Broken.\nhook(\"on_setup\", function(ctx) error(\"boom\") end)\n");
  // The scratch root comes before the source tree, so its broken variant is the game's.
  const testing::HostRun run = testing::run_tessera(
      {"--data-root", root.dir.path.string(), "conformance", "tutorial", "--check", "variants"});
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.out, Contains("FAILED  variants") && Contains("boom"));
  const testing::HostRun good = testing::run_tessera({"conformance", "tutorial", "--check", "clone"});
  CHECK(good.exit_code == 0);
  CHECK_THAT(good.out, Contains("tutorial: all 1 conformance checks passed"));
}
