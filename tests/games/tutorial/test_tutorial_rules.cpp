// Lantern Market rule scenarios: each arranges a small situation, acts through
// legal_actions()/apply() and checks the exact outcome.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/registry.hpp"
#include "support/scenario.hpp"
#include "tutorial_support.hpp"

using namespace tessera;
using nlohmann::json;
using tessera::testing::arrange;
using tessera::testing::has;
using tessera::testing::legal_texts;
using tessera::testing::state;
using namespace tutorial_test;

TEST_CASE("Lantern Market: a new game deals the market, the coins and waits for the first roll", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 3, 3);
  const json s = state(*g);
  CHECK(s["global"]["market"]["rows"][0].size() == 4);
  CHECK(s["global"]["cards"]["piles"][0]["cards"].size() == 15);  // 19 cards - 4 in the market
  for (int seat = 0; seat < 3; ++seat) {
    CHECK(coins(*g, seat) == 3);
    CHECK(renown(*g, seat) == 0);
  }
  CHECK(g->decision().seat == 0);
  CHECK(legal_texts(*g) == std::vector<std::string>{"roll"});
}

TEST_CASE("Lantern Market: working with a die earns half its pips rounded up and spends the die", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  mid_turn(*g, 0, {5, 2, 6});
  REQUIRE(g->apply("work 0").ok);
  CHECK(coins(*g, 0) == 6);
  CHECK(state(*g)["global"]["dice"]["dice"][0]["holder"] == 0);
  auto legal = legal_texts(*g);
  CHECK_FALSE(has(legal, "work 0"));
  CHECK(has(legal, "work 1"));
  REQUIRE(g->apply("work 1").ok);
  CHECK(coins(*g, 0) == 7);
}

TEST_CASE("Lantern Market: buying pays the cost less the die, runs the effect and refills the slot", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  mid_turn(*g, 0, {6, 1, 1});
  set_market(*g, {"herald", "caravan", "spice_trader", "tax_collector"});
  set_pile(*g, {"patron", "moneylender"});
  REQUIRE(g->apply("buy 0 0").ok);  // Herald costs 9, the die shows 6: pay 3
  CHECK(coins(*g, 0) == 0);
  CHECK(renown(*g, 0) == 3);
  CHECK(state(*g)["seats"][0]["tableau"]["cards"] == json{"herald"});
  CHECK(state(*g)["global"]["market"]["rows"][0][0] == "moneylender");  // the top of the pile
  CHECK(state(*g)["global"]["cards"]["piles"][0]["cards"] == json{"patron"});
  auto legal = legal_texts(*g);
  CHECK(has(legal, "work 1"));
  CHECK_FALSE(has(legal, "buy 1 1"));  // no coins left
}

TEST_CASE("Lantern Market: a card the seat cannot afford is not offered and buying it is refused", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  mid_turn(*g, 0, {1, 1, 1});
  set_market(*g, {"herald", "patron", "patron", "herald"});
  CHECK_FALSE(has(legal_texts(*g), "buy 0 0"));
  const json before = state(*g);
  ApplyResult r = g->apply("buy 0 0");
  CHECK_FALSE(r.ok);
  CHECK(state(*g) == before);
}

TEST_CASE("Lantern Market: the Tax Collector asks whom to tax and takes up to 2 coins", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 3, 1);
  mid_turn(*g, 0, {6, 1, 1});
  set_market(*g, {"herald", "caravan", "spice_trader", "tax_collector"});
  set_coins(*g, 1, 5);
  set_coins(*g, 2, 1);
  REQUIRE(g->apply("buy 0 3").ok);  // 7 - 6 = 1 coin
  CHECK(coins(*g, 0) == 2);
  CHECK(g->decision().seat == 0);
  CHECK(g->decision().prompt == "Choose for Tax Collector");
  CHECK(legal_texts(*g) == std::vector<std::string>{"choose 1", "choose 2"});
  SECTION("taxing a rich player takes 2") {
    REQUIRE(g->apply("choose 1").ok);
    CHECK(coins(*g, 0) == 4);
    CHECK(coins(*g, 1) == 3);
  }
  SECTION("taxing a poor player takes what they have") {
    REQUIRE(g->apply("choose 2").ok);
    CHECK(coins(*g, 0) == 3);
    CHECK(coins(*g, 2) == 0);
  }
  CHECK(top_step(*g) == "use_dice");
  CHECK(has(legal_texts(*g), "work 1"));
}

