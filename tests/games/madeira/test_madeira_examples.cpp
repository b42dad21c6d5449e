// Every worked example of /work/shared/rules/madeira.md §12 as a scenario: a small arranged
// state, the example's moves through apply(), its exact outcome.
#include "madeira_support.hpp"

using namespace madeira_test;

TEST_CASE("E01/E15: a building's cost and the pirates for not paying it", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 3);
    // Capitania (building 1) with markers of Blue, Yellow and Red; cost 10 - 4, pirates 1 + 3.
    json& b = board(s);
    b["bld"] = 1, b["cost"] = 6, b["pir"] = 4, b["gd1"] = 2, b["pd1"] = 1;
    for (int seat : {kBlue, kYellow, kRed}) b["am" + std::to_string(1 * 4 + seat)] = 1;
    b["ps0"] = kBlue + 1, b["ps1"] = kYellow + 1, b["ps2"] = kRed + 1, b["ps3"] = kPurple + 1;
    s["global"]["order"]["order"] = json::array({kBlue, kYellow, kRed, kPurple});
    s["global"]["order"]["start"] = kBlue;
    for (int seat : {kBlue, kYellow, kRed}) home(s, seat)["reals"] = 10;
    put_field_worker(s, kBlue, 4);  // Blue works in region 2
    s["global"]["flow"]["frames"] = phase_c(1, 1, kBlue);
  });
  ok(*g, "pay");  // Blue: 6 reals, the Capitania action (1 PP, may move a worker to a city)
  CHECK(H(*g, kBlue, "reals") == 4);
  CHECK(H(*g, kBlue, "pp") == 1);
  CHECK(top_step(*g) == "relocate");
  ok(*g, "done");
  ok(*g, "pay");  // Yellow pays and, with no worker in region 2, does nothing
  CHECK(H(*g, kYellow, "reals") == 4);
  CHECK(H(*g, kYellow, "pp") == 0);
  ok(*g, "refuse");  // Red: pirates worth 1 + 3
  CHECK(H(*g, kRed, "reals") == 10);
  CHECK(pirates_of(*g, kRed) == 4);
  CHECK(pirates_of(*g, kBlue) == 0);
  CHECK(pirates_of(*g, kYellow) == 0);
}

TEST_CASE("E02: wood on the region-1 fields by player count", "[madeira]") {
  for (int players : {2, 3, 4}) {
    auto g = game(players);
    const int wood = players == 4 ? 3 : players == 3 ? 2 : 1;
    CHECK(B(*g, "wd0") == 0);  // wine field
    CHECK(B(*g, "wd1") == 0);  // wheat field
    CHECK(B(*g, "wd2") == wood);  // variable wheat field
    CHECK(B(*g, "wd3") == wood);  // variable sugar field
  }
}

TEST_CASE("E03: Blue drafts row IV in round 3 and flips only its purple favors", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 3, 1);
    json& b = board(s);
    for (int i = 0; i < 12; ++i) b["rd" + std::to_string(i)] = 1 + i % 3;
    for (int i = 0; i < 20; ++i) b["rq" + std::to_string(i)] = 5 + i;  // cr_01..cr_20
    // Blue's favors: orange (bishop), green (patron), two purple (constable, scout), all down.
    for (int f : {0, 3, 9, 10}) b["fo" + std::to_string(f)] = kBlue + 1, b["fu" + std::to_string(f)] = 0;
    s["global"]["order"]["order"] = json::array({kBlue, kYellow, kRed, kPurple});
    s["global"]["order"]["start"] = kBlue;
    b["ps0"] = kBlue + 1, b["ps1"] = kYellow + 1, b["ps2"] = kRed + 1, b["ps3"] = kPurple + 1;
    s["global"]["flow"]["frames"] = json::array({frame("game", -1, 3), frame("rounds", -1, 3), frame("round", -1, 1),
                                                 frame("phase_a", -1, 1), frame("draft", kBlue)});
  });
  // Row IV (index 3) holds cr_16..cr_20; cr_16 is a Trade-routes request.
  ok(*g, "draft 3 0 0");
  CHECK(B(*g, "rs3") == kBlue + 1);
  CHECK(H(*g, kBlue, "row") == 4);
  CHECK(H(*g, kBlue, "die0") == 1);
  CHECK(H(*g, kBlue, "die1") == 2);
  CHECK(H(*g, kBlue, "die2") == 3);
  CHECK(H(*g, kBlue, "req0") == 20);  // cr_16 (request index 19)
  CHECK(B(*g, "fu0") == 0);
  CHECK(B(*g, "fu3") == 0);
  CHECK(B(*g, "fu9") == 1);
  CHECK(B(*g, "fu10") == 1);
  CHECK(g->seat_to_move() == kYellow);
  CHECK(top_step(*g) == "draft");
}

