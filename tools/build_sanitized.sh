#!/usr/bin/env bash
# CI's second build folder, build-asan/: clang with AddressSanitizer + UndefinedBehaviorSanitizer
# and libFuzzer's coverage counters, for the sanitized test suites (tools/test_sanitized.sh)
# and the libFuzzer targets (tools/fuzz.sh) alike, so CI compiles the project twice, not three
# times. The per-game tests of tests/games/ are left out (they run in the plain build).
# At -O1 with line tables only: it builds much faster than -O2 -g and still gives stack
# traces with file:line.
#   tools/build_sanitized.sh TARGET...      e.g. tools/build_sanitized.sh tessera_tests
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh --fuzz
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only" \
      -DCMAKE_CXX_COMPILER=clang++ -DTESSERA_FUZZ=ON -DTESSERA_GAME_TESTS=OFF >/dev/null
cmake --build build-asan --target "$@" -j"$(nproc)"
