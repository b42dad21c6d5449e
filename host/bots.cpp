#include "bots.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "tessera/error.hpp"

namespace tessera::host {

namespace {

constexpr std::string_view kKinds = "human, random, greedy, mcts or ismcts";

// Bounds keep one move's work finite whatever a spec asks (serve takes specs from clients).
int int_option(const BotSpec& spec, const std::string& name, int fallback, int lo, int hi) {
  auto it = spec.options.find(name);
  if (it == spec.options.end()) return fallback;
  try {
    std::size_t used = 0;
    const int v = std::stoi(it->second, &used);
    if (used == it->second.size() && v >= lo && v <= hi) return v;
  } catch (const std::exception&) {
  }
  throw Error("seat '" + spec.kind + "': " + name + "=" + it->second + " must be a whole number from " +
              std::to_string(lo) + " to " + std::to_string(hi));
}

double real_option(const BotSpec& spec, const std::string& name, double fallback) {
  auto it = spec.options.find(name);
  if (it == spec.options.end()) return fallback;
  try {
    std::size_t used = 0;
    const double v = std::stod(it->second, &used);
    if (used == it->second.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  throw Error("seat '" + spec.kind + "': " + name + "=" + it->second + " must be a number of at least 0");
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

// Each seat's result of a rollout: a finished game's returns; an unfinished one (cut at
// `depth`) as if it ended now, the leaders by Game::score_so_far() sharing the win (a draw
// when the game keeps no score so far).
std::vector<double> rollout_result(const Game& game, int players) {
  const auto n = static_cast<std::size_t>(players);
  if (game.is_over()) return game.returns().result;
  std::vector<double> result(n, 1.0 / players);
  const std::vector<int> scores = game.score_so_far();
  if (scores.size() != n) return result;
  const int best = *std::max_element(scores.begin(), scores.end());
  const auto leaders = static_cast<double>(std::count(scores.begin(), scores.end(), best));
  for (std::size_t s = 0; s < n; ++s) result[s] = scores[s] == best ? 1.0 / leaders : 0.0;
  return result;
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
    spec.options[std::string(item.substr(0, eq))] = std::string(item.substr(eq + 1));
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
  const int seat = game.seat_to_move();
  std::vector<double> value(moves.size(), 0.0);
  for (int k = 0; k < samples_; ++k) {
    const auto sample = game.determinize(seat, rng_);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      auto next = sample->clone();
      if (!next->apply(moves[i], ApplyMode::Playout).ok) {
        value[i] -= 1e9;  // refused in this sample: the last choice
        continue;
      }
      value[i] += estimate(*next, seat);
    }
  }
  const double best = *std::max_element(value.begin(), value.end());
  std::vector<std::size_t> ties;
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (value[i] >= best - 1e-12) ties.push_back(i);
  return ties[rng_.below(ties.size())];
}

std::size_t MctsBot::choose(const Game& game, const std::vector<Move>& root_moves) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const int me = game.seat_to_move();
  stats_ = {};
  if (root_moves.size() == 1) return 0;

  struct Node {
    Move move{};
    int seat = kNobody;     // who chose `move` (the reward is counted for this seat)
    double reward = 0;
    std::uint32_t visits = 0;
    std::uint32_t available = 0;  // iterations in which `move` was legal (ismcts)
    std::vector<std::uint32_t> children;
  };
  std::vector<Node> tree(1);
  std::vector<Move> moves;
  std::vector<std::uint32_t> path;
  std::vector<std::uint32_t> legal_children;
  std::vector<std::size_t> untried;
  const int players = game.table().players();
  const bool timed = options_.ms > 0;
  const int depth = rollout_depth(options_, game);
  const auto deadline = start + std::chrono::milliseconds(options_.ms);

  for (int it = 0;; ++it) {
    if (timed ? (Clock::now() >= deadline || (options_.iterations > 0 && it >= options_.iterations))
              : it >= options_.iterations)
      break;
    if (cap_.count() > 0 && Clock::now() - start >= cap_) break;
    auto state = game.determinize(me, rng_);
    path.assign(1, 0);
    std::uint32_t node = 0;
    bool failed = false;
    // Selection and expansion.
    while (!state->is_over()) {
      state->legal_moves(moves);
      legal_children.clear();
      untried.clear();
      for (std::size_t m = 0; m < moves.size(); ++m) {
        bool found = false;
        for (std::uint32_t ch : tree[node].children)
          if (tree[ch].move == moves[m]) {
            legal_children.push_back(ch);
            found = true;
            break;
          }
        if (!found) untried.push_back(m);
      }
      if (options_.information_sets)
        for (std::uint32_t ch : legal_children) ++tree[ch].available;
      const int seat = state->seat_to_move();
      std::uint32_t next;
      if (!untried.empty()) {
        const Move m = moves[untried[rng_.below(untried.size())]];
        next = static_cast<std::uint32_t>(tree.size());
        tree.push_back(Node{m, seat, 0, 0, 1, {}});
        tree[node].children.push_back(next);
      } else {
        double best = -std::numeric_limits<double>::infinity();
        next = legal_children.front();
        for (std::uint32_t ch : legal_children) {
          const Node& n = tree[ch];
          const double parent = options_.information_sets ? n.available : tree[node].visits;
          // A child no iteration has finished through yet (its sample failed) comes first.
          const double ucb = n.visits == 0 ? std::numeric_limits<double>::infinity()
                                           : n.reward / n.visits +
                                                 options_.c * std::sqrt(std::log(std::max(1.0, parent)) / n.visits);
          if (ucb > best) {
            best = ucb;
            next = ch;
          }
        }
      }
      ++stats_.moves;
      if (!state->apply(tree[next].move, ApplyMode::Playout).ok) {
        failed = true;
        break;
      }
      node = next;
      path.push_back(node);
      if (tree[node].visits == 0) break;  // just expanded: roll out from here
    }
    // Rollout.
    for (int d = 0; !failed && d < depth && !state->is_over(); ++d) {
      state->legal_moves(moves);
      ++stats_.moves;
      if (!state->apply(moves[rng_.below(moves.size())], ApplyMode::Playout).ok) failed = true;
    }
    if (failed) continue;  // a move that fails half-way leaves the sample unusable
    ++stats_.iterations;
    const std::vector<double> result = rollout_result(*state, players);
    for (std::uint32_t n : path) {
      ++tree[n].visits;
      if (tree[n].seat >= 0) tree[n].reward += result[static_cast<std::size_t>(tree[n].seat)];
    }
  }
  stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();

  // The most visited root move that is legal in the real state.
  std::size_t choice = 0;
  std::uint32_t most = 0;
  for (std::size_t i = 0; i < root_moves.size(); ++i)
    for (std::uint32_t ch : tree[0].children)
      if (tree[ch].move == root_moves[i] && tree[ch].visits > most) {
        most = tree[ch].visits;
        choice = i;
      }
  return choice;
}

bool is_bot_kind(std::string_view spec) {
  try {
    (void)make_bot(spec, 0, 0);
    return true;
  } catch (const Error&) {
    return false;
  }
}

std::unique_ptr<Bot> make_bot(std::string_view text, std::uint64_t game_seed, int seat) {
  const BotSpec spec = parse_bot_spec(text);
  // Distinct, reproducible stream per seat; the constant keeps bot streams away from the game's.
  const std::uint64_t derived = game_seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(seat) + 0x5eed;
  auto seed_of = [&] {
    auto it = spec.options.find("seed");
    if (it == spec.options.end()) return derived;
    try {
      std::size_t used = 0;
      const std::uint64_t v = std::stoull(it->second, &used);
      if (used == it->second.size()) return v + static_cast<std::uint64_t>(seat);
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
    allow_only(spec, {"seed", "iterations", "ms", "c", "depth"});
    SearchOptions o;
    o.ms = int_option(spec, "ms", 0, 0, 3'600'000);
    // With a time budget, iterations bound the search only when given.
    o.iterations = int_option(spec, "iterations", o.ms > 0 ? 0 : o.iterations, o.ms > 0 ? 0 : 1, 10'000'000);
    o.c = real_option(spec, "c", o.c);
    o.depth = int_option(spec, "depth", o.depth, 1, kMaxRolloutDepth);
    o.information_sets = spec.kind == "ismcts";
    return std::make_unique<MctsBot>(seed_of(), o);
  }
  throw Error("unknown seat kind '" + spec.kind + "' (expected " + std::string(kKinds) + ")");
}

}  // namespace tessera::host
