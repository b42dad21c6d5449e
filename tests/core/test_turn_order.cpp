#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tessera/error.hpp"
#include "tessera/table.hpp"
#include "tessera/turn_order.hpp"

using namespace tessera;
using nlohmann::json;
using Seats = std::vector<int>;

TEST_CASE("A turn order starts with the first seat in round one", "[core]") {
  TurnOrder turns("turns", 4);
  CHECK(turns.order() == Seats{0, 1, 2, 3});
  CHECK(turns.size() == 4);
  CHECK(turns.current() == 0);
  CHECK(turns.current_index() == 0);
  CHECK(turns.start_player() == 0);
  CHECK(turns.round() == 1);
  CHECK(turns.pass_order().empty());
  TurnOrder custom("turns", Seats{2, 0, 1});
  CHECK(custom.current() == 2);
  CHECK(custom.start_player() == 2);
  CHECK(custom.position(1) == 2);
  CHECK(custom.contains(0));
  CHECK_FALSE(custom.contains(3));
  CHECK_THROWS_WITH(custom.position(3), Catch::Contains("seat 3 is not in the order"));
  CHECK_THROWS_AS(TurnOrder("t", 0), DataError);
  CHECK_THROWS_WITH(TurnOrder("t", Seats{1, 1}), Catch::Contains("appears twice"));
  CHECK_THROWS_AS(TurnOrder("t", Seats{0, -1}), DataError);
}

TEST_CASE("Advancing goes round the order clockwise", "[core]") {
  TurnOrder turns("turns", Seats{2, 0, 1});
  CHECK(turns.advance());
  CHECK(turns.current() == 0);
  CHECK(turns.advance());
  CHECK(turns.current() == 1);
  CHECK(turns.advance());
  CHECK(turns.current() == 2);
  CHECK(turns.current_index() == 0);
}

TEST_CASE("Advancing skips the seats that have passed and stops when all have", "[core]") {
  TurnOrder turns("turns", 4);
  turns.pass(1);
  CHECK(turns.advance());
  CHECK(turns.current() == 2);
  turns.pass(2);
  turns.pass(0);
  CHECK(turns.advance());
  CHECK(turns.current() == 3);
  CHECK(turns.advance());  // seat 3 is the only one left
  CHECK(turns.current() == 3);
  CHECK_FALSE(turns.all_passed());
  turns.pass(3);
  CHECK(turns.all_passed());
  CHECK_FALSE(turns.advance());
  CHECK(turns.current() == 3);
}

TEST_CASE("Passing records the order of passing and refuses a second pass", "[core]") {
  TurnOrder turns("turns", 3);
  turns.pass(2);
  turns.pass(0);
  CHECK(turns.pass_order() == Seats{2, 0});
  CHECK(turns.passed_count() == 2);
  CHECK(turns.has_passed(0));
  CHECK_FALSE(turns.has_passed(1));
  CHECK_THROWS_WITH(turns.pass(2), Catch::Contains("seat 2 has already passed"));
  CHECK_THROWS_AS(turns.pass(5), RuleError);
  CHECK_THROWS_AS(turns.has_passed(5), RuleError);
  CHECK(turns.pass_order() == Seats{2, 0});
}

TEST_CASE("A new round clears the passes and starts from the given seat", "[core]") {
  TurnOrder turns("turns", 3);
  turns.pass(0);
  turns.advance();
  turns.new_round(turns.next_start_player());
  CHECK(turns.round() == 2);
  CHECK(turns.start_player() == 1);
  CHECK(turns.current() == 1);
  CHECK(turns.pass_order().empty());
  CHECK(turns.order() == Seats{0, 1, 2});
  turns.new_round(turns.next_start_player());
  CHECK(turns.start_player() == 2);
  CHECK(turns.next_start_player() == 0);
  CHECK_THROWS_AS(turns.new_round(7), RuleError);
  CHECK(turns.round() == 3);
}

TEST_CASE("A round ordered by passing puts the first passer first", "[core]") {
  TurnOrder turns("turns", 4);
  turns.pass(2);
  turns.pass(0);
  turns.new_round_from_pass_order();
  CHECK(turns.order() == Seats{2, 0, 1, 3});
  CHECK(turns.current() == 2);
  CHECK(turns.start_player() == 2);
  CHECK(turns.round() == 2);
  CHECK(turns.pass_order().empty());
  for (int seat : {3, 1, 0, 2}) turns.pass(seat);
  turns.new_round_from_pass_order();
  CHECK(turns.order() == Seats{3, 1, 0, 2});
}

