// CATAN: Rise of the Inkas — the may-not rules of Appendix A.5 as refusals that leave the
// state unchanged, and the rules around them: development cards, the special cards, the
// robber, player trades, deck 2 and the founding fallback.
#include "catan_support.hpp"

using namespace catan_test;

TEST_CASE("Roads go only on routes, anchored at an own active building or road end", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kBlue, {{"wood", 3}, {"stone", 3}});
    put_building(s, "1,1,W", kBlue, "dec_settlement");
    at_turn(s, kBlue);
  });
  refused(*g, "build_road 1,2,NE");   // between jungle and plantation: no route
  refused(*g, "build_road 0,2,N");    // ends at blue's own declined settlement only
  refused(*g, "build_road -1,1,N");   // far away
  act(*g, "build_road 1,-1,SE");      // from blue's active settlement 2,-1,W
  act(*g, "build_road 0,0,NE");       // from the end of blue's road 1,0,N
}

TEST_CASE("A road a house rule's Lua lays is seen by the next decision's road moves", "[catan_inca]") {
  // The generators keep their reading of the board until the board changes; a change made
  // from Lua goes through the same door as the plugin's own and must be seen at once.
  auto g = tessera::testing::new_game_with_scripts("catan_inca", 4, 1, {{"extra_road", R"lua(
hook("on_action", function(ctx, arg)
  if arg.text == "build_road 1,-1,SE" then
    local map = ctx:get("board")
    map:set_edge(map:edge_index("0,0,NE"), {owner = ctx.seat, piece = "road"})
  end
end)
)lua"}});
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kBlue, {{"wood", 3}, {"stone", 3}});
    at_turn(s, kBlue);
  });
  REQUIRE(has(legal_texts(*g), "build_road 0,0,NE"));
  REQUIRE_FALSE(has(legal_texts(*g), "build_road 0,0,N"));
  act(*g, "build_road 1,-1,SE");
  CHECK(road_owner(*g, "0,0,NE") == kBlue);
  CHECK_FALSE(has(legal_texts(*g), "build_road 0,0,NE"));  // taken now
  CHECK(has(legal_texts(*g), "build_road 0,0,N"));         // from the end of the new road
}

TEST_CASE("A route another player builds on is gone from the next list of a player who saw it free", "[catan_inca]") {
  // Red's moves are read at its turn, and the game keeps what they came from; blue then
  // builds on a route red could take too: at red's next turn that route is not offered.
  const auto arranged = [](int seat) {
    return [seat](json& s) {
      ex06_board(s);
      set_hand(s, kRed, {{"wood", 1}, {"stone", 1}});
      set_hand(s, kBlue, {{"wood", 1}, {"stone", 1}});
      at_turn(s, seat);
    };
  };
  auto blue_view = new_catan(4, 1);
  edit(*blue_view, arranged(kBlue));
  auto g = new_catan(4, 1);
  edit(*g, arranged(kRed));
  std::string shared;  // a road both may build
  for (const std::string& move : legal_texts(*g))
    if (move.rfind("build_road ", 0) == 0 && has(legal_texts(*blue_view), move)) shared = move;
  REQUIRE_FALSE(shared.empty());
  act(*g, "end");
  // Orange's turn, blue's (it builds the shared route), grey's, up to red's roll.
  bool built = false;
  for (int i = 0; i < 200 && !(built && top_step(*g) == "turn" && g->seat_to_move() == kRed); ++i) {
    const auto legal = legal_texts(*g);
    if (g->seat_to_move() == kBlue && has(legal, shared)) {
      act(*g, shared);
      built = true;
    } else {
      act(*g, has(legal, "roll") ? "roll" : has(legal, "end") ? "end" : legal.front());
    }
  }
  REQUIRE(built);
  for (int i = 0; i < 20 && !(top_step(*g) == "turn" && has(legal_texts(*g), "end")); ++i) {
    const auto legal = legal_texts(*g);
    act(*g, has(legal, "roll") ? "roll" : legal.front());  // red's roll, and a 7's robber
  }
  REQUIRE(g->seat_to_move() == kRed);
  const auto legal = legal_texts(*g);
  REQUIRE(std::any_of(legal.begin(), legal.end(), [](const std::string& m) { return m.rfind("build_road ", 0) == 0; }));
  CHECK_FALSE(has(legal, shared));  // red may still build roads, but not that one
}

