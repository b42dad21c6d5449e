// Lua methods of HexMap handles (see lua_bindings.hpp).
//
// Lua forms: a hex is {terrain=, number=, piece=, owner=}, a corner or edge (a site)
// {owner=, piece=}, a coordinate {q=, r=}. Hexes, corners and edges are 0-based indices.
#include <span>

#include "lua_bindings.hpp"
#include "tessera/hex_map.hpp"

namespace tessera::lua {

namespace {

// Bound on coordinates from scripts, so distance sums cannot overflow an int.
constexpr int kMaxCoordinate = 1'000'000;

void push_hex(lua_State* L, const HexMap::Hex& hex) {
  lua_createtable(L, 0, 4);
  set_string_field(L, "terrain", hex.terrain);
  set_int_field(L, "number", hex.number);
  set_string_field(L, "piece", hex.piece);
  set_int_field(L, "owner", hex.owner);
}

void push_site(lua_State* L, const HexMap::Site& site) {
  lua_createtable(L, 0, 2);
  set_int_field(L, "owner", site.owner);
  set_string_field(L, "piece", site.piece);
}

void push_coord(lua_State* L, HexMap::Coord c) {
  lua_createtable(L, 0, 2);
  set_int_field(L, "q", c.q);
  set_int_field(L, "r", c.r);
}

HexMap::Coord check_coord(lua_State* L, int arg) {
  check_fields(L, arg, {"q", "r"}, "a coordinate");
  HexMap::Coord c{kMaxCoordinate + 1, kMaxCoordinate + 1};
  read_field(L, arg, "q", c.q);
  read_field(L, arg, "r", c.r);
  luaL_argcheck(L, c.q >= -kMaxCoordinate && c.q <= kMaxCoordinate && c.r >= -kMaxCoordinate && c.r <= kMaxCoordinate,
                arg, "a coordinate needs integer fields q and r in range");
  return c;
}

// Reads {owner=, piece=} at `arg` over `site` (absent fields keep their value).
HexMap::Site check_site(lua_State* L, int arg, HexMap::Site site) {
  check_fields(L, arg, {"owner", "piece"}, "a site");
  read_field(L, arg, "owner", site.owner);
  check_seat_value(L, site.owner, /*or_nobody=*/true);
  read_field(L, arg, "piece", site.piece);
  return site;
}

// n = map:hex_count()
int l_hex_count(lua_State* L) {
  lua_pushinteger(L, check<HexMap>(L, 1).hex_count());
  return 1;
}

// n = map:corner_count()
int l_corner_count(lua_State* L) {
  lua_pushinteger(L, check<HexMap>(L, 1).corner_count());
  return 1;
}

// n = map:edge_count()
int l_edge_count(lua_State* L) {
  lua_pushinteger(L, check<HexMap>(L, 1).edge_count());
  return 1;
}

// hex = map:find_hex(q, r)   (-1 if not on the map)
int l_find_hex(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  const int q = check_int(L, 2);
  lua_pushinteger(L, map.find_hex(q, check_int(L, 3)));
  return 1;
}

// hex = map:hex_index(id)   ("q,r")
int l_hex_index(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  lua_pushinteger(L, map.hex_index(check_string(L, 2)));
  return 1;
}

// id = map:hex_id(hex)
int l_hex_id(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  push_string(L, map.hex_id(check_int(L, 2)));
  return 1;
}

// c = map:coord(hex)   ({q=, r=})
int l_coord(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  push_coord(L, map.coord(check_int(L, 2)));
  return 1;
}

// h = map:hex(hex)   ({terrain=, number=, piece=, owner=})
int l_hex(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  push_hex(L, map.hex(check_int(L, 2)));
  return 1;
}

// map:set_hex(hex, {terrain=, number=, piece=, owner=})   (fields left out keep their value; C++ writes through hex())
int l_set_hex(lua_State* L) {
  HexMap& map = check_mutable<HexMap>(L, 1);
  HexMap::Hex& target = map.hex(check_int(L, 2));
  check_fields(L, 3, {"terrain", "number", "piece", "owner"}, "a hex");
  HexMap::Hex hex = target;
  read_field(L, 3, "terrain", hex.terrain);
  read_field(L, 3, "number", hex.number);
  read_field(L, 3, "piece", hex.piece);
  read_field(L, 3, "owner", hex.owner);
  check_seat_value(L, hex.owner, /*or_nobody=*/true);
  target = std::move(hex);
  return 0;
}

// hex = map:neighbour(hex, direction)   (direction 0..5 = N, NE, SE, S, SW, NW; -1 if off the map)
int l_neighbour(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  const int hex = check_int(L, 2);
  lua_pushinteger(L, map.neighbour(hex, check_int(L, 3)));
  return 1;
}

// Binds a topology query int -> span<const int>.
template <std::span<const int> (HexMap::*Query)(int) const>
int span_query(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  push_ints(L, (map.*Query)(check_int(L, 2)));
  return 1;
}

// hexes = map:hex_neighbours(hex)
int l_hex_neighbours(lua_State* L) { return span_query<&HexMap::hex_neighbours>(L); }

// corners = map:hex_corners(hex)   (6, clockwise from the east corner)
int l_hex_corners(lua_State* L) { return span_query<&HexMap::hex_corners>(L); }

// edges = map:hex_edges(hex)   (6, clockwise from the north side)
int l_hex_edges(lua_State* L) { return span_query<&HexMap::hex_edges>(L); }

// hexes = map:corner_hexes(corner)
int l_corner_hexes(lua_State* L) { return span_query<&HexMap::corner_hexes>(L); }

// edges = map:corner_edges(corner)
int l_corner_edges(lua_State* L) { return span_query<&HexMap::corner_edges>(L); }

// corners = map:corner_neighbours(corner)   (the far end of each corner_edges())
int l_corner_neighbours(lua_State* L) { return span_query<&HexMap::corner_neighbours>(L); }

// corners = map:edge_corners(edge)
int l_edge_corners(lua_State* L) { return span_query<&HexMap::edge_corners>(L); }

// hexes = map:edge_hexes(edge)
int l_edge_hexes(lua_State* L) { return span_query<&HexMap::edge_hexes>(L); }

// edges = map:edge_neighbours(edge)
int l_edge_neighbours(lua_State* L) { return span_query<&HexMap::edge_neighbours>(L); }

// d = map:hex_distance(a, b)   (two hex indices, or two coordinates {q=, r=})
int l_hex_distance(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  if (lua_type(L, 2) == LUA_TTABLE) {
    const HexMap::Coord a = check_coord(L, 2);
    lua_pushinteger(L, HexMap::hex_distance(a, check_coord(L, 3)));
  } else {
    const int a = check_int(L, 2);
    lua_pushinteger(L, map.hex_distance(a, check_int(L, 3)));
  }
  return 1;
}

// corner = map:find_corner(id)   (-1 if malformed or not on the map)
int l_find_corner(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  lua_pushinteger(L, map.find_corner(check_string(L, 2)));
  return 1;
}

// corner = map:corner_index(id)   ("q,r,E" | "q,r,W")
int l_corner_index(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  lua_pushinteger(L, map.corner_index(check_string(L, 2)));
  return 1;
}

// id = map:corner_id(corner)
int l_corner_id(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  push_string(L, map.corner_id(check_int(L, 2)));
  return 1;
}

// site = map:corner(corner)   ({owner=, piece=})
int l_corner(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  push_site(L, map.corner(check_int(L, 2)));
  return 1;
}

// map:set_corner(corner, {owner=, piece=})   (fields left out keep their value)
int l_set_corner(lua_State* L) {
  HexMap& map = check_mutable<HexMap>(L, 1);
  HexMap::Site& target = map.corner(check_int(L, 2));
  target = check_site(L, 3, target);
  return 0;
}

// corners = map:corners_of(owner)
int l_corners_of(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  push_ints(L, map.corners_of(check_int(L, 2)));
  return 1;
}

// edge = map:find_edge(id)   (-1 if malformed or not on the map)
int l_find_edge(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  lua_pushinteger(L, map.find_edge(check_string(L, 2)));
  return 1;
}

// edge = map:edge_index(id)   ("q,r,N" | "q,r,NE" | "q,r,SE")
int l_edge_index(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  lua_pushinteger(L, map.edge_index(check_string(L, 2)));
  return 1;
}

// id = map:edge_id(edge)
int l_edge_id(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  push_string(L, map.edge_id(check_int(L, 2)));
  return 1;
}

// site = map:edge(edge)   ({owner=, piece=})
int l_edge(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  push_site(L, map.edge(check_int(L, 2)));
  return 1;
}

// map:set_edge(edge, {owner=, piece=})   (fields left out keep their value)
int l_set_edge(lua_State* L) {
  HexMap& map = check_mutable<HexMap>(L, 1);
  HexMap::Site& target = map.edge(check_int(L, 2));
  target = check_site(L, 3, target);
  return 0;
}

// edge = map:edge_between(corner_a, corner_b)   (-1 unless adjacent)
int l_edge_between(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  const int a = check_int(L, 2);
  lua_pushinteger(L, map.edge_between(a, check_int(L, 3)));
  return 1;
}

// edges = map:edges_of(owner)
int l_edges_of(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  push_ints(L, map.edges_of(check_int(L, 2)));
  return 1;
}

// d = map:corner_distance(a, b)   (-1 if unreachable)
int l_corner_distance(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  const int a = check_int(L, 2);
  lua_pushinteger(L, map.corner_distance(a, check_int(L, 3)));
  return 1;
}

// corners = map:corners_within(corner, radius)
int l_corners_within(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  const int corner = check_int(L, 2);
  push_ints(L, map.corners_within(corner, check_int(L, 3)));
  return 1;
}

// b = map:corner_clear(corner [, radius])   (radius defaults to 1)
int l_corner_clear(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  const int corner = check_int(L, 2);
  lua_pushboolean(L, map.corner_clear(corner, opt_int(L, 3, 1)));
  return 1;
}

// n = map:longest_path(owner)
int l_longest_path(lua_State* L) {
  const HexMap& map = check<HexMap>(L, 1);
  lua_pushinteger(L, map.longest_path(check_int(L, 2)));
  return 1;
}

const luaL_Reg kHexMapMethods[] = {{"hex_count", guarded<l_hex_count>},
                                   {"corner_count", guarded<l_corner_count>},
                                   {"edge_count", guarded<l_edge_count>},
                                   {"find_hex", guarded<l_find_hex>},
                                   {"hex_index", guarded<l_hex_index>},
                                   {"hex_id", guarded<l_hex_id>},
                                   {"coord", guarded<l_coord>},
                                   {"hex", guarded<l_hex>},
                                   {"set_hex", guarded<l_set_hex>},
                                   {"neighbour", guarded<l_neighbour>},
                                   {"hex_neighbours", guarded<l_hex_neighbours>},
                                   {"hex_corners", guarded<l_hex_corners>},
                                   {"hex_edges", guarded<l_hex_edges>},
                                   {"hex_distance", guarded<l_hex_distance>},
                                   {"find_corner", guarded<l_find_corner>},
                                   {"corner_index", guarded<l_corner_index>},
                                   {"corner_id", guarded<l_corner_id>},
                                   {"corner", guarded<l_corner>},
                                   {"set_corner", guarded<l_set_corner>},
                                   {"corner_hexes", guarded<l_corner_hexes>},
                                   {"corner_edges", guarded<l_corner_edges>},
                                   {"corner_neighbours", guarded<l_corner_neighbours>},
                                   {"corners_of", guarded<l_corners_of>},
                                   {"find_edge", guarded<l_find_edge>},
                                   {"edge_index", guarded<l_edge_index>},
                                   {"edge_id", guarded<l_edge_id>},
                                   {"edge", guarded<l_edge>},
                                   {"set_edge", guarded<l_set_edge>},
                                   {"edge_corners", guarded<l_edge_corners>},
                                   {"edge_hexes", guarded<l_edge_hexes>},
                                   {"edge_neighbours", guarded<l_edge_neighbours>},
                                   {"edge_between", guarded<l_edge_between>},
                                   {"edges_of", guarded<l_edges_of>},
                                   {"corner_distance", guarded<l_corner_distance>},
                                   {"corners_within", guarded<l_corners_within>},
                                   {"corner_clear", guarded<l_corner_clear>},
                                   {"longest_path", guarded<l_longest_path>},
                                   {nullptr, nullptr}};

}  // namespace

void register_hex_map_binding(LuaBindings& bindings) { bindings.add(HexMap::kKind, kHexMapMethods); }

}  // namespace tessera::lua