TEST_CASE("Replacing the order keeps passes, turn and start with their seats", "[core]") {
  TurnOrder turns("turns", 4);
  turns.set_current(2);
  turns.set_start_player(1);
  turns.pass(3);
  turns.pass(1);
  turns.set_order({3, 2, 1, 0});
  CHECK(turns.current() == 2);
  CHECK(turns.current_index() == 1);
  CHECK(turns.start_player() == 1);
  CHECK(turns.pass_order() == Seats{3, 1});
  turns.set_order({0, 3});
  CHECK(turns.current() == 0);
  CHECK(turns.start_player() == 0);
  CHECK(turns.pass_order() == Seats{3});
  CHECK_THROWS_WITH(turns.set_order({}), Catch::Contains("at least one seat"));
  CHECK_THROWS_AS(turns.set_order({0, 0}), RuleError);
  CHECK(turns.order() == Seats{0, 3});
  CHECK_THROWS_AS(turns.set_current(1), RuleError);
  CHECK_THROWS_AS(turns.set_start_player(1), RuleError);
}

TEST_CASE("The seat after and before a seat wrap round the order", "[core]") {
  TurnOrder turns("turns", Seats{2, 0, 1});
  CHECK(turns.seat_after(2) == 0);
  CHECK(turns.seat_after(1) == 2);
  CHECK(turns.seat_before(2) == 1);
  CHECK(turns.seat_before(0) == 2);
  CHECK(turns.next_start_player() == 0);
  CHECK_THROWS_AS(turns.seat_after(3), RuleError);
  TurnOrder solo("solo", 1);
  CHECK(solo.seat_after(0) == 0);
  CHECK(solo.advance());
  CHECK(solo.current() == 0);
}

TEST_CASE("The round number can be set but not below zero", "[core]") {
  TurnOrder turns("turns", 2);
  turns.set_round(0);
  CHECK(turns.round() == 0);
  turns.set_round(5);
  CHECK(turns.round() == 5);
  CHECK_THROWS_AS(turns.set_round(-1), RuleError);
  CHECK(turns.round() == 5);
}

TEST_CASE("A turn order's JSON round-trips through read_json", "[core]") {
  TurnOrder turns("turns", Seats{1, 2, 0});
  turns.advance();
  turns.pass(0);
  turns.set_round(3);
  json out = json::object();
  turns.write_json(out, kSpectator);
  CHECK(out == json::parse(R"({"order":[1,2,0],"current":2,"start":1,"round":3,"pass_order":[0]})"));
  TurnOrder copy("turns", 2);
  copy.read_json(out);
  CHECK(copy.current_index() == 1);
  json again = json::object();
  copy.write_json(again, kOmniscient);
  CHECK(again == out);
}

TEST_CASE("Malformed turn order JSON is a DataError naming the field", "[core]") {
  TurnOrder turns("turns", 3);
  auto with = [](json patch) {
    json t = json::parse(R"({"order":[0,1,2],"current":1,"start":0,"round":1,"pass_order":[2]})");
    t.update(patch);
    return t;
  };
  CHECK_NOTHROW(TurnOrder("t", 1).read_json(with(json::object())));
  CHECK_THROWS_WITH(turns.read_json(json::object()), Catch::Contains("missing field 'order'"));
  CHECK_THROWS_WITH(turns.read_json(with({{"order", json::array()}})), Catch::Contains("'order'"));
  CHECK_THROWS_WITH(turns.read_json(with({{"order", {0, 0}}})), Catch::Contains("'order'"));
  CHECK_THROWS_WITH(turns.read_json(with({{"order", {0, "1"}}})), Catch::Contains("order[]"));
  CHECK_THROWS_WITH(turns.read_json(with({{"current", 5}})), Catch::Contains("'current'"));
  CHECK_THROWS_WITH(turns.read_json(with({{"start", -1}})), Catch::Contains("'start'"));
  CHECK_THROWS_WITH(turns.read_json(with({{"round", -1}})), Catch::Contains("'round'"));
  CHECK_THROWS_WITH(turns.read_json(with({{"round", 1.5}})), Catch::Contains("'round'"));
  CHECK_THROWS_WITH(turns.read_json(with({{"pass_order", {2, 2}}})), Catch::Contains("'pass_order'"));
  CHECK_THROWS_WITH(turns.read_json(with({{"pass_order", {4}}})), Catch::Contains("'pass_order'"));
  CHECK_THROWS_WITH(turns.read_json(with({{"pass_order", 2}})), Catch::Contains("'pass_order'"));
  CHECK(turns.current() == 0);
}

TEST_CASE("A turn order describes itself, or only its size when hidden", "[core]") {
  TurnOrder turns("turns", 3);
  turns.advance();
  turns.pass(2);
  CHECK(turns.describe(kSpectator) == "round 1: order 0, [1], 2; start 0; passed 2");
  TurnOrder hidden("secret", 3, kNobody, Visibility::Hidden);
  CHECK(hidden.describe(0) == "3 seats");
  json out = json::object();
  hidden.write_json(out, 0);
  CHECK(out == json{{"size", 3}});
  Table table(2, 1);
  table.add<TurnOrder>("turns", 2);
  CHECK(table.view(kSpectator)["global"]["turns"]["current"] == 0);
}
