#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tessera/deck.hpp"
#include "tessera/error.hpp"
#include "tessera/rng.hpp"
#include "tessera/table.hpp"

using namespace tessera;
using nlohmann::json;
using Cards = std::vector<std::string>;

namespace {

// "draw" face down (bottom a, top d), "discard" face up with x.
Deck sample_deck() {
  Deck deck("cards");
  deck.add_pile("draw", false, {"a", "b", "c", "d"});
  deck.add_pile("discard", true, {"x"});
  return deck;
}

Cards sorted(Cards cards) {
  std::sort(cards.begin(), cards.end());
  return cards;
}

}  // namespace

TEST_CASE("Piles are added by name and the back of a pile is its top", "[core]") {
  Deck deck = sample_deck();
  REQUIRE(deck.piles().size() == 2);
  CHECK(deck.has_pile("draw"));
  CHECK_FALSE(deck.has_pile("box"));
  CHECK(deck.size("draw") == 4);
  CHECK(deck.total_size() == 5);
  CHECK(deck.peek("draw") == "d");
  CHECK(deck.peek("draw", 2) == Cards{"d", "c"});
  CHECK(deck.peek("draw", 9) == Cards{"d", "c", "b", "a"});
  CHECK(deck.cards("discard") == Cards{"x"});
  CHECK(deck.pile("discard").face_up);
  CHECK_THROWS_WITH(deck.add_pile("draw"), Catch::Contains("added twice"));
  CHECK_THROWS_AS(deck.add_pile(""), DataError);
  CHECK_THROWS_WITH(deck.size("box"), Catch::Contains("no pile named 'box'"));
  CHECK_THROWS_AS(deck.set_cards("box", {}), DataError);
  deck.set_cards("discard", {"p", "q"});
  CHECK(deck.peek("discard") == "q");
  deck.set_face_up("draw", true);
  CHECK(deck.pile("draw").face_up);
}

TEST_CASE("Drawing takes from the top and refuses an empty or short pile", "[core]") {
  Deck deck = sample_deck();
  CHECK(deck.draw("draw") == "d");
  CHECK(deck.draw("draw", 2) == Cards{"c", "b"});
  CHECK(deck.cards("draw") == Cards{"a"});
  CHECK_THROWS_WITH(deck.draw("draw", 2), Catch::Contains("cannot draw 2 cards"));
  CHECK(deck.size("draw") == 1);
  CHECK_THROWS_AS(deck.draw("draw", -1), RuleError);
  CHECK(deck.draw("draw", 0).empty());
  CHECK(deck.draw("draw") == "a");
  CHECK(deck.empty("draw"));
  CHECK_THROWS_WITH(deck.draw("draw"), Catch::Contains("empty pile 'draw'"));
  CHECK_THROWS_AS(deck.peek("draw"), RuleError);
  CHECK(deck.peek("draw", 3).empty());
}

TEST_CASE("Piles used in order are drawn from the first one that is not empty", "[core]") {
  Deck deck("ships");
  deck.add_pile("p1", false, {"s1"});
  deck.add_pile("p2", false, {});
  deck.add_pile("p3", false, {"s3a", "s3b"});
  const Cards order{"p1", "p2", "p3"};
  CHECK(deck.first_nonempty(order) == "p1");
  CHECK(deck.draw_from_first_nonempty(order) == "s1");
  CHECK(deck.first_nonempty(order) == "p3");
  CHECK(deck.draw_from_first_nonempty(order) == "s3b");
  CHECK(deck.draw_from_first_nonempty(order) == "s3a");
  CHECK(deck.first_nonempty(order).empty());
  CHECK_THROWS_WITH(deck.draw_from_first_nonempty(order), Catch::Contains("every pile of [p1, p2, p3] is empty"));
  CHECK_THROWS_AS(deck.first_nonempty({"p9"}), RuleError);
}

TEST_CASE("Cards are put on the top, the bottom or at a position of a pile", "[core]") {
  Deck deck = sample_deck();
  deck.put_top("draw", "t");
  deck.put_bottom("draw", "u");
  CHECK(deck.cards("draw") == Cards{"u", "a", "b", "c", "d", "t"});
  deck.put_at("draw", 2, "m");
  CHECK(deck.cards("draw") == Cards{"u", "a", "m", "b", "c", "d", "t"});
  deck.put_at("draw", 7, "top");
  CHECK(deck.peek("draw") == "top");
  CHECK_THROWS_WITH(deck.put_at("draw", 9, "z"), Catch::Contains("position 9"));
  CHECK_THROWS_AS(deck.put_at("draw", -1, "z"), RuleError);
  CHECK_THROWS_AS(deck.put_top("box", "z"), RuleError);
  CHECK(deck.size("draw") == 8);
}

