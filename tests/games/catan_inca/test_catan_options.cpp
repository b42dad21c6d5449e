// CATAN: Rise of the Inkas — the §8.5 flags (each with its default and its variant), the
// founding fallback, the supply shortage, the trade route's ties and the variable board.
#include <set>

#include "catan_support.hpp"

using namespace catan_test;

namespace {

// Orange has just declined tribe 1 (buildings `declined`) and must found tribe 2.
void founding(json& s, const std::vector<std::string>& declined) {
  json& corners = s["global"]["board"]["corners"];
  for (auto it = corners.begin(); it != corners.end();) it = (*it)["owner"] == kOrange ? corners.erase(it) : it + 1;
  json& edges = s["global"]["board"]["edges"];
  for (auto it = edges.begin(); it != edges.end();) it = (*it)["owner"] == kOrange ? edges.erase(it) : it + 1;
  for (const auto& c : declined) put_building(s, c, kOrange, "dec_settlement");
  s["seats"][kOrange]["tribe"]["values"]["markers"] = 4;
  s["seats"][kOrange]["tribe"]["values"]["tribe"] = 2;
  at_turn(s, kOrange, true, 16);
  s["global"]["flow"]["frames"].push_back(frame("found", kOrange, 0));
}

// Fills every free founding site with another colour's settlement until none is left.
void block_every_site(Game& g, const std::vector<std::string>& declined) {
  int next = 0;
  const int others[] = {kRed, kBlue, kGrey};
  for (int round = 0; round < 60; ++round) {
    std::string site;
    for (const auto& text : legal_texts(g)) {
      const std::string corner = text.substr(6);
      if (std::find(declined.begin(), declined.end(), corner) == declined.end()) site = corner;
    }
    if (site.empty()) return;
    edit(g, [&](json& s) { put_building(s, site, others[next++ % 3], round < 20 ? "settlement" : "city"); });
  }
  FAIL("the sites never ran out");
}

}  // namespace

TEST_CASE("Founding with no free site replaces an own declined building, or is skipped (§6.5.9)", "[catan_inca]") {
  const std::vector<std::string> declined = {"2,-2,W", "0,2,W"};
  auto g = new_catan(4, 1);
  edit(*g, [&](json& s) { founding(s, declined); });
  block_every_site(*g, declined);
  CHECK(legal_texts(*g) == std::vector<std::string>{"found 0,2,W", "found 2,-2,W"});
  act(*g, "found 0,2,W");
  int owner = -1;
  CHECK(piece_at(*g, "0,2,W", &owner) == "settlement");
  CHECK(owner == kOrange);
  CHECK(markers(*g, kOrange) == 5);

  auto skip = new_catan(4, 1, {"no_founding_fallback"});
  edit(*skip, [&](json& s) {
    founding(s, declined);
    // The same blocked board as above, as the first game left it.
    s["global"]["board"]["corners"] = state(*g)["global"]["board"]["corners"];
    for (json& c : s["global"]["board"]["corners"])
      if (c["owner"] == kOrange) c["piece"] = "dec_settlement";
  });
  // With no legal move the found step ends at once: the founding is skipped.
  CHECK(top_step(*skip) == "turn");
  CHECK(skip->decision().seat == kBlue);
  CHECK(markers(*skip, kOrange) == 4);
}

TEST_CASE("Production shortage: several owed and too few cards gives nobody any; one owed takes the rest", "[catan_inca]") {
  const auto arrange = [](int bank_ore) {
    return [bank_ore](json& s) {
      empty_hands(s);
      clear_board(s);
      put_building(s, "-2,1,E", kRed, "city");   // mountains 11: red owed 2
      put_building(s, "0,0,W", kBlue);           // mountains 11: blue owed 1
      const int ore = type_index("ore");
      s["global"]["cards"]["resources"][ore]["bank"] = bank_ore;
      s["global"]["cards"]["holdings"][kGrey][ore] = 20 - bank_ore;
      at_turn(s, kRed, false);
    };
  };
  auto two = rolling(4, 11, arrange(2));
  act(*two, "roll");
  CHECK(hand(*two, kRed).empty());
  CHECK(hand(*two, kBlue).empty());
  CHECK(bank(*two, "ore") == 2);
  auto one = rolling(4, 11, [&](json& s) {
    arrange(1)(s);
    put_building(s, "0,0,W", kRed, "");  // blue's settlement gone: only red is owed
    s["global"]["board"]["corners"].erase(s["global"]["board"]["corners"].end() - 1);
  });
  act(*one, "roll");
  CHECK(hand(*one, kRed) == Cards{{"ore", 1}});
  CHECK(bank(*one, "ore") == 0);
}

