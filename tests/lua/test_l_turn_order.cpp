#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/error.hpp"
#include "tessera/turn_order.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// Turn order "turns": seat 1 then seat 0, seat 1 starting, round 1.
void arrange(Harness& h) {
  h.table.add<TurnOrder>("turns", std::vector<int>{1, 0});
  h.runtime.run_file("components/turn_order.lua");
}

const std::string kScript = "scripts/test/components/turn_order.lua:";

}  // namespace

TEST_CASE("Turn order queries work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("turns_read");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"order", {1, 0}},
                             {"size", 2},
                             {"contains", {true, false}},
                             {"position", 1},
                             {"current", 1},
                             {"current_index", 0},
                             {"start", 1},
                             {"round", 1},
                             {"passed", {false, 0, false}},
                             {"pass_order", json::array()},
                             {"around", {0, 0}},
                             {"next_start", 0}});
}

TEST_CASE("Turn order advance, pass and new rounds work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("turns_play");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"moved", true},
                             {"again", true},
                             {"stuck", false},
                             {"pass_order", {0, 1}},
                             {"next_round", {{"order", {0, 1}}, {"current", 0}, {"start", 0}, {"round", 2}}},
                             {"later", {{"round", 8}, {"current", 0}, {"start", 0}}},
                             {"order", {1}},
                             {"current", 1},
                             {"start", 1}});
  const TurnOrder& turns = h.table.get<TurnOrder>("turns");
  CHECK(turns.order() == std::vector<int>{1});
  CHECK(turns.round() == 8);
}

TEST_CASE("Turn order errors name the script line and leave the order unchanged", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_WITH(h.apply("turns_bad_pass"), Catch::StartsWith(kScript + "2: turn_order 'turns': seat 2 is not in the order"));
  CHECK_THROWS_WITH(h.options("turns_in_options"), Catch::StartsWith(kScript + "3: options() may not change the state"));
  CHECK_THROWS_WITH(h.apply("turns_bad_seat"), Catch::StartsWith(kScript + "4: seat 5 is not a seat of this table (2 players)"));
  CHECK_THROWS_WITH(h.apply("turns_bad_list"),
                    Catch::StartsWith(kScript + "5: bad argument #1 to 'set_order' (element 2 must be an integer, got a string)"));
  CHECK(h.table == before);
}
