#include "replay_check.hpp"

#include <nlohmann/json.hpp>

#include "bots.hpp"

namespace tessera::host {

namespace {

constexpr std::size_t kMaxActions = 100'000;

}  // namespace

std::vector<std::string> check_replays(const PluginRegistry& registry, const std::string& game,
                                       const GameConfig& config, int games) {
  std::vector<std::string> problems;
  const std::unique_ptr<Game> first = registry.new_game(game, config);
  std::vector<Move> moves;
  for (int i = 0; i < games; ++i) {
    const std::uint64_t seed = config.seed + static_cast<std::uint64_t>(i);
    const std::string label = std::to_string(config.players) + " players, seed " + std::to_string(seed) + ": ";
    // Later games run on the runtime the earlier ones used, as a batch of `simulate` does.
    std::unique_ptr<Game> played = i == 0 ? first->clone() : first->rematch(seed);
    RandomBot bot(seed);
    std::vector<Move> history;
    std::string failure;
    while (!played->is_over() && failure.empty()) {
      if (history.size() == kMaxActions) failure = "the game did not end within " + std::to_string(kMaxActions) + " actions";
      played->legal_moves(moves);
      const Move move = moves[bot.choose(*played, moves)];
      const ApplyResult r = played->apply(move);
      if (!r.ok) failure = "the legal move '" + played->move_text(move) + "' was refused: " + r.error;
      history.push_back(move);
    }
    if (!failure.empty()) {
      problems.push_back(label + failure);
      continue;
    }
    GameConfig fresh_config = config;
    fresh_config.seed = seed;
    const std::unique_ptr<Game> fresh = registry.new_game(game, fresh_config);
    for (std::size_t step = 0; step < history.size() && failure.empty(); ++step) {
      const ApplyResult r = fresh->apply(history[step]);
      if (!r.ok) failure = "step " + std::to_string(step + 1) + " is refused on replay: " + r.error;
    }
    if (failure.empty() && fresh->table().to_json() != played->table().to_json())
      failure = "replaying its " + std::to_string(history.size()) + " moves gives another final state";
    if (!failure.empty())
      problems.push_back(label + failure +
                         " (the scripts depend on something besides the seed and the moves: a value kept from an "
                         "earlier call or game, or an order Lua leaves to chance)");
  }
  return problems;
}

}  // namespace tessera::host
