#!/usr/bin/env bash
# Prints "<game> <fewest players> <most players>" for each game the given tessera lists
# (its `list` line reads "<game>  <title> (<min>-<max> players) - <summary>").
#   tools/game_player_counts.sh build/bin/tessera
set -euo pipefail
"$1" list | sed -nE 's/^([a-z0-9_]+) .*\(([0-9]+)-([0-9]+) players\).*/\1 \2 \3/p'
