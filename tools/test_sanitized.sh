#!/usr/bin/env bash
# CI's second build: AddressSanitizer + UndefinedBehaviorSanitizer in build-asan/, running
# the suites that drive the core, the Lua runtime, YAML, plugins, the host and its protocol,
# the flow engine, the hardening cases and the conformance suite. The long random-game tests
# of each game run in the plain build only (tools/test.sh), so CI stays well within its limit.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTESSERA_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$(nproc)"
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
build-asan/bin/tessera_tests "[core],[lua],[yaml],[plugin],[host],[hostile],[flow],[hardening],[conformance],[golden]"
