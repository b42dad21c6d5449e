// Age of Discovery rule scenarios: the worked examples E1-E6 of the rules file, the
// scorings and the main "may not" rules, each driven through legal_actions()/apply().
#include <algorithm>
#include <catch2/catch.hpp>

#include "aod_support.hpp"

using namespace tessera;
using namespace aod_test;
using tessera::testing::legal_texts;
using tessera::testing::new_game;

namespace {

// A refused action leaves the state exactly as it was.
void refused(Game& g, const std::string& action) {
  const std::string before = state(g).dump();
  const ApplyResult r = g.apply(action);
  CHECK_FALSE(r.ok);
  CHECK(state(g).dump() == before);
}

}  // namespace

TEST_CASE("Setup deals rows, piles with the scoring cards, contracts, missions, flagships", "[age_of_discovery]") {
  for (int players = 2; players <= 4; ++players) {
    auto g = new_game("age_of_discovery", players, 5);
    const json s = state(*g);
    const json& piles = s["global"]["ships"]["piles"];
    const std::vector<int> sizes{6, 6, 7, 7, 8};
    for (int p = 0; p < 5; ++p) CHECK(piles[p]["cards"].size() == static_cast<std::size_t>(sizes[p]));
    CHECK(has(cards(piles[2]), "first_scoring"));
    CHECK(has(cards(piles[4]), "last_scoring"));
    CHECK(piles[2]["group"] == "pile3");
    CHECK(piles[4]["group"] == "pile5");
    for (int row = 0; row < 2; ++row)
      for (const auto& slot : s["global"]["rows"]["rows"][row]) CHECK_FALSE(slot.get<std::string>().empty());
    CHECK(s["global"]["display"]["rows"][0].size() == 4);
    CHECK(s["global"]["contract_deck"]["piles"][0]["cards"].size() == static_cast<std::size_t>(24 - 4 - 2 * players));
    for (int seat = 0; seat < players; ++seat) {
      CHECK(player(*g, seat, "coins") == 6);
      CHECK(player(*g, seat, "wild") == (players == 2 ? 3 : 2));
      CHECK(player(*g, seat, "reservation") == (players == 2 ? 2 : 1));
      CHECK(s["seats"][seat]["hand"]["cards"].size() == 2);
      CHECK(s["seats"][seat]["flagship"]["cards"].size() == 1);
      const std::string mission = s["seats"][seat]["mission"]["cards"][0];
      CHECK(mission.substr(0, 2) == "m" + std::to_string(players));
    }
    CHECK(s["global"]["box"]["piles"][0]["cards"].size() == static_cast<std::size_t>(6 - players));
  }
}

TEST_CASE("Hands, missions and hidden flagships are not in another seat's view", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 3, 2);
  const json v = g->table().view(1);
  CHECK(v["seats"][0]["hand"]["cards"][0].is_null());
  CHECK(v["seats"][0]["mission"]["cards"][0].is_null());
  CHECK(v["seats"][0]["flagship"]["cards"][0].is_null());
  CHECK(v["seats"][1]["hand"]["cards"][0].is_string());
  CHECK(v["seats"][1]["mission"]["cards"][0].is_string());
}

TEST_CASE("E1: buying several ships in one action, the filling row slides down", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 3, 1);
  std::string top_of_pile1;
  edit(*g, [&](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 8);
    set_row(s, 0, {"green_3a", "yellow_1a", "green_2a", "white_3a", "black_3a"});
    set_row(s, 1, {"green_1a", "red_2a", "red_2b", "red_2c", "blue_2a"});
    top_of_pile1 = s["global"]["ships"]["piles"][0]["cards"].back();
  });
  auto legal = legal_texts(*g);
  REQUIRE(has(legal, "buy 1"));
  REQUIRE(g->apply("buy 1").ok);
  CHECK(player(*g, 0, "coins") == 3);
  const json s = state(*g);
  CHECK(s["global"]["rows"]["rows"][0][0] == "green_1a");
  CHECK(s["global"]["rows"]["rows"][1][0] == top_of_pile1);
  CHECK(s["global"]["ships"]["piles"][0]["cards"].size() == 5);
  CHECK(cards(s["seats"][0]["fleet"]) == std::vector<std::string>{"green_3a"});
  legal = legal_texts(*g);
  CHECK(has(legal, "buy 1"));   // green transport 1, 3 coins
  CHECK(has(legal, "buy 2"));   // yellow transport 1, 3 coins
  CHECK_FALSE(has(legal, "buy 3"));  // green transport 2 costs 4
  CHECK(has(legal, "done"));
  refused(*g, "buy 3");
  REQUIRE(g->apply("buy 2").ok);
  CHECK(player(*g, 0, "coins") == 0);
  REQUIRE(g->apply("done").ok);
  CHECK(used(*g) == 4);
}

