// Sardinia rules through legal_actions()/apply(): the worked examples E1-E4 of
// /shared/rules/sardinia.md section 9 with exact outcomes, and the main "may not" rules.
#include <catch2/catch.hpp>

#include "sardinia_support.hpp"

using namespace tessera;
using namespace sardinia_test;

namespace {

std::unique_ptr<Game> arranged(int players, const std::function<void(json&)>& fn, std::vector<std::string> variants = {}) {
  auto g = tessera::testing::new_game("sardinia", players, 11, std::move(variants));
  edit(*g, [&](json& s) {
    clear_board(s);
    for (int seat = 0; seat < players; ++seat) set_cards(s, seat, kAllCards, {});
    for (auto& [province, value] : s["global"]["tokens"]["values"].items()) value = 0;
    fn(s);
  });
  return g;
}

bool legal(const Game& g, const std::string& text) { return has(tessera::testing::legal_texts(g), text); }

// Applying `text` is refused and changes nothing.
void refused(Game& g, const std::string& text) {
  const std::string before = state(g).dump();
  CHECK_FALSE(g.apply(text).ok);
  CHECK(state(g).dump() == before);
}

void apply_ok(Game& g, const std::string& text) {
  INFO(text);
  const auto result = g.apply(text);
  INFO(result.error);
  REQUIRE(result.ok);
}

// The E1 board (rules 9, E1).
void e1_board(json& s) {
  put(s, "fort_6", kPurple, "fort");
  put(s, "logudoro", kBlue, "settler");
  put(s, "anglona", kYellow, "settlement");
  put(s, "port_castelsardo", kYellow, "ship");
  put(s, "fort_5", kYellow, "fort");
  put(s, "anglona", kPurple, "settlement");
  put(s, "anglona", kGreen, "settlement");
  put(s, "anglona", kGreen, "settler");
  put(s, "gallura", kBlue, "settlement");
  put(s, "fort_7", kBlue, "fort");
  put(s, "gallura", kYellow, "settler");
  for (int seat : {kYellow, kPurple, kGreen, kBlue}) set_value(s["seats"][seat]["harvested"], "olive", 1);
  set_row(s, {"6", "17", "8", "1", "2", "3", "4", "5", "7", "9", "10"}, 2);
  set_deck(s, {"11", "12", "13", "14", "15", "16", "18", "19", "20", "21", "22", "23", "24", "25", "26"});
  set_cards(s, kYellow, {"commander", "chaplain", "farmer", "architect", "queen", "guard"}, {"admiral"});
  my_turn(s, kYellow);
}

}  // namespace

TEST_CASE("Sardinia E1: the scoring at fort space 6 gives Yellow 6, Blue 7, Purple 7, Green 2", "[sardinia]") {
  auto g = arranged(4, e1_board);
  apply_ok(*g, "play guard");
  CHECK(score(*g, kYellow) == 6);
  CHECK(score(*g, kBlue) == 7);
  CHECK(score(*g, kPurple) == 7);
  CHECK(score(*g, kGreen) == 2);
  CHECK(score(*g, kYellow, "provinces") == 6);
  CHECK(scorings(*g) == 1);
}

TEST_CASE("Sardinia with coastal trade: E1 with 1 VP more for each coastal province a player scores in", "[sardinia]") {
  // E1: Yellow scores in Anglona and Gallura (both coastal), Blue in Logudoro (inland) and
  // Gallura, Purple in Logudoro and Anglona, Green in Anglona.
  auto g = arranged(4, e1_board, {"coastal_trade"});
  apply_ok(*g, "play guard");
  CHECK(score(*g, kYellow) == 6 + 2);
  CHECK(score(*g, kBlue) == 7 + 1);
  CHECK(score(*g, kPurple) == 7 + 1);
  CHECK(score(*g, kGreen) == 2 + 1);
  CHECK(score(*g, kYellow, "provinces") == 8);
}

