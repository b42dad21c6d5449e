#pragma once
// Scenario helpers for the Age of Discovery tests: read and edit the full state JSON.
#include <algorithm>
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


inline void set_hand(json& hand, const std::vector<std::string>& ids) {
  hand["cards"] = ids;
  hand["revealed"] = std::vector<bool>(ids.size(), true);
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
  set_hand(hand, ids);
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