TEST_CASE("E04: each round leaves its building without a character tile", "[madeira]") {
  auto g = game(4, 7);
  // Play randomly and look at each round's characters as phase B starts.
  int seen = 0;
  tessera::testing::play_randomly(*g, 7, 100000, [&](const Game& game) {
    const json s = state(game);
    const json& b = s["global"]["board"]["values"];
    if (b["phase"] != 2) return;
    const int round = b["round"];
    const int empty[] = {5, 4, 3, 2, 1};  // Moinho..Fortaleza
    for (int building = 0; building < 5; ++building)
      CHECK((b["ch" + std::to_string(building)] == 4) == (empty[building] == round));
    ++seen;
  });
  CHECK(seen > 0);
}

TEST_CASE("E05: a 1 on a region-3 character costs 2 bread", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 2);
    home(s, kRed)["die0"] = 1;
    home(s, kRed)["bread"] = 3;
    board(s)["rs0"] = kRed + 1;
    home(s, kRed)["row"] = 1;
    s["global"]["flow"]["frames"] = phase_b(1, kRed);
  });
  ok(*g, "place 0 4");  // Fortaleza, region 3
  CHECK(H(*g, kRed, "bread") == 1);
  CHECK(B(*g, "gd4") == 1);
  CHECK(B(*g, "am" + std::to_string(4 * 4 + kRed)) == 1);
}

namespace {
// E06's phase B: Red (row 1) then Blue (row 2) to move, the pass spaces empty.
void e06_phase_b(json& s) {
  blank(s, 4, 1, 2);
  for (int p = 0; p < 4; ++p) board(s)["ps" + std::to_string(p)] = 0;
  board(s)["rs0"] = kRed + 1;
  board(s)["rs1"] = kBlue + 1;
  home(s, kRed)["row"] = 1;
  home(s, kBlue)["row"] = 2;
  s["global"]["flow"]["frames"] = phase_b(1, kRed);
}
}  // namespace

TEST_CASE("E06: Red passes to space II and takes 3 reals", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    e06_phase_b(s);
    home(s, kRed)["reals"] = 5;
  });
  ok(*g, "pass 1 0");
  CHECK(H(*g, kRed, "reals") == 8);
  CHECK(H(*g, kRed, "passed") == 1);
  CHECK(B(*g, "ps1") == kRed + 1);
  CHECK(g->seat_to_move() == kBlue);
}

TEST_CASE("E07: the Administrator moves workers to any fields", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 2);
    board(s)["ch2"] = 0;  // the Administrator on the Alfandega
    put_city_worker(s, kRed, 0);
    s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 2}})});
  });
  ok(*g, "action");
  ok(*g, "worker 0 " + std::to_string(field_loc(3)));          // home -> region 1's sugar field
  ok(*g, "worker " + std::to_string(city_loc(0)) + " " + std::to_string(kForestLoc));  // city -> forest
  CHECK((B(*g, "fw3") >> kRed & 1) == 1);
  CHECK((B(*g, "fw14") >> kRed & 1) == 1);
  CHECK(B(*g, "cs0") == 0);
  CHECK(H(*g, kRed, "workers") == 10);
}

