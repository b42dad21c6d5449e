// Lua methods of GraphBoard handles (see lua_bindings.hpp).
//
// Lua forms: spaces are 0-based indices (ids via id()/index()); a stack of pieces is
// {space=, owner=, kind=, count=}; a link {a=, b=, type=}. An owner argument left nil
// means any owner (C++ kAnyOwner), a kind left nil or "" any kind, a link type nil or ""
// any type. A space test is a Lua function(space) returning true or false, or nil.
#include "lua_bindings.hpp"
#include "tessera/graph_board.hpp"

namespace tessera::lua {

namespace {

void push_pieces(lua_State* L, const std::vector<GraphBoard::Pieces>& stacks) {
  lua_createtable(L, static_cast<int>(stacks.size()), 0);
  lua_Integer i = 1;
  for (const GraphBoard::Pieces& p : stacks) {
    lua_createtable(L, 0, 4);
    set_int_field(L, "space", p.space);
    set_int_field(L, "owner", p.owner);
    set_string_field(L, "kind", p.kind);
    set_int_field(L, "count", p.count);
    lua_rawseti(L, -2, i++);
  }
}

// The space test at `arg` (nil: none).
GraphBoard::SpaceTest space_test(lua_State* L, int arg, const char* what) {
  if (!opt_function(L, arg, what)) return {};
  return [L, function = lua_absindex(L, arg), what](int space) {
    luaL_checkstack(L, 2, what);
    lua_pushinteger(L, space);
    return call_predicate(L, function, 1, what);
  };
}

int opt_owner(lua_State* L, int arg) { return opt_int(L, arg, GraphBoard::kAnyOwner); }

// n = board:space_count()
int l_space_count(lua_State* L) {
  lua_pushinteger(L, check<GraphBoard>(L, 1).space_count());
  return 1;
}

// n = board:link_count()
int l_link_count(lua_State* L) {
  lua_pushinteger(L, check<GraphBoard>(L, 1).link_count());
  return 1;
}

// list = board:links()   ({{a=, b=, type=}, ...} in order of addition)
int l_links(lua_State* L) {
  const auto& links = check<GraphBoard>(L, 1).links();
  lua_createtable(L, static_cast<int>(links.size()), 0);
  lua_Integer i = 1;
  for (const GraphBoard::Link& link : links) {
    lua_createtable(L, 0, 3);
    set_int_field(L, "a", link.a);
    set_int_field(L, "b", link.b);
    set_string_field(L, "type", link.type);
    lua_rawseti(L, -2, i++);
  }
  return 1;
}

// space = board:find(id)   (-1 if unknown)
int l_find(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  lua_pushinteger(L, board.find(check_string(L, 2)));
  return 1;
}

// space = board:index(id)
int l_index(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  lua_pushinteger(L, board.index(check_string(L, 2)));
  return 1;
}

// id = board:id(space)
int l_id(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  push_string(L, board.id(check_int(L, 2)));
  return 1;
}

// n = board:capacity(space)   (-1 for no limit)
int l_capacity(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  lua_pushinteger(L, board.capacity(check_int(L, 2)));
  return 1;
}

// board:set_capacity(space, capacity)
int l_set_capacity(lua_State* L) {
  GraphBoard& board = check_mutable<GraphBoard>(L, 1);
  const int space = check_int(L, 2);
  board.set_capacity(space, check_int(L, 3));
  return 0;
}

// board:set_attribute(space, key, value)   (value a string or an integer)
int l_set_attribute(lua_State* L) {
  GraphBoard& board = check_mutable<GraphBoard>(L, 1);
  const int space = check_int(L, 2);
  const std::string_view key = check_stored_text(L, 3);
  if (lua_type(L, 4) == LUA_TNUMBER)
    board.set_attribute(space, key, check_int(L, 4));
  else if (lua_type(L, 4) == LUA_TSTRING)
    board.set_attribute(space, key, std::string(check_stored_text(L, 4)));
  else
    return luaL_typeerror(L, 4, "string or integer");
  return 0;
}

// b = board:has_attribute(space, key)
int l_has_attribute(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int space = check_int(L, 2);
  lua_pushboolean(L, board.has_attribute(space, check_string(L, 3)));
  return 1;
}

// s = board:text(space, key [, fallback])   (fallback defaults to "")
int l_text(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int space = check_int(L, 2);
  const std::string_view key = check_string(L, 3);
  push_string(L, board.text(space, key, opt_string(L, 4, "")));
  return 1;
}

// n = board:number(space, key [, fallback])   (fallback defaults to 0)
int l_number(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int space = check_int(L, 2);
  const std::string_view key = check_string(L, 3);
  lua_pushinteger(L, board.number(space, key, opt_int(L, 4, 0)));
  return 1;
}

// spaces = board:spaces_with(key)
int l_spaces_with(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  push_ints(L, board.spaces_with(check_string(L, 2)));
  return 1;
}

// spaces = board:spaces_where(key, value)   (a string value matches texts, an integer numbers)
int l_spaces_where(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const std::string_view key = check_string(L, 2);
  if (lua_type(L, 3) == LUA_TNUMBER)
    push_ints(L, board.spaces_where(key, check_int(L, 3)));
  else if (lua_type(L, 3) == LUA_TSTRING)
    push_ints(L, board.spaces_where(key, check_string(L, 3)));
  else
    return luaL_typeerror(L, 3, "string or integer");
  return 1;
}

// spaces = board:neighbours(space [, type])
int l_neighbours(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int space = check_int(L, 2);
  push_ints(L, board.neighbours(space, opt_string(L, 3, "")));
  return 1;
}

// b = board:adjacent(a, b [, type])
int l_adjacent(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int a = check_int(L, 2);
  const int b = check_int(L, 3);
  lua_pushboolean(L, board.adjacent(a, b, opt_string(L, 4, "")));
  return 1;
}

// n = board:count(space [, owner [, kind]])
int l_count(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int space = check_int(L, 2);
  const int owner = opt_owner(L, 3);
  lua_pushinteger(L, board.count(space, owner, opt_string(L, 4, "")));
  return 1;
}

// n = board:count_all([owner [, kind]])
int l_count_all(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int owner = opt_owner(L, 2);
  lua_pushinteger(L, board.count_all(owner, opt_string(L, 3, "")));
  return 1;
}

// n = board:room(space)   (-1 for no limit)
int l_room(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  lua_pushinteger(L, board.room(check_int(L, 2)));
  return 1;
}

// board:add_pieces(space, owner, kind [, count])   (owner a seat or -1; count defaults to 1)
int l_add_pieces(lua_State* L) {
  GraphBoard& board = check_mutable<GraphBoard>(L, 1);
  const int space = check_int(L, 2);
  const int owner = check_seat(L, 3, /*or_nobody=*/true);
  const std::string_view kind = check_stored_text(L, 4);
  board.add_pieces(space, owner, kind, opt_int(L, 5, 1));
  return 0;
}

// board:remove_pieces(space, owner, kind [, count])
int l_remove_pieces(lua_State* L) {
  GraphBoard& board = check_mutable<GraphBoard>(L, 1);
  const int space = check_int(L, 2);
  const int owner = check_int(L, 3);
  const std::string_view kind = check_string(L, 4);
  board.remove_pieces(space, owner, kind, opt_int(L, 5, 1));
  return 0;
}

// board:move_pieces(from, to, owner, kind [, count])
int l_move_pieces(lua_State* L) {
  GraphBoard& board = check_mutable<GraphBoard>(L, 1);
  const int from = check_int(L, 2);
  const int to = check_int(L, 3);
  const int owner = check_int(L, 4);
  const std::string_view kind = check_string(L, 5);
  board.move_pieces(from, to, owner, kind, opt_int(L, 6, 1));
  return 0;
}

// stacks = board:pieces_at(space)   ({{space=, owner=, kind=, count=}, ...} by owner, then kind)
int l_pieces_at(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  push_pieces(L, board.pieces_at(check_int(L, 2)));
  return 1;
}

// stacks = board:pieces_of([owner [, kind]])   (by space)
int l_pieces_of(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int owner = opt_owner(L, 2);
  push_pieces(L, board.pieces_of(owner, opt_string(L, 3, "")));
  return 1;
}

// steps = board:distances(from [, type [, passable]])   (steps[s+1] is the distance to space s; -1 unreachable)
int l_distances(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int from = check_int(L, 2);
  const std::string_view type = opt_string(L, 3, "");
  push_ints(L, board.distances(from, type, space_test(L, 4, "passable test")));
  return 1;
}

// n = board:distance(from, to [, type [, passable]])   (-1 if unreachable)
int l_distance(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int from = check_int(L, 2);
  const int to = check_int(L, 3);
  const std::string_view type = opt_string(L, 4, "");
  lua_pushinteger(L, board.distance(from, to, type, space_test(L, 5, "passable test")));
  return 1;
}

// spaces = board:shortest_path(from, to [, type [, passable]])   (from..to inclusive; {} if none)
int l_shortest_path(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int from = check_int(L, 2);
  const int to = check_int(L, 3);
  const std::string_view type = opt_string(L, 4, "");
  push_ints(L, board.shortest_path(from, to, type, space_test(L, 5, "passable test")));
  return 1;
}

// spaces = board:reachable(from, max_steps [, type [, passable [, endable]]])
int l_reachable(lua_State* L) {
  const GraphBoard& board = check<GraphBoard>(L, 1);
  const int from = check_int(L, 2);
  const int max_steps = check_int(L, 3);
  const std::string_view type = opt_string(L, 4, "");
  const GraphBoard::SpaceTest passable = space_test(L, 5, "passable test");
  push_ints(L, board.reachable(from, max_steps, type, passable, space_test(L, 6, "endable test")));
  return 1;
}

const luaL_Reg kGraphBoardMethods[] = {{"space_count", guarded<l_space_count>},
                                       {"link_count", guarded<l_link_count>},
                                       {"links", guarded<l_links>},
                                       {"find", guarded<l_find>},
                                       {"index", guarded<l_index>},
                                       {"id", guarded<l_id>},
                                       {"capacity", guarded<l_capacity>},
                                       {"set_capacity", guarded<l_set_capacity>},
                                       {"set_attribute", guarded<l_set_attribute>},
                                       {"has_attribute", guarded<l_has_attribute>},
                                       {"text", guarded<l_text>},
                                       {"number", guarded<l_number>},
                                       {"spaces_with", guarded<l_spaces_with>},
                                       {"spaces_where", guarded<l_spaces_where>},
                                       {"neighbours", guarded<l_neighbours>},
                                       {"adjacent", guarded<l_adjacent>},
                                       {"count", guarded<l_count>},
                                       {"count_all", guarded<l_count_all>},
                                       {"room", guarded<l_room>},
                                       {"add_pieces", guarded<l_add_pieces>},
                                       {"remove_pieces", guarded<l_remove_pieces>},
                                       {"move_pieces", guarded<l_move_pieces>},
                                       {"pieces_at", guarded<l_pieces_at>},
                                       {"pieces_of", guarded<l_pieces_of>},
                                       {"distances", guarded<l_distances>},
                                       {"distance", guarded<l_distance>},
                                       {"shortest_path", guarded<l_shortest_path>},
                                       {"reachable", guarded<l_reachable>},
                                       {nullptr, nullptr}};

}  // namespace

void register_graph_board_binding(LuaBindings& bindings) { bindings.add(GraphBoard::kKind, kGraphBoardMethods); }

}  // namespace tessera::lua
