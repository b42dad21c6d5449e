// CATAN: Rise of the Inkas — every worked example of the rules (§9, EX-01..EX-13) as a
// scenario driven through legal_actions()/apply(), with exact outcomes.
#include "catan_support.hpp"

using namespace catan_test;

TEST_CASE("EX-01: on an 11 the mountains, the quarry and the plantation 11 produce for the buildings on them", "[catan_inca]") {
  auto g = rolling(4, 11, [](json& s) {
    empty_hands(s);
    at_turn(s, kRed, /*rolled=*/false);
  });
  const int ore = bank(*g, "ore"), coca = bank(*g, "coca"), stone = bank(*g, "stone");
  act(*g, "roll");
  CHECK(hand(*g, kRed) == Cards{{"ore", 1}});
  CHECK(hand(*g, kOrange) == Cards{{"coca", 1}});
  CHECK(hand(*g, kBlue).empty());
  CHECK(hand(*g, kGrey).empty());
  CHECK(bank(*g, "ore") == ore - 1);
  CHECK(bank(*g, "coca") == coca - 1);
  CHECK(bank(*g, "stone") == stone);
}

TEST_CASE("EX-02: every colour starts with the cards of its lettered settlement and two markers", "[catan_inca]") {
  auto g = new_catan(4, 7);
  CHECK(hand(*g, kRed) == Cards{{"fish", 1}, {"stone", 1}, {"ore", 1}});
  CHECK(hand(*g, kOrange) == Cards{{"wood", 1}, {"stone", 1}, {"coca", 1}});
  CHECK(hand(*g, kBlue) == Cards{{"ore", 1}, {"stone", 1}, {"feathers", 1}});
  CHECK(hand(*g, kGrey) == Cards{{"ore", 1}, {"wood", 1}, {"coca", 1}});
  for (int seat = 0; seat < 4; ++seat) CHECK(markers(*g, seat) == 2);
  auto three = new_catan(3, 7);
  CHECK(piece_at(*three, "2,0,W").empty());  // grey stays in the box
}

TEST_CASE("EX-03: a settlement yields 1, a city 2, several settlements on one hex each yield", "[catan_inca]") {
  const auto arrange = [](bool city) {
    return [city](json& s) {
      empty_hands(s);
      clear_board(s);
      put_building(s, "1,1,W", kRed);
      put_building(s, "2,0,W", kRed);
      put_building(s, "2,1,W", kBlue, city ? "city" : "settlement");
      at_turn(s, kRed, false);
    };
  };
  auto six = rolling(4, 6, arrange(false));
  act(*six, "roll");
  CHECK(hand(*six, kRed) == Cards{{"wood", 2}});
  CHECK(hand(*six, kBlue) == Cards{{"wood", 1}});
  auto four = rolling(4, 4, arrange(false));
  act(*four, "roll");
  CHECK(hand(*four, kBlue) == Cards{{"feathers", 1}});
  CHECK(hand(*four, kRed).empty());
  auto city = rolling(4, 4, arrange(true));
  act(*city, "roll");
  CHECK(hand(*city, kBlue) == Cards{{"feathers", 2}});
}

TEST_CASE("EX-04: 3 resources or 2 goods for one card, the goods set for two", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kRed, {{"wood", 3}, {"fish", 3}, {"coca", 1}, {"feathers", 1}});
    at_turn(s, kRed);
  });
  refused(*g, "trade_bank coca");  // 2 identical goods
  act(*g, "trade_bank wood");
  refused(*g, "receive wood");  // another type only
  act(*g, "receive ore");
  act(*g, "trade_bank fish");
  act(*g, "receive wool");
  act(*g, "trade_set");
  act(*g, "receive potato");
  act(*g, "receive stone");
  CHECK(hand(*g, kRed) == Cards{{"ore", 1}, {"wool", 1}, {"potato", 1}, {"stone", 1}});
}

