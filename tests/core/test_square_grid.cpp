#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tessera/error.hpp"
#include "tessera/square_grid.hpp"
#include "tessera/table.hpp"

using namespace tessera;
using nlohmann::json;
using Grid = SquareGrid;
using Pos = SquareGrid::Pos;

namespace {
// An L of three cells:  X.
//                       XX
Grid::Shape ell() { return {{0, 0, "farm"}, {0, 1, "farm"}, {1, 1, "forest"}}; }
Grid::Shape domino() { return {{0, 0, "city"}, {1, 0, "city"}}; }

bool is_type(const Grid::Cell& cell, const char* type) { return cell.type == type; }
}  // namespace

TEST_CASE("A new square grid is empty and checks its coordinates", "[core]") {
  Grid grid("colony", 6, 4);
  CHECK(grid.width() == 6);
  CHECK(grid.height() == 4);
  CHECK(grid.inside(5, 3));
  CHECK_FALSE(grid.inside(6, 0));
  CHECK_FALSE(grid.inside(0, -1));
  CHECK(grid.at(5, 3) == Grid::Cell{});
  CHECK(grid.at(5, 3).owner == kNobody);
  CHECK(grid.at(5, 3).tile == Grid::kNoTile);
  grid.at(2, 1).piece = "worker";
  grid.at(2, 1).owner = 1;
  CHECK(grid.at(2, 1).piece == "worker");
  CHECK_THROWS_WITH(grid.at(6, 0), Catch::Contains("(6,0) is outside the 6x4 grid"));
  CHECK_THROWS_AS(Grid("bad", 0, 3), DataError);
  CHECK_THROWS_AS(Grid("bad", 3, -1), DataError);
}

TEST_CASE("Shapes rotate clockwise, mirror and normalise to a 0,0 corner", "[core]") {
  CHECK(Grid::normalise({{2, 3, "a"}, {3, 3, "b"}}) == Grid::Shape{{0, 0, "a"}, {1, 0, "b"}});
  CHECK(Grid::rotate(ell(), 0) == ell());
  // X.    XX    XX    .X
  // XX    X.    .X    XX   at 0, 90, 180, 270
  CHECK(Grid::rotate(ell(), 90) == Grid::Shape{{1, 0, "farm"}, {0, 0, "farm"}, {0, 1, "forest"}});
  CHECK(Grid::rotate(ell(), 180) == Grid::Shape{{1, 1, "farm"}, {1, 0, "farm"}, {0, 0, "forest"}});
  CHECK(Grid::rotate(ell(), 270) == Grid::Shape{{0, 1, "farm"}, {1, 1, "farm"}, {1, 0, "forest"}});
  CHECK(Grid::rotate(ell(), -90) == Grid::rotate(ell(), 270));
  CHECK(Grid::rotate(ell(), 450) == Grid::rotate(ell(), 90));
  CHECK_THROWS_AS(Grid::rotate(ell(), 45), RuleError);
  CHECK(Grid::mirror(ell()) == Grid::Shape{{1, 0, "farm"}, {1, 1, "farm"}, {0, 1, "forest"}});
  CHECK(Grid::normalise({}).empty());
}

