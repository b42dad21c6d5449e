#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tessera/deck.hpp"
#include "tessera/error.hpp"
#include "tessera/market.hpp"
#include "tessera/rng.hpp"
#include "tessera/table.hpp"

using namespace tessera;
using nlohmann::json;
using Cards = std::vector<std::string>;

namespace {

// Piles p1 (s1 on top, then s2, s3, s4) and p2 (t1 on top, t2, t3); p1 is used first.
Deck ship_deck() {
  Deck deck("ships");
  deck.add_pile("p1", false, {"s4", "s3", "s2", "s1"});
  deck.add_pile("p2", false, {"t3", "t2", "t1"});
  return deck;
}

Market two_rows() { return Market("ships_row", 2, 3, Refill::SlideDown, "ships", {"p1", "p2"}); }

}  // namespace

TEST_CASE("Refill rules have stable text names", "[core]") {
  CHECK(to_string(Refill::None) == "none");
  CHECK(to_string(Refill::FromPile) == "from_pile");
  CHECK(to_string(Refill::SlideDown) == "slide_down");
  CHECK(refill_from_string("slide_down") == Refill::SlideDown);
  CHECK(refill_from_string("from_pile") == Refill::FromPile);
  CHECK(refill_from_string("none") == Refill::None);
  CHECK_THROWS_WITH(refill_from_string("slide"), Catch::Contains("expected none, from_pile or slide_down"));
}

TEST_CASE("A market's shape and source are checked when it is made", "[core]") {
  Market market = two_rows();
  CHECK(market.rows() == 2);
  CHECK(market.width() == 3);
  CHECK(market.slots() == Cards(6, ""));
  CHECK(market.source_deck() == "ships");
  CHECK(market.source_piles() == Cards{"p1", "p2"});
  CHECK(market.refill_rule() == Refill::SlideDown);
  CHECK_THROWS_WITH(Market("m", 1, 3, Refill::SlideDown, "d", {"p"}), Catch::Contains("two rows"));
  CHECK_THROWS_AS(Market("m", 0, 3, Refill::None), DataError);
  CHECK_THROWS_AS(Market("m", 1, 0, Refill::None), DataError);
  CHECK_THROWS_WITH(Market("m", 1, 3, Refill::FromPile), Catch::Contains("needs a source deck"));
  CHECK_THROWS_AS(Market("m", 1, 3, Refill::FromPile, "d", {}), DataError);
  CHECK_NOTHROW(Market("m", 1, 3, Refill::None));
}

TEST_CASE("Setup fills the lower row first, then the upper row, from the piles in order", "[core]") {
  Deck deck = ship_deck();
  Market market = two_rows();
  CHECK(market.fill_all(deck) == Cards{"s1", "s2", "s3", "s4", "t1", "t2"});
  CHECK(market.slots() == Cards{"s1", "s2", "s3", "s4", "t1", "t2"});
  CHECK(market.at(1, 0) == "s4");
  CHECK_FALSE(market.is_empty(1, 0));
  market.take_at(1, 0);
  CHECK(market.is_empty(1, 0));
  market.place(1, 0, "s4");
  CHECK(market.card_count() == 6);
  CHECK(market.cards() == Cards{"s1", "s2", "s3", "s4", "t1", "t2"});
  CHECK(deck.total_size() == 1);
  CHECK(market.find("t1").row == 1);
  CHECK(market.find("t1").slot == 1);
  CHECK(market.find("zz").row == -1);
  CHECK(market.find("").slot == -1);
  CHECK_THROWS_WITH(market.at(2, 0), Catch::Contains("no slot 0 in row 2"));
  CHECK_THROWS_AS(market.at(0, 3), RuleError);
}

TEST_CASE("Taking from the lower row slides the card above down and refills the upper slot", "[core]") {
  Deck deck = ship_deck();
  Market market = two_rows();
  market.fill_all(deck);  // lower s1 s2 s3, upper s4 t1 t2; t3 left
  Market::Taken taken = market.take(1, deck);
  CHECK(taken.card == "s2");
  CHECK(taken.drawn == Cards{"t3"});
  CHECK(market.slots() == Cards{"s1", "t1", "s3", "s4", "t3", "t2"});
  // The source is now empty: the upper slot stays empty.
  taken = market.take(1, deck);
  CHECK(taken.card == "t1");
  CHECK(taken.drawn.empty());
  CHECK(market.slots() == Cards{"s1", "t3", "s3", "s4", "", "t2"});
  // Nothing above: the lower slot stays empty after the purchase.
  CHECK(market.take(1) == "t3");
  CHECK(market.slots() == Cards{"s1", "", "s3", "s4", "", "t2"});
  CHECK_THROWS_WITH(market.take(1), Catch::Contains("slot 1 of row 0 is empty"));
  CHECK_THROWS_AS(market.take(1, deck), RuleError);
  CHECK(market.slots() == Cards{"s1", "", "s3", "s4", "", "t2"});
}

