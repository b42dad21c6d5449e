#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/error.hpp"
#include "tessera/supply.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// Supply "goods" for 2 seats: wood (bank 5, cap 3, discard), coins (unlimited), stone (cap 2,
// refuse). Seat 0 holds 2 wood and 4 coins, seat 1 holds 1 coin.
void arrange(Harness& h) {
  h.table.add<Supply>("goods", 2);
  Supply& s = h.table.get<Supply>("goods");
  s.add_resource("wood", 5, 3, Overflow::Discard);
  s.add_resource("coins");
  s.add_resource("stone", Supply::kUnlimited, 2, Overflow::Refuse);
  s.set(0, "wood", 2);
  s.set(0, "coins", 4);
  s.set(1, "coins", 1);
  h.runtime.run_file("components/supply.lua");
}

json gain(int received, int discarded, int missing) {
  return {{"received", received}, {"discarded", discarded}, {"missing", missing}};
}

const std::string kScript = "scripts/test/components/supply.lua:";

}  // namespace

TEST_CASE("Supply queries and cost checks work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("supply_read");
  REQUIRE(h.reports.size() == 1);
  const json wood = {{"id", "wood"}, {"bank", 5}, {"cap", 3}, {"overflow", "discard"}};
  CHECK(h.reports[0] == json{{"seats", 2},
                             {"resources",
                              {wood,
                               {{"id", "coins"}, {"bank", -1}, {"cap", -1}, {"overflow", "keep"}},
                               {{"id", "stone"}, {"bank", -1}, {"cap", 2}, {"overflow", "refuse"}}}},
                             {"has", {true, false}},
                             {"wood", wood},
                             {"count", {2, 1}},
                             {"bank", {5, -1}},
                             {"bank_has", {true, false}},
                             {"total", {6, 1}},
                             {"room", {1, -1}},
                             {"can_pay", {true, false, true}},
                             {"sees", {true, true}}});
}

TEST_CASE("Supply gain, pay, transfer and pay_all from Lua return gains as tables", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("supply_play");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"gained", gain(1, 2, 0)},
                             {"short", gain(3, 1, 2)},
                             {"moved", gain(2, 0, 0)},
                             {"seat0", {3, 1, 0}},
                             {"seat1", {2, 0, 2}},
                             {"bank", 2}});
  const Supply& s = h.table.get<Supply>("goods");
  CHECK(s.count(1, "stone") == 2);
  CHECK(s.bank("wood") == 2);
}

TEST_CASE("Supply errors name the script line and leave the supply unchanged", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_WITH(h.apply("supply_short"), Catch::StartsWith(kScript + "2: supply 'goods': seat 1 has 1 coins, needs 5"));
  CHECK_THROWS_WITH(h.options("supply_in_options"), Catch::StartsWith(kScript + "3: options() may not change the state"));
  CHECK_THROWS_WITH(h.apply("supply_over_cap"),
                    Catch::StartsWith(kScript + "4: supply 'goods': seat 0 cannot gain 3 stone: holds 0 of at most 2"));
  CHECK_THROWS_WITH(h.apply("supply_bad_cost"),
                    Catch::StartsWith(kScript + "5: bad argument #2 to 'pay_all' (the count of 'wood' must be an integer)"));
  CHECK_THROWS_WITH(h.apply("supply_cost_short"), Catch::StartsWith(kScript + "6: supply 'goods': seat 0 has 4 coins, needs 9"));
  CHECK_THROWS_WITH(h.apply("supply_overflow"),
                    Catch::StartsWith(kScript + "7: supply 'goods': seat 1 would hold more coins than an int can count"));
  CHECK(h.table == before);
  // A transfer over the cap discards into the bank, which must still count it.
  h.table.get<Supply>("goods").set_bank("wood", 2147483000);
  CHECK_THROWS_WITH(h.apply("supply_bank_overflow"),
                    Catch::StartsWith(kScript + "8: supply 'goods': the bank would hold more wood than an int can count"));
  CHECK(h.table.get<Supply>("goods").bank("wood") == 2147483000);  // the transfer did nothing
  CHECK(h.table.get<Supply>("goods").count(0, "wood") == 2);
}
