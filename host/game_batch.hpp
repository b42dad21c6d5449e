#pragma once
// Batches of bot games on several threads, one record per game: what simulate and compare
// play and summarise. Game i of a batch uses seed + i with the same bot seats, or, with
// rotated seats, every seating of the bots on each seed in turn (batch_game); two batches
// that differ only in their variants are paired game by game.
#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "progress_meter.hpp"
#include "tessera/error.hpp"

namespace tessera::host {

struct GameRecord {
  std::uint64_t seed = 0;
  int seating = 0;           // the bots' rotation: seat s holds bot (s + seating) % players
  int first_player = 0;      // the seat that made the game's first move (CATAN rolls it)
  std::uint64_t length = 0;  // actions until the end
  std::vector<int> scores;
  std::vector<int> winners;
  std::vector<double> result;  // Game::returns(): 1 a sole win, 1/k a shared one, 0 a loss
  std::vector<double> margin;  // the seat's score minus the best other score
  std::vector<std::vector<std::pair<std::string, int>>> categories;  // Outcome::categories
};

// A seat's score category `name` in one game; 0 when the game did not name it.
int category_of(const GameRecord& r, std::size_t seat, const std::string& name);

// Bounds of a batch, the same on every machine. Threads: far more than any machine has
// cores, so a larger count is a typing error, not a plan (and thousands of threads fail to
// start). Games: every game keeps a record (GameRecord: measured 0.75 KiB for four-player
// CATAN with its score categories) until the batch's statistics (medians, quartiles, paired
// differences) are computed, so the count is bounded: at most about 750 MiB per arm.
inline constexpr int kMaxJobs = 256;
inline constexpr int kMaxBatchGames = 1'000'000;

// Throws Error naming the bound when `games` or `jobs` is below 1 or above its bound.
void check_batch_size(int games, int jobs);

struct BatchPlan {
  GameChoice choice;               // resolved (resolve_choice)
  std::vector<std::string> seats;  // a bot spec per seat
  int games = 100;
  int jobs = 1;
  std::size_t max_actions = 1'000'000;
  std::string log_dir;             // write each game's log here when set
  bool rotate_seats = false;       // every seating of the bots on each seed (seatings())
  int first_game = 0;              // the batch is games first_game .. first_game + games - 1
  // Set from another thread, it stops the batch: no game starts after it is seen, and
  // play_batch throws BatchStopped (a server's deadline, a watcher gone).
  const std::atomic<bool>* stop = nullptr;

  // How many seatings a seed is played in: the number of seats when they are rotated and
  // hold different bots, else 1 (rotating equal bots changes nothing).
  int seatings() const;
};

// Where game `index` of a plan is played: its seed and seating. Without rotation game i
// is seed + i in seating 0; with k seatings, seed + i / k in seating i % k.
struct BatchGame {
  std::uint64_t seed = 0;
  int seating = 0;
};
BatchGame batch_game(const BatchPlan& plan, int index);

// The bot of each seat in `seating`.
std::vector<std::string> seated_bots(const std::vector<std::string>& seats, int seating);

// The seats of `specs` (as given to --seats, joined by join_seat_specs) for `players`:
// all random when none; throws Error when the count differs or a spec is not a bot.
std::vector<std::string> bot_seats(const std::vector<std::string>& specs, const GameChoice& choice);

struct BatchStopped : Error {
  BatchStopped() : Error("the games were stopped before the batch was played") {}
};

// Plays the batch; records in game order. Throws Error with the first failure, when the
// batch is past a bound (check_batch_size) and when a thread cannot start; BatchStopped when
// plan.stop was set. With `progress`,
// counts each finished game on it, after those it counted before.
std::vector<GameRecord> play_batch(const PluginRegistry& registry, const BatchPlan& plan,
                                   ProgressMeter* progress = nullptr);

}  // namespace tessera::host
