#pragma once
// Scenario helpers for the Santa Maria tests: read and edit the full state JSON.
#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/registry.hpp"
#include "support/scenario.hpp"

namespace sm_test {

using nlohmann::json;
using tessera::testing::cards;
using tessera::testing::has;
using tessera::testing::set_value;
using tessera::testing::state;

// Arranges a position (tessera::testing::edit): what `fn` places stands, and every shipment it
// does not put on a dock or in a port waits face down, as a shipment is in one place: those
// it puts in a port leave their dock (the pile's top waiting one takes it) or the pile, those
// it takes from everywhere go to the pile's bottom.
inline void edit(tessera::Game& g, const std::function<void(json&)>& fn) {
  tessera::testing::edit(g, [&](json& s) {
    std::vector<std::string> all = s["global"]["ships"]["piles"][0]["cards"];
    for (const json& id : s["global"]["docks"]["rows"][0])
      if (!id.get<std::string>().empty()) all.push_back(id);
    for (const json& seat : s["seats"])
      for (auto it = seat["port"]["values"].begin(); it != seat["port"]["values"].end(); ++it) all.push_back(it.key());
    fn(s);
    const auto in = [](const std::vector<std::string>& ids, const std::string& id) {
      return std::find(ids.begin(), ids.end(), id) != ids.end();
    };
    std::vector<std::string> placed;
    for (const json& seat : s["seats"])
      for (auto it = seat["port"]["values"].begin(); it != seat["port"]["values"].end(); ++it) placed.push_back(it.key());
    json& pile = s["global"]["ships"]["piles"][0]["cards"];
    for (json& dock : s["global"]["docks"]["rows"][0]) {
      if (in(placed, dock)) {
        dock = "";
        for (auto it = pile.rbegin(); it != pile.rend() && dock == ""; ++it)
          if (!in(placed, *it)) dock = *it;
      }
      placed.push_back(dock);
    }
    std::vector<std::string> waiting;
    for (const std::string& id : all)
      if (!in(placed, id) && !in(pile.get<std::vector<std::string>>(), id)) waiting.push_back(id);
    for (const json& id : pile)
      if (!in(placed, id)) waiting.push_back(id);
    pile = waiting;
  });
}

// The year, the start player and the road tiles left.
inline int progress(const tessera::Game& g, const std::string& key) {
  return tessera::testing::counter(g, "progress", key);
}
// The seat whose turn it is (or who answers a pushed step).
inline int current(const tessera::Game& g) { return g.seat_to_move(); }
// The step on top of the flow: where the game waits.
inline std::string top_step(const tessera::Game& g) { return state(g)["global"]["flow"]["frames"].back()["step"]; }
inline int player(const tessera::Game& g, int seat, const std::string& key) {
  return tessera::testing::counter(g, "player", key, seat);
}
inline int score(const tessera::Game& g, int seat, const std::string& key) {
  return tessera::testing::counter(g, "score", key, seat);
}
inline int points(const tessera::Game& g, int seat) {
  return state(g)["seats"][seat]["happiness"]["values"].value("points", 0);
}


// Cell (r, c) 1-based of a seat's colony grid in the state JSON.
inline json& cell_type(json& s, int seat, int r, int c) {
  return s["seats"][seat]["colony"]["types"][(r - 1) * 6 + (c - 1)];
}
inline json& cell_piece(json& s, int seat, int r, int c) {
  return s["seats"][seat]["colony"]["pieces"][(r - 1) * 6 + (c - 1)];
}
// Empties a seat's colony (every square free, no pieces).
inline void clear_colony(json& s, int seat) {
  for (auto& t : s["seats"][seat]["colony"]["types"]) t = "";
  for (auto& p : s["seats"][seat]["colony"]["pieces"]) p = "";
}
// Sets a seat's storage: coins and goods (missing keys become 0).
inline void set_stock(json& s, int seat, const std::vector<std::pair<std::string, int>>& stock) {
  json& p = s["seats"][seat]["player"];
  for (const char* g : {"coins", "wood", "grain", "sugar", "gem", "gold"}) set_value(p, g, 0);
  for (const auto& [k, v] : stock) set_value(p, k, v);
}
// Sets every white die in the pool to `values` (extra dice keep theirs).
inline void set_white(json& s, const std::vector<int>& values) {
  std::size_t k = 0;
  for (auto& d : s["global"]["dice"]["dice"])
    if (d["color"] == "white" && d["holder"] == -1 && k < values.size()) d["value"] = values[k++];
}
inline json frame(const std::string& step, int seat, int cursor) {
  return json{{"step", step}, {"seat", seat}, {"status", "running"}, {"cursor", cursor}, {"moves", 0}, {"params", json::object()}};
}
// Seat `seat` to act in the main phase with nothing pending: the flow is
// game > years > year (whose seat moves next) > turn.
inline void my_turn(json& s, int seat) {
  s["global"]["flow"]["frames"] =
      json{frame("game", -1, 2), frame("years", -1, 1), frame("year", seat, 1), frame("turn", seat, 0)};
}

}  // namespace sm_test
