// Madeira's "may not" rules: each forbidden move is not offered and apply() refuses it
// without changing the state. Plus the rules around them that the examples do not cover.
#include "madeira_support.hpp"

using namespace madeira_test;

namespace {
// Red at the start of a phase B turn of round 1 in a 4-player game, on an arranged table.
std::unique_ptr<Game> red_turn(const std::function<void(json&)>& arrange) {
  auto g = game(4);
  edit(*g, [&](json& s) {
    blank(s, 4, 1, 2);
    board(s)["rs0"] = kRed + 1;
    home(s, kRed)["row"] = 1;
    for (int p = 0; p < 4; ++p) board(s)["ps" + std::to_string(p)] = 0;  // phase B: the pass column is empty
    for (int c = 0; c < 5; ++c) board(s)["ch" + std::to_string(c)] = c == 4 ? 4 : c;  // Admin, Captain, GM, Mayor, harvester
    arrange(s);
    s["global"]["flow"]["frames"] = phase_b(1, kRed);
  });
  return g;
}
}  // namespace

TEST_CASE("Dice: limits per character, one pirate die, a City Watch worker, bread for low dice", "[madeira]") {
  SECTION("a character holds at most as many dice as players, at most one pirate die") {
    auto g = red_turn([](json& s) {
      home(s, kRed)["die0"] = 3;
      board(s)["gd0"] = 4;  // Moinho's character is full
      board(s)["gd1"] = 2, board(s)["pd1"] = 1;
      board(s)["pw0"] = 3;
      board(s)["cw" + std::to_string(kRed)] = 1;
      home(s, kRed)["workers"] = 11;
    });
    refused(*g, "place 0 0");
    refused(*g, "place 3 1");  // a second pirate die
    CHECK(legal(*g, "place 0 1"));
    CHECK(legal(*g, "place 3 2"));
  }
  SECTION("a pirate die needs an own worker in the City Watch, which goes home") {
    auto g = red_turn([](json& s) { board(s)["pw0"] = 3; });
    refused(*g, "place 3 0");
    edit(*g, [](json& s) {
      board(s)["cw" + std::to_string(kRed)] = 1;
      home(s, kRed)["workers"] = 11;
    });
    ok(*g, "place 3 0");
    CHECK(B(*g, "cw" + std::to_string(kRed)) == 0);
    CHECK(H(*g, kRed, "workers") == 12);
    CHECK(B(*g, "am" + std::to_string(0 * 4 + kRed)) == 0);  // no action marker
    CHECK(B(*g, "pd0") == 1);
  }
  SECTION("a low die needs the bread") {
    auto g = red_turn([](json& s) {
      home(s, kRed)["die0"] = 1;
      home(s, kRed)["bread"] = 1;
    });
    refused(*g, "place 0 3");  // region 3 wants 2 bread
    CHECK(legal(*g, "place 0 0"));  // region 2 wants 1
  }
}

TEST_CASE("The mill: not in phases A and E, no cash-in in phase D, levels bounded", "[madeira]") {
  auto g = red_turn([](json& s) {
    home(s, kRed)["wheat"] = 4;
    home(s, kRed)["mill"] = 6;
  });
  refused(*g, "improve");
  ok(*g, "top_bonus");
  CHECK(H(*g, kRed, "pp") == 1);
  ok(*g, "cash_in reals");
  CHECK(H(*g, kRed, "mill") == 5);
  CHECK(H(*g, kRed, "reals") == 3);
  ok(*g, "improve");
  CHECK(H(*g, kRed, "mill") == 6);
  edit(*g, [](json& s) {
    home(s, kRed)["mill"] = 0;
    home(s, kRed)["pp"] = 0;
  });
  refused(*g, "sacrifice bread");  // no PP to give
  refused(*g, "cash_in bread");    // already at the bottom
  // Phase D: trade and improve only.
  edit(*g, [](json& s) {
    board(s)["phase"] = 4;
    home(s, kRed)["mill"] = 3;
    home(s, kRed)["wheat"] = 2;
    home(s, kRed)["bread"] = 0;
    s["global"]["flow"]["frames"] = phase_d(1, "feed_all", 3, 2, "feed_step", kRed);
  });
  refused(*g, "cash_in bread");
  ok(*g, "improve");
  // Phase A: no mill at all (the draft step offers none).
  auto a = game(4);
  for (const auto& t : tessera::testing::legal_texts(*a)) CHECK(t.rfind("trade", 0) != 0);
}

