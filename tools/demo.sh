#!/usr/bin/env bash
# Installs what is missing, builds, and plays one game of the tutorial between three
# random bots, printing every move and the result. Extra arguments go to `tessera play`.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh
tools/build.sh
build/bin/tessera play tutorial --players 3 --seed 7 "$@"