TEST_CASE("A card shuffled into a pile can land anywhere in it", "[core]") {
  Rng rng(4);
  std::vector<int> seen(5, 0);
  for (int i = 0; i < 200; ++i) {
    Deck deck = sample_deck();
    deck.insert_random("draw", "scoring", rng);
    REQUIRE(deck.size("draw") == 5);
    CardPlace place = deck.find("scoring");
    REQUIRE(place.pile == "draw");
    ++seen[static_cast<std::size_t>(place.index)];
    Cards rest = deck.cards("draw");
    rest.erase(rest.begin() + place.index);
    CHECK(rest == Cards{"a", "b", "c", "d"});
  }
  for (int count : seen) CHECK(count > 0);
  Deck empty("e");
  empty.add_pile("p");
  empty.insert_random("p", "only", rng);
  CHECK(empty.cards("p") == Cards{"only"});
}

TEST_CASE("Shuffling a pile keeps its cards and follows the seed", "[core]") {
  Deck one = sample_deck();
  Deck two = sample_deck();
  Rng r1(8), r2(8);
  one.shuffle("draw", r1);
  two.shuffle("draw", r2);
  CHECK(one.cards("draw") == two.cards("draw"));
  CHECK(sorted(one.cards("draw")) == Cards{"a", "b", "c", "d"});
  CHECK(one.cards("discard") == Cards{"x"});
  bool changed = false;
  for (int i = 0; i < 10 && !changed; ++i) {
    one.shuffle("draw", r1);
    changed = one.cards("draw") != Cards{"a", "b", "c", "d"};
  }
  CHECK(changed);
}

TEST_CASE("Moving a whole pile puts its cards on top of another in order", "[core]") {
  Deck deck = sample_deck();
  deck.put_top("discard", "y");
  CHECK(deck.move_all("discard", "draw") == 2);
  CHECK(deck.cards("draw") == Cards{"a", "b", "c", "d", "x", "y"});
  CHECK(deck.empty("discard"));
  CHECK(deck.move_all("discard", "draw") == 0);
  CHECK_THROWS_WITH(deck.move_all("draw", "draw"), Catch::Contains("onto itself"));
  CHECK_THROWS_AS(deck.move_all("draw", "box"), RuleError);
  CHECK(deck.size("draw") == 6);
  CHECK(deck.take_all("draw") == Cards{"a", "b", "c", "d", "x", "y"});
  CHECK(deck.total_size() == 0);
}

TEST_CASE("A card is found and removed wherever it lies", "[core]") {
  Deck deck = sample_deck();
  CardPlace place = deck.find("c");
  CHECK(place.pile == "draw");
  CHECK(place.index == 2);
  CHECK(deck.find("x").pile == "discard");
  CHECK(deck.find("x").index == 0);
  CHECK(deck.find("zz").pile.empty());
  CHECK(deck.find("zz").index == -1);
  CHECK(deck.contains("a"));
  deck.remove("x");
  CHECK_FALSE(deck.contains("x"));
  CHECK_THROWS_WITH(deck.remove("x"), Catch::Contains("card 'x' is in no pile"));
  CHECK(deck.remove_at("draw", 1) == "b");
  CHECK(deck.cards("draw") == Cards{"a", "c", "d"});
  CHECK_THROWS_AS(deck.remove_at("draw", 3), RuleError);
  CHECK_THROWS_AS(deck.remove_at("draw", -1), RuleError);
}

TEST_CASE("A deck's JSON round-trips through read_json", "[core]") {
  Deck deck = sample_deck();
  deck.add_pile("pile3", false, {"s1", "last"}, "third");
  json out = json::object();
  deck.write_json(out, kOmniscient);
  CHECK(out["piles"][0] == json{{"name", "draw"}, {"face_up", false}, {"group", ""}, {"cards", {"a", "b", "c", "d"}}});
  CHECK(out["piles"][2]["group"] == "third");
  Deck copy("cards");
  copy.read_json(out);
  json again = json::object();
  copy.write_json(again, kOmniscient);
  CHECK(again == out);
  copy.read_json(json{{"piles", {{{"name", "p"}, {"face_up", true}, {"cards", json::array()}}}}});
  REQUIRE(copy.piles().size() == 1);
  CHECK(copy.pile("p").group.empty());
}

