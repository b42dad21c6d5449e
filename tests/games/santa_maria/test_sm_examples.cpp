// Santa Maria: the worked examples of rules section 9 (EX-01..EX-26), driven through
// legal_actions()/apply() from arranged states, asserting the rulebook's outcomes.
#include <catch2/catch.hpp>

#include "sm_support.hpp"

using namespace tessera;
using namespace sm_test;

namespace {

// Scholar and bishop numbers (1-based index in data/santa_maria/game.yaml).
enum Scholar { kAstronomy = 1, kTax, kBotany, kPhilosophy, kMathematics, kArchitecture, kIndustrialization, kBasicEcon,
               kAdvEcon, kLogistics };
enum Bishop { kSquare = 1, kOneDock, kCitiesCapital, kColonistsCapital, kLargestArea, kDiverseLines };

void apply_ok(Game& g, const std::string& action) {
  INFO("action: " << action << "\nlegal: " << [&] {
    std::string all;
    for (const auto& t : tessera::testing::legal_texts(g)) all += "[" + t + "] ";
    return all;
  }());
  const ApplyResult r = g.apply(action);
  REQUIRE(r.error == "");
  REQUIRE(r.ok);
}

// A game with empty colonies and empty storage, seat 0 to act in year 1.
std::unique_ptr<Game> bare(int players, std::uint64_t seed = 7) {
  auto g = tessera::testing::new_game("santa_maria", players, seed);
  edit(*g, [&](json& s) {
    for (int seat = 0; seat < players; ++seat) {
      clear_colony(s, seat);
      set_stock(s, seat, {});
    }
    my_turn(s, 0);
    set_value(s["global"]["progress"], "start", 0);
  });
  return g;
}

json& blue_die_of(json& s, int seat) {
  for (auto& d : s["global"]["dice"]["dice"])
    if (d["color"] == "blue" && d["holder"] == seat) return d;
  throw std::runtime_error("no blue die");
}

// Every other seat has retreated (spaces 2, 3, ...), seat 0 is the last to act this year.
void others_retreated(json& s, int players) {
  for (int seat = 1; seat < players; ++seat) {
    set_value(s["seats"][seat]["player"], "retreated", 1);
    set_value(s["seats"][seat]["player"], "retreat_pos", seat + 1);
    set_value(s["global"]["board"], "retreat" + std::to_string(seat + 1), seat + 1);
  }
}

// Ends the game: year 3, seat 0 retreats last to the road space with no road tile left.
void finish_game(Game& g) {
  edit(g, [&](json& s) {
    set_value(s["global"]["progress"], "year", 3);
    set_value(s["global"]["progress"], "roads", 0);
    others_retreated(s, s["players"]);
  });
  apply_ok(g, "retreat 5");
  while (!g.is_over()) apply_ok(g, tessera::testing::legal_texts(g).front());  // ship income choices
}

}  // namespace

TEST_CASE("EX-01 starting stock follows the seat order", "[santa_maria]") {
  auto g = tessera::testing::new_game("santa_maria", 4, 11);
  const int start = progress(*g, "start");
  for (int k = 0; k < 4; ++k) {
    const int seat = (start + k) % 4;
    CHECK(player(*g, seat, "wood") == 2);
    CHECK(player(*g, seat, "coins") == 3 + k);
    CHECK(player(*g, seat, "monks") == 6);
  }
  CHECK(current(*g) == start);
}

TEST_CASE("EX-02 the k-th coin activation of a year costs k coins", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    cell_type(s, 0, 1, 1) = "forest:B_WOOD";
    cell_type(s, 0, 2, 2) = "farm:B_GRAIN";
    set_stock(s, 0, {{"coins", 5}});
  });
  apply_ok(*g, "coin 1 1");
  CHECK(player(*g, 0, "coins") == 4);
  CHECK(player(*g, 0, "wood") == 1);
  CHECK(state(*g)["seats"][0]["colony"]["pieces"][0] == "c1");
  edit(*g, [](json& s) { my_turn(s, 0); });
  CHECK_FALSE(has(tessera::testing::legal_texts(*g), "coin 1 1"));  // blocked by its coin
  apply_ok(*g, "coin 2 2");
  CHECK(player(*g, 0, "coins") == 2);
  CHECK(state(*g)["seats"][0]["colony"]["pieces"][7] == "c2");
  // End of the year: the coins go to the supply and the price starts again at 1.
  edit(*g, [](json& s) {
    my_turn(s, 0);
    others_retreated(s, 2);
    set_value(s["global"]["progress"], "roads", 0);
  });
  apply_ok(*g, "retreat 5");
  CHECK(progress(*g, "year") == 2);
  CHECK(player(*g, 0, "coin_acts") == 0);
  CHECK(player(*g, 0, "coins") == 2);
  CHECK(state(*g)["seats"][0]["colony"]["pieces"][0] == "");
  CHECK(state(*g)["seats"][0]["colony"]["pieces"][7] == "");
}