TEST_CASE("Favors: one per turn, at its start, and the Engineer only in phase C", "[madeira]") {
  auto g = red_turn([](json& s) {
    home(s, kRed)["die0"] = 3;
    for (int f : {3, 6, 2}) board(s)["fo" + std::to_string(f)] = kRed + 1, board(s)["fu" + std::to_string(f)] = 1;
  });
  refused(*g, "favor 6 0");  // Engineer in phase B
  ok(*g, "favor 3 0");       // Patron: 4 reals
  CHECK(H(*g, kRed, "reals") == 4);
  CHECK(B(*g, "fu3") == 0);
  refused(*g, "favor 2 0");  // a second favor this turn
}

TEST_CASE("Workers: never from the City Watch, one own worker per field, Capitania to another city", "[madeira]") {
  auto g = red_turn([](json& s) {
    board(s)["cw" + std::to_string(kRed)] = 2;
    home(s, kRed)["workers"] = 9;
    put_field_worker(s, kRed, 5);
  });
  edit(*g, [](json& s) { s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 0}})}); });
  ok(*g, "action");  // Administrator
  refused(*g, "worker " + std::to_string(kWatchLoc) + " " + std::to_string(field_loc(0)));
  refused(*g, "worker 0 " + std::to_string(field_loc(5)));  // already an own worker there
  ok(*g, "worker 0 " + std::to_string(field_loc(0)));
  // Capitania: a worker in a city moves only to another city.
  auto c = red_turn([](json& s) { put_city_worker(s, kRed, 0); });
  edit(*c, [](json& s) {
    s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("relocate", kRed, 0, {{"left", 1}, {"purpose", 1}})});
  });
  refused(*c, "worker " + std::to_string(city_loc(0)) + " " + std::to_string(city_loc(1)));
  CHECK(legal(*c, "worker " + std::to_string(city_loc(0)) + " " + std::to_string(city_loc(12))));
  // Unbuilt districts (3-6 of each city at set-up) take nobody.
  for (const auto& t : tessera::testing::legal_texts(*c))
    if (t.rfind("worker", 0) == 0) CHECK((std::stoi(t.substr(t.rfind(' ') + 1)) - 16) % 12 < 4);
}

TEST_CASE("Ships: one per space, must move, the 2-player merged market space", "[madeira]") {
  auto g = red_turn([](json& s) {
    home(s, kRed)["wine"] = 5;
    home(s, kRed)["wood"] = 2;
    board(s)["pt0"] = kBlue + 1;  // Acores port 1 taken
    board(s)["pt1"] = kRed + 1;   // Red's ship on Acores port 2
    home(s, kRed)["ships"] = 5;
  });
  edit(*g, [](json& s) { s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 1}})}); });
  ok(*g, "action");
  refused(*g, "ship 0 0 0");  // occupied
  refused(*g, "ship 2 1 0");  // onto its own space
  ok(*g, "ship 2 2 0");       // Acores port 2 -> port 3 (2 wine)
  CHECK(B(*g, "pt1") == 0);
  CHECK(B(*g, "pt2") == kRed + 1);
  // 2 players: wheat columns 3 and 4 are one space, either cost.
  auto two = game(2);
  edit(*two, [](json& s) {
    blank(s, 2, 1, 2);
    board(s)["rs0"] = 1;
    home(s, 0)["row"] = 1;
    board(s)["ch1"] = 1;
    home(s, 0)["wheat"] = 5;
    home(s, 0)["wood"] = 2;
    s["global"]["flow"]["frames"] = phase_b(1, 0, {frame("act", 0, 0, {{"building", 1}})});
  });
  ok(*two, "action");
  CHECK(legal(*two, "ship 0 17 0"));
  CHECK(legal(*two, "ship 0 18 0"));
  ok(*two, "ship 0 18 0");  // the fourth column's cost (5 wheat) and income (16 reals)
  CHECK(B(*two, "mk2") == 1);
  CHECK_FALSE(legal(*two, "ship 0 17 0"));  // the merged space is taken
  ok(*two, "done");
  CHECK(H(*two, 0, "reals") == 16);
}

