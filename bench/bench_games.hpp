#pragma once
// Registers the per-game benchmarks (bench_games.cpp) for every plugin the build made.
void register_game_benchmarks();