TEST_CASE("Taking without refilling leaves the slots for refill to fill", "[core]") {
  Deck deck = ship_deck();
  Market market = two_rows();
  market.fill_all(deck);
  deck.put_top("p1", "n1");
  CHECK(market.take(0) == "s1");
  CHECK(market.take_at(1, 2) == "t2");
  CHECK(market.slots() == Cards{"s4", "s2", "s3", "", "t1", ""});
  std::vector<SlotPlace> places = market.refill_slots();
  REQUIRE(places.size() == 2);
  CHECK(places[0].row == 1);
  CHECK(places[0].slot == 0);
  CHECK(places[1].slot == 2);
  CHECK(market.refill(deck) == Cards{"n1", "t3"});
  CHECK(market.slots() == Cards{"s4", "s2", "s3", "n1", "t1", "t3"});
  CHECK(market.refill(deck).empty());
}

TEST_CASE("A card set aside during a refill is reported and the next card takes the slot", "[core]") {
  Deck deck = ship_deck();
  deck.put_at("p2", 2, "first_scoring");  // p2 from the top: t1, first_scoring, t2, t3
  Market market = two_rows();
  CHECK(market.fill_all(deck, {"first_scoring"}) == Cards{"s1", "s2", "s3", "s4", "t1", "first_scoring", "t2"});
  CHECK(market.slots() == Cards{"s1", "s2", "s3", "s4", "t1", "t2"});
  CHECK_FALSE(deck.contains("first_scoring"));
  Deck again = ship_deck();
  again.put_top("p1", "last_scoring");
  Market other = two_rows();
  CHECK(other.fill_all(again, {"last_scoring", "first_scoring"}) ==
        Cards{"last_scoring", "s1", "s2", "s3", "s4", "t1", "t2"});
  Market::Taken taken = other.take(0, again, {"last_scoring"});
  CHECK(taken.card == "s1");
  CHECK(taken.drawn == Cards{"t3"});
}

TEST_CASE("A one-row market refilled from a pile fills each emptied slot", "[core]") {
  Deck deck("contracts");
  deck.add_pile("draw", false, {"c5", "c4", "c3", "c2", "c1"});
  Market display("display", 1, 4, Refill::FromPile, "contracts", {"draw"});
  CHECK(display.fill_all(deck) == Cards{"c1", "c2", "c3", "c4"});
  Market::Taken taken = display.take(2, deck);
  CHECK(taken.card == "c3");
  CHECK(taken.drawn == Cards{"c5"});
  CHECK(display.slots() == Cards{"c1", "c2", "c5", "c4"});
  taken = display.take(0, deck);
  CHECK(taken.drawn.empty());
  CHECK(display.slots() == Cards{"", "c2", "c5", "c4"});
  deck.put_top("draw", "c6");
  CHECK(display.refill(deck) == Cards{"c6"});
  CHECK(display.at(0, 0) == "c6");
}

TEST_CASE("A market with rule none never refills but can be placed into and cleared", "[core]") {
  Deck deck("d");
  deck.add_pile("draw", false, {"b", "a"});
  Market row("row", 1, 3, Refill::None, "d", {"draw"});
  CHECK(row.fill_all(deck) == Cards{"a", "b"});
  CHECK(row.slots() == Cards{"a", "b", ""});
  CHECK(row.refill_slots().empty());
  Market::Taken taken = row.take(0, deck);
  CHECK(taken.card == "a");
  CHECK(taken.drawn.empty());
  CHECK(row.refill(deck).empty());
  row.place(0, 2, "z");
  CHECK(row.slots() == Cards{"", "b", "z"});
  CHECK_THROWS_WITH(row.place(0, 1, "y"), Catch::Contains("already holds 'b'"));
  CHECK_THROWS_AS(row.place(0, 0, ""), RuleError);
  CHECK_THROWS_AS(row.place(1, 0, "y"), RuleError);
  CHECK(row.clear() == Cards{"b", "z"});
  CHECK(row.card_count() == 0);
  Market sourceless("s", 1, 2, Refill::None);
  sourceless.place(0, 0, "q");
  CHECK(sourceless.take(0, deck).card == "q");
  CHECK_THROWS_WITH(sourceless.fill_all(deck), Catch::Contains("has no source deck"));
}