TEST_CASE("check_place explains why a shape does not fit", "[core]") {
  Grid grid("colony", 4, 4);
  grid.at(1, 1).type = "mountain";
  grid.set_blocked_types({"mountain", "capital", "mountain"});
  CHECK(grid.blocked_types() == std::vector<std::string>{"capital", "mountain"});
  grid.place(domino(), 2, 3, 0, /*tile=*/7);

  CHECK(grid.check_place(ell(), 0, 2, 0) == "");
  CHECK(grid.can_place(ell(), 0, 2, 0));
  CHECK(grid.check_place(ell(), 3, 0, 0) == "cell (4,1) is outside the 4x4 grid");
  CHECK(grid.check_place(ell(), 0, 3, 0) == "cell (0,4) is outside the 4x4 grid");
  CHECK(grid.check_place(ell(), 1, 2, 0) == "cell (2,3) is covered by tile 7");
  CHECK(grid.check_place(ell(), 1, 0, 0) == "cell (1,1) holds 'mountain', where no tile may go");
  CHECK(grid.check_place(ell(), 0, 0, 45) == "rotation 45 is not 0, 90, 180 or 270");
  CHECK(grid.check_place({}, 0, 0, 0) == "the shape has no cells");
  CHECK(grid.check_place({{0, 0, ""}, {0, 0, ""}}, 0, 0, 0) == "the shape covers (0,0) twice");
  auto left_half = [](int x, int, const Grid::Cell&) { return x < 2; };
  CHECK(grid.check_place(ell(), 1, 2, 0, left_half) == "cell (2,3) is covered by tile 7");
  CHECK(grid.check_place(ell(), 2, 0, 0, left_half) == "cell (2,0) is not allowed here");
  CHECK_FALSE(grid.can_place(ell(), 2, 0, 0, left_half));
  CHECK(grid.blocked(1, 1));
  CHECK(grid.blocked(3, 3));
  CHECK_FALSE(grid.blocked(0, 0));
}

TEST_CASE("Placing a tile writes its id and each cell's own type", "[core]") {
  Grid grid("colony", 4, 4);
  grid.at(3, 0).type = "swamp";
  grid.place(ell(), 2, 0, 90, /*tile=*/3);  // covers (3,0) (2,0) (2,1)
  CHECK(grid.at(2, 0).tile == 3);
  CHECK(grid.at(2, 0).type == "farm");
  CHECK(grid.at(3, 0).type == "farm");
  CHECK(grid.at(2, 1).type == "forest");
  CHECK(grid.tile_cells(3) == std::vector<Pos>{{2, 0}, {3, 0}, {2, 1}});

  grid.place({{0, 0, ""}}, 0, 0, 0, /*tile=*/4);  // an untyped shape cell keeps the printed type
  grid.at(1, 0).type = "lake";
  grid.place({{0, 0, ""}}, 1, 0, 0, /*tile=*/5);
  CHECK(grid.at(1, 0).type == "lake");
  CHECK(grid.at(0, 0).type == "");
  CHECK(grid.at(0, 0).tile == 4);

  CHECK_THROWS_WITH(grid.place(domino(), 2, 1, 0, 9), Catch::Contains("cannot place tile 9 at (2,1)") &&
                                                         Catch::Contains("covered by tile 3"));
  CHECK_THROWS_WITH(grid.place(domino(), 0, 3, 0, 3), Catch::Contains("tile 3 is already on grid"));
  CHECK_THROWS_AS(grid.place(domino(), 0, 3, 0, -2), RuleError);
  CHECK(grid.at(0, 3).tile == Grid::kNoTile);
}

TEST_CASE("Removing a tile empties exactly its cells", "[core]") {
  Grid grid("colony", 3, 3);
  grid.place(ell(), 0, 0, 0, 1);
  grid.place(domino(), 1, 2, 0, 2);
  grid.at(0, 0).piece = "worker";
  CHECK(grid.remove_tile(1) == 3);
  CHECK(grid.at(0, 0) == Grid::Cell{});
  CHECK(grid.at(1, 1) == Grid::Cell{});
  CHECK(grid.at(1, 2).tile == 2);
  CHECK(grid.remove_tile(1) == 0);
  CHECK(grid.remove_tile(Grid::kNoTile) == 0);
  CHECK(grid.tile_cells(1).empty());
  CHECK(grid.tile_cells(Grid::kNoTile).empty());
}

