#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tessera/error.hpp"
#include "tessera/hex_map.hpp"
#include "tessera/table.hpp"

using namespace tessera;
using nlohmann::json;

namespace {
// A 29-hex board of five columns: q=-2 r=-1..3, q=-1 r=-2..3, q=0 r=-3..3, q=1 r=-3..2,
// q=2 r=-3..1.
std::vector<HexMap::Coord> board29() {
  std::vector<HexMap::Coord> out;
  const int lo[5] = {-1, -2, -3, -3, -3}, hi[5] = {3, 3, 3, 2, 1};
  for (int q = -2; q <= 2; ++q)
    for (int r = lo[q + 2]; r <= hi[q + 2]; ++r) out.push_back({q, r});
  return out;
}

template <typename Ids>
std::vector<std::string> corner_ids(const HexMap& map, const Ids& corners) {
  std::vector<std::string> out;
  for (int c : corners) out.push_back(map.corner_id(c));
  return out;
}

template <typename Ids>
std::vector<std::string> edge_ids(const HexMap& map, const Ids& edges) {
  std::vector<std::string> out;
  for (int e : edges) out.push_back(map.edge_id(e));
  return out;
}

template <typename Ids>
std::vector<std::string> hex_ids(const HexMap& map, const Ids& hexes) {
  std::vector<std::string> out;
  for (int h : hexes) out.push_back(map.hex_id(h));
  return out;
}

void own_edge(HexMap& map, const char* id, int seat) { map.edge(map.edge_index(id)) = {seat, "road"}; }
void own_corner(HexMap& map, const char* id, int seat) { map.corner(map.corner_index(id)) = {seat, "settlement"}; }
}  // namespace

TEST_CASE("One hex has six corners and six edges named by the canonical scheme", "[core]") {
  HexMap map("map", {{0, 0}});
  CHECK(map.hex_count() == 1);
  CHECK(map.corner_count() == 6);
  CHECK(map.edge_count() == 6);
  CHECK(corner_ids(map, map.hex_corners(0)) ==
        std::vector<std::string>{"0,0,E", "1,0,W", "-1,1,E", "0,0,W", "-1,0,E", "1,-1,W"});
  CHECK(edge_ids(map, map.hex_edges(0)) ==
        std::vector<std::string>{"0,0,N", "0,0,NE", "0,0,SE", "0,1,N", "-1,1,NE", "-1,0,SE"});
  // Dense indices follow the sorted ids.
  CHECK(corner_ids(map, std::vector<int>{0, 1, 2, 3, 4, 5}) ==
        std::vector<std::string>{"-1,0,E", "-1,1,E", "0,0,E", "0,0,W", "1,-1,W", "1,0,W"});
  const int east = map.corner_index("0,0,E");
  CHECK(map.corner_hexes(east).size() == 1);
  CHECK(edge_ids(map, map.corner_edges(east)) == std::vector<std::string>{"0,0,NE", "0,0,SE"});
  CHECK(corner_ids(map, map.corner_neighbours(east)) == std::vector<std::string>{"1,-1,W", "1,0,W"});
  const int north = map.edge_index("0,0,N");
  CHECK(corner_ids(map, map.edge_corners(north)) == std::vector<std::string>{"-1,0,E", "1,-1,W"});
  CHECK(hex_ids(map, map.edge_hexes(north)) == std::vector<std::string>{"0,0"});
  CHECK(edge_ids(map, map.edge_neighbours(north)) == std::vector<std::string>{"-1,0,SE", "0,0,NE"});
  CHECK(map.hex_neighbours(0).empty());
}

