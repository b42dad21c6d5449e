#pragma once
// Bots that choose among legal actions. Each bot owns its own seeded Rng, so a bot game is
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
  // Index into `actions` (never empty) of the chosen action.
  virtual std::size_t choose(const Game& game, const std::vector<Action>& actions) = 0;
};

// Uniformly random among the legal actions.
class RandomBot : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  std::size_t choose(const Game&, const std::vector<Action>& actions) override {
    return static_cast<std::size_t>(rng_.below(actions.size()));
  }

 private:
  Rng rng_;
};

// The kinds of seat `--seats` accepts besides "human".
bool is_bot_kind(std::string_view kind);
// Throws Error for an unknown kind.
std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t game_seed, int seat);

}  // namespace tessera::host