TEST_CASE("Malformed deck JSON is a DataError naming the field", "[core]") {
  Deck deck = sample_deck();
  auto pile = [](json patch) {
    json p = {{"name", "draw"}, {"face_up", false}, {"cards", {"a"}}};
    p.update(patch);
    return json{{"piles", {p}}};
  };
  CHECK_THROWS_WITH(deck.read_json(json::object()), Catch::Contains("missing field 'piles'"));
  CHECK_THROWS_WITH(deck.read_json(json{{"piles", "x"}}), Catch::Contains("'piles' must be an array"));
  CHECK_THROWS_WITH(deck.read_json(json{{"piles", {1}}}), Catch::Contains("piles[0]"));
  CHECK_THROWS_WITH(deck.read_json(pile({{"name", ""}})), Catch::Contains("piles[0].name"));
  CHECK_THROWS_WITH(deck.read_json(pile({{"name", 3}})), Catch::Contains("piles[0].name"));
  CHECK_THROWS_WITH(deck.read_json(pile({{"face_up", "no"}})), Catch::Contains("piles[0].face_up"));
  CHECK_THROWS_WITH(deck.read_json(pile({{"cards", "a"}})), Catch::Contains("piles[0].cards"));
  CHECK_THROWS_WITH(deck.read_json(pile({{"cards", {"a", 2}}})), Catch::Contains("piles[0].cards[1]"));
  CHECK_THROWS_WITH(deck.read_json(pile({{"group", 2}})), Catch::Contains("piles[0].group"));
  json twice = pile(json::object());
  twice["piles"].push_back(twice["piles"][0]);
  CHECK_THROWS_WITH(deck.read_json(twice), Catch::Contains("piles[1].name") && Catch::Contains("twice"));
  json redacted = json::object();
  deck.write_json(redacted, kSpectator);
  CHECK_THROWS_WITH(deck.read_json(redacted), Catch::Contains("missing field 'cards'"));
  CHECK(deck.size("draw") == 4);
}

TEST_CASE("Face-down piles show only their size to those who may not see them", "[core]") {
  Table table(2, 1);
  auto hidden = table.add<Deck>("hidden");
  auto open = table.add<Deck>("open", kNobody, Visibility::Public);
  auto own = table.add<Deck>("own", 1, Visibility::Owner);
  table.get(hidden).add_pile("draw", false, {"a", "b"});
  table.get(hidden).add_pile("discard", true, {"x"});
  table.get(open).add_pile("draw", false, {"a", "b"});
  table.get(own).add_pile("draw", false, {"a", "b"});

  json seen = table.view(0);
  CHECK(seen["global"]["hidden"]["piles"][0] == json{{"name", "draw"}, {"face_up", false}, {"group", ""}, {"size", 2}});
  CHECK(seen["global"]["hidden"]["piles"][1]["cards"] == json{"x"});
  CHECK(seen["global"]["open"]["piles"][0]["cards"] == json{"a", "b"});
  CHECK(seen["seats"][1]["own"]["piles"][0]["size"] == 2);
  CHECK(table.view(1)["seats"][1]["own"]["piles"][0]["cards"] == json{"a", "b"});
  CHECK(table.get(hidden).describe(0) == "draw: 2 cards face down; discard: x");
  CHECK(table.get(hidden).describe(kOmniscient) == "draw: b a (face down); discard: x");
  CHECK(table.get(own).sees_face_down(1));
  CHECK_FALSE(table.get(own).sees_face_down(0));
}

TEST_CASE("Resampling pools the unseen face-down cards and keeps each pile's size", "[core]") {
  Deck deck("ships");
  deck.add_pile("p1", false, {"a", "b", "c"});
  deck.add_pile("p2", false, {"d", "e"});
  deck.add_pile("shown", true, {"x", "y"});
  deck.add_pile("p3", false, {"f", "first"}, "third");
  deck.add_pile("p4", false, {"g"}, "third");
  json before = json::object();
  deck.write_json(before, kSpectator);

  Rng rng(2);
  bool crossed = false;
  for (int i = 0; i < 30; ++i) {
    deck.resample_hidden(kSpectator, rng);
    json after = json::object();
    deck.write_json(after, kSpectator);
    REQUIRE(after == before);
    Cards one_two = deck.cards("p1");
    one_two.insert(one_two.end(), deck.cards("p2").begin(), deck.cards("p2").end());
    CHECK(sorted(one_two) == Cards{"a", "b", "c", "d", "e"});
    Cards three_four = deck.cards("p3");
    three_four.push_back(deck.cards("p4")[0]);
    CHECK(sorted(three_four) == Cards{"f", "first", "g"});
    CHECK(deck.cards("shown") == Cards{"x", "y"});
    crossed |= deck.find("d").pile == "p1";
  }
  CHECK(crossed);

  Deck open("open", kNobody, Visibility::Public);
  open.add_pile("draw", false, {"a", "b", "c"});
  open.resample_hidden(kSpectator, rng);
  CHECK(open.cards("draw") == Cards{"a", "b", "c"});
}
