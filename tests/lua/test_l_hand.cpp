#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/error.hpp"
#include "tessera/hand.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// Seat 0's hand (visible to its owner, limit 4): a, b (revealed), a.
void arrange(Harness& h) {
  h.table.add<Hand>("hand", 0, Visibility::Owner, 4);
  Hand& hand = h.table.get<Hand>("hand", 0);
  hand.add("a");
  hand.add("b", true);
  hand.add("a");
  h.runtime.run_file("components/hand.lua");
}

const std::string kScript = "scripts/test/components/hand.lua:";

}  // namespace

TEST_CASE("Hand queries work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("hand_read");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"limit", 4},
                             {"exceed", {false, true}},
                             {"size", 3},
                             {"empty", false},
                             {"cards", {"a", "b", "a"}},
                             {"card", "b"},
                             {"contains", {true, false}},
                             {"index_of", {0, -1}},
                             {"revealed", {false, true}},
                             {"revealed_cards", {"b"}},
                             {"hidden", 2},
                             {"sees", {false, true, true}}});
}

TEST_CASE("Hand adds, removes and reveals from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("hand_play");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"removed", "a"},
                             {"shown", {"c", "e"}},
                             {"hidden", 4},
                             {"taken", {"b", "c", "d", "e"}},
                             {"size", 0},
                             {"limit", -1}});
  const Hand& hand = h.table.get<Hand>("hand", 0);
  CHECK(hand.empty());
  CHECK(hand.limit() == Hand::kUnlimited);
}

TEST_CASE("Hand errors name the script line and leave the hand unchanged", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_WITH(h.apply("hand_over_limit"),
                    Catch::StartsWith(kScript + "2: hand 'hand' of seat 0: cannot take 2 more cards (holds 3, limit 4)"));
  CHECK_THROWS_WITH(h.options("hand_in_options"), Catch::StartsWith(kScript + "3: options() may not change the state"));
  CHECK_THROWS_WITH(h.apply("hand_bad_limit"),
                    Catch::StartsWith(kScript + "4: hand 'hand' of seat 0: limit must be -1 (none) or at least 0"));
  CHECK(h.table == before);
}
