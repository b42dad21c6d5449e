#pragma once
// Bots that choose among legal moves. Each bot owns its own seeded Rng, so a bot game is
// reproduced exactly by the game seed (bot seeds derive from it).
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/game.hpp"
#include "tessera/rng.hpp"

namespace tessera::host {

class Bot {
 public:
  virtual ~Bot() = default;
  // Index into `moves` (never empty: game.legal_moves()) of the chosen move.
  virtual std::size_t choose(const Game& game, const std::vector<Move>& moves) = 0;
};

// Uniformly random among the legal actions.
class RandomBot : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  std::size_t choose(const Game&, const std::vector<Move>& moves) override {
    return static_cast<std::size_t>(rng_.below(moves.size()));
  }

 private:
  Rng rng_;
};

// The typed moves of a list of actions, for a bot that chooses among them.
inline std::vector<Move> moves_of(const std::vector<Action>& actions) {
  std::vector<Move> moves;
  moves.reserve(actions.size());
  for (const auto& a : actions) moves.push_back(a.move);
  return moves;
}

// The kinds of seat `--seats` accepts besides "human".
bool is_bot_kind(std::string_view kind);
// Throws Error for an unknown kind.
std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t game_seed, int seat);

}  // namespace tessera::host
