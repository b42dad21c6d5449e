// A scenario's `state` checks name what the state numbers (sdk/docs/scenarios.md, "Scenario
// tests"): list items by id, seats by name, a supply's resources by name.
#include <catch2/catch.hpp>

#include "scenario_check.hpp"
#include "scenario_source.hpp"
#include "session.hpp"
#include "support/registry.hpp"
#include "tessera/yaml_reader.hpp"

using tessera::DataError;
using tessera::host::ScenarioSource;
using tessera::host::Session;

namespace {

// Runs the `expect` of a CATAN scenario (3 players, seed 7, nothing changed) with these checks.
int run_checks(const std::string& expect) {
  const ScenarioSource source =
      ScenarioSource::from_yaml(tessera::parse_yaml("game: catan_inca\nplayers: 3\nseed: 7\nexpect:\n" + expect, "named.yaml"));
  const auto session = Session::from_scenario(tessera::testing::game_registry(), source);
  return tessera::host::run_expectations(*session, source);
}

}  // namespace

TEST_CASE("A scenario's state check names list items, seats and resources as the scenario writes them", "[host][scenario]") {
  // Red's lettered settlement "-2,1,E" pays fish, stone and ore; blue starts; the bank keeps
  // the rest (index pointers still work).
  CHECK(run_checks("  - state:\n"
                   "      /global/board/corners/-2,1,E/owner: 0\n"
                   "      /global/board/corners/2,-1,W: {id: \"2,-1,W\", owner: 2, piece: settlement}\n"
                   "      /seats/blue/tribe/values/markers: 2\n"
                   "      /seats/Red/tribe/values/markers: 2\n"
                   "      /global/cards/holdings/red/ore: 1\n"
                   "      /global/cards/holdings/red: [0, 1, 0, 0, 1, 1, 0, 0]\n"
                   "      /global/cards/resources/wool/bank: 20\n"
                   "      /global/cards/holdings/0/4: 1\n") == 1);

  // Each check below is refused at its place, with the first token that names nothing.
  const auto refused = [](const std::string& pointer, const std::string& value, const std::string& message) {
    INFO(pointer);
    try {
      run_checks("  - state:\n      " + pointer + ": " + value + "\n");
      FAIL("the check passed");
    } catch (const DataError& e) {
      CHECK_THAT(e.what(), Catch::Contains(message));
    }
  };
  refused("/global/board/corners/9,9,N/piece", "city",
          "named.yaml:6:7: the state has no '/global/board/corners/9,9,N' (no item, seat or resource '9,9,N' there)");
  refused("/seats/grey/tribe/values/markers", "2", "the state has no '/seats/grey'");  // 3 players
  refused("/global/cards/holdings/red/gold", "1", "no item, seat or resource 'gold' there");
  refused("/global/cards/holdings/red/ore", "2", "'/global/cards/holdings/red/ore' is 1, not 2");
  refused("/global/cards/holdings/red/ore/x", "2", "the state has no '/global/cards/holdings/red/ore/x'");
  refused("global", "2", "'global' is not a JSON pointer");
}