TEST_CASE("Wood: bought only with access and when affordable", "[madeira]") {
  auto g = red_turn([](json& s) {
    board(s)["wd6"] = 3;  // no red worker there
    home(s, kRed)["reals"] = 20;
  });
  edit(*g, [](json& s) { s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 2}})}); });
  refused(*g, "build 2");  // 2 wood, none accessible
  edit(*g, [](json& s) {
    put_field_worker(s, kRed, 6);
    home(s, kRed)["reals"] = 2;
  });
  refused(*g, "build 2");  // 2 bought wood cost 3 reals
  edit(*g, [](json& s) { home(s, kRed)["reals"] = 3; });
  ok(*g, "build 2");
  ok(*g, "wood 6");
  ok(*g, "wood 6");
  CHECK(H(*g, kRed, "reals") == 0);
}

TEST_CASE("Phase C: paying needs the reals, and paying without workers in the region gives no action", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 3);
    board(s)["bld"] = 0, board(s)["cost"] = 5, board(s)["pir"] = 2, board(s)["gd0"] = 1;
    board(s)["am" + std::to_string(0 * 4 + kRed)] = 1;
    home(s, kRed)["reals"] = 4;
    s["global"]["flow"]["frames"] = phase_c(1, 2, kRed);
  });
  refused(*g, "pay");
  ok(*g, "cash_in reals");
  ok(*g, "pay");
  CHECK(H(*g, kRed, "bread") == 0);
  CHECK(H(*g, kRed, "reals") == 2);
}

TEST_CASE("Phase C: an edited state with no building in resolution refuses the payment", "[madeira]") {
  // bld -1 is a valid board value between buildings; a pay step left over it must not read a
  // building (it read the table at -1, found by AddressSanitizer in the conformance edits).
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 3);
    board(s)["bld"] = -1, board(s)["cost"] = 1, board(s)["pir"] = 2;
    home(s, kRed)["reals"] = 4;
    s["global"]["flow"]["frames"] = phase_c(1, 2, kRed);
  });
  refused(*g, "pay");
  CHECK(H(*g, kRed, "reals") == 4);
}

TEST_CASE("Field conversions: variable fields without wood in rounds 2 and 4", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 2, 5);
    board(s)["wd2"] = 0;  // r1c, variable wheat, no wood: converts
    board(s)["wd5"] = 1;  // r2b, variable wheat with wood: never converts
    s["global"]["flow"]["frames"] = json::array({frame("game", -1, 3), frame("rounds", -1, 2), frame("round", -1, 5),
                                                 frame("phase_e", -1, 0)});
    s["global"]["flow"]["frames"][3]["status"] = "new";
  });
  CHECK(B(*g, "gf2") == 1);
  CHECK(B(*g, "gf5") == 0);
  CHECK(B(*g, "gf3") == 1);  // r1d, variable sugar: only in round 4
}

