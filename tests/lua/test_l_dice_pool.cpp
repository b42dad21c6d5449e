#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/dice_pool.hpp"
#include "tessera/error.hpp"
#include "tessera/rng.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// Dice 0 white d6 = 3, 1 white d6 = 5 (held by seat 0), 2 red d6 = 1 (tag "used"), 3 black d4 = 4.
void arrange(Harness& h) {
  h.table.add<DicePool>("dice");
  DicePool& pool = h.table.get<DicePool>("dice");
  pool.add_die("white", 6, 3);
  pool.add_die("white", 6, 5);
  pool.add_die("red", 6, 1);
  pool.add_die("black", 4, 4);
  pool.take(1, 0);
  pool.set_tag(2, "used");
  h.runtime.run_file("components/dice_pool.lua");
}

json die(const std::string& color, int faces, int value, int holder, const std::string& tag) {
  return {{"color", color}, {"faces", faces}, {"value", value}, {"holder", holder}, {"tag", tag}};
}

const std::string kScript = "scripts/test/components/dice_pool.lua:";

}  // namespace

TEST_CASE("Dice pool queries work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("dice_read");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"size", 4},
                             {"dice", {die("white", 6, 3, -1, ""), die("white", 6, 5, 0, ""), die("red", 6, 1, -1, "used"),
                                       die("black", 4, 4, -1, "")}},
                             {"die", die("black", 4, 4, -1, "")},
                             {"steps", {5, 1}},
                             {"adjust_cost", 6},
                             {"wrapped_cost", 2},
                             {"sorted", {2, 0, 3, 1}},
                             {"sorted_desc", {1, 3, 0, 2}},
                             {"pool_sorted", {2, 0, 3}},
                             {"dice_of", {1}},
                             {"in_pool", {0, 2, 3}},
                             {"count", {4, 2, 1, 1, 1, 1}},
                             {"white_in_pool", {0}},
                             {"used", {2}},
                             {"none", json::array()}});
  CHECK_THROWS_WITH(h.apply("dice_find_unknown_field"), Catch::Contains("colour"));
}

TEST_CASE("Dice pool rolls from Lua use the table's RNG", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("dice_roll");
  Rng expected(42);
  const int rolled = expected.between(1, 6);
  const json pool = {expected.between(1, 6), expected.between(1, 6), expected.between(1, 4)};
  const json held = {expected.between(1, 6)};
  const json all = {expected.between(1, 6), expected.between(1, 6), expected.between(1, 6), expected.between(1, 4)};
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"rolled", rolled}, {"pool", pool}, {"held", held}, {"all", all}});
  CHECK(h.table.rng() == expected);
  const DicePool& dice = h.table.get<DicePool>("dice");
  for (int i = 0; i < 4; ++i) CHECK(dice.die(i).value == all[static_cast<std::size_t>(i)]);
}

TEST_CASE("Dice pool set, adjust, take, give back and sort work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("dice_adjust");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"to", 3},
                             {"up", 3},
                             {"back", 1},
                             {"dice", {die("white", 6, 5, -1, ""), die("white", 6, 5, -1, ""), die("red", 6, 1, -1, "used"),
                                       die("black", 4, 1, -1, "locked")}}});
  CHECK(h.table.get<DicePool>("dice").in_pool() == std::vector<int>{0, 1, 2, 3});
}

TEST_CASE("Dice pool errors name the script line and leave the pool unchanged", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_WITH(h.apply("dice_taken"),
                    Catch::StartsWith(kScript + "2: dice_pool 'dice': die #1 is held by seat 0, not in the pool"));
  CHECK_THROWS_WITH(h.options("dice_in_options"), Catch::StartsWith(kScript + "3: options() may not change the state"));
  CHECK_THROWS_WITH(h.apply("dice_no_wrap"),
                    Catch::StartsWith(kScript + "4: bad argument #4 to 'adjust' (boolean expected, got no value)"));
  CHECK(h.table == before);
}