TEST_CASE("Lantern Market: the Caravan trades a chosen amount of spice for renown", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  mid_turn(*g, 0, {6, 1, 1});
  set_market(*g, {"herald", "caravan", "spice_trader", "tax_collector"});
  set_spice(*g, 0, 4);
  REQUIRE(g->apply("buy 0 1").ok);  // 8 - 6 = 2 coins
  CHECK(coins(*g, 0) == 1);
  // 1 to 3 spice: a trade of nothing is no choice.
  std::vector<std::string> labels;
  for (const tessera::Action& a : g->legal_actions()) labels.push_back(a.label);
  CHECK(labels == std::vector<std::string>{"Trade 1 spice for 2 renown", "Trade 2 spice for 4 renown", "Trade 3 spice for 6 renown"});
  REQUIRE(g->apply("choose 2").ok);
  CHECK(spice(*g, 0) == 2);
  CHECK(renown(*g, 0) == 4);
}

TEST_CASE("Lantern Market: a Caravan bought without spice asks nothing and does nothing", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  mid_turn(*g, 0, {6, 1, 1});
  set_market(*g, {"herald", "caravan", "spice_trader", "tax_collector"});
  set_spice(*g, 0, 0);
  const tessera::ApplyResult bought = g->apply("buy 0 1");
  REQUIRE(bought.ok);
  CHECK(top_step(*g) != "choose");
  for (const std::string& text : legal_texts(*g)) CHECK(text.rfind("choose", 0) == std::string::npos);
  CHECK(renown(*g, 0) == 0);
  bool told = false;
  for (const tessera::Event& e : bought.events) told = told || e.text == "Caravan has no choice to offer seat 0: it does nothing";
  CHECK(told);
}

TEST_CASE("Lantern Market: no card's question offers a choice that changes nothing, in whole games", "[tutorial]") {
  // A trade of 0 spice for 0 renown was offered; every choice must now move something.
  for (const int players : {2, 3, 4}) {
    auto g = tessera::testing::new_game("tutorial", players, 1);
    tessera::testing::play_randomly(*g, 3, 100000, [](const Game& game) {
      for (const tessera::Action& a : game.legal_actions()) {
        INFO(a.text << " - " << a.label);
        CHECK(a.label.find("Trade 0 ") == std::string::npos);
      }
    });
  }
}

TEST_CASE("Lantern Market: renown symbols fire when passed or, for space 15, only when reached", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  mid_turn(*g, 0, {6, 6, 6});
  set_market(*g, {"herald", "herald", "herald", "herald"});
  set_coins(*g, 0, 9);
  SECTION("passing 10 gives 3 coins") {
    set_renown(*g, 0, 8);
    REQUIRE(g->apply("buy 0 0").ok);
    CHECK(renown(*g, 0) == 11);
    CHECK(coins(*g, 0) == 9 - 3 + 3);
  }
  SECTION("ending on 15 gives 2 spice") {
    set_renown(*g, 0, 12);
    REQUIRE(g->apply("buy 0 0").ok);
    CHECK(renown(*g, 0) == 15);
    CHECK(spice(*g, 0) == 2);
  }
  SECTION("moving past 15 gives nothing") {
    set_renown(*g, 0, 13);
    REQUIRE(g->apply("buy 0 0").ok);
    CHECK(renown(*g, 0) == 16);
    CHECK(spice(*g, 0) == 0);
  }
  SECTION("passing 20 gives 1 spice and starts the last round") {
    set_renown(*g, 0, 18);
    REQUIRE(g->apply("buy 0 0").ok);
    CHECK(renown(*g, 0) == 21);
    CHECK(spice(*g, 0) == 1);
    CHECK(last_round(*g) == 1);
  }
}

TEST_CASE("Lantern Market: spice beyond 5 goes back to the bank", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  mid_turn(*g, 0, {6, 1, 1});
  set_market(*g, {"spice_trader", "herald", "herald", "herald"});
  set_spice(*g, 0, 4);
  arrange(*g, "/global/goods/resources/1/bank", 14);
  REQUIRE(g->apply("buy 0 0").ok);
  CHECK(spice(*g, 0) == 5);
  CHECK(spice_bank(*g) == 13);
}

TEST_CASE("Lantern Market: adjusting a die costs a coin a pip and never wraps", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  mid_turn(*g, 0, {6, 3, 1});
  auto legal = legal_texts(*g);
  CHECK(has(legal, "adjust 0 down"));
  CHECK_FALSE(has(legal, "adjust 0 up"));
  CHECK_FALSE(has(legal, "adjust 2 down"));
  REQUIRE(g->apply("adjust 1 up").ok);
  CHECK(state(*g)["global"]["dice"]["dice"][1]["value"] == 4);
  CHECK(coins(*g, 0) == 2);
  set_coins(*g, 0, 0);
  for (const auto& text : legal_texts(*g)) CHECK(text.rfind("adjust", 0) != 0);
  CHECK_FALSE(g->apply("adjust 1 up").ok);
}