TEST_CASE("E2: the transport limit of Abreu (3) is never exceeded", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 1);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 20);
    set_hand(s, s["seats"][0]["fleet"], {"red_2a", "red_2b", "red_1a", "red_1b", "red_3a"});
    set_hand(s, s["seats"][0]["flagship"], {"flag_red_yellow"});
  });
  REQUIRE(g->apply("send red_2a expedition abreu").ok);
  auto legal = legal_texts(*g);
  CHECK_FALSE(has(legal, "send red_2b expedition abreu"));  // 2 + 2 > 3
  CHECK_FALSE(has(legal, "send red_3a expedition abreu"));
  refused(*g, "send red_2b expedition abreu");
  CHECK(has(legal, "send red_1a expedition abreu"));  // 2 + 1 reaches 3 exactly
  REQUIRE(g->apply("send red_1a expedition abreu").ok);
  CHECK(state(*g)["global"]["tally"]["values"]["abreu.load"] == 3);
  CHECK_FALSE(has(legal_texts(*g), "send red_1b expedition abreu"));

  // Three transport-1 ships; and 3 + 1 is refused.
  auto h = new_game("age_of_discovery", 2, 1);
  edit(*h, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 20);
    set_hand(s, s["seats"][0]["fleet"], {"red_1a", "red_1b", "red_3a"});
    set_hand(s, s["seats"][0]["flagship"], {"flag_red_yellow"});
  });
  REQUIRE(h->apply("send red_1a expedition abreu").ok);
  REQUIRE(h->apply("send red_1b expedition abreu").ok);
  CHECK_FALSE(has(legal_texts(*h), "send_flagship flag_red_yellow abreu red 2"));
  REQUIRE(h->apply("send_flagship flag_red_yellow abreu red 1").ok);
  CHECK(player(*h, 0, "coins") == 20 - 1 - 1 - 2);
  auto k = new_game("age_of_discovery", 2, 1);
  edit(*k, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 20);
    set_hand(s, s["seats"][0]["fleet"], {"red_1a", "red_3a"});
  });
  REQUIRE(k->apply("send red_3a expedition abreu").ok);
  refused(*k, "send red_1a expedition abreu");
  // A single transport-1 ship is allowed (and scores).
  auto m = new_game("age_of_discovery", 2, 1);
  edit(*m, [](json& s) {
    my_turn(s, 0);
    set_hand(s, s["seats"][0]["fleet"], {"red_1a"});
  });
  CHECK(m->apply("send red_1a expedition abreu").ok);
}

TEST_CASE("E3: a contract needs exactly its transport value", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 3);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 10);
    set_value(s["seats"][0]["player"], "wild", 0);
    set_value(s["seats"][0]["player"], "reservation", 0);
    set_hand(s, s["seats"][0]["fleet"], {"red_3a", "red_3b", "red_2a", "blue_2a"});
    set_hand(s, s["seats"][0]["hand"], {"tc_red_5"});
  });
  REQUIRE(g->apply("play tc_red_5").ok);
  REQUIRE(g->apply("assign red_3a").ok);
  auto legal = legal_texts(*g);
  CHECK_FALSE(has(legal, "assign red_3b"));  // 3 + 3 = 6 > 5
  CHECK_FALSE(has(legal, "assign blue_2a"));  // wrong colour, no Wild Ship card
  CHECK_FALSE(has(legal, "duration 2"));     // 3 < 5
  refused(*g, "assign red_3b");
  refused(*g, "duration 1");
  REQUIRE(g->apply("assign red_2a").ok);
  legal = legal_texts(*g);
  CHECK(legal == std::vector<std::string>{"duration 1", "duration 2", "duration 3", "cancel"});
  REQUIRE(g->apply("duration 2").ok);
  CHECK(player(*g, 0, "coins") == 8);  // two crew fees
  const json s = state(*g);
  CHECK(cards(s["seats"][0]["active"]) == std::vector<std::string>{"tc_red_5"});
  CHECK(cards(s["seats"][0]["voyage"]) == std::vector<std::string>{"red_3a", "red_2a"});
  CHECK(s["global"]["placed"]["values"]["tc_red_5.payout"] == 10);
}

TEST_CASE("A contract being built can be cancelled: ships, fees and the card come back", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 3);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 10);
    set_value(s["seats"][0]["player"], "wild", 1);
    set_hand(s, s["seats"][0]["fleet"], {"red_3a", "blue_2a"});
    set_hand(s, s["seats"][0]["hand"], {"tc_red_5"});
  });
  REQUIRE(g->apply("play tc_red_5").ok);
  REQUIRE(g->apply("assign_wild blue_2a").ok);
  CHECK(player(*g, 0, "wild") == 0);
  REQUIRE(g->apply("cancel").ok);
  CHECK(player(*g, 0, "wild") == 1);
  CHECK(player(*g, 0, "coins") == 10);
  const json s = state(*g);
  CHECK(cards(s["seats"][0]["hand"]) == std::vector<std::string>{"tc_red_5"});
  CHECK(cards(s["seats"][0]["fleet"]) == std::vector<std::string>{"red_3a", "blue_2a"});
  CHECK(cards(s["seats"][0]["active"]).empty());
}

