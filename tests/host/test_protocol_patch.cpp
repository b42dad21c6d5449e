// serve's `patch`: RFC 6902 JSON Patch ops applied to the full state and checked as one
// scenario edit, all or nothing, logged and replayed like `set` (sdk/docs/protocol.md).
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "protocol_server.hpp"
#include "session.hpp"
#include "state_patch.hpp"
#include "support/registry.hpp"
#include "support/build_paths.hpp"

using nlohmann::json;
using tessera::host::ProtocolServer;

namespace {

json ask(ProtocolServer& server, const json& request) { return json::parse(server.handle_line(request.dump())); }

std::string code_of(const json& reply) { return reply["ok"] == false ? reply["error"]["code"].get<std::string>() : "ok"; }

json state_of(ProtocolServer& server) { return ask(server, {{"cmd", "state"}})["state"]; }

void start(ProtocolServer& server, const std::string& game) {
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", game}, {"players", 2}, {"seed", 3}})["ok"] == true);
}

json patch(json ops) { return json{{"cmd", "patch"}, {"ops", std::move(ops)}}; }

// A Sardinian settler goes from seat 0's reserve to Nurra: the reserve and the board must
// add up to the seat's pieces, so neither half may stand alone.
const json kSettlerToNurra = json::parse(R"([
  {"op": "replace", "path": "/seats/0/reserve/values/settler", "value": 4},
  {"op": "add", "path": "/global/board/pieces/-", "value": {"space": "nurra", "owner": 0, "kind": "settler", "count": 1}}
])");

}  // namespace

