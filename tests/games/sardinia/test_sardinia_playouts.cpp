// Sardinia under many seeded random games: invariants after every action, the end after the
// 11th scoring, final scores as the sum of their parts, and determinism.
#include <catch2/catch.hpp>
#include <map>

#include "sardinia_support.hpp"

using namespace tessera;
using namespace sardinia_test;

namespace {

const std::pair<const char*, int> kPieces[] = {{"chaplain", 1}, {"ship", 2}, {"fort", 3}, {"settlement", 4}, {"settler", 5}};

// Whether some frame of the flow is an instance of `step`.
bool in_step(const json& s, const std::string& step) {
  for (const auto& frame : s["global"]["flow"]["frames"])
    if (frame["step"] == step) return true;
  return false;
}

void check_invariants(const Game& game, bool alt_guard) {
  const json s = game.table().to_json();
  const int players = s["players"];
  const int port_capacity = players == 2 ? 1 : 2;
  std::map<std::string, int> province_pieces, port_ships, fort_count;
  std::map<std::pair<int, std::string>, int> on_board;
  for (const auto& p : s["global"]["board"]["pieces"]) {
    const std::string space = p["space"], kind = p["kind"];
    const int owner = p["owner"], count = p["count"];
    REQUIRE(count >= 1);
    REQUIRE((owner >= 0 && owner < players));
    on_board[{owner, kind}] += count;
    if (kind == "ship") {
      REQUIRE(space.rfind("port_", 0) == 0);
      REQUIRE(count <= 1);  // never two own ships in one port
      port_ships[space] += count;
    } else if (kind == "fort") {
      REQUIRE(space.rfind("fort_", 0) == 0);
      fort_count[space] += count;
    } else {
      REQUIRE(space.find('_') == std::string::npos);
      province_pieces[space] += count;
    }
  }
  for (const auto& [space, n] : province_pieces) REQUIRE(n <= 7);
  for (const auto& [space, n] : port_ships) REQUIRE(n <= port_capacity);
  for (const auto& [space, n] : fort_count) REQUIRE(n <= 1);
  int tokens_on_board = 0;
  for (const auto& [province, v] : s["global"]["tokens"]["values"].items()) tokens_on_board += v.get<int>() > 0 ? 1 : 0;
  int harvested_all = 0;
  for (int seat = 0; seat < players; ++seat) {
    const json& st = s["seats"][seat];
    for (const auto& [kind, total] : kPieces) {
      const int in_reserve = st["reserve"]["values"].value(kind, 0);
      REQUIRE(in_reserve >= 0);
      REQUIRE(in_reserve + on_board[{seat, kind}] == total);  // meeples conserved
    }
    int held = 0;
    for (const auto& [type, n] : st["harvested"]["values"].items()) held += n.get<int>();
    harvested_all += held;
    REQUIRE(on_board[{seat, "settlement"}] <= held);  // settlement cap
    REQUIRE(st["hand"]["cards"].size() + st["played"]["cards"].size() == 7);
    const json& score = st["score"]["values"];
    REQUIRE(score.value("vp", 0) == score.value("provinces", 0) + score.value("agriculture", 0));
  }
  REQUIRE(tokens_on_board + harvested_all == 16);
  const std::size_t row = s["global"]["fort_row"]["cards"].size();
  std::size_t reserves = 0;
  for (int seat = 0; seat < players; ++seat) {
    const std::size_t n = s["seats"][seat]["fort_reserve"]["cards"].size();
    REQUIRE(n <= 2);
    if (!in_step(s, "study")) REQUIRE(n == (alt_guard ? 1u : 0u));
    reserves += n;
  }
  REQUIRE(row + s["global"]["fort_deck"]["piles"][0]["cards"].size() + reserves == 26);
  REQUIRE(static_cast<int>(row) == 11 - s["global"]["progress"]["values"].value("scorings", 0));
  if (game.is_over()) {
    REQUIRE(s["global"]["progress"]["values"]["scorings"] == 11);
    const Outcome o = game.outcome();
    for (int seat = 0; seat < players; ++seat) {
      const json& score = s["seats"][seat]["score"]["values"];
      REQUIRE(o.scores[static_cast<std::size_t>(seat)] == score.value("provinces", 0) + score.value("agriculture", 0));
    }
    REQUIRE_FALSE(o.winners.empty());
  }
}

}  // namespace

