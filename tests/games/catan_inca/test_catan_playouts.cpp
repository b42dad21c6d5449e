// CATAN: Rise of the Inkas under seeded random games: invariants after every action (cards
// and pieces conserved, nothing negative, the route and markers consistent with the board),
// determinism, the variants, and a speed figure.
#include <chrono>

#include "catan_support.hpp"
#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/hand.hpp"
#include "tessera/hex_map.hpp"
#include "tessera/supply.hpp"

using namespace catan_test;
using namespace tessera;

namespace {

constexpr int kCardsPerType[] = {20, 20, 20, 20, 20, 12, 12, 12};

// Read through the components (not JSON): cheap enough for every action of 400 games.
void check_invariants(const Game& game) {
  const Table& t = game.table();
  const int players = t.players();
  const auto& cards = t.get<Supply>("cards");
  for (std::size_t r = 0; r < cards.resources().size(); ++r) {
    const std::string& id = cards.resources()[r].id;
    int sum = cards.bank(id);
    REQUIRE(cards.bank(id) >= 0);
    for (int seat = 0; seat < players; ++seat) {
      REQUIRE(cards.count(seat, id) >= 0);
      sum += cards.count(seat, id);
    }
    REQUIRE(sum == kCardsPerType[r]);
  }
  int dev = t.get<Deck>("development").total_size();
  for (int seat = 0; seat < players; ++seat) dev += t.get<Hand>("hand", seat).size();
  REQUIRE(dev == 20);
  const auto& board = t.get<HexMap>("board");
  std::array<int, 4> settlements{}, cities{}, roads{}, thickets{}, active_buildings{};
  for (int c = 0; c < board.corner_count(); ++c) {
    const auto& site = board.corner(c);
    if (site.owner < 0) continue;
    if (site.piece == "settlement") active_buildings[site.owner] += 1;
    if (site.piece == "city") active_buildings[site.owner] += 2;
    if (site.piece == "settlement" || site.piece == "dec_settlement") ++settlements[site.owner];
    if (site.piece == "city" || site.piece == "dec_city") ++cities[site.owner];
    if (site.piece.rfind("dec_", 0) == 0) ++thickets[site.owner];
  }
  for (int e = 0; e < board.edge_count(); ++e)
    if (board.edge(e).owner >= 0) ++roads[board.edge(e).owner];
  for (int seat = 0; seat < players; ++seat) {
    REQUIRE(settlements[seat] <= 8);
    REQUIRE(cities[seat] <= 2);
    REQUIRE(roads[seat] <= 7);
    REQUIRE(thickets[seat] <= 4);
    const auto& tribe = t.get<Counters>("tribe", seat);
    const int markers = tribe.get("markers"), active = tribe.get("tribe");
    REQUIRE(markers >= 0);
    REQUIRE(markers <= 11);
    // The active tribe follows from the markers (goals 4, 8, 11).
    REQUIRE(active == (markers < 4 ? 1 : markers < 8 ? 2 : 3));
    // The active tribe's markers are its buildings on the board (a city counts 2).
    REQUIRE(markers - (active == 1 ? 0 : active == 2 ? 4 : 8) == active_buildings[seat]);
    REQUIRE(tribe.get("route") <= roads[seat]);
  }
  const int holder = t.get<Counters>("progress").get("route_holder");
  if (holder >= 0) REQUIRE(t.get<Counters>("tribe", holder).get("route") >= 3);
  if (game.is_over()) {
    const Outcome o = game.outcome();
    REQUIRE(!o.winners.empty());
    for (int seat = 0; seat < players; ++seat) REQUIRE(o.scores[seat] == t.get<Counters>("tribe", seat).get("markers"));
  }
}

}  // namespace

TEST_CASE("CATAN: two hundred random games per player count keep every invariant and end", "[catan_inca][fuzz]") {
  for (int players : {3, 4}) {
    int won = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      INFO("seed " << seed << ", " << players << " players");
      auto game = new_catan(players, seed);
      check_invariants(*game);
      tessera::testing::play_randomly(*game, seed, 200000, check_invariants);
      REQUIRE(game->is_over());
      won += game->outcome().winners.size() == 1 ? 1 : 0;
    }
    CHECK(won > 150);
  }
}

TEST_CASE("CATAN: the same seed and actions give the same final state", "[catan_inca]") {
  auto a = new_catan(4, 42), b = new_catan(4, 42);
  tessera::testing::play_randomly(*a, 9);
  tessera::testing::play_randomly(*b, 9);
  CHECK(a->table().to_json() == b->table().to_json());
}

TEST_CASE("CATAN: the variants play complete games", "[catan_inca]") {
  for (const char* variant : {"variable_board", "variable_numbers", "free_placement", "classic_monopoly", "resources_only_goods_set",
                              "own_declined_breaks_route", "mca_ignores_declined", "no_founding_fallback", "robber_not_frame_to_frame"}) {
    for (int players : {3, 4}) {
      INFO(variant << ", " << players << " players");
      auto game = new_catan(players, 5, {variant});
      tessera::testing::play_randomly(*game, 5, 200000, check_invariants);
      CHECK(game->is_over());
    }
  }
}

TEST_CASE("CATAN: the free founding phase places two settlements and roads in snake order", "[catan_inca]") {
  auto g = new_catan(3, 3, {"free_placement"});
  REQUIRE(top_step(*g) == "placement");
  const int first = g->decision().seat;
  std::vector<int> order;
  while (top_step(*g) == "placement") {
    order.push_back(g->decision().seat);
    act(*g, legal_texts(*g).front());  // a settlement
    act(*g, legal_texts(*g).front());  // its road
  }
  CHECK(order == std::vector<int>{first, (first + 1) % 3, (first + 2) % 3, (first + 2) % 3, (first + 1) % 3, first});
  for (int seat = 0; seat < 3; ++seat) CHECK(markers(*g, seat) == 2);
}
