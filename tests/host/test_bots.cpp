// The search bots: seat specs, reproducibility, not peeking, and strength against random.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bots.hpp"
#include "commands.hpp"
#include "protocol_server.hpp"
#include "session.hpp"
#include "support/registry.hpp"

using namespace tessera;
using namespace tessera::host;
using tessera::testing::game_registry;
using tessera::testing::new_game;

namespace {

// Plays a whole game with one bot spec per seat; returns the outcome.
Outcome play(const std::string& id, const std::vector<std::string>& seats, std::uint64_t seed) {
  auto game = new_game(id, static_cast<int>(seats.size()), seed);
  std::vector<std::unique_ptr<Bot>> bots;
  for (std::size_t s = 0; s < seats.size(); ++s) bots.push_back(make_bot(seats[s], seed, static_cast<int>(s)));
  std::vector<Move> moves;
  while (!game->is_over()) {
    game->legal_moves(moves);
    const auto seat = static_cast<std::size_t>(game->seat_to_move());
    REQUIRE(game->apply(moves[bots[seat]->choose(*game, moves)]).ok);
  }
  return game->outcome();
}

// A new game played on by its first moves up to a real choice (two moves or more), so that
// a search runs; `moves` gets that choice.
std::unique_ptr<Game> at_a_choice(const std::string& id, int players, std::uint64_t seed, std::vector<Move>& moves) {
  auto game = new_game(id, players, seed);
  game->legal_moves(moves);
  while (moves.size() < 2) {
    REQUIRE(game->apply(moves[0]).ok);
    game->legal_moves(moves);
  }
  return game;
}

}  // namespace

TEST_CASE("Seat specs name a bot kind and its options", "[bots]") {
  const BotSpec spec = parse_bot_spec("mcts:iterations=2000,c=1.4");
  CHECK(spec.kind == "mcts");
  CHECK(spec.options.at("iterations") == "2000");
  CHECK(spec.options.at("c") == "1.4");
  CHECK(join_seat_specs({"human", "ismcts:iterations=9", "c=1", "random"}) ==
        std::vector<std::string>{"human", "ismcts:iterations=9,c=1", "random"});
  for (const char* good : {"random", "greedy", "greedy:samples=3", "mcts", "ismcts:ms=500", "mcts:seed=4,depth=9"})
    CHECK(is_bot_kind(good));
  for (const char* bad : {"human", "alphazero", "mcts:iterations=0", "mcts:speed=3", "ismcts:c=-1", "mcts:c", "greedy:"})
    CHECK_FALSE(is_bot_kind(bad));
  CHECK_THROWS_WITH(make_bot("mcts:speed=3", 1, 0), Catch::Contains("no option 'speed'"));
}

TEST_CASE("A seeded search plays the same game twice", "[bots]") {
  const std::vector<std::string> seats{"ismcts:iterations=60", "mcts:iterations=60"};
  const Outcome a = play("tutorial", seats, 3);
  const Outcome b = play("tutorial", seats, 3);
  CHECK(a.scores == b.scores);
}

TEST_CASE("IS-MCTS chooses the same move in states that differ only in what its seat cannot see", "[bots]") {
  int differing = 0;
  for (const std::string id : {"age_of_discovery", "sardinia", "catan_inca", "madeira"}) {
    INFO(id);
    auto game = new_game(id, id == "catan_inca" ? 3 : 2, 5);
    Rng rng(5);
    std::vector<Move> moves;
    for (int step = 0; step < 40 && !game->is_over(); ++step) {
      game->legal_moves(moves);
      if (step % 10 == 9 && moves.size() > 1) {
        const int seat = game->seat_to_move();
        Rng deal(step);
        auto other = game->determinize(seat, deal);
        if (!(other->table().view(tessera::kOmniscient) == game->table().view(tessera::kOmniscient))) ++differing;
        auto bot_a = make_bot("ismcts:iterations=80", 9, seat);
        auto bot_b = make_bot("ismcts:iterations=80", 9, seat);
        std::vector<Move> other_moves;
        other->legal_moves(other_moves);
        REQUIRE(other_moves == moves);  // the seat's moves depend only on what it sees
        CHECK(bot_a->choose(*game, moves) == bot_b->choose(*other, other_moves));
      }
      REQUIRE(game->apply(moves[rng.below(moves.size())]).ok);
    }
  }
  CHECK(differing > 0);  // the test compared states that really differ
}

