// Benchmarks of every game plugin in the build, on a state 40 random actions into a game of
// its most players: game clone (GAME_CHECKLIST goal <= 10 us), legal-action generation (with
// texts and labels) and typed legal moves, and one applied action (clone + apply, as a bot's
// look-ahead does); and random playouts with typed moves in playout mode, whose time per
// action is one legal_moves + apply, with the heap allocations per action.
#include "bench_games.hpp"

#include "allocation_counter.hpp"

#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "tessera/plugin_registry.hpp"

using namespace tessera;

namespace {

PluginRegistry& registry() {
  static PluginRegistry instance({TESSERA_PLUGIN_DIR}, {TESSERA_SOURCE_DIR});
  return instance;
}

std::unique_ptr<Game> midgame(const std::string& id) {
  const PluginEntry& entry = registry().game(id);
  auto game = registry().new_game(id, registry().config(id, entry.manifest.max_players, 1));
  Rng rng(1);
  for (int i = 0; i < 40 && !game->is_over(); ++i) {
    auto actions = game->legal_actions();
    game->apply(actions[rng.below(actions.size())].text);
  }
  return game;
}

}  // namespace

void register_game_benchmarks() {
  registry().scan();
  for (const PluginEntry* entry : registry().games()) {
    const std::string id = entry->manifest.id;
    benchmark::RegisterBenchmark(("BM_GameClone/" + id).c_str(), [id](benchmark::State& state) {
      auto game = midgame(id);
      for (auto _ : state) benchmark::DoNotOptimize(game->clone());
    });
    benchmark::RegisterBenchmark(("BM_GameLegalActions/" + id).c_str(), [id](benchmark::State& state) {
      auto game = midgame(id);
      for (auto _ : state) benchmark::DoNotOptimize(game->legal_actions());
    });
    benchmark::RegisterBenchmark(("BM_GameLegalMoves/" + id).c_str(), [id](benchmark::State& state) {
      auto game = midgame(id);
      std::vector<Move> moves;
      for (auto _ : state) {
        game->legal_moves(moves);
        benchmark::DoNotOptimize(moves.data());
      }
    });
    benchmark::RegisterBenchmark(("BM_GamePlayout/" + id).c_str(), [id](benchmark::State& state) {
      const PluginEntry& entry = registry().game(id);
      auto first = registry().new_game(id, registry().config(id, entry.manifest.max_players, 1));
      std::vector<Move> moves;
      Rng rng(7);
      std::uint64_t actions = 0, seed = 1;
      unsigned long long allocations = 0;
      for (auto _ : state) {
        auto game = first->rematch(seed++);
        const unsigned long long before = allocation_count();
        std::uint64_t played = 0;
        while (!game->is_over()) {
          game->legal_moves(moves);
          game->apply(moves[rng.below(moves.size())], ApplyMode::Playout);
          ++played;
        }
        allocations += allocation_count() - before;
        actions += played;
      }
      state.SetItemsProcessed(static_cast<std::int64_t>(actions));
      state.counters["allocs_per_action"] = static_cast<double>(allocations) / static_cast<double>(actions);
      state.counters["us_per_action"] = benchmark::Counter(static_cast<double>(actions),
                                                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    });
    benchmark::RegisterBenchmark(("BM_GameCloneAndApply/" + id).c_str(), [id](benchmark::State& state) {
      auto game = midgame(id);
      const std::string text = game->legal_actions().front().text;
      for (auto _ : state) {
        auto copy = game->clone();
        benchmark::DoNotOptimize(copy->apply(text));
      }
    });
  }
}