TEST_CASE("E08: the Guild Master builds a 4-wood district and takes its favor face up", "[madeira]") {
  auto g = game(4);
  int favor = 0;
  edit(*g, [&](json& s) {
    blank(s, 4, 1, 2);
    board(s)["ch3"] = 2;  // the Guild Master on the Casa da Coroa
    favor = board(s)["fd4"].get<int>() - 1;  // Porto Santo's district 5 costs 4 wood
    home(s, kRed)["wood"] = 4;
    s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 3}})});
  });
  ok(*g, "build 4");
  CHECK(H(*g, kRed, "wood") == 0);
  CHECK(B(*g, "fd4") == 0);
  CHECK(B(*g, "fo" + std::to_string(favor)) == kRed + 1);
  CHECK(B(*g, "fu" + std::to_string(favor)) == 1);
}

TEST_CASE("E09: the Captain sends a ship to a market and one to a Brasil port", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 2);
    board(s)["ch1"] = 1;  // the Captain on the Capitania
    home(s, kRed)["ships"] = 1;
    board(s)["mk9"] = kRed + 1;  // wine market, column 1
    home(s, kRed)["wood"] = 1;
    home(s, kRed)["sugar"] = 4;
    home(s, kRed)["wine"] = 3;
    board(s)["rw2"] = 1;  // Brasil's A reward: 3 PP
    s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 1}})});
  });
  ok(*g, "action");
  ok(*g, "ship 0 21 0");   // home -> sugar column 3 (4 sugar, 14 reals), 1 wood
  ok(*g, "ship 25 7 0");   // wine column 1 -> Brasil port 3 (3 wine)
  CHECK(top_step(*g) == "reward");
  ok(*g, "reward 0");
  CHECK(H(*g, kRed, "wood") == 0);
  CHECK(H(*g, kRed, "sugar") == 0);
  CHECK(H(*g, kRed, "wine") == 0);
  CHECK(H(*g, kRed, "reals") == 14);
  CHECK(H(*g, kRed, "pp") == 3);
  CHECK(B(*g, "mk9") == 0);
  CHECK(B(*g, "mk6") == kRed + 1);
  CHECK(B(*g, "pt7") == kRed + 1);
}

TEST_CASE("E10: buying wood from a field and the general supply", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 2);
    board(s)["ch3"] = 2;  // Guild Master
    home(s, kRed)["wood"] = 1;
    home(s, kRed)["reals"] = 12;
    board(s)["wd6"] = 3;  // r2c, a sugar field with 3 wood
    put_field_worker(s, kRed, 6);
    put_field_worker(s, kRed, 14);  // the forest
    s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 3}})});
  });
  ok(*g, "build 5");  // Porto Santo district 6: 5 wood
  CHECK(top_step(*g) == "buy_wood");
  ok(*g, "wood 6");
  ok(*g, "wood 6");
  ok(*g, "wood " + std::to_string(kSupply));
  ok(*g, "wood " + std::to_string(kSupply));
  CHECK(B(*g, "wd6") == 1);
  CHECK(H(*g, kRed, "wood") == 0);
  CHECK(H(*g, kRed, "reals") == 2);  // 4 wood bought in one turn: 10 reals
}

TEST_CASE("E11: the Mayor moves a worker and a citizen, then collects", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 2);
    board(s)["ch0"] = 3;  // the Mayor on the Moinho
    for (int c = 0; c < 3; ++c) board(s)["cs" + std::to_string(c * 12 + 3)] = 5;  // citizens
    put_city_worker(s, kRed, 0);   // Porto Santo
    put_city_worker(s, kRed, 24);  // Machico
    s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 0}})});
  });
  ok(*g, "action");
  ok(*g, "citymove 24 12");  // Machico worker -> Funchal
  ok(*g, "citymove 3 13");   // Porto Santo citizen -> Funchal
  CHECK(H(*g, kRed, "bread") == 2);
  CHECK(H(*g, kRed, "reals") == 4);
  CHECK(H(*g, kRed, "wood") == 0);
}

