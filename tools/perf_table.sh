#!/usr/bin/env bash
# Prints README "Performance"'s table: random games per second of every game at its fewest and
# its most players (`tessera simulate <game> --players N --games G`, one thread), for a named
# baseline commit, build/ and build-pgo/, measured in one run. The machine's own speed moves by
# up to a third from hour to hour, so only figures taken side by side compare: each cell is the
# best of ROUNDS runs, and the builds take turns within each round.
#   tools/perf_table.sh [BASELINE]      (default BASELINE: the commit before HEAD)
# Builds the three from the tree as it is: build/'s host and games (tools/build.sh), build-pgo/
# (tools/build_pgo.sh, profiled afresh), and the baseline's host and games in build-baseline/
# from a worktree of that commit.
# TESSERA_PERF_GAMES (default 2000) and TESSERA_PERF_ROUNDS (default 3) set G and ROUNDS.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=${1:-HEAD~1}
games=${TESSERA_PERF_GAMES:-2000}
rounds=${TESSERA_PERF_ROUNDS:-3}
commit=$(git rev-parse --short "$baseline")

tools/build.sh --target runtime >/dev/null
tools/build_pgo.sh >/dev/null
tree=build-baseline/src
if [ "$(git -C "$tree" rev-parse --short HEAD 2>/dev/null)" != "$commit" ]; then
  git worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
  git worktree add --detach "$tree" "$commit" >/dev/null
fi
cmake -S "$tree" -B build-baseline/build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTESSERA_BUILD_TESTS=OFF >/dev/null
cmake --build build-baseline/build -j"$(nproc)" >/dev/null
declare -A bin=([baseline]=build-baseline/build/bin/tessera [build]=build/bin/tessera [build-pgo]=build-pgo/bin/tessera)
builds=(baseline build build-pgo)

# games/s of one run (simulate --json's games_per_sec).
rate() {
  "${bin[$1]}" simulate "$2" --players "$3" --games "$games" --json |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["games_per_sec"])'
}

echo "Random games/s, one thread, best of $rounds runs of --games $games; baseline $commit;" \
     "measured at $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (with changes)')," \
     "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores"
echo
echo "| game | players | $commit | build/ | build-pgo/ | build/ ÷ $commit | build-pgo/ ÷ $commit |"
echo "|---|---|---|---|---|---|---|"
tools/game_player_counts.sh build/bin/tessera |
  while read -r game min max; do
    counts=("$min"); [ "$max" != "$min" ] && counts+=("$max")
    for players in "${counts[@]}"; do
      declare -A best=()
      for ((round = 0; round < rounds; ++round)); do
        for b in "${builds[@]}"; do
          r=$(rate "$b" "$game" "$players")
          best[$b]=$(python3 -c "print(max(${best[$b]:-0}, $r))")
        done
      done
      python3 - "$game" "$players" "${best[baseline]}" "${best[build]}" "${best[build-pgo]}" <<'EOF'
import sys
game, players, base, build, pgo = sys.argv[1], sys.argv[2], *map(float, sys.argv[3:])
print(f"| {game} | {players} | {base:,.0f} | {build:,.0f} | {pgo:,.0f} | {build / base:.2f} | {pgo / base:.2f} |")
EOF
    done
  done
