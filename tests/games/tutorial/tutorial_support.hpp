#pragma once
// Scenario helpers for the Lantern Market tests: read and arrange the full state JSON.
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
inline void set_spice(Game& g, int seat, int n) { arrange(g, "/global/goods/holdings/" + std::to_string(seat) + "/1", n); }
inline void set_market(Game& g, std::vector<std::string> row) { arrange(g, "/global/market/rows/0", row); }
inline void set_renown(Game& g, int seat, int space) { arrange(g, "/global/renown/positions/" + std::to_string(seat), space); }

}  // namespace tutorial_test
