#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/deck.hpp"
#include "tessera/error.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// Piles "draw" (face down, a b c d with d on top), "discard" (face up, empty), "reserve" (face down, x).
void arrange(Harness& h) {
  h.table.add<Deck>("cards");
  Deck& deck = h.table.get<Deck>("cards");
  deck.add_pile("draw", false, {"a", "b", "c", "d"});
  deck.add_pile("discard", true);
  deck.add_pile("reserve", false, {"x"});
  h.runtime.run_file("components/deck.lua");
}

json pile(const std::string& name, std::vector<std::string> cards, bool face_up) {
  return {{"name", name}, {"cards", cards}, {"face_up", face_up}, {"group", ""}};
}

const std::string kScript = "scripts/test/components/deck.lua:";

}  // namespace

TEST_CASE("Deck queries work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("deck_read");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] ==
        json{{"piles", {pile("draw", {"a", "b", "c", "d"}, false), pile("discard", {}, true), pile("reserve", {"x"}, false)}},
             {"has", {true, false}},
             {"pile", pile("reserve", {"x"}, false)},
             {"cards", {"a", "b", "c", "d"}},
             {"sizes", {4, 0, 5}},
             {"empty", {true, false}},
             {"top", "d"},
             {"top2", {"d", "c"}},
             {"first", {"reserve", ""}},
             {"find", {{"pile", "draw"}, {"index", 1}}},
             {"missing", {{"pile", ""}, {"index", -1}}},
             {"contains", {true, false}},
             {"sees", {false, true}}});
}

TEST_CASE("Deck draws and puts from Lua move the cards", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("deck_play");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"one", "d"},
                             {"two", {"c", "b"}},
                             {"first", "a"},
                             {"removed", "c"},
                             {"moved", 1},
                             {"taken", {"x"}},
                             {"piles", {pile("draw", {"d"}, false), pile("discard", {}, true), pile("reserve", {}, true)}}});
  CHECK(h.table.get<Deck>("cards").cards("draw") == std::vector<std::string>{"d"});
}

TEST_CASE("Deck insert_random and shuffle from Lua use the table's RNG like C++", "[lua]") {
  Harness h;
  arrange(h);
  Table expected = h.table;
  Deck& deck = expected.get<Deck>("cards");
  deck.insert_random("draw", "n", expected.rng());
  deck.shuffle("draw", expected.rng());
  h.apply("deck_shuffle");
  CHECK(h.table == expected);
  CHECK(h.table.get<Deck>("cards").size("draw") == 5);
}

TEST_CASE("Deck errors name the script line and leave the deck unchanged", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_WITH(h.apply("deck_too_few"),
                    Catch::StartsWith(kScript + "2: deck 'cards': cannot draw 2 cards from pile 'reserve' of 1"));
  CHECK_THROWS_WITH(h.options("deck_in_options"), Catch::StartsWith(kScript + "3: options() may not change the state"));
  CHECK_THROWS_WITH(h.apply("deck_bad_list"),
                    Catch::StartsWith(kScript + "4: bad argument #1 to 'first_nonempty' (element 2 must be a string, got a number)"));
  CHECK(h.table == before);
}
