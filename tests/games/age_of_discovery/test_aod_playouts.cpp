// Age of Discovery under many seeded random games: invariants after every action,
// the end within a bound, final scores as the sum of their parts, and determinism.
#include <catch2/catch.hpp>

#include "aod_support.hpp"

using namespace tessera;
using namespace aod_test;

namespace {

constexpr int kShipCards = 50;  // 42 standard + 6 flagships + 2 scoring cards

void count_cards(const json& hand, int& n) { n += static_cast<int>(hand["cards"].size()); }

void check_invariants(const Game& game) {
  const json s = game.table().to_json();
  const int players = s["players"];
  int ships = 0;
  for (const auto& pile : s["global"]["ships"]["piles"]) ships += static_cast<int>(pile["cards"].size());
  for (const auto& row : s["global"]["rows"]["rows"])
    for (const auto& slot : row) ships += slot.get<std::string>().empty() ? 0 : 1;
  ships += static_cast<int>(s["global"]["box"]["piles"][0]["cards"].size());
  int contracts = 0;
  for (const auto& pile : s["global"]["contract_deck"]["piles"]) contracts += static_cast<int>(pile["cards"].size());
  for (const auto& slot : s["global"]["display"]["rows"][0]) contracts += slot.get<std::string>().empty() ? 0 : 1;
  const json& tally = s["global"]["tally"]["values"];
  for (const char* e : {"abreu", "columbus", "dias", "magellan", "cabot", "da_gama", "cartier", "drake", "cabral",
                        "cortes", "vespucci", "pizarro"}) {
    const json& hand = s["global"][std::string("expedition_") + e];
    count_cards(hand, ships);
    REQUIRE(tally.value(std::string(e) + ".all", 0) == static_cast<int>(hand["cards"].size()));
  }
  REQUIRE(tally.value("abreu.load", 0) <= 3);
  REQUIRE(tally.value("columbus.load", 0) <= 8);
  for (int seat = 0; seat < players; ++seat) {
    const json& seat_state = s["seats"][seat];
    const json& p = seat_state["player"]["values"];
    for (const char* key : {"coins", "wild", "reservation", "contracts"}) REQUIRE(p.value(key, 0) >= 0);
    REQUIRE(seat_state["hand"]["cards"].size() <= 4);
    for (const char* h : {"fleet", "flagship", "voyage"}) count_cards(seat_state[h], ships);
    for (const char* h : {"hand", "active"}) count_cards(seat_state[h], contracts);
    REQUIRE(p.value("contracts", 0) + 0 <= 24);
  }
  REQUIRE(ships == kShipCards);
  REQUIRE(contracts == 24);
  if (game.is_over()) {
    const Outcome o = game.outcome();
    for (int seat = 0; seat < players; ++seat) {
      const json& score = s["seats"][seat]["score"]["values"];
      REQUIRE(o.scores[seat] == score.value("first", 0) + score.value("last", 0) + score.value("missions", 0) +
                                    score.value("unassigned", 0));
      REQUIRE(o.scores[seat] == score.value("total", 0));
      REQUIRE(s["seats"][seat]["voyage"]["cards"].empty());
    }
    REQUIRE_FALSE(o.winners.empty());
  }
}

}  // namespace

TEST_CASE("Two hundred seeded random games per player count keep every invariant and end",
          "[age_of_discovery][fuzz]") {
  for (int players = 2; players <= 4; ++players) {
    std::size_t total = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      INFO("seed " << seed << ", " << players << " players");
      auto game = tessera::testing::new_game("age_of_discovery", players, seed);
      check_invariants(*game);
      total += tessera::testing::play_randomly(*game, seed, 20000, check_invariants);
      REQUIRE(game->is_over());
      REQUIRE(aod_test::progress(*game, "first_done") == 1);
    }
    CHECK(total > 200);
  }
}

TEST_CASE("Age of Discovery: the same seed and actions give the same final state", "[age_of_discovery]") {
  auto a = tessera::testing::new_game("age_of_discovery", 3, 77);
  auto b = tessera::testing::new_game("age_of_discovery", 3, 77);
  tessera::testing::play_randomly(*a, 5);
  tessera::testing::play_randomly(*b, 5);
  CHECK(a->table().to_json().dump() == b->table().to_json().dump());
  auto c = tessera::testing::new_game("age_of_discovery", 3, 78);
  tessera::testing::play_randomly(*c, 5);
  CHECK(c->table().to_json().dump() != a->table().to_json().dump());
}
