#pragma once
// Scenario helpers for the Sardinia tests: read and edit the full state JSON.
#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/registry.hpp"
#include "support/scenario.hpp"

namespace sardinia_test {

using nlohmann::json;
using tessera::testing::cards;
using tessera::testing::edit;
using tessera::testing::has;
using tessera::testing::set_value;
using tessera::testing::state;

enum Seat { kYellow = 0, kBlue = 1, kPurple = 2, kGreen = 3 };
// Token type values of the "tokens" counters (index in game.yaml + 1).
enum Token { kWheat = 1, kOlive = 2, kWine = 3, kThyme = 4, kCheese = 5 };

inline int scorings(const tessera::Game& g) { return tessera::testing::counter(g, "progress", "scorings"); }
// The frame on top of the flow: the step the game waits in, and its parameters.
inline json top_frame(const tessera::Game& g) { return state(g)["global"]["flow"]["frames"].back(); }
inline std::string top_step(const tessera::Game& g) { return top_frame(g)["step"]; }

inline json frame(const std::string& step, int seat, int cursor = 0, const json& params = json::object()) {
  return json{{"step", step}, {"seat", seat}, {"status", "running"}, {"cursor", cursor}, {"moves", 0}, {"params", params}};
}
inline int score(const tessera::Game& g, int seat, const std::string& key = "vp") {
  return tessera::testing::counter(g, "score", key, seat);
}

// An empty board: no pieces, every reserve full.
inline void clear_board(json& s) {
  s["global"]["board"]["pieces"] = json::array();
  for (auto& seat : s["seats"]) {
    const std::pair<const char*, int> full[] = {{"chaplain", 1}, {"ship", 2}, {"fort", 3}, {"settlement", 4}, {"settler", 5}};
    for (const auto& [kind, n] : full) set_value(seat["reserve"], kind, n);
  }
}

// Puts `count` pieces of `owner` on board space `space` (a province id, "port_<id>" or
// "fort_<n>") and takes them from the owner's reserve.
inline void put(json& s, const std::string& space, int owner, const std::string& kind, int count = 1) {
  s["global"]["board"]["pieces"].push_back({{"space", space}, {"owner", owner}, {"kind", kind}, {"count", count}});
  json& reserve = s["seats"][owner]["reserve"];
  set_value(reserve, kind, reserve["values"].value(kind, 0) - count);
}

// `seat` holds `in_hand` and has played `played` (in that order).
inline void set_cards(json& s, int seat, const std::vector<std::string>& in_hand, const std::vector<std::string>& played) {
  s["seats"][seat]["hand"]["cards"] = in_hand;
  s["seats"][seat]["hand"]["revealed"] = std::vector<bool>(in_hand.size(), false);
  s["seats"][seat]["played"]["cards"] = played;
  s["seats"][seat]["played"]["revealed"] = std::vector<bool>(played.size(), true);
}

inline const std::vector<std::string> kAllCards{"admiral", "commander", "chaplain", "farmer", "architect", "queen", "guard"};

// It is `seat`'s turn to play a card: the flow is game > round > turn > play.
inline void my_turn(json& s, int seat) {
  s["global"]["turns"]["current"] = seat;
  const int scorings = s["global"]["progress"]["values"].value("scorings", 0);
  s["global"]["flow"]["frames"] = json{frame("game", -1, 1), frame("round", -1, 1, {{"scorings", scorings}}),
                                       frame("turn", -1), frame("play", seat)};
}

// `seat` has played card `card` (its index in cards.yaml) and chooses among its options.
inline void choosing(json& s, int seat, int card) {
  my_turn(s, seat);
  json& frames = s["global"]["flow"]["frames"];
  frames.back()["moves"] = 1;
  frames.push_back(frame("option", seat, 0, {{"card", card}}));
}

// The fort row: `cards` left to right, the first `face_up` revealed. Fort cards are conserved, so
// they move: cards now in the row leave the deck, and the row's former cards go under the deck.
inline void set_row(json& s, const std::vector<std::string>& row, int face_up) {
  json& deck = s["global"]["fort_deck"]["piles"][0]["cards"];
  json rest = json::array();
  for (const auto& card : s["global"]["fort_row"]["cards"])
    if (!has(row, card.get<std::string>())) rest.push_back(card);
  for (const auto& card : deck)
    if (!has(row, card.get<std::string>())) rest.push_back(card);
  deck = rest;
  s["global"]["fort_row"]["cards"] = row;
  std::vector<bool> shown(row.size(), false);
  for (int i = 0; i < face_up && i < static_cast<int>(row.size()); ++i) shown[static_cast<std::size_t>(i)] = true;
  s["global"]["fort_row"]["revealed"] = shown;
}

// The fort deck from bottom to top.
inline void set_deck(json& s, const std::vector<std::string>& bottom_to_top) {
  s["global"]["fort_deck"]["piles"][0]["cards"] = bottom_to_top;
}

}  // namespace sardinia_test
