#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tessera/dice_pool.hpp"
#include "tessera/error.hpp"
#include "tessera/rng.hpp"
#include "tessera/table.hpp"

using namespace tessera;
using nlohmann::json;

namespace {

// Three white dice showing 3, 1, 6 and one blue d6 showing 2, all in the pool.
DicePool sample_pool() {
  DicePool pool("dice");
  pool.add_die("white", 6, 3);
  pool.add_die("white", 6, 1);
  pool.add_die("white", 6, 6);
  pool.add_die("blue", 6, 2);
  return pool;
}

}  // namespace

TEST_CASE("Dice are added to the pool with their color, faces and value", "[core]") {
  DicePool pool("dice");
  CHECK(pool.add_die("white") == 0);
  CHECK(pool.add_die("red", 8, 7) == 1);
  REQUIRE(pool.size() == 2);
  CHECK(pool.die(0).color == "white");
  CHECK(pool.die(0).faces == 6);
  CHECK(pool.die(0).value == 1);
  CHECK(pool.die(0).holder == DicePool::kInPool);
  CHECK(pool.die(1).faces == 8);
  CHECK(pool.die(1).value == 7);
  CHECK_THROWS_AS(pool.add_die("x", 1), DataError);
  CHECK_THROWS_AS(pool.add_die("x", 6, 7), DataError);
  CHECK_THROWS_AS(pool.add_die("x", 6, 0), DataError);
  CHECK_THROWS_WITH(pool.die(2), Catch::Contains("no die #2"));
  CHECK_THROWS_AS(pool.die(-1), RuleError);
}

TEST_CASE("Rolling gives values within the faces and is reproducible from the seed", "[core]") {
  DicePool a = sample_pool();
  DicePool b = sample_pool();
  Rng ra(11), rb(11);
  for (int i = 0; i < 50; ++i) {
    int v = a.roll(0, ra);
    CHECK(v >= 1);
    CHECK(v <= 6);
    CHECK(v == a.die(0).value);
    CHECK(b.roll(0, rb) == v);
  }
  DicePool big("big");
  big.add_die("x", 20, 1);
  Rng rng(3);
  bool above_six = false;
  for (int i = 0; i < 100; ++i) above_six |= big.roll(0, rng) > 6;
  CHECK(above_six);
  CHECK_THROWS_AS(a.roll(9, ra), RuleError);
}

TEST_CASE("roll_pool rolls only the pool, roll_held one seat's dice, roll_all every die", "[core]") {
  DicePool pool = sample_pool();
  pool.take(2, 0);  // the 6
  Rng rng(5);
  std::vector<int> pool_values = pool.roll_pool(rng);
  REQUIRE(pool_values.size() == 3);
  CHECK(pool.die(2).value == 6);
  CHECK(pool_values[0] == pool.die(0).value);
  CHECK(pool_values[2] == pool.die(3).value);

  pool.set(0, 1);
  std::vector<int> held = pool.roll_held(0, rng);
  REQUIRE(held.size() == 1);
  CHECK(held[0] == pool.die(2).value);
  CHECK(pool.die(0).value == 1);
  CHECK(pool.roll_held(3, rng).empty());

  CHECK(pool.roll_all(rng).size() == 4);
}

TEST_CASE("Setting a value is range-checked against the die's faces", "[core]") {
  DicePool pool = sample_pool();
  pool.set(1, 4);
  CHECK(pool.die(1).value == 4);
  CHECK_THROWS_WITH(pool.set(1, 7), Catch::Contains("has no face 7"));
  CHECK_THROWS_AS(pool.set(1, 0), RuleError);
  CHECK(pool.die(1).value == 4);
  pool.set_tag(1, "used");
  CHECK(pool.die(1).tag == "used");
}

TEST_CASE("Adjusting without wrap costs one price per pip and 6 to 1 is five steps", "[core]") {
  DicePool pool = sample_pool();
  CHECK(DicePool::steps(6, 1, 6, false) == 5);
  CHECK(DicePool::steps(1, 6, 6, false) == 5);
  CHECK(DicePool::steps(2, 4, 6, false) == 2);
  CHECK_THROWS_AS(DicePool::steps(1, 9, 6, true), RuleError);  // would give a negative count
  CHECK_THROWS_AS(DicePool::steps(1, 1, 0, false), RuleError);
  CHECK(pool.adjust_cost(2, 1, 1, false) == 5);  // die #2 shows 6
  CHECK(pool.die(2).value == 6);
  CHECK(pool.adjust_to(2, 1, 2, false) == 10);
  CHECK(pool.die(2).value == 1);
  CHECK(pool.adjust(0, 2, 1, false) == 2);  // 3 -> 5
  CHECK(pool.die(0).value == 5);
  CHECK(pool.adjust(0, -4, 3, false) == 12);  // 5 -> 1
  CHECK(pool.die(0).value == 1);
  CHECK_THROWS_WITH(pool.adjust(0, -1, 1, false), Catch::Contains("without wrapping"));
  CHECK(pool.die(0).value == 1);
  CHECK_THROWS_AS(pool.adjust_to(0, 7, 1, false), RuleError);
  CHECK_THROWS_AS(pool.adjust_cost(0, 2, -1, false), RuleError);
  CHECK_THROWS_AS(pool.adjust(0, 1, -1, false), RuleError);
}