TEST_CASE("Placements list every legal spot once per distinct rotation", "[core]") {
  Grid grid("colony", 2, 2);
  // A domino of one type: 180 and 270 repeat 0 and 90.
  CHECK(grid.placements(domino()) ==
        std::vector<Grid::Placement>{{0, 0, 0}, {0, 1, 0}, {0, 0, 90}, {1, 0, 90}});
  // With two different halves every rotation is distinct.
  Grid::Shape halves{{0, 0, "farm"}, {1, 0, "city"}};
  CHECK(grid.placements(halves).size() == 8);
  // A 2x2 square of one type has one rotation.
  Grid big("big", 3, 3);
  Grid::Shape square{{0, 0, "x"}, {1, 0, "x"}, {0, 1, "x"}, {1, 1, "x"}};
  CHECK(big.placements(square) == std::vector<Grid::Placement>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}});
  big.at(1, 1).type = "rock";
  big.set_blocked_types({"rock"});
  CHECK(big.placements(square).empty());
  auto top_row = [](int, int y, const Grid::Cell&) { return y == 0; };
  CHECK(big.placements(domino(), top_row) == std::vector<Grid::Placement>{{0, 0, 0}, {1, 0, 0}});
  for (const auto& p : big.placements(ell())) CHECK(big.can_place(ell(), p.x, p.y, p.rotation));
  CHECK(big.placements(ell()).size() == 4);  // each 2x2 box fits the one rotation that spares (1,1)
}

TEST_CASE("Rows, columns and complete lines follow the grid's orientation", "[core]") {
  Grid grid("colony", 3, 2);
  grid.at(0, 0).type = "a";
  grid.at(1, 0).type = "b";
  grid.at(2, 0).type = "c";
  grid.at(2, 1).type = "d";
  std::vector<std::string> types;
  for (const auto& cell : grid.row(0)) types.push_back(cell.type);
  CHECK(types == std::vector<std::string>{"a", "b", "c"});
  types.clear();
  for (const auto& cell : grid.column(2)) types.push_back(cell.type);
  CHECK(types == std::vector<std::string>{"c", "d"});
  auto filled = [](int, int, const Grid::Cell& cell) { return !cell.type.empty(); };
  CHECK(grid.complete_rows(filled) == std::vector<int>{0});
  CHECK(grid.complete_columns(filled) == std::vector<int>{2});
  CHECK(grid.complete_rows({}) == std::vector<int>{0, 1});
  CHECK_THROWS_AS(grid.row(2), RuleError);
  CHECK_THROWS_AS(grid.column(-1), RuleError);
}

TEST_CASE("Neighbours are the orthogonal cells inside the grid", "[core]") {
  Grid grid("colony", 3, 3);
  CHECK(grid.neighbours(1, 1) == std::vector<Pos>{{1, 0}, {2, 1}, {1, 2}, {0, 1}});
  CHECK(grid.neighbours(0, 0) == std::vector<Pos>{{1, 0}, {0, 1}});
  CHECK(grid.neighbours(2, 2) == std::vector<Pos>{{2, 1}, {1, 2}});
  CHECK_THROWS_AS(grid.neighbours(3, 0), RuleError);
}

TEST_CASE("Regions are 4-connected areas of cells passing a test", "[core]") {
  // f f .
  // . f f
  // f . f      the bottom-left f touches the others only diagonally
  Grid grid("colony", 3, 3);
  for (auto [x, y] : std::vector<std::pair<int, int>>{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {0, 2}, {2, 2}})
    grid.at(x, y).type = "forest";
  auto forest = [](int, int, const Grid::Cell& cell) { return is_type(cell, "forest"); };
  CHECK(grid.region(2, 2, forest) == std::vector<Pos>{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}});
  CHECK(grid.region(0, 2, forest) == std::vector<Pos>{{0, 2}});
  CHECK(grid.region(2, 0, forest).empty());
  auto all = grid.regions(forest);
  REQUIRE(all.size() == 2);
  CHECK(all[0].size() == 5);
  CHECK(all[1] == std::vector<Pos>{{0, 2}});
  CHECK(grid.regions({}).size() == 1);
  CHECK(grid.connected({0, 0}, {2, 2}, forest));
  CHECK_FALSE(grid.connected({0, 0}, {0, 2}, forest));
  CHECK_FALSE(grid.connected({0, 0}, {2, 0}, forest));
  CHECK_THROWS_AS(grid.connected({0, 0}, {3, 3}, forest), RuleError);
  CHECK_THROWS_AS(grid.region(-1, 0, forest), RuleError);
}