TEST_CASE("E12: wood received only as far as it is accessible", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 2);
    board(s)["ch0"] = 3;  // Mayor
    board(s)["cs27"] = 5;  // a citizen in Machico
    put_city_worker(s, kBlue, 24);
    board(s)["wd6"] = 1;
    put_field_worker(s, kBlue, 6);
    s["global"]["flow"]["frames"] = phase_b(1, kBlue, {frame("act", kBlue, 0, {{"building", 0}})});
  });
  ok(*g, "action");
  ok(*g, "done");
  CHECK(H(*g, kBlue, "wood") == 1);
  CHECK(B(*g, "wd6") == 0);
}

TEST_CASE("E13: harvesting instead of the Administrator's action", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 2);
    board(s)["ch2"] = 0;  // Administrator on the Alfandega (region 1)
    board(s)["wd3"] = 2;
    put_field_worker(s, kRed, 3);  // a field with wood
    put_field_worker(s, kRed, 1);  // wheat
    put_field_worker(s, kRed, 0);  // wine
    board(s)["wd0"] = 0, board(s)["wd1"] = 0;
    s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 2}})});
  });
  ok(*g, "harvest");
  CHECK(H(*g, kRed, "wood") == 1);
  CHECK(B(*g, "wd3") == 1);
  CHECK(H(*g, kRed, "wheat") == 1);
  CHECK(H(*g, kRed, "wine") == 1);
  CHECK(H(*g, kRed, "sugar") == 0);
}

TEST_CASE("E14: the double harvest of the empty building", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 2);
    board(s)["ch4"] = 4;  // round 1: the Fortaleza's printed harvester (region 3)
    board(s)["wd11"] = 1;  // r3c, a sugar field with exactly 1 wood
    board(s)["wd13"] = 0;  // r3e, wine
    put_field_worker(s, kBlue, 11);
    put_field_worker(s, kBlue, 13);
    s["global"]["flow"]["frames"] = phase_b(1, kBlue, {frame("act", kBlue, 0, {{"building", 4}})});
  });
  CHECK_FALSE(legal(*g, "action"));
  ok(*g, "harvest");
  CHECK(H(*g, kBlue, "wood") == 1);
  CHECK(H(*g, kBlue, "wine") == 1);
  CHECK(top_step(*g) == "again");
  ok(*g, "again 11");
  CHECK(H(*g, kBlue, "sugar") == 1);
  CHECK(B(*g, "wd11") == 0);
}

TEST_CASE("E16: Moinho with 4 workers in region 2 gives 5 bread", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 3);
    board(s)["bld"] = 0, board(s)["cost"] = 3, board(s)["pir"] = 1, board(s)["gd0"] = 1;
    board(s)["am" + std::to_string(0 * 4 + kRed)] = 1;
    for (int f : {4, 5, 6, 7}) put_field_worker(s, kRed, f);
    home(s, kRed)["reals"] = 3;
    s["global"]["flow"]["frames"] = phase_c(1, 2, kRed);
  });
  ok(*g, "pay");
  CHECK(H(*g, kRed, "bread") == 5);
  CHECK(H(*g, kRed, "reals") == 0);
}

