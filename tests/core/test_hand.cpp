#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tessera/deck.hpp"
#include "tessera/error.hpp"
#include "tessera/hand.hpp"
#include "tessera/rng.hpp"
#include "tessera/table.hpp"

using namespace tessera;
using nlohmann::json;
using Cards = std::vector<std::string>;

namespace {

Cards sorted(Cards cards) {
  std::sort(cards.begin(), cards.end());
  return cards;
}

}  // namespace

TEST_CASE("Cards are added to a hand in order and found in it", "[core]") {
  Hand hand("hand", 0);
  CHECK(hand.empty());
  CHECK(hand.visibility() == Visibility::Owner);
  CHECK(hand.limit() == Hand::kUnlimited);
  hand.add("red_1a");
  hand.add("blue_2", /*revealed=*/true);
  hand.add_all({"red_1a", "green_3"});
  CHECK(hand.cards() == Cards{"red_1a", "blue_2", "red_1a", "green_3"});
  CHECK(hand.size() == 4);
  CHECK(hand.card(1) == "blue_2");
  CHECK(hand.contains("green_3"));
  CHECK_FALSE(hand.contains("green_4"));
  CHECK(hand.index_of("red_1a") == 0);
  CHECK(hand.index_of("nope") == -1);
  CHECK(hand.is_revealed(1));
  CHECK_FALSE(hand.is_revealed(3));
  CHECK_THROWS_WITH(hand.card(4), Catch::Contains("no card at position 4"));
}

TEST_CASE("A hand limit refuses additions beyond it", "[core]") {
  Hand hand("contracts", 1, Visibility::Owner, 2);
  CHECK_FALSE(hand.would_exceed());
  CHECK(hand.would_exceed(3));
  hand.add("c1");
  hand.add("c2");
  CHECK(hand.would_exceed());
  CHECK_FALSE(hand.would_exceed(0));
  CHECK_THROWS_WITH(hand.add("c3"), Catch::Contains("more than 2 cards") && Catch::Contains("of seat 1"));
  CHECK(hand.size() == 2);
  hand.remove("c1");
  CHECK_THROWS_AS(hand.add_all({"c3", "c4"}), RuleError);
  CHECK(hand.cards() == Cards{"c2"});
  hand.set_limit(1);
  CHECK(hand.would_exceed());
  hand.set_limit(Hand::kUnlimited);
  CHECK_FALSE(hand.would_exceed(100));
  CHECK_THROWS_AS(hand.set_limit(-2), DataError);
  CHECK_THROWS_AS(Hand("bad", 0, Visibility::Owner, -3), DataError);
}

TEST_CASE("Removing a card takes its first copy and refuses a missing one", "[core]") {
  Hand hand("hand", 0);
  hand.add_all({"a", "b", "a"});
  hand.set_revealed(2, true);
  hand.remove("a");
  CHECK(hand.cards() == Cards{"b", "a"});
  CHECK(hand.is_revealed(1));
  CHECK_THROWS_WITH(hand.remove("z"), Catch::Contains("holds no card 'z'"));
  CHECK(hand.remove_at(0) == "b");
  CHECK_THROWS_AS(hand.remove_at(1), RuleError);
  CHECK_THROWS_AS(hand.remove_at(-1), RuleError);
  hand.add("c");
  CHECK(hand.take_all() == Cards{"a", "c"});
  CHECK(hand.empty());
}

TEST_CASE("Cards are revealed one by one and hidden again", "[core]") {
  Hand hand("hand", 0);
  hand.add_all({"a", "b", "a"});
  hand.reveal("a");
  CHECK(hand.is_revealed(0));
  hand.reveal("a");
  CHECK(hand.is_revealed(2));
  CHECK_THROWS_WITH(hand.reveal("a"), Catch::Contains("no unrevealed card 'a'"));
  CHECK(hand.revealed_cards() == Cards{"a", "a"});
  CHECK(hand.hidden_count() == 1);
  CHECK(hand.sees_card(1, 0));
  CHECK_FALSE(hand.sees_card(1, 1));
  CHECK(hand.sees_card(0, 1));
  hand.set_revealed(0, false);
  CHECK(hand.revealed_cards() == Cards{"a"});
  hand.hide_all();
  CHECK(hand.hidden_count() == 3);
  CHECK_THROWS_AS(hand.set_revealed(3, true), RuleError);
  CHECK_THROWS_AS(hand.is_revealed(5), RuleError);
}