TEST_CASE("Longest Trade Route: a tie for the longest sets the card aside (§5.10.3)", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    clear_board(s);
    put_building(s, "0,-3,W", kBlue);
    for (const char* e : {"-1,-2,NE", "-1,-2,SE", "-1,-1,NE", "-1,-1,SE"}) put_road(s, e, kBlue);  // 4
    put_building(s, "1,1,W", kGrey);
    for (const char* e : {"0,2,NE", "0,2,SE", "0,3,N"}) put_road(s, e, kGrey);  // 3
    put_building(s, "-2,0,E", kRed);
    for (const char* e : {"-2,0,NE", "-2,-1,SE", "-1,-1,N"}) put_road(s, e, kRed);  // 3, ending at 0,-2,W
    set_hand(s, kRed, {{"wood", 1}, {"stone", 1}, {"potato", 1}, {"wool", 1}});
    s["global"]["progress"]["values"]["route_holder"] = kBlue;
    at_turn(s, kRed);
  });
  act(*g, "build_settlement 0,-2,W");  // blue: 2 + 2; grey 3 and red 3 tie
  CHECK(tessera::testing::counter(*g, "tribe", "route", kBlue) == 2);
  CHECK(tessera::testing::counter(*g, "tribe", "route", kRed) == 3);
  CHECK(progress(*g, "route_holder") == -1);
}

TEST_CASE("own_declined_building_breaks_route: an own declined building splits the own route", "[catan_inca]") {
  const auto arrange = [](json& s) {
    empty_hands(s);
    clear_board(s);
    put_building(s, "0,-2,W", kRed, "dec_settlement");
    put_building(s, "-2,1,E", kRed);
    for (const char* e : {"-1,-2,SE", "-1,-1,NE", "0,-1,N"}) put_road(s, e, kRed);  // through 0,-2,W
    set_hand(s, kRed, {{"wood", 1}, {"stone", 1}});
    at_turn(s, kRed);
  };
  for (const auto& [variant, length] : std::vector<std::pair<std::string, int>>{{"", 4}, {"own_declined_breaks_route", 3}}) {
    auto g = new_catan(4, 1, variant.empty() ? std::vector<std::string>{} : std::vector<std::string>{variant});
    edit(*g, arrange);
    act(*g, "build_road 0,-1,NE");
    INFO(variant);
    CHECK(tessera::testing::counter(*g, "tribe", "route", kRed) == length);
  }
}

TEST_CASE("mca_counts_declined_buildings: the tribute next to a declined building only by default", "[catan_inca]") {
  const auto arrange = [](json& s) {
    empty_hands(s);
    clear_board(s);
    put_building(s, "-2,1,E", kRed, "dec_settlement");
    put_robber(s, -1, 1);
    s["global"]["progress"]["values"]["might_holder"] = kRed;
    at_turn(s, kRed, false);
  };
  auto g = new_catan(4, 1);
  edit(*g, arrange);
  act(*g, "tribute 3,1");
  CHECK(hand(*g, kRed) == Cards{{"ore", 1}});
  auto strict = new_catan(4, 1, {"mca_ignores_declined"});
  edit(*strict, arrange);
  refused(*strict, "tribute 3,1");
}

TEST_CASE("robber_may_move_frame_to_frame: off by the variant, the robber leaves the frame for land", "[catan_inca]") {
  const auto arrange = [](json& s) {
    empty_hands(s);
    give_dev(s, kRed, "combat_arts", false);
    at_turn(s, kRed, false);
  };
  auto g = new_catan(4, 1);
  edit(*g, arrange);
  act(*g, "play_card combat_arts");
  CHECK(has(legal_texts(*g), "move_robber 2,2"));
  auto strict = new_catan(4, 1, {"robber_not_frame_to_frame"});
  edit(*strict, arrange);
  act(*strict, "play_card combat_arts");
  CHECK_FALSE(has(legal_texts(*strict), "move_robber 2,2"));
  CHECK(has(legal_texts(*strict), "move_robber 0,0"));
}

TEST_CASE("classic_monopoly takes every card of the type; resources_only_goods_set refuses goods", "[catan_inca]") {
  auto g = new_catan(4, 1, {"classic_monopoly"});
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kOrange, {{"wool", 5}});
    give_dev(s, kRed, "monopoly", false);
    at_turn(s, kRed);
  });
  act(*g, "play_card monopoly");
  act(*g, "choose wool");
  CHECK(hand(*g, kRed) == Cards{{"wool", 5}});
  auto r = new_catan(4, 1, {"resources_only_goods_set"});
  edit(*r, [](json& s) {
    empty_hands(s);
    set_hand(s, kRed, {{"fish", 1}, {"coca", 1}, {"feathers", 1}});
    at_turn(s, kRed);
  });
  act(*r, "trade_set");
  refused(*r, "receive fish");
  act(*r, "receive wood");
  act(*r, "receive wood");
  CHECK(hand(*r, kRed) == Cards{{"wood", 2}});
}

