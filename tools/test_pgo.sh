#!/usr/bin/env bash
# Builds the profile-guided tessera (tools/build_pgo.sh) and checks that it plays exactly the
# games build/ plays: the logs of 50 seeded random games of every game, at its fewest and its
# most players, must be byte-identical. Needs build/ (tools/build.sh) first.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/build_pgo.sh
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
tools/game_player_counts.sh build/bin/tessera |
  while read -r game min max; do
    for players in "$min" "$max"; do
      for build in build build-pgo; do
        "$build/bin/tessera" simulate "$game" --players "$players" --games 50 \
          --log-dir "$logs/$build/$game-$players" >/dev/null
      done
    done
  done
[ -d "$logs/build" ] || { echo "test_pgo: no game was played" >&2; exit 1; }
if ! diff -r "$logs/build" "$logs/build-pgo" >/dev/null; then
  echo "test_pgo: build-pgo/ plays other games than build/:" >&2
  diff -rq "$logs/build" "$logs/build-pgo" >&2 || true
  exit 1
fi
echo "test_pgo: build-pgo/ plays the same games as build/ ($(find "$logs/build" -name '*.json' | wc -l) logs)"
