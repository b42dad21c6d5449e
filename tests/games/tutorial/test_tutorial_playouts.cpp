// Lantern Market under many seeded random games: invariants after every action,
// determinism (the golden playthrough is a host test: tests/host/test_golden_playthrough.cpp).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/registry.hpp"

using namespace tessera;
using nlohmann::json;

namespace {

constexpr int kDeckSize = 19;  // data/tutorial/cards.yaml
constexpr int kSpiceInGame = 18;

void check_invariants(const Game& game) {
  const json s = game.table().to_json();
  const int players = s["players"];
  int cards = static_cast<int>(s["global"]["cards"]["piles"][0]["cards"].size());
  for (const auto& slot : s["global"]["market"]["rows"][0]) cards += slot.get<std::string>().empty() ? 0 : 1;
  int spice = s["global"]["goods"]["resources"][1]["bank"];
  for (int seat = 0; seat < players; ++seat) {
    const int coins = s["global"]["goods"]["holdings"][seat][0];
    const int held_spice = s["global"]["goods"]["holdings"][seat][1];
    REQUIRE(coins >= 0);
    REQUIRE(held_spice >= 0);
    REQUIRE(held_spice <= 5);
    spice += held_spice;
    cards += static_cast<int>(s["seats"][seat]["tableau"]["cards"].size());
    const int renown = s["global"]["renown"]["positions"][seat];
    REQUIRE(renown >= 0);
    REQUIRE(renown <= 30);
  }
  REQUIRE(cards == kDeckSize);
  REQUIRE(spice == kSpiceInGame);
  if (game.is_over()) {
    const Outcome o = game.outcome();
    for (int seat = 0; seat < players; ++seat) {
      const json& score = s["seats"][seat]["score"]["values"];
      REQUIRE(o.scores[seat] == score["renown"].get<int>() + score["spice"].get<int>());
      REQUIRE(score["renown"] == s["global"]["renown"]["positions"][seat]);
      REQUIRE(score["spice"] == s["global"]["goods"]["holdings"][seat][1].get<int>() / 2);
    }
  }
}

}  // namespace

TEST_CASE("Lantern Market: five hundred seeded random games keep every invariant and end", "[tutorial][fuzz]") {
  std::size_t total_actions = 0;
  for (std::uint64_t seed = 1; seed <= 500; ++seed) {
    const int players = 2 + static_cast<int>(seed % 3);
    INFO("seed " << seed << ", " << players << " players");
    auto game = tessera::testing::new_game("tutorial", players, seed);
    check_invariants(*game);
    total_actions += tessera::testing::play_randomly(*game, seed, 5000, check_invariants);
    REQUIRE(game->is_over());
  }
  CHECK(total_actions > 500);
}

TEST_CASE("Lantern Market: every variant keeps the invariants over seeded random games", "[tutorial][fuzz]") {
  for (const char* variant : {"patronage", "steady_hands"})
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      INFO(variant << " seed " << seed);
      auto game = tessera::testing::new_game("tutorial", 2 + static_cast<int>(seed % 3), seed, {variant});
      tessera::testing::play_randomly(*game, seed, 5000, check_invariants);
    }
}

TEST_CASE("Lantern Market: the same seed and actions give the same final state", "[tutorial]") {
  auto a = tessera::testing::new_game("tutorial", 3, 77);
  auto b = tessera::testing::new_game("tutorial", 3, 77);
  tessera::testing::play_randomly(*a, 5);
  tessera::testing::play_randomly(*b, 5);
  CHECK(a->table().to_json().dump() == b->table().to_json().dump());
  auto c = tessera::testing::new_game("tutorial", 3, 78);
  tessera::testing::play_randomly(*c, 5);
  CHECK(c->table().to_json().dump() != a->table().to_json().dump());
}