TEST_CASE("The variable board shuffles only the land tiles; the token variant keeps 6 and 8 apart", "[catan_inca]") {
  auto fixed = new_catan(4, 1);
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    auto g = new_catan(4, seed, {"variable_numbers"});
    const json a = state(*fixed)["global"]["board"]["hexes"], b = state(*g)["global"]["board"]["hexes"];
    std::multiset<std::string> land_a, land_b;
    const std::set<std::string> land = {"forest", "quarry", "pasture", "fields", "mountains"};
    std::map<std::pair<int, int>, int> number;
    for (std::size_t h = 0; h < a.size(); ++h) {
      if (!land.count(a[h]["terrain"])) CHECK(a[h] == b[h]);
      else land_a.insert(a[h]["terrain"].get<std::string>()), land_b.insert(b[h]["terrain"].get<std::string>());
      number[{b[h]["q"], b[h]["r"]}] = b[h]["number"];
    }
    CHECK(land_a == land_b);
    CHECK(top_step(*g) == "placement");
    const int dq[] = {0, 1, 1, 0, -1, -1}, dr[] = {-1, -1, 0, 1, 1, 0};
    for (const auto& [at, n] : number) {
      if (n != 6 && n != 8) continue;
      for (int d = 0; d < 6; ++d) {
        const auto it = number.find({at.first + dq[d], at.second + dr[d]});
        if (it != number.end()) CHECK((it->second != 6 && it->second != 8));
      }
    }
  }
}

TEST_CASE("Pieces are bounded by the board scan: over 32 roads or 64 buildings a seat is refused at its place", "[catan_inca]") {
  // The generators list each seat's roads and buildings in fixed arrays: a box holding more
  // would drop some from every move list, so game.yaml may not say so.
  const auto problems = [](const std::string& from, const std::string& to) {
    return tessera::testing::problems_with_edited_data("catan_inca", 4, "game.yaml", from, to);
  };
  CHECK(problems("road: 7,", "road: 32,").empty());
  const auto roads = problems("road: 7,", "road: 33,");
  CHECK(tessera::testing::mentions(roads, "data/catan_inca/game.yaml:"));
  CHECK(tessera::testing::mentions(roads, "at most 32 roads a seat"));
  CHECK(problems("settlement: 8,", "settlement: 62,").empty());  // and 2 cities
  const auto buildings = problems("settlement: 8,", "settlement: 63,");
  CHECK(tessera::testing::mentions(buildings, "data/catan_inca/game.yaml:"));
  CHECK(tessera::testing::mentions(buildings, "at most 64 settlements and cities a seat together"));
}

TEST_CASE("An edited state keeps the card types of game.yaml in their order", "[catan_inca]") {
  // Cards are read and paid by their place in game.yaml's list: two types swapped in the
  // supply would make every cost and trade take the wrong card.
  auto g = new_catan(4, 1);
  const json before = state(*g);
  json swapped = before;
  json& types = swapped["global"]["cards"]["resources"];
  std::swap(types[0]["id"], types[1]["id"]);
  CHECK_THROWS_WITH(g->set_state(swapped), Catch::Contains("cards: the card types of game.yaml, each once and in its order"));
  CHECK(state(*g) == before);
  json fewer = before;
  fewer["global"]["cards"]["resources"].erase(7);
  for (json& row : fewer["global"]["cards"]["holdings"]) row.erase(7);
  CHECK_THROWS(g->set_state(fewer));
  CHECK(state(*g) == before);
}

TEST_CASE("A building that splits unchanged roads shortens their trade route at once (§5.10.1)", "[catan_inca]") {
  // EX-06's board, but red builds a road first: blue's route is measured with these very
  // roads before red's settlement cuts them, so a remembered length must not be reused.
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    ex06_board(s);
    set_hand(s, kRed, {{"wood", 2}, {"stone", 2}, {"potato", 1}, {"wool", 1}});
    at_turn(s, kRed);
  });
  act(*g, "build_road -2,1,NE");
  CHECK(tessera::testing::counter(*g, "tribe", "route", kBlue) == 5);
  act(*g, "build_settlement 0,-2,W");
  CHECK(tessera::testing::counter(*g, "tribe", "route", kBlue) == 3);
}