TEST_CASE("Others see a hand's size and its revealed cards only", "[core]") {
  Table table(2, 1);
  auto h = table.add<Hand>("hand", 0);
  Hand& hand = table.get(h);
  hand.add_all({"a", "b", "c"});
  hand.set_revealed(1, true);
  json mine = table.view(0)["seats"][0]["hand"];
  CHECK(mine["cards"] == json{"a", "b", "c"});
  CHECK_FALSE(mine.contains("size"));
  json theirs = table.view(1)["seats"][0]["hand"];
  CHECK(theirs["cards"] == json{nullptr, "b", nullptr});
  CHECK(theirs["revealed"] == json{false, true, false});
  CHECK(theirs["size"] == 3);
  CHECK(theirs["limit"] == -1);
  CHECK(hand.describe(0) == "a, b (shown), c");
  CHECK(hand.describe(1) == "?, b, ?");
  CHECK(Hand("h", 0, Visibility::Owner, 4).describe(0) == "no cards (0 of 4)");
}

TEST_CASE("A hand's JSON round-trips through read_json", "[core]") {
  Hand hand("hand", 0, Visibility::Owner, 5);
  hand.add_all({"a", "b"});
  hand.set_revealed(0, true);
  json out = json::object();
  hand.write_json(out, kOmniscient);
  CHECK(out == json{{"limit", 5}, {"cards", {"a", "b"}}, {"revealed", {true, false}}});
  Hand copy("hand", 0);
  copy.read_json(out);
  json again = json::object();
  copy.write_json(again, kOmniscient);
  CHECK(again == out);
  copy.read_json(json{{"limit", 1}, {"cards", {"x", "y"}}, {"revealed", {false, false}}});
  CHECK(copy.size() == 2);
  CHECK(copy.would_exceed());
}

TEST_CASE("Malformed hand JSON is a DataError naming the field", "[core]") {
  Hand hand("hand", 0);
  hand.add("keep");
  auto with = [](json patch) {
    json h = {{"limit", -1}, {"cards", {"a"}}, {"revealed", {false}}};
    h.update(patch);
    return h;
  };
  CHECK_THROWS_WITH(hand.read_json(json::object()), Catch::Contains("missing field 'limit'"));
  CHECK_THROWS_WITH(hand.read_json(with({{"limit", -2}})), Catch::Contains("'limit'"));
  CHECK_THROWS_WITH(hand.read_json(with({{"limit", "4"}})), Catch::Contains("'limit'"));
  CHECK_THROWS_WITH(hand.read_json(with({{"cards", {1}}})), Catch::Contains("cards[]"));
  CHECK_THROWS_WITH(hand.read_json(with({{"cards", "a"}})), Catch::Contains("'cards'"));
  CHECK_THROWS_WITH(hand.read_json(with({{"revealed", {false, true}}})), Catch::Contains("'revealed'"));
  CHECK_THROWS_WITH(hand.read_json(with({{"revealed", {1}}})), Catch::Contains("revealed[0]"));
  json view = json::object();
  Hand other("h", 0);
  other.add("secret");
  other.write_json(view, 1);
  CHECK_THROWS_WITH(hand.read_json(view), Catch::Contains("cards[]"));
  CHECK(hand.cards() == Cards{"keep"});
}

TEST_CASE("A hand resamples by permuting only the cards the viewer cannot see", "[core]") {
  Hand row("row", kNobody, Visibility::Hidden);
  row.add_all({"f1", "f2", "f3", "f4", "f5"});
  row.set_revealed(0, true);
  row.set_revealed(1, true);
  Rng rng(6);
  bool moved = false;
  for (int i = 0; i < 20; ++i) {
    row.resample_hidden(kSpectator, rng);
    CHECK(row.card(0) == "f1");
    CHECK(row.card(1) == "f2");
    CHECK(sorted(row.cards()) == Cards{"f1", "f2", "f3", "f4", "f5"});
    moved |= row.card(2) != "f3";
  }
  CHECK(moved);
  Cards before = row.cards();
  row.resample_hidden(kOmniscient, rng);
  CHECK(row.cards() == before);
}

