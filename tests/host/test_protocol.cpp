// The JSON-lines protocol of `tessera serve`, driven in-process.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol_server.hpp"
#include "support/registry.hpp"

using nlohmann::json;
using tessera::host::ProtocolServer;

namespace {

json ask(ProtocolServer& server, const json& request) { return json::parse(server.handle_line(request.dump())); }

json started(ProtocolServer& server) {
  json r = ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seed", 3}});
  REQUIRE(r["ok"] == true);
  return r;
}

}  // namespace

TEST_CASE("The protocol lists games and starts one", "[host]") {
  ProtocolServer server(tessera::testing::game_registry());
  json games = ask(server, {{"cmd", "games"}});
  REQUIRE(games["ok"] == true);
  bool found = false;
  for (const auto& g : games["games"])
    if (g["id"] == "tutorial") {
      found = true;
      CHECK(g["min_players"] == 2);
      CHECK(g["variants"].size() == 7);  // allowance, fair_wages, helping_hand, patronage, second_chance, steady_hands, windfall
    }
  CHECK(found);
  json r = started(server);
  CHECK(r["seat"] == 0);
  CHECK(r["over"] == false);
  CHECK(r["prompt"] == "Roll the lantern dice");
}

TEST_CASE("Every protocol request answers one line with ok", "[host]") {
  ProtocolServer server(tessera::testing::game_registry());
  started(server);
  json legal = ask(server, {{"cmd", "legal"}});
  REQUIRE(legal["actions"] == json::parse(R"([{"text":"roll","label":"Roll the lantern dice","move":"roll","params":[]}])"));
  json act = ask(server, {{"cmd", "act"}, {"action", "roll"}, {"id", 7}});
  CHECK(act["ok"] == true);
  CHECK(act["id"] == 7);
  CHECK(act["events"][0]["text"].get<std::string>().rfind("seat 0 rolls", 0) == 0);
  json st = ask(server, {{"cmd", "state"}});
  CHECK(st["state"]["global"]["flow"]["frames"].back()["step"] == "use_dice");
  json view = ask(server, {{"cmd", "view"}, {"seat", 1}});
  CHECK(view["ok"] == true);
  CHECK_FALSE(view["view"].contains("rng"));
  CHECK(view["view"]["global"]["cards"]["piles"][0].contains("size"));
  CHECK_FALSE(view["view"]["global"]["cards"]["piles"][0].contains("cards"));
  CHECK(view["text"].get<std::string>().find("Market:") != std::string::npos);
  json set = ask(server, {{"cmd", "set"}, {"pointer", "/global/goods/holdings/0/0"}, {"value", 9}});
  CHECK(set["ok"] == true);
  CHECK(ask(server, {{"cmd", "state"}})["state"]["global"]["goods"]["holdings"][0][0] == 9);
  json saved = ask(server, {{"cmd", "save"}});
  REQUIRE(saved["ok"] == true);
  CHECK(saved["log"]["steps"].size() == 2);

  ProtocolServer other(tessera::testing::game_registry());
  json loaded = ask(other, {{"cmd", "load"}, {"log", saved["log"]}});
  REQUIRE(loaded["ok"] == true);
  CHECK(loaded["steps"] == 2);
  CHECK(ask(other, {{"cmd", "state"}})["state"] == ask(server, {{"cmd", "state"}})["state"]);
  CHECK(ask(server, {{"cmd", "quit"}})["ok"] == true);
  CHECK(server.quit_requested());
}

TEST_CASE("Bad protocol lines get an error and change nothing", "[host]") {
  ProtocolServer server(tessera::testing::game_registry());
  CHECK(ask(server, {{"cmd", "state"}})["error"]["code"] == "no_game");
  started(server);
  const json before = ask(server, {{"cmd", "state"}});
  json parse = json::parse(server.handle_line("{not json"));
  CHECK(parse["ok"] == false);
  CHECK(parse["error"]["code"] == "parse_error");
  CHECK(ask(server, json::array({1, 2}))["error"]["code"] == "bad_request");
  CHECK(ask(server, {{"cmd", "dance"}})["error"]["code"] == "unknown_command");
  CHECK(ask(server, {{"nocmd", 1}})["error"]["code"] == "bad_request");
  json illegal = ask(server, {{"cmd", "act"}, {"action", "buy 9 9"}});
  CHECK(illegal["error"]["code"] == "bad_move_text");
  CHECK(illegal["error"]["message"].get<std::string>().find("'buy 9 9' is the move buy with a bad <die>: '9'; it must be ") ==
        0);
  const json not_now = ask(server, {{"cmd", "act"}, {"action", "work 0"}});
  CHECK(not_now["error"]["code"] == "illegal_action");
  CHECK(not_now["error"]["message"] ==
        "'work 0' is not a legal move now: it is Seat 0's decision 'Roll the lantern dice' (moves: roll), which offers "
        "no work");
  CHECK(ask(server, {{"cmd", "act"}, {"action", 5}})["error"]["code"] == "bad_request");
  CHECK(ask(server, {{"cmd", "set"}, {"pointer", "/global/nothing/x"}, {"value", 1}})["error"]["code"] == "bad_set");
  CHECK(ask(server, {{"cmd", "set"}, {"pointer", "/global/goods/holdings/0/0"}, {"value", "many"}})["error"]["code"] ==
        "bad_set");
  CHECK(ask(server, {{"cmd", "set"}, {"pointer", "no slash"}, {"value", 1}})["error"]["code"] == "bad_set");
  json unknown_card = ask(server, {{"cmd", "set"}, {"pointer", "/global/market/rows/0/0"}, {"value", "dragon"}});
  CHECK(unknown_card["error"]["code"] == "bad_set");
  CHECK(unknown_card["error"]["message"].get<std::string>().find("'dragon' is not one of the cards") != std::string::npos);
  CHECK(ask(server, {{"cmd", "view"}, {"seat", 5}})["error"]["code"] == "bad_request");
  CHECK(ask(server, {{"cmd", "new"}, {"game", "chess"}})["error"]["code"] == "unknown_game");
  CHECK(ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 9}})["error"]["code"] == "bad_request");
  CHECK(ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"variants", {"nope"}}})["error"]["code"] == "bad_request");
  CHECK(ask(server, {{"cmd", "load"}, {"log", {{"tessera_log", 1}, {"game", "tutorial"}, {"players", 2}, {"seed", 1},
                                               {"steps", {{{"action", "fly"}}}}}}})["error"]["code"] == "bad_data");
  CHECK(ask(server, {{"cmd", "state"}}) == before);
  CHECK(ask(server, {{"cmd", "save"}})["log"]["steps"].empty());
}