TEST_CASE("EX-05: a road may end at another player's settlement but not continue past it", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    clear_board(s);
    put_building(s, "0,-1,W", kBlue);
    put_road(s, "-1,0,NE", kBlue);
    put_road(s, "-1,0,SE", kBlue);
    put_building(s, "0,0,W", kRed);
    put_building(s, "1,0,W", kRed);
    put_road(s, "0,1,N", kRed);
    put_road(s, "-1,1,NE", kRed);
    set_hand(s, kBlue, {{"wood", 4}, {"stone", 4}});
    at_turn(s, kBlue);
  });
  const auto legal = legal_texts(*g);
  CHECK_FALSE(has(legal, "build_road -1,1,N"));
  CHECK(has(legal, "build_road 0,0,N"));
  CHECK(has(legal, "build_road -1,0,N"));
  CHECK(has(legal, "build_road -1,-1,SE"));
  refused(*g, "build_road -1,1,N");
}

TEST_CASE("EX-06: branches do not count, and a settlement splits another player's route", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    ex06_board(s);
    set_hand(s, kRed, {{"wood", 1}, {"stone", 1}, {"potato", 1}, {"wool", 1}});
    s["global"]["progress"]["values"]["route_holder"] = kBlue;
    at_turn(s, kRed);
  });
  REQUIRE(progress(*g, "route_holder") == kBlue);
  act(*g, "build_settlement 0,-2,W");
  CHECK(tessera::testing::counter(*g, "tribe", "route", kBlue) == 3);
  CHECK(tessera::testing::counter(*g, "tribe", "route", kRed) == 4);
  CHECK(progress(*g, "route_holder") == kRed);
  CHECK(markers(*g, kRed) == 3);
}

TEST_CASE("EX-06 after a road: a settlement splits a route the game had measured already", "[catan_inca]") {
  // A road of red's first makes the game measure every route and keep the lengths with its
  // reading of the board; the settlement must still cut blue's.
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    ex06_board(s);
    set_hand(s, kRed, {{"wood", 2}, {"stone", 2}, {"potato", 1}, {"wool", 1}});
    s["global"]["progress"]["values"]["route_holder"] = kBlue;
    at_turn(s, kRed);
  });
  std::string road;  // one that leaves the settlement site open
  for (const std::string& move : legal_texts(*g)) {
    if (move.rfind("build_road ", 0) != 0) continue;
    auto trial = g->clone();
    REQUIRE(trial->apply(move).ok);
    if (has(legal_texts(*trial), "build_settlement 0,-2,W")) {
      road = move;
      break;
    }
  }
  REQUIRE_FALSE(road.empty());
  act(*g, road);
  REQUIRE(tessera::testing::counter(*g, "tribe", "route", kBlue) == 5);
  act(*g, "build_settlement 0,-2,W");
  CHECK(tessera::testing::counter(*g, "tribe", "route", kBlue) == 3);
  CHECK(progress(*g, "route_holder") == kRed);
}

TEST_CASE("EX-07: the distance rule counts every player's buildings", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    clear_board(s);
    put_building(s, "1,-3,W", kRed);
    for (const char* e : {"0,-2,NE", "0,-2,SE", "0,-1,N"}) put_road(s, e, kRed);
    put_building(s, "0,-1,W", kBlue);
    set_hand(s, kRed, {{"wood", 1}, {"stone", 1}, {"potato", 1}, {"wool", 1}});
    at_turn(s, kRed);
  });
  refused(*g, "build_settlement 0,-2,E");
  refused(*g, "build_settlement -1,-1,E");
  act(*g, "build_settlement 1,-2,W");
}

TEST_CASE("EX-08: a city doubles production and adds one marker", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kRed, {{"potato", 2}, {"ore", 3}});
    s["seats"][kRed]["tribe"]["values"]["markers"] = 3;
    at_turn(s, kRed);
  });
  act(*g, "build_city -2,1,E");
  CHECK(markers(*g, kRed) == 4);
  CHECK(hand(*g, kRed).empty());
  // The 4th marker declines tribe 1 at once (EX-11): the city now stands under a thicket.
  CHECK(piece_at(*g, "-2,1,E") == "dec_city");
  CHECK(top_step(*g) == "found");
}

