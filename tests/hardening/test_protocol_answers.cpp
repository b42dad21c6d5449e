// serve answers as protocol.md documents: numbers are read strictly (no -0, no fractions for
// counts), seats are checked at `new` by the bots' own parser, the JSON library's errors come
// in the protocol's codes and words, an edit that changes nothing is not recorded, and a log
// a session records is one the same server loads: each bound of the log format is checked
// when a step is taken as well as when a log is read.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "json_limits.hpp"
#include "protocol_server.hpp"
#include "support/registry.hpp"

using nlohmann::json;
using tessera::host::ProtocolServer;
using Catch::Matchers::Contains;

namespace {

json ask_line(ProtocolServer& server, const std::string& line) { return json::parse(server.handle_line(line)); }
json ask(ProtocolServer& server, const json& request) { return ask_line(server, request.dump()); }

std::string code_of(const json& reply) { return reply["ok"] == false ? reply["error"]["code"].get<std::string>() : "ok"; }
std::string message_of(const json& reply) { return reply["error"]["message"].get<std::string>(); }

// A Sardinia game for edits: the name of the first board space is a string it keeps.
void start_sardinia(ProtocolServer& server) {
  REQUIRE(code_of(ask(server, {{"cmd", "new"}, {"game", "sardinia"}, {"players", 2}, {"seed", 1}})) == "ok");
}
const std::string kName = "/global/board/spaces/0/attributes/name";

}  // namespace

TEST_CASE("serve reads numbers strictly: no -0, no fractions or floats for counts", "[hardening][host]") {
  ProtocolServer server(tessera::testing::game_registry());
  for (const char* line : {R"({"cmd":"new","game":"tutorial","players":-0})",
                                  R"({"cmd":"new","game":"tutorial","seed":-0})",
                                  R"({"cmd":"new","game":"tutorial","players":2,"id":[-0]})"}) {
    INFO(line);
    const json reply = ask_line(server, line);
    CHECK(code_of(reply) == "parse_error");
    CHECK_THAT(message_of(reply), Contains("-0 at byte"));
  }
  for (const char* line : {R"({"cmd":"new","game":"tutorial","players":2.0})",
                                  R"({"cmd":"new","game":"tutorial","players":2.5})",
                                  R"({"cmd":"new","game":"tutorial","players":2e0})",
                                  R"({"cmd":"new","game":"tutorial","seed":1.0})"}) {
    INFO(line);
    CHECK(code_of(ask_line(server, line)) == "bad_request");
  }
  // A string holding -0 is no number; -0.5 is a float, refused as a count by its type.
  CHECK(code_of(ask_line(server, R"({"cmd":"new","game":"tutorial","players":2,"id":"-0"})")) == "ok");
  CHECK(code_of(ask_line(server, R"({"cmd":"view","seat":-0.5})")) == "bad_request");
}

TEST_CASE("serve's new checks each seat spec with the bots' own parser", "[hardening][host]") {
  ProtocolServer server(tessera::testing::game_registry());
  for (const json& seats : {json{"random", "mcts:iterations= 5"}, json{"random", "mcts:iterations=+5"},
                            json{"ismcts:c= 1.4", "human"}, json{"random", "mcts:iterations=lots"},
                            json{"ismcts:bogus=1", "human"}, json{"random", "greedy:"}, json{"mcts:c=1,c=2", "random"},
                            json{"Random", "human"}}) {
    INFO(seats.dump());
    const json reply = ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seats", seats}});
    CHECK(code_of(reply) == "bad_request");
    CHECK_THAT(message_of(reply), Contains("seats["));
  }
  CHECK(code_of(ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 2},
                             {"seats", {"human", "mcts:iterations=50,c=1.4"}}})) == "ok");
}