TEST_CASE("Sardinia: two hundred seeded random games per player count keep every invariant and end",
          "[sardinia][fuzz]") {
  for (int players = 2; players <= 4; ++players) {
    std::size_t total = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      INFO("seed " << seed << ", " << players << " players");
      auto game = tessera::testing::new_game("sardinia", players, seed);
      const auto check = [](const Game& g) { check_invariants(g, /*alt_guard=*/false); };
      check(*game);
      total += tessera::testing::play_randomly(*game, seed, 5000, check);
      REQUIRE(game->is_over());
    }
    CHECK(total > 200 * 50);
  }
}

TEST_CASE("Sardinia with the alternative Guard: 200 random games per player count keep every invariant and end",
          "[sardinia][fuzz]") {
  for (int players = 2; players <= 4; ++players) {
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      INFO("seed " << seed << ", " << players << " players");
      auto game = tessera::testing::new_game("sardinia", players, seed, {"alternative_guard"});
      const auto check = [](const Game& g) {
        check_invariants(g, /*alt_guard=*/true);
        const json s = state(g);
        // A Guard is played only after at least 3 other cards, so never first.
        REQUIRE_FALSE(in_step(s, "extra_play"));
      };
      tessera::testing::play_randomly(*game, seed, 5000, check);
      REQUIRE(game->is_over());
    }
  }
}

TEST_CASE("Sardinia: the same seed and actions give the same final state", "[sardinia]") {
  auto a = tessera::testing::new_game("sardinia", 3, 77);
  auto b = tessera::testing::new_game("sardinia", 3, 77);
  tessera::testing::play_randomly(*a, 5);
  tessera::testing::play_randomly(*b, 5);
  CHECK(a->table().to_json().dump() == b->table().to_json().dump());
  auto c = tessera::testing::new_game("sardinia", 3, 78);
  tessera::testing::play_randomly(*c, 5);
  CHECK(c->table().to_json().dump() != a->table().to_json().dump());
}

TEST_CASE("Sardinia: setup deals one token per province by colour and reveals two of eleven fort cards", "[sardinia]") {
  auto g = tessera::testing::new_game("sardinia", 4, 3);
  const json s = state(*g);
  const std::map<std::string, std::vector<int>> allowed{{"arborea", {kWheat}}, {"campidano", {kWheat}},
                                                        {"gallura", {kThyme, kCheese}}, {"nurra", {kOlive, kWine}}};
  for (const auto& [province, kinds] : allowed)
    CHECK(std::find(kinds.begin(), kinds.end(), s["global"]["tokens"]["values"][province].get<int>()) != kinds.end());
  CHECK(s["global"]["tokens"]["values"].size() == 16);
  CHECK(s["global"]["fort_row"]["cards"].size() == 11);
  CHECK(s["global"]["fort_row"]["revealed"] ==
        json({true, true, false, false, false, false, false, false, false, false, false}));
  CHECK(s["global"]["fort_deck"]["piles"][0]["cards"].size() == 15);
  // Hidden information: another seat sees neither Yellow's hand nor face-down fort cards.
  const json view = g->table().view(kBlue);
  CHECK(view["seats"][kYellow]["hand"]["cards"][0].is_null());
  CHECK(view["global"]["fort_row"]["cards"][0] == s["global"]["fort_row"]["cards"][0]);
  CHECK(view["global"]["fort_row"]["cards"][2].is_null());
}
