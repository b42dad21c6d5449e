// Each move has one text: `act` takes exactly the text `legal` lists. A text that is no
// move's text (a typo) is answered `bad_move_text`, naming the word at fault; a move's text
// the rules forbid now is answered `illegal_action` with the rules' reason (protocol.md).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol_server.hpp"
#include "support/registry.hpp"

using nlohmann::json;
using tessera::host::ProtocolServer;

namespace {

json ask(ProtocolServer& server, const json& request) { return json::parse(server.handle_line(request.dump())); }

json act(ProtocolServer& server, const std::string& text) { return ask(server, {{"cmd", "act"}, {"action", text}}); }

std::string code_of(const json& reply) { return reply["ok"] == false ? reply["error"]["code"].get<std::string>() : "ok"; }

std::string message_of(const json& reply) { return reply["error"]["message"].get<std::string>(); }

void start(ProtocolServer& server, const std::string& game, int players) {
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", game}, {"players", players}, {"seed", 3}})["ok"] == true);
}

}  // namespace

TEST_CASE("A move text that does not read names the word at fault, apart from a move the rules forbid", "[host][moves]") {
  ProtocolServer server(tessera::testing::game_registry());
  SECTION("an id that names nothing is an unknown item of its kind") {
    start(server, "catan_inca", 3);
    const json road = act(server, "build_road 9,9,N");
    CHECK(code_of(road) == "bad_move_text");
    CHECK_THAT(message_of(road), Catch::StartsWith("'build_road 9,9,N' is the move build_road with a bad <at>: "
                                                   "unknown edge '9,9,N'; it must be an id of edges: "));
    const json card = act(server, "discard dragon");
    CHECK(code_of(card) == "bad_move_text");
    CHECK_THAT(message_of(card), Catch::Contains("with a bad <card>: unknown card type 'dragon'"));
  }
  SECTION("a number out of range, a wrong number of words, a name no move has") {
    start(server, "tutorial", 2);
    const json die = act(server, "buy 9 9");
    CHECK(code_of(die) == "bad_move_text");
    CHECK_THAT(message_of(die), Catch::StartsWith("'buy 9 9' is the move buy with a bad <die>: '9'; it must be "));
    const json words = act(server, "work 0 1");
    CHECK(code_of(words) == "bad_move_text");
    CHECK_THAT(message_of(words), Catch::Contains("with too many words: it is typed work <die>"));
    const json typo = act(server, "wrok 0");
    CHECK(code_of(typo) == "bad_move_text");
    CHECK(message_of(typo) == "'wrok 0' names no move of this game (did you mean 'work'?) (moves now: roll)");
    // Well formed, but not now: the rules' reason, under the rules' code.
    const json not_now = act(server, "work 0");
    CHECK(code_of(not_now) == "illegal_action");
    CHECK_THAT(message_of(not_now), Catch::Contains("which offers no work"));
  }
}

TEST_CASE("act takes a move only in the one text legal lists, and answers another spelling with it", "[host][moves]") {
  ProtocolServer server(tessera::testing::game_registry());
  start(server, "tutorial", 2);
  const json before = ask(server, {{"cmd", "state"}})["state"];
  for (const std::string spelling : {"roll ", " roll", "roll  "}) {
    INFO(spelling);
    const json reply = act(server, spelling);
    CHECK(code_of(reply) == "bad_move_text");
    CHECK(message_of(reply) == "'" + spelling + "' is not a move's text: each move has one, and this one is written 'roll'; "
                                                "did you mean 'roll'?");
  }
  CHECK(ask(server, {{"cmd", "state"}})["state"] == before);
  CHECK(ask(server, {{"cmd", "save"}})["log"]["steps"].empty());
  REQUIRE(code_of(act(server, "roll")) == "ok");
  const json work = act(server, "work 00");
  CHECK(code_of(work) == "bad_move_text");
  CHECK_THAT(message_of(work), Catch::Contains("this one is written 'work 0'; did you mean 'work 0'"));
  SECTION("a default written out is another spelling, legal now or not") {
    ProtocolServer catan(tessera::testing::game_registry());
    start(catan, "catan_inca", 3);
    const json discard = act(catan, "discard wool 1");
    CHECK(code_of(discard) == "bad_move_text");
    CHECK_THAT(message_of(discard), Catch::StartsWith("'discard wool 1' is not a move's text: each move has one, and "
                                                      "this one is written 'discard wool', which is not a legal move now"));
    // Its one text is a move the rules forbid now.
    CHECK(code_of(act(catan, "discard wool")) == "illegal_action");
  }
}

TEST_CASE("A log keeps moves as they were sent: another spelling replays as its move, in its one text", "[host][moves]") {
  ProtocolServer server(tessera::testing::game_registry());
  start(server, "tutorial", 2);
  REQUIRE(code_of(act(server, "roll")) == "ok");
  json log = ask(server, {{"cmd", "save"}})["log"];
  REQUIRE(log["steps"] == json::array({{{"action", "roll"}}}));
  const json rolled = ask(server, {{"cmd", "state"}})["state"];
  log["steps"][0]["action"] = "  roll ";  // written before each move had one text
  ProtocolServer again(tessera::testing::game_registry());
  REQUIRE(ask(again, {{"cmd", "load"}, {"log", log}})["ok"] == true);
  CHECK(ask(again, {{"cmd", "state"}})["state"] == rolled);
  CHECK(ask(again, {{"cmd", "save"}})["log"]["steps"] == json::array({{{"action", "roll"}}}));
  log["steps"][0]["action"] = "rol";  // a typo is no move, in a log as in act
  ProtocolServer typo(tessera::testing::game_registry());
  CHECK(code_of(ask(typo, {{"cmd", "load"}, {"log", log}})) != "ok");
}