TEST_CASE("Sardinia E2: after the scoring card 17 leads and 8 is turned up; keeping it", "[sardinia]") {
  auto g = arranged(4, e1_board);
  apply_ok(*g, "play guard");
  REQUIRE(top_step(*g) == "row_choice");
  CHECK(g->decision().seat == kYellow);
  CHECK(tessera::testing::legal_texts(*g) == std::vector<std::string>{"keep", "replace"});
  apply_ok(*g, "keep");
  const json s = state(*g);
  CHECK(cards(s["global"]["fort_row"]) == std::vector<std::string>{"17", "8", "1", "2", "3", "4", "5", "7", "9", "10"});
  CHECK(s["global"]["fort_row"]["revealed"] ==
        json({true, true, false, false, false, false, false, false, false, false}));
  CHECK(cards(s["global"]["fort_deck"]["piles"][0]).front() == "6");  // scored card at the bottom
  // Everyone takes the played cards back; Blue, to Yellow's left, plays next.
  for (int seat = 0; seat < 4; ++seat) CHECK(cards(s["seats"][seat]["hand"]).size() == 7);
  CHECK(cards(s["seats"][kYellow]["played"]).empty());
  CHECK(g->decision().seat == kBlue);
  CHECK(top_step(*g) == "play");
}

TEST_CASE("Sardinia E2: replacing card 8 puts it under the deck and turns up the deck's top card", "[sardinia]") {
  auto g = arranged(4, e1_board);
  apply_ok(*g, "play guard");
  apply_ok(*g, "replace");
  const json s = state(*g);
  CHECK(cards(s["global"]["fort_row"]) == std::vector<std::string>{"17", "26", "1", "2", "3", "4", "5", "7", "9", "10"});
  CHECK(s["global"]["fort_row"]["revealed"][1] == true);
  CHECK(s["global"]["fort_row"]["revealed"][2] == false);
  const auto deck = cards(s["global"]["fort_deck"]["piles"][0]);
  CHECK(deck.front() == "8");
  CHECK(deck[1] == "6");
  CHECK(deck.back() == "25");
  CHECK(g->decision().seat == kBlue);
}

TEST_CASE("Sardinia E3: with 2 tokens and 2 settlements the Architect may fortify but not build", "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    set_value(s["seats"][kYellow]["harvested"], "olive", 1);
    set_value(s["seats"][kYellow]["harvested"], "wheat", 1);
    put(s, "nurra", kYellow, "settlement");
    put(s, "gallura", kYellow, "settlement");
    my_turn(s, kYellow);
  });
  apply_ok(*g, "play architect");
  CHECK(legal(*g, "fortify 1"));
  CHECK_FALSE(legal(*g, "build logudoro"));
  refused(*g, "build logudoro");
  apply_ok(*g, "fortify 1");
  CHECK(state(*g)["seats"][kYellow]["reserve"]["values"]["fort"] == 2);
}

TEST_CASE("Sardinia E4: four olives score 1, 2, 3, 4 and a wheat in between scores 1", "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    put(s, "port_castelsardo", kYellow, "ship");
    for (const char* p : {"anglona", "logudoro", "nurra", "planargia", "arborea"}) put(s, p, kYellow, "settler");
    for (const char* p : {"anglona", "logudoro", "nurra", "planargia"}) set_value(s["global"]["tokens"], p, kOlive);
    set_value(s["global"]["tokens"], "arborea", kWheat);
    my_turn(s, kYellow);
  });
  const std::vector<std::pair<std::string, int>> plays{
      {"anglona", 1}, {"logudoro", 2}, {"arborea", 1}, {"nurra", 3}, {"planargia", 4}};
  int total = 0;
  for (const auto& [province, gain] : plays) {
    edit(*g, [](json& s) {
      set_cards(s, kYellow, kAllCards, {});
      my_turn(s, kYellow);
    });
    apply_ok(*g, "play farmer");
    apply_ok(*g, "harvest " + province);
    total += gain;
    CHECK(score(*g, kYellow) == total);
    CHECK(state(*g)["global"]["tokens"]["values"].value(province, -1) == 0);
  }
  CHECK(score(*g, kYellow, "agriculture") == 11);
  CHECK(state(*g)["seats"][kYellow]["harvested"]["values"]["olive"] == 4);
}