TEST_CASE("serve names the JSON library's errors in its own codes and words", "[hardening][host]") {
  ProtocolServer server(tessera::testing::game_registry());
  start_sardinia(server);
  for (const char* pointer : {"/global/board/spaces/99999999999999999999/attributes/name",
                                     "/global/board/spaces/01/attributes/name", "/global/board/spaces/x/y",
                                     "/global/~2", "global"}) {
    INFO(pointer);
    const json reply = ask(server, {{"cmd", "set"}, {"pointer", pointer}, {"value", 1}});
    CHECK(code_of(reply) == "bad_set");
    CHECK_THAT(message_of(reply), !Contains("json.exception"));
  }
  const json reply = ask_line(server, R"({"cmd":"state",)");
  CHECK(code_of(reply) == "parse_error");
  CHECK_THAT(message_of(reply), !Contains("json.exception") && Contains("parse error"));
}

TEST_CASE("An edit that changes nothing is not a step of the log", "[hardening][host]") {
  ProtocolServer server(tessera::testing::game_registry());
  start_sardinia(server);
  const json name = ask(server, {{"cmd", "state"}})["state"]["global"]["board"]["spaces"][0]["attributes"]["name"];
  CHECK(code_of(ask(server, {{"cmd", "patch"}, {"ops", json::array()}})) == "ok");
  CHECK(code_of(ask(server, {{"cmd", "patch"}, {"ops", {{{"op", "test"}, {"path", kName}, {"value", name}}}}})) == "ok");
  CHECK(code_of(ask(server, {{"cmd", "set"}, {"pointer", kName}, {"value", name}})) == "ok");
  CHECK(ask(server, {{"cmd", "save"}})["log"]["steps"].empty());
  CHECK(code_of(ask(server, {{"cmd", "set"}, {"pointer", kName}, {"value", "Nurra!"}})) == "ok");
  CHECK(ask(server, {{"cmd", "save"}})["log"]["steps"].size() == 1);
}

TEST_CASE("A session refuses the edit past the log's bound, and its save loads", "[hardening][host]") {
  ProtocolServer server(tessera::testing::game_registry());
  start_sardinia(server);
  for (std::size_t i = 0; i < tessera::host::kMaxLogSetSteps; ++i)
    REQUIRE(code_of(ask(server, {{"cmd", "set"}, {"pointer", kName}, {"value", i % 2 ? "a" : "b"}})) == "ok");
  const json refused = ask(server, {{"cmd", "set"}, {"pointer", kName}, {"value", "c"}});
  CHECK(code_of(refused) == "too_large");
  CHECK_THAT(message_of(refused), Contains("1000 'set' and 'patch' steps, the most (1000) scenario edits a log may hold"));
  const json refused_patch = ask(server, {{"cmd", "patch"}, {"ops", {{{"op", "replace"}, {"path", kName}, {"value", "c"}}}}});
  CHECK(code_of(refused_patch) == "too_large");
  // Nothing changed, and the save loads in the same server.
  CHECK(ask(server, {{"cmd", "state"}})["state"]["global"]["board"]["spaces"][0]["attributes"]["name"] == "a");
  const json log = ask(server, {{"cmd", "save"}})["log"];
  CHECK(log["steps"].size() == tessera::host::kMaxLogSetSteps);
  const json loaded = ask_line(server, json{{"cmd", "load"}, {"log", log}}.dump());
  CHECK(code_of(loaded) == "ok");
  CHECK(loaded["steps"] == tessera::host::kMaxLogSetSteps);
}

TEST_CASE("A session refuses a value nested too deep for its log to load", "[hardening][host]") {
  ProtocolServer server(tessera::testing::game_registry());
  start_sardinia(server);
  // The deepest value a set request may carry: request object, then the value.
  const int depth = tessera::host::kMaxJsonDepth - 1;
  const std::string value = std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
  const json reply = ask_line(server, R"({"cmd":"set","pointer":")" + kName + R"(","value":)" + value + "}");
  CHECK(code_of(reply) == "too_large");
  CHECK_THAT(message_of(reply), Contains("deep in a load request"));
  const json log = ask(server, {{"cmd", "save"}})["log"];
  CHECK(code_of(ask_line(server, json{{"cmd", "load"}, {"log", log}}.dump())) == "ok");
}
