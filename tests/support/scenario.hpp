#pragma once
// Scenario helpers every game's tests use: read and edit a game's full state JSON.
#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tessera/game.hpp"

namespace tessera::testing {

using nlohmann::json;

inline json state(const Game& g) { return g.table().to_json(); }

// Value `key` of the counters `name` (global, or of `seat`); 0 when unset.
inline int counter(const Game& g, const std::string& name, const std::string& key, int seat = kNobody) {
  const json s = state(g);
  const json& c = seat == kNobody ? s["global"][name] : s["seats"][seat][name];
  return c["values"].value(key, 0);
}

inline std::vector<std::string> cards(const json& hand) { return hand["cards"].get<std::vector<std::string>>(); }

inline bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

inline void set_value(json& counters, const std::string& key, int value) { counters["values"][key] = value; }

// Edits the full state and sets it back (the game's DataError passes through when it refuses).
inline void edit(Game& g, const std::function<void(json&)>& fn) {
  json s = state(g);
  fn(s);
  g.set_state(s);
}

}  // namespace tessera::testing