TEST_CASE("Crown requests: same-type requests use different items, and a request scoring 0 is discarded", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 3, 5);
    // Red holds two Trade-routes requests (cr_01, cr_02: 3 PP per ship) and an Expeditions one.
    home(s, kRed)["req0"] = 5, home(s, kRed)["req1"] = 6, home(s, kRed)["req2"] = 9;
    home(s, kRed)["to_score"] = 2;
    board(s)["mk0"] = kRed + 1, board(s)["mk1"] = kRed + 1;  // 2 ships on the wheat market
    s["global"]["flow"]["frames"] = json::array({frame("game", -1, 3), frame("rounds", -1, 3), frame("round", -1, 5),
                                                 frame("phase_e", -1, 2), frame("crown", kRed)});
  });
  ok(*g, "score 0 0");  // wheat market: 6 PP
  CHECK(H(*g, kRed, "pp") == 6);
  CHECK(H(*g, kRed, "used_tr") == 1);
  // The second Trade-routes request may no longer name the wheat market; sugar scores 0.
  refused(*g, "score 1 0");
  ok(*g, "score 1 1");
  CHECK(H(*g, kRed, "pp") == 6);
  CHECK(H(*g, kRed, "req0") == 0);
  CHECK(H(*g, kRed, "req1") == 0);
  CHECK(H(*g, kRed, "req2") == 9);  // kept for round 5
}

TEST_CASE("Favors do what cards.yaml and tiles.lua say", "[madeira]") {
  // Favors: 0 bishop, 1 merchant, 2 baker, 3 patron, 4 monk, 5 architect, 6 engineer,
  // 7 diplomat, 8 miller, 9 constable, 10 scout, 11 quartermaster.
  const auto with_favor = [](int favor, const std::function<void(json&)>& more = {}) {
    return red_turn([&](json& s) {
      board(s)["fo" + std::to_string(favor)] = kRed + 1;
      board(s)["fu" + std::to_string(favor)] = 1;
      if (more) more(s);
    });
  };
  SECTION("Bishop: 1 PP per city with an own worker") {
    auto g = with_favor(0, [](json& s) { put_city_worker(s, kRed, 0), put_city_worker(s, kRed, 1), put_city_worker(s, kRed, 24); });
    ok(*g, "favor 0 0");
    CHECK(H(*g, kRed, "pp") == 2);
  }
  SECTION("Merchant: 2 reals per ship on trade routes") {
    auto g = with_favor(1, [](json& s) { board(s)["mk0"] = kRed + 1, board(s)["mk5"] = kRed + 1, board(s)["pt0"] = kRed + 1; });
    ok(*g, "favor 1 0");
    CHECK(H(*g, kRed, "reals") == 4);
  }
  SECTION("Diplomat on Machico: 2 + citizens in wood, as far as accessible") {
    auto g = with_favor(7, [](json& s) {
      board(s)["cs27"] = 5;
      board(s)["wd6"] = 5;
      put_field_worker(s, kRed, 6);
    });
    ok(*g, "favor 7 2");
    CHECK(H(*g, kRed, "wood") == 3);
    CHECK(B(*g, "wd6") == 2);
  }
  SECTION("Miller: up a level, or 1 PP on the top level") {
    auto g = with_favor(8, [](json& s) { home(s, kRed)["mill"] = 6; });
    ok(*g, "favor 8 0");
    CHECK(H(*g, kRed, "mill") == 6);
    CHECK(H(*g, kRed, "pp") == 1);
  }
  SECTION("Constable: discard up to 3 pirates, shown to all") {
    auto g = with_favor(9, [](json& s) { pirates(s, kRed)["total"] = 5, pirates(s, kRed)["gained"] = 5; });
    ok(*g, "favor 9 0");
    CHECK_FALSE(legal(*g, "discard 4"));
    ok(*g, "discard 3");
    CHECK(pirates_of(*g, kRed) == 2);
    CHECK(H(*g, kRed, "discarded") == 3);
  }
  SECTION("Scout: a worker to the City Watch with a discard") {
    auto g = with_favor(10, [](json& s) { pirates(s, kRed)["total"] = 2, pirates(s, kRed)["gained"] = 2; });
    ok(*g, "favor 10 0");
    ok(*g, "worker 0 " + std::to_string(kWatchLoc));
    ok(*g, "discard 2");
    CHECK(B(*g, "cw" + std::to_string(kRed)) == 1);
    CHECK(pirates_of(*g, kRed) == 0);
  }
  SECTION("Quartermaster: two goods of choice") {
    auto g = with_favor(11);
    ok(*g, "favor 11 4");  // sugar and wine
    CHECK(H(*g, kRed, "sugar") == 1);
    CHECK(H(*g, kRed, "wine") == 1);
  }
  SECTION("Engineer: in phase C, one worker in the region counts as three") {
    auto g = game(4);
    edit(*g, [](json& s) {
      blank(s, 4, 1, 3);
      board(s)["bld"] = 0, board(s)["cost"] = 0, board(s)["pir"] = 1, board(s)["gd0"] = 1;
      board(s)["am" + std::to_string(0 * 4 + kRed)] = 1;
      put_field_worker(s, kRed, 4);
      board(s)["fo6"] = kRed + 1, board(s)["fu6"] = 1;
      s["global"]["flow"]["frames"] = phase_c(1, 2, kRed);
    });
    ok(*g, "favor 6 0");
    ok(*g, "pay");
    CHECK(H(*g, kRed, "bread") == 5);  // the Moinho's lower action
    CHECK(H(*g, kRed, "engineer") == 0);
  }
}

