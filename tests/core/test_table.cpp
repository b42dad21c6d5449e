#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <thread>
#include <utility>

#include "tessera/counters.hpp"
#include "tessera/table.hpp"

using namespace tessera;

TEST_CASE("A table copy is an independent clone of every component", "[core]") {
  Table table(2, 7);
  auto flow = table.add<Counters>("flow");
  auto tally = table.add<Counters>("tally", 1, Visibility::Owner);
  table.get(flow).set("round", 1);
  table.get(tally).set("secret", 5);

  Table copy = table;
  copy.get(flow).set("round", 2);
  CHECK(table.get(flow).get("round") == 1);
  CHECK(copy.get(flow).get("round") == 2);
  CHECK_FALSE(copy == table);
  copy.get(flow).set("round", 1);
  CHECK(copy == table);
}

TEST_CASE("A table's JSON round-trips and a view hides what a seat may not see", "[core]") {
  Table table(2, 7);
  table.add<Counters>("flow");
  auto tally = table.add<Counters>("tally", 1, Visibility::Owner);
  table.get(tally).set("secret", 5);
  table.rng().next();

  nlohmann::json state = table.to_json();
  Table other(2, 99);
  other.add<Counters>("flow");
  other.add<Counters>("tally", 1, Visibility::Owner);
  other.assign_json(state);
  CHECK(other == table);
  CHECK(other.rng() == table.rng());

  CHECK(table.view(1)["seats"][1]["tally"]["values"]["secret"] == 5);
  CHECK_FALSE(table.view(0)["seats"][1]["tally"].contains("values"));
  CHECK_FALSE(table.view(0).contains("rng"));
}

TEST_CASE("Assigning a state JSON that does not fit leaves the table unchanged", "[core]") {
  Table table(2, 7);
  auto flow = table.add<Counters>("flow");
  table.get(flow).set("round", 3);
  nlohmann::json bad = table.to_json();
  bad["global"]["flow"]["values"]["round"] = "three";
  CHECK_THROWS_WITH(table.assign_json(bad), Catch::Contains("/global/flow") && Catch::Contains("integer"));
  CHECK(table.get(flow).get("round") == 3);
  bad = table.to_json();
  bad["global"].erase("flow");
  CHECK_THROWS_AS(table.assign_json(bad), DataError);
}

TEST_CASE("Looking up a component by a wrong name or kind is a clear error", "[core]") {
  Table table(1, 1);
  table.add<Counters>("flow");
  CHECK_THROWS_WITH(table.get<Counters>("flo"), Catch::Contains("no global component named 'flo'"));
  CHECK_THROWS_AS(table.add<Counters>("flow"), DataError);
  CHECK_THROWS_AS(table.add<Counters>("x", 3), DataError);
}

TEST_CASE("An undo journal rolls back the changed components and the RNG", "[core]") {
  Table table(2, 7);
  auto flow = table.add<Counters>("flow");
  auto tally = table.add<Counters>("tally", 1);
  table.get(flow).set("round", 1);
  table.get(tally).set("coins", 3);
  const nlohmann::json before = table.to_json();
  const Counters& read_only = static_cast<const Table&>(table).get(tally);

  table.begin_undo();
  CHECK(table.journaling());
  table.get(flow).set("round", 2);
  table.get(flow).set("round", 3);  // saved once, before the first change
  table.find("tally", 1)->read_json(nlohmann::json{{"values", {{"coins", 9}}}});
  (void)table.rng().next();
  CHECK(read_only.get("coins") == 9);  // a const reference sees the live component
  table.rollback_undo();

  CHECK_FALSE(table.journaling());
  CHECK(table.to_json() == before);
  CHECK(static_cast<const Table&>(table).get(flow).get("round") == 1);
}

TEST_CASE("A committed undo journal keeps the changes and the components in place", "[core]") {
  Table table(2, 7);
  auto flow = table.add<Counters>("flow");
  const Counters& read_only = static_cast<const Table&>(table).get(flow);
  table.begin_undo();
  table.get(flow).set("round", 4);
  Table copy = table;  // a copy carries no journal
  CHECK_FALSE(copy.journaling());
  table.commit_undo();
  CHECK(read_only.get("round") == 4);
  CHECK(&read_only == &static_cast<const Table&>(table).get(flow));
  CHECK(copy.get(flow).get("round") == 4);

  table.begin_undo();
  CHECK_THROWS_AS(table.begin_undo(), std::logic_error);
  CHECK_THROWS_AS(table.add<Counters>("late"), std::logic_error);
  CHECK_THROWS_AS(table.assign_json(table.to_json()), std::logic_error);
  table.rollback_undo();
  CHECK(table.get(flow).get("round") == 4);
}

TEST_CASE("The last committed change is undone once; a rolled-back one leaves it to undo", "[core]") {
  Table table(2, 7);
  auto flow = table.add<Counters>("flow");
  CHECK_FALSE(table.undo_last());  // nothing committed yet
  table.get(flow).set("round", 1);
  const nlohmann::json before = table.to_json();

  table.begin_undo();
  table.get(flow).set("round", 2);
  (void)table.rng().next();
  table.commit_undo();
  const nlohmann::json after = table.to_json();
  table.begin_undo();
  table.get(flow).set("round", 9);
  table.rollback_undo();  // a refused change: the committed one is still the last
  CHECK(table.to_json() == after);
  CHECK_FALSE(Table(table).undo_last());  // a copy keeps no journal
  REQUIRE(table.undo_last());
  CHECK(table.to_json() == before);  // the RNG included
  CHECK_FALSE(table.undo_last());    // one level

  table.begin_undo();
  table.get(flow).set("round", 3);
  table.commit_undo();
  table.forget_last();  // changed outside a journal since: the journal leads nowhere now
  CHECK_FALSE(table.undo_last());
  table.begin_undo();
  table.get(flow).set("round", 4);
  table.commit_undo();
  table.assign_json(before);
  CHECK_FALSE(table.undo_last());
}

TEST_CASE("A component's stamp is new after each change through its table; reads and copies keep it", "[core]") {
  Table table(2, 7);
  auto flow = table.add<Counters>("flow");
  const Table& read = table;
  const std::uint64_t first = read.get(flow).stamp();
  CHECK(read.get(flow).stamp() == first);
  Table copy = table;  // the same contents: the same stamp
  CHECK(std::as_const(copy).get(flow).stamp() == first);

  table.get(flow).set("round", 1);
  const std::uint64_t second = read.get(flow).stamp();
  CHECK(second != first);
  copy.get(flow).set("round", 2);  // another change from the same contents: another stamp
  const std::uint64_t third = std::as_const(copy).get(flow).stamp();
  CHECK(third != first);
  CHECK(third != second);

  table.begin_undo();
  table.get(flow).set("round", 3);
  CHECK(read.get(flow).stamp() != second);
  table.rollback_undo();  // the contents from before the journal come back with their stamp
  CHECK(read.get(flow).stamp() == second);
  table.assign_json(copy.to_json());  // contents read in are new
  CHECK(read.get(flow).stamp() != second);
  CHECK(read.get(flow).stamp() != third);

  // Another thread stamps from a block of its own.
  std::uint64_t elsewhere = 0;
  std::thread([&] {
    Table other(1, 1);
    elsewhere = std::as_const(other).get(other.add<Counters>("flow")).stamp();
  }).join();
  CHECK(elsewhere >> 40 != first >> 40);
}
