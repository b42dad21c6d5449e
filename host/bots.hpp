#pragma once
// Bots that choose among legal moves. Each bot owns its own seeded Rng, so a bot game is
// reproduced exactly by the game seed (bot seeds derive from it) — except a decision cut by
// the clock (a search's ms=, or the deadline every decision has), which stops where the
// clock says.
//
// A seat is named by a spec: a kind, then options by name (sdk/docs/bots.md):
//   random                          uniformly random
//   greedy[:samples=1]              one ply: the move whose result scores best for the seat
//   mcts[:iterations=1000,c=1.4,ms=0,moves=M,depth=D,threads=1,seed=N]
//                                   (M: kMaxSearchMoves; D: the game's rollout_depth, or 5000)
//                                   UCT, random rollouts, a fresh determinization per iteration
//   ismcts[:same options]           single-observer information-set MCTS
// No bot ever reads what its seat cannot see: every search starts each iteration from
// Game::determinize(seat, rng).
//
// Every decision has a deadline (kDecisionTimeCap unless cap_time lowers it) and a bound on
// its work (a search's iterations and moves applied, greedy's samples); a bot that reaches
// either returns the best move it has found so far. The deadline is asked before every move a
// bot applies, so one decision ends at most one move (one legal-move list and one apply,
// each bounded by the script runtime's budgets) past it on each thread.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/game.hpp"
#include "tessera/rng.hpp"

namespace tessera::host {

// The longest one bot decision may take in any command, whatever its spec asks (ms= is
// bounded by it): the answer comes then with the best move found so far.
inline constexpr std::chrono::milliseconds kDecisionTimeCap{60'000};

class Bot {
 public:
  virtual ~Bot() = default;
  // Index into `moves` (never empty: game.legal_moves()) of the chosen move.
  virtual std::size_t choose(const Game& game, const std::vector<Move>& moves) = 0;
  // A copy in the same state (its Rng where it is now): it chooses as this one would.
  virtual std::unique_ptr<Bot> clone() const = 0;
  // Lowers the deadline of each later decision to `cap` after it starts (`serve` answers a
  // client's spec within its own cap); a cap above the present one changes nothing.
  void cap_time(std::chrono::milliseconds cap) { time_cap_ = std::min(time_cap_, cap); }
  std::chrono::milliseconds time_cap() const { return time_cap_; }

 private:
  std::chrono::milliseconds time_cap_ = kDecisionTimeCap;
};

// Uniformly random among the legal actions.
class RandomBot : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  std::size_t choose(const Game&, const std::vector<Move>& moves) override {
    return static_cast<std::size_t>(rng_.below(moves.size()));
  }
  std::unique_ptr<Bot> clone() const override { return std::make_unique<RandomBot>(*this); }

 private:
  Rng rng_;
};

// One ply: applies each move to `samples` determinizations and keeps the move whose results
// score best for the seat: a finished game by its returns, an unfinished one by the score
// margin outcome() gives so far. Ties go to a random one of the best.
// Past its deadline it judges the moves by the samples it finished (by the part of the first
// sample it finished when it finished none, a move it did not reach left out).
class GreedyBot : public Bot {
 public:
  GreedyBot(std::uint64_t seed, int samples) : rng_(seed), samples_(samples) {}
  std::size_t choose(const Game& game, const std::vector<Move>& moves) override;
  std::unique_ptr<Bot> clone() const override { return std::make_unique<GreedyBot>(*this); }