TEST_CASE("Drawing from the wrong deck or a missing pile changes nothing", "[core]") {
  Deck deck = ship_deck();
  Deck wrong("other");
  wrong.add_pile("p1", false, {"w"});
  Market market = two_rows();
  CHECK_THROWS_WITH(market.fill_all(wrong), Catch::Contains("refills from deck 'ships', not 'other'"));
  Market broken("m", 1, 2, Refill::FromPile, "ships", {"p1", "p9"});
  broken.place(0, 0, "x");
  CHECK_THROWS_WITH(broken.take(0, deck), Catch::Contains("has no pile named 'p9'"));
  CHECK(broken.at(0, 0) == "x");
  CHECK(deck.total_size() == 7);
  CHECK(market.draw_from_source(deck) == "s1");
  Deck empty("ships");
  empty.add_pile("p1");
  empty.add_pile("p2");
  CHECK(market.draw_from_source(empty).empty());
}

TEST_CASE("A market's JSON round-trips through read_json", "[core]") {
  Deck deck = ship_deck();
  Market market = two_rows();
  market.fill_all(deck);
  market.take(0);
  json out = json::object();
  market.write_json(out, kOmniscient);
  CHECK(out == json::parse(R"({"rows": [["s4", "s2", "s3"], ["", "t1", "t2"]], "refill": "slide_down",
                               "source": {"deck": "ships", "piles": ["p1", "p2"]}})"));
  Market copy("ships_row", 1, 1, Refill::None);
  copy.read_json(out);
  CHECK(copy.rows() == 2);
  CHECK(copy.width() == 3);
  CHECK(copy.refill_rule() == Refill::SlideDown);
  json again = json::object();
  copy.write_json(again, kOmniscient);
  CHECK(again == out);
}

TEST_CASE("Malformed market JSON is a DataError naming the field", "[core]") {
  Market market = two_rows();
  auto with = [](json patch) {
    json m = json::parse(R"({"rows": [["a", ""], ["b", "c"]], "refill": "slide_down",
                             "source": {"deck": "ships", "piles": ["p1"]}})");
    m.update(patch);
    return m;
  };
  CHECK_NOTHROW(Market("x", 1, 1, Refill::None).read_json(with(json::object())));
  CHECK_THROWS_WITH(market.read_json(json::object()), Catch::Contains("missing field 'rows'"));
  CHECK_THROWS_WITH(market.read_json(with({{"rows", json::array()}})), Catch::Contains("'rows'"));
  CHECK_THROWS_WITH(market.read_json(with({{"rows", json::parse(R"([["a"], ["b", "c"]])")}})), Catch::Contains("rows[1]"));
  CHECK_THROWS_WITH(market.read_json(with({{"rows", json::parse(R"([["a", 3], ["b", "c"]])")}})), Catch::Contains("rows[0][1]"));
  CHECK_THROWS_WITH(market.read_json(with({{"rows", json::parse(R"(["a", "b"])")}})), Catch::Contains("rows[0]"));
  CHECK_THROWS_WITH(market.read_json(with({{"refill", "up"}})), Catch::Contains("refill rule 'up'"));
  CHECK_THROWS_WITH(market.read_json(with({{"rows", json::parse(R"([["a", "b"]])")}})), Catch::Contains("two rows"));
  CHECK_THROWS_WITH(market.read_json(with({{"source", 1}})), Catch::Contains("'source'"));
  CHECK_THROWS_WITH(market.read_json(with({{"source", {{"deck", "d"}}}})), Catch::Contains("'piles'"));
  CHECK_THROWS_WITH(market.read_json(with({{"source", {{"deck", "d"}, {"piles", {1}}}}})),
                    Catch::Contains("source.piles[0]"));
  CHECK_THROWS_WITH(market.read_json(with({{"source", {{"deck", "d"}, {"piles", json::array()}}}})),
                    Catch::Contains("needs a source deck and piles"));
  json hidden = with({{"rows", json::parse(R"([[null, ""], ["b", "c"]])")}});
  CHECK_THROWS_WITH(market.read_json(hidden), Catch::Contains("rows[0][0]"));
  CHECK(market.width() == 3);
}

TEST_CASE("A hidden market shows which slots are occupied and resamples their cards", "[core]") {
  Market market("secret", 1, 4, Refill::None, "", {}, kNobody, Visibility::Hidden);
  market.place(0, 0, "a");
  market.place(0, 2, "b");
  market.place(0, 3, "c");
  json view = json::object();
  market.write_json(view, 0);
  CHECK(view["rows"] == json::parse(R"([[null, "", null, null]])"));
  CHECK(market.describe(0) == "row 0: ? - ? ?");
  CHECK(market.describe(kOmniscient) == "row 0: a - b c");
  Rng rng(5);
  bool moved = false;
  for (int i = 0; i < 20; ++i) {
    market.resample_hidden(0, rng);
    CHECK(market.at(0, 1).empty());
    CHECK(market.card_count() == 3);
    moved |= market.at(0, 0) != "a";
  }
  CHECK(moved);
  Market open = two_rows();
  open.place(1, 1, "x");
  CHECK(open.describe(3) == "row 0: - - - / row 1: - x -");
  open.resample_hidden(3, rng);
  CHECK(open.at(1, 1) == "x");
}
