// Seeded random playouts of Madeira at every player count, with the invariants of the rules
// checked after every action, and determinism.
#include "madeira_support.hpp"

using namespace madeira_test;

namespace {

// Checked without an assertion per value (millions of them): the first broken rule is named.
std::string broken(const Game& g) {
  // Only the components the invariants read (the whole state JSON is slow to make).
  const tessera::Table& t = g.table();
  const int players = t.players();
  json s;
  t.find("board")->write_json(s["global"]["board"], tessera::kOmniscient);
  for (int seat = 0; seat < players; ++seat) {
    t.find("home", seat)->write_json(s["seats"][seat]["home"], tessera::kOmniscient);
    t.find("pirates", seat)->write_json(s["seats"][seat]["pirates"], tessera::kOmniscient);
  }
  const json& b = s["global"]["board"]["values"];
  for (int seat = 0; seat < players; ++seat) {
    const json& h = s["seats"][seat]["home"]["values"];
    for (auto it = h.begin(); it != h.end(); ++it)
      if (it.value().get<int>() < 0) return "negative " + it.key();
    // Workers and ships are conserved: 12 and 6 per seat, at home or on the board.
    int workers = h["workers"].get<int>() + b["cw" + std::to_string(seat)].get<int>();
    for (int f = 0; f <= 14; ++f) workers += b["fw" + std::to_string(f)].get<int>() >> seat & 1;
    for (int k = 0; k < 36; ++k) workers += b["cs" + std::to_string(k)] == seat + 1 ? 1 : 0;
    for (int c = 0; c < 3; ++c) workers += b["cl" + std::to_string(c * players + seat)].get<int>();
    if (workers != 12) return "workers not conserved";
    int ships = h["ships"];
    for (int p = 0; p < 15; ++p) ships += b["pt" + std::to_string(p)] == seat + 1 ? 1 : 0;
    for (int m = 0; m < 13; ++m) ships += b["mk" + std::to_string(m)] == seat + 1 ? 1 : 0;
    if (ships != 6) return "ships not conserved";
    // The hidden total is what the public log says: taken minus discarded.
    const json& p = s["seats"][seat]["pirates"]["values"];
    if (p["total"].get<int>() < 0) return "negative pirates";
    if (p["total"].get<int>() != p["gained"].get<int>() - h["discarded"].get<int>()) return "pirates differ from the log";
    if (h["mill"].get<int>() > 6) return "mill above the top";
  }
  for (int f = 0; f < 14; ++f)
    if (b["wd" + std::to_string(f)].get<int>() < 0) return "negative wood on a field";
  for (int bld = 0; bld < 5; ++bld) {
    if (b["gd" + std::to_string(bld)].get<int>() + b["pd" + std::to_string(bld)].get<int>() > players) return "too many dice";
    if (b["pd" + std::to_string(bld)].get<int>() > 1) return "two pirate dice";
  }
  int seen = 0;
  for (int i = 0; i < 4; ++i) {
    const int v = b["ps" + std::to_string(i)];
    if (v) {
      if (seen >> v & 1) return "a seat twice in the pass column";
      seen |= 1 << v;
    }
  }
  return "";
}

void check_invariants(const Game& g) {
  const std::string problem = broken(g);
  if (!problem.empty()) FAIL(problem);
}

}  // namespace

TEST_CASE("200 random games per player count keep the rules' invariants and end with consistent scores", "[madeira][fuzz]") {
  for (int players : {2, 3, 4}) {
    auto g = game(players, 1);
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      g = g->rematch(seed);
      const std::size_t actions = tessera::testing::play_randomly(*g, seed * 7919, 5000, check_invariants);
      INFO(players << " players, seed " << seed);
      REQUIRE(g->is_over());
      REQUIRE(actions < 5000);
      const json s = state(*g);
      for (int seat = 0; seat < players; ++seat) {
        const json& sc = s["seats"][seat]["score"]["values"];
        const int pp = s["seats"][seat]["home"]["values"]["pp"];
        CHECK(sc["total"].get<int>() ==
              pp + sc["leftover_pp"].get<int>() - sc["pirate_rank"].get<int>() - sc["pirate_excess"].get<int>());
      }
      CHECK(g->outcome().winners.size() == 1);
    }
  }
}

TEST_CASE("The same seed and moves give the same final state", "[madeira]") {
  for (int players : {2, 3, 4}) {
    auto a = game(players, 42), b = game(players, 42);
    tessera::testing::play_randomly(*a, 9, 5000);
    tessera::testing::play_randomly(*b, 9, 5000);
    CHECK(state(*a).dump() == state(*b).dump());
    auto c = game(players, 43);
    tessera::testing::play_randomly(*c, 9, 5000);
    CHECK(state(*a).dump() != state(*c).dump());
  }
}

TEST_CASE("The pirate total is hidden from the other seats, and discards are public", "[madeira]") {
  auto g = game(3, 5);
  tessera::testing::play_randomly(*g, 5, 5000);
  const json view = g->table().view(0);
  CHECK(view["seats"][0]["pirates"]["values"].contains("total"));
  CHECK_FALSE(view["seats"][1]["pirates"].contains("values"));
  CHECK(view["seats"][1]["home"]["values"].contains("discarded"));
  CHECK(g->render(0).find("pirates hidden") != std::string::npos);
}