TEST_CASE("A search without a depth rolls out as deep as the game declares", "[bots]") {
  CHECK(new_game("tutorial", 2, 1)->info().rollout_depth == 0);  // declares none: play to the end
  std::vector<Move> moves;
  auto game = at_a_choice("catan_inca", 3, 2, moves);
  const int declared = game->info().rollout_depth;
  REQUIRE(declared > 0);
  const auto moves_searched = [&](const std::string& spec) {
    auto bot = make_bot(spec, 1, game->seat_to_move());
    auto* search = dynamic_cast<MctsBot*>(bot.get());
    REQUIRE(search);
    (void)search->choose(*game, moves);
    REQUIRE(search->last_stats().iterations == 20);
    return search->last_stats().moves;
  };
  // Each of the 20 iterations descends at most 20 tree moves, then rolls out `declared`.
  const std::uint64_t bound = 20 * (static_cast<std::uint64_t>(declared) + 20);
  CHECK(moves_searched("ismcts:iterations=20") <= bound);
  CHECK(moves_searched("ismcts:iterations=20,depth=5000") > bound);  // a random CATAN game runs longer
}

TEST_CASE("Search bots beat random seats in the tutorial game", "[bots]") {
  int mcts = 0, ismcts = 0, greedy = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const bool first = seed % 2 == 1;  // each bot plays both seats
    auto won = [&](const std::string& bot) {
      const Outcome o = play("tutorial", first ? std::vector<std::string>{bot, "random"}
                                               : std::vector<std::string>{"random", bot}, seed);
      const int seat = first ? 0 : 1;
      return o.winners.size() == 1 && o.winners[0] == seat ? 1 : 0;
    };
    mcts += won("mcts:iterations=150");
    ismcts += won("ismcts:iterations=150");
    greedy += won("greedy");
  }
  CHECK(mcts >= 3);
  CHECK(ismcts >= 3);
  CHECK(greedy >= 2);
}

TEST_CASE("simulate takes bot seats", "[bots]") {
  SimulateOptions options;
  options.choice.game = "tutorial";
  options.choice.players = 2;
  options.games = 2;
  options.seats = {"ismcts:iterations=20", "c=1", "random"};
  std::ostringstream out, err;
  REQUIRE(run_simulate(game_registry(), options, out, err) == 0);
  CHECK(out.str().find("seat 0 (ismcts:iterations=20,c=1)") != std::string::npos);
}

TEST_CASE("serve answers a bot request with the move of the seat's bot", "[bots]") {
  ProtocolServer server(game_registry());
  auto ask = [&](const nlohmann::json& request) { return nlohmann::json::parse(server.handle_line(request.dump())); };
  REQUIRE(ask({{"cmd", "new"}, {"game", "tutorial"}, {"seats", {"human", "ismcts:iterations=30"}}})["ok"] == true);
  CHECK(ask({{"cmd", "bot"}})["error"]["code"] == "bad_request");  // seat 0 is human
  const auto answer = ask({{"cmd", "bot"}, {"spec", "mcts:iterations=30"}});
  REQUIRE(answer["ok"] == true);
  CHECK(ask({{"cmd", "bot"}, {"spec", "mcts:iterations=30"}})["action"] == answer["action"]);  // reproducible
  REQUIRE(ask({{"cmd", "act"}, {"action", answer["action"]}})["ok"] == true);
  if (ask({{"cmd", "state"}})["seat"] == 1) CHECK(ask({{"cmd", "bot"}})["ok"] == true);
  CHECK(ask({{"cmd", "bot"}, {"spec", "chess"}})["error"]["code"] == "bad_request");
}

TEST_CASE("arena rotates seats and reports win rates with intervals", "[bots]") {
  ArenaOptions options;
  options.choice.game = "tutorial";
  options.seats = {"mcts:iterations=40", "random"};
  options.games = 4;
  options.json = true;
  std::ostringstream out, err;
  REQUIRE(run_arena(game_registry(), options, out, err) == 0);
  const auto summary = nlohmann::json::parse(out.str());
  CHECK(summary["players"] == 2);
  REQUIRE(summary["bots"].size() == 2);
  double total = 0;
  for (const auto& bot : summary["bots"]) {
    CHECK(bot["games"] == 4);
    CHECK(bot["win_rate_95"][0].get<double>() <= bot["win_rate"].get<double>());
    CHECK(bot["win_rate_95"][1].get<double>() >= bot["win_rate"].get<double>());
    total += bot["win_rate"].get<double>();
  }
  CHECK(total == Approx(1.0));
  CHECK(summary["bots"][0].contains("search_moves_per_sec"));
  options.seats = {"mcts"};
  CHECK_THROWS(run_arena(game_registry(), options, out, err));
}