TEST_CASE("A patch moves a piece from the reserve to the board in one edit that two sets cannot make", "[host][patch]") {
  ProtocolServer server(tessera::testing::game_registry());
  start(server, "sardinia");
  const json before = state_of(server);
  REQUIRE(before["seats"][0]["reserve"]["values"]["settler"] == 5);

  // Each half alone is refused: the pieces would not add up.
  const json fewer = ask(server, {{"cmd", "set"}, {"pointer", "/seats/0/reserve/values/settler"}, {"value", 4}});
  CHECK(code_of(fewer) == "bad_set");
  CHECK_THAT(fewer["error"]["message"].get<std::string>(), Catch::Contains("must add up to 5"));
  CHECK(code_of(ask(server, {{"cmd", "set"}, {"pointer", "/global/board/pieces"}, {"value", json::array({kSettlerToNurra[1]["value"]})}})) ==
        "bad_set");
  CHECK(state_of(server) == before);

  const json reply = ask(server, patch(kSettlerToNurra));
  REQUIRE(code_of(reply) == "ok");
  CHECK(reply["applied"] == 2);
  CHECK(reply["seat"] == 0);
  const json after = state_of(server);
  CHECK(after["seats"][0]["reserve"]["values"]["settler"] == 4);
  CHECK(after["global"]["board"]["pieces"] == json::array({kSettlerToNurra[1]["value"]}));
  json expected = before;
  expected = expected.patch(kSettlerToNurra);
  CHECK(after == expected);

  SECTION("and a card from the draw pile into a tableau with a move op") {
    start(server, "tutorial");
    const json tutorial = state_of(server);
    const std::string card = tutorial["global"]["cards"]["piles"][0]["cards"][0];
    CHECK(code_of(ask(server, {{"cmd", "set"}, {"pointer", "/seats/0/tableau/cards"}, {"value", {card}}})) == "bad_set");
    const json moved = ask(server, patch(json::parse(R"([
      {"op": "move", "from": "/global/cards/piles/0/cards/0", "path": "/seats/0/tableau/cards/-"},
      {"op": "add", "path": "/seats/0/tableau/revealed/-", "value": true}
    ])")));
    REQUIRE(code_of(moved) == "ok");
    const json now = state_of(server);
    CHECK(now["seats"][0]["tableau"]["cards"] == json::array({card}));
    CHECK(now["global"]["cards"]["piles"][0]["cards"].size() == tutorial["global"]["cards"]["piles"][0]["cards"].size() - 1);
  }
}

TEST_CASE("A patch that fails at an op changes nothing and names the op and the reason", "[host][patch]") {
  ProtocolServer server(tessera::testing::game_registry());
  start(server, "tutorial");
  const json before = state_of(server);
  auto refused = [&](const json& ops, const json& op, const std::string& reason) {
    INFO(ops.dump());
    const json reply = ask(server, patch(ops));
    CHECK(code_of(reply) == "bad_patch");
    CHECK(reply["error"]["op"] == op);
    CHECK_THAT(reply["error"]["message"].get<std::string>(), Catch::Contains(reason));
    CHECK(state_of(server) == before);
  };
  const json round3 = {{"op", "replace"}, {"path", "/global/turns/round"}, {"value", 3}};

  SECTION("a test op that does not hold") {
    refused({round3, {{"op", "test"}, {"path", "/global/goods/holdings/0/0"}, {"value", 5}}}, 1,
            "patch: ops[1] (test): the value at '/global/goods/holdings/0/0' is 3, not 5");
    // The same test holding lets the patch through.
    CHECK(code_of(ask(server, patch({{{"op", "test"}, {"path", "/global/goods/holdings/0/0"}, {"value", 3}}, round3}))) ==
          "ok");
    CHECK(state_of(server)["global"]["turns"]["round"] == 3);
  }
  SECTION("bad pointers") {
    refused({round3, {{"op", "remove"}, {"path", "no slash"}}}, 1, "ops[1] (remove): bad JSON pointer 'no slash'");
    refused({{{"op", "replace"}, {"path", "/global/goods/holdings/0/~2"}, {"value", 1}}}, 0, "bad JSON pointer");
    refused({{{"op", "replace"}, {"path", "/global/nothing/here"}, {"value", 1}}}, 0, "ops[0] (replace): ");
    refused({{{"op", "replace"}, {"path", "/global/goods/holdings/0/99999999999999999999999"}, {"value", 1}}}, 0,
            "ops[0] (replace): ");
    refused({{{"op", "move"}, {"from", "/global/nothing"}, {"path", "/global/x"}}}, 0,
            "ops[0] (move): \"from\" '/global/nothing' is not in the state");
    refused({{{"op", "test"}, {"path", "/global/cards/piles/0/cards/-"}, {"value", 1}}}, 0, "is not in the state");
  }
  SECTION("malformed ops") {
    refused({round3, 7}, 1, "ops[1]: an op is a JSON object");
    refused({{{"op", "rename"}, {"path", "/global"}}}, 0, "\"op\" must be one of add, remove, replace, move, copy, test");
    refused({{{"path", "/global"}}}, 0, "\"op\" must be one of");
    refused({{{"op", "add"}, {"value", 1}}}, 0, "ops[0] (add): needs \"path\"");
    refused({{{"op", "add"}, {"path", "/global/turns/round"}}}, 0, "ops[0] (add): needs \"value\"");
    refused({{{"op", "move"}, {"form", "/global/turns/round"}, {"path", "/global/turns/start"}}}, 0,
            "unknown field 'form' in a 'move' op (known: op, path, from)");
    refused({{{"op", "remove"}, {"path", "/global/turns/round"}, {"value", 1}}}, 0, "unknown field 'value'");
  }
  SECTION("a patch too large or growing the state without bound") {
    const json many(tessera::host::kMaxPatchOps + 1, round3);
    refused(many, nullptr, "1001 ops, more than the 1000 one patch may hold");
    json doubling = json::array();
    for (int i = 0; i < 40; ++i)
      doubling.push_back({{"op", "copy"}, {"from", "/global"}, {"path", "/global/copy" + std::to_string(i)}});
    refused(doubling, 8, "the copies and moves of one patch carry more than 65536 values");
    // Values placed inside values: each op alone is within the request's nesting, together they are not.
    json deep = 1;
    for (int i = 0; i < 40; ++i) deep = json::array({deep});
    std::string inner = "/global/deep";
    for (int i = 0; i < 39; ++i) inner += "/0";
    refused({{{"op", "add"}, {"path", "/global/deep"}, {"value", deep}}, {{"op", "add"}, {"path", inner}, {"value", deep}}}, 1,
            "nested 81 arrays and objects deep, more than the 64 a state may");
  }
  // Only the patch that went through is in the log.
  const std::size_t edits = state_of(server) == before ? 0 : 1;
  CHECK(ask(server, {{"cmd", "save"}})["log"]["steps"].size() == edits);
}

TEST_CASE("A patch whose result the game refuses changes nothing", "[host][patch]") {
  ProtocolServer server(tessera::testing::game_registry());
  start(server, "tutorial");
  const json before = state_of(server);
  const json wrong_type = ask(server, patch({{{"op", "replace"}, {"path", "/global/goods/holdings/0/0"}, {"value", "many"}}}));
  CHECK(code_of(wrong_type) == "bad_patch");
  CHECK(wrong_type["error"]["op"] == 0);
  CHECK_THAT(wrong_type["error"]["message"].get<std::string>(),
             Catch::StartsWith("patch: ops[0] (replace /global/goods/holdings/0/0): the patched state is refused: "));
  // A card conjured into a tableau: each card is in exactly one place.
  const std::string card = before["global"]["market"]["rows"][0][0];
  const json conjured = ask(server, patch(json::parse(R"([{"op": "add", "path": "/seats/1/tableau/cards/-", "value": ")" + card +
                                                      R"("}, {"op": "add", "path": "/seats/1/tableau/revealed/-", "value": true}])")));
  CHECK(code_of(conjured) == "bad_patch");
  // A key no component keeps: named by the op that made it.
  const json unkept = ask(server, patch({{{"op", "replace"}, {"path", "/global/turns/round"}, {"value", 2}},
                                        {{"op", "add"}, {"path", "/global/turns/bogus"}, {"value", 1}}}));
  CHECK(code_of(unkept) == "bad_patch");
  CHECK(state_of(server) == before);
  CHECK(ask(server, {{"cmd", "save"}})["log"]["steps"].empty());
  // Requests that are not patches at all.
  CHECK(code_of(ask(server, {{"cmd", "patch"}})) == "bad_request");
  CHECK(code_of(ask(server, {{"cmd", "patch"}, {"ops", {{"op", "add"}}}})) == "bad_request");
  CHECK(code_of(ask(server, {{"cmd", "patch"}, {"ops", json::array()}, {"pointer", "/x"}})) == "bad_request");
  ProtocolServer idle(tessera::testing::game_registry());
  CHECK(code_of(ask(idle, patch(json::array()))) == "no_game");
}