TEST_CASE("No trading or building before the roll; the roll comes first", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    set_hand(s, kRed, {{"wood", 4}, {"stone", 4}, {"potato", 4}, {"wool", 4}});
    at_turn(s, kRed, false);
  });
  const auto legal = legal_texts(*g);
  CHECK(has(legal, "roll"));
  refused(*g, "build_road -2,1,NE");
  refused(*g, "trade_bank wood");
  refused(*g, "propose");
  refused(*g, "end");
}

TEST_CASE("Cities: only on an own active settlement, one per tribe, not on a declined one", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kRed, {{"potato", 4}, {"ore", 6}});
    put_building(s, "1,1,W", kRed, "dec_settlement");
    at_turn(s, kRed);
  });
  refused(*g, "build_city 1,1,W");   // declined
  refused(*g, "build_city 2,-1,W");  // blue's
  act(*g, "build_city -2,1,E");
  refused(*g, "build_city 0,-2,W");  // a second city in tribe 1
}

TEST_CASE("The distance rule counts declined buildings", "[catan_inca]") {
  const auto arrange = [](bool declined) {
    return [declined](json& s) {
      empty_hands(s);
      set_hand(s, kRed, {{"wood", 1}, {"stone", 1}, {"potato", 1}, {"wool", 1}});
      put_road(s, "-1,-1,NE", kRed);
      put_road(s, "0,-1,N", kRed);
      if (declined) put_building(s, "0,-2,E", kBlue, "dec_settlement");
      at_turn(s, kRed);
    };
  };
  auto free = new_catan(4, 1);
  edit(*free, arrange(false));
  CHECK(has(legal_texts(*free), "build_settlement 1,-2,W"));
  auto blocked = new_catan(4, 1);
  edit(*blocked, arrange(true));
  refused(*blocked, "build_settlement 1,-2,W");
}

TEST_CASE("The robber never goes to goods hexes, ocean or its own hex; the steal is mandatory", "[catan_inca]") {
  auto g = rolling(4, 7, [](json& s) {
    empty_hands(s);
    set_hand(s, kBlue, {{"ore", 1}});
    at_turn(s, kRed, false);
  });
  act(*g, "roll");
  REQUIRE(top_step(*g) == "robber");
  refused(*g, "move_robber 2,-1");  // jungle
  refused(*g, "move_robber 2,-2");  // plantation
  refused(*g, "move_robber -2,1");  // coast
  refused(*g, "move_robber -2,0");  // ocean
  refused(*g, "move_robber 3,-3");  // where it stands
  refused(*g, "move_robber 3,-2");  // jungle frame, not a robber spot
  act(*g, "move_robber 1,-1");      // quarry 4: blue's C touches it
  REQUIRE(top_step(*g) == "steal");
  CHECK(legal_texts(*g) == std::vector<std::string>{"steal 2"});
  act(*g, "steal 2");
  CHECK(hand(*g, kRed) == Cards{{"ore", 1}});
  CHECK(hand(*g, kBlue).empty());
}

TEST_CASE("Development cards: one per turn, never the one bought this turn", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kRed, {{"potato", 2}, {"wool", 2}, {"ore", 2}});
    give_dev(s, kRed, "invention", false);
    at_turn(s, kRed);
  });
  act(*g, "buy_card");
  const std::string bought = state(*g)["seats"][kRed]["hand"]["cards"][1];
  if (bought != "invention") refused(*g, "play_card " + bought);
  act(*g, "play_card invention");
  REQUIRE(top_step(*g) == "choose");
  act(*g, "choose wood+ore");
  CHECK(hand(*g, kRed) == Cards{{"potato", 1}, {"wool", 1}, {"ore", 2}, {"wood", 1}});
  refused(*g, "play_card " + bought);  // a second card this turn
  CHECK(state(*g)["global"]["development"]["piles"][2]["cards"] == json::array({"invention"}));
}

