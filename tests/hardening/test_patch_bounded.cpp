// serve's `patch` under hostile input: any ops a client sends get one reply, bounded work,
// and either apply as a whole or change nothing (the state and the log stay as they were).
#include <catch2/catch.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <random>

#include "protocol_server.hpp"
#include "state_patch.hpp"
#include "support/registry.hpp"

using nlohmann::json;
using tessera::host::ProtocolServer;

namespace {

json ask(ProtocolServer& server, const json& request) { return json::parse(server.handle_line(request.dump())); }

// Pointers into, around and outside the tutorial's state, some malformed.
const std::vector<std::string> kPointers{"",
                                         "/",
                                         "/global",
                                         "/global/goods/holdings/0/0",
                                         "/global/goods/holdings/0/-",
                                         "/global/goods/holdings/9",
                                         "/global/goods/holdings/01",
                                         "/global/goods/holdings/99999999999999999999999",
                                         "/global/cards/piles/0/cards/0",
                                         "/global/cards/piles/0/cards/-",
                                         "/seats/0/tableau/cards/-",
                                         "/seats/0/tableau/revealed/-",
                                         "/global/turns/round",
                                         "/global/x",
                                         "/rng",
                                         "/players",
                                         "~2",
                                         "/a~",
                                         "no slash",
                                         "/global/renown/positions/1"};

json random_value(std::mt19937& rng, int depth = 0) {
  switch (rng() % (depth > 3 ? 5 : 7)) {
    case 0: return nullptr;
    case 1: return static_cast<int>(rng() % 40) - 5;
    case 2: return "caravan";
    case 3: return rng() % 2 == 0;
    case 4: return 2.5;
    case 5: return json::array({random_value(rng, depth + 1), random_value(rng, depth + 1)});
    default: return json{{"space", random_value(rng, depth + 1)}};
  }
}

json random_op(std::mt19937& rng) {
  static const std::vector<std::string> kinds{"add", "remove", "replace", "move", "copy", "test", "rename"};
  json op{{"op", kinds[rng() % kinds.size()]}, {"path", kPointers[rng() % kPointers.size()]}};
  if (rng() % 2 == 0) op["from"] = kPointers[rng() % kPointers.size()];
  if (rng() % 2 == 0) op["value"] = random_value(rng);
  if (rng() % 16 == 0) op.erase("path");
  if (rng() % 32 == 0) op["path"] = 7;
  return op;
}

}  // namespace

TEST_CASE("Random patches apply as a whole or change nothing, each with one reply", "[hardening][host][patch]") {
  ProtocolServer server(tessera::testing::game_registry());
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seed", 3}})["ok"] == true);
  std::mt19937 rng(20261126);
  int applied = 0;
  for (int i = 0; i < 1500; ++i) {
    json ops = json::array();
    const int count = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < count; ++k) ops.push_back(random_op(rng));
    // Random ops seldom make a whole state the game keeps (cards and goods are conserved):
    // every 25th patch is a marker moved on its track (never to where it stands), so that the
    // replay below is of edits.
    if (i % 25 == 0)
      ops = json::array({json{{"op", "replace"}, {"path", "/global/renown/positions/1"}, {"value", i / 25 % 29 + 1}}});
    const json before = ask(server, {{"cmd", "state"}})["state"];
    const std::size_t steps = ask(server, {{"cmd", "save"}})["log"]["steps"].size();
    const json reply = ask(server, {{"cmd", "patch"}, {"ops", ops}});
    INFO(ops.dump() << " -> " << reply.dump());
    REQUIRE(reply.contains("ok"));
    if (reply["ok"] == true) {
      ++applied;
      CHECK(ask(server, {{"cmd", "save"}})["log"]["steps"].size() == steps + 1);
      continue;
    }
    CHECK(reply["error"]["code"] == "bad_patch");
    CHECK(reply["error"]["message"].get<std::string>().rfind("patch: ", 0) == 0);
    CHECK(ask(server, {{"cmd", "state"}})["state"] == before);
    CHECK(ask(server, {{"cmd", "save"}})["log"]["steps"].size() == steps);
  }
  CHECK(applied > 0);  // some random edits fit the game (a test that holds, a renown position)
  // Whatever went through replays.
  const json log = ask(server, {{"cmd", "save"}})["log"];
  ProtocolServer other(tessera::testing::game_registry());
  REQUIRE(ask(other, {{"cmd", "load"}, {"log", log}})["ok"] == true);
  CHECK(ask(other, {{"cmd", "state"}})["state"] == ask(server, {{"cmd", "state"}})["state"]);
}

TEST_CASE("The largest patches a line may hold are refused or applied quickly", "[hardening][host][patch]") {
  ProtocolServer server(tessera::testing::game_registry());
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seed", 3}})["ok"] == true);
  const auto started = std::chrono::steady_clock::now();
  // As many moves of the whole global object back and forth as a patch may hold.
  json moves = json::array();
  for (std::size_t i = 0; i < tessera::host::kMaxPatchOps / 2; ++i) {
    moves.push_back({{"op", "move"}, {"from", "/global"}, {"path", "/parked"}});
    moves.push_back({{"op", "move"}, {"from", "/parked"}, {"path", "/global"}});
  }
  const json moved = ask(server, {{"cmd", "patch"}, {"ops", moves}});
  CHECK(moved["error"]["code"] == "bad_patch");
  CHECK_THAT(moved["error"]["message"].get<std::string>(), Catch::Contains("carry more than 65536 values"));
  // As many appends of the deepest value a request may carry.
  json deep = 0;
  for (int i = 0; i < 58; ++i) deep = json::array({deep});
  json appends = json::array();
  for (std::size_t i = 0; i < tessera::host::kMaxPatchOps; ++i)
    appends.push_back({{"op", "add"}, {"path", "/global/x" + std::to_string(i % 7)}, {"value", deep}});
  CHECK(ask(server, {{"cmd", "patch"}, {"ops", appends}})["error"]["code"] == "bad_patch");
  // A hundred test ops comparing the whole state.
  const json state = ask(server, {{"cmd", "state"}})["state"];
  json tests = json::array();
  for (int i = 0; i < 100; ++i) tests.push_back({{"op", "test"}, {"path", ""}, {"value", state}});
  CHECK(ask(server, {{"cmd", "patch"}, {"ops", tests}})["ok"] == true);
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
}