TEST_CASE("Areas are 4-connected cells of equal labels; regions ask their test once per cell", "[core]") {
  // 1 1 2
  // 2 2 2
  // . 1 1      the 1s meet only through 2s, so they make two areas
  Grid grid("colony", 3, 3);
  const auto areas = grid.areas({1, 1, 2, 2, 2, 2, -1, 1, 1});
  REQUIRE(areas.size() == 3);
  CHECK(areas[0] == std::vector<Pos>{{0, 0}, {1, 0}});
  CHECK(areas[1] == std::vector<Pos>{{2, 0}, {0, 1}, {1, 1}, {2, 1}});
  CHECK(areas[2] == std::vector<Pos>{{1, 2}, {2, 2}});
  CHECK_THROWS_AS(grid.areas({1, 1}), RuleError);
  int asked = 0;
  grid.regions([&asked](int, int, const Grid::Cell&) { return ++asked % 2 == 0; });
  CHECK(asked == 9);
}

TEST_CASE("A square grid's JSON round-trips every cell and the blocked types", "[core]") {
  Grid grid("colony", 3, 2);
  grid.set_blocked_types({"capital"});
  grid.at(0, 0).type = "capital";
  grid.place(domino(), 1, 1, 0, 4);
  grid.at(2, 1).piece = "coin";
  grid.at(2, 1).owner = 2;
  json out;
  grid.write_json(out, kOmniscient);
  CHECK(out["types"] == json::array({"capital", "", "", "", "city", "city"}));
  CHECK(out["tiles"] == json::array({-1, -1, -1, -1, 4, 4}));
  CHECK(out["owners"][5] == 2);
  CHECK(out["blocked_types"] == json::array({"capital"}));

  Grid other("colony", 1, 1);
  other.read_json(out);
  CHECK(other.width() == 3);
  CHECK(other.height() == 2);
  CHECK(other.at(2, 1).piece == "coin");
  CHECK(other.blocked(0, 0));
  json again;
  other.write_json(again, kOmniscient);
  CHECK(again == out);
}

TEST_CASE("Reading a malformed square grid state names the field", "[core]") {
  Grid grid("colony", 2, 2);
  json good;
  grid.write_json(good, kOmniscient);
  auto fails_with = [&](auto change, const std::string& text) {
    json bad = good;
    change(bad);
    Grid target("colony", 2, 2);
    CHECK_THROWS_WITH(target.read_json(bad), Catch::Contains(text));
    CHECK_THROWS_AS(target.read_json(bad), DataError);
  };
  fails_with([](json& j) { j.erase("width"); }, "width");
  fails_with([](json& j) { j["height"] = 0; }, "height");
  fails_with([](json& j) { j["types"].erase(0); }, "types");
  fails_with([](json& j) { j["width"] = 3; }, "one per cell: 6");
  fails_with([](json& j) { j["pieces"][1] = 5; }, "pieces");
  fails_with([](json& j) { j["owners"][2] = -4; }, "owners[2]");
  fails_with([](json& j) { j["tiles"][3] = -2; }, "tiles[3]");
  fails_with([](json& j) { j["tiles"] = "none"; }, "tiles");
  fails_with([](json& j) { j["blocked_types"] = json::array({1}); }, "blocked_types");
}

TEST_CASE("A hidden grid shows only its size, and describe draws the rows", "[core]") {
  Grid grid("colony", 3, 2, 1, Visibility::Owner);
  grid.place(domino(), 0, 0, 0, 2);
  grid.at(2, 1).piece = "die";
  grid.at(2, 1).owner = 1;
  json out;
  grid.write_json(out, 0);
  CHECK(out == json{{"width", 3}, {"height", 2}});
  CHECK(grid.describe(0) == "3x2 (hidden)");
  CHECK(grid.describe(1) ==
        "city#2 city#2 .\n"
        ".      .      .+die@1");
}

TEST_CASE("A square grid inside a table survives a table round-trip", "[core]") {
  Table table(1, 3);
  auto h = table.add<Grid>("colony", 6, 6, 0, Visibility::Public);
  table.get(h).place(ell(), 4, 4, 0, 11);
  Table copy(1, 3);
  copy.add<Grid>("colony", 6, 6, 0, Visibility::Public);
  copy.assign_json(table.to_json());
  CHECK(copy == table);
  CHECK(copy.get<Grid>("colony", 0).at(5, 5).type == "forest");
}