TEST_CASE("A progress card's choices are asked again at each decision, not kept from the last", "[catan_inca]") {
  // The choose moves of a card are asked of Lua once per decision and kept until the choice
  // is applied. A house rule whose choices follow the state must see them change from one
  // card to the next: here Invention offers only pairs of types the player holds none of.
  auto g = tessera::testing::new_game_with_scripts("catan_inca", 3, 1, {{"new_types_only", R"lua(
wrap_effect("invention", {
  options = function(base, ctx, params)
    local cards, out = ctx:get("cards"), {}
    for _, choice in ipairs(base(ctx, params)) do
      local a, b = string.match(choice.id, "^([^+]+)%+(.+)$")
      if cards:count(ctx.seat, a) == 0 and cards:count(ctx.seat, b) == 0 then out[#out + 1] = choice end
    end
    return out
  end,
})
)lua"}});
  edit(*g, [](json& s) {
    empty_hands(s);
    give_dev(s, kRed, "invention", false);
    give_dev(s, kRed, "invention", false);
    at_turn(s, kRed);
  });
  // The choose moves a fresh question gives: every pair of types red holds none of.
  const auto expected = [&g] {
    const auto& types = kTypes;
    std::vector<std::string> moves;
    const Cards held = hand(*g, kRed);
    for (std::size_t a = 0; a < types.size(); ++a)
      for (std::size_t b = a; b < types.size(); ++b)
        if (!held.count(types[a]) && !held.count(types[b])) moves.push_back("choose " + types[a] + "+" + types[b]);
    return moves;
  };
  act(*g, "play_card invention");
  CHECK(legal_texts(*g) == expected());
  act(*g, "choose wood+ore");
  REQUIRE(hand(*g, kRed).count("wood") == 1);
  act(*g, "end");
  // The others' turns, by the first legal move that ends them, up to red's next turn.
  for (int i = 0; i < 200 && !(top_step(*g) == "turn" && g->seat_to_move() == kRed); ++i) {
    const auto legal = legal_texts(*g);
    REQUIRE_FALSE(legal.empty());
    act(*g, has(legal, "end") ? "end" : has(legal, "roll") ? "roll" : legal.front());
  }
  REQUIRE(top_step(*g) == "turn");
  REQUIRE(g->seat_to_move() == kRed);
  act(*g, "play_card invention");  // the same step, seat and card as the first time
  const auto second = expected();
  REQUIRE_FALSE(second.empty());
  CHECK(legal_texts(*g) == second);
  CHECK_FALSE(has(legal_texts(*g), "choose wood+ore"));
}

TEST_CASE("A house rule may call Invention with params of its own and add a choice of its own", "[catan_inca]") {
  // The game gives the card effects the card types as a param; a wrapper that passes params
  // of its own leaves them out, and the options still list every pair (from the supply).
  auto g = tessera::testing::new_game_with_scripts("catan_inca", 3, 1, {{"own_params", R"lua(
wrap_effect("invention", {
  options = function(base, ctx, params)
    local out = base(ctx, {monopoly_cap = params.monopoly_cap})
    out[#out + 1] = {id = "nothing"}
    return out
  end,
  apply = function(base, ctx, params, choice)
    if choice ~= "nothing" then base(ctx, params, choice) end
  end,
})
)lua"}});
  edit(*g, [](json& s) {
    empty_hands(s);
    give_dev(s, kRed, "invention", false);
    at_turn(s, kRed);
  });
  act(*g, "play_card invention");
  const auto actions = g->legal_actions();
  REQUIRE(actions.size() == 36 + 1);
  CHECK(actions.front().text == "choose wood+wood");
  CHECK(actions.front().label == "Take wood and wood");
  CHECK(actions.back().text == "choose nothing");
  CHECK(actions.back().label == "nothing");  // not a pair: worded by its id
  act(*g, "choose stone+ore");
  CHECK(hand(*g, kRed) == Cards{{"stone", 1}, {"ore", 1}});
}

TEST_CASE("Monopoly takes up to 2 cards of the named type from each other player", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kOrange, {{"wool", 5}});
    set_hand(s, kBlue, {{"wool", 1}});
    give_dev(s, kRed, "monopoly", false);
    at_turn(s, kRed, false);
  });
  act(*g, "play_card monopoly");  // also before the roll
  act(*g, "choose wool");
  CHECK(hand(*g, kRed) == Cards{{"wool", 3}});
  CHECK(hand(*g, kOrange) == Cards{{"wool", 3}});
  CHECK(hand(*g, kBlue).empty());
  CHECK(top_step(*g) == "turn");
  refused(*g, "build_road -1,1,W");
}

TEST_CASE("Road Building lays up to two free roads by the normal rules", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    give_dev(s, kRed, "road_building", false);
    at_turn(s, kRed);
  });
  act(*g, "play_card road_building");
  REQUIRE(top_step(*g) == "free_roads");
  act(*g, "free_road -2,1,NE");
  act(*g, "free_road -1,-1,NE");
  CHECK(count_roads(*g, kRed) == 4);
  CHECK(top_step(*g) == "turn");
  CHECK(hand(*g, kRed).empty());
}

TEST_CASE("Combat Arts: robber without discards, face up, and the Mightiest Combat Arts", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kBlue, {{"ore", 9}});
    give_dev(s, kRed, "combat_arts", true);
    give_dev(s, kRed, "combat_arts", false);
    at_turn(s, kRed, false);
  });
  act(*g, "play_card combat_arts");
  CHECK(top_step(*g) == "robber");  // blue holds 9 but nobody discards
  CHECK(progress(*g, "might_holder") == kRed);
  act(*g, "move_robber 1,0");  // mountains 9: blue's C and grey's D touch it
  CHECK(legal_texts(*g) == std::vector<std::string>{"steal 2"});  // grey holds no card
  act(*g, "steal 2");
  CHECK(hand(*g, kRed) == Cards{{"ore", 1}});
  refused(*g, "play_card combat_arts");
}

