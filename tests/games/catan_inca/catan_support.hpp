#pragma once
// Scenario helpers for the CATAN: Rise of the Inkas tests: arrange the board, the hands and
// the flow frames in the full state JSON, and read them back.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/registry.hpp"
#include "support/scenario.hpp"

namespace catan_test {

using nlohmann::json;
using tessera::Game;
using tessera::testing::edit;
using tessera::testing::legal_texts;
using tessera::testing::state;

inline const std::vector<std::string> kTypes = {"wood", "stone", "wool", "potato", "ore", "fish", "coca", "feathers"};
enum Colour { kRed = 0, kOrange = 1, kBlue = 2, kGrey = 3 };

inline int type_index(const std::string& t) {
  return static_cast<int>(std::find(kTypes.begin(), kTypes.end(), t) - kTypes.begin());
}

inline std::unique_ptr<Game> new_catan(int players = 4, std::uint64_t seed = 1, std::vector<std::string> variants = {}) {
  return tessera::testing::new_game("catan_inca", players, seed, std::move(variants));
}

// A hand as {type: count}; unnamed types hold 0.
using Cards = std::map<std::string, int>;
inline Cards hand(const Game& g, int seat) {
  Cards out;
  const json s = state(g);
  for (std::size_t i = 0; i < kTypes.size(); ++i) {
    const int n = s["global"]["cards"]["holdings"][seat][i];
    if (n) out[kTypes[i]] = n;
  }
  return out;
}
inline int bank(const Game& g, const std::string& type) {
  return state(g)["global"]["cards"]["resources"][type_index(type)]["bank"];
}
// Sets a hand; the bank gives or takes the difference (cards stay conserved).
inline void set_hand(json& s, int seat, const Cards& cards) {
  for (std::size_t i = 0; i < kTypes.size(); ++i) {
    const auto it = cards.find(kTypes[i]);
    const int want = it == cards.end() ? 0 : it->second;
    json& held = s["global"]["cards"]["holdings"][seat][i];
    s["global"]["cards"]["resources"][i]["bank"] = s["global"]["cards"]["resources"][i]["bank"].get<int>() + held.get<int>() - want;
    held = want;
  }
}
inline void set_hand(Game& g, int seat, const Cards& cards) {
  edit(g, [&](json& s) { set_hand(s, seat, cards); });
}
inline void empty_hands(json& s) {
  for (int seat = 0; seat < s["players"].get<int>(); ++seat) set_hand(s, seat, {});
}

inline int markers(const Game& g, int seat) { return tessera::testing::counter(g, "tribe", "markers", seat); }
inline int tribe(const Game& g, int seat) { return tessera::testing::counter(g, "tribe", "tribe", seat); }
inline int progress(const Game& g, const std::string& key) { return tessera::testing::counter(g, "progress", key); }

// Board sites: corner/edge id -> (owner, piece).
inline std::string piece_at(const Game& g, const std::string& corner, int* owner = nullptr) {
  const json s = state(g);  // the loop must not run over a temporary's member
  for (const json& c : s["global"]["board"]["corners"])
    if (c["id"] == corner) {
      if (owner) *owner = c["owner"];
      return c["piece"];
    }
  if (owner) *owner = -1;
  return "";
}
inline int road_owner(const Game& g, const std::string& edge) {
  const json s = state(g);
  for (const json& e : s["global"]["board"]["edges"])
    if (e["id"] == edge) return e["owner"];
  return -1;
}
inline int count_roads(const Game& g, int seat) {
  int n = 0;
  const json s = state(g);
  for (const json& e : s["global"]["board"]["edges"]) n += e["owner"] == seat ? 1 : 0;
  return n;
}
inline void clear_board(json& s) {
  s["global"]["board"]["corners"] = json::array();
  s["global"]["board"]["edges"] = json::array();
}
inline void put_building(json& s, const std::string& corner, int owner, const std::string& piece = "settlement") {
  json& corners = s["global"]["board"]["corners"];
  for (auto it = corners.begin(); it != corners.end(); ++it)
    if ((*it)["id"] == corner) {
      corners.erase(it);
      break;
    }
  corners.push_back({{"id", corner}, {"owner", owner}, {"piece", piece}});
}
inline void put_road(json& s, const std::string& edge, int owner) {
  s["global"]["board"]["edges"].push_back({{"id", edge}, {"owner", owner}, {"piece", "road"}});
}
// EX-06's board (§9): blue's 5-road route from 0,-3,W and red's branching roads from
// -1,0,W, nothing else, empty hands.
inline void ex06_board(json& s) {
  empty_hands(s);
  clear_board(s);
  put_building(s, "0,-3,W", kBlue);
  for (const char* e : {"-1,-2,NE", "-1,-2,SE", "-1,-1,NE", "-1,-1,SE", "-1,0,NE"}) put_road(s, e, kBlue);
  put_building(s, "-1,0,W", kRed);
  for (const char* e : {"-2,0,SE", "-2,0,NE", "-2,-1,SE", "-1,-1,N", "-2,-1,NE"}) put_road(s, e, kRed);
}
inline void put_robber(json& s, int q, int r) {
  for (json& h : s["global"]["board"]["hexes"]) h["piece"] = (h["q"] == q && h["r"] == r) ? "robber" : "";
}
inline std::string robber_at(const Game& g) {
  const json s = state(g);
  for (const json& h : s["global"]["board"]["hexes"])
    if (h["piece"] == "robber") return std::to_string(h["q"].get<int>()) + "," + std::to_string(h["r"].get<int>());
  return "";
}

inline json frame(const std::string& step, int seat, int cursor, json params = json::object()) {
  return json{{"step", step}, {"seat", seat}, {"status", "running"}, {"cursor", cursor}, {"moves", 0}, {"params", params}};
}
// Seat `seat` in its turn of a round started by seat 0; `rolled` puts it after the roll.
inline void at_turn(json& s, int seat, bool rolled = true, int flags = 0) {
  s["global"]["turns"]["current"] = seat;
  s["global"]["turns"]["start"] = 0;
  s["global"]["flow"]["frames"] = json::array({frame("game", -1, 2), frame("play", -1, 1), frame("round", -1, seat + 1),
                                               frame("turn", seat, 0, {{"flags", (rolled ? 1 : 0) | flags}, {"bought", 0}})});
}
inline std::string top_step(const Game& g) { return state(g)["global"]["flow"]["frames"].back()["step"]; }
inline bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// Applies `text`, requiring it legal.
inline void act(Game& g, const std::string& text) {
  INFO("action: " << text);
  const auto legal = legal_texts(g);
  REQUIRE(has(legal, text));
  REQUIRE(g.apply(text).ok);
}
// Requires `text` refused with the state unchanged.
inline void refused(Game& g, const std::string& text) {
  INFO("action: " << text);
  const json before = state(g);
  CHECK_FALSE(has(legal_texts(g), text));
  CHECK_FALSE(g.apply(text).ok);
  CHECK(state(g) == before);
}

}  // namespace catan_test

