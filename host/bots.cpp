#include "bots.hpp"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <nlohmann/json.hpp>
#include <thread>

#include "deadline_alarm.hpp"
#include "search_tree.hpp"
#include "tessera/error.hpp"

namespace tessera::host {

namespace {

constexpr std::string_view kKinds = "human, random, greedy, mcts or ismcts";

// Bounds keep one move's work finite whatever a spec asks (serve takes specs from clients).
int int_option(const BotSpec& spec, const std::string& name, int fallback, int lo, int hi) {
  auto it = spec.options.find(name);
  if (it == spec.options.end()) return fallback;
  // from_chars reads the whole text or fails: no spaces, no '+' (stoi took " 5" and "+5").
  const std::string& text = it->second;
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc() && end == text.data() + text.size() && v >= lo && v <= hi) return v;
  throw Error("seat '" + spec.kind + "': " + name + "=" + it->second + " must be a whole number from " +
              std::to_string(lo) + " to " + std::to_string(hi));
}

// threads= within kMaxSearchThreads and, when the bot is to run here, this host's budget:
// more threads than cores only slow each other, and each holds a game (a script runtime) of
// its own. A spec only read (a log's seats) may name more: it was written on a larger host.
int thread_option(const BotSpec& spec, bool to_run) {
  const int threads = int_option(spec, "threads", 1, 1, std::numeric_limits<int>::max());
  const int budget = to_run ? search_thread_budget() : kMaxSearchThreads;
  if (threads <= budget) return threads;
  throw Error("seat '" + spec.kind + "': threads=" + spec.options.at("threads") + " is more than this host's budget of " +
              std::to_string(budget) + " threads a search (twice its " +
              std::to_string(std::max(1u, std::thread::hardware_concurrency())) + " hardware threads, at most " +
              std::to_string(kMaxSearchThreads) + ")");
}

double real_option(const BotSpec& spec, const std::string& name, double fallback) {
  auto it = spec.options.find(name);
  if (it == spec.options.end()) return fallback;
  const std::string& text = it->second;
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc() && end == text.data() + text.size() && std::isfinite(v) && v >= 0) return v;
  throw Error("seat '" + spec.kind + "': " + name + "=" + it->second + " must be a finite number of at least 0");
}

void allow_only(const BotSpec& spec, std::initializer_list<std::string_view> names) {
  for (const auto& [key, value] : spec.options)
    if (std::find(names.begin(), names.end(), key) == names.end()) {
      std::string known;
      for (auto n : names) known += (known.empty() ? "" : ", ") + std::string(n);
      throw Error("seat '" + spec.kind + "' has no option '" + key + "' (options: " + known + ")");
    }
}

// How good a state is for `seat`: a finished game by its result (and a little of its margin,
// to prefer wide wins), an unfinished one by its margin in Game::score_so_far(), squashed
// below a win.
double estimate(const Game& game, int seat) {
  const auto s = static_cast<std::size_t>(seat);
  if (game.is_over()) {
    const Returns r = game.returns();
    return 2.0 * r.result[s] + 0.5 * std::tanh(r.margin[s] / 50.0);
  }
  const std::vector<int> scores = game.score_so_far();
  return s < scores.size() ? std::tanh(score_margins(scores)[s] / 50.0) : 0.0;
}

// How many random moves a rollout plays: the spec's depth, else the one the game declares.
int rollout_depth(const SearchOptions& options, const Game& game) {
  if (options.depth > 0) return options.depth;
  const int declared = game.info().rollout_depth;
  return declared > 0 ? declared : kDefaultRolloutDepth;
}

}  // namespace

BotSpec parse_bot_spec(std::string_view text) {
  BotSpec spec;
  const auto colon = text.find(':');
  spec.kind = std::string(text.substr(0, colon));
  if (colon == std::string_view::npos) return spec;
  std::string_view rest = text.substr(colon + 1);
  if (rest.empty()) throw Error("seat '" + std::string(text) + "': no options after ':'");
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == item.size())
      throw Error("seat '" + std::string(text) + "': '" + std::string(item) + "' is not name=value");
    const std::string name(item.substr(0, eq));
    if (spec.options.count(name)) throw Error("seat '" + std::string(text) + "': option '" + name + "' is given twice");
    spec.options[name] = std::string(item.substr(eq + 1));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return spec;
}

