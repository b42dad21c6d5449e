#pragma once
// Scenario helpers for the Santa Maria tests: read and edit the full state JSON.
#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/registry.hpp"

namespace sm_test {

using nlohmann::json;

inline json state(const tessera::Game& g) { return g.table().to_json(); }
inline int flow(const tessera::Game& g, const std::string& key) {
  return state(g)["global"]["flow"]["values"].value(key, 0);
}
inline int player(const tessera::Game& g, int seat, const std::string& key) {
  return state(g)["seats"][seat]["player"]["values"].value(key, 0);
}
inline int points(const tessera::Game& g, int seat) {
  return state(g)["seats"][seat]["happiness"]["values"].value("points", 0);
}
inline int score(const tessera::Game& g, int seat, const std::string& key) {
  return state(g)["seats"][seat]["score"]["values"].value(key, 0);
}
inline bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}
inline void set_value(json& counters, const std::string& key, int value) { counters["values"][key] = value; }

// Edits the full state and sets it back (fails the test if the game refuses it).
inline void edit(tessera::Game& g, const std::function<void(json&)>& fn) {
  json s = state(g);
  fn(s);
  g.set_state(s);
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
// Seat `seat` to act in the main phase with nothing pending.
inline void my_turn(json& s, int seat) {
  set_value(s["global"]["flow"], "current", seat);
  set_value(s["global"]["flow"], "phase", 0);
}

}  // namespace sm_test
