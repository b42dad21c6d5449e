// The one edit door (Session::load_edit): each case an edit that was once accepted wrong or
// stale, or refused for an order no document named. Edits go through the protocol's doors
// (Session::set and patch); the property over random edits is tests/conformance/test_edit_doors.cpp.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "session.hpp"
#include "state_patch.hpp"
#include "support/registry.hpp"
#include "tessera/error.hpp"
#include "tessera/rng.hpp"

using nlohmann::json;
using tessera::DataError;
using tessera::host::Session;
using tessera::host::SessionSetup;
using tessera::testing::game_registry;

namespace {

Session session_of(const std::string& game, int players, std::uint64_t seed = 1) {
  SessionSetup setup;
  setup.game = game;
  setup.players = players;
  setup.seed = seed;
  return Session(game_registry(), setup);
}

json state(const Session& session) { return session.game().table().to_json(); }

std::string refusal(Session& session, const json& ops) {
  try {
    session.patch(ops);
  } catch (const DataError& e) {
    return e.what();
  }
  return "";
}

// A fresh game given the state alone comes to the same state and the same legal moves.
void check_twin(const Session& session) {
  const SessionSetup& setup = session.setup();
  auto twin = game_registry().new_game(setup.game, game_registry().config(setup.game, setup.players, setup.seed + 1, {}));
  twin->set_state(state(session));
  CHECK(twin->table().to_json() == state(session));
  CHECK(tessera::testing::legal_texts(*twin) == tessera::testing::legal_texts(session.game()));
}

}  // namespace

TEST_CASE("An edit that gives a CATAN player cards the bank did not give is refused; taken from the bank it stands",
          "[host][edits][catan_inca]") {
  Session session = session_of("catan_inca", 3);
  const json before = state(session);
  const int wood = before["global"]["cards"]["holdings"][0][0];
  const int bank = before["global"]["cards"]["resources"][0]["bank"];
  try {
    session.set("/global/cards/holdings/0/0", 9);
    FAIL("9 wood out of nowhere was accepted");
  } catch (const DataError& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("the cards are conserved") && Catch::Contains("'wood'"));
  }
  CHECK(state(session) == before);
  session.patch({{{"op", "replace"}, {"path", "/global/cards/holdings/0/0"}, {"value", 9}},
                 {{"op", "replace"}, {"path", "/global/cards/resources/0/bank"}, {"value", bank - (9 - wood)}}});
  CHECK(state(session)["global"]["cards"]["holdings"][0][0] == 9);
  const json now = state(session);
  int held = 0;
  for (const json& n : now["global"]["cards"]["holdings"][0]) held += n.get<int>();
  CHECK(now["global"]["cards"]["totals"][0] == held);  // derived from the holdings
  check_twin(session);
}

TEST_CASE("A CATAN trade route is measured again after an edit of the roads; its length is not editable",
          "[host][edits][catan_inca]") {
  Session session = session_of("catan_inca", 3, 4);
  tessera::Rng rng(4);
  // Play until some seat's roads make a route of 2 or more.
  int seat = -1;
  for (int step = 0; step < 3000 && seat < 0 && !session.game().is_over(); ++step) {
    const auto actions = session.game().legal_actions();
    REQUIRE(session.act(actions[rng.below(actions.size())].text).ok);
    for (int s = 0; s < 3 && seat < 0; ++s)
      if (state(session)["seats"][s]["tribe"]["values"]["route"] >= 2) seat = s;
  }
  REQUIRE(seat >= 0);
  const std::string route = "/seats/" + std::to_string(seat) + "/tribe/values/route";

  SECTION("the seat's roads taken off the board: its route is 0") {
    json edges = json::array();
    const json before = state(session);  // kept: a loop over a part of a temporary reads freed memory
    for (const json& edge : before["global"]["board"]["edges"])
      if (edge["owner"] != seat) edges.push_back(edge);
    session.patch({{{"op", "replace"}, {"path", "/global/board/edges"}, {"value", edges}}});
    CHECK(state(session)[json::json_pointer(route)] == 0);
    check_twin(session);
  }
  SECTION("an edit of the length itself is refused, naming what it is derived from") {
    const json before = state(session);
    const std::string why = refusal(session, {{{"op", "replace"}, {"path", route}, {"value", 9}}});
    CHECK_THAT(why, Catch::Contains("ops[0]") && Catch::Contains("tribe.route is derived from") &&
                        Catch::Contains("roads"));
    CHECK(state(session) == before);
  }
}