TEST_CASE("EX-03 a white die changed by 2 pips activates a column top to bottom", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    cell_type(s, 0, 1, 3) = "forest:B_WOOD";
    cell_type(s, 0, 2, 3) = "road:1";
    cell_type(s, 0, 3, 3) = "farm:B_GRAIN";
    cell_type(s, 0, 5, 3) = "city:B_COIN2";
    cell_type(s, 0, 6, 3) = "road:0";
    set_stock(s, 0, {{"coins", 4}});
    set_white(s, {5, 5, 5, 5, 5, 5});
  });
  apply_ok(*g, "white 5 3");
  CHECK(player(*g, 0, "coins") == 4);  // 4 - 2 + 2
  CHECK(player(*g, 0, "wood") == 1);
  CHECK(player(*g, 0, "grain") == 1);
  CHECK(player(*g, 0, "white_taken") == 1);
  const json s = state(*g);
  CHECK(s["seats"][0]["colony"]["pieces"][4 * 6 + 2] == "w");
  CHECK(s["seats"][0]["colony"]["pieces"][0 * 6 + 2] == "");
  CHECK(s["seats"][0]["colony"]["pieces"][2 * 6 + 2] == "");
  CHECK(current(*g) == 1);
}

TEST_CASE("EX-04 a blue die activates its row left to right and stays on the last building", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    cell_type(s, 0, 4, 2) = "mountain:B_GEM";
    cell_type(s, 0, 4, 3) = "road:0";
    cell_type(s, 0, 4, 5) = "farm:B_GRAIN";
    blue_die_of(s, 0)["value"] = 4;
  });
  apply_ok(*g, "blue 4 4");
  CHECK(player(*g, 0, "gem") == 1);
  CHECK(player(*g, 0, "grain") == 1);
  const json s = state(*g);
  CHECK(s["seats"][0]["colony"]["pieces"][3 * 6 + 4] == "b");
  CHECK(s["seats"][0]["colony"]["pieces"][3 * 6 + 1] == "");
}

TEST_CASE("EX-05 and EX-06 a trade pays one of the inputs or gold for 3 coins", "[santa_maria]") {
  SECTION("wood") {
    auto g = bare(2);
    edit(*g, [](json& s) {
      cell_type(s, 0, 1, 1) = "city:B_TR_WJ3C";
      set_stock(s, 0, {{"coins", 1}, {"wood", 1}, {"gem", 1}});
    });
    apply_ok(*g, "coin 1 1");
    const auto legal = tessera::testing::legal_texts(*g);
    CHECK(legal == std::vector<std::string>{"choose wood", "choose gem", "choose skip", "sell wood", "sell gem"});
    // Labels are made by the effect's label() only when asked.
    const auto actions = g->legal_actions();
    CHECK(actions.at(0).label == "pay 1 wood for 3 coins");
    CHECK(actions.at(2).label == "make no exchange");
    apply_ok(*g, "choose wood");
    CHECK(player(*g, 0, "coins") == 3);
    CHECK(player(*g, 0, "wood") == 0);
    CHECK(player(*g, 0, "gem") == 1);  // one exchange only
    CHECK(current(*g) == 1);
  }
  SECTION("gold as joker") {
    auto g = bare(2);
    edit(*g, [](json& s) {
      cell_type(s, 0, 1, 1) = "city:B_TR_WJ3C";
      set_stock(s, 0, {{"coins", 1}, {"gold", 1}});
    });
    apply_ok(*g, "coin 1 1");
    apply_ok(*g, "choose gem");
    CHECK(player(*g, 0, "gold") == 0);
    CHECK(player(*g, 0, "coins") == 3);
  }
}