TEST_CASE("E4: colour lock, Wild Ship and the flagship's declared colour and value", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 4);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 10);
    set_value(s["seats"][0]["player"], "wild", 0);
    set_hand(s, s["seats"][0]["fleet"], {"red_1a"});
    set_hand(s, s["seats"][0]["flagship"], {"flag_blue_green"});
    on_expedition(s, "magellan", "green_3a", 1, kGreen, 3);
    on_expedition(s, "magellan", "green_3b", 1, kGreen, 3);  // 6 of 8
  });
  auto legal = legal_texts(*g);
  CHECK_FALSE(has(legal, "send red_1a expedition magellan"));
  refused(*g, "send red_1a expedition magellan");
  CHECK(has(legal, "send_flagship flag_blue_green magellan green 1"));
  CHECK(has(legal, "send_flagship flag_blue_green magellan green 2"));
  CHECK_FALSE(has(legal, "send_flagship flag_blue_green magellan green 3"));
  CHECK_FALSE(has(legal, "send_flagship flag_blue_green magellan blue 1"));
  edit(*g, [](json& s) { set_value(s["seats"][0]["player"], "wild", 1); });
  legal = legal_texts(*g);
  REQUIRE(has(legal, "send_wild red_1a expedition magellan"));
  REQUIRE(g->apply("send_flagship flag_blue_green magellan green 2").ok);
  CHECK(player(*g, 0, "coins") == 8);
  json s = state(*g);
  CHECK(cards(s["seats"][0]["flagship"]).empty());  // revealed by its use
  CHECK(s["global"]["placed"]["values"]["flag_blue_green.val"] == 2);
  CHECK(cards(s["global"]["expedition_magellan"]).back() == "flag_blue_green");
  // The expedition is full now: not even a Wild Ship fits.
  CHECK_FALSE(has(legal_texts(*g), "send_wild red_1a expedition magellan"));
}

TEST_CASE("A Wild Ship sends one off-colour ship and keeps the lock colour", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 4);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 10);
    set_value(s["seats"][0]["player"], "wild", 1);
    set_hand(s, s["seats"][0]["fleet"], {"red_1a", "red_1b"});
    on_expedition(s, "magellan", "green_3a", 1, kGreen, 3);
  });
  REQUIRE(g->apply("send_wild red_1a expedition magellan").ok);
  CHECK(player(*g, 0, "wild") == 0);
  CHECK(state(*g)["global"]["tally"]["values"]["magellan.lock"] == kGreen + 1);
  CHECK_FALSE(has(legal_texts(*g), "send_wild red_1b expedition magellan"));
  refused(*g, "send_wild red_1b expedition magellan");
}

namespace {
// E5: seat 0 holds contract tc_white_5 and the two white ships that carry it, and 10 coins.
void e5_contract(json& s) {
  my_turn(s, 0);
  set_value(s["seats"][0]["player"], "coins", 10);
  set_hand(s, s["seats"][0]["fleet"], {"white_3a", "white_2a"});
  set_hand(s, s["seats"][0]["hand"], {"tc_white_5"});
}
}  // namespace

TEST_CASE("E5: a 2-turn contract pays 10 coins at the start of the owner's second turn", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 3, 6);
  edit(*g, e5_contract);
  REQUIRE(g->apply("play tc_white_5").ok);
  REQUIRE(g->apply("assign white_3a").ok);
  REQUIRE(g->apply("assign white_2a").ok);
  REQUIRE(g->apply("duration 2").ok);
  REQUIRE(g->apply("done").ok);
  REQUIRE(g->apply("end").ok);
  CHECK(player(*g, 0, "coins") == 8);
  CHECK(state(*g)["global"]["placed"]["values"]["tc_white_5.left"] == 2);
  REQUIRE(g->apply("end").ok);  // seat 1
  REQUIRE(g->apply("end").ok);  // seat 2
  CHECK(g->decision().seat == 0);
  CHECK(state(*g)["global"]["placed"]["values"]["tc_white_5.left"] == 1);  // one space left
  CHECK(player(*g, 0, "coins") == 8);
  REQUIRE(g->apply("end").ok);
  REQUIRE(g->apply("end").ok);
  REQUIRE(g->apply("end").ok);
  CHECK(g->decision().seat == 0);
  CHECK(player(*g, 0, "coins") == 18);
  CHECK(player(*g, 0, "contracts") == 1);
  const json s = state(*g);
  CHECK(cards(s["seats"][0]["fleet"]) == std::vector<std::string>{"white_3a", "white_2a"});
  CHECK(cards(s["seats"][0]["active"]).empty());
  CHECK(cards(s["seats"][0]["voyage"]).empty());
  CHECK(cards(s["global"]["contract_deck"]["piles"][1]) == std::vector<std::string>{"tc_white_5"});
  // The returned ships are usable at once.
  CHECK(has(legal_texts(*g), "send white_3a expedition drake"));
}

