// Lantern Market's shipped house rules that show what a variant can do in Lua: add a move
// (second_chance) and wrap an effect (windfall). Driven through legal_actions()/apply().
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "support/registry.hpp"
#include "support/scenario.hpp"
#include "tutorial_support.hpp"

using namespace tessera;
using nlohmann::json;
using tessera::testing::has;
using tessera::testing::legal_texts;
using tessera::testing::state;
using namespace tutorial_test;

namespace {
int second_chance_used(const Game& g, int seat) {
  return tessera::testing::counter(g, "progress", "second_chance_" + std::to_string(seat));
}
}  // namespace

TEST_CASE("Lantern Market with second chance: once per game a seat may pay 2 coins to re-roll the dice still in the pool", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1, {"second_chance"});
  mid_turn(*g, 0, {5, 4, 3});
  REQUIRE(has(legal_texts(*g), "reroll"));
  REQUIRE(g->apply("work 0").ok);  // die 0 is spent and keeps its 5
  ApplyResult r = g->apply("reroll");
  REQUIRE(r.ok);
  CHECK(coins(*g, 0) == 3 + 3 - 2);
  CHECK(second_chance_used(*g, 0) == 1);
  const json dice = state(*g)["global"]["dice"]["dice"];
  CHECK(dice[0]["value"] == 5);
  CHECK(dice[0]["holder"] == 0);
  CHECK(dice[1]["holder"] == -1);
  CHECK(dice[2]["holder"] == -1);
  REQUIRE(r.events.size() == 1);
  CHECK(r.events[0].text == "seat 0 pays 2 coins and re-rolls " + std::to_string(dice[1]["value"].get<int>()) + " " +
                                std::to_string(dice[2]["value"].get<int>()));
  SECTION("it is spent for the rest of the game") {
    CHECK_FALSE(has(legal_texts(*g), "reroll"));
    REQUIRE(g->apply("end").ok);
    REQUIRE(g->apply("roll").ok);
    CHECK(has(legal_texts(*g), "reroll"));  // seat 1 still has its own
    REQUIRE(g->apply("end").ok);
    REQUIRE(g->apply("roll").ok);
    CHECK_FALSE(has(legal_texts(*g), "reroll"));
  }
}

TEST_CASE("Lantern Market with second chance: the re-roll is not offered without 2 coins, and refusing it changes nothing", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1, {"second_chance"});
  mid_turn(*g, 0, {1, 1, 1});
  set_coins(*g, 0, 1);
  CHECK_FALSE(has(legal_texts(*g), "reroll"));
  const json before = state(*g);
  CHECK_FALSE(g->apply("reroll").ok);
  CHECK(state(*g) == before);
}

TEST_CASE("Lantern Market with windfall: every coin gain is one coin larger, through the wrapped base effect", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1, {"windfall"});
  mid_turn(*g, 0, {6, 6, 6});
  set_market(*g, {"moneylender", "herald", "herald", "herald"});
  SECTION("the Moneylender gives 4 + 1") {
    REQUIRE(g->apply("buy 0 0").ok);  // price 0
    CHECK(coins(*g, 0) == 3 + 5);
  }
  SECTION("the renown symbol on space 10 gives 3 + 1") {
    set_coins(*g, 0, 9);
    set_renown(*g, 0, 8);
    REQUIRE(g->apply("buy 0 1").ok);  // Herald: 9 - 6 = 3 coins, +3 renown passes 10
    CHECK(coins(*g, 0) == 9 - 3 + 4);
  }
  SECTION("work is not an effect and stays as it was") {
    REQUIRE(g->apply("work 0").ok);
    CHECK(coins(*g, 0) == 3 + 3);
  }
}

