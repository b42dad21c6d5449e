#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tessera/error.hpp"
#include "tessera/graph_board.hpp"
#include "tessera/table.hpp"

using namespace tessera;
using nlohmann::json;
using Pieces = GraphBoard::Pieces;

namespace {
// Five areas in a row joined by land, a fort space on the west-centre border and a port:
//
//   west -- centre -- east -- far -- edge       (land)
//     \      /                                   (border: fort1 touches west and centre)
//      fort1            port --sea-- centre
GraphBoard small_board() {
  GraphBoard board("island");
  for (const char* id : {"west", "centre", "east", "far", "edge"}) board.add_space(id, 3);
  const int fort = board.add_space("fort1", 1);
  const int port = board.add_space("port", 2);
  board.add_link(0, 1, "land");
  board.add_link(1, 2, "land");
  board.add_link(2, 3, "land");
  board.add_link(3, 4, "land");
  board.add_link(fort, 0, "border");
  board.add_link(fort, 1, "border");
  board.add_link(port, 1, "sea");
  board.set_attribute(0, "colour", std::string("green"));
  board.set_attribute(0, "vp", 4);
  board.set_attribute(1, "colour", std::string("brown"));
  board.set_attribute(1, "vp", 2);
  board.set_attribute(2, "colour", std::string("green"));
  board.set_attribute(port, "kind", std::string("port"));
  return board;
}
}  // namespace

TEST_CASE("Spaces are numbered in order and found by id", "[core]") {
  GraphBoard board = small_board();
  CHECK(board.space_count() == 7);
  CHECK(board.link_count() == 7);
  CHECK(board.find("east") == 2);
  CHECK(board.find("nowhere") == GraphBoard::kNone);
  CHECK(board.index("port") == 6);
  CHECK_THROWS_WITH(board.index("nowhere"), Catch::Contains("has no space 'nowhere'"));
  CHECK(board.id(5) == "fort1");
  CHECK(board.capacity(5) == 1);
  CHECK(board.links()[6] == GraphBoard::Link{6, 1, "sea"});
  CHECK_THROWS_WITH(board.id(7), Catch::Contains("space 7 is not on graph board 'island' (7 spaces)"));
  CHECK_THROWS_AS(board.capacity(-1), RuleError);
}

TEST_CASE("Bad spaces and links are data errors when building a board", "[core]") {
  GraphBoard board = small_board();
  CHECK_THROWS_WITH(board.add_space("west"), Catch::Contains("'west' is added twice"));
  CHECK_THROWS_AS(board.add_space(""), DataError);
  CHECK_THROWS_AS(board.add_space("x", -2), DataError);
  CHECK_THROWS_WITH(board.add_link(0, 0, "land"), Catch::Contains("linked to itself"));
  CHECK_THROWS_WITH(board.add_link(1, 0, "land"), Catch::Contains("linked twice by 'land'"));
  CHECK_THROWS_AS(board.add_link(0, 9, "land"), DataError);
  CHECK_THROWS_AS(board.add_link(-1, 0, "land"), DataError);
  board.add_link(0, 1, "sea");  // another type may join the same pair
  CHECK(board.link_count() == 8);
  CHECK(board.space_count() == 7);
}

TEST_CASE("Attributes hold texts or numbers and select spaces", "[core]") {
  GraphBoard board = small_board();
  CHECK(board.text(0, "colour") == "green");
  CHECK(board.number(0, "vp") == 4);
  CHECK(board.text(3, "colour") == "");
  CHECK(board.text(3, "colour", "grey") == "grey");
  CHECK(board.number(3, "vp", -1) == -1);
  CHECK(board.has_attribute(1, "vp"));
  CHECK_FALSE(board.has_attribute(3, "vp"));
  CHECK_THROWS_WITH(board.text(0, "vp"), Catch::Contains("'vp' of space 'west' is a number"));
  CHECK_THROWS_WITH(board.number(0, "colour"), Catch::Contains("is a text, not a number"));
  board.set_attribute(0, "vp", 5);
  board.set_attribute(1, "vp", std::string("two"));
  CHECK(board.number(0, "vp") == 5);
  CHECK(board.text(1, "vp") == "two");
  CHECK(board.spaces_with("vp") == std::vector<int>{0, 1});
  CHECK(board.spaces_where("colour", "green") == std::vector<int>{0, 2});
  CHECK(board.spaces_where("vp", 5) == std::vector<int>{0});
  CHECK(board.spaces_where("vp", "5").empty());
  CHECK_THROWS_AS(board.set_attribute(0, "", 1), RuleError);
  CHECK_THROWS_AS(board.set_attribute(9, "vp", 1), RuleError);
}