std::vector<std::string> join_seat_specs(const std::vector<std::string>& pieces) {
  std::vector<std::string> seats;
  for (const auto& p : pieces) {
    if (!seats.empty() && p.find('=') != std::string::npos && p.find(':') == std::string::npos)
      seats.back() += "," + p;
    else
      seats.push_back(p);
  }
  return seats;
}

std::size_t GreedyBot::choose(const Game& game, const std::vector<Move>& moves) {
  const auto deadline = std::chrono::steady_clock::now() + time_cap();
  const int seat = game.seat_to_move();
  std::vector<double> value(moves.size(), 0.0);
  std::vector<double> finished;  // the values after the last sample finished
  bool late = false;
  for (int k = 0; k < samples_ && !late; ++k) {
    const auto sample = game.determinize(seat, rng_);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (std::chrono::steady_clock::now() >= deadline) {
        late = true;
        // Nothing finished: judge by what this sample reached, leaving out the rest.
        if (finished.empty()) std::fill(value.begin() + static_cast<std::ptrdiff_t>(i), value.end(), -1e18);
        break;
      }
      auto next = sample->clone();
      if (!next->apply(moves[i], ApplyMode::Playout).ok) {
        value[i] -= 1e9;  // refused in this sample: the last choice
        continue;
      }
      value[i] += estimate(*next, seat);
    }
    if (!late) finished = value;
  }
  if (!finished.empty()) value = finished;
  const double best = *std::max_element(value.begin(), value.end());
  std::vector<std::size_t> ties;
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (value[i] >= best - 1e-12) ties.push_back(i);
  return ties[rng_.below(ties.size())];
}

std::size_t MctsBot::choose(const Game& game, const std::vector<Move>& root_moves) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  stats_ = {};
  if (root_moves.size() == 1) return 0;
  const int depth = rollout_depth(options_, game);
  // The time budget's deadline or the cap's, whichever comes first.
  auto at = start + time_cap();
  if (options_.ms > 0) at = std::min(at, start + std::chrono::milliseconds(options_.ms));
  const DeadlineAlarm deadline(at);
  // The iterations and moves are shared out among the threads (no iterations given: as many
  // as time allows).
  const auto threads = static_cast<std::uint64_t>(options_.threads);
  const auto iterations = static_cast<std::uint64_t>(options_.iterations);
  const auto moves = static_cast<std::uint64_t>(options_.moves);
  const auto share = [&](std::uint64_t total, std::uint64_t t) { return total / threads + (t < total % threads ? 1 : 0); };
  const auto limit = [&](std::uint64_t t) {
    return SearchLimit{iterations == 0 ? std::numeric_limits<std::uint64_t>::max() : share(iterations, t),
                       std::max<std::uint64_t>(1, share(moves, t)), deadline};
  };

  std::vector<std::vector<std::uint64_t>> visits(threads, std::vector<std::uint64_t>(root_moves.size(), 0));
  std::vector<SearchStats> stats(threads);
  if (threads == 1) {
    visits[0] = search_tree(game, root_moves, options_, depth, limit(0), rng_, stats[0]);
  } else {
    if (!make_game_)
      throw Error("a search on " + std::to_string(options_.threads) +
                  " threads needs games of its own, and this bot was given no way to make them");
    // Thread t > 0 searches a game of its own in this state, with a generator seeded here in
    // thread order: no script runtime is shared, and the same seed searches alike. Each
    // thread makes (once) and loads its game itself, so that work runs at once and stops at
    // the deadline too.
    helpers_.resize(threads - 1);
    const nlohmann::json state = game.table().to_json();
    std::vector<Rng> rngs;
    for (std::uint64_t t = 1; t < threads; ++t) rngs.emplace_back(rng_.next());
    std::vector<std::exception_ptr> errors(threads);
    {
      std::vector<std::jthread> pool;  // joined as it goes out of scope, also on an exception
      for (std::uint64_t t = 1; t < threads; ++t)
        pool.emplace_back([&, t] {
          try {
            std::unique_ptr<Game>& helper = helpers_[t - 1];
            if (!helper && !deadline.rung()) helper = make_game_();
            if (!helper || deadline.rung()) return;
            helper->set_state(state);
            visits[t] = search_tree(*helper, root_moves, options_, depth, limit(t), rngs[t - 1], stats[t]);
          } catch (...) {
            errors[t] = std::current_exception();
          }
        });
      try {
        visits[0] = search_tree(game, root_moves, options_, depth, limit(0), rng_, stats[0]);
      } catch (...) {
        errors[0] = std::current_exception();
      }
    }
    for (const auto& error : errors)
      if (error) std::rethrow_exception(error);
  }

  // The root move most visited over all trees (the first when no iteration finished).
  std::vector<std::uint64_t> total(root_moves.size(), 0);
  for (std::uint64_t t = 0; t < threads; ++t) {
    for (std::size_t i = 0; i < total.size(); ++i) total[i] += visits[t][i];
    stats_.iterations += stats[t].iterations;
    stats_.moves += stats[t].moves;
  }
  stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return static_cast<std::size_t>(std::max_element(total.begin(), total.end()) - total.begin());
}