namespace catan_test {

// Moves one development card of `id` from the draw piles into `seat`'s hand (revealed = a
// played Combat Arts card).
inline void give_dev(json& s, int seat, const std::string& id, bool revealed) {
  for (json& pile : s["global"]["development"]["piles"]) {
    json& cards = pile["cards"];
    for (auto it = cards.begin(); it != cards.end(); ++it)
      if (*it == id) {
        cards.erase(it);
        s["seats"][seat]["hand"]["cards"].push_back(id);
        s["seats"][seat]["hand"]["revealed"].push_back(revealed);
        return;
      }
  }
  FAIL("no development card " << id << " left in the piles");
}

// The game is random only in its dice: a scenario that needs a roll of `sum` arranges the
// same state under successive seeds until the roll shows it.
template <typename Arrange>
std::unique_ptr<Game> rolling(int players, int sum, Arrange arrange, std::vector<std::string> variants = {}) {
  for (std::uint64_t seed = 1; seed < 2000; ++seed) {
    auto g = new_catan(players, seed, variants);
    edit(*g, arrange);
    REQUIRE(g->apply("roll").ok);
    if (progress(*g, "last_roll") == sum) {
      // Replay it from the arranged state so the caller sees the state before the roll too.
      auto fresh = new_catan(players, seed, variants);
      edit(*fresh, arrange);
      return fresh;
    }
  }
  FAIL("no seed rolls " << sum);
  return nullptr;
}

}  // namespace catan_test