TEST_CASE("An Age of Discovery expedition's tally counts the ships an edit puts on it; VP is kept once",
          "[host][edits][age_of_discovery]") {
  Session session = session_of("age_of_discovery", 3);
  const json before = state(session);
  // A ship of the first pile (the scoring cards stay in the piles).
  const json& pile = before["global"]["ships"]["piles"][0]["cards"];
  std::size_t at = 0;
  while (pile[at].get<std::string>().find("scoring") != std::string::npos) ++at;
  const std::string ship = pile[at];
  session.patch({{{"op", "move"}, {"from", "/global/ships/piles/0/cards/" + std::to_string(at)},
                  {"path", "/global/expedition_abreu/cards/-"}},
                 {{"op", "add"}, {"path", "/global/expedition_abreu/revealed/-"}, {"value", true}},
                 {{"op", "add"}, {"path", "/global/placed/values/" + ship + ".own"}, {"value", 2}},
                 {{"op", "add"}, {"path", "/global/placed/values/" + ship + ".col"}, {"value", 3}},
                 {{"op", "add"}, {"path", "/global/placed/values/" + ship + ".val"}, {"value", 2}}});
  const json tally = state(session)["global"]["tally"]["values"];
  CHECK(tally["abreu.all"] == 1);
  CHECK(tally["abreu.s1"] == 1);
  CHECK(tally["abreu.load"] == 2);  // 2/3 held, not 0/3
  CHECK(tally["abreu.lock"] == 3);
  CHECK_THAT(session.game().render(-1), Catch::Contains("abreu (") && Catch::Contains("2/3"));
  check_twin(session);

  const json held = state(session);
  CHECK_THAT(refusal(session, {{{"op", "replace"}, {"path", "/global/tally/values/abreu.load"}, {"value", 0}}}),
             Catch::Contains("tally is derived from the ships on each expedition"));
  CHECK(state(session) == held);

  // The VP so far and the final score are one value, the total of the score's parts.
  for (const json& seat : held["seats"]) CHECK_FALSE(seat["player"]["values"].contains("vp"));
  CHECK_THAT(refusal(session, {{{"op", "add"}, {"path", "/seats/0/score/values/total"}, {"value", 19}}}),
             Catch::Contains("score.total is derived from the sum of first, last, missions and unassigned"));
  session.patch({{{"op", "add"}, {"path", "/seats/0/score/values/first"}, {"value", 5}}});
  CHECK(state(session)["seats"][0]["score"]["values"]["total"] == 5);
  CHECK(session.game().score_so_far()[0] == 5);
}

TEST_CASE("A Santa Maria track marker moved by its position alone goes on top of its new space's stack",
          "[host][edits][santa_maria]") {
  Session session = session_of("santa_maria", 3);
  const json before = state(session)["global"]["religion"];
  REQUIRE(before["positions"] == json::array({0, 0, 0}));
  session.set("/global/religion/positions/2", 3);
  session.set("/global/religion/positions/0", 3);  // arrives after seat 2: on top of it
  const json track = state(session)["global"]["religion"];
  CHECK(track["positions"] == json::array({3, 0, 3}));
  CHECK(track["stack_order"][0] > track["stack_order"][2]);
  CHECK(track["stack_order"][1] == 0);  // alone on space 0
  check_twin(session);

  SECTION("a stack order the edit gives is kept") {
    session.patch({{{"op", "replace"}, {"path", "/global/religion/positions/1"}, {"value", 3}},
                   {{"op", "replace"}, {"path", "/global/religion/stack_order"}, {"value", {2, 0, 1}}}});
    CHECK(state(session)["global"]["religion"]["stack_order"] == json::array({2, 0, 1}));
  }
}

