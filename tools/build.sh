#!/usr/bin/env bash
# Configures and builds Tessera into build/ (Release with debug info, tests included).
# Arguments go to the build: `tools/build.sh --target runtime` builds only the host and the
# games.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" "$@"