TEST_CASE("Lantern Market: a turn ends when every die is used, and the round when every seat has played", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  mid_turn(*g, 0, {2, 2, 2});
  REQUIRE(g->apply("work 0").ok);
  REQUIRE(g->apply("work 1").ok);
  REQUIRE(g->apply("work 2").ok);
  CHECK(g->decision().seat == 1);
  CHECK(legal_texts(*g) == std::vector<std::string>{"roll"});
  for (int d = 0; d < 3; ++d) CHECK(state(*g)["global"]["dice"]["dice"][d]["holder"] == -1);
  REQUIRE(g->apply("roll").ok);
  REQUIRE(g->apply("end").ok);
  CHECK(g->decision().seat == 0);
  CHECK(state(*g)["global"]["turns"]["round"] == 2);
}

TEST_CASE("Lantern Market: the last round is played to its end, then renown and spice are scored", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  set_market(*g, {"herald", "herald", "herald", "herald"});
  SECTION("started by the first seat, the second seat still plays") {
    mid_turn(*g, 0, {6, 1, 1});
    set_renown(*g, 0, 18);
    set_spice(*g, 1, 3);
    REQUIRE(g->apply("buy 0 0").ok);
    REQUIRE(g->apply("end").ok);
    CHECK_FALSE(g->is_over());
    CHECK(g->decision().seat == 1);
    REQUIRE(g->apply("roll").ok);
    REQUIRE(g->apply("end").ok);
    REQUIRE(g->is_over());
    Outcome o = g->outcome();
    CHECK(o.scores == std::vector<int>{21, 1});  // seat 0: 21 renown, 1 spice scores 0; seat 1: 3 spice score 1
    CHECK(o.winners == std::vector<int>{0});
    CHECK(g->legal_actions().empty());
  }
  SECTION("started by the last seat, the game ends with that turn") {
    mid_turn(*g, 1, {6, 1, 1});
    set_renown(*g, 1, 18);
    REQUIRE(g->apply("buy 0 0").ok);
    REQUIRE(g->apply("end").ok);
    REQUIRE(g->is_over());
    CHECK(g->outcome().scores == std::vector<int>{0, 21});
    CHECK(g->outcome().winners == std::vector<int>{1});
  }
}

TEST_CASE("Lantern Market: ties go to more coins, and players still tied share the win", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 3, 1);
  for (int seat = 0; seat < 3; ++seat) set_renown(*g, seat, 10);
  arrange(*g, "/global/progress/values/last_round", 1);
  mid_turn(*g, 2, {1, 1, 1});
  SECTION("more coins wins") {
    set_coins(*g, 1, 7);
    REQUIRE(g->apply("end").ok);
    CHECK(g->outcome().winners == std::vector<int>{1});
  }
  SECTION("equal coins share") {
    set_coins(*g, 2, 1);
    REQUIRE(g->apply("end").ok);
    CHECK(g->outcome().scores == std::vector<int>{10, 10, 10});
    CHECK(g->outcome().winners == std::vector<int>{0, 1});
  }
}

TEST_CASE("Lantern Market: an empty market that cannot be refilled starts the last round", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  mid_turn(*g, 0, {6, 1, 1});
  set_market(*g, {"moneylender", "", "", ""});
  set_pile(*g, {});
  REQUIRE(g->apply("buy 0 0").ok);
  CHECK(last_round(*g) == 1);
  CHECK(coins(*g, 0) == 3 + 4);  // price 0, Moneylender gives 4
}

TEST_CASE("Lantern Market: patronage gives every player a coin each round and softens the Tax Collector", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1, {"patronage"});
  CHECK(coins(*g, 0) == 4);  // round 1 starts with the bonus too
  REQUIRE(g->apply("roll").ok);
  REQUIRE(g->apply("end").ok);
  REQUIRE(g->apply("roll").ok);
  REQUIRE(g->apply("end").ok);
  CHECK(coins(*g, 0) == 5);
  CHECK(coins(*g, 1) == 5);
  mid_turn(*g, 0, {6, 1, 1});
  set_market(*g, {"tax_collector", "herald", "herald", "herald"});
  REQUIRE(g->apply("buy 0 0").ok);
  REQUIRE(g->apply("choose 1").ok);
  CHECK(coins(*g, 0) == 5 - 1 + 1);
  CHECK(coins(*g, 1) == 4);
}

TEST_CASE("Lantern Market: steady hands removes every adjustment", "[tutorial]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1, {"steady_hands"});
  mid_turn(*g, 0, {3, 3, 3});
  auto legal = legal_texts(*g);
  CHECK(has(legal, "work 0"));
  for (const auto& text : legal) CHECK(text.rfind("adjust", 0) != 0);
  CHECK_FALSE(g->apply("adjust 0 up").ok);
}