TEST_CASE("E6: a majority mission on 4 expeditions with 5 contracts scores 20", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 3, 7);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_hand(s, s["seats"][0]["mission"], {"m3_majority"});
    set_hand(s, s["seats"][1]["mission"], {"m3_presence"});
    set_hand(s, s["seats"][2]["mission"], {"m3_all"});
    set_value(s["seats"][0]["player"], "contracts", 5);
    set_value(s["seats"][1]["player"], "contracts", 2);
    set_hand(s, s["seats"][0]["fleet"], {});
    set_hand(s, s["seats"][1]["fleet"], {"red_1a"});
    set_hand(s, s["seats"][2]["fleet"], {});
    for (int i = 0; i < 3; ++i) {
      set_hand(s, s["seats"][i]["flagship"], {});
      set_hand(s, s["seats"][i]["hand"], {});
    }
    // Majority for seat 0 on abreu, dias, cabot, cartier; a tie on magellan (no majority).
    on_expedition(s, "abreu", "red_1b", 0, kRed, 1);
    on_expedition(s, "dias", "green_1a", 0, kGreen, 1);
    on_expedition(s, "dias", "green_1b", 0, kGreen, 1);
    on_expedition(s, "dias", "green_2a", 1, kGreen, 2);
    on_expedition(s, "cabot", "yellow_1a", 0, kYellow, 1);
    on_expedition(s, "cartier", "white_1a", 0, kWhite, 1);
    on_expedition(s, "magellan", "green_2b", 0, kGreen, 2);
    on_expedition(s, "magellan", "green_2c", 2, kGreen, 2);
    set_value(s["global"]["progress"], "final", 1);
    set_value(s["global"]["progress"], "final_left", 1);
  });
  REQUIRE(g->apply("end").ok);
  REQUIRE(g->is_over());
  CHECK(score(*g, 0, "mission_expeditions") == 4);
  CHECK(score(*g, 0, "missions") == 20);
  CHECK(score(*g, 1, "mission_expeditions") == 1);  // presence on dias
  CHECK(score(*g, 1, "missions") == 2);
  CHECK(score(*g, 2, "missions") == 0);  // no contracts completed
  // Last scoring: abreu 7, dias 7+7, cabot 6, cartier 6, magellan 4 (all matching).
  CHECK(score(*g, 0, "last") == 37);
  CHECK(score(*g, 1, "last") == 7);
  CHECK(score(*g, 1, "unassigned") == 1);
  const Outcome o = g->outcome();
  CHECK(o.scores == std::vector<int>{57, 10, 4});
  CHECK(o.winners == std::vector<int>{0});
  // Missions are shown to everyone at the end.
  CHECK(g->table().view(1)["seats"][0]["mission"]["cards"][0] == "m3_majority");
}

TEST_CASE("The First Scoring card scores expeditions at the end of the drawing turn", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 8);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 10);
    json& pile1 = s["global"]["ships"]["piles"][0]["cards"];
    // The next card drawn is the First Scoring card (moved from pile 3).
    json& pile3 = s["global"]["ships"]["piles"][2]["cards"];
    std::vector<std::string> p3 = pile3.get<std::vector<std::string>>();
    p3.erase(std::find(p3.begin(), p3.end(), "first_scoring"));
    pile3 = p3;
    pile1.push_back("first_scoring");
    on_expedition(s, "columbus", "red_1a", 0, kRed, 1);     // 2 (matching)
    on_expedition(s, "columbus", "red_1b", 1, kRed, 1);     // 2
    on_expedition(s, "cabot", "red_2a", 1, kRed, 2);        // 2 (other colour)
  });
  const int pile1_before = static_cast<int>(state(*g)["global"]["ships"]["piles"][0]["cards"].size());
  REQUIRE(g->apply("buy 1").ok);
  CHECK(progress(*g, "first_drawn") == 1);
  const json s = state(*g);
  CHECK(cards(s["global"]["ships"]["piles"][5]) == std::vector<std::string>{"first_scoring"});
  CHECK(static_cast<int>(s["global"]["ships"]["piles"][0]["cards"].size()) == pile1_before - 2);
  CHECK(s["global"]["rows"]["rows"][1][0] != "first_scoring");
  CHECK(score(*g, 0, "first") == 0);
  REQUIRE(g->apply("done").ok);
  REQUIRE(g->apply("end").ok);
  CHECK(progress(*g, "first_done") == 1);
  CHECK(score(*g, 0, "first") == 2);
  CHECK(score(*g, 1, "first") == 4);
  CHECK(score(*g, 1, "total") == 4);  // the VP so far
}

TEST_CASE("The Last Scoring card gives every player one more turn, the drawer last", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 3, 9);
  edit(*g, [](json& s) {
    my_turn(s, 1);
    set_value(s["seats"][1]["player"], "coins", 10);
    json& pile5 = s["global"]["ships"]["piles"][4]["cards"];
    std::vector<std::string> p5 = pile5.get<std::vector<std::string>>();
    p5.erase(std::find(p5.begin(), p5.end(), "last_scoring"));
    pile5 = p5;
    s["global"]["ships"]["piles"][0]["cards"].push_back("last_scoring");
    set_value(s["global"]["progress"], "first_drawn", 1);
    set_value(s["global"]["progress"], "first_done", 1);
  });
  REQUIRE(g->apply("buy 1").ok);
  REQUIRE(g->apply("done").ok);
  REQUIRE(g->apply("end").ok);
  CHECK(progress(*g, "final") == 1);
  for (int seat : {2, 0, 1}) {
    REQUIRE_FALSE(g->is_over());
    CHECK(g->decision().seat == seat);
    REQUIRE(g->apply("end").ok);
  }
  CHECK(g->is_over());
  const Outcome o = g->outcome();
  for (int seat = 0; seat < 3; ++seat)
    CHECK(o.scores[seat] == score(*g, seat, "first") + score(*g, seat, "last") + score(*g, seat, "missions") +
                                score(*g, seat, "unassigned"));
}