int search_thread_budget() {
  const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return std::min(kMaxSearchThreads, std::max(2, 2 * hardware));
}

namespace {

// make_bot; `to_run` false checks a spec without this host's thread budget (is_bot_kind).
std::unique_ptr<Bot> build_bot(std::string_view text, std::uint64_t game_seed, int seat, GameMaker make_game,
                               bool to_run) {
  const BotSpec spec = parse_bot_spec(text);
  // Distinct, reproducible stream per seat; the constant keeps bot streams away from the game's.
  const std::uint64_t derived = game_seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(seat) + 0x5eed;
  auto seed_of = [&] {
    auto it = spec.options.find("seed");
    if (it == spec.options.end()) return derived;
    try {
      std::size_t used = 0;
      // stoull would take "-1" (as 2^64 - 1) and " 7": digits only.
      const bool digits = !it->second.empty() && std::all_of(it->second.begin(), it->second.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
      const std::uint64_t v = digits ? std::stoull(it->second, &used) : 0;
      if (digits && used == it->second.size()) return v + static_cast<std::uint64_t>(seat);
    } catch (const std::exception&) {
    }
    throw Error("seat '" + spec.kind + "': seed=" + it->second + " must be a whole number");
  };
  if (spec.kind == "random") {
    allow_only(spec, {"seed"});
    return std::make_unique<RandomBot>(seed_of());
  }
  if (spec.kind == "greedy") {
    allow_only(spec, {"seed", "samples"});
    return std::make_unique<GreedyBot>(seed_of(), int_option(spec, "samples", 1, 1, 1000));
  }
  if (spec.kind == "mcts" || spec.kind == "ismcts") {
    allow_only(spec, {"seed", "iterations", "ms", "moves", "c", "depth", "threads"});
    SearchOptions o;
    o.ms = int_option(spec, "ms", 0, 0, static_cast<int>(kDecisionTimeCap.count()));
    // With a time budget, iterations bound the search only when given.
    o.iterations = int_option(spec, "iterations", o.ms > 0 ? 0 : o.iterations, o.ms > 0 ? 0 : 1, kMaxSearchIterations);
    o.moves = int_option(spec, "moves", static_cast<int>(kMaxSearchMoves), 1, static_cast<int>(kMaxSearchMoves));
    o.c = real_option(spec, "c", o.c);
    o.depth = int_option(spec, "depth", o.depth, 1, kMaxRolloutDepth);
    o.information_sets = spec.kind == "ismcts";
    o.threads = thread_option(spec, to_run);
    return std::make_unique<MctsBot>(seed_of(), o, std::move(make_game));
  }
  throw Error("unknown seat kind '" + spec.kind + "' (expected " + std::string(kKinds) + ")");
}

}  // namespace

bool is_bot_kind(std::string_view spec) {
  try {
    (void)build_bot(spec, 0, 0, {}, /*to_run=*/false);
    return true;
  } catch (const Error&) {
    return false;
  }
}

std::unique_ptr<Bot> make_bot(std::string_view spec, std::uint64_t game_seed, int seat, GameMaker make_game) {
  return build_bot(spec, game_seed, seat, std::move(make_game), /*to_run=*/true);
}

}  // namespace tessera::host
