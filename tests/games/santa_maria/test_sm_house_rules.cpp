// Santa Maria's house rules that show what a variant reaches without C++: an event the
// game announces (early_retreat). Driven through legal_actions()/apply(), against the same
// moves in the game without the rule.
#include <algorithm>
#include <catch2/catch.hpp>

#include "sm_support.hpp"

using namespace tessera;
using namespace sm_test;

namespace {

// Seat 0 to move in year 1 of a 3-player game; `others` of seats 1.. have retreated already.
void seat_zero_to_retreat(Game& g, int others) {
  edit(g, [&](json& s) {
    my_turn(s, 0);
    set_value(s["global"]["progress"], "roads", 0);  // the road space offers no choice
    for (int seat = 1; seat <= others; ++seat) {
      set_value(s["seats"][seat]["player"], "retreated", 1);
      set_value(s["seats"][seat]["player"], "retreat_pos", seat + 1);
      set_value(s["global"]["board"], "retreat" + std::to_string(seat + 1), seat + 1);
    }
  });
}

}  // namespace

TEST_CASE("Santa Maria with early retreat: the first seat to retreat in a year gains 1 coin", "[santa_maria]") {
  for (const int others : {0, 2}) {
    INFO(others << " seats retreated before");
    auto plain = tessera::testing::new_game("santa_maria", 3, 7);
    auto house = tessera::testing::new_game("santa_maria", 3, 7, {"early_retreat"});
    for (Game* g : {plain.get(), house.get()}) {
      seat_zero_to_retreat(*g, others);
      const ApplyResult retreated = g->apply("retreat 5");
      INFO(retreated.error);
      REQUIRE(retreated.ok);
    }
    CHECK(player(*house, 0, "coins") == player(*plain, 0, "coins") + (others == 0 ? 1 : 0));
    for (int seat = 1; seat < 3; ++seat) CHECK(player(*house, seat, "coins") == player(*plain, seat, "coins"));
  }
}

TEST_CASE("Santa Maria with poor relief: a seat without coins makes its first coin activation of a year, the crown paying", "[santa_maria]") {
  // EX-02's colony, with no coins: the game offers no coin activation, the house rule does.
  const auto arrange = [](json& s) {
    for (int seat = 0; seat < 2; ++seat) {
      clear_colony(s, seat);
      set_stock(s, seat, {});
    }
    my_turn(s, 0);
    cell_type(s, 0, 1, 1) = "forest:B_WOOD";
    cell_type(s, 0, 2, 2) = "farm:B_GRAIN";
  };
  auto plain = tessera::testing::new_game("santa_maria", 2, 7);
  edit(*plain, arrange);
  CHECK_FALSE(has(tessera::testing::legal_texts(*plain), "coin 1 1"));
  auto g = tessera::testing::new_game("santa_maria", 2, 7, {"poor_relief"});
  edit(*g, arrange);
  const auto texts = tessera::testing::legal_texts(*g);
  CHECK(std::count(texts.begin(), texts.end(), "coin 1 1") == 1);
  CHECK(std::count(texts.begin(), texts.end(), "coin 2 2") == 1);
  for (const auto& a : g->legal_actions())
    if (a.text == "coin 1 1") CHECK(a.label == "activate row 1 column 1 for 1 coins (the crown pays)");
  REQUIRE(g->apply("coin 1 1").ok);
  CHECK(player(*g, 0, "coins") == 0);
  CHECK(player(*g, 0, "wood") == 1);
  CHECK(player(*g, 0, "coin_acts") == 1);
  CHECK(state(*g)["seats"][0]["colony"]["pieces"][0] == "c1");
}