TEST_CASE("Lantern Market with helping hand: a seat without coins may turn a die, and the house pays", "[tutorial]") {
  auto plain = tessera::testing::new_game("tutorial", 2, 1);
  auto g = tessera::testing::new_game("tutorial", 2, 1, {"helping_hand"});
  for (Game* game : {plain.get(), g.get()}) {
    mid_turn(*game, 0, {6, 1, 3});
    set_coins(*game, 0, 0);
  }
  CHECK_FALSE(has(legal_texts(*plain), "adjust 2 up"));  // the game's rule: turning costs a coin
  const auto texts = legal_texts(*g);
  for (const char* offered : {"adjust 0 down", "adjust 1 up", "adjust 2 up", "adjust 2 down"}) CHECK(has(texts, offered));
  CHECK_FALSE(has(texts, "adjust 0 up"));    // a 6 turns no further
  CHECK_FALSE(has(texts, "adjust 1 down"));  // nor a 1 lower
  for (const auto& a : g->legal_actions())
    if (a.text == "adjust 2 up") CHECK(a.label == "Turn die 2 up to 4 for 1 coin(s) (the house pays)");
  REQUIRE(g->apply("adjust 2 up").ok);
  CHECK(state(*g)["global"]["dice"]["dice"][2]["value"] == 4);
  CHECK(coins(*g, 0) == 0);
  // With a coin in hand, the game's own rule stands: the seat pays.
  set_coins(*g, 0, 1);
  REQUIRE(g->apply("adjust 2 up").ok);
  CHECK(coins(*g, 0) == 0);
  CHECK(state(*g)["global"]["dice"]["dice"][2]["value"] == 5);
}

TEST_CASE("Lantern Market with allowance: a seat that ends its turn without coins gains 1", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1, {"allowance"});
  REQUIRE(g->apply("roll").ok);
  set_coins(*g, 0, 0);
  REQUIRE(g->apply("end").ok);
  CHECK(coins(*g, 0) == 1);
  REQUIRE(g->apply("roll").ok);
  set_coins(*g, 1, 2);
  REQUIRE(g->apply("end").ok);
  CHECK(coins(*g, 1) == 2);  // coins in hand: nothing given
}

TEST_CASE("Lantern Market with helping hand: the house pays what the game's own adjust cost asks beyond the seat's coins", "[tutorial]") {
  // The rule reads the cost from game.yaml (ctx:data): under an overlay that doubles it, a seat
  // with 1 coin gets the turn offered and the house pays the second coin.
  std::ifstream page(tessera::testing::game_registry().game("tutorial").script_dir / "variants" / "helping_hand.lua");
  const std::string helping_hand((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  REQUIRE_FALSE(helping_hand.empty());
  auto g = tessera::testing::new_game_with_scripts("tutorial", 2, 1, {{"dear_dice", ""}, {"helping_hand", helping_hand}},
                                                   {{"variants/dear_dice/game.yaml", "dice: {adjust_cost: 2}\n"}});
  mid_turn(*g, 0, {6, 1, 3});
  set_coins(*g, 0, 1);
  for (const auto& a : g->legal_actions())
    if (a.text == "adjust 2 up") CHECK(a.label == "Turn die 2 up to 4 for 2 coin(s) (the house pays)");
  REQUIRE(g->apply("adjust 2 up").ok);
  CHECK(coins(*g, 0) == 0);
  CHECK(state(*g)["global"]["dice"]["dice"][2]["value"] == 4);
}

TEST_CASE("Lantern Market with fair wages: working pays a die's full pips, a rules number changed by an overlay alone", "[tutorial]") {
  auto plain = tessera::testing::new_game("tutorial", 2, 1);
  auto g = tessera::testing::new_game("tutorial", 2, 1, {"fair_wages"});
  for (Game* game : {plain.get(), g.get()}) mid_turn(*game, 0, {5, 2, 1});
  for (const auto& a : g->legal_actions())
    if (a.text == "work 0") CHECK(a.label == "Work with die 0 (5): +5 coins");
  REQUIRE(plain->apply("work 0").ok);
  REQUIRE(g->apply("work 0").ok);
  CHECK(coins(*plain, 0) == 3 + 3);  // the game's rule: half the pips, rounded up
  CHECK(coins(*g, 0) == 3 + 5);
  REQUIRE(g->apply("work 1").ok);
  CHECK(coins(*g, 0) == 3 + 5 + 2);
}
