#!/usr/bin/env bash
# CI's sanitized test run (build-asan/, tools/build_sanitized.sh): the suites that drive the
# core, the Lua runtime, YAML, plugins, the host and its protocol, the flow engine, the
# hardening cases and the conformance suite (which plays every game), under AddressSanitizer
# + UndefinedBehaviorSanitizer. Two processes, one per core: the longest test (every scenario
# edit of every game, sampled under the sanitizers) in one, the rest in the other. The long
# random-game tests of each game run in the plain build only (tools/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/build_sanitized.sh tessera_tests
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
edits='A scenario edit of any value is refused or leaves a game that still plays'
mkdir -p build-asan/logs
build-asan/bin/tessera_tests "$edits" --durations yes >build-asan/logs/edits.txt 2>&1 &
edits_run=$!
status=0
build-asan/bin/tessera_tests "[core],[lua],[yaml],[plugin],[host],[hostile],[flow],[hardening],[golden],[conformance]~\"$edits\"" \
    >build-asan/logs/others.txt 2>&1 || status=1
wait "$edits_run" || status=1
tail -n 3 build-asan/logs/edits.txt build-asan/logs/others.txt
if [ "$status" -ne 0 ]; then
  cat build-asan/logs/edits.txt build-asan/logs/others.txt >&2
  exit 1
fi
