#pragma once
// Scenario helpers for the Age of Discovery tests: read and edit the full state JSON.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/registry.hpp"
#include "support/scenario.hpp"

namespace aod_test {

using nlohmann::json;
using tessera::testing::cards;
using tessera::testing::edit;
using tessera::testing::has;
using tessera::testing::set_value;
using tessera::testing::state;

inline int progress(const tessera::Game& g, const std::string& key) {
  return tessera::testing::counter(g, "progress", key);
}
// The actions taken this turn (the `used` bits of the actions step: coins 1, contract 2, buy 4, send 8).
inline int used(const tessera::Game& g) {
  const json s = state(g);
  for (const json& frame : s["global"]["flow"]["frames"])
    if (frame["step"] == "actions") return frame["params"].value("used", 0);
  return -1;
}
inline int player(const tessera::Game& g, int seat, const std::string& key) {
  return tessera::testing::counter(g, "player", key, seat);
}
inline int score(const tessera::Game& g, int seat, const std::string& key) {
  return tessera::testing::counter(g, "score", key, seat);
}


// Ships, contracts and missions are conserved (schema.yaml): each card is in exactly one
// place, so arranging cards moves them from where they are rather than conjuring them.

// Where a card lies: a pile of a deck, a slot of a market or a place in a hand.
struct Place {
  json* cards = nullptr;
  std::size_t index = 0;
  json* revealed = nullptr;  // of a hand
  bool slot = false;         // of a market: it is refilled, not closed up
};

inline Place find_card(json& s, const std::string& id, const json* except = nullptr) {
  Place found;
  const auto look = [&](json& list, json* revealed, bool slot) {
    if (&list == except) return;
    for (std::size_t i = 0; i < list.size(); ++i)
      if (list[i] == id) found = Place{&list, i, revealed, slot};
  };
  const auto scope = [&](json& components) {
    for (auto& [name, c] : components.items()) {
      const std::string kind = c.value("kind", "");
      if (kind == "deck")
        for (json& pile : c["piles"]) look(pile["cards"], nullptr, false);
      if (kind == "market")
        for (json& row : c["rows"]) look(row, nullptr, true);
      if (kind == "hand") look(c["cards"], &c["revealed"], false);
    }
  };
  scope(s["global"]);
  for (json& seat : s["seats"]) scope(seat);
  return found;
}

// A ship or contract for a market slot left empty: the bottom card of the first ship pile
// (never a scoring card) or of the contract draw pile.
inline std::string spare(json& s, const std::string& instead_of) {
  const bool contract = instead_of.rfind("tc_", 0) == 0;
  for (json& pile : contract ? s["global"]["contract_deck"]["piles"] : s["global"]["ships"]["piles"]) {
    json& cards = pile["cards"];
    for (std::size_t i = 0; i < cards.size(); ++i)
      if (cards[i].get<std::string>().find("scoring") == std::string::npos) {
        const std::string card = cards[i];
        cards.erase(i);
        return card;
      }
  }
  return "";
}

// Where a card a hand gives up goes when no card takes its place: back to its box or deck.
inline void put_away(json& s, const std::string& id) {
  json& g = s["global"];
  json& pile = id.rfind("flag_", 0) == 0  ? g["box"]["piles"][0]["cards"]
               : id.rfind("tc_", 0) == 0  ? g["contract_deck"]["piles"][0]["cards"]
               : id.rfind("m", 0) == 0 && id.size() > 1 && std::isdigit(static_cast<unsigned char>(id[1]))
                   ? g["mission_box"]["piles"][0]["cards"]
                   : g["ships"]["piles"][1]["cards"];
  pile.insert(pile.begin(), id);
}

// Takes card `id` from where it is (outside `except`); `instead` takes its place if given.
inline void take(json& s, const std::string& id, const json* except = nullptr, const std::string& instead = "") {
  const Place p = find_card(s, id, except);
  REQUIRE(p.cards != nullptr);
  if (!instead.empty()) {
    (*p.cards)[p.index] = instead;
  } else if (p.slot) {
    (*p.cards)[p.index] = spare(s, id);
  } else {
    p.cards->erase(p.index);
    if (p.revealed) p.revealed->erase(p.index);
  }
}

// Makes `hand` (a hand of `s`) hold exactly `ids`, each taken from where it is; a card the
// hand gives up takes the place of one it gets, or is put away.
inline void set_hand(json& s, json& hand, const std::vector<std::string>& ids) {
  std::vector<std::string> leaving;
  for (const auto& id : cards(hand))
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) leaving.push_back(id);
  for (const auto& id : ids) {
    if (has(cards(hand), id)) continue;
    std::string instead;
    if (!leaving.empty()) {
      instead = leaving.back();
      leaving.pop_back();
    }
    take(s, id, &hand["cards"], instead);
  }
  hand["cards"] = ids;
  hand["revealed"] = std::vector<bool>(ids.size(), true);
  for (const auto& id : leaving) put_away(s, id);
}