TEST_CASE("arena's text says what its brackets are and names each figure", "[bots]") {
  ArenaOptions options;
  options.choice.game = "tutorial";
  options.seats = {"mcts:iterations=20", "random"};
  options.games = 2;
  std::ostringstream out, err;
  REQUIRE(run_arena(game_registry(), options, out, err) == 0);
  const std::string text = out.str();
  CHECK_THAT(text, Catch::StartsWith("tutorial: 2 games, 2 players, seed 1, seats rotated\n"
                                     "[low, high]: 95 % Wilson score intervals\ntime "));
  CHECK_THAT(text, Catch::Contains(", mean length "));
  CHECK_THAT(text, Catch::Contains(" moves/s (tree and rollouts)\n"));
  CHECK(err.str().empty());
}

TEST_CASE("A bot spec's options are taken only as written: no sign, no infinity, no second value", "[bots][hostile]") {
  CHECK_THROWS_WITH(make_bot("mcts:seed=-1", 1, 0), Catch::Contains("seed=-1 must be a whole number"));
  CHECK_THROWS_WITH(make_bot("random:seed= 7", 1, 0), Catch::Contains("must be a whole number"));
  CHECK_THROWS_WITH(make_bot("ismcts:c=inf", 1, 0), Catch::Contains("c=inf must be a finite number"));
  CHECK_THROWS_WITH(make_bot("mcts:iterations=1,iterations=2", 1, 0), Catch::Contains("option 'iterations' is given twice"));
  CHECK_NOTHROW(make_bot("mcts:seed=7,c=1e3", 1, 0));
}

TEST_CASE("A bot spec is bounded, and a capped search stops on time whatever its iterations", "[bots][hostile]") {
  for (const char* huge : {"mcts:iterations=99999999", "ismcts:depth=2000000", "greedy:samples=5000", "mcts:ms=4000000"})
    CHECK_THROWS_WITH(make_bot(huge, 1, 0), Catch::Contains("must be a whole number from"));
  ProtocolServer server(game_registry());
  auto ask = [&](const nlohmann::json& request) { return nlohmann::json::parse(server.handle_line(request.dump())); };
  REQUIRE(ask({{"cmd", "new"}, {"game", "tutorial"}})["ok"] == true);
  CHECK(ask({{"cmd", "bot"}, {"spec", "mcts:iterations=99999999"}})["error"]["code"] == "bad_request");
  // The largest allowed search, capped as serve caps it (here at 50 ms): it ends on time.
  std::vector<Move> moves;
  auto game = at_a_choice("tutorial", 2, 1, moves);
  auto bot = make_bot("mcts:iterations=10000000", 1, 0);
  auto* search = dynamic_cast<MctsBot*>(bot.get());
  REQUIRE(search);
  search->cap_time(std::chrono::milliseconds(50));
  const auto start = std::chrono::steady_clock::now();
  CHECK(search->choose(*game, moves) < moves.size());
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));  // a hang detector
  // How many iterations fit in 50 ms depends on the machine's load (a sanitized build beside
  // a compiler may finish none): only that the cap, not the iterations, ended the search.
  CHECK(search->last_stats().iterations < 10000000);
}

TEST_CASE("A search on two threads, each on a game of its own, is reproducible by its seed", "[bots]") {
  for (const std::string id : {"tutorial", "catan_inca"}) {
    INFO(id);
    const int players = id == "catan_inca" ? 3 : 2;
    std::vector<Move> moves;
    auto game = at_a_choice(id, players, 4, moves);
    const int seat = game->seat_to_move();
    const auto search = [&](const std::string& spec) {
      auto bot = make_bot(spec, 7, seat, game_maker(game_registry(), id, players, {}));
      auto* mcts = dynamic_cast<MctsBot*>(bot.get());
      REQUIRE(mcts);
      const std::size_t first = mcts->choose(*game, moves);
      const SearchStats stats = mcts->last_stats();
      CHECK(mcts->choose(*game, moves) < moves.size());  // its helper games are loaded again
      return std::make_pair(first, stats);
    };
    const auto a = search("ismcts:iterations=101,threads=2");
    const auto b = search("ismcts:iterations=101,threads=2");
    CHECK(a.first == b.first);
    CHECK(a.second.moves == b.second.moves);
    CHECK(a.second.iterations <= 101);  // shared out among the threads (a refused sample is dropped)
    CHECK(a.second.iterations > 90);
  }
  std::vector<Move> moves;
  auto game = at_a_choice("tutorial", 2, 4, moves);
  auto alone = make_bot("ismcts:iterations=10,threads=2", 7, 0);  // given no way to make games
  CHECK_THROWS_WITH(alone->choose(*game, moves), Catch::Contains("needs games of its own"));
  CHECK_THROWS_WITH(make_bot("ismcts:threads=17", 7, 0), Catch::Contains("is more than this host's budget"));
}