TEST_CASE("Unfinished contracts are discarded at the end and their ships count as unassigned", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 10);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 10);
    set_hand(s, s["seats"][0]["fleet"], {"black_3a"});
    set_hand(s, s["seats"][0]["hand"], {"tc_black_3"});
    set_hand(s, s["seats"][1]["fleet"], {"black_1a", "black_1b"});
    set_value(s["global"]["progress"], "final", 1);
    set_value(s["global"]["progress"], "final_left", 2);
  });
  REQUIRE(g->apply("play tc_black_3").ok);
  REQUIRE(g->apply("assign black_3a").ok);
  REQUIRE(g->apply("duration 3").ok);
  REQUIRE(g->apply("done").ok);
  REQUIRE(g->apply("end").ok);
  REQUIRE(g->apply("end").ok);
  REQUIRE(g->is_over());
  CHECK(player(*g, 0, "contracts") == 0);
  CHECK(score(*g, 0, "unassigned_ships") == 2);  // black_3a back + the hidden flagship
  CHECK(score(*g, 1, "unassigned_ships") == 3);
  const json s = state(*g);
  CHECK(cards(s["seats"][0]["active"]).empty());
  CHECK(has(cards(s["global"]["contract_deck"]["piles"][1]), "tc_black_3"));
}

TEST_CASE("A tie goes to more ships not on expeditions, then is shared", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 11);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    for (int i = 0; i < 2; ++i) {
      set_hand(s, s["seats"][i]["flagship"], {});
      set_hand(s, s["seats"][i]["hand"], {});
    }
    set_hand(s, s["seats"][0]["fleet"], {"red_1a"});
    set_hand(s, s["seats"][1]["fleet"], {"red_1b", "red_2a"});
    on_expedition(s, "abreu", "red_2b", 0, kRed, 2);  // 7 + mission (0 contracts) 0
    on_expedition(s, "dias", "green_2a", 1, kGreen, 2);  // 7
    set_value(s["global"]["progress"], "final", 1);
    set_value(s["global"]["progress"], "final_left", 1);
  });
  REQUIRE(g->apply("end").ok);
  const Outcome o = g->outcome();
  CHECK(o.scores == std::vector<int>{8, 9});
  CHECK(o.winners == std::vector<int>{1});

  auto h = new_game("age_of_discovery", 2, 11);
  edit(*h, [](json& s) {
    my_turn(s, 0);
    for (int i = 0; i < 2; ++i) {
      set_hand(s, s["seats"][i]["flagship"], {});
      set_hand(s, s["seats"][i]["fleet"], {});
    }
    set_value(s["global"]["progress"], "final", 1);
    set_value(s["global"]["progress"], "final_left", 1);
  });
  REQUIRE(h->apply("end").ok);
  CHECK(h->outcome().winners == std::vector<int>{0, 1});
}

TEST_CASE("The same action may not be taken twice in a turn; two actions end the turn", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 3, 12);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "reservation", 0);
  });
  REQUIRE(g->apply("coins").ok);
  CHECK(player(*g, 0, "coins") == 8);
  CHECK_FALSE(has(legal_texts(*g), "coins"));
  refused(*g, "coins");
  REQUIRE(g->apply("contract blind").ok);
  CHECK(player(*g, 0, "coins") == 7);
  CHECK(state(*g)["seats"][0]["hand"]["cards"].size() == 3);
  CHECK(g->decision().seat == 1);  // two actions taken, no card left to play
}

TEST_CASE("Taking a contract: 1 coin, hand limit 4, the display refills", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 13);
  std::string first_shown, top;
  edit(*g, [&](json& s) {
    my_turn(s, 0);
    first_shown = s["global"]["display"]["rows"][0][0];
    top = s["global"]["contract_deck"]["piles"][0]["cards"].back();
  });
  REQUIRE(g->apply("contract " + first_shown).ok);
  const json s = state(*g);
  CHECK(s["global"]["display"]["rows"][0][0] == top);
  CHECK(has(cards(s["seats"][0]["hand"]), first_shown));
  CHECK(player(*g, 0, "coins") == 5);

  auto h = new_game("age_of_discovery", 2, 13);
  edit(*h, [](json& s) {
    my_turn(s, 0);
    set_hand(s, s["seats"][0]["hand"], {"tc_red_3", "tc_red_4", "tc_red_5", "tc_red_6"});
  });
  for (const auto& a : legal_texts(*h)) CHECK(a.rfind("contract", 0) != 0);
  refused(*h, "contract blind");
  auto k = new_game("age_of_discovery", 2, 13);
  edit(*k, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 0);
  });
  refused(*k, "contract blind");
}