TEST_CASE("A 29-hex board has 78 corners and 106 edges with the documented adjacency", "[core]") {
  HexMap map("map", board29());
  CHECK(map.hex_count() == 29);
  CHECK(map.corner_count() == 78);
  CHECK(map.edge_count() == 106);
  const int c = map.corner_index("0,0,E");
  CHECK(hex_ids(map, map.corner_hexes(c)) == std::vector<std::string>{"0,0", "1,-1", "1,0"});
  CHECK(corner_ids(map, map.corner_neighbours(c)) == std::vector<std::string>{"1,-1,W", "1,0,W", "2,-1,W"});
  CHECK(edge_ids(map, map.corner_edges(c)) == std::vector<std::string>{"0,0,NE", "0,0,SE", "1,0,N"});
  const int w = map.corner_index("0,0,W");
  CHECK(corner_ids(map, map.corner_neighbours(w)) == std::vector<std::string>{"-1,0,E", "-1,1,E", "-2,1,E"});
  // A corner on the rim whose hex (q,r) is off the map.
  const int rim = map.corner_index("-3,-1,E");
  CHECK(hex_ids(map, map.corner_hexes(rim)) == std::vector<std::string>{"-2,-1"});
  CHECK(corner_ids(map, map.corner_neighbours(rim)) == std::vector<std::string>{"-2,-1,W", "-1,-2,W"});
  const int side = map.edge_index("0,0,N");
  CHECK(hex_ids(map, map.edge_hexes(side)) == std::vector<std::string>{"0,0", "0,-1"});
  CHECK(corner_ids(map, map.edge_corners(side)) == std::vector<std::string>{"-1,0,E", "1,-1,W"});
  CHECK(map.edge_neighbours(side).size() == 4);
  CHECK(map.find_corner("-3,-2,E") == HexMap::kNone);
  CHECK(map.find_edge("-3,-1,NE") == HexMap::kNone);
}

TEST_CASE("Corner and edge numbering does not depend on the order hexes are given", "[core]") {
  auto coords = board29();
  HexMap forward("map", coords);
  std::reverse(coords.begin(), coords.end());
  HexMap backward("map", coords);
  CHECK(backward.hex_id(0) == "2,1");
  for (int c = 0; c < forward.corner_count(); ++c) CHECK(forward.corner_id(c) == backward.corner_id(c));
  for (int e = 0; e < forward.edge_count(); ++e) CHECK(forward.edge_id(e) == backward.edge_id(e));
}

TEST_CASE("Hex neighbours follow the flat-top directions and hex distance is axial", "[core]") {
  HexMap map("map", board29());
  const int centre = map.hex_index("0,0");
  CHECK(map.coord(centre) == HexMap::Coord{0, 0});
  CHECK(map.hex_id(map.neighbour(centre, HexMap::kNorth)) == "0,-1");
  CHECK(map.hex_id(map.neighbour(centre, HexMap::kNorthEast)) == "1,-1");
  CHECK(map.hex_id(map.neighbour(centre, HexMap::kSouthEast)) == "1,0");
  CHECK(map.hex_id(map.neighbour(centre, HexMap::kSouth)) == "0,1");
  CHECK(map.hex_id(map.neighbour(centre, HexMap::kSouthWest)) == "-1,1");
  CHECK(map.hex_id(map.neighbour(centre, HexMap::kNorthWest)) == "-1,0");
  const int corner_hex = map.hex_index("2,-3");
  CHECK(map.neighbour(corner_hex, HexMap::kNorth) == HexMap::kNone);
  CHECK(hex_ids(map, map.hex_neighbours(corner_hex)) == std::vector<std::string>{"2,-2", "1,-2", "1,-3"});
  CHECK(map.hex_distance(centre, corner_hex) == 3);
  CHECK(HexMap::hex_distance({-2, 3}, {2, -3}) == 6);
  CHECK(HexMap::hex_distance({0, 0}, {0, 0}) == 0);
  CHECK(map.find_hex(9, 9) == HexMap::kNone);
  CHECK_THROWS_AS(map.neighbour(centre, 6), RuleError);
}

