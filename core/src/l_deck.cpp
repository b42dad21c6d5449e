// Lua methods of Deck handles (see lua_bindings.hpp).
//
// Lua forms: a pile is {name=, cards={...}, face_up=, group=} with cards bottom first
// (the last one is the top); positions in a pile are 0-based from the bottom.
// Shuffles use the table's RNG, like ctx:shuffle.
#include "lua_bindings.hpp"
#include "tessera/deck.hpp"
#include "tessera/table.hpp"

namespace tessera::lua {

namespace {

void push_pile(lua_State* L, const Pile& pile) {
  lua_createtable(L, 0, 4);
  set_string_field(L, "name", pile.name);
  push_strings(L, pile.cards);
  lua_setfield(L, -2, "cards");
  set_bool_field(L, "face_up", pile.face_up);
  set_string_field(L, "group", pile.group);
}

// list = deck:piles()   ({{name=, cards={...}, face_up=, group=}, ...})
int l_piles(lua_State* L) {
  const auto& piles = check<Deck>(L, 1).piles();
  lua_createtable(L, static_cast<int>(piles.size()), 0);
  lua_Integer i = 1;
  for (const Pile& pile : piles) {
    push_pile(L, pile);
    lua_rawseti(L, -2, i++);
  }
  return 1;
}

// b = deck:has_pile(pile)
int l_has_pile(lua_State* L) {
  const Deck& deck = check<Deck>(L, 1);
  lua_pushboolean(L, deck.has_pile(check_string(L, 2)));
  return 1;
}

// p = deck:pile(pile)   ({name=, cards={...}, face_up=, group=})
int l_pile(lua_State* L) {
  const Deck& deck = check<Deck>(L, 1);
  push_pile(L, deck.pile(check_string(L, 2)));
  return 1;
}

// cards = deck:cards(pile)   (bottom first)
int l_cards(lua_State* L) {
  const Deck& deck = check<Deck>(L, 1);
  push_strings(L, deck.cards(check_string(L, 2)));
  return 1;
}

// n = deck:size(pile)
int l_size(lua_State* L) {
  const Deck& deck = check<Deck>(L, 1);
  lua_pushinteger(L, deck.size(check_string(L, 2)));
  return 1;
}

// n = deck:total_size()
int l_total_size(lua_State* L) {
  lua_pushinteger(L, check<Deck>(L, 1).total_size());
  return 1;
}

// b = deck:empty(pile)
int l_empty(lua_State* L) {
  const Deck& deck = check<Deck>(L, 1);
  lua_pushboolean(L, deck.empty(check_string(L, 2)));
  return 1;
}

// card = deck:peek(pile) | cards = deck:peek(pile, n)   (up to n top cards, top first)
int l_peek(lua_State* L) {
  const Deck& deck = check<Deck>(L, 1);
  const std::string_view pile = check_string(L, 2);
  if (lua_isnoneornil(L, 3))
    push_string(L, deck.peek(pile));
  else
    push_strings(L, deck.peek(pile, check_int(L, 3)));
  return 1;
}

// card = deck:draw(pile) | cards = deck:draw(pile, n)   (top first)
int l_draw(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  const std::string_view pile = check_string(L, 2);
  if (lua_isnoneornil(L, 3))
    push_string(L, deck.draw(pile));
  else
    push_strings(L, deck.draw(pile, check_int(L, 3)));
  return 1;
}

// pile = deck:first_nonempty(piles)   ("" if all are empty)
int l_first_nonempty(lua_State* L) {
  const Deck& deck = check<Deck>(L, 1);
  push_string(L, deck.first_nonempty(check_strings(L, 2)));
  return 1;
}

// card = deck:draw_from_first_nonempty(piles)
int l_draw_from_first_nonempty(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  push_string(L, deck.draw_from_first_nonempty(check_strings(L, 2)));
  return 1;
}

// deck:put_top(pile, card)
int l_put_top(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  const std::string_view pile = check_string(L, 2);
  check_room(L, static_cast<std::size_t>(deck.total_size()), 1, "a deck");
  deck.put_top(pile, std::string(check_stored_text(L, 3)));
  return 0;
}

// deck:put_bottom(pile, card)
int l_put_bottom(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  const std::string_view pile = check_string(L, 2);
  check_room(L, static_cast<std::size_t>(deck.total_size()), 1, "a deck");
  deck.put_bottom(pile, std::string(check_stored_text(L, 3)));
  return 0;
}

// deck:put_at(pile, index, card)   (0 = bottom, size = top)
int l_put_at(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  const std::string_view pile = check_string(L, 2);
  const int index = check_int(L, 3);
  check_room(L, static_cast<std::size_t>(deck.total_size()), 1, "a deck");
  deck.put_at(pile, index, std::string(check_stored_text(L, 4)));
  return 0;
}

// deck:insert_random(pile, card)
int l_insert_random(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  const std::string_view pile = check_string(L, 2);
  check_room(L, static_cast<std::size_t>(deck.total_size()), 1, "a deck");
  deck.insert_random(pile, std::string(check_stored_text(L, 3)), mutable_table(L).rng());
  return 0;
}

// deck:shuffle(pile)
int l_shuffle(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  deck.shuffle(check_string(L, 2), mutable_table(L).rng());
  return 0;
}

// n = deck:move_all(from, to)
int l_move_all(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  const std::string_view from = check_string(L, 2);
  lua_pushinteger(L, deck.move_all(from, check_string(L, 3)));
  return 1;
}

// cards = deck:take_all(pile)   (bottom first)
int l_take_all(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  push_strings(L, deck.take_all(check_string(L, 2)));
  return 1;
}

// place = deck:find(card)   ({pile=, index=}; {pile="", index=-1} when nowhere)
int l_find(lua_State* L) {
  const Deck& deck = check<Deck>(L, 1);
  const CardPlace place = deck.find(check_string(L, 2));
  lua_createtable(L, 0, 2);
  set_string_field(L, "pile", place.pile);
  set_int_field(L, "index", place.index);
  return 1;
}

// b = deck:contains(card)
int l_contains(lua_State* L) {
  const Deck& deck = check<Deck>(L, 1);
  lua_pushboolean(L, deck.contains(check_string(L, 2)));
  return 1;
}

// deck:remove(card)
int l_remove(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  deck.remove(check_string(L, 2));
  return 0;
}

// card = deck:remove_at(pile, index)
int l_remove_at(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  const std::string_view pile = check_string(L, 2);
  push_string(L, deck.remove_at(pile, check_int(L, 3)));
  return 1;
}

// deck:set_face_up(pile, face_up)
int l_set_face_up(lua_State* L) {
  Deck& deck = check_mutable<Deck>(L, 1);
  const std::string_view pile = check_string(L, 2);
  deck.set_face_up(pile, check_bool(L, 3));
  return 0;
}

// b = deck:sees_face_down(viewer)
int l_sees_face_down(lua_State* L) {
  const Deck& deck = check<Deck>(L, 1);
  lua_pushboolean(L, deck.sees_face_down(check_int(L, 2)));
  return 1;
}

const luaL_Reg kDeckMethods[] = {{"piles", guarded<l_piles>},
                                 {"has_pile", guarded<l_has_pile>},
                                 {"pile", guarded<l_pile>},
                                 {"cards", guarded<l_cards>},
                                 {"size", guarded<l_size>},
                                 {"total_size", guarded<l_total_size>},
                                 {"empty", guarded<l_empty>},
                                 {"peek", guarded<l_peek>},
                                 {"draw", guarded<l_draw>},
                                 {"first_nonempty", guarded<l_first_nonempty>},
                                 {"draw_from_first_nonempty", guarded<l_draw_from_first_nonempty>},
                                 {"put_top", guarded<l_put_top>},
                                 {"put_bottom", guarded<l_put_bottom>},
                                 {"put_at", guarded<l_put_at>},
                                 {"insert_random", guarded<l_insert_random>},
                                 {"shuffle", guarded<l_shuffle>},
                                 {"move_all", guarded<l_move_all>},
                                 {"take_all", guarded<l_take_all>},
                                 {"find", guarded<l_find>},
                                 {"contains", guarded<l_contains>},
                                 {"remove", guarded<l_remove>},
                                 {"remove_at", guarded<l_remove_at>},
                                 {"set_face_up", guarded<l_set_face_up>},
                                 {"sees_face_down", guarded<l_sees_face_down>},
                                 {nullptr, nullptr}};

}  // namespace

void register_deck_binding(LuaBindings& bindings) { bindings.add(Deck::kKind, kDeckMethods); }

}  // namespace tessera::lua