TEST_CASE("E17: Alfandega moves two workers to colonies for PP per own ship there", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 3);
    board(s)["bld"] = 2, board(s)["cost"] = 0, board(s)["pir"] = 1, board(s)["gd2"] = 1;
    board(s)["am" + std::to_string(2 * 4 + kRed)] = 1;
    for (int f : {0, 1, 2}) put_field_worker(s, kRed, f);
    put_city_worker(s, kRed, 12);
    board(s)["pt0"] = kRed + 1, board(s)["pt1"] = kRed + 1, board(s)["pt5"] = kRed + 1;  // 2 in Acores, 1 in Brasil
    board(s)["cl" + std::to_string(0 * 4 + kRed)] = 1;  // one already in Acores
    home(s, kRed)["workers"] = home(s, kRed)["workers"].get<int>() - 1;
    s["global"]["flow"]["frames"] = phase_c(1, 2, kRed);
  });
  ok(*g, "pay");
  ok(*g, "worker 0 " + std::to_string(colony_loc(0)));
  ok(*g, "worker " + std::to_string(city_loc(12)) + " " + std::to_string(colony_loc(1)));
  CHECK(H(*g, kRed, "pp") == 3);
  CHECK(B(*g, "cl" + std::to_string(0 * 4 + kRed)) == 2);
  CHECK(B(*g, "cl" + std::to_string(1 * 4 + kRed)) == 1);
}

TEST_CASE("E18: Casa da Coroa with 4 workers flips two favors", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 3);
    board(s)["bld"] = 3, board(s)["cost"] = 0, board(s)["pir"] = 1, board(s)["gd3"] = 1;
    board(s)["am" + std::to_string(3 * 4 + kYellow)] = 1;
    for (int f : {9, 10, 11, 12}) put_field_worker(s, kYellow, f);
    for (int f : {3, 6, 10}) board(s)["fo" + std::to_string(f)] = kYellow + 1, board(s)["fu" + std::to_string(f)] = 0;
    s["global"]["flow"]["frames"] = phase_c(1, 0, kYellow);
  });
  ok(*g, "pay");
  ok(*g, "flip 3");  // Patron
  ok(*g, "flip 6");  // Engineer
  CHECK(B(*g, "fu3") == 1);
  CHECK(B(*g, "fu6") == 1);
  CHECK(B(*g, "fu10") == 0);
}

TEST_CASE("E19: Honor for strictly the most workers in the City Watch", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 4);
    board(s)["cw" + std::to_string(kBlue)] = 3;
    board(s)["cw" + std::to_string(kRed)] = 2;
    home(s, kBlue)["workers"] = 9;
    home(s, kRed)["workers"] = 10;
    s["global"]["flow"]["frames"] = phase_d(1, "honor_all", 1, 4, "honor_step", kBlue);
  });
  ok(*g, "honor");
  CHECK(H(*g, kBlue, "pp") == 4);
  CHECK(B(*g, "cw" + std::to_string(kBlue)) == 2);
  CHECK(H(*g, kBlue, "workers") == 10);
}

TEST_CASE("E20/E21/E22: income, ship upkeep and feeding", "[madeira]") {
  auto g = game(4);
  edit(*g, [](json& s) {
    blank(s, 4, 1, 4);
    const auto land = [&](int colony, int seat, int n) {
      board(s)["cl" + std::to_string(colony * 4 + seat)] = n;
      home(s, seat)["workers"] = home(s, seat)["workers"].get<int>() - n;
    };
    land(0, kRed, 2), land(1, kRed, 1), land(1, kYellow, 1), land(2, kBlue, 1);
    // E21: Red has 2 ships in Brasil ports and 1 on the wheat market; 2 wood at home.
    board(s)["pt5"] = kRed + 1, board(s)["pt6"] = kRed + 1, board(s)["mk0"] = kRed + 1;
    home(s, kRed)["ships"] = 3;
    home(s, kRed)["wood"] = 2;
    // E22: Blue has 10 workers on the board (1 in India + 9 in the City Watch) and mill 4.
    board(s)["cw" + std::to_string(kBlue)] = 9;
    home(s, kBlue)["workers"] = 2;
    home(s, kBlue)["mill"] = 4;
    home(s, kBlue)["bread"] = 5;
    // The honor is Blue's; start at the upkeep (income first).
    json frames = json::array({frame("game", -1, 3), frame("rounds", -1, 1), frame("round", -1, 4), frame("phase_d", -1, 2)});
    json upkeep = frame("upkeep_all", -1, 0);
    upkeep["status"] = "new";
    frames.push_back(upkeep);
    s["global"]["flow"]["frames"] = frames;
  });
  CHECK(H(*g, kRed, "wheat") == 2);
  CHECK(H(*g, kRed, "sugar") == 1);
  CHECK(H(*g, kYellow, "sugar") == 1);
  CHECK(H(*g, kBlue, "wine") == 1);
  REQUIRE(g->seat_to_move() == kRed);
  ok(*g, "upkeep 2");
  CHECK(H(*g, kRed, "wood") == 0);
  CHECK(pirates_of(*g, kRed) == 1);
  // Feeding in pass order: Yellow, Red, Purple, Blue.
  while (g->seat_to_move() != kBlue) ok(*g, "feed 0");
  ok(*g, "feed 4");
  CHECK(H(*g, kBlue, "bread") == 1);
  CHECK(pirates_of(*g, kBlue) == 2);
}