TEST_CASE("Adjusting with wrap goes round the faces the short way", "[core]") {
  DicePool pool = sample_pool();
  CHECK(DicePool::steps(6, 1, 6, true) == 1);
  CHECK(DicePool::steps(1, 5, 6, true) == 2);
  CHECK(DicePool::steps(2, 5, 6, true) == 3);
  CHECK(pool.adjust_cost(2, 1, 1, true) == 1);
  CHECK(pool.adjust_to(2, 2, 1, true) == 2);  // 6 -> 2 via 1
  CHECK(pool.die(2).value == 2);
  CHECK(pool.adjust(1, -1, 1, true) == 1);  // 1 -> 6
  CHECK(pool.die(1).value == 6);
  CHECK(pool.adjust(1, 1, 1, true) == 1);  // 6 -> 1
  CHECK(pool.die(1).value == 1);
  CHECK(pool.adjust(1, 13, 1, true) == 13);  // two full turns and one pip
  CHECK(pool.die(1).value == 2);
  CHECK(pool.adjust(1, -9, 1, true) == 9);  // 2 -> 5
  CHECK(pool.die(1).value == 5);
}

TEST_CASE("Sorting by value is stable, in both directions, as indices or in place", "[core]") {
  DicePool pool = sample_pool();  // values 3, 1, 6, 2
  pool.set(3, 3);                 // values 3, 1, 6, 3
  CHECK(pool.sorted_indices() == std::vector<int>{1, 0, 3, 2});
  CHECK(pool.sorted_indices(/*descending=*/true) == std::vector<int>{2, 0, 3, 1});
  pool.take(1, 0);
  CHECK(pool.sorted_indices(false, /*pool_only=*/true) == std::vector<int>{0, 3, 2});
  pool.sort_by_value();
  REQUIRE(pool.size() == 4);
  CHECK(pool.die(0).value == 1);
  CHECK(pool.die(0).holder == 0);
  CHECK(pool.die(1).color == "white");
  CHECK(pool.die(1).value == 3);
  CHECK(pool.die(2).color == "blue");
  CHECK(pool.die(3).value == 6);
  pool.sort_by_value(true);
  CHECK(pool.die(0).value == 6);
  CHECK(pool.die(1).color == "white");
  CHECK(pool.die(2).color == "blue");
  CHECK(pool.die(3).value == 1);
}

TEST_CASE("A seat takes dice from the pool and gives them back", "[core]") {
  DicePool pool = sample_pool();
  pool.take(0, 1);
  pool.take(3, 1);
  pool.take(2, 0);
  CHECK(pool.dice_of(1) == std::vector<int>{0, 3});
  CHECK(pool.dice_of(0) == std::vector<int>{2});
  CHECK(pool.dice_of(2).empty());
  CHECK(pool.dice_of(-1).empty());
  CHECK(pool.in_pool() == std::vector<int>{1});
  CHECK_THROWS_WITH(pool.take(0, 0), Catch::Contains("held by seat 1"));
  CHECK_THROWS_AS(pool.take(1, -1), RuleError);
  CHECK(pool.die(0).holder == 1);
  pool.give_back(0);
  CHECK(pool.in_pool() == std::vector<int>{0, 1});
  CHECK_THROWS_WITH(pool.give_back(0), Catch::Contains("already in the pool"));
  CHECK(pool.give_back_all() == 2);
  CHECK(pool.in_pool() == std::vector<int>{0, 1, 2, 3});
  CHECK(pool.give_back_all() == 0);
}

