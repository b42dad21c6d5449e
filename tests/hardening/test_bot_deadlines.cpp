// Work without a deadline. Every bot decision ends near its deadline
// however slow a house rule makes each move, a search's work is bounded by moves applied,
// and thread options stay within the host's budget. (`play --load` and the searches a log
// names: test_play.cpp.)
#include <catch2/catch.hpp>
#include <chrono>
#include <nlohmann/json.hpp>

#include "bots.hpp"
#include "protocol_server.hpp"
#include "support/host_process.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"

using nlohmann::json;
using namespace tessera;
using namespace tessera::host;
using namespace tessera::testing;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// A house rule whose hook costs a few million Lua instructions on every move, each call
// under every limit of the script runtime: a tutorial rollout then lasts seconds.
constexpr const char* kSlowMoves =
    "-- Slow moves: a costly hook on every action.\n"
    "hook('on_action', function(ctx, arg) local n = 0; for i = 1, 2000000 do n = n + i end end)\n";
// The same cost in every legal-move list, spread over the actions of the list.
constexpr const char* kSlowLists =
    "-- Slow lists: a costly filter of every legal action.\n"
    "hook('legal_filter', function(ctx, action) local n = 0; for i = 1, 400000 do n = n + i end; return true end)\n";

// The cap the tests give, and how late an answer may come: generous, for a loaded 2-core
// machine, and far below what a search checked only between iterations took (seconds).
constexpr auto kCap = std::chrono::milliseconds(500);
constexpr double kLatest = 3 * 0.5;

json ask(ProtocolServer& server, const json& request) { return json::parse(server.handle_line(request.dump())); }

// Seconds `serve`'s bot request takes for `spec` in a tutorial game with `variant`.
double bot_request_seconds(const ScratchGameRoot& root, const std::string& variant, const std::string& spec) {
  const auto registry = root.registry();
  ProtocolServer server(*registry);
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seed", 3}, {"variants", {variant}}})["ok"] == true);
  REQUIRE(ask(server, {{"cmd", "act"}, {"action", "roll"}})["ok"] == true);  // a choice of several moves
  const auto start = Clock::now();
  const json reply = ask(server, {{"cmd", "bot"}, {"spec", spec}});
  const double took = seconds_since(start);
  CHECK(reply["ok"] == true);
  return took;
}

}  // namespace

TEST_CASE("serve's bot answers near its time cap however costly a house rule makes each move", "[hardening][bots]") {
  ScratchGameRoot root("tutorial", "bot_deadline");
  write_file(root.scripts() / "variants" / "slow_moves.lua", kSlowMoves);
  write_file(root.scripts() / "variants" / "slow_lists.lua", kSlowLists);

  SECTION("costly hooks on every move") {
    CHECK(bot_request_seconds(root, "slow_moves", "ismcts:ms=500") < kLatest);
    CHECK(bot_request_seconds(root, "slow_moves", "mcts:ms=500,iterations=10000000") < kLatest);
    CHECK(bot_request_seconds(root, "slow_moves", "ismcts:ms=500,threads=2") < kLatest);
  }
  SECTION("a costly legal_filter, also on two threads that each load a game of their own") {
    CHECK(bot_request_seconds(root, "slow_lists", "ismcts:ms=500") < kLatest);
    CHECK(bot_request_seconds(root, "slow_lists", "ismcts:ms=500,threads=2") < kLatest);
  }
}

TEST_CASE("greedy ends at its deadline with the best move of what it judged", "[hardening][bots]") {
  auto game = new_game_with_scripts("tutorial", 2, 3, {{"slow_moves", kSlowMoves}});
  REQUIRE(game->apply(*game->parse_move("roll")).ok);
  std::vector<Move> moves;
  game->legal_moves(moves);
  REQUIRE(moves.size() > 1);
  auto bot = make_bot("greedy:samples=1000", 3, game->seat_to_move());
  bot->cap_time(kCap);
  const auto start = Clock::now();
  CHECK(bot->choose(*game, moves) < moves.size());
  CHECK(seconds_since(start) < kLatest);
}

TEST_CASE("A search's move budget ends it at the same point every time", "[hardening][bots]") {
  auto game = new_game("tutorial", 2, 3);
  REQUIRE(game->apply(*game->parse_move("roll")).ok);
  std::vector<Move> moves;
  game->legal_moves(moves);
  const auto search = [&](const std::string& spec) {
    auto bot = make_bot(spec, 3, game->seat_to_move());
    auto* mcts = dynamic_cast<MctsBot*>(bot.get());
    REQUIRE(mcts);
    const std::size_t chosen = mcts->choose(*game, moves);
    return std::make_pair(chosen, mcts->last_stats());
  };
  const auto a = search("ismcts:iterations=10000000,moves=20000");
  const auto b = search("ismcts:iterations=10000000,moves=20000");
  CHECK(a.second.moves <= 20000);
  CHECK(a.second.iterations > 0);
  CHECK(a.first == b.first);
  CHECK(a.second.moves == b.second.moves);
  CHECK(a.second.iterations == b.second.iterations);
  CHECK_THROWS_WITH(make_bot("ismcts:moves=0", 1, 0), Catch::Contains("moves=0 must be a whole number from 1 to"));
}

TEST_CASE("Thread options beyond the host's budget are refused with the budget", "[hardening][bots]") {
  const int budget = search_thread_budget();
  CHECK(budget >= 2);
  CHECK(budget <= kMaxSearchThreads);
  CHECK_NOTHROW(make_bot("ismcts:threads=" + std::to_string(budget), 1, 0));
  const std::string over = "ismcts:threads=" + std::to_string(budget + 1);
  CHECK_THROWS_WITH(make_bot(over, 1, 0), Catch::Contains("is more than this host's budget of " + std::to_string(budget)));
  CHECK_THROWS_WITH(make_bot("ismcts:threads=10000", 1, 0), Catch::Contains("threads=10000 is more than this host's budget"));
  // A log's seats are a record: one written on a larger host still reads here.
  CHECK(is_bot_kind("ismcts:threads=" + std::to_string(kMaxSearchThreads)));
  CHECK_FALSE(is_bot_kind("ismcts:threads=" + std::to_string(kMaxSearchThreads + 1)));

  SECTION("in serve's bot request") {
    ProtocolServer server(game_registry());
    REQUIRE(ask(server, {{"cmd", "new"}, {"game", "tutorial"}})["ok"] == true);
    const json reply = ask(server, {{"cmd", "bot"}, {"spec", "ismcts:threads=10000"}});
    CHECK(reply["error"]["code"] == "bad_request");
    CHECK_THAT(reply["error"]["message"].get<std::string>(), Catch::Contains("more than this host's budget"));
  }
  SECTION("in the seats of simulate") {
    const HostRun run = run_tessera({"simulate", "tutorial", "--games", "1", "--seats", "ismcts:threads=10000,random"});
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.err, Catch::Contains("threads=10000 is more than this host's budget"));
  }
}
