#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "tessera/counters.hpp"
#include "tessera/error.hpp"

using namespace tessera;

TEST_CASE("Counters keep many keys apart and read 0 for a key never set", "[core]") {
  Counters c("tally");
  for (int i = 0; i < 100; ++i) c.set("key" + std::to_string(i), i);
  for (int i = 0; i < 100; ++i) CHECK(c.get("key" + std::to_string(i)) == i);
  CHECK(c.get("key100") == 0);
  CHECK(c.add("key7", 3) == 10);
  CHECK(c.add("new", -2) == -2);
  CHECK(c.entries().size() == 101);
  // Keys added in front of all the others move every indexed slot.
  Counters d("tally");
  for (int i = 99; i >= 0; --i) d.set("key" + std::to_string(1000 + i), i);
  for (int i = 0; i < 100; ++i) CHECK(d.get("key" + std::to_string(1000 + i)) == i);
  CHECK(d.get("key999") == 0);
}

TEST_CASE("A CounterKey finds its key again after other keys moved it", "[core]") {
  Counters a("a"), b("b");
  const CounterKey coins("coins");
  CHECK(a.get(coins) == 0);  // never set: no slot, nothing written
  CHECK(a.entries().empty());
  a.set(coins, 5);
  CHECK(a.get(coins) == 5);
  // Keys sorted before "coins" shift its slot; the remembered slot now holds another key.
  a.set("apples", 1);
  a.set("bread", 2);
  CHECK(a.get(coins) == 5);
  CHECK(a.add(coins, 2) == 7);
  CHECK(a.get("apples") == 1);
  // The same key on other counters, where it sits elsewhere or nowhere.
  b.set("zebra", 9);
  CHECK(b.get(coins) == 0);
  CHECK(b.add(coins, 4) == 4);
  CHECK(b.get("coins") == 4);
  CHECK(b.get("zebra") == 9);
  CHECK(a.get(coins) == 7);
  // A copy of a key is a key of the same name.
  const CounterKey copy = coins;
  CHECK(copy.name() == "coins");
  CHECK(b.get(copy) == 4);
}

TEST_CASE("Counters take all their keys at once, sorted, and refuse a key given twice", "[core]") {
  Counters c("tally");
  c.set("old", 1);
  std::vector<std::pair<std::string, int>> values;
  for (int i = 0; i < 20; ++i) values.emplace_back("key" + std::to_string(19 - i), i);
  c.assign(values);
  CHECK(c.entries().size() == 20);
  CHECK(c.entries().front().first == "key0");
  CHECK(c.get("key0") == 19);
  CHECK(c.get("key19") == 0);
  CHECK(c.get("old") == 0);
  c.set("key5b", 7);
  CHECK(c.get("key5b") == 7);
  CHECK_THROWS_AS(c.assign({{"a", 1}, {"b", 2}, {"a", 3}}), DataError);
}

