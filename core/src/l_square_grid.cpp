// Lua methods of SquareGrid handles (see lua_bindings.hpp).
//
// Lua forms: a cell is {type=, piece=, owner=, tile=}, a position {x=, y=}, a placement
// {x=, y=, rotation=}, a shape an array of {dx=, dy= [, type=]}. A cell test is a Lua
// function(x, y, cell) returning true or false, or nil for "every cell".
#include "lua_bindings.hpp"
#include "tessera/square_grid.hpp"

namespace tessera::lua {

namespace {

using Cell = SquareGrid::Cell;
using Pos = SquareGrid::Pos;
using Shape = SquareGrid::Shape;

// Bound on coordinates and shape offsets from scripts, so the grid's sums and rotations
// (x + dx, -dy) can never overflow an int; any such value is far outside every grid.
constexpr int kMaxCoordinate = 1'000'000;

int check_coordinate(lua_State* L, int arg) {
  const int v = check_int(L, arg);
  luaL_argcheck(L, v >= -kMaxCoordinate && v <= kMaxCoordinate, arg, "coordinate out of range");
  return v;
}

void push_cell(lua_State* L, const Cell& cell) {
  lua_createtable(L, 0, 4);
  set_string_field(L, "type", cell.type);
  set_string_field(L, "piece", cell.piece);
  set_int_field(L, "owner", cell.owner);
  set_int_field(L, "tile", cell.tile);
}

void push_cells(lua_State* L, const std::vector<Cell>& cells) {
  lua_createtable(L, static_cast<int>(cells.size()), 0);
  lua_Integer i = 1;
  for (const Cell& cell : cells) {
    push_cell(L, cell);
    lua_rawseti(L, -2, i++);
  }
}

void push_pos(lua_State* L, Pos pos) {
  lua_createtable(L, 0, 2);
  set_int_field(L, "x", pos.x);
  set_int_field(L, "y", pos.y);
}

void push_positions(lua_State* L, const std::vector<Pos>& positions) {
  lua_createtable(L, static_cast<int>(positions.size()), 0);
  lua_Integer i = 1;
  for (Pos pos : positions) {
    push_pos(L, pos);
    lua_rawseti(L, -2, i++);
  }
}

Pos check_pos(lua_State* L, int arg) {
  check_fields(L, arg, {"x", "y"}, "a position");
  Pos pos{kMaxCoordinate + 1, kMaxCoordinate + 1};
  read_field(L, arg, "x", pos.x);
  read_field(L, arg, "y", pos.y);
  luaL_argcheck(L, pos.x >= -kMaxCoordinate && pos.x <= kMaxCoordinate && pos.y >= -kMaxCoordinate &&
                       pos.y <= kMaxCoordinate,
                arg, "a position needs integer fields x and y in range");
  return pos;
}

void push_shape(lua_State* L, const Shape& shape) {
  lua_createtable(L, static_cast<int>(shape.size()), 0);
  lua_Integer i = 1;
  for (const SquareGrid::ShapeCell& c : shape) {
    lua_createtable(L, 0, 3);
    set_int_field(L, "dx", c.dx);
    set_int_field(L, "dy", c.dy);
    set_string_field(L, "type", c.type);
    lua_rawseti(L, -2, i++);
  }
}

Shape check_shape(lua_State* L, int arg) {
  const lua_Integer n = check_array(L, arg);
  Shape shape;
  shape.reserve(static_cast<std::size_t>(n));
  for (lua_Integer i = 1; i <= n; ++i) {
    if (lua_rawgeti(L, arg, i) != LUA_TTABLE)
      luaL_argerror(L, arg, lua_pushfstring(L, "shape cell %I must be a table {dx=, dy= [, type=]}", i));
    const int cell = lua_gettop(L);
    check_fields(L, cell, {"dx", "dy", "type"}, "a shape cell");
    SquareGrid::ShapeCell c{kMaxCoordinate + 1, kMaxCoordinate + 1, ""};
    read_field(L, cell, "dx", c.dx);
    read_field(L, cell, "dy", c.dy);
    read_field(L, cell, "type", c.type);
    if (c.dx < -kMaxCoordinate || c.dx > kMaxCoordinate || c.dy < -kMaxCoordinate || c.dy > kMaxCoordinate)
      luaL_argerror(L, arg, lua_pushfstring(L, "shape cell %I needs integer fields dx and dy in range", i));
    shape.push_back(std::move(c));
    lua_pop(L, 1);
  }
  return shape;
}

// The cell test at `arg` (nil: none).
SquareGrid::CellTest cell_test(lua_State* L, int arg) {
  if (!opt_function(L, arg, "the cell test")) return {};
  return [L, function = lua_absindex(L, arg)](int x, int y, const Cell& cell) {
    luaL_checkstack(L, 4, "cell test");
    lua_pushinteger(L, x);
    lua_pushinteger(L, y);
    push_cell(L, cell);
    return call_predicate(L, function, 3, "cell test");
  };
}

// positions = grid:find({type=, piece=, owner=, tile=})   (the cells whose given fields all
// equal the filter's, row by row, as {x=, y=}; an empty filter finds every cell)
int l_find(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  check_fields(L, 2, {"type", "piece", "owner", "tile"}, "a cell filter");
  const auto given = [L](const char* key) {
    const bool present = lua_getfield(L, 2, key) != LUA_TNIL;
    lua_pop(L, 1);
    return present;
  };
  const bool by_type = given("type"), by_piece = given("piece"), by_owner = given("owner"), by_tile = given("tile");
  Cell want;
  read_field(L, 2, "type", want.type);
  read_field(L, 2, "piece", want.piece);
  read_field(L, 2, "owner", want.owner);
  read_field(L, 2, "tile", want.tile);
  std::vector<Pos> found;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      const Cell& c = grid.at(x, y);
      if ((!by_type || c.type == want.type) && (!by_piece || c.piece == want.piece) &&
          (!by_owner || c.owner == want.owner) && (!by_tile || c.tile == want.tile))
        found.push_back(Pos{x, y});
    }
  push_positions(L, found);
  return 1;
}

// n = grid:width()
int l_width(lua_State* L) {
  lua_pushinteger(L, check<SquareGrid>(L, 1).width());
  return 1;
}

// n = grid:height()
int l_height(lua_State* L) {
  lua_pushinteger(L, check<SquareGrid>(L, 1).height());
  return 1;
}

// b = grid:inside(x, y)
int l_inside(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  const int x = check_int(L, 2);
  lua_pushboolean(L, grid.inside(x, check_int(L, 3)));
  return 1;
}

// cell = grid:at(x, y)   ({type=, piece=, owner=, tile=})
int l_at(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  const int x = check_int(L, 2);
  push_cell(L, grid.at(x, check_int(L, 3)));
  return 1;
}

// grid:set_cell(x, y, {type=, piece=, owner=})   (fields left out keep their value; C++ writes through at())
int l_set_cell(lua_State* L) {
  SquareGrid& grid = check_mutable<SquareGrid>(L, 1);
  const int x = check_int(L, 2);
  const int y = check_int(L, 3);
  check_fields(L, 4, {"type", "piece", "owner", "tile"}, "a cell");
  Cell& target = grid.at(x, y);
  Cell cell = target;
  read_field(L, 4, "type", cell.type);
  read_field(L, 4, "piece", cell.piece);
  read_field(L, 4, "owner", cell.owner);
  check_seat_value(L, cell.owner, /*or_nobody=*/true);
  read_field(L, 4, "tile", cell.tile);
  if (cell.tile != target.tile)
    return luaL_error(L, "the tile of cell (%d,%d) changes only with place and remove_tile", x, y);
  target = std::move(cell);
  return 0;
}

// types = grid:blocked_types()
int l_blocked_types(lua_State* L) {
  push_strings(L, check<SquareGrid>(L, 1).blocked_types());
  return 1;
}

// b = grid:blocked(x, y)
int l_blocked(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  const int x = check_int(L, 2);
  lua_pushboolean(L, grid.blocked(x, check_int(L, 3)));
  return 1;
}

// shape = grid:normalise(shape)
int l_normalise(lua_State* L) {
  check<SquareGrid>(L, 1);
  push_shape(L, SquareGrid::normalise(check_shape(L, 2)));
  return 1;
}

// shape = grid:rotate(shape, degrees)
int l_rotate(lua_State* L) {
  check<SquareGrid>(L, 1);
  const Shape shape = check_shape(L, 2);
  push_shape(L, SquareGrid::rotate(shape, check_int(L, 3)));
  return 1;
}

// shape = grid:mirror(shape)
int l_mirror(lua_State* L) {
  check<SquareGrid>(L, 1);
  push_shape(L, SquareGrid::mirror(check_shape(L, 2)));
  return 1;
}

// why = grid:check_place(shape, x, y, rotation [, allowed])   ("" when it fits)
int l_check_place(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  const Shape shape = check_shape(L, 2);
  const int x = check_coordinate(L, 3);
  const int y = check_coordinate(L, 4);
  const int rotation = check_int(L, 5);
  push_string(L, grid.check_place(shape, x, y, rotation, cell_test(L, 6)));
  return 1;
}

// b = grid:can_place(shape, x, y, rotation [, allowed])
int l_can_place(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  const Shape shape = check_shape(L, 2);
  const int x = check_coordinate(L, 3);
  const int y = check_coordinate(L, 4);
  const int rotation = check_int(L, 5);
  lua_pushboolean(L, grid.can_place(shape, x, y, rotation, cell_test(L, 6)));
  return 1;
}

// grid:place(shape, x, y, rotation, tile [, allowed])
int l_place(lua_State* L) {
  SquareGrid& grid = check_mutable<SquareGrid>(L, 1);
  const Shape shape = check_shape(L, 2);
  const int x = check_coordinate(L, 3);
  const int y = check_coordinate(L, 4);
  const int rotation = check_int(L, 5);
  const int tile = check_int(L, 6);
  grid.place(shape, x, y, rotation, tile, cell_test(L, 7));
  return 0;
}

// n = grid:remove_tile(tile)
int l_remove_tile(lua_State* L) {
  SquareGrid& grid = check_mutable<SquareGrid>(L, 1);
  lua_pushinteger(L, grid.remove_tile(check_int(L, 2)));
  return 1;
}

// positions = grid:tile_cells(tile)
int l_tile_cells(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  push_positions(L, grid.tile_cells(check_int(L, 2)));
  return 1;
}

// list = grid:placements(shape [, allowed])   ({{x=, y=, rotation=}, ...})
int l_placements(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  const Shape shape = check_shape(L, 2);
  const std::vector<SquareGrid::Placement> placements = grid.placements(shape, cell_test(L, 3));
  lua_createtable(L, static_cast<int>(placements.size()), 0);
  lua_Integer i = 1;
  for (const SquareGrid::Placement& p : placements) {
    lua_createtable(L, 0, 3);
    set_int_field(L, "x", p.x);
    set_int_field(L, "y", p.y);
    set_int_field(L, "rotation", p.rotation);
    lua_rawseti(L, -2, i++);
  }
  return 1;
}

// cells = grid:row(y)   (left to right)
int l_row(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  push_cells(L, grid.row(check_int(L, 2)));
  return 1;
}

// values = grid:values(field)   (that field of every cell, row by row: cell (x, y) at
// y * width + x + 1; one table instead of a table per cell)
int l_values(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  static const char* const kFields[] = {"type", "piece", "owner", "tile", nullptr};
  const int field = luaL_checkoption(L, 2, nullptr, kFields);
  lua_createtable(L, grid.width() * grid.height(), 0);
  lua_Integer i = 1;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      const Cell& cell = grid.at(x, y);
      switch (field) {
        case 0: push_string(L, cell.type); break;
        case 1: push_string(L, cell.piece); break;
        case 2: lua_pushinteger(L, cell.owner); break;
        default: lua_pushinteger(L, cell.tile); break;
      }
      lua_rawseti(L, -2, i++);
    }
  return 1;
}