TEST_CASE("Sardinia's board pieces may be listed in any order in an edit", "[host][edits][sardinia]") {
  Session session = session_of("sardinia", 2, 3);
  session.patch({{{"op", "replace"}, {"path", "/seats/0/reserve/values/settler"}, {"value", 4}},
                 {{"op", "add"}, {"path", "/global/board/pieces/-"},
                  {"value", {{"space", "anglona"}, {"owner", 0}, {"kind", "settler"}, {"count", 1}}}}});
  // Nurra comes before Anglona on the board: the board keeps its own order.
  session.patch({{{"op", "replace"}, {"path", "/seats/1/reserve/values/settler"}, {"value", 4}},
                 {{"op", "add"}, {"path", "/global/board/pieces/-"},
                  {"value", {{"space", "nurra"}, {"owner", 1}, {"kind", "settler"}, {"count", 1}}}}});
  const json pieces = state(session)["global"]["board"]["pieces"];
  REQUIRE(pieces.size() == 2);
  CHECK(pieces[0]["space"] == "nurra");
  CHECK(pieces[1]["space"] == "anglona");
  check_twin(session);
}

TEST_CASE("A Santa Maria shipment or tile that an edit creates or loses is refused, naming where it is; moved it stands",
          "[host][edits][santa_maria]") {
  Session session = session_of("santa_maria", 3);
  const json before = state(session);
  const std::string shipment = before["global"]["ships"]["piles"][0]["cards"][0];
  const std::string port = "/seats/0/port/values/" + shipment;

  // A shipment both face down and in a port.
  CHECK_THAT(refusal(session, {{{"op", "add"}, {"path", port}, {"value", 1}}}),
             Catch::Contains("the shipments are conserved: '" + shipment + "' is in 2 place(s) (ships, seat 0 port)"));
  CHECK(state(session) == before);
  // A tile on the display lost.
  const std::string tile = before["global"]["display"]["rows"][0][0];
  CHECK_THAT(refusal(session, {{{"op", "replace"}, {"path", "/global/display/rows/0/0"}, {"value", ""}}}),
             Catch::Contains("the tiles are conserved: '" + tile + "' is in 0 place(s)"));
  // A tile placed on a colony grid while it is still in the deck or on the display (number 0
  // is the first double tile).
  const json& cells = before["seats"][0]["colony"]["tiles"];
  std::size_t free = 0;
  while (cells[free] != -1) ++free;
  CHECK_THAT(refusal(session, {{{"op", "replace"}, {"path", "/seats/0/colony/tiles/" + std::to_string(free)}, {"value", 0}}}),
             Catch::Contains("the tiles are conserved") && Catch::Contains("is in 2 place(s)") &&
                 Catch::Contains("seat 0 colony"));
  CHECK(state(session) == before);

  // Taken from the pile into the port, the shipment is in one place.
  session.patch({{{"op", "remove"}, {"path", "/global/ships/piles/0/cards/0"}},
                 {{"op", "add"}, {"path", port}, {"value", 1}}});
  CHECK(state(session)["seats"][0]["port"]["values"][shipment] == 1);
  check_twin(session);
}

