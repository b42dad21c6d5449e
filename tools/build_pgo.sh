#!/usr/bin/env bash
# Builds the fastest tessera into build-pgo/ (no tests): a Release build of the host, the
# core and every game, optimised with GCC from a profile of random playouts of every bundled
# game at every player count (profile-guided optimisation, TESSERA_PGO in CMakeLists.txt).
# It plays the same games as build/: only the speed differs (.ci/run compares their logs).
#   tools/build_pgo.sh && build-pgo/bin/tessera simulate santa_maria --players 2 --games 2000
# TESSERA_PGO_GAMES (default 200): the training games per game and player count.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build-pgo
profile="$PWD/$dir/pgo-profile"
games_per_count=${TESSERA_PGO_GAMES:-200}

configure() {
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DTESSERA_BUILD_TESTS=OFF -DTESSERA_PGO="$1" \
    -DTESSERA_PGO_DIR="$profile" >/dev/null
}

# 1. An instrumented build, and a fresh profile from a training run.
rm -rf "$profile"
configure generate
cmake --build "$dir" -j"$(nproc)"
tools/game_player_counts.sh "$dir/bin/tessera" |
  while read -r game min max; do
    for ((players = min; players <= max; ++players)); do
      "$dir/bin/tessera" simulate "$game" --players "$players" --games "$games_per_count" >/dev/null
    done
  done
[ -n "$(find "$profile" -name '*.gcda' -print -quit 2>/dev/null)" ] || { echo "build_pgo: the training run wrote no profile" >&2; exit 1; }

# 2. The same build again, optimised from that profile.
configure use
cmake --build "$dir" -j"$(nproc)"
echo "build_pgo: built $dir/bin/tessera (profile in $profile)"