TEST_CASE("EX-09: a 7 makes a player over 7 cards return half, rounded down", "[catan_inca]") {
  auto g = rolling(4, 7, [](json& s) {
    empty_hands(s);
    set_hand(s, kBlue, {{"wood", 5}, {"ore", 4}});
    set_hand(s, kOrange, {{"wood", 7}});
    at_turn(s, kRed, false);
  });
  act(*g, "roll");
  REQUIRE(top_step(*g) == "discard");
  REQUIRE(g->decision().seat == kBlue);  // orange holds exactly 7: no discard
  for (int i = 0; i < 4; ++i) act(*g, "discard wood");
  CHECK(hand(*g, kBlue) == Cards{{"wood", 1}, {"ore", 4}});
  CHECK(hand(*g, kOrange) == Cards{{"wood", 7}});
  CHECK(top_step(*g) == "robber");
  CHECK(g->decision().seat == kRed);
}

TEST_CASE("A discard returns cards of one type, at most as many as are still owed", "[catan_inca]") {
  auto g = rolling(4, 7, [](json& s) {
    empty_hands(s);
    set_hand(s, kBlue, {{"wood", 5}, {"ore", 4}});  // EX-09: 4 cards to return
    at_turn(s, kRed, false);
  });
  act(*g, "roll");
  const auto owed_four = legal_texts(*g);
  CHECK(owed_four == std::vector<std::string>{"discard wood", "discard wood 2", "discard wood 3", "discard wood 4",
                                              "discard ore", "discard ore 2", "discard ore 3", "discard ore 4"});
  act(*g, "discard ore 3");
  CHECK(hand(*g, kBlue) == Cards{{"wood", 5}, {"ore", 1}});
  CHECK(legal_texts(*g) == std::vector<std::string>{"discard wood", "discard ore"});
  const json before = state(*g);
  CHECK_FALSE(g->apply("discard wood 2").ok);  // one card is still owed, not two
  CHECK(state(*g) == before);
  // The count spelled out is another spelling of the move: each move has one text.
  const tessera::ApplyResult spelled = g->apply("discard wood 1");
  CHECK_FALSE(spelled.ok);
  CHECK_THAT(spelled.error, Catch::EndsWith("did you mean 'discard wood'?"));
  CHECK(state(*g) == before);
  REQUIRE(g->apply("discard wood").ok);
  CHECK(hand(*g, kBlue) == Cards{{"wood", 4}, {"ore", 1}});
  CHECK(top_step(*g) == "robber");
}

TEST_CASE("EX-10: each face-up Combat Arts card raises the discard limit by one", "[catan_inca]") {
  const auto with = [](int cards) {
    return [cards](json& s) {
      empty_hands(s);
      set_hand(s, kGrey, {{"ore", cards}});
      for (int i = 0; i < 3; ++i) give_dev(s, kGrey, "combat_arts", true);
      at_turn(s, kRed, false);
    };
  };
  auto ten = rolling(4, 7, with(10));
  act(*ten, "roll");
  CHECK(top_step(*ten) == "robber");
  auto eleven = rolling(4, 7, with(11));
  act(*eleven, "roll");
  REQUIRE(top_step(*eleven) == "discard");
  for (int i = 0; i < 5; ++i) act(*eleven, "discard ore");
  CHECK(hand(*eleven, kGrey) == Cards{{"ore", 6}});
  CHECK(top_step(*eleven) == "robber");
}

namespace {
// EX-11's situation: 3 players, blue about to build road + settlement + city.
void ex11(json& s) {
  empty_hands(s);
  set_hand(s, kBlue, {{"wood", 2}, {"stone", 2}, {"potato", 3}, {"wool", 1}, {"ore", 3}});
  at_turn(s, kBlue);
}
}  // namespace

