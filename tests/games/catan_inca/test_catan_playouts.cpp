// CATAN: Rise of the Inkas under seeded random games: invariants after every action (cards
// and pieces conserved, nothing negative, the route and markers consistent with the board),
// determinism, the variants, and a speed figure.
#include "tessera/rng.hpp"

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

// Read through the components (not JSON), and one assertion per check for the whole state:
// cheap enough for every action of 400 games. Returns the first broken invariant, or "".
std::string broken_invariant(const Game& game) {
  const Table& t = game.table();
  const int players = t.players();
  const auto& cards = t.get<Supply>("cards");
  for (std::size_t r = 0; r < cards.resources().size(); ++r) {
    int sum = cards.resources()[r].bank;
    if (sum < 0) return "a negative supply";
    for (int seat = 0; seat < players; ++seat) {
      if (cards.count_at(seat, static_cast<int>(r)) < 0) return "a negative hand";
      sum += cards.count_at(seat, static_cast<int>(r));
    }
    if (sum != kCardsPerType[r]) return "cards of " + cards.resources()[r].id + " not conserved";
  }
  int dev = t.get<Deck>("development").total_size();
  for (int seat = 0; seat < players; ++seat) dev += t.get<Hand>("hand", seat).size();
  if (dev != 20) return "development cards not conserved";
  const auto& board = t.get<HexMap>("board");
  std::array<int, 4> settlements{}, cities{}, roads{}, thickets{}, active_buildings{};
  for (const auto& site : board.corner_sites()) {
    if (site.owner < 0) continue;
    if (site.piece == "settlement") active_buildings[site.owner] += 1;
    if (site.piece == "city") active_buildings[site.owner] += 2;
    if (site.piece == "settlement" || site.piece == "dec_settlement") ++settlements[site.owner];
    if (site.piece == "city" || site.piece == "dec_city") ++cities[site.owner];
    if (site.piece.rfind("dec_", 0) == 0) ++thickets[site.owner];
  }
  for (const auto& site : board.edge_sites())
    if (site.owner >= 0) ++roads[site.owner];
  for (int seat = 0; seat < players; ++seat) {
    if (settlements[seat] > 8 || cities[seat] > 2 || roads[seat] > 7 || thickets[seat] > 4) return "pieces over the box";
    const auto& tribe = t.get<Counters>("tribe", seat);
    const int markers = tribe.get("markers"), active = tribe.get("tribe");
    if (markers < 0 || markers > 11) return "markers out of range";
    // The active tribe follows from the markers (goals 4, 8, 11).
    if (active != (markers < 4 ? 1 : markers < 8 ? 2 : 3)) return "the active tribe does not fit the markers";
    // The active tribe's markers are its buildings on the board (a city counts 2).
    if (markers - (active == 1 ? 0 : active == 2 ? 4 : 8) != active_buildings[seat]) return "markers do not fit the board";
    if (tribe.get("route") > roads[seat]) return "a route longer than the roads";
  }
  const int holder = t.get<Counters>("progress").get("route_holder");
  if (holder >= 0 && t.get<Counters>("tribe", holder).get("route") < 3) return "the route card on a route below 3";
  if (game.is_over()) {
    const Outcome o = game.outcome();
    if (o.winners.empty()) return "a game over without a winner";
    for (int seat = 0; seat < players; ++seat)
      if (o.scores[seat] != t.get<Counters>("tribe", seat).get("markers")) return "a score that is not the markers";
  }
  return "";
}

void check_invariants(const Game& game) {
  const std::string problem = broken_invariant(game);
  if (!problem.empty()) FAIL(problem);
}

// Random play with typed moves (each applied as a transaction), the invariants after every
// action: the text door (legal_actions, parse, labels) is left to every tenth game.
std::size_t play_typed(Game& game, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Move> moves;
  std::size_t count = 0;
  while (!game.is_over()) {
    REQUIRE(count++ < 200000);
    game.legal_moves(moves);
    REQUIRE_FALSE(moves.empty());
    const ApplyResult r = game.apply(moves[rng.below(moves.size())]);
    if (!r.ok) FAIL("legal move refused: " << r.error);
    check_invariants(game);
  }
  return count;
}

}  // namespace

TEST_CASE("CATAN: two hundred random games per player count keep every invariant and end", "[catan_inca][fuzz]") {
  for (int players : {3, 4}) {
    int won = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      INFO("seed " << seed << ", " << players << " players");
      auto game = new_catan(players, seed);
      check_invariants(*game);
      if (seed % 10 == 0) tessera::testing::play_randomly(*game, seed, 200000, check_invariants);
      else play_typed(*game, seed);
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

TEST_CASE("CATAN: each move gives the state and next moves that a fresh read of the state gives", "[catan_inca]") {
  // The game keeps what it derives from the board (the scan, each seat's reach, the route
  // memo, the playable cards) and mends it move by move; a twin set from the state alone
  // derives everything afresh. Any difference shows in the moves offered or in the state.
  const std::vector<std::pair<int, std::vector<std::string>>> games = {
      {4, {}}, {3, {"own_declined_breaks_route", "free_placement"}}};
  for (const auto& [players, variants] : games) {
    auto game = new_catan(players, 11, variants);
    tessera::Rng rng(7);
    int steps = 0;
    for (; steps < 6000 && !game->is_over(); ++steps) {
      auto twin = game->rematch(11);
      twin->set_state(state(*game));
      const std::vector<Move> moves = *game->kept_moves();
      REQUIRE(*twin->kept_moves() == moves);
      const Move move = moves[rng.below(moves.size())];
      REQUIRE(game->apply(move, ApplyMode::Playout).ok);
      REQUIRE(twin->apply(move, ApplyMode::Playout).ok);
      REQUIRE(state(*game) == state(*twin));
    }
    INFO(players << " players: " << steps << " moves");
    CHECK(game->is_over());
  }
}
