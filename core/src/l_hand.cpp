// Lua methods of Hand handles (see lua_bindings.hpp). Positions in a hand are 0-based.
#include "lua_bindings.hpp"
#include "tessera/hand.hpp"

namespace tessera::lua {

namespace {

// Bound on would_exceed's n, so size() + n cannot overflow an int.
constexpr int kMaxCards = 1'000'000'000;

// n = hand:limit()   (-1 for none)
int l_limit(lua_State* L) {
  lua_pushinteger(L, check<Hand>(L, 1).limit());
  return 1;
}

// hand:set_limit(limit)   (-1 for none; a hand over the new limit keeps its cards)
int l_set_limit(lua_State* L) {
  Hand& hand = check_mutable<Hand>(L, 1);
  hand.set_limit(check_int(L, 2));
  return 0;
}

// b = hand:would_exceed([n])   (n defaults to 1)
int l_would_exceed(lua_State* L) {
  const Hand& hand = check<Hand>(L, 1);
  const int n = opt_int(L, 2, 1);
  luaL_argcheck(L, n >= -kMaxCards && n <= kMaxCards, 2, "card count out of range");
  lua_pushboolean(L, hand.would_exceed(n));
  return 1;
}

// n = hand:size()
int l_size(lua_State* L) {
  lua_pushinteger(L, check<Hand>(L, 1).size());
  return 1;
}

// b = hand:empty()
int l_empty(lua_State* L) {
  lua_pushboolean(L, check<Hand>(L, 1).empty());
  return 1;
}

// cards = hand:cards()
int l_cards(lua_State* L) {
  push_strings(L, check<Hand>(L, 1).cards());
  return 1;
}

// card = hand:card(index)
int l_card(lua_State* L) {
  const Hand& hand = check<Hand>(L, 1);
  push_string(L, hand.card(check_int(L, 2)));
  return 1;
}

// b = hand:contains(card)
int l_contains(lua_State* L) {
  const Hand& hand = check<Hand>(L, 1);
  lua_pushboolean(L, hand.contains(check_string(L, 2)));
  return 1;
}

// index = hand:index_of(card)   (first copy; -1 if none)
int l_index_of(lua_State* L) {
  const Hand& hand = check<Hand>(L, 1);
  lua_pushinteger(L, hand.index_of(check_string(L, 2)));
  return 1;
}

// hand:add(card [, revealed])
int l_add(lua_State* L) {
  Hand& hand = check_mutable<Hand>(L, 1);
  check_room(L, static_cast<std::size_t>(hand.size()), 1, "a hand");
  std::string card(check_stored_text(L, 2));
  hand.add(std::move(card), opt_bool(L, 3, false));
  return 0;
}

// hand:add_all(cards)
int l_add_all(lua_State* L) {
  Hand& hand = check_mutable<Hand>(L, 1);
  std::vector<std::string> cards = check_strings(L, 2);
  check_room(L, static_cast<std::size_t>(hand.size()), cards.size(), "a hand");
  for (const std::string& card : cards)
    if (card.size() > kMaxStoredText) luaL_argerror(L, 2, "a card id kept in the state is at most 256 bytes");
  hand.add_all(std::move(cards));
  return 0;
}

// hand:remove(card)   (the first copy)
int l_remove(lua_State* L) {
  Hand& hand = check_mutable<Hand>(L, 1);
  hand.remove(check_string(L, 2));
  return 0;
}

// card = hand:remove_at(index)
int l_remove_at(lua_State* L) {
  Hand& hand = check_mutable<Hand>(L, 1);
  push_string(L, hand.remove_at(check_int(L, 2)));
  return 1;
}

// cards = hand:take_all()
int l_take_all(lua_State* L) {
  push_strings(L, check_mutable<Hand>(L, 1).take_all());
  return 1;
}

// hand:reveal(card)   (the first unrevealed copy)
int l_reveal(lua_State* L) {
  Hand& hand = check_mutable<Hand>(L, 1);
  hand.reveal(check_string(L, 2));
  return 0;
}

// hand:set_revealed(index, revealed)
int l_set_revealed(lua_State* L) {
  Hand& hand = check_mutable<Hand>(L, 1);
  const int index = check_int(L, 2);
  hand.set_revealed(index, check_bool(L, 3));
  return 0;
}

// hand:hide_all()
int l_hide_all(lua_State* L) {
  check_mutable<Hand>(L, 1).hide_all();
  return 0;
}

// b = hand:is_revealed(index)
int l_is_revealed(lua_State* L) {
  const Hand& hand = check<Hand>(L, 1);
  lua_pushboolean(L, hand.is_revealed(check_int(L, 2)));
  return 1;
}

// cards = hand:revealed_cards()
int l_revealed_cards(lua_State* L) {
  push_strings(L, check<Hand>(L, 1).revealed_cards());
  return 1;
}

// n = hand:hidden_count()
int l_hidden_count(lua_State* L) {
  lua_pushinteger(L, check<Hand>(L, 1).hidden_count());
  return 1;
}

// b = hand:sees_card(viewer, index)
int l_sees_card(lua_State* L) {
  const Hand& hand = check<Hand>(L, 1);
  const int viewer = check_int(L, 2);
  lua_pushboolean(L, hand.sees_card(viewer, check_int(L, 3)));
  return 1;
}

const luaL_Reg kHandMethods[] = {{"limit", guarded<l_limit>},
                                 {"set_limit", guarded<l_set_limit>},
                                 {"would_exceed", guarded<l_would_exceed>},
                                 {"size", guarded<l_size>},
                                 {"empty", guarded<l_empty>},
                                 {"cards", guarded<l_cards>},
                                 {"card", guarded<l_card>},
                                 {"contains", guarded<l_contains>},
                                 {"index_of", guarded<l_index_of>},
                                 {"add", guarded<l_add>},
                                 {"add_all", guarded<l_add_all>},
                                 {"remove", guarded<l_remove>},
                                 {"remove_at", guarded<l_remove_at>},
                                 {"take_all", guarded<l_take_all>},
                                 {"reveal", guarded<l_reveal>},
                                 {"set_revealed", guarded<l_set_revealed>},
                                 {"hide_all", guarded<l_hide_all>},
                                 {"is_revealed", guarded<l_is_revealed>},
                                 {"revealed_cards", guarded<l_revealed_cards>},
                                 {"hidden_count", guarded<l_hidden_count>},
                                 {"sees_card", guarded<l_sees_card>},
                                 {nullptr, nullptr}};

}  // namespace

void register_hand_binding(LuaBindings& bindings) { bindings.add(Hand::kKind, kHandMethods); }

}  // namespace tessera::lua