TEST_CASE("Sardinia: the Farmer needs an own ship and an unbroken chain of own settlers", "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    put(s, "anglona", kYellow, "settler");
    put(s, "marghine", kYellow, "settler");  // logudoro between them is empty
    set_value(s["global"]["tokens"], "anglona", kOlive);
    set_value(s["global"]["tokens"], "marghine", kWine);
    my_turn(s, kYellow);
  });
  apply_ok(*g, "play farmer");
  CHECK(tessera::testing::legal_texts(*g) == std::vector<std::string>{"pass"});  // no ship
  edit(*g, [](json& s) { put(s, "port_castelsardo", kYellow, "ship"); });
  CHECK(tessera::testing::legal_texts(*g) == std::vector<std::string>{"harvest anglona", "pass"});
  refused(*g, "harvest marghine");
  edit(*g, [](json& s) { put(s, "logudoro", kBlue, "settler"); });  // others' pieces do not link
  CHECK_FALSE(legal(*g, "harvest marghine"));
  edit(*g, [](json& s) { put(s, "logudoro", kYellow, "settlement"); });  // nor do own settlements
  CHECK_FALSE(legal(*g, "harvest marghine"));
  edit(*g, [](json& s) { put(s, "logudoro", kYellow, "settler"); });
  CHECK(legal(*g, "harvest marghine"));
}

TEST_CASE("Sardinia: nothing is placed into a full province; settlers pass through it but do not stop", "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    put(s, "anglona", kBlue, "settler", 4);
    put(s, "anglona", kPurple, "settler", 3);
    put(s, "logudoro", kPurple, "chaplain");  // blocks Yellow's other way round
    put(s, "nurra", kYellow, "settler");
    my_turn(s, kYellow);
  });
  apply_ok(*g, "play commander");
  CHECK_FALSE(legal(*g, "recruit anglona"));
  refused(*g, "recruit anglona");
  CHECK_FALSE(legal(*g, "march nurra anglona"));
  CHECK_FALSE(legal(*g, "march nurra logudoro"));  // blocked by Purple's chaplain
  CHECK(legal(*g, "march nurra gallura"));         // through full Anglona
  apply_ok(*g, "march nurra gallura");
  CHECK(top_step(*g) == "marching");
  CHECK(top_frame(*g)["params"]["steps"] == 2);
  apply_ok(*g, "done");
  CHECK(g->decision().seat == kBlue);
}

TEST_CASE("Sardinia: another player's chaplain blocks settlers and settlements unless your chaplain is there", "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    put(s, "logudoro", kBlue, "chaplain");
    set_value(s["seats"][kYellow]["harvested"], "olive", 1);
    my_turn(s, kYellow);
  });
  apply_ok(*g, "play commander");
  CHECK_FALSE(legal(*g, "recruit logudoro"));
  CHECK(legal(*g, "recruit nurra"));
  edit(*g, [](json& s) {
    set_cards(s, kYellow, {"commander", "chaplain", "farmer", "queen", "guard", "admiral"}, {"architect"});
    choosing(s, kYellow, 4);
  });
  CHECK_FALSE(legal(*g, "build logudoro"));
  edit(*g, [](json& s) { put(s, "logudoro", kYellow, "chaplain"); });
  CHECK(legal(*g, "build logudoro"));
}

TEST_CASE("Sardinia: ports hold 1 ship with two players, 2 otherwise, never two of one player", "[sardinia]") {
  auto two = arranged(2, [](json& s) {
    put(s, "port_olbia", kBlue, "ship");
    my_turn(s, kYellow);
  });
  apply_ok(*two, "play admiral");
  CHECK_FALSE(legal(*two, "launch olbia"));
  refused(*two, "launch olbia");
  CHECK(legal(*two, "launch arbatax"));

  auto three = arranged(3, [](json& s) {
    put(s, "port_olbia", kBlue, "ship");
    put(s, "port_arbatax", kYellow, "ship");
    put(s, "port_cagliari", kBlue, "ship");
    put(s, "port_cagliari", kPurple, "ship");
    my_turn(s, kYellow);
  });
  apply_ok(*three, "play admiral");
  CHECK(legal(*three, "launch olbia"));
  CHECK_FALSE(legal(*three, "launch arbatax"));   // own ship already there
  CHECK_FALSE(legal(*three, "launch cagliari"));  // full
  CHECK_FALSE(legal(*three, "sail arbatax cagliari"));
  CHECK(legal(*three, "sail arbatax olbia"));
}