TEST_CASE("EX-07 a shipment goes to the matching dock and the main-board dock is refilled", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    cell_type(s, 0, 1, 1) = "city:B_SHIP";
    set_stock(s, 0, {{"coins", 1}, {"sugar", 1}, {"wood", 1}});
    s["global"]["docks"]["rows"][0] = {"R10", "S2", "R25", "R27"};
    s["global"]["ships"]["piles"][0]["cards"] = {"R03", "R01"};
  });
  apply_ok(*g, "coin 1 1");
  CHECK(tessera::testing::legal_texts(*g) ==
        std::vector<std::string>{"choose dock2", "choose skip", "sell wood", "sell sugar"});
  CHECK(g->legal_actions().at(0).label == "buy shipment S2 at dock 2");
  CHECK(g->legal_actions().at(1).label == "buy no shipment");
  apply_ok(*g, "choose dock2");
  const json s = state(*g);
  CHECK(s["seats"][0]["port"]["values"]["S2"] == 2);
  CHECK(s["global"]["docks"]["rows"][0][1] == "R01");
  CHECK(player(*g, 0, "sugar") == 0);
  CHECK(player(*g, 0, "wood") == 0);
}

TEST_CASE("EX-08 a religion action paying 1 grain moves 2 spaces", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    cell_type(s, 0, 1, 1) = "city:B_REL";
    set_stock(s, 0, {{"coins", 1}, {"grain", 1}});
    s["global"]["religion"]["positions"][0] = 5;
  });
  apply_ok(*g, "coin 1 1");
  apply_ok(*g, "choose 2");
  CHECK(state(*g)["global"]["religion"]["positions"][0] == 7);
  CHECK(player(*g, 0, "grain") == 0);
}

TEST_CASE("EX-09 the third monk symbol unlocks a blue die first then the monk pays the others", "[santa_maria]") {
  auto g = bare(4);
  edit(*g, [](json& s) {
    cell_type(s, 0, 1, 1) = "city:B_REL";
    set_stock(s, 0, {{"coins", 5}});
    s["global"]["religion"]["positions"][0] = 7;
    set_value(s["global"]["board"], "monks.m1", (1 << 1) | (1 << 2));
    // A second blue die already unlocked.
    for (auto& d : s["global"]["dice"]["dice"])
      if (d["color"] == "blue" && d["tag"] == "reserve") {
        d["holder"] = 0;
        d["tag"] = "ready";
        break;
      }
    set_value(s["seats"][0]["player"], "blue_unlocked", 2);
    set_stock(s, 1, {{"coins", 0}});
    set_stock(s, 2, {{"coins", 0}});
  });
  apply_ok(*g, "coin 1 1");
  apply_ok(*g, "choose 1");
  int blue = 0;
  const json after = state(*g);
  for (const auto& d : after["global"]["dice"]["dice"]) blue += d["color"] == "blue" && d["holder"].get<int>() == 0 ? 1 : 0;
  CHECK(blue == 3);  // taken before the monk is placed
  CHECK(has(tessera::testing::legal_texts(*g), "choose m1"));
  apply_ok(*g, "choose m1");
  CHECK(points(*g, 0) == 3);
  CHECK(player(*g, 0, "coins") == 0);
  CHECK(player(*g, 1, "coins") == 2);
  CHECK(player(*g, 2, "coins") == 2);
  CHECK(player(*g, 0, "monks") == 5);
  CHECK(player(*g, 0, "blue_unlocked") == 3);
}

