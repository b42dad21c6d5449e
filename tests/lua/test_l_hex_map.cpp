#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <span>

#include "lua_harness.hpp"
#include "tessera/error.hpp"
#include "tessera/hex_map.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// Three mutually adjacent hexes: 0 = (0,0) forest 6, 1 = (1,0) hills 5, 2 = (0,1) desert.
// Corner "1,0,W" is where all three meet; edge "0,0,SE" lies between hexes 0 and 1.
void arrange(Harness& h) {
  h.table.add<HexMap>("island", std::vector<HexMap::Coord>{{0, 0}, {1, 0}, {0, 1}});
  HexMap& map = h.table.get<HexMap>("island");
  map.hex(0) = {"forest", 6, "", kNobody};
  map.hex(1) = {"hills", 5, "", kNobody};
  map.hex(2) = {"desert", 0, "", kNobody};
  h.runtime.run_file("components/hex_map.lua");
}

json ints(std::span<const int> values) { return json(std::vector<int>(values.begin(), values.end())); }

const std::string kScript = "scripts/test/components/hex_map.lua:";

}  // namespace

TEST_CASE("Hex map hex queries work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("hex_read");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"counts", {3, 13, 15}},
                             {"find_hex", {1, -1}},
                             {"hex_index", 2},
                             {"hex_id", "1,0"},
                             {"coord", {{"q", 0}, {"r", 1}}},
                             {"hex", {{"terrain", "forest"}, {"number", 6}, {"piece", ""}, {"owner", -1}}},
                             {"neighbour", {1, -1}},
                             {"hex_neighbours", {1, 2}},
                             {"distance", {1, 3}}});
}

TEST_CASE("Hex map corner and edge topology comes to Lua as tables of indices", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("hex_topology");
  REQUIRE(h.reports.size() == 1);
  const HexMap& map = h.table.get<HexMap>("island");
  const int c = map.corner_index("1,0,W");
  const int e = map.edge_index("0,0,SE");
  const json& r = h.reports[0];
  CHECK(r.at("corner") == c);
  CHECK(r.at("edge") == e);
  CHECK(r.at("find_corner") == json{c, -1, -1});
  CHECK(r.at("corner_id") == "1,0,W");
  CHECK(r.at("corner_hexes").size() == 3);
  CHECK(r.at("corner_hexes") == ints(map.corner_hexes(c)));
  CHECK(r.at("corner_edges").size() == 3);
  CHECK(r.at("corner_edges") == ints(map.corner_edges(c)));
  CHECK(r.at("corner_neighbours") == ints(map.corner_neighbours(c)));
  CHECK(r.at("find_edge") == json{e, -1});
  CHECK(r.at("edge_id") == "0,0,SE");
  CHECK(r.at("edge_corners") == json{map.corner_index("0,0,E"), c});
  CHECK(r.at("edge_hexes") == json{0, 1});
  CHECK(r.at("edge_neighbours").size() == 4);
  CHECK(r.at("edge_neighbours") == ints(map.edge_neighbours(e)));
  CHECK(r.at("hex_corners").size() == 6);
  CHECK(r.at("hex_corners") == ints(map.hex_corners(0)));
  CHECK(r.at("hex_edges") == ints(map.hex_edges(0)));
  CHECK(r.at("edge_between") == e);
  CHECK(r.at("corner_distance") == 2);
  CHECK(r.at("corners_within") == json(map.corners_within(c, 1)));
  CHECK(r.at("corners_within").size() == 4);
}

TEST_CASE("Hex map corners, edges and hexes change through set_corner, set_edge and set_hex", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("hex_build");
  REQUIRE(h.reports.size() == 1);
  const HexMap& map = h.table.get<HexMap>("island");
  const int c = map.corner_index("1,0,W");
  const int e = map.edge_index("0,0,SE");
  const int e2 = map.edge_index("0,1,NE");
  CHECK(h.reports[0] == json{{"corner", {{"owner", 1}, {"piece", "settlement"}}},
                             {"edge", {{"owner", 1}, {"piece", "road"}}},
                             {"hex", {{"terrain", "desert"}, {"number", 8}, {"piece", "robber"}, {"owner", -1}}},
                             {"corners_of", {c}},
                             {"edges_of", {std::min(e, e2), std::max(e, e2)}},
                             {"clear", {false, false, true, false}},
                             {"longest", {2, 0}}});
  CHECK(map.corner(c) == HexMap::Site{1, "settlement"});
  CHECK(map.hex(2).piece == "robber");
}

TEST_CASE("Hex map errors name the script line and leave the map unchanged", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_WITH(h.apply("hex_bad_corner"),
                    Catch::StartsWith(kScript + "2: corner 99 is not on hex map 'island' (13 corners)"));
  CHECK_THROWS_WITH(h.options("hex_in_options"), Catch::StartsWith(kScript + "3: options() may not change the state"));
  CHECK_THROWS_WITH(h.apply("hex_bad_owner"),
                    Catch::StartsWith(kScript + "4: seat 5 is not a seat of this table (2 players) nor -1 (nobody)"));
  CHECK(h.table == before);
}
