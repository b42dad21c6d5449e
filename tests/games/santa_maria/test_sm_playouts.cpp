// Santa Maria under many seeded random games: invariants after every action, the end
// within a bound, final scores as the sum of their parts, determinism, and the variants.
#include <catch2/catch.hpp>
#include <set>

#include "sm_support.hpp"

using namespace tessera;
using namespace sm_test;

namespace {

constexpr int kTiles = 30;
constexpr int kShipments = 34;

void check_invariants(const Game& game) {
  const json s = game.table().to_json();
  const int players = s["players"];
  // Dice: 3 white and 3 blue per player, never lost.
  int white = 0, blue = 0;
  std::vector<int> blue_of(static_cast<std::size_t>(players), 0);
  for (const auto& d : s["global"]["dice"]["dice"]) {
    (d["color"] == "white" ? white : blue) += 1;
    REQUIRE(d["value"].get<int>() >= 1);
    REQUIRE(d["value"].get<int>() <= 6);
    if (d["color"] == "blue" && d["holder"].get<int>() >= 0) blue_of[d["holder"].get<std::size_t>()] += 1;
  }
  REQUIRE(white == 3 * players);
  REQUIRE(blue == 3 * players);
  // Tiles: piles + display + colonies.
  int tiles = 0;
  for (const auto& pile : s["global"]["tiles"]["piles"]) tiles += static_cast<int>(pile["cards"].size());
  for (const auto& row : s["global"]["display"]["rows"])
    for (const auto& slot : row) tiles += slot.get<std::string>().empty() ? 0 : 1;
  // A bought tile stays on the display until it is placed.
  int ships = static_cast<int>(s["global"]["ships"]["piles"][0]["cards"].size());
  for (const auto& slot : s["global"]["docks"]["rows"][0]) ships += slot.get<std::string>().empty() ? 0 : 1;
  int monks_on_board = 0;
  for (auto it = s["global"]["board"]["values"].begin(); it != s["global"]["board"]["values"].end(); ++it)
    if (it.key().rfind("monks.", 0) == 0)
      for (int seat = 0; seat < players; ++seat) monks_on_board += (it.value().get<int>() >> seat) & 1;
  int monks_left = 0;
  for (int seat = 0; seat < players; ++seat) {
    const json& p = s["seats"][seat]["player"]["values"];
    REQUIRE(p.value("coins", 0) >= 0);
    for (const char* g : {"wood", "grain", "sugar", "gem", "gold"}) {
      REQUIRE(p.value(g, 0) >= 0);
      REQUIRE(p.value(g, 0) <= 3);
    }
    REQUIRE(p.value("white_taken", 0) <= 3);
    REQUIRE(p.value("monks", 0) >= 0);
    monks_left += p.value("monks", 0);
    REQUIRE(blue_of[static_cast<std::size_t>(seat)] <= 3);
    std::set<int> placed;
    for (const auto& t : s["seats"][seat]["colony"]["tiles"])
      if (t.get<int>() >= 0 && t.get<int>() < 100) placed.insert(t.get<int>());
    tiles += static_cast<int>(placed.size());
    ships += static_cast<int>(s["seats"][seat]["port"]["values"].size());
  }
  REQUIRE(monks_on_board + monks_left <= 6 * players);
  REQUIRE(tiles == kTiles);
  REQUIRE(ships == kShipments);
  if (game.is_over()) {
    const Outcome o = game.outcome();
    for (int seat = 0; seat < players; ++seat) {
      const json& sc = s["seats"][seat]["score"]["values"];
      REQUIRE(o.scores[static_cast<std::size_t>(seat)] ==
              sc.value("happiness", 0) + sc.value("goods_coins", 0) + sc.value("colonists", 0) + sc.value("scholars", 0) +
                  sc.value("bishop_objectives", 0) + sc.value("bishop_penalty", 0) + sc.value("port_set_points", 0) +
                  sc.value("ships", 0));
      REQUIRE(sc.value("happiness", 0) == s["seats"][seat]["happiness"]["values"].value("points", 0));
    }
    REQUIRE(o.winners.size() == 1);
  }
}

void play_many(int players, const std::vector<std::string>& variants, int games) {
  for (int seed = 1; seed <= games; ++seed) {
    INFO("players " << players << " seed " << seed);
    auto game = tessera::testing::new_game("santa_maria", players, static_cast<std::uint64_t>(seed), variants);
    const std::size_t n = tessera::testing::play_randomly(*game, static_cast<std::uint64_t>(seed), 20000, check_invariants);
    REQUIRE(game->is_over());
    REQUIRE(n < 20000);
  }
}

}  // namespace