namespace {
// The last moment of the game: phase E of round 5 with no request left, so set_state runs
// the end-game scoring.
void end_game(Game& g, int players, const std::function<void(json&)>& arrange) {
  edit(g, [&](json& s) {
    blank(s, players, 5, 5);
    arrange(s);
    s["global"]["flow"]["frames"] =
        json::array({frame("game", -1, 3), frame("rounds", -1, 5), frame("round", -1, 5), frame("phase_e", -1, players)});
  });
  REQUIRE(g.is_over());
}
}  // namespace

TEST_CASE("E23: leftovers become reals, 1 PP per 5", "[madeira]") {
  auto g = game(4);
  end_game(*g, 4, [](json& s) {
    home(s, kRed)["wheat"] = 3;
    home(s, kRed)["wood"] = 2;
    home(s, kRed)["reals"] = 6;
  });
  CHECK(score(*g, kRed, "leftover_reals") == 11);
  CHECK(score(*g, kRed, "leftover_pp") == 2);
  CHECK(score(*g, kRed, "total") == 2);
}

TEST_CASE("E24: pirate ranks and the excess over 20", "[madeira]") {
  auto g = game(4);
  end_game(*g, 4, [](json& s) {
    pirates(s, kRed)["total"] = 25;
    pirates(s, kYellow)["total"] = 21;
    pirates(s, kBlue)["total"] = 12;
    pirates(s, kPurple)["total"] = 5;
  });
  CHECK(score(*g, kRed, "total") == -21);
  CHECK(score(*g, kYellow, "total") == -9);
  CHECK(score(*g, kBlue, "total") == -4);
  CHECK(score(*g, kPurple, "total") == -2);
}

TEST_CASE("E25: tied pirates: the seat earlier in the pass column takes the smaller penalty", "[madeira]") {
  auto g = game(4);
  end_game(*g, 4, [](json& s) {
    pirates(s, kRed)["total"] = 18;
    pirates(s, kBlue)["total"] = 18;
    pirates(s, kYellow)["total"] = 7;
    pirates(s, kPurple)["total"] = 3;
    board(s)["ps0"] = kYellow + 1, board(s)["ps1"] = kPurple + 1, board(s)["ps2"] = kRed + 1, board(s)["ps3"] = kBlue + 1;
  });
  CHECK(score(*g, kBlue, "pirate_rank") == 16);
  CHECK(score(*g, kRed, "pirate_rank") == 8);
  CHECK(score(*g, kYellow, "pirate_rank") == 4);
  CHECK(score(*g, kPurple, "pirate_rank") == 2);
}