TEST_CASE("Malformed or unknown hex, corner and edge ids are refused", "[core]") {
  HexMap map("map", {{0, 0}});
  CHECK(map.find_corner("0,0") == HexMap::kNone);
  CHECK(map.find_corner("0,0,X") == HexMap::kNone);
  CHECK(map.find_corner("a,0,E") == HexMap::kNone);
  CHECK(map.find_corner("0,0,E,") == HexMap::kNone);
  CHECK(map.find_corner(" 0,0,E") == HexMap::kNone);
  CHECK(map.find_edge("0,0,S") == HexMap::kNone);
  CHECK_THROWS_WITH(map.corner_index("0,0,NE"), Catch::Contains("not a corner id"));
  CHECK_THROWS_WITH(map.corner_index("5,5,E"), Catch::Contains("corner 5,5,E is not on hex map 'map'"));
  CHECK_THROWS_WITH(map.edge_index("0,0,E"), Catch::Contains("not an edge id"));
  CHECK_THROWS_WITH(map.edge_index("3,0,N"), Catch::Contains("edge 3,0,N is not on hex map"));
  CHECK_THROWS_WITH(map.hex_index("0,0,E"), Catch::Contains("not a hex id"));
  CHECK_THROWS_WITH(map.hex_index("1,0"), Catch::Contains("hex 1,0 is not on hex map"));
  CHECK(map.hex_index("0,0") == 0);
  CHECK(map.corner_index("-1,1,E") == 1);
}

TEST_CASE("Out-of-range indices and repeated hexes are errors", "[core]") {
  CHECK_THROWS_WITH(HexMap("map", {{0, 0}, {1, 0}, {0, 0}}), Catch::Contains("hexes[2]") && Catch::Contains("twice"));
  HexMap map("map", {{0, 0}});
  CHECK_THROWS_AS(map.hex(1), RuleError);
  CHECK_THROWS_AS(map.hex_corners(-1), RuleError);
  CHECK_THROWS_WITH(map.corner(6), Catch::Contains("corner 6 is not on hex map 'map' (6 corners)"));
  CHECK_THROWS_AS(map.edge(-1), RuleError);
  CHECK_THROWS_AS(map.edge_hexes(6), RuleError);
  CHECK_THROWS_AS(map.corner_distance(0, 6), RuleError);
  CHECK_THROWS_AS(map.corner_id(6), RuleError);
  CHECK_THROWS_AS(map.edge_between(0, 7), RuleError);
}

TEST_CASE("Hex, corner and edge state is readable and writable by index", "[core]") {
  HexMap map("map", board29());
  const int h = map.hex_index("0,0");
  map.hex(h) = {"pasture", 12, "robber", kNobody};
  CHECK(map.hex(h).terrain == "pasture");
  CHECK(map.hex(h).number == 12);
  own_corner(map, "0,0,E", 2);
  own_edge(map, "0,0,NE", 2);
  own_edge(map, "1,0,N", 1);
  CHECK(map.corner(map.corner_index("0,0,E")).occupied());
  CHECK_FALSE(map.corner(map.corner_index("0,0,W")).occupied());
  CHECK(corner_ids(map, map.corners_of(2)) == std::vector<std::string>{"0,0,E"});
  CHECK(edge_ids(map, map.edges_of(2)) == std::vector<std::string>{"0,0,NE"});
  CHECK(map.corners_of(kNobody).size() == 77);
}

TEST_CASE("edge_between finds the side joining two adjacent corners", "[core]") {
  HexMap map("map", board29());
  const int a = map.corner_index("0,0,E"), b = map.corner_index("1,0,W"), far = map.corner_index("0,0,W");
  CHECK(map.edge_id(map.edge_between(a, b)) == "0,0,SE");
  CHECK(map.edge_between(b, a) == map.edge_between(a, b));
  CHECK(map.edge_between(a, far) == HexMap::kNone);
  CHECK(map.edge_between(a, a) == HexMap::kNone);
}

TEST_CASE("Corner distances support the no-neighbouring-building rule", "[core]") {
  HexMap map("map", board29());
  own_corner(map, "1,-3,W", 0);
  own_corner(map, "0,-1,W", 1);
  // Next to an own building, next to another's, and two steps from both.
  CHECK_FALSE(map.corner_clear(map.corner_index("0,-2,E")));
  CHECK_FALSE(map.corner_clear(map.corner_index("-1,-1,E")));
  CHECK(map.corner_clear(map.corner_index("1,-2,W")));
  CHECK_FALSE(map.corner_clear(map.corner_index("1,-2,W"), 2));
  CHECK_FALSE(map.corner_clear(map.corner_index("0,-1,W"), 0));
  CHECK(map.corner_distance(map.corner_index("0,0,E"), map.corner_index("0,0,W")) == 3);
  CHECK(map.corner_distance(map.corner_index("0,0,E"), map.corner_index("0,0,E")) == 0);
  CHECK(corner_ids(map, map.corners_within(map.corner_index("0,0,E"), 1)) ==
        std::vector<std::string>{"0,0,E", "1,-1,W", "1,0,W", "2,-1,W"});
  CHECK(map.corners_within(map.corner_index("0,0,E"), 0).size() == 1);
  HexMap split("split", {{0, 0}, {5, 0}});
  CHECK(split.corner_distance(split.corner_index("0,0,E"), split.corner_index("5,0,E")) == -1);
}