TEST_CASE("Neighbours follow links of one type or of any type", "[core]") {
  GraphBoard board = small_board();
  CHECK(board.neighbours(1) == std::vector<int>{0, 2, 5, 6});
  CHECK(board.neighbours(1, "land") == std::vector<int>{0, 2});
  CHECK(board.neighbours(1, "border") == std::vector<int>{5});
  CHECK(board.neighbours(5) == std::vector<int>{0, 1});
  CHECK(board.neighbours(4, "sea").empty());
  board.add_link(0, 1, "sea");
  CHECK(board.neighbours(0) == std::vector<int>{1, 5});  // each space once
  CHECK(board.adjacent(0, 1));
  CHECK(board.adjacent(1, 0, "sea"));
  CHECK_FALSE(board.adjacent(0, 2));
  CHECK_FALSE(board.adjacent(0, 5, "land"));
  CHECK_THROWS_AS(board.neighbours(7), RuleError);
  CHECK_THROWS_AS(board.adjacent(0, 7), RuleError);
}

TEST_CASE("Pieces are counted by space, owner and kind", "[core]") {
  GraphBoard board = small_board();
  board.add_pieces(0, 1, "settler", 2);
  board.add_pieces(0, 0, "settler");
  board.add_pieces(2, 1, "settler");
  board.add_pieces(6, kNobody, "marker");
  CHECK(board.count(0) == 3);
  CHECK(board.count(0, 1) == 2);
  CHECK(board.count(0, GraphBoard::kAnyOwner, "settler") == 3);
  CHECK(board.count(0, 1, "chaplain") == 0);
  CHECK(board.count(6, kNobody) == 1);
  CHECK(board.count_all(1, "settler") == 3);
  CHECK(board.count_all() == 5);
  CHECK(board.room(0) == 0);
  CHECK(board.room(2) == 2);
  CHECK(board.pieces_at(0) == std::vector<Pieces>{{0, 0, "settler", 1}, {0, 1, "settler", 2}});
  CHECK(board.pieces_of(1) == std::vector<Pieces>{{0, 1, "settler", 2}, {2, 1, "settler", 1}});
  CHECK(board.pieces_of(GraphBoard::kAnyOwner, "marker") == std::vector<Pieces>{{6, kNobody, "marker", 1}});
  board.remove_pieces(0, 1, "settler");
  CHECK(board.count(0, 1) == 1);
  board.remove_pieces(0, 1, "settler");
  CHECK(board.pieces_at(0) == std::vector<Pieces>{{0, 0, "settler", 1}});
  GraphBoard open("open");
  open.add_space("sea");
  open.add_pieces(0, 0, "ship", 50);
  CHECK(open.room(0) == GraphBoard::kUnlimited);
}

TEST_CASE("Adding past capacity or removing missing pieces is a rule error", "[core]") {
  GraphBoard board = small_board();
  board.add_pieces(5, 2, "fort");
  CHECK_THROWS_WITH(board.add_pieces(5, 1, "fort"), Catch::Contains("'fort1' has room for 0 more pieces, not 1"));
  board.add_pieces(0, 0, "settler", 2);
  CHECK_THROWS_WITH(board.add_pieces(0, 0, "settler", 2), Catch::Contains("room for 1 more piece, not 2"));
  CHECK_THROWS_WITH(board.remove_pieces(0, 1, "settler"), Catch::Contains("holds 0 settler of seat 1, not 1"));
  CHECK_THROWS_AS(board.remove_pieces(0, 0, "settler", 3), RuleError);
  CHECK_THROWS_AS(board.add_pieces(1, 0, ""), RuleError);
  CHECK_THROWS_AS(board.add_pieces(1, -2, "settler"), RuleError);
  CHECK_THROWS_AS(board.add_pieces(1, 0, "settler", 0), RuleError);
  CHECK_THROWS_AS(board.remove_pieces(1, 0, "settler", 0), RuleError);
  CHECK_THROWS_AS(board.add_pieces(7, 0, "settler"), RuleError);
  CHECK(board.count(0) == 2);
  CHECK(board.count(1) == 0);
}

