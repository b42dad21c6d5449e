// `tessera arena`: bots against each other, seats rotated so that every bot plays every
// position, with win rates and their 95 % intervals, margins, lengths and the first
// player's advantage.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>

#include "bots.hpp"
#include "commands.hpp"
#include "json_text.hpp"
#include "progress_meter.hpp"
#include "session.hpp"
#include "statistics.hpp"
#include "tessera/error.hpp"

namespace tessera::host {
namespace {

struct BotTotals {
  double wins = 0;    // shared wins count 1/k
  double margin = 0;  // sum of score margins
  int games = 0;
  double search_seconds = 0;
  std::uint64_t search_moves = 0, search_iterations = 0;
};

}  // namespace

int run_arena(const PluginRegistry& registry, const ArenaOptions& options, std::ostream& out, std::ostream& err) {
  if (options.games < 1) throw Error("--games must be at least 1");
  const std::vector<std::string> specs = join_seat_specs(options.seats);
  if (specs.size() < 2) throw Error("--seats names at least two bots");
  GameChoice choice = options.choice;
  if (choice.players == 0) choice.players = static_cast<int>(specs.size());
  choice = resolve_choice(registry, choice);
  if (specs.size() != static_cast<std::size_t>(choice.players))
    throw Error("--seats names " + std::to_string(specs.size()) + " bots for " + std::to_string(choice.players) +
                " players");
  const std::size_t n = specs.size();
  for (std::size_t b = 0; b < n; ++b) (void)make_bot(specs[b], choice.seed, static_cast<int>(b));

  std::vector<BotTotals> bots(n);
  double first_seat_wins = 0, total_length = 0;
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<Game> first;
  std::vector<Move> moves;
  ProgressMeter progress(options.progress ? &err : nullptr, "arena " + choice.game, options.games);
  for (int g = 0; g < options.games; ++g) {
    const std::uint64_t seed = choice.seed + static_cast<std::uint64_t>(g);
    // Game g seats bot (seat + g) % n in each seat: over n games every bot sits everywhere.
    std::vector<std::size_t> bot_of(n);
    std::vector<std::unique_ptr<Bot>> seated;
    for (std::size_t s = 0; s < n; ++s) {
      bot_of[s] = (s + static_cast<std::size_t>(g)) % n;
      seated.push_back(make_bot(specs[bot_of[s]], seed, static_cast<int>(s),
                                game_maker(registry, choice.game, choice.players, choice.variants)));
    }
    std::unique_ptr<Game> game;
    if (!first) {
      first = registry.new_game(choice.game, registry.config(choice.game, choice.players, seed, choice.variants));
      game = first->clone();
    } else {
      game = first->rematch(seed);
    }
    std::uint64_t length = 0;
    while (!game->is_over()) {
      if (length >= options.max_actions)
        throw Error("game with seed " + std::to_string(seed) + " did not end within " +
                    std::to_string(options.max_actions) + " actions");
      game->legal_moves(moves);
      const auto seat = static_cast<std::size_t>(game->seat_to_move());
      const std::size_t pick = seated[seat]->choose(*game, moves);
      if (const auto* search = dynamic_cast<const MctsBot*>(seated[seat].get())) {
        BotTotals& t = bots[bot_of[seat]];
        t.search_seconds += search->last_stats().seconds;
        t.search_moves += search->last_stats().moves;
        t.search_iterations += search->last_stats().iterations;
      }
      ApplyResult r = game->apply(moves[pick], ApplyMode::Playout);
      if (!r.ok) throw Error("seed " + std::to_string(seed) + ": legal move refused: " + r.error);
      ++length;
    }
    const Returns r = game->returns();
    total_length += static_cast<double>(length);
    first_seat_wins += r.result[0];
    for (std::size_t s = 0; s < n; ++s) {
      BotTotals& t = bots[bot_of[s]];
      t.wins += r.result[s];
      t.margin += r.margin[s];
      t.games += 1;
    }
    progress.update(g + 1);
  }
  progress.clear();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double games = options.games;

  nlohmann::json per_bot = nlohmann::json::array();
  for (std::size_t b = 0; b < n; ++b) {
    const BotTotals& t = bots[b];
    const auto [lo, hi] = wilson(t.wins, t.games);
    nlohmann::json j{{"seat_spec", specs[b]},
                     {"games", t.games},
                     {"win_rate", t.wins / t.games},
                     {"win_rate_95", {lo, hi}},
                     {"mean_margin", t.margin / t.games}};
    if (t.search_seconds > 0) {
      j["search_moves_per_sec"] = static_cast<double>(t.search_moves) / t.search_seconds;
      j["search_iterations_per_sec"] = static_cast<double>(t.search_iterations) / t.search_seconds;
    }
    per_bot.push_back(j);
  }
  const auto [flo, fhi] = wilson(first_seat_wins, games);
  nlohmann::json summary{{"game", choice.game},
                         {"players", choice.players},
                         {"variants", choice.variants},
                         {"seed", choice.seed},
                         {"games", options.games},
                         {"seconds", seconds},
                         {"mean_length", total_length / games},
                         {"fair_share", 1.0 / static_cast<double>(n)},
                         {"first_seat_win_rate", first_seat_wins / games},
                         {"first_seat_win_rate_95", {flo, fhi}},
                         {"bots", per_bot}};
  if (options.json) {
    out << json_text(summary) << "\n";
    return 0;
  }
  char line[512];
  out << choice.game << ": " << options.games << " games, " << choice.players << " players, seed " << choice.seed
      << ", seats rotated\n[low, high]: 95 % Wilson score intervals\n";
  std::snprintf(line, sizeof line,
                "time %.1f s, mean length %.1f actions, first seat wins %.1f%% [%.1f, %.1f] (fair %.1f%%)\n",
                seconds, total_length / games, 100 * first_seat_wins / games, 100 * flo, 100 * fhi, 100.0 / n);
  out << line;
  for (std::size_t b = 0; b < n; ++b) {
    const BotTotals& t = bots[b];
    const auto [lo, hi] = wilson(t.wins, t.games);
    std::snprintf(line, sizeof line, "%-32s win rate %5.1f%% [%5.1f, %5.1f], mean margin %+.2f", specs[b].c_str(),
                  100 * t.wins / t.games, 100 * lo, 100 * hi, t.margin / t.games);
    out << line;
    if (t.search_seconds > 0) {
      std::snprintf(line, sizeof line, ", search %.0f moves/s (tree and rollouts)",
                    static_cast<double>(t.search_moves) / t.search_seconds);
      out << line;
    }
    out << "\n";
  }
  return 0;
}

}  // namespace tessera::host