TEST_CASE("Mightiest Combat Arts: the tribute moves the robber off the holder's hex and pays its product", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    put_robber(s, -1, 1);  // mountains 11 next to red's A
    s["global"]["progress"]["values"]["might_holder"] = kRed;
    at_turn(s, kRed, false);
  });
  act(*g, "tribute 2,-4");
  CHECK(hand(*g, kRed) == Cards{{"ore", 1}});
  CHECK(robber_at(*g) == "2,-4");
  refused(*g, "tribute 2,2");  // once per turn, and the robber is on the frame now
}

TEST_CASE("Longest Trade Route: the trade comes after the roll, once a turn, for a third type", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kRed, {{"wood", 2}, {"fish", 2}});
    s["global"]["progress"]["values"]["route_holder"] = kRed;
    at_turn(s, kRed, false);
  });
  refused(*g, "route_trade wood fish");
  edit(*g, [](json& s) { at_turn(s, kRed); });
  act(*g, "route_trade wood fish");
  CHECK_FALSE(has(legal_texts(*g), "receive wood"));
  CHECK_FALSE(has(legal_texts(*g), "receive fish"));
  act(*g, "receive ore");
  CHECK(hand(*g, kRed) == Cards{{"wood", 1}, {"fish", 1}, {"ore", 1}});
  refused(*g, "route_trade wood fish");
}

TEST_CASE("Trade between players: propose, each other seat answers, the proposer picks", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kRed, {{"wood", 3}});
    set_hand(s, kOrange, {{"ore", 1}});
    set_hand(s, kBlue, {{"ore", 2}});
    at_turn(s, kRed);
  });
  act(*g, "propose");
  refused(*g, "offer ore 1");  // red holds no ore
  act(*g, "offer wood 2");
  refused(*g, "ask wood 1");   // no same-type swaps
  refused(*g, "ask ore 3");    // nobody holds 3 cards (hand sizes are public)
  act(*g, "ask ore 1");
  CHECK(g->decision().seat == kOrange);
  act(*g, "decline");
  CHECK(g->decision().seat == kBlue);  // grey holds no ore: not asked
  act(*g, "accept");
  CHECK(g->decision().seat == kRed);
  refused(*g, "trade_with 1");
  act(*g, "trade_with 2");
  CHECK(hand(*g, kRed) == Cards{{"wood", 1}, {"ore", 1}});
  CHECK(hand(*g, kBlue) == Cards{{"wood", 2}, {"ore", 1}});
  CHECK(top_step(*g) == "turn");
}

TEST_CASE("The proposer's trade moves do not depend on what the others hold, only on how many", "[catan_inca]") {
  // Two deals of the other hands with the same sizes: red cannot tell them apart.
  const auto trade_moves = [](const Cards& orange, const Cards& blue) {
    auto g = new_catan(4, 1);
    edit(*g, [&](json& s) {
      empty_hands(s);
      set_hand(s, kRed, {{"wood", 3}, {"ore", 1}});
      set_hand(s, kOrange, orange);
      set_hand(s, kBlue, blue);
      at_turn(s, kRed);
    });
    std::vector<std::vector<std::string>> lists{legal_texts(*g)};
    act(*g, "propose");
    lists.push_back(legal_texts(*g));
    act(*g, "offer wood 2");
    lists.push_back(legal_texts(*g));
    return lists;
  };
  const auto a = trade_moves({{"ore", 1}, {"wool", 2}}, {{"stone", 3}});
  const auto b = trade_moves({{"wood", 3}}, {{"wood", 2}, {"fish", 1}});
  CHECK(a == b);
  CHECK(has(a[0], "propose"));
  CHECK(has(a[1], "offer ore 1"));
  CHECK(has(a[2], "ask feathers 3"));     // any other type, up to the largest other hand
  CHECK_FALSE(has(a[2], "ask stone 4"));  // nobody holds 4 cards
  CHECK(a[2].size() <= 28 + 1);           // 7 types x 1..4, and withdraw
}

