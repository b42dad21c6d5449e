#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/error.hpp"
#include "tessera/graph_board.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// Spaces 0 anglona (hills), 1 logudoro (plain, capacity 2, full with 2 armies of seat 0),
// 2 sassari (hills, gold 1, an army of seat 1), 3 olbia (gold 2, a neutral fort).
// Land links 0-1, 1-2, 2-3, 1-3; a sea link 0-3.
void arrange(Harness& h) {
  h.table.add<GraphBoard>("sardinia");
  GraphBoard& b = h.table.get<GraphBoard>("sardinia");
  b.add_space("anglona");
  b.add_space("logudoro", 2);
  b.add_space("sassari");
  b.add_space("olbia");
  b.add_link(0, 1, "land");
  b.add_link(1, 2, "land");
  b.add_link(2, 3, "land");
  b.add_link(0, 3, "sea");
  b.add_link(1, 3, "land");
  b.set_attribute(0, "terrain", std::string("hills"));
  b.set_attribute(1, "terrain", std::string("plain"));
  b.set_attribute(2, "terrain", std::string("hills"));
  b.set_attribute(2, "gold", 1);
  b.set_attribute(3, "gold", 2);
  b.add_pieces(1, 0, "army", 2);
  b.add_pieces(2, 1, "army", 1);
  b.add_pieces(3, kNobody, "fort", 1);
  h.runtime.run_file("components/graph_board.lua");
}

json link(int a, int b, const std::string& type) { return {{"a", a}, {"b", b}, {"type", type}}; }
json stack(int space, int owner, const std::string& kind, int count) {
  return {{"space", space}, {"owner", owner}, {"kind", kind}, {"count", count}};
}

const std::string kScript = "scripts/test/components/graph_board.lua:";

}  // namespace

TEST_CASE("Graph board queries on spaces, attributes, links and pieces work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("board_read");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] ==
        json{{"counts", {4, 5}},
             {"links", {link(0, 1, "land"), link(1, 2, "land"), link(2, 3, "land"), link(0, 3, "sea"), link(1, 3, "land")}},
             {"find", {2, -1}},
             {"index", 3},
             {"id", "logudoro"},
             {"capacity", {2, -1}},
             {"has", {true, false}},
             {"text", {"hills", "sea"}},
             {"number", {2, -1}},
             {"with_gold", {2, 3}},
             {"hills", {0, 2}},
             {"gold1", {2}},
             {"neighbours", {{0, 2, 3}, {1}}},
             {"adjacent", {true, false}},
             {"count", {2, 2, 0, 1, 1}},
             {"count_all", {4, 3, 1}},
             {"room", {0, -1}},
             {"pieces_at", {stack(1, 0, "army", 2)}},
             {"pieces_of", {stack(1, 0, "army", 2), stack(2, 1, "army", 1)}}});
}

TEST_CASE("Graph board path searches take Lua functions as space tests", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("board_paths");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"distances", {0, 1, 2, 1}},
                             {"land", {0, 1, 2, 2}},
                             {"around_full", {0, 1, -1, -1}},
                             {"distance", {1, 2, -1}},
                             {"path", {0, 1, 2}},
                             {"none", json::array()},
                             {"reachable", {1, 2, 3}},
                             {"end_free", {2, 3}}});
}

TEST_CASE("Graph board pieces, capacities and attributes change from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("board_write");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"at0", {stack(0, 1, "army", 2)}},
                             {"at1", {stack(1, 0, "army", 1), stack(1, 1, "army", 1)}},
                             {"capacity", 5},
                             {"looted", "yes"},
                             {"gold", 4}});
  const GraphBoard& b = h.table.get<GraphBoard>("sardinia");
  CHECK(b.count(1) == 2);
  CHECK(b.count_all(1, "army") == 4);
}

TEST_CASE("Graph board errors name the script line and leave the board unchanged", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_WITH(h.apply("board_full"), Catch::StartsWith(kScript + "2: space 'logudoro' has room for 0 more pieces, not 1"));
  CHECK_THROWS_WITH(h.options("board_in_options"), Catch::StartsWith(kScript + "3: options() may not change the state"));
  CHECK_THROWS_WITH(h.apply("board_test_writes"), Catch::StartsWith(kScript + "4: passable test may not change the state"));
  CHECK_THROWS_WITH(h.apply("board_test_nil"), Catch::StartsWith(kScript + "5: endable test must return true or false, got nil"));
  CHECK_THROWS_WITH(h.apply("board_bad_value"),
                    Catch::StartsWith(kScript + "6: bad argument #3 to 'set_attribute' (string or integer expected, got boolean)"));
  CHECK_THROWS_WITH(h.apply("board_bad_owner"),
                    Catch::StartsWith(kScript + "7: seat 2 is not a seat of this table (2 players) nor -1 (nobody)"));
  CHECK(h.table == before);
}
