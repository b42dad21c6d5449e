// The house rules shipped with CATAN: Rise of the Inkas (scripts/catan_inca/variants/).
#include <algorithm>
#include <catch2/catch.hpp>

#include "catan_support.hpp"
#include "support/scenario.hpp"
#include "tessera/rng.hpp"

using namespace catan_test;

TEST_CASE("Harvest festival: a roll of 12 gives every seat 1 potato; any other roll, nothing more", "[catan_inca]") {
  int twelves = 0, others = 0;
  for (std::uint64_t seed = 1; seed <= 20 && twelves < 2; ++seed) {
    auto plain = new_catan(3, seed);
    auto festive = new_catan(3, seed, {"harvest_festival"});
    tessera::Rng rng(seed);
    for (int step = 0; step < 5000 && !plain->is_over(); ++step) {
      const auto texts = legal_texts(*plain);
      const std::string text = texts[rng.below(texts.size())];
      REQUIRE(plain->apply(text).ok);
      REQUIRE(festive->apply(text).ok);
      if (text != "roll") continue;
      const int rolled = tessera::testing::counter(*plain, "progress", "last_roll");
      REQUIRE(tessera::testing::counter(*festive, "progress", "last_roll") == rolled);
      for (int seat = 0; seat < 3; ++seat) {
        Cards expected = hand(*plain, seat);
        if (rolled == 12) ++expected["potato"];
        CHECK(hand(*festive, seat) == expected);
      }
      ++(rolled == 12 ? twelves : others);
      if (rolled == 12) break;  // the hands differ from here on
    }
  }
  CHECK(twelves > 0);
  CHECK(others > 0);
}

TEST_CASE("Lenient robber: a seat over the hand limit returns a third of its cards, a rules number in an overlay", "[catan_inca]") {
  // EX-09's hands: blue holds 9 and returns 4 under the game's rule (half), 3 under this one.
  auto g = rolling(4, 7, [](json& s) {
    empty_hands(s);
    set_hand(s, kBlue, {{"wood", 5}, {"ore", 4}});
    at_turn(s, kRed, false);
  }, {"lenient_robber"});
  act(*g, "roll");
  REQUIRE(top_step(*g) == "discard");
  CHECK(legal_texts(*g) == std::vector<std::string>{"discard wood", "discard wood 2", "discard wood 3", "discard ore",
                                                    "discard ore 2", "discard ore 3"});
  act(*g, "discard wood 3");
  CHECK(hand(*g, kBlue) == Cards{{"wood", 2}, {"ore", 4}});
  CHECK(top_step(*g) == "robber");
}

TEST_CASE("Early market: bank trades are offered before the roll too, at the rates of game.yaml", "[catan_inca]") {
  const auto arrange = [](json& s) {
    empty_hands(s);
    set_hand(s, kRed, {{"wood", 3}, {"fish", 2}, {"stone", 2}});
    at_turn(s, kRed, /*rolled=*/false);
  };
  auto plain = new_catan(4, 1);
  edit(*plain, arrange);
  CHECK_FALSE(has(legal_texts(*plain), "trade_bank wood"));  // the game's rule: trade after the roll
  auto g = rolling(4, 6, arrange, {"early_market"});  // trades draw no dice: the roll still shows 6
  const auto before_roll = legal_texts(*g);
  CHECK(has(before_roll, "roll"));
  CHECK(has(before_roll, "trade_bank wood"));      // 3 resources
  CHECK(has(before_roll, "trade_bank fish"));      // 2 goods
  CHECK_FALSE(has(before_roll, "trade_bank stone"));  // 2 resources are too few
  CHECK(std::count(before_roll.begin(), before_roll.end(), "trade_bank wood") == 1);
  act(*g, "trade_bank wood");
  act(*g, "receive ore");
  CHECK(hand(*g, kRed) == Cards{{"ore", 1}, {"fish", 2}, {"stone", 2}});
  // Still before the roll: the turn goes on with its roll.
  const auto after_trade = legal_texts(*g);
  CHECK(has(after_trade, "roll"));
  CHECK(has(after_trade, "trade_bank fish"));
  act(*g, "roll");
  REQUIRE(progress(*g, "last_roll") == 6);
  REQUIRE(top_step(*g) == "turn");
  // After the roll the game's own generator offers the trade, once.
  const auto rolled = legal_texts(*g);
  CHECK(std::count(rolled.begin(), rolled.end(), "trade_bank fish") == 1);
}