TEST_CASE("A Madeira worker or ship that an edit creates or loses is refused, naming the seat's places; moved it stands",
          "[host][edits][madeira]") {
  Session session = session_of("madeira", 3);
  const json before = state(session);
  const int workers = before["seats"][0]["home"]["values"]["workers"];
  const int watch = before["global"]["board"]["values"]["cw0"];
  try {
    session.set("/seats/0/home/values/workers", workers + 1);
    FAIL("a worker out of nowhere was accepted");
  } catch (const DataError& e) {
    CHECK_THAT(std::string(e.what()),
               Catch::Contains("the workers are conserved: seat 0 has " + std::to_string(workers + watch + 1) +
                               " worker(s) (board.cw* " + std::to_string(watch) + ", seat 0 home.workers " +
                               std::to_string(workers + 1) + "), the game gives each seat " +
                               std::to_string(workers + watch)));
  }
  CHECK_THAT(refusal(session, {{{"op", "replace"}, {"path", "/seats/1/home/values/ships"}, {"value", 0}}}),
             Catch::Contains("the ships are conserved: seat 1 has 0 ship(s) (none)"));
  // A ship of seat 2 put in a port of the board while it is still at home.
  CHECK_THAT(refusal(session, {{{"op", "replace"}, {"path", "/global/board/values/pt0"}, {"value", 3}}}),
             Catch::Contains("the ships are conserved: seat 2 has") && Catch::Contains("board.pt* 1"));
  CHECK(state(session) == before);

  // A worker from home to the City Watch, a ship from home to a port: each in one place.
  session.patch({{{"op", "replace"}, {"path", "/seats/0/home/values/workers"}, {"value", workers - 1}},
                 {{"op", "replace"}, {"path", "/global/board/values/cw0"}, {"value", watch + 1}}});
  session.patch({{{"op", "replace"}, {"path", "/seats/2/home/values/ships"},
                  {"value", before["seats"][2]["home"]["values"]["ships"].get<int>() - 1}},
                 {{"op", "replace"}, {"path", "/global/board/values/pt0"}, {"value", 3}}});
  CHECK(state(session)["global"]["board"]["values"]["cw0"] == watch + 1);
  check_twin(session);
}

namespace {

// Plays random legal moves until the game is over.
void play_to_the_end(Session& session, std::uint64_t seed) {
  tessera::Rng rng(seed);
  for (int step = 0; step < 100000 && !session.game().is_over(); ++step) {
    const auto actions = session.game().legal_actions();
    REQUIRE(session.act(actions[rng.below(actions.size())].text).ok);
  }
  REQUIRE(session.game().is_over());
}

}  // namespace

TEST_CASE("A score record written at the end is derived: not editable, and an edit of what it is made of moves it",
          "[host][edits]") {
  SECTION("the tutorial: renown, spice and their total") {
    Session session = session_of("tutorial", 2, 5);
    CHECK_THAT(refusal(session, {{{"op", "add"}, {"path", "/seats/0/score/values/total"}, {"value", 3}}}),
               Catch::Contains("seat 0 score.total is derived from the sum of the score's parts"));
    play_to_the_end(session, 5);
    const json over = state(session);
    const int renown = over["global"]["renown"]["positions"][1];
    CHECK(over["seats"][1]["score"]["values"]["renown"] == renown);
    session.set("/global/renown/positions/1", renown + 2);
    const json score = state(session)["seats"][1]["score"]["values"];
    CHECK(score["renown"] == renown + 2);
    CHECK(score["total"] == score["renown"].get<int>() + score["spice"].get<int>());
    CHECK(session.game().outcome().scores[1] == score["total"]);
    check_twin(session);
  }
  SECTION("Madeira: leftovers, pirate penalties and the total") {
    Session session = session_of("madeira", 2, 5);
    play_to_the_end(session, 5);
    const json over = state(session);
    CHECK_THAT(refusal(session, {{{"op", "replace"}, {"path", "/seats/0/score/values/total"}, {"value", 99}}}),
               Catch::Contains("seat 0 score is derived from the state once the game is over"));
    const int pp = over["seats"][0]["home"]["values"]["pp"];
    session.set("/seats/0/home/values/pp", pp + 3);
    CHECK(state(session)["seats"][0]["score"]["values"]["total"] == over["seats"][0]["score"]["values"]["total"].get<int>() + 3);
    check_twin(session);
  }
  SECTION("Santa Maria: every part the state gives, and the total") {
    Session session = session_of("santa_maria", 2, 5);
    play_to_the_end(session, 5);
    const json over = state(session);
    CHECK_THAT(refusal(session, {{{"op", "replace"}, {"path", "/seats/1/score/values/happiness"}, {"value", 99}}}),
               Catch::Contains("seat 1 score.happiness is derived from the seat's happiness points"));
    const int points = over["seats"][1]["happiness"]["values"]["points"];
    session.set("/seats/1/happiness/values/points", points + 4);
    const json score = state(session)["seats"][1]["score"]["values"];
    CHECK(score["happiness"] == points + 4);
    CHECK(score["total"] == over["seats"][1]["score"]["values"]["total"].get<int>() + 4);
    check_twin(session);
  }
}
