#pragma once
// Scenario helpers for the Lantern Market tests: read and arrange the full state JSON.
#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/registry.hpp"
#include "support/scenario.hpp"

namespace tutorial_test {

using nlohmann::json;
using tessera::Game;
using tessera::testing::arrange;
using tessera::testing::state;

inline int coins(const Game& g, int seat) { return state(g)["global"]["goods"]["holdings"][seat][0]; }
inline int spice(const Game& g, int seat) { return state(g)["global"]["goods"]["holdings"][seat][1]; }
inline int spice_bank(const Game& g) { return state(g)["global"]["goods"]["resources"][1]["bank"]; }
inline int renown(const Game& g, int seat) { return state(g)["global"]["renown"]["positions"][seat]; }
inline int last_round(const Game& g) { return tessera::testing::counter(g, "progress", "last_round"); }
// The step on top of the flow: where the game waits.
inline std::string top_step(const Game& g) { return state(g)["global"]["flow"]["frames"].back()["step"]; }

inline json frame(const std::string& step, int seat, int cursor) {
  return json{{"step", step}, {"seat", seat}, {"status", "running"}, {"cursor", cursor}, {"moves", 0}, {"params", json::object()}};
}

// Seat `seat` in the middle of its turn of the first round (seat 0 starts), dice showing
// `values`, all unused: the flow is game > round > turn > use_dice.
inline void mid_turn(Game& g, int seat, std::vector<int> values) {
  arrange(g, "/global/turns/current", seat);
  arrange(g, "/global/flow/frames",
          json{frame("game", -1, 1), frame("round", -1, seat + 1), frame("turn", seat, 2), frame("use_dice", seat, 0)});
  for (std::size_t i = 0; i < values.size(); ++i) arrange(g, "/global/dice/dice/" + std::to_string(i) + "/value", values[i]);
}

inline void set_coins(Game& g, int seat, int n) { arrange(g, "/global/goods/holdings/" + std::to_string(seat) + "/0", n); }
// Spice is conserved (schema.yaml): what a seat is given comes from the bank, what it loses goes back.
inline void set_spice(Game& g, int seat, int n) {
  tessera::testing::edit(g, [&](json& s) {
    json& held = s["global"]["goods"]["holdings"][static_cast<std::size_t>(seat)][1];
    json& bank = s["global"]["goods"]["resources"][1]["bank"];
    bank = bank.get<int>() - (n - held.get<int>());
    held = n;
  });
}
// The cards are conserved (schema.yaml): each is in exactly one place, so arranging them
// moves cards rather than conjuring them.

// Puts `row` in the market ("" for an empty slot), taking its cards from the market and the
// draw pile; the cards it displaces go to the bottom of the pile.
inline void set_market(Game& g, const std::vector<std::string>& row) {
  tessera::testing::edit(g, [&](json& s) {
    json& market = s["global"]["market"]["rows"][0];
    json& pile = s["global"]["cards"]["piles"][0]["cards"];
    std::vector<std::string> pool = pile.get<std::vector<std::string>>();
    for (const auto& card : market) pool.push_back(card);
    for (const auto& card : row) {
      if (card.empty()) continue;
      const auto at = std::find(pool.begin(), pool.end(), card);
      REQUIRE(at != pool.end());
      pool.erase(at);
    }
    pool.erase(std::remove(pool.begin(), pool.end(), std::string()), pool.end());
    market = row;
    pile = pool;
  });
}

// Leaves exactly `cards` (taken from it) in the draw pile; the rest of the pile goes to the
// tableau of the last seat.
inline void set_pile(Game& g, const std::vector<std::string>& cards) {
  tessera::testing::edit(g, [&](json& s) {
    json& pile = s["global"]["cards"]["piles"][0]["cards"];
    std::vector<std::string> rest = pile.get<std::vector<std::string>>();
    for (const auto& card : cards) {
      const auto at = std::find(rest.begin(), rest.end(), card);
      REQUIRE(at != rest.end());
      rest.erase(at);
    }
    pile = cards;
    json& tableau = s["seats"].back()["tableau"];
    for (const auto& card : rest) {
      tableau["cards"].push_back(card);
      tableau["revealed"].push_back(true);
    }
  });
}
inline void set_renown(Game& g, int seat, int space) { arrange(g, "/global/renown/positions/" + std::to_string(seat), space); }

}  // namespace tutorial_test
