#include "search_tree.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::host {

namespace {

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

}  // namespace

std::vector<std::uint64_t> search_tree(const Game& game, const std::vector<Move>& root_moves,
                                       const SearchOptions& options, int depth, const SearchLimit& limit, Rng& rng,
                                       SearchStats& stats) {
  const int me = game.seat_to_move();
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
  // Asked before every move: one slow move (a house rule's hooks) overshoots the deadline by
  // itself only.
  std::uint64_t applied = 0;
  const auto spent = [&] { return applied >= limit.moves || limit.deadline.rung(); };

  for (std::uint64_t it = 0; it < limit.iterations && !spent(); ++it) {
    auto state = game.determinize(me, rng);
    path.assign(1, 0);
    std::uint32_t node = 0;
    bool failed = false;
    bool cut = false;  // by the deadline or the move budget
    // Selection and expansion.
    while (!state->is_over()) {
      if ((cut = spent())) break;
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
      if (options.information_sets)
        for (std::uint32_t ch : legal_children) ++tree[ch].available;
      const int seat = state->seat_to_move();
      std::uint32_t next;
      if (!untried.empty()) {
        const Move m = moves[untried[rng.below(untried.size())]];
        next = static_cast<std::uint32_t>(tree.size());
        tree.push_back(Node{m, seat, 0, 0, 1, {}});
        tree[node].children.push_back(next);
      } else {
        double best = -std::numeric_limits<double>::infinity();
        next = legal_children.front();
        for (std::uint32_t ch : legal_children) {
          const Node& n = tree[ch];
          const double parent = options.information_sets ? n.available : tree[node].visits;
          // A child no iteration has finished through yet (its sample failed) comes first.
          const double ucb = n.visits == 0 ? std::numeric_limits<double>::infinity()
                                           : n.reward / n.visits +
                                                 options.c * std::sqrt(std::log(std::max(1.0, parent)) / n.visits);
          if (ucb > best) {
            best = ucb;
            next = ch;
          }
        }
      }
      ++stats.moves;
      ++applied;
      if (!state->apply(tree[next].move, ApplyMode::Playout).ok) {
        failed = true;
        break;
      }
      node = next;
      path.push_back(node);
      if (tree[node].visits == 0) break;  // just expanded: roll out from here
    }
    // Rollout.
    for (int d = 0; !failed && !cut && d < depth && !state->is_over(); ++d) {
      if ((cut = spent())) break;
      const std::vector<Move>* legal = state->kept_moves();
      if (!legal) {
        state->legal_moves(moves);
        legal = &moves;
      }
      ++stats.moves;
      ++applied;
      if (!state->apply_at(rng.below(legal->size()), ApplyMode::Playout).ok) failed = true;
    }
    if (cut) break;        // stopped before its end, the iteration says nothing
    if (failed) continue;  // a move that fails half-way leaves the sample unusable
    ++stats.iterations;
    const std::vector<double> result = rollout_result(*state, players);
    for (std::uint32_t n : path) {
      ++tree[n].visits;
      if (tree[n].seat >= 0) tree[n].reward += result[static_cast<std::size_t>(tree[n].seat)];
    }
  }

  std::vector<std::uint64_t> visits(root_moves.size(), 0);
  for (std::size_t i = 0; i < root_moves.size(); ++i)
    for (std::uint32_t ch : tree[0].children)
      if (tree[ch].move == root_moves[i]) visits[i] = tree[ch].visits;
  return visits;
}

}  // namespace tessera::host