TEST_CASE("The longest path counts a trail of own edges and stops at others' corners", "[core]") {
  HexMap map("map", board29());
  // Seat 1: a chain of five through "0,-2,W".
  own_corner(map, "0,-3,W", 1);
  for (const char* id : {"-1,-2,NE", "-1,-2,SE", "-1,-1,NE", "-1,-1,SE", "-1,0,NE"}) own_edge(map, id, 1);
  // Seat 0: a chain of four ending at "0,-2,W", plus a branch that adds nothing.
  own_corner(map, "-1,0,W", 0);
  for (const char* id : {"-2,0,SE", "-2,0,NE", "-2,-1,SE", "-1,-1,N", "-2,-1,NE"}) own_edge(map, id, 0);
  CHECK(map.longest_path(1) == 5);
  CHECK(map.longest_path(0) == 4);
  CHECK(map.longest_path(3) == 0);
  // The free edges belong to nobody; searching them would take exponential time.
  CHECK_THROWS_WITH(map.longest_path(kNobody), "hex_map 'map': longest_path needs a seat, not -1");
  // Seat 0 builds on "0,-2,W": seat 1's chain is cut into 2 + 3; seat 0's own corner does not cut.
  own_corner(map, "0,-2,W", 0);
  CHECK(map.longest_path(1) == 3);
  CHECK(map.longest_path(0) == 4);
}

TEST_CASE("The longest path may go round a loop and end where it started", "[core]") {
  HexMap map("map", board29());
  for (int e : map.hex_edges(map.hex_index("0,0"))) map.edge(e) = {2, "road"};
  CHECK(map.longest_path(2) == 6);
  own_edge(map, "1,0,N", 2);  // a spur at a loop corner: start on the spur, go round
  CHECK(map.longest_path(2) == 7);
  // A corner of another seat on the loop: the loop may start and end there, but the spur
  // can no longer be added because the trail would pass through it.
  map.corner(map.corner_index("0,0,W")) = {1, "city"};
  CHECK(map.longest_path(2) == 6);
  map.corner(map.corner_index("1,0,W")) = {1, "city"};  // now no trail passes two blocked corners
  CHECK(map.longest_path(2) == 4);
}

TEST_CASE("A hex map's JSON round-trips hexes and occupied sites", "[core]") {
  HexMap map("map", {{0, 0}, {1, 0}});
  map.hex(0) = {"forest", 6, "", kNobody};
  map.hex(1) = {"hills", 0, "robber", 3};
  own_corner(map, "0,0,E", 1);
  own_edge(map, "0,0,SE", 1);
  map.edge(map.edge_index("1,0,N")).piece = "marker";
  json out;
  map.write_json(out, kOmniscient);
  CHECK(out["hexes"][1] == json{{"q", 1}, {"r", 0}, {"terrain", "hills"}, {"number", 0}, {"piece", "robber"}, {"owner", 3}});
  CHECK(out["corners"] == json::array({json{{"id", "0,0,E"}, {"owner", 1}, {"piece", "settlement"}}}));
  CHECK(out["edges"].size() == 2);

  HexMap other("map", {{7, 7}});
  other.read_json(out);
  CHECK(other.hex_count() == 2);
  CHECK(other.corner_count() == map.corner_count());
  CHECK(other.hex(1) == map.hex(1));
  CHECK(other.corner(other.corner_index("0,0,E")).owner == 1);
  CHECK(other.edge(other.edge_index("1,0,N")).piece == "marker");
  json again;
  other.write_json(again, kOmniscient);
  CHECK(again == out);
}

