// `tessera simulate`: batches of bot games on several threads, with a summary of speed,
// game length, win rates with 95 % intervals, the first player's advantage, ties, scores,
// margins and the score by category (batch_statistics.hpp).
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>

#include "batch_statistics.hpp"
#include "commands.hpp"
#include "game_batch.hpp"
#include "json_text.hpp"
#include "progress_meter.hpp"
#include "tessera/error.hpp"

namespace tessera::host {

int run_simulate(const PluginRegistry& registry, const SimulateOptions& options, std::ostream& out,
                 std::ostream& err) {
  check_batch_size(options.games, options.jobs);
  BatchPlan plan;
  plan.choice = resolve_choice(registry, options.choice);
  const GameChoice& choice = plan.choice;
  registry.config(choice.game, choice.players, choice.seed, choice.variants);  // fail early on bad input
  plan.seats = bot_seats(options.seats, choice);
  plan.games = options.games;
  plan.jobs = std::min(options.jobs, options.games);
  plan.max_actions = options.max_actions;
  plan.log_dir = options.log_dir;

  const auto start = std::chrono::steady_clock::now();
  std::vector<GameRecord> records;
  ProgressMeter progress(options.progress ? &err : nullptr, "simulate " + choice.game, plan.games);
  try {
    records = play_batch(registry, plan, &progress);
  } catch (const Error& e) {
    progress.clear();
    err << "simulation failed: " << e.what() << "\n";
    return 1;
  }
  progress.clear();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const BatchStatistics stats = batch_statistics(records, choice.players);
  std::uint64_t actions = 0;
  for (const GameRecord& r : records) actions += r.length;
  const double games = static_cast<double>(records.size());
  std::vector<double> win_rate, mean, stdev;
  for (const SeatStatistics& s : stats.seats) {
    win_rate.push_back(s.win_rate);
    mean.push_back(s.score.mean);
    stdev.push_back(s.score.stdev);
  }
  if (options.json) {
    nlohmann::json summary{{"game", choice.game},
                           {"players", choice.players},
                           {"variants", choice.variants},
                           {"seed", choice.seed},
                           {"seats", plan.seats},
                           {"jobs", plan.jobs},
                           {"games", records.size()},
                           {"actions", actions},
                           {"seconds", seconds},
                           {"games_per_sec", games / seconds},
                           {"actions_per_sec", static_cast<double>(actions) / seconds},
                           {"mean_length", stats.length.mean},
                           {"max_length", static_cast<std::uint64_t>(stats.length.max)},
                           {"win_rate", win_rate},
                           {"score_mean", mean},
                           {"score_stdev", stdev},
                           {"statistics", to_json(stats)}};
    out << json_text(summary) << "\n";
    return 0;
  }
  char line[256];
  out << choice.game << ": " << records.size() << " games, " << choice.players << " players, seed " << choice.seed
      << ", " << plan.jobs << (plan.jobs == 1 ? " job" : " jobs") << "\n";
  std::snprintf(line, sizeof line, "time %.3f s: %.1f games/s, %.0f actions/s\n", seconds, games / seconds,
                static_cast<double>(actions) / seconds);
  out << line << kIntervalNote << "\n";
  print_statistics(out, stats, plan.seats, "");
  return 0;
}

}  // namespace tessera::host
