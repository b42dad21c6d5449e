#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/deck.hpp"
#include "tessera/error.hpp"
#include "tessera/market.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// A 2x3 slide_down market "row" refilled from deck "ships" (piles p1 then p2), filled at
// setup: row 0 = s8 s7 s6, row 1 = s5 s4 s3; p1 keeps s1 s2 (s2 on top), p2 holds t1.
void arrange(Harness& h) {
  h.table.add<Deck>("ships");
  Deck& ships = h.table.get<Deck>("ships");
  ships.add_pile("p1", false, {"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"});
  ships.add_pile("p2", false, {"t1"});
  h.table.add<Deck>("spare");
  h.table.get<Deck>("spare").add_pile("p1", false, {"z"});
  h.table.add<Market>("row", 2, 3, Refill::SlideDown, "ships", std::vector<std::string>{"p1", "p2"});
  h.table.get<Market>("row").fill_all(ships);
  h.runtime.run_file("components/market.lua");
}

json place(int row, int slot) { return {{"row", row}, {"slot", slot}}; }

const std::string kScript = "scripts/test/components/market.lua:";

}  // namespace

TEST_CASE("Market queries work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("market_read");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"size", {2, 3}},
                             {"rule", "slide_down"},
                             {"source", {"ships", {"p1", "p2"}}},
                             {"slots", {"s8", "s7", "s6", "s5", "s4", "s3"}},
                             {"at", "s3"},
                             {"empty", false},
                             {"count", 6},
                             {"cards", {"s8", "s7", "s6", "s5", "s4", "s3"}},
                             {"find", place(1, 1)},
                             {"nowhere", place(-1, -1)},
                             {"refill_slots", json::array()}});
}

TEST_CASE("Market take from Lua returns the card and what the refill drew", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("market_take");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"taken", {{"card", "s7"}, {"drawn", {"s2", "s1"}}}},
                             {"plain", "s5"},
                             {"empty_slots", {place(1, 0)}},
                             {"refilled", {"t1"}},
                             {"slid", "s6"},
                             {"slots", {"s8", "s4", "s3", "t1", "s1", "s6"}},
                             {"from_source", ""},
                             {"filled", json::array()},
                             {"cleared", {"s8", "s4", "s3", "t1", "s1", "s6"}},
                             {"after", 0}});
  CHECK(h.table.get<Deck>("ships").total_size() == 0);
  CHECK(h.table.get<Market>("row").card_count() == 0);
}

TEST_CASE("Market errors name the script line and leave the market unchanged", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_WITH(h.apply("market_wrong_deck"),
                    Catch::StartsWith(kScript + "2: market 'row': refills from deck 'ships', not 'spare'"));
  CHECK_THROWS_WITH(h.options("market_in_options"), Catch::StartsWith(kScript + "3: options() may not change the state"));
  CHECK_THROWS_WITH(h.apply("market_not_a_deck"), Catch::StartsWith(kScript + "4: component 'row' is a market, not a deck"));
  CHECK(h.table == before);
}