// cells = grid:column(x)   (top to bottom)
int l_column(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  push_cells(L, grid.column(check_int(L, 2)));
  return 1;
}

// ys = grid:complete_rows(test)
int l_complete_rows(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  push_ints(L, grid.complete_rows(cell_test(L, 2)));
  return 1;
}

// xs = grid:complete_columns(test)
int l_complete_columns(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  push_ints(L, grid.complete_columns(cell_test(L, 2)));
  return 1;
}

// positions = grid:neighbours(x, y)   (up, right, down, left)
int l_neighbours(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  const int x = check_int(L, 2);
  push_positions(L, grid.neighbours(x, check_int(L, 3)));
  return 1;
}

// positions = grid:region(x, y, test)
int l_region(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  const int x = check_int(L, 2);
  const int y = check_int(L, 3);
  push_positions(L, grid.region(x, y, cell_test(L, 4)));
  return 1;
}

void push_areas(lua_State* L, const std::vector<std::vector<Pos>>& areas) {
  lua_createtable(L, static_cast<int>(areas.size()), 0);
  lua_Integer i = 1;
  for (const auto& area : areas) {
    push_positions(L, area);
    lua_rawseti(L, -2, i++);
  }
}

// areas = grid:regions(test)   ({{{x=, y=}, ...}, ...})
int l_regions(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  push_areas(L, grid.regions(cell_test(L, 2)));
  return 1;
}

