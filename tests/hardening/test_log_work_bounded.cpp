// A log's replay is bounded work: at most kMaxLogSteps steps, of which at most
// kMaxLogSetSteps are `set` steps (each copies and checks the whole state, and sets can turn
// a game back, so a 16 MiB log of them replayed for minutes). A log past either bound is
// refused before the game starts, by `tessera replay`, the protocol's `load` and from_log.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "json_limits.hpp"
#include "session.hpp"
#include "support/registry.hpp"

using nlohmann::json;
using tessera::host::Session;

namespace {

json log_with(json steps) {
  return json{{"tessera_log", 1}, {"game", "sardinia"}, {"players", 2}, {"seed", 1},
              {"steps", std::move(steps)}, {"checksum", "0000000000000000"}};
}

}  // namespace

TEST_CASE("A log with more set steps or steps than a log may hold is refused before it replays", "[hardening][host]") {
  const auto& registry = tessera::testing::game_registry();
  json sets = json::array();
  for (std::size_t i = 0; i <= tessera::host::kMaxLogSetSteps; ++i)
    sets.push_back({{"set", "/global/board/spaces/0/attributes/name"}, {"value", i % 2 ? "a" : "b"}});
  // Refused from a count, before replaying (the message names the count).
  CHECK_THROWS_WITH(Session::from_log(registry, log_with(sets)),
                    Catch::Contains("1001 'set' and 'patch' steps, more than the 1000 scenario edits a log may hold"));
  CHECK_THROWS_WITH(Session::from_log_text(registry, log_with(sets).dump(), "edits.json"),
                    Catch::StartsWith("edits.json: log: 1001 'set' and 'patch' steps"));
  json actions = json::array();
  for (std::size_t i = 0; i <= tessera::host::kMaxLogSteps; ++i) actions.push_back({{"action", "pass"}});
  CHECK_THROWS_WITH(Session::from_log(registry, log_with(actions)), Catch::Contains("100001 steps, more than the 100000"));
  // Up to the bound, set steps replay (and this one then fails on its made-up checksum).
  sets.erase(sets.begin());
  CHECK_THROWS_WITH(Session::from_log(registry, log_with(sets)), Catch::Contains("ends in a different state"));
}