TEST_CASE("Ties for the most PP go to the seat earlier in the pass column, and 0 pirates cost nothing", "[madeira]") {
  auto g = game(3);
  end_game(*g, 3, [](json& s) {
    home(s, 0)["pp"] = 10;
    home(s, 2)["pp"] = 10;
    board(s)["ps0"] = 3, board(s)["ps1"] = 0, board(s)["ps2"] = 2, board(s)["ps3"] = 1;  // seats 2, 1, 0
    pirates(s, 1)["total"] = 4;
  });
  CHECK(score(*g, 0, "pirate_rank") == 0);
  CHECK(score(*g, 1, "pirate_rank") == 16);
  CHECK(g->outcome().winners == std::vector<int>{2});
}

TEST_CASE("Grand captain: the Captain's action moves up to 3 ships, a rules number changed by an overlay alone", "[madeira]") {
  const auto arrange = [](json& s) {
    blank(s, 4, 1, 2);
    board(s)["ch1"] = 1;  // the Captain on the Capitania
    home(s, kRed)["ships"] = 3;
    home(s, kRed)["wood"] = 3;
    home(s, kRed)["sugar"] = 4;
    s["global"]["flow"]["frames"] = phase_b(1, kRed, {frame("act", kRed, 0, {{"building", 1}})});
  };
  auto plain = game(4);
  auto grand = tessera::testing::new_game("madeira", 4, 1, {"grand_captain"});
  for (Game* g : {plain.get(), grand.get()}) {
    edit(*g, arrange);
    ok(*g, "action");
    REQUIRE(top_step(*g) == "ships");
  }
  CHECK(state(*plain)["global"]["flow"]["frames"].back()["params"]["left"] == 2);
  CHECK(state(*grand)["global"]["flow"]["frames"].back()["params"]["left"] == 3);
}

TEST_CASE("First to pass: the first seat to pass in phase B gains 1 PP, the next none (an event subscription)", "[madeira]") {
  // E06's phase B: Red passes first, then Blue.
  auto plain = game(4);
  auto house = tessera::testing::new_game("madeira", 4, 1, {"first_to_pass"});
  for (Game* g : {plain.get(), house.get()}) {
    edit(*g, e06_phase_b);
    ok(*g, "pass 1 0");
  }
  CHECK(H(*house, kRed, "pp") == H(*plain, kRed, "pp") + 1);
  REQUIRE(house->seat_to_move() == kBlue);
  for (Game* g : {plain.get(), house.get()}) ok(*g, "pass 0 0");
  CHECK(H(*house, kBlue, "pp") == H(*plain, kBlue, "pp"));
}

TEST_CASE("Extra favours: after the turn's favour a seat may use another face-up favour for 2 reals", "[madeira]") {
  const auto arrange = [](json& s) {
    blank(s, 4, 1, 2);
    for (const char* f : {"2", "3"}) {  // the baker (3 bread) and the patron (4 reals), face up
      board(s)[std::string("fo") + f] = kRed + 1;
      board(s)[std::string("fu") + f] = 1;
    }
    board(s)["rs0"] = kRed + 1;
    home(s, kRed)["row"] = 1;
    home(s, kRed)["reals"] = 5;
    s["global"]["flow"]["frames"] = phase_b(1, kRed);
  };
  auto plain = game(4);
  auto house = tessera::testing::new_game("madeira", 4, 1, {"extra_favours"});
  for (Game* g : {plain.get(), house.get()}) {
    edit(*g, arrange);
    ok(*g, "favor 3 0");
    REQUIRE(H(*g, kRed, "reals") == 9);
  }
  CHECK_FALSE(legal(*plain, "favor 2 0"));  // the game's rule: one favour a turn
  REQUIRE(legal(*house, "favor 2 0"));
  for (const auto& a : house->legal_actions())
    if (a.text == "favor 2 0") CHECK_THAT(a.label, Catch::EndsWith(" (for 2 reals)"));
  const int bread = H(*house, kRed, "bread");
  ok(*house, "favor 2 0");
  CHECK(H(*house, kRed, "reals") == 7);
  CHECK(H(*house, kRed, "bread") == bread + 3);
  CHECK_FALSE(legal(*house, "favor 2 0"));  // face down now
}
