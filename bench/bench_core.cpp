// Benchmarks of the core's hot paths, measured on the tutorial game:
//   table clone, legal-action generation, one Lua effect call, plugin load.
// Goals (issue #2): Lua effect call <= 2 us, tutorial clone <= 2 us, plugin load <= 50 ms.
#include <benchmark/benchmark.h>

#include "bench_games.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tessera/counters.hpp"
#include "tessera/plugin_registry.hpp"
#include "tessera/script_runtime.hpp"

using namespace tessera;

namespace {

const std::filesystem::path kPlugin = std::filesystem::path(TESSERA_PLUGIN_DIR) / "tutorial.so";

// A tutorial game a few turns in, so the market, hands and dice hold something.
std::unique_ptr<Game> tutorial_midgame(PluginRegistry& registry) {
  registry.load(kPlugin);
  auto game = registry.new_game("tutorial", registry.config("tutorial", 4, 1));
  Rng rng(1);
  for (int i = 0; i < 20 && !game->is_over(); ++i) {
    auto actions = game->legal_actions();
    game->apply(actions[rng.below(actions.size())].text);
  }
  return game;
}

void BM_TableClone(benchmark::State& state) {
  PluginRegistry registry({}, {TESSERA_SOURCE_DIR});
  auto game = tutorial_midgame(registry);
  for (auto _ : state) {
    Table copy = game->table();
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_TableClone);

void BM_GameClone(benchmark::State& state) {
  PluginRegistry registry({}, {TESSERA_SOURCE_DIR});
  auto game = tutorial_midgame(registry);
  for (auto _ : state) benchmark::DoNotOptimize(game->clone());
}
BENCHMARK(BM_GameClone);

void BM_LegalActions(benchmark::State& state) {
  PluginRegistry registry({}, {TESSERA_SOURCE_DIR});
  auto game = tutorial_midgame(registry);
  for (auto _ : state) benchmark::DoNotOptimize(game->legal_actions());
}
BENCHMARK(BM_LegalActions);

void BM_ApplyAction(benchmark::State& state) {
  PluginRegistry registry({}, {TESSERA_SOURCE_DIR});
  auto game = tutorial_midgame(registry);
  const auto actions = game->legal_actions();
  const std::string text = actions.back().text;
  for (auto _ : state) {
    auto copy = game->clone();
    benchmark::DoNotOptimize(copy->apply(text));
  }
}
BENCHMARK(BM_ApplyAction);

void BM_LuaEffectCall(benchmark::State& state) {
  const auto dir = std::filesystem::temp_directory_path() / "tessera_bench_scripts";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "effects.lua") << "effect('bump', {params = {by = 'int'}, apply = function(ctx, params)\n"
                                        "  local c = ctx:get('flow')\n"
                                        "  c:set('n', c:get('n') + params.by)\n"
                                        "end})\n";
  ScriptRuntime runtime(dir, "scripts/bench");
  runtime.run_file("effects.lua");
  EffectId bump = runtime.prepare("bump", nlohmann::json{{"by", 1}});
  Table table(2, 1);
  table.add<Counters>("flow");
  CallContext ctx{0, nullptr};
  for (auto _ : state) runtime.apply(bump, table, ctx);
  if (table.get<Counters>("flow").get("n") <= 0) state.SkipWithError("the effect did not run");
}
BENCHMARK(BM_LuaEffectCall);

void BM_PluginLoad(benchmark::State& state) {
  for (auto _ : state) {
    PluginRegistry registry({}, {TESSERA_SOURCE_DIR});
    benchmark::DoNotOptimize(&registry.load(kPlugin));
  }
}
BENCHMARK(BM_PluginLoad)->Unit(benchmark::kMillisecond);

void BM_NewGame(benchmark::State& state) {
  PluginRegistry registry({}, {TESSERA_SOURCE_DIR});
  registry.load(kPlugin);
  const GameConfig config = registry.config("tutorial", 4, 1);
  for (auto _ : state) benchmark::DoNotOptimize(registry.new_game("tutorial", config));
}
BENCHMARK(BM_NewGame)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  register_game_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