TEST_CASE("Unseen hand cards are pooled with the deck's face-down cards and re-dealt", "[core]") {
  Table table(3, 1);
  auto deck = table.add<Deck>("contracts");
  auto h0 = table.add<Hand>("hand", 0);
  auto h1 = table.add<Hand>("hand", 1);
  auto h2 = table.add<Hand>("hand", 2);
  table.get(deck).add_pile("draw", false, {"d1", "d2", "d3", "d4"});
  table.get(deck).add_pile("display", true, {"shown"});
  table.get(deck).add_pile("pinned", false, {"p1"}, "kept");
  table.get(h0).add_all({"m1", "m2"});
  table.get(h1).add_all({"o1", "o2", "o3"});
  table.get(h1).set_revealed(2, true);
  table.get(h2).add_all({"t1"});
  const json seen = table.view(0);
  const Cards all = {"d1", "d2", "d3", "d4", "o1", "o2", "t1"};

  Rng rng(3);
  bool mixed = false;
  for (int i = 0; i < 30; ++i) {
    resample_hidden_cards(table, "hand", "contracts", 0, rng);
    REQUIRE(table.view(0) == seen);
    CHECK(table.get(h0).cards() == Cards{"m1", "m2"});
    CHECK(table.get(h1).card(2) == "o3");
    CHECK(table.get(deck).cards("display") == Cards{"shown"});
    CHECK(table.get(deck).cards("pinned") == Cards{"p1"});
    Cards pooled = table.get(deck).cards("draw");
    pooled.push_back(table.get(h1).card(0));
    pooled.push_back(table.get(h1).card(1));
    pooled.push_back(table.get(h2).card(0));
    CHECK(sorted(pooled) == all);
    mixed |= table.get(h2).card(0) != "t1";
  }
  CHECK(mixed);

  std::vector<Hand*> hands{&table.get(h0), &table.get(h1), &table.get(h2)};
  Table before = table;
  resample_hidden_cards(hands, {&table.get(deck)}, kOmniscient, rng);
  CHECK(table == before);
  CHECK_THROWS_AS(resample_hidden_cards(table, "hand", "nodeck", 0, rng), DataError);
}

TEST_CASE("A row owned by nobody re-deals its face-down cards with its deck", "[core]") {
  Deck deck("forts");
  deck.add_pile("draw", false, {"f9", "f8", "f7"});
  Hand row("row", kNobody, Visibility::Hidden);
  row.add_all({"f1", "f2", "f3", "f4"});
  row.set_revealed(0, true);
  row.set_revealed(1, true);
  Hand mine("kept", 0, Visibility::Owner);
  mine.add("f5");
  Rng rng(10);
  bool swapped = false;
  for (int i = 0; i < 30; ++i) {
    resample_hidden_cards({&row, &mine}, {&deck}, 0, rng);
    CHECK(row.card(0) == "f1");
    CHECK(row.card(1) == "f2");
    CHECK(mine.cards() == Cards{"f5"});
    CHECK(deck.size("draw") == 3);
    Cards pooled = deck.cards("draw");
    pooled.push_back(row.card(2));
    pooled.push_back(row.card(3));
    CHECK(sorted(pooled) == Cards{"f3", "f4", "f7", "f8", "f9"});
    swapped |= deck.contains("f3");
  }
  CHECK(swapped);
  // Seat 1 sees neither the row's hidden cards nor seat 0's hand: all are pooled.
  bool moved_mine = false;
  for (int i = 0; i < 30; ++i) {
    resample_hidden_cards({&row, &mine}, {&deck}, 1, rng);
    moved_mine |= mine.card(0) != "f5";
  }
  CHECK(moved_mine);
  CHECK(row.size() == 4);
  CHECK(mine.size() == 1);
}
