#!/usr/bin/env bash
# Installs what is missing, builds the host and the games (not the tests: tools/test.sh builds
# those in the same build/ folder), and plays one game of the tutorial between three random
# bots, printing every move and the result. Extra arguments go to `tessera play`.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh
tools/build.sh --target runtime
build/bin/tessera play tutorial --players 3 --seats random,random,random --seed 7 "$@"