TEST_CASE("Moving pieces is all or nothing", "[core]") {
  GraphBoard board = small_board();
  board.add_pieces(0, 0, "settler", 2);
  board.add_pieces(1, 1, "settler", 3);
  board.move_pieces(0, 2, 0, "settler");
  CHECK(board.count(0) == 1);
  CHECK(board.count(2, 0, "settler") == 1);
  CHECK_THROWS_WITH(board.move_pieces(0, 1, 0, "settler"), Catch::Contains("'centre' has room for 0"));
  CHECK(board.count(0, 0, "settler") == 1);
  CHECK(board.count(1) == 3);
  CHECK_THROWS_AS(board.move_pieces(0, 2, 0, "settler", 2), RuleError);
  CHECK(board.count(2) == 1);
  board.move_pieces(1, 1, 1, "settler", 3);  // to the same space: nothing changes
  CHECK(board.count(1) == 3);
  CHECK_THROWS_AS(board.move_pieces(1, 1, 0, "settler"), RuleError);
  CHECK_THROWS_AS(board.move_pieces(1, 9, 1, "settler"), RuleError);
}

TEST_CASE("Capacity may change but not below what a space holds", "[core]") {
  GraphBoard board = small_board();
  board.add_pieces(6, 0, "ship", 2);
  CHECK_THROWS_WITH(board.set_capacity(6, 1), Catch::Contains("already holds 2 pieces, more than 1"));
  board.set_capacity(6, 2);
  board.set_capacity(6, GraphBoard::kUnlimited);
  board.add_pieces(6, 1, "ship", 4);
  CHECK(board.count(6) == 6);
  CHECK_THROWS_AS(board.set_capacity(6, -5), RuleError);
}

TEST_CASE("Distances and shortest paths pass only through passable spaces", "[core]") {
  GraphBoard board = small_board();
  CHECK(board.distances(0, "land") == std::vector<int>{0, 1, 2, 3, 4, -1, -1});
  CHECK(board.distances(0) == std::vector<int>{0, 1, 2, 3, 4, 1, 2});
  CHECK(board.distance(0, 4, "land") == 4);
  CHECK(board.distance(0, 6, "land") == -1);
  CHECK(board.shortest_path(0, 3, "land") == std::vector<int>{0, 1, 2, 3});
  CHECK(board.shortest_path(2, 2) == std::vector<int>{2});
  auto not_east = [](int space) { return space != 2; };
  CHECK(board.distance(0, 2, "land", not_east) == 2);  // the end need not be passable
  CHECK(board.distance(0, 3, "land", not_east) == -1);
  CHECK(board.shortest_path(0, 3, "land", not_east).empty());
  auto not_start = [](int space) { return space != 0; };
  CHECK(board.distance(0, 2, "land", not_start) == 2);  // the start need not be passable
  CHECK_THROWS_AS(board.distances(7), RuleError);
  CHECK_THROWS_AS(board.shortest_path(0, -1), RuleError);
}

TEST_CASE("Reachable spaces may pass through a full space but not end there", "[core]") {
  GraphBoard board = small_board();
  board.add_pieces(1, 1, "settler", 3);  // centre is full
  auto not_full = [&](int space) { return board.room(space) != 0; };
  CHECK(board.reachable(0, 2, "land", {}, not_full) == std::vector<int>{2});
  CHECK(board.reachable(0, 3, "land", {}, not_full) == std::vector<int>{2, 3});
  CHECK(board.reachable(0, 3, "land") == std::vector<int>{1, 2, 3});
  auto blocked_centre = [](int space) { return space != 1; };
  CHECK(board.reachable(0, 4, "land", blocked_centre, blocked_centre).empty());
  CHECK(board.reachable(0, 4, "", blocked_centre, blocked_centre) == std::vector<int>{5});
  CHECK(board.reachable(0, 0, "land").empty());
  CHECK(board.reachable(4, 1, "land") == std::vector<int>{3});
}

