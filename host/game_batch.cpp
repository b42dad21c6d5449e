#include "game_batch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <system_error>
#include <thread>

#include "bots.hpp"
#include "file_writer.hpp"
#include "json_limits.hpp"
#include "json_text.hpp"
#include "session.hpp"
#include "tessera/error.hpp"

namespace tessera::host {
namespace {

GameRecord play_one(const PluginRegistry& registry, const Game& first, const BatchPlan& plan, BatchGame where,
                    bool is_first) {
  const std::uint64_t seed = where.seed;
  std::unique_ptr<Game> game = is_first ? first.clone() : first.rematch(seed);
  std::vector<std::unique_ptr<Bot>> bots;
  const GameChoice& c = plan.choice;
  const std::vector<std::string> seated = seated_bots(plan.seats, where.seating);
  for (int s = 0; s < c.players; ++s)
    bots.push_back(make_bot(seated[static_cast<std::size_t>(s)], seed, s,
                            game_maker(registry, c.game, c.players, c.variants)));
  GameRecord record;
  record.seed = seed;
  record.seating = where.seating;
  record.first_player = game->seat_to_move() == kNobody ? 0 : game->seat_to_move();
  nlohmann::json steps = nlohmann::json::array();
  // Typed moves without text, by their place in the list, applied in playout mode: this
  // game is ours to drop.
  std::vector<Move> moves;
  for (int seat = game->seat_to_move(); seat != kNobody; seat = game->seat_to_move()) {
    if (record.length >= plan.max_actions)
      throw Error("game with seed " + std::to_string(seed) + " did not end within " + std::to_string(plan.max_actions) +
                  " actions");
    const std::vector<Move>* legal = game->kept_moves();
    if (!legal) {
      game->legal_moves(moves);
      legal = &moves;
    }
    if (legal->empty()) throw Error("seed " + std::to_string(seed) + ": a seat has no legal action");
    const std::size_t pick = bots[static_cast<std::size_t>(seat)]->choose(*game, *legal);
    if (!plan.log_dir.empty()) steps.push_back(nlohmann::json{{"action", game->move_text((*legal)[pick])}});
    ApplyResult r = game->apply_at(pick, ApplyMode::Playout);
    if (!r.ok) throw Error("seed " + std::to_string(seed) + ": legal move refused: " + r.error);
    ++record.length;
  }
  Outcome outcome = game->outcome();
  Returns returns = returns_of(outcome, game->table().players());  // asks outcome() once
  record.scores = std::move(outcome.scores);
  record.winners = std::move(outcome.winners);
  record.categories = std::move(outcome.categories);
  record.result = std::move(returns.result);
  record.margin = std::move(returns.margin);
  if (!plan.log_dir.empty()) {
    nlohmann::json log{{"tessera_log", 1}, {"game", c.game},     {"players", c.players},
                       {"seed", seed},     {"variants", c.variants}, {"seats", seated},
                       {"steps", steps},   {"outcome", outcome_json(*game)}, {"checksum", state_checksum(*game)}};
    // Written only within the bounds replay reads (json_limits.hpp).
    const std::string text = json_text(log, 1);
    if (steps.size() > kMaxLogSteps || text.size() + 1 > kMaxLogBytes)
      throw Error("seed " + std::to_string(seed) + ": the game's log (" + std::to_string(steps.size()) + " steps, " +
                  std::to_string(text.size() + 1) + " bytes) is larger than a log may be (" +
                  std::to_string(kMaxLogSteps) + " steps, " + std::to_string(kMaxLogBytes) + " bytes)");
    write_file(std::filesystem::path(plan.log_dir) / (c.game + "-" + std::to_string(seed) + ".json"), text + "\n");
  }
  return record;
}

// The threads of a batch still playing, so that the progress line's waits end when the last
// one does rather than at the next redraw (a batch's time is what simulate reports).
struct Playing {
  std::mutex mutex;
  std::condition_variable ended;
  int threads = 0;