 private:
  Rng rng_;
  int samples_;
};

// The rollout depth of a search whose spec and game give none.
inline constexpr int kDefaultRolloutDepth = 5000;
// The most threads one search may ask for on any host (each holds a game of its own);
// search_thread_budget() is this host's bound.
inline constexpr int kMaxSearchThreads = 16;
// The most iterations one search may ask for.
inline constexpr int kMaxSearchIterations = 10'000'000;
// The most moves one search may apply (tree descent and rollouts, all threads together):
// the default of moves=, a bound on work that does not depend on the clock.
inline constexpr std::int64_t kMaxSearchMoves = 100'000'000;

// The threads one search may ask for on this host: twice its hardware threads (at least 2),
// at most kMaxSearchThreads.
int search_thread_budget();

struct SearchOptions {
  int iterations = 1000;  // per move (ignored when ms > 0 unless given too)
  int ms = 0;             // time budget per move in milliseconds; 0: none (the bot's cap still holds)
  std::int64_t moves = kMaxSearchMoves;  // moves applied per decision, shared out among the threads
  double c = 1.4;         // UCT exploration constant (results are in [0, 1])
  // A rollout cut after this many moves is judged by Game::score_so_far(). 0: the game's
  // GameInfo::rollout_depth, or kDefaultRolloutDepth when it declares none.
  int depth = 0;
  bool information_sets = false;  // ismcts: availability counts in place of parent visits
  int threads = 1;                // trees searched at once, each on its own game (root parallelisation)
};

// A new game of the rules a search plays (the same game, player count and variants) with a
// script runtime of its own: what a search on several threads gives each extra thread.
using GameMaker = std::function<std::unique_ptr<Game>()>;

// What the last search did, for benchmarks: its iterations and the moves applied in them.
struct SearchStats {
  std::uint64_t iterations = 0;
  std::uint64_t moves = 0;  // every move applied: tree descent and rollout
  double seconds = 0;
};

// Monte Carlo tree search over moves from the seat's point of view (search_tree.hpp: a fresh
// determinization per iteration, UCB1, random rollouts). With threads > 1 it grows one tree
// per thread — thread 0 on the game it is asked about, each other thread on a game of its
// own that `make_game` made (on that thread, once) and that is loaded with the same state,
// so no script runtime is shared — and plays the root move with the most visits summed over
// the trees. Every tree stops at the decision's deadline and at its share of the moves.
class MctsBot : public Bot {
 public:
  MctsBot(std::uint64_t seed, SearchOptions options, GameMaker make_game = {})
      : rng_(seed), options_(options), make_game_(std::move(make_game)) {}
  std::size_t choose(const Game& game, const std::vector<Move>& moves) override;
  std::unique_ptr<Bot> clone() const override { return std::make_unique<MctsBot>(*this); }
  const SearchStats& last_stats() const { return stats_; }

 private:
  Rng rng_;
  SearchOptions options_;
  GameMaker make_game_;
  SearchStats stats_;
  // The extra threads' games; a copy of the bot makes its own.
  struct Helpers : std::vector<std::unique_ptr<Game>> {
    Helpers() = default;
    Helpers(const Helpers&) : std::vector<std::unique_ptr<Game>>() {}
    Helpers& operator=(const Helpers&) {
      clear();
      return *this;
    }
  };
  Helpers helpers_;
};

// A seat spec split into its kind and options ("mcts:iterations=200,c=1" ->
// {"mcts", {{"iterations","200"},{"c","1"}}}). Throws Error on a malformed spec.
struct BotSpec {
  std::string kind;
  std::map<std::string, std::string> options;
};
BotSpec parse_bot_spec(std::string_view spec);

// `--seats` splits on commas, which also separate a spec's options: a piece with '=' and no
// ':' continues the seat before it ("human", "mcts:iterations=9", "c=1" -> two seats).
std::vector<std::string> join_seat_specs(const std::vector<std::string>& pieces);

// The typed moves of a list of actions, for a bot that chooses among them.
inline std::vector<Move> moves_of(const std::vector<Action>& actions) {
  std::vector<Move> moves;
  moves.reserve(actions.size());
  for (const auto& a : actions) moves.push_back(a.move);
  return moves;
}

// True when `spec` names a bot (any kind above, with valid options; threads up to
// kMaxSearchThreads, whatever this host's budget: a log's seats may come from a larger host).
bool is_bot_kind(std::string_view spec);
// Throws Error for an unknown kind or option, or threads beyond search_thread_budget(). The
// bot's seed derives from the game seed and the seat unless the spec gives seed=. A search
// with threads > 1 makes its extra games with `make_game` (without one it refuses to choose).
std::unique_ptr<Bot> make_bot(std::string_view spec, std::uint64_t game_seed, int seat, GameMaker make_game = {});

}  // namespace tessera::host