TEST_CASE("Reading a malformed hex map state names the field", "[core]") {
  HexMap map("map", {{0, 0}, {1, 0}});
  own_corner(map, "0,0,E", 1);
  own_edge(map, "0,0,SE", 1);
  json good;
  map.write_json(good, kOmniscient);
  auto fails_with = [&](auto change, const std::string& text) {
    json bad = good;
    change(bad);
    HexMap target("map", {{0, 0}, {1, 0}});
    CHECK_THROWS_WITH(target.read_json(bad), Catch::Contains(text));
    CHECK_THROWS_AS(target.read_json(bad), DataError);
  };
  fails_with([](json& j) { j.erase("hexes"); }, "hexes");
  fails_with([](json& j) { j["hexes"] = json::object(); }, "hexes");
  fails_with([](json& j) { j["hexes"][1].erase("r"); }, "hexes[1].r");
  fails_with([](json& j) { j["hexes"][0]["terrain"] = 4; }, "hexes[0].terrain");
  fails_with([](json& j) { j["hexes"][0]["number"] = "6"; }, "hexes[0].number");
  fails_with([](json& j) { j["hexes"][0]["owner"] = -2; }, "hexes[0].owner");
  fails_with([](json& j) { j["hexes"][1]["q"] = 0; }, "hexes[1]");
  fails_with([](json& j) { j["hexes"][1] = 5; }, "hexes[1]");
  fails_with([](json& j) { j["corners"][0]["id"] = "9,9,E"; }, "'corners[0].id': '9,9,E' is not a corner of this map");
  fails_with([](json& j) { j["corners"][0]["id"] = "0,0,SE"; }, "corners[0].id");
  fails_with([](json& j) { j["corners"].push_back(j["corners"][0]); }, "listed twice");
  fails_with([](json& j) { j["edges"][0].erase("piece"); }, "edges[0].piece");
  fails_with([](json& j) { j["edges"][0]["id"] = "0,0,E"; }, "'edges[0].id': '0,0,E' is not an edge of this map");
  fails_with([](json& j) { j["edges"] = nullptr; }, "edges");
}

TEST_CASE("A hidden hex map shows only its sizes, and describe lists what is on it", "[core]") {
  HexMap map("map", {{0, 0}, {1, 0}}, 0, Visibility::Owner);
  map.hex(0) = {"forest", 6, "", kNobody};
  map.hex(1) = {"", 0, "robber", kNobody};
  own_corner(map, "0,0,E", 0);
  own_edge(map, "0,0,SE", 0);
  json out;
  map.write_json(out, 1);
  CHECK(out == json{{"hex_count", 2}, {"corner_count", 10}, {"edge_count", 11}});
  CHECK(map.describe(1) == "2 hexes (hidden)");
  CHECK(map.describe(0) == "0,0 forest 6\n1,0 - robber\ncorner 0,0,E settlement@0\nedge 0,0,SE road@0");
}

TEST_CASE("A hex map inside a table survives a table round-trip", "[core]") {
  Table table(2, 5);
  auto h = table.add<HexMap>("board", board29());
  own_edge(table.get(h), "0,0,N", 1);
  Table copy(2, 5);
  copy.add<HexMap>("board", std::vector<HexMap::Coord>{{0, 0}});
  copy.assign_json(table.to_json());
  CHECK(copy == table);
  CHECK(copy.get<HexMap>("board").edge_count() == 106);
}

TEST_CASE("The whole board's sites can be read by index at once", "[core]") {
  HexMap map("map", {{0, 0}, {1, 0}});
  own_corner(map, "0,0,E", 1);
  own_edge(map, "0,0,SE", 0);
  map.hex(1).piece = "robber";
  REQUIRE(map.corner_sites().size() == static_cast<std::size_t>(map.corner_count()));
  REQUIRE(map.edge_sites().size() == static_cast<std::size_t>(map.edge_count()));
  REQUIRE(map.hexes().size() == 2);
  CHECK(map.corner_sites()[map.corner_index("0,0,E")] == HexMap::Site{1, "settlement"});
  CHECK(map.edge_sites()[map.edge_index("0,0,SE")].owner == 0);
  CHECK(map.hexes()[1].piece == "robber");
}
