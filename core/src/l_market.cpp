// Lua methods of Market handles (see lua_bindings.hpp).
//
// Lua forms: rows and slots are 0-based; a position is {row=, slot=} ({row=-1, slot=-1}
// for nowhere); an empty slot holds "". Calls that draw take the source Deck's handle,
// as the C++ calls take the Deck, and an optional array `set_aside` of card ids.
#include "lua_bindings.hpp"
#include "tessera/deck.hpp"
#include "tessera/market.hpp"

namespace tessera::lua {

namespace {

void push_place(lua_State* L, SlotPlace place) {
  lua_createtable(L, 0, 2);
  set_int_field(L, "row", place.row);
  set_int_field(L, "slot", place.slot);
}

std::vector<std::string> opt_set_aside(lua_State* L, int arg) {
  return lua_isnoneornil(L, arg) ? std::vector<std::string>{} : check_strings(L, arg);
}

// n = market:rows()
int l_rows(lua_State* L) {
  lua_pushinteger(L, check<Market>(L, 1).rows());
  return 1;
}

// n = market:width()
int l_width(lua_State* L) {
  lua_pushinteger(L, check<Market>(L, 1).width());
  return 1;
}

// rule = market:refill_rule()   ("none" | "from_pile" | "slide_down")
int l_refill_rule(lua_State* L) {
  push_string(L, to_string(check<Market>(L, 1).refill_rule()));
  return 1;
}

// name = market:source_deck()   ("" when none)
int l_source_deck(lua_State* L) {
  push_string(L, check<Market>(L, 1).source_deck());
  return 1;
}

// piles = market:source_piles()
int l_source_piles(lua_State* L) {
  push_strings(L, check<Market>(L, 1).source_piles());
  return 1;
}

// slots = market:slots()   (row by row, "" for empty: slots[row*width + slot + 1])
int l_slots(lua_State* L) {
  push_strings(L, check<Market>(L, 1).slots());
  return 1;
}

// card = market:at(row, slot)   ("" when empty)
int l_at(lua_State* L) {
  const Market& market = check<Market>(L, 1);
  const int row = check_int(L, 2);
  push_string(L, market.at(row, check_int(L, 3)));
  return 1;
}

// b = market:is_empty(row, slot)
int l_is_empty(lua_State* L) {
  const Market& market = check<Market>(L, 1);
  const int row = check_int(L, 2);
  lua_pushboolean(L, market.is_empty(row, check_int(L, 3)));
  return 1;
}

// n = market:card_count()
int l_card_count(lua_State* L) {
  lua_pushinteger(L, check<Market>(L, 1).card_count());
  return 1;
}

// cards = market:cards()   (the cards present, row by row)
int l_cards(lua_State* L) {
  push_strings(L, check<Market>(L, 1).cards());
  return 1;
}

// place = market:find(card)   ({row=, slot=})
int l_find(lua_State* L) {
  const Market& market = check<Market>(L, 1);
  push_place(L, market.find(check_string(L, 2)));
  return 1;
}

// card = market:take(slot) | taken = market:take(slot, deck [, set_aside])   ({card=, drawn={...}})
int l_take(lua_State* L) {
  Market& market = check_mutable<Market>(L, 1);
  const int slot = check_int(L, 2);
  if (lua_isnoneornil(L, 3)) {
    push_string(L, market.take(slot));
    return 1;
  }
  Deck& deck = check_mutable<Deck>(L, 3);
  const Market::Taken taken = market.take(slot, deck, opt_set_aside(L, 4));
  lua_createtable(L, 0, 2);
  set_string_field(L, "card", taken.card);
  push_strings(L, taken.drawn);
  lua_setfield(L, -2, "drawn");
  return 1;
}

// card = market:take_at(row, slot)
int l_take_at(lua_State* L) {
  Market& market = check_mutable<Market>(L, 1);
  const int row = check_int(L, 2);
  push_string(L, market.take_at(row, check_int(L, 3)));
  return 1;
}

// places = market:refill_slots()   ({{row=, slot=}, ...})
int l_refill_slots(lua_State* L) {
  const std::vector<SlotPlace> places = check<Market>(L, 1).refill_slots();
  lua_createtable(L, static_cast<int>(places.size()), 0);
  lua_Integer i = 1;
  for (SlotPlace place : places) {
    push_place(L, place);
    lua_rawseti(L, -2, i++);
  }
  return 1;
}

// drawn = market:refill(deck [, set_aside])
int l_refill(lua_State* L) {
  Market& market = check_mutable<Market>(L, 1);
  Deck& deck = check_mutable<Deck>(L, 2);
  push_strings(L, market.refill(deck, opt_set_aside(L, 3)));
  return 1;
}

// drawn = market:fill_all(deck [, set_aside])
int l_fill_all(lua_State* L) {
  Market& market = check_mutable<Market>(L, 1);
  Deck& deck = check_mutable<Deck>(L, 2);
  push_strings(L, market.fill_all(deck, opt_set_aside(L, 3)));
  return 1;
}

// card = market:draw_from_source(deck)   ("" when every source pile is empty)
int l_draw_from_source(lua_State* L) {
  const Market& market = check<Market>(L, 1);
  Deck& deck = check_mutable<Deck>(L, 2);
  push_string(L, market.draw_from_source(deck));
  return 1;
}

// market:place(row, slot, card)
int l_place(lua_State* L) {
  Market& market = check_mutable<Market>(L, 1);
  const int row = check_int(L, 2);
  const int slot = check_int(L, 3);
  market.place(row, slot, std::string(check_stored_text(L, 4)));
  return 0;
}

// cards = market:clear()
int l_clear(lua_State* L) {
  push_strings(L, check_mutable<Market>(L, 1).clear());
  return 1;
}

const luaL_Reg kMarketMethods[] = {{"rows", guarded<l_rows>},
                                   {"width", guarded<l_width>},
                                   {"refill_rule", guarded<l_refill_rule>},
                                   {"source_deck", guarded<l_source_deck>},
                                   {"source_piles", guarded<l_source_piles>},
                                   {"slots", guarded<l_slots>},
                                   {"at", guarded<l_at>},
                                   {"is_empty", guarded<l_is_empty>},
                                   {"card_count", guarded<l_card_count>},
                                   {"cards", guarded<l_cards>},
                                   {"find", guarded<l_find>},
                                   {"take", guarded<l_take>},
                                   {"take_at", guarded<l_take_at>},
                                   {"refill_slots", guarded<l_refill_slots>},
                                   {"refill", guarded<l_refill>},
                                   {"fill_all", guarded<l_fill_all>},
                                   {"draw_from_source", guarded<l_draw_from_source>},
                                   {"place", guarded<l_place>},
                                   {"clear", guarded<l_clear>},
                                   {nullptr, nullptr}};

}  // namespace

void register_market_binding(LuaBindings& bindings) { bindings.add(Market::kKind, kMarketMethods); }

}  // namespace tessera::lua