TEST_CASE("Deck 2 goes under deck 1 once every player has founded tribe 2", "[catan_inca]") {
  auto g = new_catan(3, 1);
  edit(*g, [](json& s) {
    for (int seat : {kRed, kOrange}) {
      s["seats"][seat]["tribe"]["values"]["tribe"] = 2;
      s["seats"][seat]["tribe"]["values"]["markers"] = 5;
    }
    json& corners = s["global"]["board"]["corners"];
    for (json& c : corners)
      if (c["owner"] == kBlue) c["piece"] = "dec_settlement";
    json& edges = s["global"]["board"]["edges"];
    for (auto it = edges.begin(); it != edges.end();) it = (*it)["owner"] == kBlue ? edges.erase(it) : it + 1;
    s["seats"][kBlue]["tribe"]["values"]["markers"] = 4;
    s["seats"][kBlue]["tribe"]["values"]["tribe"] = 2;
    at_turn(s, kBlue, true, 16);
    s["global"]["flow"]["frames"].push_back(frame("found", kBlue, 0));
  });
  const auto before = state(*g)["global"]["development"]["piles"];
  act(*g, "found -2,-2,E");
  const auto after = state(*g)["global"]["development"]["piles"];
  CHECK(progress(*g, "deck2_in") == 1);
  CHECK(after[0]["cards"].size() == 20);
  CHECK(after[1]["cards"].empty());
  CHECK(after[0]["cards"][0] == before[1]["cards"][0]);     // deck 2's bottom card at the very bottom
  CHECK(after[0]["cards"][19] == before[0]["cards"][9]);    // deck 1's top card still on top
}

TEST_CASE("Tribe 2 declines: the tribe-1 remains leave the board first", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    clear_board(s);
    put_building(s, "-2,1,E", kRed, "dec_settlement");
    put_building(s, "1,1,W", kRed, "dec_city");
    put_building(s, "0,-2,W", kRed);
    put_road(s, "-1,-2,SE", kRed);
    s["seats"][kRed]["tribe"]["values"]["markers"] = 7;
    s["seats"][kRed]["tribe"]["values"]["tribe"] = 2;
    set_hand(s, kRed, {{"potato", 2}, {"ore", 3}});
    at_turn(s, kRed);
  });
  act(*g, "build_city 0,-2,W");
  CHECK(markers(*g, kRed) == 8);
  CHECK(tribe(*g, kRed) == 3);
  CHECK(piece_at(*g, "-2,1,E").empty());
  CHECK(piece_at(*g, "1,1,W").empty());
  CHECK(piece_at(*g, "0,-2,W") == "dec_city");
  CHECK(count_roads(*g, kRed) == 0);
  CHECK(top_step(*g) == "found");
}

TEST_CASE("The eleventh marker wins at once; nothing is legal afterwards", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    s["seats"][kRed]["tribe"]["values"]["markers"] = 10;
    s["seats"][kRed]["tribe"]["values"]["tribe"] = 3;
    set_hand(s, kRed, {{"potato", 2}, {"ore", 3}});
    at_turn(s, kRed);
  });
  act(*g, "build_city -2,1,E");
  REQUIRE(g->is_over());
  CHECK(g->outcome().winners == std::vector<int>{kRed});
  CHECK(g->outcome().scores[kRed] == 11);
  CHECK_FALSE(g->apply("end").ok);
}

TEST_CASE("Hands and development cards are hidden from the other seats; their sizes are public", "[catan_inca]") {
  auto g = new_catan(4, 1);
  const json view = g->table().view(kBlue);
  CHECK(view["global"]["cards"]["holdings"][kRed].is_null());
  CHECK(view["global"]["cards"]["totals"][kRed] == 3);
  CHECK_FALSE(view["global"]["cards"]["holdings"][kBlue].is_null());
  CHECK_FALSE(view["global"]["development"]["piles"][0].contains("cards"));
  CHECK(view["global"]["development"]["piles"][0]["size"] == 10);
  CHECK(g->table().view(kRed)["seats"][kRed]["hand"]["cards"].is_array());
}
