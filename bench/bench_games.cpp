// Benchmarks of every game plugin in the build, on a state 40 random actions into a game of
// its most players: game clone (GAME_CHECKLIST goal <= 10 us), legal-action generation, and
// one applied action (clone + apply, as a bot's look-ahead does).
#include "bench_games.hpp"

#include <benchmark/benchmark.h>

#include <memory>

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