TEST_CASE("A reservation blocks others for one round, then expires", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 14);
  std::string ship;
  edit(*g, [&](json& s) {
    my_turn(s, 0);
    ship = s["global"]["rows"]["rows"][0][2];
    for (int i = 0; i < 2; ++i) set_value(s["seats"][i]["player"], "coins", 20);
  });
  REQUIRE(g->apply("reserve " + ship).ok);
  CHECK(player(*g, 0, "reservation") == 1);
  REQUIRE(g->apply("end").ok);
  CHECK_FALSE(has(legal_texts(*g), "buy 3"));  // seat 1 may not buy it
  refused(*g, "buy 3");
  refused(*g, "reserve " + ship);
  REQUIRE(g->apply("end").ok);
  CHECK(has(legal_texts(*g), "buy 3"));  // seat 0 may
  REQUIRE(g->apply("end").ok);  // the marker is removed at the end of this turn
  CHECK(has(legal_texts(*g), "buy 3"));
  CHECK(state(*g)["global"]["reservations"]["values"].value(ship, 0) == 0);
}

TEST_CASE("A ship whose crew fee cannot be paid cannot be sent", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 15);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 1);
    set_hand(s, s["seats"][0]["fleet"], {"red_1a"});
    set_hand(s, s["seats"][0]["flagship"], {"flag_red_yellow"});
  });
  CHECK(has(legal_texts(*g), "send red_1a expedition abreu"));
  CHECK_FALSE(has(legal_texts(*g), "send_flagship flag_red_yellow abreu red 1"));
  refused(*g, "send_flagship flag_red_yellow abreu red 1");
}

TEST_CASE("A send action in which every contract was taken back does not count", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 16);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 10);
    set_hand(s, s["seats"][0]["fleet"], {"red_3a"});
    set_hand(s, s["seats"][0]["hand"], {"tc_red_3"});
  });
  REQUIRE(g->apply("play tc_red_3").ok);
  CHECK(used(*g) == 8);
  REQUIRE(g->apply("cancel").ok);
  REQUIRE(g->apply("done").ok);
  CHECK(used(*g) == 0);
  REQUIRE(g->apply("play tc_red_3").ok);
  REQUIRE(g->apply("assign red_3a").ok);
  REQUIRE(g->apply("duration 1").ok);
  REQUIRE(g->apply("done").ok);
  CHECK(used(*g) == 8);
}

TEST_CASE("A reserved contract cannot be taken by another player", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 17);
  std::string contract;
  edit(*g, [&](json& s) {
    my_turn(s, 0);
    contract = s["global"]["display"]["rows"][0][1];
  });
  REQUIRE(g->apply("reserve " + contract).ok);
  REQUIRE(g->apply("end").ok);
  CHECK_FALSE(has(legal_texts(*g), "contract " + contract));
  refused(*g, "contract " + contract);
  REQUIRE(g->apply("end").ok);
  REQUIRE(g->apply("contract " + contract).ok);  // the owner takes it, paying normally
  CHECK(player(*g, 0, "coins") == 5);
  CHECK(state(*g)["global"]["reservations"]["values"].value(contract, 0) == 0);
}

TEST_CASE("A reserved filling-row ship keeps its marker when it slides down", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 18);
  std::string upper;
  edit(*g, [&](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 10);
    set_value(s["seats"][1]["player"], "coins", 10);
    upper = s["global"]["rows"]["rows"][1][0];
  });
  REQUIRE(g->apply("reserve " + upper).ok);
  REQUIRE(g->apply("buy 1").ok);
  REQUIRE(g->apply("done").ok);
  REQUIRE(g->apply("end").ok);
  CHECK(state(*g)["global"]["rows"]["rows"][0][0] == upper);
  CHECK_FALSE(has(legal_texts(*g), "buy 1"));  // seat 1 may not buy it
}

TEST_CASE("A Wild Ship card cannot be played without one left", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 19);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "wild", 0);
    set_hand(s, s["seats"][0]["fleet"], {"red_1a"});
    on_expedition(s, "magellan", "green_3a", 1, kGreen, 3);
  });
  refused(*g, "send_wild red_1a expedition magellan");
}

TEST_CASE("Re-dealing what a seat cannot see keeps each scoring card in its pile", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 3, 20);
  Table table = g->table();
  Rng rng(5);
  const json before = table.view(0);
  for (int i = 0; i < 50; ++i) {
    table.resample_hidden(0, rng);
    const json s = table.to_json();
    CHECK(has(cards(s["global"]["ships"]["piles"][2]), "first_scoring"));
    CHECK(has(cards(s["global"]["ships"]["piles"][4]), "last_scoring"));
    CHECK(table.view(0) == before);
  }
}