  void end_one() {
    {
      const std::lock_guard<std::mutex> lock(mutex);
      --threads;
    }
    ended.notify_all();
  }
};

// Plays the games job, job + jobs, ... of the batch into their slots of `records`.
void play_share(const PluginRegistry& registry, const BatchPlan& plan, int job, std::vector<GameRecord>& records,
                std::string& error, std::atomic<int>& done, std::atomic<bool>& failed, Playing& playing) {
  try {
    std::unique_ptr<Game> first;
    for (int i = job; i < plan.games && !failed.load() && !(plan.stop && plan.stop->load()); i += plan.jobs) {
      const BatchGame where = batch_game(plan, plan.first_game + i);
      const bool is_first = !first;
      if (is_first)
        first = registry.new_game(
            plan.choice.game, registry.config(plan.choice.game, plan.choice.players, where.seed, plan.choice.variants));
      records[static_cast<std::size_t>(i)] = play_one(registry, *first, plan, where, is_first);
      done++;
    }
  } catch (const std::exception& e) {
    error = e.what();
    failed = true;
  } catch (...) {
    // Nothing may escape a thread (std::terminate): a plugin may throw anything.
    error = "the game failed with an exception that is not a std::exception";
    failed = true;
  }
  playing.end_one();
}

}  // namespace

int category_of(const GameRecord& r, std::size_t seat, const std::string& name) {
  if (seat >= r.categories.size()) return 0;
  for (const auto& [n, v] : r.categories[seat])
    if (n == name) return v;
  return 0;
}

int BatchPlan::seatings() const {
  if (!rotate_seats || seats.empty()) return 1;
  const bool all_same = std::all_of(seats.begin(), seats.end(), [&](const std::string& s) { return s == seats[0]; });
  return all_same ? 1 : static_cast<int>(seats.size());
}

BatchGame batch_game(const BatchPlan& plan, int index) {
  const int k = plan.seatings();
  return {plan.choice.seed + static_cast<std::uint64_t>(index / k), index % k};
}

std::vector<std::string> seated_bots(const std::vector<std::string>& seats, int seating) {
  std::vector<std::string> seated(seats.size());
  for (std::size_t s = 0; s < seats.size(); ++s) seated[s] = seats[(s + static_cast<std::size_t>(seating)) % seats.size()];
  return seated;
}

void check_batch_size(int games, int jobs) {
  if (games < 1 || games > kMaxBatchGames)
    throw Error("--games must be from 1 to " + std::to_string(kMaxBatchGames) + " (the games of one batch), not " +
                std::to_string(games));
  if (jobs < 1 || jobs > kMaxJobs)
    throw Error("--jobs must be from 1 to " + std::to_string(kMaxJobs) + " (the threads of one batch), not " +
                std::to_string(jobs));
}

std::vector<std::string> bot_seats(const std::vector<std::string>& specs, const GameChoice& choice) {
  std::vector<std::string> seats = join_seat_specs(specs);
  if (seats.empty()) seats.assign(static_cast<std::size_t>(choice.players), "random");
  if (seats.size() != static_cast<std::size_t>(choice.players))
    throw Error("--seats names " + std::to_string(seats.size()) + " seats for " + std::to_string(choice.players) +
                " players");
  for (std::size_t s = 0; s < seats.size(); ++s) (void)make_bot(seats[s], choice.seed, static_cast<int>(s));
  return seats;
}

std::vector<GameRecord> play_batch(const PluginRegistry& registry, const BatchPlan& plan, ProgressMeter* progress) {
  check_batch_size(plan.games, plan.jobs);
  if (!plan.log_dir.empty()) make_folder(plan.log_dir);
  BatchPlan p = plan;
  p.jobs = std::max(1, std::min(plan.jobs, plan.games));
  std::vector<GameRecord> records(static_cast<std::size_t>(std::max(0, p.games)));
  std::vector<std::string> errors(static_cast<std::size_t>(p.jobs));
  std::atomic<int> done{0};
  std::atomic<bool> failed{false};
  Playing playing;
  playing.threads = p.jobs;
  std::vector<std::thread> threads;
  try {
    for (int j = 0; j < p.jobs; ++j)
      threads.emplace_back(play_share, std::cref(registry), std::cref(p), j, std::ref(records),
                           std::ref(errors[static_cast<std::size_t>(j)]), std::ref(done), std::ref(failed),
                           std::ref(playing));
  } catch (const std::system_error& e) {
    // The system refused a thread (a process or memory limit): the started ones stop after
    // their current game, and the batch fails with a message instead of std::terminate.
    failed = true;
    for (auto& t : threads) t.join();
    throw Error("could not start thread " + std::to_string(threads.size() + 1) + " of " + std::to_string(p.jobs) +
                " (" + e.what() + "); try fewer --jobs");
  }
  if (progress) {
    // The meter counts on from the batches before this one (compare's arms).
    const long before = progress->done();
    std::unique_lock<std::mutex> lock(playing.mutex);
    do progress->update(before + done.load());
    while (!playing.ended.wait_for(lock, std::chrono::milliseconds(50), [&] { return playing.threads == 0; }));
    progress->update(before + done.load());
  }
  for (auto& t : threads) t.join();
  for (const std::string& e : errors)
    if (!e.empty()) throw Error(e);
  if (plan.stop && plan.stop->load()) throw BatchStopped();
  return records;
}

}  // namespace tessera::host