TEST_CASE("EX-10 a retreat on the road space then ship income dock by dock", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    cell_type(s, 0, 6, 6) = "city:B_SHIP";
    set_stock(s, 0, {{"grain", 2}});
    s["global"]["religion"]["positions"][0] = 2;
    s["seats"][0]["port"]["values"] = {{"S1", 1}, {"R01", 2}, {"R02", 2}, {"R03", 2}, {"R04", 4}, {"R05", 4}};
  });
  apply_ok(*g, "retreat 5");
  apply_ok(*g, "choose 1_1");  // the road tile
  CHECK(player(*g, 0, "coins") == 2);  // dock 1
  apply_ok(*g, "choose 2");            // dock 2, first ship: 2 -> 4
  apply_ok(*g, "choose 2");            // second ship: 4 -> 6, crossing the monk symbol of space 5
  apply_ok(*g, "choose s1");           // the monk
  // Third ship: no grain left and no coins for one: 1 step, chosen at once.
  CHECK(g->decision().seat == 1);
  CHECK(state(*g)["global"]["religion"]["positions"][0] == 7);
  CHECK(player(*g, 0, "grain") == 0);
  CHECK(player(*g, 0, "coins") == 2);
  CHECK(points(*g, 0) == 2);  // dock 4
  CHECK(player(*g, 0, "monks") == 5);
  CHECK(progress(*g, "roads") == 2);
  CHECK(state(*g)["seats"][0]["colony"]["types"][0] == "road:0");
}

TEST_CASE("EX-11 free actions before and during a main action", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    cell_type(s, 0, 1, 1) = "city:B_SHIP";
    set_stock(s, 0, {{"sugar", 2}, {"gem", 1}, {"wood", 1}});
    set_value(s["seats"][0]["player"], "coin_acts", 2);
    s["global"]["docks"]["rows"][0] = {"S1", "R10", "R09", "R25"};
  });
  apply_ok(*g, "sell sugar");
  apply_ok(*g, "sell sugar");
  apply_ok(*g, "sell gem");
  CHECK(player(*g, 0, "coins") == 6);
  apply_ok(*g, "coin 1 1");
  CHECK(player(*g, 0, "coins") == 3);
  apply_ok(*g, "choose dock1");  // buys the missing grain for 3 coins just before paying
  CHECK(player(*g, 0, "coins") == 0);
  for (const char* good : {"wood", "grain", "sugar", "gem", "gold"}) CHECK(player(*g, 0, good) == 0);
  CHECK(state(*g)["seats"][0]["port"]["values"]["S1"] == 1);
  CHECK(state(*g)["seats"][0]["colony"]["pieces"][0] == "c3");
}

TEST_CASE("EX-12 conquest scoring at the end of year 2 with 4 players", "[santa_maria]") {
  auto g = bare(4);
  edit(*g, [](json& s) {
    set_value(s["global"]["progress"], "year", 2);
    s["global"]["conquest"]["positions"] = {5, 3, 1, 0};
    others_retreated(s, 4);
  });
  apply_ok(*g, "retreat 1");
  CHECK(points(*g, 0) == 9);
  CHECK(points(*g, 1) == 6);
  CHECK(points(*g, 2) == 3);
  CHECK(points(*g, 3) == 0);
  CHECK(state(*g)["global"]["conquest"]["positions"] == json({0, 0, 0, 0}));
  CHECK(progress(*g, "year") == 3);
  CHECK(progress(*g, "start") == 0);  // retreat space 1 is beside the start-player symbol
}

TEST_CASE("EX-13 goods are sold and every 3 coins score 1 point", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) { set_stock(s, 0, {{"coins", 3}, {"sugar", 1}, {"wood", 2}}); });
  finish_game(*g);
  CHECK(score(*g, 0, "goods_coins") == 2);
}

TEST_CASE("EX-14 colonists score in complete rows and columns and twice at a crossing", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    for (int i = 1; i <= 6; ++i) {
      cell_type(s, 0, i, 4) = "forest:B_WOOD";
      cell_type(s, 0, i, 6) = "forest:B_WOOD";
      cell_type(s, 0, 4, i) = "forest:B_WOOD";
    }
    cell_type(s, 0, 2, 4) = "road:1";
    cell_type(s, 0, 4, 4) = "road:1";
    cell_type(s, 0, 4, 1) = "road:1";
    cell_type(s, 0, 5, 6) = "road:2";
    cell_type(s, 0, 1, 2) = "road:1";
  });
  finish_game(*g);
  CHECK(score(*g, 0, "colonists") == 6);
}