TEST_CASE("A graph board's JSON round-trips spaces, attributes, links and pieces", "[core]") {
  GraphBoard board = small_board();
  board.add_pieces(1, 0, "chaplain");
  board.add_pieces(1, kNobody, "token");
  board.add_pieces(5, 2, "fort");
  json out;
  board.write_json(out, kOmniscient);
  CHECK(out["spaces"][0] == json{{"id", "west"}, {"capacity", 3}, {"attributes", {{"colour", "green"}, {"vp", 4}}}});
  CHECK(out["links"][4] == json{{"a", "fort1"}, {"b", "west"}, {"type", "border"}});
  CHECK(out["pieces"][0] == json{{"space", "centre"}, {"owner", -1}, {"kind", "token"}, {"count", 1}});

  GraphBoard other("island");
  other.read_json(out);
  CHECK(other.space_count() == 7);
  CHECK(other.find("port") == 6);
  CHECK(other.number(0, "vp") == 4);
  CHECK(other.neighbours(1) == board.neighbours(1));
  CHECK(other.pieces_of(GraphBoard::kAnyOwner) == board.pieces_of(GraphBoard::kAnyOwner));
  json again;
  other.write_json(again, kOmniscient);
  CHECK(again == out);
}

TEST_CASE("Reading a malformed graph board state names the field", "[core]") {
  GraphBoard board = small_board();
  board.add_pieces(1, 0, "settler", 2);
  json good;
  board.write_json(good, kOmniscient);
  auto fails_with = [&](auto change, const std::string& text) {
    json bad = good;
    change(bad);
    GraphBoard target = small_board();
    CHECK_THROWS_WITH(target.read_json(bad), Catch::Contains(text));
    CHECK_THROWS_AS(target.read_json(bad), DataError);
    CHECK(target.count(1) == 0);  // unchanged
  };
  fails_with([](json& j) { j.erase("spaces"); }, "spaces");
  fails_with([](json& j) { j["spaces"][2].erase("id"); }, "spaces[2].id");
  fails_with([](json& j) { j["spaces"][2]["id"] = "west"; }, "spaces[2].id");
  fails_with([](json& j) { j["spaces"][2]["id"] = ""; }, "spaces[2].id");
  fails_with([](json& j) { j["spaces"][2]["capacity"] = -4; }, "spaces[2].capacity");
  fails_with([](json& j) { j["spaces"][0]["attributes"]["vp"] = 1.5; }, "spaces[0].attributes.vp");
  fails_with([](json& j) { j["spaces"][0]["attributes"] = json::array(); }, "spaces[0].attributes");
  fails_with([](json& j) { j["links"][1]["b"] = "moon"; }, "links[1].b");
  fails_with([](json& j) { j["links"][1]["b"] = "centre"; }, "links[1]");
  fails_with([](json& j) { j["links"].push_back(j["links"][0]); }, "links[7]");
  fails_with([](json& j) { j["links"][0].erase("type"); }, "links[0].type");
  fails_with([](json& j) { j["pieces"][0]["space"] = "moon"; }, "pieces[0].space");
  fails_with([](json& j) { j["pieces"][0]["count"] = 0; }, "pieces[0].count");
  fails_with([](json& j) { j["pieces"][0]["count"] = 4; }, "capacity 3");
  fails_with([](json& j) { j["pieces"][0]["kind"] = ""; }, "pieces[0].kind");
  fails_with([](json& j) { j["pieces"][0]["owner"] = -7; }, "pieces[0].owner");
  fails_with([](json& j) { j["pieces"].push_back(j["pieces"][0]); }, "listed twice");
}

TEST_CASE("A hidden graph board shows only its sizes, and describe lists pieces by space", "[core]") {
  GraphBoard board("secret", 1, Visibility::Owner);
  board.add_space("a", 7);
  board.add_space("b");
  board.add_link(0, 1, "land");
  board.add_pieces(0, 1, "settler", 2);
  board.add_pieces(0, 0, "fort");
  board.add_pieces(1, kNobody, "token", 3);
  json out;
  board.write_json(out, 0);
  CHECK(out == json{{"space_count", 2}, {"link_count", 1}});
  CHECK(board.describe(0) == "2 spaces, 1 link (hidden)");
  CHECK(board.describe(1) == "2 spaces, 1 link\na (3/7): 1 fort@0, 2 settler@1\nb: 3 token");
}

TEST_CASE("A graph board inside a table survives a table round-trip", "[core]") {
  Table table(3, 9);
  auto h = table.add<GraphBoard>("island");
  table.get(h) = small_board();
  table.get(h).add_pieces(2, 2, "settlement");
  Table copy(3, 9);
  copy.add<GraphBoard>("island");
  copy.assign_json(table.to_json());
  CHECK(copy == table);
  CHECK(copy.get<GraphBoard>("island").count(2, 2, "settlement") == 1);
}
