// `tessera simulate`: batches of bot games on several threads, with a summary of speed,
// game length, win rates and scores.
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <thread>

#include "bots.hpp"
#include "commands.hpp"
#include "json_text.hpp"
#include "session.hpp"
#include "tessera/error.hpp"

namespace tessera::host {
namespace {

struct Totals {
  std::uint64_t games = 0;
  std::uint64_t actions = 0;
  std::uint64_t max_length = 0;
  std::vector<double> wins, score_sum, score_sq;
  std::string error;  // first failure, if any

  explicit Totals(int players) : wins(players), score_sum(players), score_sq(players) {}
  void add(const Totals& o) {
    games += o.games;
    actions += o.actions;
    max_length = std::max(max_length, o.max_length);
    for (std::size_t s = 0; s < wins.size(); ++s) {
      wins[s] += o.wins[s];
      score_sum[s] += o.score_sum[s];
      score_sq[s] += o.score_sq[s];
    }
    if (error.empty()) error = o.error;
  }
};

// Plays the games job, job+jobs, ... of the batch; game i uses seed + i.
void play_share(const PluginRegistry& registry, const SimulateOptions& opt, const GameChoice& choice,
                const std::vector<std::string>& seats, int job, Totals& totals, std::atomic<int>& done, std::atomic<bool>& failed) {
  try {
    std::unique_ptr<Game> first;
    for (int i = job; i < opt.games; i += opt.jobs) {
      const std::uint64_t seed = choice.seed + static_cast<std::uint64_t>(i);
      std::unique_ptr<Game> game;
      nlohmann::json steps = nlohmann::json::array();
      if (!first) {
        first = registry.new_game(choice.game, registry.config(choice.game, choice.players, seed, choice.variants));
        game = first->clone();
      } else {
        game = first->rematch(seed);
      }
      std::vector<std::unique_ptr<Bot>> bots;
      for (int s = 0; s < choice.players; ++s) bots.push_back(make_bot(seats[static_cast<std::size_t>(s)], seed, s));
      std::uint64_t length = 0;
      // Typed moves without text, applied in playout mode: this game is ours to drop.
      std::vector<Move> moves;
      for (int seat = game->seat_to_move(); seat != kNobody; seat = game->seat_to_move()) {
        if (length >= opt.max_actions)
          throw Error("game with seed " + std::to_string(seed) + " did not end within " +
                      std::to_string(opt.max_actions) + " actions");
        game->legal_moves(moves);
        if (moves.empty()) throw Error("seed " + std::to_string(seed) + ": a seat has no legal action");
        const Move move = moves[bots[static_cast<std::size_t>(seat)]->choose(*game, moves)];
        if (!opt.log_dir.empty()) steps.push_back(nlohmann::json{{"action", game->move_text(move)}});
        ApplyResult r = game->apply(move, ApplyMode::Playout);
        if (!r.ok) throw Error("seed " + std::to_string(seed) + ": legal move refused: " + r.error);
        ++length;
      }
      Outcome o = game->outcome();
      totals.games++;
      totals.actions += length;
      totals.max_length = std::max(totals.max_length, length);
      for (int w : o.winners) totals.wins[static_cast<std::size_t>(w)] += 1;
      for (std::size_t s = 0; s < o.scores.size() && s < totals.wins.size(); ++s) {
        totals.score_sum[s] += o.scores[s];
        totals.score_sq[s] += static_cast<double>(o.scores[s]) * o.scores[s];
      }
      if (!opt.log_dir.empty()) {
        nlohmann::json log{{"tessera_log", 1},  {"game", choice.game},
                           {"players", choice.players}, {"seed", seed},
                           {"variants", choice.variants}, {"seats", seats},
                           {"steps", steps},           {"checksum", state_checksum(*game)}};
        std::ofstream(std::filesystem::path(opt.log_dir) / (choice.game + "-" + std::to_string(seed) + ".json"))
            << json_text(log, 1) << "\n";
      }
      done++;
    }
  } catch (const std::exception& e) {
    totals.error = e.what();
    failed = true;
  } catch (...) {
    // Nothing may escape a thread (std::terminate): a plugin may throw anything.
    totals.error = "the game failed with an exception that is not a std::exception";
    failed = true;
  }
}

void draw_progress(int done, int total, std::ostream& err) {
  const int width = 40;
  const int filled = total ? done * width / total : width;
  err << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
      << std::string(static_cast<std::size_t>(width - filled), '.') << "] " << done << "/" << total << std::flush;
}

}  // namespace

int run_simulate(const PluginRegistry& registry, const SimulateOptions& options, std::ostream& out,
                 std::ostream& err) {
  if (options.games < 1) throw Error("--games must be at least 1");
  if (options.jobs < 1) throw Error("--jobs must be at least 1");
  GameChoice choice = resolve_choice(registry, options.choice);
  registry.config(choice.game, choice.players, choice.seed, choice.variants);  // fail early on bad input
  if (!options.log_dir.empty()) std::filesystem::create_directories(options.log_dir);
  std::vector<std::string> seats = join_seat_specs(options.seats);
  if (seats.empty()) seats.assign(static_cast<std::size_t>(choice.players), "random");
  if (seats.size() != static_cast<std::size_t>(choice.players))
    throw Error("--seats names " + std::to_string(seats.size()) + " seats for " + std::to_string(choice.players) +
                " players");
  for (std::size_t s = 0; s < seats.size(); ++s) (void)make_bot(seats[s], choice.seed, static_cast<int>(s));
  SimulateOptions opt = options;
  opt.jobs = std::min(opt.jobs, opt.games);

  std::vector<Totals> shares(static_cast<std::size_t>(opt.jobs), Totals(choice.players));
  std::atomic<int> done{0};
  std::atomic<bool> failed{false};
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int j = 0; j < opt.jobs; ++j)
    threads.emplace_back(play_share, std::cref(registry), std::cref(opt), std::cref(choice), std::cref(seats), j,
                         std::ref(shares[static_cast<std::size_t>(j)]), std::ref(done), std::ref(failed));
  if (opt.progress) {
    while (done.load() < opt.games && !failed.load()) {
      draw_progress(done.load(), opt.games, err);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  for (auto& t : threads) t.join();
  if (opt.progress) {
    draw_progress(done.load(), opt.games, err);
    err << "\n";
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  Totals total(choice.players);
  for (auto& s : shares) total.add(s);
  if (!total.error.empty()) {
    err << "simulation failed: " << total.error << "\n";
    return 1;
  }
  const double games = static_cast<double>(total.games);
  std::vector<double> win_rate, mean, stdev;
  for (int s = 0; s < choice.players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    win_rate.push_back(total.wins[i] / games);
    mean.push_back(total.score_sum[i] / games);
    stdev.push_back(std::sqrt(std::max(0.0, total.score_sq[i] / games - mean.back() * mean.back())));
  }
  nlohmann::json summary{{"game", choice.game},
                         {"players", choice.players},
                         {"variants", choice.variants},
                         {"seed", choice.seed},
                         {"seats", seats},
                         {"jobs", opt.jobs},
                         {"games", total.games},
                         {"actions", total.actions},
                         {"seconds", seconds},
                         {"games_per_sec", games / seconds},
                         {"actions_per_sec", static_cast<double>(total.actions) / seconds},
                         {"mean_length", static_cast<double>(total.actions) / games},
                         {"max_length", total.max_length},
                         {"win_rate", win_rate},
                         {"score_mean", mean},
                         {"score_stdev", stdev}};
  if (opt.json) {
    out << json_text(summary) << "\n";
    return 0;
  }
  char line[256];
  out << choice.game << ": " << total.games << " games, " << choice.players << " players, seed " << choice.seed
      << ", " << opt.jobs << (opt.jobs == 1 ? " job" : " jobs") << "\n";
  std::snprintf(line, sizeof line, "time %.3f s: %.1f games/s, %.0f actions/s\n", seconds, games / seconds,
                static_cast<double>(total.actions) / seconds);
  out << line;
  std::snprintf(line, sizeof line, "length: mean %.1f, max %llu actions\n", static_cast<double>(total.actions) / games,
                static_cast<unsigned long long>(total.max_length));
  out << line;
  for (int s = 0; s < choice.players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    std::snprintf(line, sizeof line, "seat %d (%s): win rate %5.1f%%, score %.2f +- %.2f\n", s, seats[i].c_str(),
                  100 * win_rate[i], mean[i], stdev[i]);
    out << line;
  }
  return 0;
}

}  // namespace tessera::host
