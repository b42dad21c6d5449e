#pragma once
// Scenario helpers for the Madeira tests: read and arrange the full state JSON, and put the
// flow at a given step. Indices follow data/madeira (fields r1a..r3e are 0..13, cities Porto
// Santo, Funchal, Machico, colonies Acores, Brasil, India, buildings Moinho..Fortaleza 0..4).
#include <catch2/catch.hpp>
#include <cctype>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/registry.hpp"
#include "support/scenario.hpp"

namespace madeira_test {

using nlohmann::json;
using tessera::Game;
using tessera::testing::state;

// Seat colours of the examples (rules §2: yellow, red, purple, blue).
constexpr int kYellow = 0, kRed = 1, kPurple = 2, kBlue = 3;
// Worker locations of the `worker` move (fields are 0..13, the forest 14).
constexpr int kHome = 0;
inline int field_loc(int f) { return 1 + f; }
constexpr int kForestLoc = 15;
inline int city_loc(int k) { return 16 + k; }
inline int colony_loc(int c) { return 52 + c; }
constexpr int kWatchLoc = 55;
// Ship targets: ports colony * 5 + i; market columns wheat 15-18, sugar 19-23, wine 24-27.
constexpr int kSupply = 14;  // the `wood` move's source for the general supply

inline json& board(json& s) { return s["global"]["board"]["values"]; }
inline json& home(json& s, int seat) { return s["seats"][seat]["home"]["values"]; }
inline json& pirates(json& s, int seat) { return s["seats"][seat]["pirates"]["values"]; }
inline int B(const Game& g, const std::string& key) { return state(g)["global"]["board"]["values"][key]; }
inline int H(const Game& g, int seat, const std::string& key) { return state(g)["seats"][seat]["home"]["values"][key]; }
inline int pirates_of(const Game& g, int seat) { return state(g)["seats"][seat]["pirates"]["values"]["total"]; }
inline int score(const Game& g, int seat, const std::string& key) { return state(g)["seats"][seat]["score"]["values"][key]; }
inline std::string top_step(const Game& g) { return state(g)["global"]["flow"]["frames"].back()["step"]; }

// Arranges a position (tessera::testing::edit): what `fn` places on the board stands, and
// each seat's workers and ships not on the board are at home (a piece is in one place).
inline void edit(Game& g, const std::function<void(json&)>& fn) {
  tessera::testing::edit(g, [&](json& s) {
    fn(s);
    const int players = s["players"];
    json& b = board(s);
    for (int seat = 0; seat < players; ++seat) {
      int workers = 12, ships = 6;
      for (auto it = b.begin(); it != b.end(); ++it) {
        const std::string& k = it.key();
        const int v = it.value();
        const std::string start = k.substr(0, 2);
        if (k.size() < 3 || !std::isdigit(static_cast<unsigned char>(k[2]))) continue;
        const int n = std::stoi(k.substr(2));
        if ((start == "cw" || start == "cl") && n % players == seat) workers -= v;
        if (start == "fw") workers -= (v >> seat) & 1;
        if (start == "cs") workers -= v == seat + 1;
        if (start == "pt" || start == "mk") ships -= v == seat + 1;
      }
      home(s, seat)["workers"] = workers;
      home(s, seat)["ships"] = ships;
    }
  });
}

inline json frame(const std::string& step, int seat, int cursor = 0, json params = json::object()) {
  return json{{"step", step}, {"seat", seat}, {"status", "running"}, {"cursor", cursor}, {"moves", 0}, {"params", params}};
}

// Clears the board of every piece, request and die (a blank table to arrange), keeping the
// tiles where set-up put them; every seat's home holds `goods` of everything and 12 workers.
inline void blank(json& s, int players, int round, int phase) {
  json& b = board(s);
  for (auto it = b.begin(); it != b.end(); ++it) {
    const std::string k = it.key();
    for (const char* prefix : {"fw", "cs", "cw", "cl", "pt", "mk", "gd", "pd", "am", "pw", "rd", "rs", "rq", "ps"})
      if (k.rfind(prefix, 0) == 0) it.value() = 0;
  }
  b["round"] = round;
  b["phase"] = phase;
  for (int p = 0; p < players; ++p) b["ps" + std::to_string(p)] = p + 1;
  for (int seat = 0; seat < players; ++seat) {
    json& h = home(s, seat);
    for (auto it = h.begin(); it != h.end(); ++it) it.value() = 0;
    h["workers"] = 12;
    h["ships"] = 6;
    h["mill"] = 3;
  }
  s["global"]["order"]["order"] = json::array();
  for (int p = 0; p < players; ++p) s["global"]["order"]["order"].push_back(p);
  s["global"]["order"]["current"] = 0;
  s["global"]["order"]["start"] = 0;
}

// Puts own workers: on fields (bit masks), in cities, etc. are set by the tests directly; this
// keeps the home count right.
inline void put_field_worker(json& s, int seat, int field) {
  board(s)["fw" + std::to_string(field)] = board(s)["fw" + std::to_string(field)].get<int>() | (1 << seat);
  home(s, seat)["workers"] = home(s, seat)["workers"].get<int>() - 1;
}
inline void put_city_worker(json& s, int seat, int space) {
  board(s)["cs" + std::to_string(space)] = seat + 1;
  home(s, seat)["workers"] = home(s, seat)["workers"].get<int>() - 1;
}

// The flow of round `round` in phase B, at `seat`'s turn, with `top` frames above it.
inline json phase_b(int round, int seat, std::vector<json> top = {}) {
  json f = json::array({frame("game", -1, 3), frame("rounds", -1, round), frame("round", -1, 2), frame("phase_b", seat, 1),
                        frame("b_turn", seat)});
  for (auto& x : top) f.push_back(x);
  return f;
}
// Phase C at building `bld` (queue cursor = seats served), `seat` deciding.
inline json phase_c(int round, int served, int seat) {
  return json::array({frame("game", -1, 3), frame("rounds", -1, round), frame("round", -1, 3), frame("phase_c", -1, 1),
                      frame("building_turns", -1, served), frame("c_turn", seat)});
}
// Phase D: `step` is honor_all, upkeep_all or feed_all (sequence cursor 1, 2, 3).
inline json phase_d(int round, const std::string& all, int cursor, int served, const std::string& each, int seat) {
  return json::array({frame("game", -1, 3), frame("rounds", -1, round), frame("round", -1, 4), frame("phase_d", -1, cursor),
                      frame(all, -1, served), frame(each, seat)});
}

inline void ok(Game& g, const std::string& move) {
  const auto r = g.apply(move);
  INFO(move << ": " << r.error);
  REQUIRE(r.ok);
}

// A move the rules forbid is refused and changes nothing.
inline void refused(Game& g, const std::string& move) {
  const json before = state(g);
  const auto r = g.apply(move);
  INFO(move);
  CHECK_FALSE(r.ok);
  CHECK(state(g) == before);
}

inline bool legal(const Game& g, const std::string& move) {
  for (const auto& t : tessera::testing::legal_texts(g))
    if (t == move) return true;
  return false;
}

inline std::unique_ptr<Game> game(int players, std::uint64_t seed = 1) { return tessera::testing::new_game("madeira", players, seed); }

}  // namespace madeira_test
