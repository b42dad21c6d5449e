#include "replay_check.hpp"

#include <nlohmann/json.hpp>

#include "bots.hpp"

namespace tessera::host {

namespace {

constexpr std::size_t kMaxActions = 100'000;

// "3 players, seed 2, move 14 (seat 1: end): " — where a played game failed; move 0 is the set-up.
std::string place(const GameConfig& config, std::uint64_t seed, std::size_t move, const std::string& what = "") {
  return std::to_string(config.players) + (config.players == 1 ? " player" : " players") + ", seed " +
         std::to_string(seed) + (move == 0 ? ", set-up" : ", move " + std::to_string(move)) +
         (what.empty() ? "" : " (" + what + ")") + ": ";
}

}  // namespace

std::optional<std::string> check_replays(const PluginRegistry& registry, const std::string& game,
                                         const GameConfig& config, int games,
                                         const std::function<void(int)>& on_game) {
  std::unique_ptr<Game> first;
  try {
    first = registry.new_game(game, config);
  } catch (const std::exception& e) {
    return place(config, config.seed, 0) + e.what();
  }
  std::vector<Move> moves;
  for (int i = 0; i < games; ++i) {
    const std::uint64_t seed = config.seed + static_cast<std::uint64_t>(i);
    // Later games run on the runtime the earlier ones used, as a batch of `simulate` does.
    std::unique_ptr<Game> played;
    try {
      played = i == 0 ? first->clone() : first->rematch(seed);
    } catch (const std::exception& e) {
      return place(config, seed, 0) + e.what();
    }
    RandomBot bot(seed);
    std::vector<Move> history;
    try {
      while (!played->is_over()) {
        if (history.size() == kMaxActions)
          return place(config, seed, history.size()) + "the game did not end within " + std::to_string(kMaxActions) +
                 " actions";
        played->legal_moves(moves);
        if (moves.empty()) return place(config, seed, history.size() + 1) + "the game is not over but offers no move";
        const Move move = moves[bot.choose(*played, moves)];
        const int seat = played->seat_to_move();
        const std::string text = played->move_text(move);
        const ApplyResult r = played->apply(move);
        history.push_back(move);
        if (!r.ok)
          return place(config, seed, history.size(), "seat " + std::to_string(seat) + ": " + text) +
                 "the legal move was refused: " + r.error;
      }
    } catch (const std::exception& e) {
      return place(config, seed, history.size() + 1) + e.what();
    }
    std::string failure;
    try {
      GameConfig fresh_config = config;
      fresh_config.seed = seed;
      const std::unique_ptr<Game> fresh = registry.new_game(game, fresh_config);
      for (std::size_t step = 0; step < history.size() && failure.empty(); ++step) {
        const ApplyResult r = fresh->apply(history[step]);
        if (!r.ok) failure = place(config, seed, step + 1) + "refused on replay: " + r.error;
      }
      if (failure.empty() && fresh->table().to_json() != played->table().to_json())
        failure = place(config, seed, history.size()) + "replaying the game's moves gives another final state";
    } catch (const std::exception& e) {
      failure = place(config, seed, 0) + "on replay: " + e.what();
    }
    if (!failure.empty())
      return failure +
             " (the scripts depend on something besides the seed and the moves: a value kept from an "
             "earlier call or game, or an order Lua leaves to chance)";
    if (on_game) on_game(i + 1);
  }
  return std::nullopt;
}

}  // namespace tessera::host