TEST_CASE("King's rewards do what cards.yaml and tiles.lua say", "[madeira]") {
  // Rewards: 0 three_pp, 1 city_watch, 2 royal_support, 3 settlers, 4 treasury, 5 granary,
  // 6 royal_timber, 7 charter. Red's ship arrives in Acores, whose rewards the test sets.
  const auto arrive = [](int a, int b, const std::function<void(json&)>& more = {}) {
    auto g = red_turn([&](json& s) {
      board(s)["rw0"] = a + 1, board(s)["rw1"] = b + 1;
      home(s, kRed)["wine"] = 1;
      home(s, kRed)["wood"] = 1;
      if (more) more(s);
    });
    edit(*g, [](json& s) { s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 1}})}); });
    ok(*g, "action");
    ok(*g, "ship 0 0 0");
    ok(*g, "done");
    REQUIRE(top_step(*g) == "reward");
    return g;
  };
  SECTION("Royal Support: discard up to 5 pirates") {
    auto g = arrive(2, 4, [](json& s) { pirates(s, kRed)["total"] = 7, pirates(s, kRed)["gained"] = 7; });
    ok(*g, "reward 0");
    ok(*g, "discard 5");
    CHECK(pirates_of(*g, kRed) == 2);
  }
  SECTION("Settlers: up to 2 workers to fields") {
    auto g = arrive(3, 5);
    ok(*g, "reward 0");
    ok(*g, "worker 0 " + std::to_string(field_loc(0)));
    ok(*g, "worker 0 " + std::to_string(kForestLoc));
    CHECK((B(*g, "fw0") >> kRed & 1) == 1);
    CHECK((B(*g, "fw14") >> kRed & 1) == 1);
  }
  SECTION("Treasury, Granary") {
    auto g = arrive(0, 4);
    ok(*g, "reward 1");
    CHECK(H(*g, kRed, "reals") == 6);
    auto h = arrive(0, 5);
    ok(*h, "reward 1");
    CHECK(H(*h, kRed, "bread") == 4);
  }
  SECTION("Royal Timber: wood only with access, the player choosing the sources") {
    auto g = arrive(0, 6, [](json& s) {
      board(s)["wd6"] = 2;
      put_field_worker(s, kRed, 6);
      put_field_worker(s, kRed, 14);
    });
    ok(*g, "reward 1");
    REQUIRE(top_step(*g) == "take_wood");
    ok(*g, "wood 6");
    ok(*g, "wood " + std::to_string(kSupply));
    ok(*g, "wood " + std::to_string(kSupply));
    CHECK(H(*g, kRed, "wood") == 3);
    CHECK(B(*g, "wd6") == 1);
    auto none = arrive(0, 6);
    ok(*none, "reward 1");
    CHECK(H(*none, kRed, "wood") == 0);
  }
  SECTION("Charter: 1 PP and a worker to a city") {
    auto g = arrive(0, 7);
    ok(*g, "reward 1");
    ok(*g, "worker 0 " + std::to_string(city_loc(12)));
    CHECK(H(*g, kRed, "pp") == 1);
    CHECK(B(*g, "cs12") == kRed + 1);
  }
}
