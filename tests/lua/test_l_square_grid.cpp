#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/error.hpp"
#include "tessera/square_grid.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// A 4x3 grid "farm":      x=0     1      2   3
//                   y=0   #7      #7     .   forest
//                   y=1   .       lake   .   forest
//                   y=2   forest  .      .   forest
// with "lake" blocked and tile 7 (type "field") covering (0,0) and (1,0).
void arrange(Harness& h) {
  h.table.add<SquareGrid>("farm", 4, 3);
  SquareGrid& grid = h.table.get<SquareGrid>("farm");
  grid.at(1, 1).type = "lake";
  for (int y = 0; y < 3; ++y) grid.at(3, y).type = "forest";
  grid.at(0, 2).type = "forest";
  grid.set_blocked_types({"lake"});
  grid.place({{0, 0, "field"}, {1, 0, "field"}}, 0, 0, 0, 7);
  h.runtime.run_file("components/square_grid.lua");
}

json cell(const std::string& type, const std::string& piece = "", int owner = -1, int tile = -1) {
  return {{"type", type}, {"piece", piece}, {"owner", owner}, {"tile", tile}};
}
json pos(int x, int y) { return {{"x", x}, {"y", y}}; }
json shape_cell(int dx, int dy, const std::string& type = "") { return {{"dx", dx}, {"dy", dy}, {"type", type}}; }

const std::string kScript = "scripts/test/components/square_grid.lua:";

}  // namespace

TEST_CASE("Square grid queries and cell tests work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("grid_read");
  REQUIRE(h.reports.size() == 1);
  const json forest_column = {pos(3, 0), pos(3, 1), pos(3, 2)};
  CHECK(h.reports[0] == json{{"size", {4, 3}},
                             {"inside", {true, false}},
                             {"at", cell("field", "", -1, 7)},
                             {"blocked_types", {"lake"}},
                             {"blocked", {true, false, true}},
                             {"tile_cells", {pos(0, 0), pos(1, 0)}},
                             {"row", {cell(""), cell("lake"), cell(""), cell("forest")}},
                             {"column", {cell("forest"), cell("forest"), cell("forest")}},
                             {"neighbours", {pos(1, 0), pos(0, 1)}},
                             {"complete_columns", {3}},
                             {"no_rows", json::array()},
                             {"all_rows", {0, 1, 2}},
                             {"region", forest_column},
                             {"empty_region", json::array()},
                             {"regions", {forest_column, {pos(0, 2)}}},
                             {"connected", {true, false}},
                             {"free", {pos(2, 0), pos(0, 1), pos(2, 1), pos(1, 2), pos(2, 2)}},
                             {"tile7", {pos(0, 0), pos(1, 0)}},
                             {"none", json::array()},
                             {"types", {"field", "field", "", "forest", "", "lake", "", "forest", "forest", "", "", "forest"}},
                             {"tiles", {7, 7, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
                             {"areas",
                              {{pos(0, 0), pos(1, 0)}, {pos(3, 0), pos(3, 1), pos(3, 2)}, {pos(1, 1)}, {pos(2, 1)}, {pos(0, 2)}, {pos(2, 2)}}}});
  CHECK_THROWS_WITH(h.apply("grid_find_unknown_field"), Catch::Contains("colour"));
  CHECK_THROWS_WITH(h.apply("grid_values_unknown_field"), Catch::Contains("invalid option 'colour'"));
}

TEST_CASE("Square grid shapes and placement checks work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("grid_shapes");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] ==
        json{{"normalised", {shape_cell(0, 0), shape_cell(1, 0)}},
             {"rotated", {shape_cell(1, 0), shape_cell(0, 0), shape_cell(0, 1, "field")}},
             {"mirrored", {shape_cell(1, 0), shape_cell(1, 1), shape_cell(0, 1, "field")}},
             {"fits", ""},
             {"lake", "cell (1,1) holds 'lake', where no tile may go"},
             {"can", true},
             {"not_on_forest", false},
             {"placements",
              {{{"x", 0}, {"y", 2}, {"rotation", 0}}, {{"x", 1}, {"y", 2}, {"rotation", 0}}, {{"x", 2}, {"y", 2}, {"rotation", 0}}}}});
}

TEST_CASE("Square grid place, remove_tile and set_cell change the grid from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("grid_place");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"cells", {pos(2, 1), pos(2, 2), pos(3, 2)}},
                             {"corner", cell("field", "", -1, 8)},
                             {"removed", 2},
                             {"freed", cell("")},
                             {"worker", cell("", "worker", 1)}});
  const SquareGrid& grid = h.table.get<SquareGrid>("farm");
  CHECK(grid.at(1, 2) == SquareGrid::Cell{"", "worker", 1, SquareGrid::kNoTile});
  CHECK(grid.at(3, 2).tile == 8);
}

TEST_CASE("Square grid errors name the script line and leave the grid unchanged", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_WITH(h.apply("grid_bad_place"),
                    Catch::StartsWith(kScript + "2: cannot place tile 1 at (1,1): cell (1,1) holds 'lake', where no tile may go"));
  CHECK_THROWS_WITH(h.options("grid_in_options"), Catch::StartsWith(kScript + "3: options() may not change the state"));
  CHECK_THROWS_WITH(h.apply("grid_set_tile"),
                    Catch::StartsWith(kScript + "7: the tile of cell (0,0) changes only with place and remove_tile"));
  CHECK_THROWS_WITH(h.apply("grid_bad_field"),
                    Catch::StartsWith(kScript + "9: bad argument #3 to 'set_cell' (unknown field 'tpye' of a cell; "
                                                "known: type, piece, owner, tile)"));
  CHECK(h.table == before);
}

TEST_CASE("A cell test is a Lua function that may only read and must answer a boolean", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_WITH(h.apply("grid_test_writes"), Catch::StartsWith(kScript + "4: cell test may not change the state"));
  CHECK_THROWS_WITH(h.apply("grid_test_not_boolean"),
                    Catch::StartsWith(kScript + "5: cell test must return true or false, got a number"));
  CHECK_THROWS_WITH(h.apply("grid_test_error"), Catch::StartsWith(kScript + "6: no row 0"));
  CHECK(h.table == before);

  // The call is writable again once the test is over, even when it failed under pcall.
  h.apply("grid_pcall_restores");
  CHECK(h.reports.at(0) == json{{"ok", false}, {"piece", "after"}});
}

TEST_CASE("A cell test counts against the call's instruction budget", "[lua]") {
  Harness h(ScriptLimits{0, 100'000});
  arrange(h);
  CHECK_THROWS_WITH(h.apply("grid_test_spins"),
                    Catch::StartsWith(kScript + "8: instruction budget exceeded (100000 instructions)"));
}