TEST_CASE("Sardinia: Sail moves one or both ships, each once", "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    put(s, "port_olbia", kYellow, "ship");
    put(s, "port_arbatax", kYellow, "ship");
    my_turn(s, kYellow);
  });
  apply_ok(*g, "play admiral");
  CHECK_FALSE(legal(*g, "sail olbia arbatax"));
  apply_ok(*g, "sail arbatax cagliari");
  CHECK(top_step(*g) == "sailing");
  const auto texts = tessera::testing::legal_texts(*g);
  CHECK_FALSE(has(texts, "sail cagliari oristano"));  // the moved ship does not sail again
  CHECK(has(texts, "sail olbia arbatax"));
  CHECK(texts.back() == "done");
  apply_ok(*g, "sail olbia arbatax");
  CHECK(g->decision().seat == kBlue);
}

TEST_CASE("Sardinia: the Queen copies an own played card but never the Guard or itself", "[sardinia]") {
  auto g = arranged(3, [](json& s) { my_turn(s, kYellow); });
  apply_ok(*g, "play queen");
  CHECK(tessera::testing::legal_texts(*g) == std::vector<std::string>{"pass"});
  edit(*g, [](json& s) {
    set_cards(s, kYellow, {"admiral", "commander", "farmer", "architect", "queen", "guard"}, {"chaplain"});
    my_turn(s, kYellow);
  });
  apply_ok(*g, "play queen");
  CHECK(tessera::testing::legal_texts(*g) == std::vector<std::string>{"copy chaplain", "pass"});
  apply_ok(*g, "copy chaplain");
  CHECK(legal(*g, "ordain nurra"));
  apply_ok(*g, "ordain nurra");
  CHECK(state(*g)["seats"][kYellow]["reserve"]["values"]["chaplain"] == 0);
}

TEST_CASE("Sardinia with royal court: the Queen may copy a card another player has played, never a Guard or Queen", "[sardinia]") {
  const auto arrange = [](json& s) {
    set_cards(s, kYellow, {"admiral", "commander", "farmer", "architect", "queen", "guard"}, {"chaplain"});
    set_cards(s, kBlue, {"admiral", "chaplain", "farmer", "queen"}, {"commander", "architect", "guard"});
    my_turn(s, kYellow);
  };
  auto plain = arranged(3, arrange);
  apply_ok(*plain, "play queen");
  CHECK(tessera::testing::legal_texts(*plain) == std::vector<std::string>{"copy chaplain", "pass"});
  auto g = arranged(3, arrange, {"royal_court"});
  apply_ok(*g, "play queen");
  CHECK(tessera::testing::legal_texts(*g) ==
        std::vector<std::string>{"copy chaplain", "copy commander", "copy architect", "pass"});  // own first
  apply_ok(*g, "copy commander");
  CHECK(legal(*g, "recruit nurra"));  // the Commander's options, for Yellow
  apply_ok(*g, "recruit nurra");
  CHECK(state(*g)["seats"][kYellow]["reserve"]["values"]["settler"] == 4);
}

TEST_CASE("Sardinia: a Guard played first lets the others play one non-Guard card each, in order", "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    set_row(s, {"6", "17", "8", "1", "2", "3", "4", "5", "7", "9", "10"}, 2);
    set_cards(s, kPurple, {"guard"}, {"admiral", "commander", "chaplain", "farmer", "architect", "queen"});
    my_turn(s, kYellow);
  });
  apply_ok(*g, "play guard");
  REQUIRE(top_step(*g) == "extra_play");
  CHECK(g->decision().seat == kBlue);
  CHECK_FALSE(legal(*g, "play guard"));
  refused(*g, "play guard");
  apply_ok(*g, "play commander");
  apply_ok(*g, "recruit gallura");
  // Purple holds only the Guard and cannot take part: the scoring follows at once.
  CHECK(top_step(*g) == "row_choice");
  CHECK(g->decision().seat == kYellow);
  CHECK(score(*g, kBlue) == 2);  // alone in Gallura (value 2)
  CHECK(cards(state(*g)["seats"][kBlue]["played"]) == std::vector<std::string>{"commander"});
}

TEST_CASE("Sardinia: extra plays may be declined; a Guard after other cards scores at once", "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    set_row(s, {"6", "17", "8", "1", "2", "3", "4", "5", "7", "9", "10"}, 2);
    my_turn(s, kYellow);
  });
  apply_ok(*g, "play guard");
  apply_ok(*g, "decline");
  CHECK(g->decision().seat == kPurple);
  apply_ok(*g, "decline");
  CHECK(top_step(*g) == "row_choice");
  apply_ok(*g, "keep");
  CHECK(g->decision().seat == kBlue);
  apply_ok(*g, "play admiral");
  apply_ok(*g, "pass");
  apply_ok(*g, "play admiral");
  apply_ok(*g, "pass");
  apply_ok(*g, "play admiral");
  apply_ok(*g, "pass");
  apply_ok(*g, "play guard");  // Blue has played a card: no extra plays
  CHECK(top_step(*g) == "row_choice");
  CHECK(scorings(*g) == 2);
}