TEST_CASE("EX-15 monks under a scholar and two bishops", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    json& b = s["global"]["board"];
    set_value(b, "scholar1", kAstronomy);
    set_value(b, "monks.s1", 1);
    set_value(b, "bishop1", kSquare);
    set_value(b, "bishop2", kOneDock);
    set_value(b, "monks.b1", 1);
    set_value(b, "monks.b2", 1);
  });
  finish_game(*g);
  CHECK(score(*g, 0, "scholars") == 3);
  CHECK(score(*g, 0, "bishop_penalty") == -4);
  CHECK(score(*g, 0, "bishop_objectives") == 0);
}

TEST_CASE("EX-16 and EX-17 port sets and shipment points", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    s["seats"][0]["port"]["values"] = {{"R01", 1}, {"R07", 1}, {"R02", 2}, {"R06", 2}, {"R08", 2},
                                       {"R26", 3}, {"R15", 3}, {"R16", 4}, {"R22", 4}};
  });
  finish_game(*g);
  CHECK(score(*g, 0, "port_sets") == 2);
  CHECK(score(*g, 0, "port_set_points") == 6);
  CHECK(score(*g, 0, "ships") == 1 + 1 + 2 + 3 + 1 + 5 + 2 + 2 + 2);
}

TEST_CASE("EX-18 Astronomy moves a new shipment from dock 4 to dock 1 for 3 coins", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    cell_type(s, 0, 1, 1) = "city:B_SHIP";
    set_stock(s, 0, {{"coins", 4}, {"wood", 1}, {"grain", 1}});
    set_value(s["seats"][0]["player"], "capital_scholar", kAstronomy);
    s["global"]["docks"]["rows"][0] = {"R10", "R09", "R25", "S1"};
  });
  apply_ok(*g, "coin 1 1");
  apply_ok(*g, "choose dock4");
  apply_ok(*g, "choose dock1");
  CHECK(player(*g, 0, "coins") == 0);
  CHECK(state(*g)["seats"][0]["port"]["values"]["S1"] == 1);
}

TEST_CASE("EX-19 Botany sets a die to any value for 1 wood", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    cell_type(s, 0, 1, 6) = "mountain:B_GEM";
    set_stock(s, 0, {{"wood", 1}, {"coins", 2}});
    set_value(s["seats"][0]["player"], "capital_scholar", kBotany);
    set_white(s, {4, 4, 4, 4, 4, 4});
  });
  apply_ok(*g, "white 4 6 wood");
  CHECK(player(*g, 0, "wood") == 0);
  CHECK(player(*g, 0, "coins") == 2);
  CHECK(player(*g, 0, "gem") == 1);
}

TEST_CASE("EX-20 Industrialization makes the exchange twice", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) {
    cell_type(s, 0, 1, 1) = "city:B_TR_WJ3C";
    set_stock(s, 0, {{"coins", 1}, {"wood", 1}, {"gem", 1}});
    set_value(s["seats"][0]["player"], "capital_scholar", kIndustrialization);
  });
  apply_ok(*g, "coin 1 1");
  apply_ok(*g, "choose wood+gem");
  CHECK(player(*g, 0, "coins") == 6);
  CHECK(player(*g, 0, "wood") == 0);
  CHECK(player(*g, 0, "gem") == 0);
}

TEST_CASE("EX-21 to EX-23 bishop objectives", "[santa_maria]") {
  auto scored = [](int bishop, const std::function<void(json&)>& colony) {
    auto g = bare(2);
    edit(*g, [&](json& s) {
      set_value(s["global"]["board"], "bishop1", bishop);
      set_value(s["global"]["board"], "monks.b1", 1);
      colony(s);
    });
    finish_game(*g);
    return score(*g, 0, "bishop_objectives");
  };
  SECTION("EX-21 cities connected to the capital by road") {
    CHECK(scored(kCitiesCapital, [](json& s) {
            cell_type(s, 0, 3, 3) = "capital:B_COIN2";
            cell_type(s, 0, 3, 4) = "road:0";
            cell_type(s, 0, 3, 5) = "road:1";
            cell_type(s, 0, 2, 4) = "city:B_REL";
            cell_type(s, 0, 4, 5) = "city:B_COIN2";
            cell_type(s, 0, 3, 6) = "city:B_SHIP";
            cell_type(s, 0, 5, 1) = "city:B_SHIP";
            cell_type(s, 0, 5, 2) = "forest:B_WOOD";
          }) == 6);
  }
  SECTION("EX-22 largest area of one terrain") {
    CHECK(scored(kLargestArea, [](json& s) {
            for (int r = 1; r <= 2; ++r)
              for (int c = 1; c <= 2; ++c) cell_type(s, 0, r, c) = "farm:B_GRAIN";
            cell_type(s, 0, 5, 5) = "forest:B_WOOD";
            cell_type(s, 0, 5, 6) = "forest:B_WOOD";
            cell_type(s, 0, 6, 6) = "forest:B_CON";
          }) == 8);
  }
  SECTION("EX-23 diverse columns and rows") {
    CHECK(scored(kDiverseLines, [](json& s) {
            const char* t[4] = {"farm:B_GRAIN", "forest:B_WOOD", "mountain:B_GEM", "city:B_SHIP"};
            for (int i = 0; i < 4; ++i) {
              cell_type(s, 0, i + 1, 1) = t[i];
              cell_type(s, 0, i + 1, 2) = t[i];
              cell_type(s, 0, 6, i + 3) = t[i];
            }
          }) == 9);
  }
}

