// The house rules shipped with CATAN: Rise of the Inkas (scripts/catan_inca/variants/).
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
