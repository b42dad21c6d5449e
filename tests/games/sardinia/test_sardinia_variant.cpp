// Sardinia's alternative Guard variant (rules 8.1, scripts/sardinia/variants/alternative_guard.lua):
// reserve fort cards, the 3-card condition on the Guard, and the three row options.
#include <catch2/catch.hpp>

#include "sardinia_support.hpp"

using namespace tessera;
using namespace sardinia_test;

namespace {

std::unique_ptr<Game> variant_game(const std::function<void(json&)>& fn) {
  auto g = tessera::testing::new_game("sardinia", 3, 5, {"alternative_guard"});
  edit(*g, [&](json& s) {
    clear_board(s);
    set_row(s, {"6", "17", "8", "1", "2", "3", "4", "5", "7", "9", "10"}, 2);
    set_deck(s, {"11", "12", "13", "14", "15", "16", "18", "19", "20", "21", "22", "23"});
    for (int seat = 0; seat < 3; ++seat) {
      set_cards(s, seat, kAllCards, {});
      s["seats"][seat]["fort_reserve"]["cards"] = {std::to_string(24 + seat)};
      s["seats"][seat]["fort_reserve"]["revealed"] = {false};
    }
    fn(s);
  });
  return g;
}

void apply_ok(Game& g, const std::string& text) {
  INFO(text);
  const auto result = g.apply(text);
  INFO(result.error);
  REQUIRE(result.ok);
}

void guard_ready(json& s) {
  set_cards(s, kYellow, {"farmer", "architect", "queen", "guard"}, {"admiral", "commander", "chaplain"});
  my_turn(s, kYellow);
}

}  // namespace

TEST_CASE("Alternative Guard: every player starts with one reserve fort card, hidden from the others", "[sardinia]") {
  auto g = tessera::testing::new_game("sardinia", 4, 9, {"alternative_guard"});
  const json s = state(*g);
  for (int seat = 0; seat < 4; ++seat) CHECK(s["seats"][seat]["fort_reserve"]["cards"].size() == 1);
  CHECK(s["global"]["fort_deck"]["piles"][0]["cards"].size() == 11);
  CHECK(g->table().view(kBlue)["seats"][kYellow]["fort_reserve"]["cards"][0].is_null());
  CHECK_FALSE(g->table().view(kYellow)["seats"][kYellow]["fort_reserve"]["cards"][0].is_null());
}

TEST_CASE("Alternative Guard: the Guard needs 3 other played cards", "[sardinia]") {
  auto g = variant_game([](json& s) {
    set_cards(s, kYellow, {"chaplain", "farmer", "architect", "queen", "guard"}, {"admiral", "commander"});
    my_turn(s, kYellow);
  });
  CHECK_FALSE(has(tessera::testing::legal_texts(*g), "play guard"));
  const std::string before = state(*g).dump();
  CHECK_FALSE(g->apply("play guard").ok);
  CHECK(state(*g).dump() == before);
  edit(*g, guard_ready);
  CHECK(has(tessera::testing::legal_texts(*g), "play guard"));
}

TEST_CASE("Alternative Guard: keep and study draws the top card, then one reserve card goes under", "[sardinia]") {
  auto g = variant_game(guard_ready);
  apply_ok(*g, "play guard");
  CHECK(tessera::testing::legal_texts(*g) == std::vector<std::string>{"keep", "replace", "replace_reserve"});
  apply_ok(*g, "keep");
  CHECK(top_step(*g) == "study");
  CHECK(tessera::testing::legal_texts(*g) == std::vector<std::string>{"return 24", "return 23"});
  apply_ok(*g, "return 24");
  const json s = state(*g);
  CHECK(cards(s["seats"][kYellow]["fort_reserve"]) == std::vector<std::string>{"23"});
  CHECK(cards(s["global"]["fort_row"])[1] == "8");
  const auto deck = cards(s["global"]["fort_deck"]["piles"][0]);
  CHECK(deck.front() == "24");
  CHECK(deck[1] == "6");
  CHECK(deck.back() == "22");
  CHECK(g->decision().seat == kBlue);
}

TEST_CASE("Alternative Guard: replacing from the reserve shows the reserve card and draws a new one", "[sardinia]") {
  auto g = variant_game(guard_ready);
  apply_ok(*g, "play guard");
  apply_ok(*g, "replace_reserve");
  const json s = state(*g);
  CHECK(cards(s["global"]["fort_row"])[1] == "24");
  CHECK(s["global"]["fort_row"]["revealed"][1] == true);
  CHECK(cards(s["seats"][kYellow]["fort_reserve"]) == std::vector<std::string>{"23"});
  const auto deck = cards(s["global"]["fort_deck"]["piles"][0]);
  CHECK(deck.front() == "8");
  CHECK(deck[1] == "6");
}

TEST_CASE("Alternative Guard: replacing from the deck works as in the base game", "[sardinia]") {
  auto g = variant_game(guard_ready);
  apply_ok(*g, "play guard");
  apply_ok(*g, "replace");
  const json s = state(*g);
  CHECK(cards(s["global"]["fort_row"])[1] == "23");
  CHECK(cards(s["seats"][kYellow]["fort_reserve"]) == std::vector<std::string>{"24"});
}