TEST_CASE("EX-11: the fourth marker declines tribe 1: roads back, thickets, then founding", "[catan_inca]") {
  auto g = new_catan(3, 1);
  edit(*g, ex11);
  act(*g, "build_road 0,0,NE");
  act(*g, "build_settlement 1,-1,W");
  CHECK(markers(*g, kBlue) == 3);
  act(*g, "build_city 2,-1,W");
  CHECK(markers(*g, kBlue) == 4);
  CHECK(count_roads(*g, kBlue) == 0);
  CHECK(piece_at(*g, "2,-1,W") == "dec_city");
  CHECK(piece_at(*g, "1,1,W") == "dec_settlement");
  CHECK(piece_at(*g, "1,-1,W") == "dec_settlement");
  CHECK(hand(*g, kBlue).empty());
  CHECK(tribe(*g, kBlue) == 2);
  CHECK(progress(*g, "route_holder") == -1);
  CHECK(top_step(*g) == "found");
  CHECK(g->decision().seat == kBlue);
  // Founding ends the turn at once (§6.5.7).
  act(*g, "found -2,-2,E");
  CHECK(markers(*g, kBlue) == 5);
  CHECK(g->decision().seat != kBlue);
}

TEST_CASE("EX-12: roads stop at a declined building; rebuilding it reopens the way", "[catan_inca]") {
  auto g = new_catan(3, 1);
  edit(*g, ex11);
  act(*g, "build_road 0,0,NE");
  act(*g, "build_settlement 1,-1,W");
  act(*g, "build_city 2,-1,W");
  act(*g, "found -2,-2,E");
  edit(*g, [](json& s) {
    for (const char* e : {"-1,-1,NE", "0,-1,N", "0,-1,NE", "0,-1,SE"}) put_road(s, e, kRed);
    set_hand(s, kRed, {{"wood", 3}, {"stone", 3}, {"potato", 1}, {"wool", 1}});
    at_turn(s, kRed);
  });
  // set_state recomputes nothing: the route card follows the next build; check the length.
  refused(*g, "build_road 0,0,N");
  refused(*g, "build_road 0,0,NE");
  act(*g, "build_settlement 1,-1,W");  // rebuilding blue's declined settlement
  int owner = -1;
  CHECK(piece_at(*g, "1,-1,W", &owner) == "settlement");
  CHECK(owner == kRed);
  CHECK(markers(*g, kRed) == 3);
  CHECK(markers(*g, kBlue) == 5);
  CHECK(tessera::testing::counter(*g, "tribe", "route", kRed) == 5);
  CHECK(progress(*g, "route_holder") == kRed);
  act(*g, "build_road 0,0,N");
  CHECK(count_roads(*g, kRed) == 7);
  CHECK(tessera::testing::counter(*g, "tribe", "route", kRed) == 6);
  CHECK_FALSE(has(legal_texts(*g), "build_road 0,0,NE"));  // all 7 roads are on the board
}

TEST_CASE("EX-13: a founding settlement may not take another player's potential building site", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    json& corners = s["global"]["board"]["corners"];
    for (auto it = corners.begin(); it != corners.end();)
      it = (*it)["owner"] == kOrange ? corners.erase(it) : it + 1;
    json& edges = s["global"]["board"]["edges"];
    for (auto it = edges.begin(); it != edges.end();)
      it = (*it)["owner"] == kOrange ? edges.erase(it) : it + 1;
    put_building(s, "2,-2,W", kOrange, "dec_settlement");
    put_building(s, "0,2,W", kOrange, "dec_city");
    put_building(s, "1,-3,E", kOrange, "dec_settlement");
    put_road(s, "0,1,NE", kGrey);
    s["seats"][kOrange]["tribe"]["values"]["markers"] = 4;
    s["seats"][kOrange]["tribe"]["values"]["tribe"] = 2;
    at_turn(s, kOrange, true, /*flags=*/16);
    s["global"]["flow"]["frames"].push_back(frame("found", kOrange, 0));
  });
  REQUIRE(top_step(*g) == "found");
  refused(*g, "found 1,0,W");
  refused(*g, "found 0,0,E");
  act(*g, "found -1,1,E");
  CHECK(markers(*g, kOrange) == 5);
  CHECK(g->decision().seat == kBlue);  // orange's turn is over
  // Grey could have built at 1,0,W; the distance rule now forbids it.
  edit(*g, [](json& s) {
    set_hand(s, kGrey, {{"wood", 1}, {"stone", 1}, {"potato", 1}, {"wool", 1}});
    at_turn(s, kGrey);
  });
  CHECK_FALSE(has(legal_texts(*g), "build_settlement 1,0,W"));
}
