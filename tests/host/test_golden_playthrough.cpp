// The host's playthrough of a seeded game, word for word against a committed record: any
// change in rules, flow, RNG use or rendering shows up here first.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "commands.hpp"
#include "support/registry.hpp"
#include "support/build_paths.hpp"

TEST_CASE("Lantern Market: the seeded playthrough matches the committed golden record", "[tutorial][golden]") {
  // Regenerate after an intended rule change:
  //   build/bin/tessera playthrough tutorial --players 2 --seed 1 > tests/golden/tutorial_seed1.txt
  std::ostringstream actual;
  tessera::host::GameChoice choice{"tutorial", 2, 1, {}};
  REQUIRE(tessera::host::run_playthrough(tessera::testing::game_registry(), choice, actual) == 0);
  std::ifstream file(std::string(tessera::testing::kSourceDir) + "/tests/golden/tutorial_seed1.txt");
  REQUIRE(file);
  std::stringstream expected;
  expected << file.rdbuf();
  if (actual.str() != expected.str()) {
    std::ofstream(std::string(tessera::testing::kBuildDir) + "/tutorial_seed1.actual.txt") << actual.str();
    FAIL("playthrough differs from tests/golden/tutorial_seed1.txt; see build/tutorial_seed1.actual.txt");
  }
}
