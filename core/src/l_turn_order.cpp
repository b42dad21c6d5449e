// Lua methods of TurnOrder handles (see lua_bindings.hpp). Seats are seat numbers;
// position() and current_index() are 0-based places in order().
#include <limits>

#include "lua_bindings.hpp"
#include "tessera/turn_order.hpp"

namespace tessera::lua {

namespace {

// The round counter is an int: a next round must fit.
void check_next_round(lua_State* L, const TurnOrder& turns) {
  if (turns.round() == std::numeric_limits<int>::max())
    luaL_error(L, "turn order '%s': round %d is the last one an int can count", turns.name().c_str(), turns.round());
}

// seats = turns:order()
int l_order(lua_State* L) {
  push_ints(L, check<TurnOrder>(L, 1).order());
  return 1;
}

// n = turns:size()
int l_size(lua_State* L) {
  lua_pushinteger(L, check<TurnOrder>(L, 1).size());
  return 1;
}

// b = turns:contains(seat)
int l_contains(lua_State* L) {
  const TurnOrder& turns = check<TurnOrder>(L, 1);
  lua_pushboolean(L, turns.contains(check_int(L, 2)));
  return 1;
}

// index = turns:position(seat)   (0-based place in order())
int l_position(lua_State* L) {
  const TurnOrder& turns = check<TurnOrder>(L, 1);
  lua_pushinteger(L, turns.position(check_int(L, 2)));
  return 1;
}

// seat = turns:current()
int l_current(lua_State* L) {
  lua_pushinteger(L, check<TurnOrder>(L, 1).current());
  return 1;
}

// index = turns:current_index()
int l_current_index(lua_State* L) {
  lua_pushinteger(L, check<TurnOrder>(L, 1).current_index());
  return 1;
}

// seat = turns:start_player()
int l_start_player(lua_State* L) {
  lua_pushinteger(L, check<TurnOrder>(L, 1).start_player());
  return 1;
}

// n = turns:round()
int l_round(lua_State* L) {
  lua_pushinteger(L, check<TurnOrder>(L, 1).round());
  return 1;
}

// turns:set_round(round)
int l_set_round(lua_State* L) {
  TurnOrder& turns = check_mutable<TurnOrder>(L, 1);
  turns.set_round(check_int(L, 2));
  return 0;
}

// turns:set_current(seat)
int l_set_current(lua_State* L) {
  TurnOrder& turns = check_mutable<TurnOrder>(L, 1);
  turns.set_current(check_int(L, 2));
  return 0;
}

// turns:set_start_player(seat)
int l_set_start_player(lua_State* L) {
  TurnOrder& turns = check_mutable<TurnOrder>(L, 1);
  turns.set_start_player(check_int(L, 2));
  return 0;
}

// moved = turns:advance()   (false when every seat has passed)
int l_advance(lua_State* L) {
  lua_pushboolean(L, check_mutable<TurnOrder>(L, 1).advance());
  return 1;
}

// turns:pass(seat)
int l_pass(lua_State* L) {
  TurnOrder& turns = check_mutable<TurnOrder>(L, 1);
  turns.pass(check_int(L, 2));
  return 0;
}

// b = turns:has_passed(seat)
int l_has_passed(lua_State* L) {
  const TurnOrder& turns = check<TurnOrder>(L, 1);
  lua_pushboolean(L, turns.has_passed(check_int(L, 2)));
  return 1;
}

// seats = turns:pass_order()   (first passer first)
int l_pass_order(lua_State* L) {
  push_ints(L, check<TurnOrder>(L, 1).pass_order());
  return 1;
}

// n = turns:passed_count()
int l_passed_count(lua_State* L) {
  lua_pushinteger(L, check<TurnOrder>(L, 1).passed_count());
  return 1;
}

// b = turns:all_passed()
int l_all_passed(lua_State* L) {
  lua_pushboolean(L, check<TurnOrder>(L, 1).all_passed());
  return 1;
}

// turns:new_round(start)
int l_new_round(lua_State* L) {
  TurnOrder& turns = check_mutable<TurnOrder>(L, 1);
  check_next_round(L, turns);
  turns.new_round(check_int(L, 2));
  return 0;
}

// turns:new_round_from_pass_order()
int l_new_round_from_pass_order(lua_State* L) {
  TurnOrder& turns = check_mutable<TurnOrder>(L, 1);
  check_next_round(L, turns);
  turns.new_round_from_pass_order();
  return 0;
}

// turns:set_order(seats)   (each a seat of the table)
int l_set_order(lua_State* L) {
  TurnOrder& turns = check_mutable<TurnOrder>(L, 1);
  std::vector<int> order = check_ints(L, 2);
  for (int seat : order) check_seat_value(L, seat, /*or_nobody=*/false);
  turns.set_order(std::move(order));
  return 0;
}

// seat = turns:seat_after(seat)
int l_seat_after(lua_State* L) {
  const TurnOrder& turns = check<TurnOrder>(L, 1);
  lua_pushinteger(L, turns.seat_after(check_int(L, 2)));
  return 1;
}

// seat = turns:seat_before(seat)
int l_seat_before(lua_State* L) {
  const TurnOrder& turns = check<TurnOrder>(L, 1);
  lua_pushinteger(L, turns.seat_before(check_int(L, 2)));
  return 1;
}

// seat = turns:next_start_player()
int l_next_start_player(lua_State* L) {
  lua_pushinteger(L, check<TurnOrder>(L, 1).next_start_player());
  return 1;
}

const luaL_Reg kTurnOrderMethods[] = {{"order", guarded<l_order>},
                                      {"size", guarded<l_size>},
                                      {"contains", guarded<l_contains>},
                                      {"position", guarded<l_position>},
                                      {"current", guarded<l_current>},
                                      {"current_index", guarded<l_current_index>},
                                      {"start_player", guarded<l_start_player>},
                                      {"round", guarded<l_round>},
                                      {"set_round", guarded<l_set_round>},
                                      {"set_current", guarded<l_set_current>},
                                      {"set_start_player", guarded<l_set_start_player>},
                                      {"advance", guarded<l_advance>},
                                      {"pass", guarded<l_pass>},
                                      {"has_passed", guarded<l_has_passed>},
                                      {"pass_order", guarded<l_pass_order>},
                                      {"passed_count", guarded<l_passed_count>},
                                      {"all_passed", guarded<l_all_passed>},
                                      {"new_round", guarded<l_new_round>},
                                      {"new_round_from_pass_order", guarded<l_new_round_from_pass_order>},
                                      {"set_order", guarded<l_set_order>},
                                      {"seat_after", guarded<l_seat_after>},
                                      {"seat_before", guarded<l_seat_before>},
                                      {"next_start_player", guarded<l_next_start_player>},
                                      {nullptr, nullptr}};

}  // namespace

void register_turn_order_binding(LuaBindings& bindings) { bindings.add(TurnOrder::kKind, kTurnOrderMethods); }

}  // namespace tessera::lua