TEST_CASE("Santa Maria plays 200 random games per player count with its invariants", "[santa_maria]") {
  for (int players = 1; players <= 4; ++players) play_many(players, {}, 200);
}

TEST_CASE("Santa Maria variants play complete games", "[santa_maria]") {
  for (int players = 1; players <= 4; ++players) {
    play_many(players, {"advanced"}, 20);
    play_many(players, {"shared_blue"}, 20);
    play_many(players, {"advanced", "shared_blue"}, 10);
  }
}

// Every state the rules reach is one the declared schema (and check_state) accepts: an
// honest schema refuses only edits.
TEST_CASE("Santa Maria: every state its rules reach fits the declared schema", "[santa_maria]") {
  const auto fits = [](const Game& game) {
    auto copy = game.clone();
    REQUIRE_NOTHROW(copy->set_state(game.table().to_json()));
  };
  const std::vector<std::vector<std::string>> variant_sets{{}, {"advanced"}, {"shared_blue"}, {"board_draft"}};
  for (const auto& variants : variant_sets)
    for (int players = 1; players <= 4; ++players) {
      for (int seed = 1; seed <= 4; ++seed) {
        INFO("players " << players << " seed " << seed << (variants.empty() ? "" : " variant " + variants[0]));
        auto game = tessera::testing::new_game("santa_maria", players, static_cast<std::uint64_t>(seed), variants);
        tessera::testing::play_randomly(*game, static_cast<std::uint64_t>(seed), 20000, fits);
        REQUIRE(game->is_over());
      }
    }
}

TEST_CASE("Santa Maria is deterministic for a seed and its actions", "[santa_maria]") {
  for (int players = 1; players <= 4; ++players) {
    auto a = tessera::testing::new_game("santa_maria", players, 77);
    auto b = tessera::testing::new_game("santa_maria", players, 77);
    tessera::testing::play_randomly(*a, 5);
    tessera::testing::play_randomly(*b, 5);
    REQUIRE(a->table().to_json() == b->table().to_json());
    REQUIRE(a->outcome().scores == b->outcome().scores);
  }
}

TEST_CASE("Santa Maria board draft: side-A boards chosen counter-clockwise", "[santa_maria]") {
  auto g = tessera::testing::new_game("santa_maria", 3, 4, {"board_draft"});
  const int start = progress(*g, "start");
  std::vector<int> order;
  while (top_step(*g) == "pick_board") {
    order.push_back(g->decision().seat);
    const auto legal = tessera::testing::legal_texts(*g);
    REQUIRE(legal.size() == static_cast<std::size_t>(4 - static_cast<int>(order.size()) + 1));
    REQUIRE(g->apply(legal.front()).ok);
  }
  CHECK(order == std::vector<int>{(start + 2) % 3, (start + 1) % 3, start});
  std::set<int> boards;
  for (int seat = 0; seat < 3; ++seat) boards.insert(player(*g, seat, "board"));
  CHECK(boards == std::set<int>{1, 2, 3});
  for (int players = 2; players <= 4; ++players) play_many(players, {"board_draft"}, 10);
}

TEST_CASE("Santa Maria with fourth year: the game lasts four years, each with 3 + 3 tiles on display", "[santa_maria]") {
  const auto on_display = [](const json& s) {
    int shown = 0;
    for (const auto& row : s["global"]["display"]["rows"])
      for (const auto& tile : row) shown += tile == "" ? 0 : 1;
    return shown;
  };
  for (int players = 1; players <= 4; ++players) {
    INFO("players " << players);
    auto game = tessera::testing::new_game("santa_maria", players, 3, {"fourth_year"});
    CHECK(game->render(0).rfind("Santa Maria - year 1 of 4", 0) == 0);
    int last_year = 1;
    std::set<int> display_sizes{on_display(game->table().to_json())};  // tiles on display as each year begins
    tessera::testing::play_randomly(*game, 3, 40000, [&](const Game& g) {
      const json s = g.table().to_json();
      const int year = s["global"]["progress"]["values"]["year"];
      REQUIRE(year >= last_year);
      if (year > last_year) display_sizes.insert(on_display(s));
      last_year = year;
    });
    REQUIRE(game->is_over());
    CHECK(last_year == 4);
    CHECK(display_sizes == std::set<int>{6});
  }
}