namespace {
// Two players: tied in Nurra (1 settler each), Yellow first in Anglona (3 settlers to 1); the
// head fort card 1 touches both; Yellow to play its Guard.
void two_player_board(json& s) {
  put(s, "nurra", kYellow, "settler");
  put(s, "nurra", kBlue, "settler");
  put(s, "anglona", kYellow, "settler", 3);
  put(s, "anglona", kBlue, "settler");
  set_row(s, {"1", "17", "8", "2", "3", "4", "5", "6", "7", "9", "10"}, 2);
  set_cards(s, kYellow, {"commander", "chaplain", "farmer", "architect", "queen", "guard"}, {"admiral"});
  my_turn(s, kYellow);
}
}  // namespace

TEST_CASE("Sardinia: with two players a tie for first scores nothing; the runner-up scores half", "[sardinia]") {
  auto g = arranged(2, two_player_board);
  apply_ok(*g, "play guard");
  CHECK(score(*g, kYellow) == 5);  // Nurra tied: nothing; Anglona first: 5
  CHECK(score(*g, kBlue) == 2);    // Anglona second: floor(5/2)
}

TEST_CASE("Sardinia with contested provinces: a seat needs 2 influence to rank, a rules number in an overlay", "[sardinia]") {
  // The board above: Anglona's runner-up holds 1 influence, too little to score under this rule.
  auto g = arranged(2, two_player_board, {"contested_provinces"});
  apply_ok(*g, "play guard");
  CHECK(score(*g, kYellow) == 5);  // Anglona first with 3
  CHECK(score(*g, kBlue) == 0);    // second with 1 < 2: nothing
}

TEST_CASE("Sardinia: the last scoring ends the game; ties go to more pieces in reserve", "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    put(s, "nurra", kYellow, "settler");
    put(s, "fort_26", kBlue, "fort");
    set_row(s, {"1"}, 1);
    set_value(s["global"]["progress"], "scorings", 10);
    set_value(s["seats"][kBlue]["score"], "vp", 4);
    set_value(s["seats"][kBlue]["score"], "provinces", 4);
    set_cards(s, kYellow, {"commander", "chaplain", "farmer", "architect", "queen", "guard"}, {"admiral"});
    my_turn(s, kYellow);
  });
  apply_ok(*g, "play guard");  // Nurra (4) to Yellow; Anglona has nobody
  REQUIRE(g->is_over());
  const Outcome o = g->outcome();
  CHECK(o.scores == std::vector<int>{4, 4, 0});
  CHECK(o.winners == std::vector<int>{kYellow, kBlue});  // both have 14 pieces in reserve
  edit(*g, [](json& s) { put(s, "fort_25", kBlue, "fort"); });
  CHECK(g->outcome().winners == std::vector<int>{kYellow});
}

TEST_CASE("Sardinia's terminal view shows the board, the row and only the viewer's hand", "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    put(s, "anglona", kBlue, "settler", 2);
    put(s, "port_castelsardo", kYellow, "ship");
    set_value(s["global"]["tokens"], "anglona", kOlive);
    set_row(s, {"6", "17", "8"}, 2);
    my_turn(s, kYellow);
  });
  const std::string view = g->render(kYellow);
  CHECK(view.find("An Anglona 5 VP olive: blue 2 settler | port Castelsardo: yellow 1 ship") != std::string::npos);
  CHECK(view.find("Fort row: [6] [17] [?]") != std::string::npos);
  CHECK(view.find("yellow (you): 0 VP; reserve 1 chaplain 1 ship 3 fort 4 settlement 5 settler") != std::string::npos);
  CHECK(view.find("; hand admiral") != std::string::npos);
  CHECK(g->render(kSpectator).find("yellow: 0 VP; reserve") != std::string::npos);
  CHECK(g->render(kSpectator).find("; hand") == std::string::npos);
}