TEST_CASE("Dice are counted by color and value, in the pool or per seat", "[core]") {
  DicePool pool = sample_pool();  // white 3, white 1, white 6, blue 2
  pool.set(3, 3);                 // blue 3
  pool.take(0, 1);
  CHECK(pool.count() == 4);
  CHECK(pool.count("white") == 3);
  CHECK(pool.count("", 3) == 2);
  CHECK(pool.count("blue", 3) == 1);
  CHECK(pool.count("green") == 0);
  CHECK(pool.count_in_pool() == 3);
  CHECK(pool.count_in_pool("white") == 2);
  CHECK(pool.count_in_pool("", 3) == 1);
  CHECK(pool.count_of(1) == 1);
  CHECK(pool.count_of(1, "white", 3) == 1);
  CHECK(pool.count_of(1, "blue") == 0);
  CHECK(pool.count_of(-1) == 0);
}

TEST_CASE("A dice pool's JSON round-trips through read_json", "[core]") {
  DicePool pool = sample_pool();
  pool.take(1, 2);
  pool.set_tag(1, "used");
  json out = json::object();
  pool.write_json(out, kOmniscient);
  CHECK(out["dice"][1] == json{{"color", "white"}, {"faces", 6}, {"value", 1}, {"holder", 2}, {"tag", "used"}});

  DicePool copy("dice");
  copy.read_json(out);
  json again = json::object();
  copy.write_json(again, kOmniscient);
  CHECK(again == out);

  json no_tag = {{"dice", {{{"color", "red"}, {"faces", 4}, {"value", 4}, {"holder", -1}}}}};
  copy.read_json(no_tag);
  CHECK(copy.size() == 1);
  CHECK(copy.die(0).tag.empty());
}

TEST_CASE("Malformed dice pool JSON is a DataError naming the field", "[core]") {
  DicePool pool = sample_pool();
  auto die = [](json patch) {
    json d = {{"color", "white"}, {"faces", 6}, {"value", 2}, {"holder", -1}};
    d.update(patch);
    return json{{"dice", {d}}};
  };
  CHECK_THROWS_WITH(pool.read_json(json::object()), Catch::Contains("missing field 'dice'"));
  CHECK_THROWS_WITH(pool.read_json(json{{"dice", 3}}), Catch::Contains("'dice' must be an array"));
  CHECK_THROWS_WITH(pool.read_json(json{{"dice", {4}}}), Catch::Contains("dice[0]"));
  CHECK_THROWS_WITH(pool.read_json(die({{"value", 7}})), Catch::Contains("dice[0].value"));
  CHECK_THROWS_WITH(pool.read_json(die({{"value", "two"}})), Catch::Contains("dice[0].value"));
  CHECK_THROWS_WITH(pool.read_json(die({{"faces", 1}})), Catch::Contains("dice[0].faces"));
  CHECK_THROWS_WITH(pool.read_json(die({{"holder", -5}})), Catch::Contains("dice[0].holder"));
  CHECK_THROWS_WITH(pool.read_json(die({{"color", 1}})), Catch::Contains("dice[0].color"));
  CHECK_THROWS_WITH(pool.read_json(die({{"tag", false}})), Catch::Contains("dice[0].tag"));
  json missing = die(json::object());
  missing["dice"][0].erase("holder");
  CHECK_THROWS_WITH(pool.read_json(missing), Catch::Contains("holder"));
  CHECK(pool.size() == 4);
}

TEST_CASE("Hidden dice show no values and resampling re-rolls only them", "[core]") {
  Table table(2, 1);
  auto cup = table.add<DicePool>("cup", 0, Visibility::Owner);
  auto open = table.add<DicePool>("open");
  for (int i = 0; i < 5; ++i) {
    table.get(cup).add_die("white", 6, 6);
    table.get(open).add_die("white", 6, 6);
  }
  json seen = table.view(1);
  CHECK_FALSE(seen["seats"][0]["cup"]["dice"][0].contains("value"));
  CHECK(seen["seats"][0]["cup"]["dice"][0]["holder"] == -1);
  CHECK(table.view(0)["seats"][0]["cup"]["dice"][0]["value"] == 6);
  CHECK(table.get(cup).describe(1) == "pool: white ?, white ?, white ?, white ?, white ?");
  CHECK(table.get(open).describe(1) == "pool: white 6, white 6, white 6, white 6, white 6");

  Rng rng(9);
  table.resample_hidden(0, rng);
  CHECK(table.get(cup).count("", 6) == 5);
  table.resample_hidden(1, rng);
  CHECK(table.get(cup).count("", 6) < 5);
  CHECK(table.get(open).count("", 6) == 5);
  CHECK(table.view(1) == seen);
}

TEST_CASE("A dice pool describes the pool and the held dice", "[core]") {
  DicePool pool = sample_pool();
  pool.take(2, 1);
  CHECK(pool.describe(kSpectator) == "pool: white 3, white 1, blue 2; held: white 6 (seat 1)");
  CHECK(DicePool("none").describe(kSpectator) == "no dice");
}