// areas = grid:areas(labels)   (labels: one value per cell, row by row as grid:values gives;
// the 4-connected areas of cells with equal labels, by first cell; nil and false: no area)
int l_areas(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  const int cells = grid.width() * grid.height();
  // Each distinct label becomes a number through a look-up table (linear in the cells);
  // NaN cannot be a key and equals nothing, so each NaN cell is a label of its own.
  lua_createtable(L, 0, 8);
  const int numbers = lua_gettop(L);
  std::vector<int> labels(static_cast<std::size_t>(cells), -1);
  int next = 0;
  for (int i = 0; i < cells; ++i) {
    lua_rawgeti(L, 2, i + 1);
    if (!lua_toboolean(L, -1)) {
      lua_pop(L, 1);
      continue;
    }
    const bool nan = lua_type(L, -1) == LUA_TNUMBER && lua_tonumber(L, -1) != lua_tonumber(L, -1);
    lua_pushvalue(L, -1);
    if (!nan && lua_rawget(L, numbers) == LUA_TNUMBER) {
      labels[static_cast<std::size_t>(i)] = static_cast<int>(lua_tointeger(L, -1));
      lua_pop(L, 2);
      continue;
    }
    lua_pop(L, 1);
    labels[static_cast<std::size_t>(i)] = next;
    if (nan) {
      lua_pop(L, 1);
    } else {
      lua_pushinteger(L, next);
      lua_rawset(L, numbers);  // pops the label and its number
    }
    ++next;
  }
  push_areas(L, grid.areas(labels));
  return 1;
}