// Puts `ids` in market row `row` of "rows", swapping each with the card in its slot.
inline void set_row(json& s, int row, const std::vector<std::string>& ids) {
  for (std::size_t slot = 0; slot < ids.size(); ++slot) {
    json& here = s["global"]["rows"]["rows"][static_cast<std::size_t>(row)][slot];
    const std::string current = here;
    if (current == ids[slot]) continue;
    here = "";  // not found there while the card is looked for
    take(s, ids[slot], nullptr, current);
    s["global"]["rows"]["rows"][static_cast<std::size_t>(row)][slot] = ids[slot];
  }
}


inline json frame(const std::string& step, int seat, int cursor, json params = json::object()) {
  return json{{"step", step}, {"seat", seat}, {"status", "running"}, {"cursor", cursor}, {"moves", 0}, {"params", params}};
}

// Seat `seat` at the start of the action part of its turn in the first round, nothing taken
// yet: the flow is game > round (the seats from the first player up to `seat` served) >
// turn > actions.
inline void my_turn(json& s, int seat) {
  json& turns = s["global"]["turns"];
  turns["current"] = seat;
  const std::vector<int> order = turns["order"];
  const auto position = [&](int x) { return static_cast<int>(std::find(order.begin(), order.end(), x) - order.begin()); };
  const int n = static_cast<int>(order.size());
  const int served = (position(seat) - position(turns["start"].get<int>()) + n) % n + 1;
  s["global"]["flow"]["frames"] = json{frame("game", -1, 1), frame("round", -1, served), frame("turn", seat, 1),
                                       frame("actions", seat, 0, json{{"used", 0}})};
}

// Puts `ship` on expedition `exp` for `owner` with declared colour index and value.
inline void on_expedition(json& s, const std::string& exp, const std::string& ship, int owner, int colour, int value) {
  json& hand = s["global"]["expedition_" + exp];
  std::vector<std::string> ids = cards(hand);
  ids.push_back(ship);
  set_hand(s, hand, ids);
  json& tally = s["global"]["tally"];
  if (tally["values"].value(exp + ".lock", 0) == 0) set_value(tally, exp + ".lock", colour + 1);
  set_value(tally, exp + ".load", tally["values"].value(exp + ".load", 0) + value);
  set_value(tally, exp + ".all", tally["values"].value(exp + ".all", 0) + 1);
  const std::string own = exp + ".s" + std::to_string(owner);
  set_value(tally, own, tally["values"].value(own, 0) + 1);
  json& placed = s["global"]["placed"];
  set_value(placed, ship + ".own", owner + 1);
  set_value(placed, ship + ".col", colour + 1);
  set_value(placed, ship + ".val", value);
}

// Colour indices of data/age_of_discovery/game.yaml.
enum Colour { kRed = 0, kYellow = 1, kBlue = 2, kGreen = 3, kWhite = 4, kBlack = 5 };

}  // namespace aod_test
