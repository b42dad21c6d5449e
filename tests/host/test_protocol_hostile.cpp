// Hostile protocol lines and logs: every line gets one JSON
// reply and `serve` keeps running; bad bytes, deep nesting, huge lines and values of the
// wrong type are refused with a clear error and change nothing.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <functional>
#include <sstream>

#include "json_limits.hpp"
#include "protocol_server.hpp"
#include "support/host_process.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"
#include "support/text_lines.hpp"

using nlohmann::json;
using tessera::host::ProtocolServer;
using namespace tessera::testing;

namespace {

json ask(ProtocolServer& server, const std::string& line) { return json::parse(server.handle_line(line)); }
json ask(ProtocolServer& server, const json& request) { return ask(server, request.dump()); }

std::string code_of(const json& reply) { return reply["ok"] == false ? reply["error"]["code"].get<std::string>() : "ok"; }

void start_tutorial(ProtocolServer& server) {
  REQUIRE(ask(server, json{{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seed", 3}})["ok"] == true);
}


std::string nested(const std::string& open, std::size_t depth) {
  std::string out;
  for (std::size_t i = 0; i < depth; ++i) out += open;
  return out;
}

}  // namespace

TEST_CASE("serve answers every line with one JSON reply whatever bytes the line holds", "[host][hostile]") {
  const std::vector<std::string> requests{
      "\xff\xfe\x80",
      R"({"cmd":"new","game":"tutorial","players":2,"seed":3})",
      "{\"cmd\":\"act\",\"action\":\"ro\xffll\"}",
      "{\"cmd\":\"new\",\"game\":\"tut\xc3\"}",
      "{\"cmd\":\"state\",\"id\":\"\xed\xa0\x80\"}",
      "{\"cmd\":\"act\",\"action\":\"roll\",\"id\":\"\xf4\x90\x80\x80\"}",
      R"({"cmd":"act","action":"roll"})",
      R"({"cmd":"quit"})"};
  std::string input;
  for (const auto& r : requests) input += r + "\n";
  const HostRun run = run_tessera({"serve"}, input);
  CHECK(run.signal == 0);
  CHECK(run.exit_code == 0);
  const std::vector<std::string> replies = lines_of(run.out);
  REQUIRE(replies.size() == requests.size());
  for (std::size_t i = 0; i < replies.size(); ++i) {
    INFO("request " << i << ": " << requests[i]);
    const json reply = json::parse(replies[i]);
    CHECK(reply.contains("ok"));
  }
  CHECK(code_of(json::parse(replies[0])) == "parse_error");
  CHECK(code_of(json::parse(replies[6])) == "ok");  // the game went on
}

TEST_CASE("Texts a script makes with bytes that are not UTF-8 reach the client replaced, never crash", "[host][hostile]") {
  ScratchGameRoot root("tutorial", "bad_bytes");
  write_file(root.scripts() / "variants/bad_log.lua",
             "-- Bad log: an event text that is not UTF-8\n"
             "hook('on_action', function(ctx, arg) ctx:log('odd \\xff byte') end)\n");
  write_file(root.scripts() / "variants/bad_error.lua",
             "-- Bad error: an error text that is not UTF-8\n"
             "hook('on_action', function(ctx, arg) error('odd \\xc3 byte') end)\n");
  const auto registry = root.registry();
  ProtocolServer server(*registry);

  SECTION("an event text") {
    REQUIRE(ask(server, json{{"cmd", "new"}, {"game", "tutorial"}, {"variants", {"bad_log"}}})["ok"] == true);
    const json act = ask(server, json{{"cmd", "act"}, {"action", "roll"}});
    REQUIRE(act["ok"] == true);
    bool replaced = false;
    for (const auto& e : act["events"]) replaced = replaced || e["text"] == "odd \xef\xbf\xbd byte";
    CHECK(replaced);
    CHECK(ask(server, json{{"cmd", "save"}})["ok"] == true);
  }
  SECTION("an error text") {
    REQUIRE(ask(server, json{{"cmd", "new"}, {"game", "tutorial"}, {"variants", {"bad_error"}}})["ok"] == true);
    const json act = ask(server, json{{"cmd", "act"}, {"action", "roll"}});
    CHECK(code_of(act) == "illegal_action");
    CHECK(act["error"]["message"].get<std::string>().find("odd \xef\xbf\xbd byte") != std::string::npos);
    CHECK(ask(server, json{{"cmd", "legal"}})["ok"] == true);
  }
}

TEST_CASE("Deep or huge protocol lines are refused before they are parsed", "[host][hostile]") {
  ProtocolServer server(game_registry());
  start_tutorial(server);
  const json before = ask(server, json{{"cmd", "state"}});

  CHECK(code_of(ask(server, nested("[", 100000))) == "too_large");
  CHECK(code_of(ask(server, nested("{\"a\":", 100000))) == "too_large");
  CHECK(code_of(ask(server, R"({"cmd":"set","pointer":"/global/goods/holdings/0/0","value":)" + nested("[", 60000))) ==
        "too_large");
  CHECK(code_of(ask(server, R"({"cmd":"state","id":)" + nested("[", 50000) + nested("]", 50000) + "}")) == "too_large");
  const std::string deep_log = R"({"cmd":"load","log":{"tessera_log":1,"steps":[{"set":"/x","value":)" +
                               nested("[", 80000);
  CHECK(code_of(ask(server, deep_log)) == "too_large");
  // Just inside the limit is fine.
  const int depth = tessera::host::kMaxJsonDepth - 1;
  CHECK(code_of(ask(server, R"({"cmd":"state","id":)" + nested("[", depth) + nested("]", depth) + "}")) == "ok");
  // A line over the size limit, even of valid JSON.
  const std::string big = R"({"cmd":"act","action":")" + std::string(tessera::host::kMaxRequestBytes, 'x') + "\"}";
  const json too_long = ask(server, big);
  CHECK(code_of(too_long) == "too_large");
  CHECK(too_long["error"]["message"].get<std::string>().size() < 1000);
  CHECK(ask(server, json{{"cmd", "state"}}) == before);
}

TEST_CASE("JSON that nlohmann would take but JSON forbids is refused: NUL bytes, repeated keys", "[host][hostile]") {
  ProtocolServer server(game_registry());
  start_tutorial(server);
  const json before = ask(server, json{{"cmd", "state"}});
  // nlohmann stops at a NUL byte, and keeps the last of two equal keys.
  CHECK(code_of(ask(server, std::string(R"({"cmd":"state"})") + '\0' + "garbage")) == "parse_error");
  CHECK(code_of(ask(server, std::string(R"({"cmd":"act","action":"a)") + '\0' + R"(b"})")) == "parse_error");
  const json twice = ask(server, std::string(R"({"cmd":"state","cmd":"quit"})"));
  CHECK(code_of(twice) == "parse_error");
  CHECK(twice["error"]["message"].get<std::string>().find(R"(the key "cmd" is given twice)") != std::string::npos);
  CHECK(code_of(ask(server, std::string(R"({"cmd":"set","pointer":"/rng","value":{"a":1,"b":{"a":2,"a":3}}})"))) == "parse_error");
  // Equal keys in different objects are fine.
  CHECK(code_of(ask(server, std::string(R"({"cmd":"state","id":{"cmd":[{"cmd":1},{"cmd":2}]}})"))) == "ok");
  CHECK(ask(server, json{{"cmd", "state"}}) == before);
}

TEST_CASE("serve reads a 10 MB line of brackets without keeping it and goes on", "[host][hostile]") {
  const std::string input = nested("[", 10'000'000) + "\n" + R"({"cmd":"games","id":2})" + "\n";
  const HostRun run = run_tessera({"serve"}, input);
  CHECK(run.signal == 0);
  CHECK(run.exit_code == 0);
  const std::vector<std::string> replies = lines_of(run.out);
  REQUIRE(replies.size() == 2);
  CHECK(code_of(json::parse(replies[0])) == "too_large");
  CHECK(json::parse(replies[1])["id"] == 2);
}

TEST_CASE("replay refuses a deeply nested or oversized log with a message", "[host][hostile]") {
  TempDir dir("hostile_logs");
  SECTION("deep") {
    write_file(dir.path / "deep.json", R"({"tessera_log":1,"game":"tutorial","steps":[)" + nested("[", 100000));
    const HostRun run = run_tessera({"replay", (dir.path / "deep.json").string()});
    CHECK(run.signal == 0);
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("nested more than 64") != std::string::npos);
  }
  SECTION("huge") {
    write_file(dir.path / "huge.json", std::string(tessera::host::kMaxLogBytes + 1, ' '));
    const HostRun run = run_tessera({"replay", (dir.path / "huge.json").string()});
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("more than the 16777216") != std::string::npos);
  }
}

TEST_CASE("Requests with values of the wrong type or shape are refused, not converted", "[host][hostile]") {
  ProtocolServer server(game_registry());
  auto new_game = [&](json fields) {
    fields["cmd"] = "new";
    fields["game"] = "tutorial";
    return code_of(ask(server, fields));
  };
  CHECK(new_game({{"players", 2.7}}) == "bad_request");
  CHECK(new_game({{"players", "2"}}) == "bad_request");
  CHECK(new_game({{"players", true}}) == "bad_request");
  CHECK(new_game({{"seed", -1}}) == "bad_request");
  CHECK(new_game({{"seed", 1.5}}) == "bad_request");
  CHECK(new_game({{"seats", std::vector<std::string>(100000, "random")}}) == "bad_request");
  CHECK(new_game({{"seats", {"random", "robot"}}}) == "bad_request");
  CHECK(new_game({{"variants", {1}}}) == "bad_request");
  CHECK(new_game({{"sed", 3}}) == "bad_request");  // a misspelt field is not ignored
  CHECK(code_of(ask(server, json{{"cmd", "state"}})) == "no_game");
  CHECK(new_game({{"players", 2}, {"seed", 18446744073709551615ULL}, {"seats", {"human", "random"}}}) == "ok");
  const json before = ask(server, json{{"cmd", "state"}});
  CHECK(code_of(ask(server, json{{"cmd", "view"}, {"seat", 0.5}})) == "bad_request");
  CHECK(code_of(ask(server, json{{"cmd", "legal"}, {"verbose", true}})) == "bad_request");

  SECTION("a set at the end of an array or at a key the state does not keep") {
    for (const char* pointer : {"/-", "/global/-", "/global/goods/holdings/-", "/global/goods/holdings/0/-",
                                "/global/goods/bogus", "/bogus"}) {
      INFO(pointer);
      CHECK(code_of(ask(server, json{{"cmd", "set"}, {"pointer", pointer}, {"value", 1}})) == "bad_set");
    }
    CHECK(ask(server, json{{"cmd", "state"}}) == before);
    CHECK(ask(server, json{{"cmd", "save"}})["log"]["steps"].empty());
  }
}

TEST_CASE("The command line refuses a seed it would wrap or saturate, saying what a seed is", "[host][hostile]") {
  for (const char* seed : {"-1", "18446744073709551616", "1e3", " 5"}) {
    INFO(seed);
    const HostRun run = run_tessera({"playthrough", "tutorial", "--seed", seed});
    CHECK(run.exit_code != 0);
    CHECK(run.out.find("18446744073709551615") == std::string::npos);
    CHECK(run.err.find("--seed: a seed is a whole number from 0 to 18446744073709551615") != std::string::npos);
  }
  CHECK(run_tessera({"playthrough", "tutorial", "--seed", "18446744073709551615"}).exit_code == 0);
}

TEST_CASE("A log is loaded only when it is complete, strictly typed and verified by its checksum", "[host][hostile]") {
  ProtocolServer server(game_registry());
  start_tutorial(server);
  REQUIRE(ask(server, json{{"cmd", "act"}, {"action", "roll"}})["ok"] == true);
  const json good = ask(server, json{{"cmd", "save"}})["log"];
  ProtocolServer other(game_registry());
  REQUIRE(code_of(ask(other, json{{"cmd", "load"}, {"log", good}})) == "ok");

  auto load = [&](const std::function<void(json&)>& damage) {
    json log = good;
    damage(log);
    ProtocolServer fresh(game_registry());
    return code_of(ask(fresh, json{{"cmd", "load"}, {"log", log}}));
  };
  CHECK(load([](json& l) { l.erase("checksum"); }) == "bad_data");
  CHECK(load([](json& l) { l["checksum"] = 5; }) == "bad_data");
  CHECK(load([](json& l) { l["players"] = 2.0; }) == "bad_data");
  CHECK(load([](json& l) { l["seed"] = -1; }) == "bad_data");
  CHECK(load([](json& l) { l["tessera_log"] = 1.5; }) == "bad_data");
  CHECK(load([](json& l) { l["seats"] = std::vector<std::string>(100000, "random"); }) == "bad_data");
  CHECK(load([](json& l) { l["extra"] = 1; }) == "bad_data");
  CHECK(load([](json& l) { l["outcome"] = {{"scores", {9, 0}}, {"winners", {0}}}; }) == "bad_data");  // not over
  CHECK(load([](json& l) { l.erase("steps"); }) == "bad_data");
  CHECK(load([](json& l) { l["steps"][0]["note"] = "x"; }) == "bad_data");
  CHECK(load([](json& l) { l["steps"].push_back({{"set", "/global/-"}, {"value", 1}}); }) == "bad_data");

  TempDir dir("unverified_log");
  json unverified = good;
  unverified.erase("checksum");
  write_file(dir.path / "log.json", unverified.dump());
  const HostRun run = run_tessera({"replay", (dir.path / "log.json").string()});
  CHECK(run.exit_code == 1);
  CHECK(run.err.find("missing 'checksum'") != std::string::npos);
}