// b = grid:connected(a, b, test)   (a and b are {x=, y=})
int l_connected(lua_State* L) {
  const SquareGrid& grid = check<SquareGrid>(L, 1);
  const Pos a = check_pos(L, 2);
  const Pos b = check_pos(L, 3);
  lua_pushboolean(L, grid.connected(a, b, cell_test(L, 4)));
  return 1;
}

const luaL_Reg kSquareGridMethods[] = {{"width", guarded<l_width>},
                                       {"height", guarded<l_height>},
                                       {"inside", guarded<l_inside>},
                                       {"at", guarded<l_at>},
                                       {"set_cell", guarded<l_set_cell>},
                                       {"blocked_types", guarded<l_blocked_types>},
                                       {"blocked", guarded<l_blocked>},
                                       {"normalise", guarded<l_normalise>},
                                       {"rotate", guarded<l_rotate>},
                                       {"mirror", guarded<l_mirror>},
                                       {"check_place", guarded<l_check_place>},
                                       {"can_place", guarded<l_can_place>},
                                       {"place", guarded<l_place>},
                                       {"remove_tile", guarded<l_remove_tile>},
                                       {"tile_cells", guarded<l_tile_cells>},
                                       {"placements", guarded<l_placements>},
                                       {"row", guarded<l_row>},
                                       {"find", guarded<l_find>},
                                       {"values", guarded<l_values>},
                                       {"column", guarded<l_column>},
                                       {"complete_rows", guarded<l_complete_rows>},
                                       {"complete_columns", guarded<l_complete_columns>},
                                       {"neighbours", guarded<l_neighbours>},
                                       {"region", guarded<l_region>},
                                       {"regions", guarded<l_regions>},
                                       {"areas", guarded<l_areas>},
                                       {"connected", guarded<l_connected>},
                                       {nullptr, nullptr}};

}  // namespace

void register_square_grid_binding(LuaBindings& bindings) { bindings.add(SquareGrid::kKind, kSquareGridMethods); }

}  // namespace tessera::lua