TEST_CASE("EX-24 a blue die unlocked on retreat waits for next year and the monk is placed at once", "[santa_maria]") {
  auto g = bare(2);
  edit(*g, [](json& s) { s["global"]["religion"]["positions"][0] = 1; });
  apply_ok(*g, "retreat 2");
  const auto legal = tessera::testing::legal_texts(*g);
  CHECK(has(legal, "choose waste"));
  CHECK(has(legal, "choose m1"));
  int fresh = 0;
  const json before = state(*g);
  for (const auto& d : before["global"]["dice"]["dice"]) fresh += d["holder"].get<int>() == 0 && d["tag"] == "new" ? 1 : 0;
  CHECK(fresh == 1);
  apply_ok(*g, "choose m1");
  CHECK(points(*g, 0) == 3);
  fresh = 0;
  const json after = state(*g);
  for (const auto& d : after["global"]["dice"]["dice"]) fresh += d["holder"].get<int>() == 0 && d["tag"] == "new" ? 1 : 0;
  CHECK(fresh == 1);  // still not usable this year
}

TEST_CASE("EX-25 solo conquest scores only past the year's tree", "[santa_maria]") {
  for (int position : {3, 4}) {
    auto g = tessera::testing::new_game("santa_maria", 1, 3);
    apply_ok(*g, "set 1");
    apply_ok(*g, tessera::testing::legal_texts(*g).front());
    edit(*g, [&](json& s) {
      s["global"]["conquest"]["positions"][0] = position;
      set_value(s["global"]["progress"], "roads", 0);
      s["seats"][0]["port"]["values"] = json::object();
    });
    apply_ok(*g, "retreat 5");
    CHECK(progress(*g, "year") == 2);
    CHECK(points(*g, 0) == (position >= 4 ? 4 : 0));
  }
}

TEST_CASE("EX-26 advanced set-up: sets chosen counter-clockwise and capitals placed", "[santa_maria]") {
  auto g = tessera::testing::new_game("santa_maria", 4, 5, {"advanced"});
  const int start = progress(*g, "start");
  CHECK(g->decision().seat == (start + 3) % 4);
  std::vector<int> order;
  while (top_step(*g) != "turn") {
    const int seat = g->decision().seat;
    const auto legal = tessera::testing::legal_texts(*g);
    REQUIRE_FALSE(legal.empty());
    if (legal.front().rfind("set ", 0) == 0) order.push_back(seat);
    apply_ok(*g, legal.front());
  }
  CHECK(order == std::vector<int>{(start + 3) % 4, (start + 2) % 4, (start + 1) % 4, start});
  for (int seat = 0; seat < 4; ++seat) {
    CHECK(player(*g, seat, "capital_scholar") >= 1);
    int capital = 0;
    const json now = state(*g);
    for (const auto& t : now["seats"][seat]["colony"]["types"])
      capital += t.get<std::string>().rfind("capital:", 0) == 0 ? 1 : 0;
    CHECK(capital == 2);
    CHECK(player(*g, seat, "board") == 5);  // the side-B board (data/santa_maria/colony.yaml: B)
  }
  CHECK(g->decision().seat == start);
}