TEST_CASE("Both scoring cards in one turn: first scoring, then the final round", "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 21);
  edit(*g, [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 20);
    for (int p : {2, 4}) {
      json& pile = s["global"]["ships"]["piles"][p]["cards"];
      std::vector<std::string> v = pile.get<std::vector<std::string>>();
      v.erase(std::remove_if(v.begin(), v.end(), [](const std::string& c) { return c.find("scoring") != std::string::npos; }),
              v.end());
      pile = v;
    }
    take(s, "red_1a");
    json& pile1 = s["global"]["ships"]["piles"][0]["cards"];
    pile1.push_back("last_scoring");
    pile1.push_back("red_1a");
    pile1.push_back("first_scoring");
    on_expedition(s, "abreu", "red_3b", 1, kRed, 3);
  });
  REQUIRE(g->apply("buy 1").ok);
  REQUIRE(g->apply("buy 1").ok);
  CHECK(progress(*g, "first_drawn") == 1);
  CHECK(progress(*g, "last_drawn") == 1);
  REQUIRE(g->apply("done").ok);
  REQUIRE(g->apply("end").ok);
  CHECK(score(*g, 1, "first") == 4);
  CHECK(progress(*g, "final") == 1);
  CHECK(g->decision().seat == 1);
  REQUIRE(g->apply("end").ok);
  CHECK(g->decision().seat == 0);
  REQUIRE(g->apply("end").ok);
  CHECK(g->is_over());
  CHECK(score(*g, 1, "last") == 7);
}

TEST_CASE("A scenario with an ownerless ship or an index out of range is refused and changes nothing",
          "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 22);
  const std::string before = state(*g).dump();
  const auto refused_state = [&](const std::function<void(json&)>& arrange) {
    json s = state(*g);
    arrange(s);
    CHECK_THROWS_AS(g->set_state(s), DataError);
    CHECK(state(*g).dump() == before);
  };
  SECTION("a ship on an expedition without an owner (it would be scored for seat -1)") {
    refused_state([](json& s) { set_hand(s, s["global"]["expedition_abreu"], {"red_1a"}); });
    refused_state([](json& s) {
      on_expedition(s, "abreu", "red_1a", 0, kRed, 1);
      set_value(s["global"]["placed"], "red_1a.own", 0);
    });
  }
  SECTION("a ship on an expedition owned by no seat of this game, or of no colour") {
    refused_state([](json& s) { on_expedition(s, "abreu", "red_1a", 2, kRed, 1); });
    refused_state([](json& s) {
      on_expedition(s, "abreu", "red_1a", 0, kRed, 1);
      set_value(s["global"]["placed"], "red_1a.col", 0);
    });
  }
  SECTION("a ship on a voyage that is on none of its owner's active contracts") {
    refused_state([](json& s) {
      set_hand(s, s["seats"][0]["voyage"], {"red_1a"});
      set_value(s["global"]["placed"], "red_1a.own", 1);
      set_value(s["global"]["placed"], "red_1a.col", kRed + 1);
      set_value(s["global"]["placed"], "red_1a.con", 1);
    });
  }
  SECTION("a contract being built that is not the seat's, or loaded past its requirement") {
    refused_state([](json& s) {
      my_turn(s, 0);
      s["global"]["flow"]["frames"].push_back(frame("sending", 0, 0, json{{"sent", 0}}));
      s["global"]["flow"]["frames"].push_back(frame("building", 0, 0, json{{"contract", 0}, {"load", 0}}));
    });
    refused_state([](json& s) {
      my_turn(s, 0);
      set_hand(s, s["seats"][0]["active"], {"tc_red_3"});
      s["global"]["flow"]["frames"].push_back(frame("sending", 0, 0, json{{"sent", 0}}));
      s["global"]["flow"]["frames"].push_back(frame("building", 0, 0, json{{"contract", 0}, {"load", 4}}));
    });
    refused_state([](json& s) {
      my_turn(s, 0);
      set_hand(s, s["seats"][0]["active"], {"tc_red_3"});
      s["global"]["flow"]["frames"].push_back(frame("building", 0, 0, json{{"contract", 0}, {"load", 0}}));
    });
  }
  SECTION("a reservation marker of no seat; a lock colour is not read but derived from the ships") {
    refused_state([](json& s) { set_value(s["global"]["reservations"], "tc_red_3", 3); });
    json s = state(*g);
    set_value(s["global"]["tally"], "abreu.lock", 7);
    g->set_state(s);
    CHECK(state(*g).dump() == before);  // no ship on abreu: no lock
  }
}