TEST_CASE("A refused patch names its first offending op, the one that wrote the refused value", "[host][patch]") {
  ProtocolServer server(tessera::testing::game_registry());
  start(server, "tutorial");
  const json before = state_of(server);
  const auto blamed = [&](const json& ops) {
    const json reply = ask(server, patch(ops));
    CHECK(code_of(reply) == "bad_patch");
    CHECK(state_of(server) == before);
    return reply["error"]["op"];
  };
  const json bogus = {{"op", "add"}, {"path", "/global/turns/bogus"}, {"value", 1}};
  const json round = {{"op", "replace"}, {"path", "/global/turns/round"}, {"value", 2}};
  SECTION("a value the game does not keep: the op that wrote it, not a later op in the same container") {
    CHECK(blamed({bogus, round}) == 0);
    CHECK(blamed({round, bogus}) == 1);
  }
  SECTION("an op on /rng is blamed for /rng alone") {
    ProtocolServer other(tessera::testing::game_registry());
    REQUIRE(ask(other, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seed", 4}})["ok"] == true);
    const json rng = {{"op", "replace"}, {"path", "/rng"}, {"value", state_of(other)["rng"]}};
    CHECK(blamed({bogus, rng}) == 0);
  }
  SECTION("a value the game refuses: the op that wrote it, also when a later op wrote beside it") {
    const json many = {{"op", "replace"}, {"path", "/global/goods/holdings/0/0"}, {"value", "many"}};
    // Seat 1's count as it is: goods are conserved, so only an unchanged count is fine here.
    const json fine = {{"op", "replace"}, {"path", "/global/goods/holdings/1/0"}, {"value", before["global"]["goods"]["holdings"][1][0]}};
    CHECK(blamed({fine, many, round}) == 1);
  }
  SECTION("a whole component replaced with a value the game refuses: that op, in the game's words") {
    // A card conjured into seat 1's tableau, written whole; each card is in one place.
    json tableau = before["seats"][1]["tableau"];
    tableau["cards"].push_back(before["global"]["market"]["rows"][0][0]);
    tableau["revealed"].push_back(true);
    const json whole = {{"op", "replace"}, {"path", "/seats/1/tableau"}, {"value", tableau}};
    const json reply = ask(server, patch({round, whole, {{"op", "replace"}, {"path", "/global/turns/round"}, {"value", 1}}}));
    CHECK(reply["error"]["op"] == 1);
    CHECK_THAT(reply["error"]["message"].get<std::string>(),
               Catch::StartsWith("patch: ops[1] (replace /seats/1/tableau): the patched state is refused: "));
  }
}

TEST_CASE("A whole supply patched in with its old totals is kept, the totals derived again", "[host][patch]") {
  ProtocolServer server(tessera::testing::game_registry());
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", "catan_inca"}, {"players", 3}, {"seed", 3}})["ok"] == true);
  const json before = state_of(server);
  // A card from the bank to seat 0's hand, the supply written whole, its totals as they were.
  json cards = before["global"]["cards"];
  cards["holdings"][0][0] = cards["holdings"][0][0].get<int>() + 1;
  if (cards["resources"][0]["bank"] != -1) cards["resources"][0]["bank"] = cards["resources"][0]["bank"].get<int>() - 1;
  const json whole = {{"op", "replace"}, {"path", "/global/cards"}, {"value", cards}};
  const json kept = ask(server, patch(json::array({whole})));
  REQUIRE(code_of(kept) == "ok");
  CHECK(state_of(server)["global"]["cards"]["totals"][0] == before["global"]["cards"]["totals"][0].get<int>() + 1);
  // A key no supply keeps, inside the whole: named at its place, not at the derived totals.
  cards["colour"] = "red";
  const json unkept = ask(server, patch({{{"op", "replace"}, {"path", "/global/cards/holdings/1/0"}, {"value", cards["holdings"][1][0]}},
                                         {{"op", "replace"}, {"path", "/global/cards"}, {"value", cards}}}));
  CHECK(code_of(unkept) == "bad_patch");
  CHECK(unkept["error"]["op"] == 1);
  CHECK_THAT(unkept["error"]["message"].get<std::string>(),
             Catch::StartsWith("patch: ops[1] (replace /global/cards): ") && Catch::Contains("colour") &&
                 !Catch::Contains("totals"));
}

TEST_CASE("A log with a patch step replays it, and a broken one names its step and op", "[host][patch]") {
  ProtocolServer server(tessera::testing::game_registry());
  start(server, "sardinia");
  REQUIRE(ask(server, {{"cmd", "act"}, {"action", "play admiral"}})["ok"] == true);
  REQUIRE(code_of(ask(server, patch(kSettlerToNurra))) == "ok");
  const json log = ask(server, {{"cmd", "save"}})["log"];
  REQUIRE(log["steps"].size() == 2);
  CHECK(log["steps"][1] == json{{"patch", kSettlerToNurra}});

  ProtocolServer other(tessera::testing::game_registry());
  const json loaded = ask(other, {{"cmd", "load"}, {"log", log}});
  REQUIRE(code_of(loaded) == "ok");
  CHECK(loaded["steps"] == 2);
  CHECK(state_of(other) == state_of(server));

  json broken = log;
  broken["steps"][1]["patch"][1]["path"] = "/global/board/nothing/-";
  CHECK_THROWS_WITH(tessera::host::Session::from_log(tessera::testing::game_registry(), broken),
                    Catch::Contains("log: step 2: patch: ops[1] (add): "));
  json extra = log;
  extra["steps"][1]["value"] = 1;
  CHECK_THROWS_WITH(tessera::host::Session::from_log(tessera::testing::game_registry(), extra),
                    Catch::Contains("unknown field 'value' in a patch step"));
}

TEST_CASE("Every patch example of protocol.md applies to its game", "[host][patch]") {
  std::ifstream doc(std::string(tessera::testing::kSourceDir) + "/sdk/docs/protocol.md");
  REQUIRE(doc);
  std::vector<std::vector<std::string>> blocks;
  bool inside = false;
  for (std::string line; std::getline(doc, line);) {
    if (line == "```jsonl") {
      inside = true;
      blocks.emplace_back();
    } else if (line.rfind("```", 0) == 0) {
      inside = false;
    } else if (inside) {
      blocks.back().push_back(line);
    }
  }
  std::set<std::string> games;
  for (const auto& block : blocks) {
    REQUIRE(block.size() >= 2);
    ProtocolServer server(tessera::testing::game_registry());
    for (const std::string& line : block) {
      INFO(line);
      const json reply = json::parse(server.handle_line(line));
      INFO(reply.dump());
      CHECK(reply["ok"] == true);
      if (reply.contains("game")) games.insert(reply["game"].get<std::string>());
    }
    const json log = ask(server, {{"cmd", "save"}})["log"];
    CHECK(log["steps"].back().contains("patch"));
  }
  CHECK(games == std::set<std::string>{"age_of_discovery", "catan_inca", "madeira", "santa_maria", "sardinia", "tutorial"});
}
