#pragma once
// One Monte Carlo search tree, grown from one game: what MctsBot runs on each of its threads
// (bots.hpp). Each iteration samples a state with Game::determinize (which also reseeds
// chance), descends the tree by UCB1, expands one move, plays random moves (at most `depth`)
// and backs up each seat's result. The tree keys children by typed move, so it is shared by
// every determinization ("open loop"): a child whose move is not legal in this iteration's
// sample is skipped. With information_sets (ismcts) a child's exploration term counts the
// iterations in which it was available rather than its parent's visits (Cowling, Powley,
// Whitehouse 2012).
#include <cstdint>
#include <vector>

#include "bots.hpp"
#include "deadline_alarm.hpp"
#include "tessera/game.hpp"
#include "tessera/rng.hpp"

namespace tessera::host {

// When a tree stops growing: after `iterations`, once it has applied `moves` moves, or when
// `deadline` rings.
struct SearchLimit {
  std::uint64_t iterations = 0;
  std::uint64_t moves = 0;
  const DeadlineAlarm& deadline;
};

// Grows one tree from `game` (seat to move: the searcher) and returns the visits of each of
// `root_moves`; adds what it did to `stats` (not its seconds). Draws only on `rng`, so the
// same game, options and rng give the same visits unless the deadline cuts the search. The
// clock is read before every move applied: an iteration the deadline or the move budget cuts
// is not backed up, so the visits are those of the iterations that finished.
std::vector<std::uint64_t> search_tree(const Game& game, const std::vector<Move>& root_moves,
                                       const SearchOptions& options, int depth, const SearchLimit& limit, Rng& rng,
                                       SearchStats& stats);

}  // namespace tessera::host