TEST_CASE("Age of Discovery: the declared schema refuses undeclared keys, values out of range, unknown and "
          "duplicated cards, and changes nothing",
          "[age_of_discovery]") {
  auto g = new_game("age_of_discovery", 2, 23);
  const json before = state(*g);
  const auto refused_edit = [&](const std::function<void(json&)>& arrange, const std::string& why) {
    json edited = before;
    arrange(edited);
    CHECK_THROWS_WITH(g->set_state(edited), Catch::Contains(why));
    CHECK(state(*g) == before);
  };
  refused_edit([](json& s) { set_value(s["seats"][0]["player"], "gold", 3); }, "seat 0 player: no key 'gold'");
  refused_edit([](json& s) { set_value(s["global"]["progress"], "final", 2); }, "progress.final must be 0..1, not 2");
  refused_edit([](json& s) { set_value(s["seats"][1]["player"], "coins", -1); },
               "seat 1 player.coins must be 0..100000, not -1");
  refused_edit([](json& s) { set_value(s["global"]["placed"], "red_1a.own", -1); }, "placed.red_1a.own must be 0..");
  refused_edit([](json& s) { s["seats"][0]["hand"]["cards"][0] = "tc_purple_3"; },
               "seat 0 hand: 'tc_purple_3' is not one of the contracts");
  // A contract among the ships; a mission of another player count.
  refused_edit([&](json& s) { s["seats"][0]["flagship"]["cards"][0] = before["seats"][0]["hand"]["cards"][0]; },
               "is not one of the ships");
  refused_edit([](json& s) { s["seats"][0]["mission"]["cards"][0] = "m3_all"; },
               "seat 0 mission: 'm3_all' is not one of the missions");
  // A ship shown in the purchase row and also in a fleet; a contract gone from the display.
  const std::string shown = before["global"]["rows"]["rows"][0][0];
  refused_edit([&](json& s) { s["seats"][0]["fleet"].update(json{{"cards", {shown}}, {"revealed", {true}}}); },
               "the ships are conserved: '" + shown + "' is in 2 place(s)");
  const std::string offered = before["global"]["display"]["rows"][0][1];
  refused_edit([](json& s) { s["global"]["display"]["rows"][0][1] = ""; },
               "the contracts are conserved: '" + offered + "' is in 0 place(s)");
  // The same arrangement made by moving the ship is accepted.
  edit(*g, [&](json& s) { set_hand(s, s["seats"][0]["fleet"], {shown}); });
  CHECK(cards(state(*g)["seats"][0]["fleet"]) == std::vector<std::string>{shown});
}

TEST_CASE("Busy captains: a turn holds three actions, a rules number changed by an overlay alone", "[age_of_discovery]") {
  auto plain = new_game("age_of_discovery", 2, 4);
  auto busy = new_game("age_of_discovery", 2, 4, {"busy_captains"});
  const int first = plain->decision().seat;
  REQUIRE(busy->decision().seat == first);
  for (Game* g : {plain.get(), busy.get()}) {
    REQUIRE(g->decision().prompt == std::string("Choose an action (0 of ") + (g == plain.get() ? "2" : "3") +
                                        " taken) or end your turn");
    REQUIRE(g->apply("coins").ok);
    REQUIRE(g->apply("contract blind").ok);
  }
  // The game's rule: two actions end the turn (it waits only for a Reservation card's play).
  const auto plain_texts = legal_texts(*plain);
  CHECK((plain->decision().seat != first ||
         std::none_of(plain_texts.begin(), plain_texts.end(), [](const std::string& t) { return t.rfind("buy ", 0) == 0; })));
  REQUIRE(busy->decision().seat == first);
  CHECK(busy->decision().prompt == "Choose an action (2 of 3 taken) or end your turn");
  CHECK(used(*busy) == 3);
  const auto texts = legal_texts(*busy);
  CHECK_FALSE(std::find(texts.begin(), texts.end(), "coins") != texts.end());  // each action once a turn
  CHECK(std::any_of(texts.begin(), texts.end(), [](const std::string& t) { return t.rfind("buy ", 0) == 0; }));
}

TEST_CASE("Patient investors: a contract started for the longest duration pays 1 coin at once (an event subscription)", "[age_of_discovery]") {
  // E5's contract, started for 3 turns (the longest of game.yaml's durations) and for 2.
  for (const int turns : {3, 2}) {
    INFO("turns " << turns);
    auto g = new_game("age_of_discovery", 3, 6, {"patient_investors"});
    edit(*g, e5_contract);
    REQUIRE(g->apply("play tc_white_5").ok);
    REQUIRE(g->apply("assign white_3a").ok);
    REQUIRE(g->apply("assign white_2a").ok);
    REQUIRE(player(*g, 0, "coins") == 8);  // the crew fees
    REQUIRE(g->apply("duration " + std::to_string(turns)).ok);
    CHECK(player(*g, 0, "coins") == (turns == 3 ? 9 : 8));
  }
}

TEST_CASE("Harbour credit: a seat that cannot pay the fee may take the top contract blind, and the harbour pays", "[age_of_discovery]") {
  const auto broke = [](json& s) {
    my_turn(s, 0);
    set_value(s["seats"][0]["player"], "coins", 0);
  };
  auto plain = new_game("age_of_discovery", 2, 4);
  edit(*plain, broke);
  CHECK_FALSE(has(legal_texts(*plain), "contract blind"));  // the game's rule: the fee is paid
  auto g = new_game("age_of_discovery", 2, 4, {"harbour_credit"});
  edit(*g, broke);
  const auto texts = legal_texts(*g);
  CHECK(std::count(texts.begin(), texts.end(), "contract blind") == 1);
  for (const auto& t : texts) CHECK((t.rfind("contract ", 0) != 0 || t == "contract blind"));  // blind only
  for (const auto& a : g->legal_actions())
    if (a.text == "contract blind") CHECK_THAT(a.label, Catch::EndsWith(" (the harbour pays)"));
  const std::size_t hand = state(*g)["seats"][0]["hand"]["cards"].size();
  REQUIRE(g->apply("contract blind").ok);
  CHECK(player(*g, 0, "coins") == 0);
  CHECK(state(*g)["seats"][0]["hand"]["cards"].size() == hand + 1);
  CHECK(used(*g) == 2);
  CHECK_FALSE(has(legal_texts(*g), "contract blind"));  // one contract action a turn
}
