#!/usr/bin/env bash
# The libFuzzer targets of tests/fuzz/ (see tests/fuzz/README.md): builds them in build-asan/
# (tools/build_sanitized.sh: clang, ASan + UBSan + libFuzzer, shared with the sanitized
# tests; only the targets and the games they play when nothing else is built yet), then runs
# each for SECONDS (default 60) from the seed corpus in tests/fuzz/corpus/<target>/ plus what
# earlier runs found (build-asan/corpus/<target>/). A crash, a hang, a leak or a broken check
# stops the script with a failure; the input is saved as build-asan/crashes/<target>/crash-*.
#   tools/fuzz.sh [SECONDS] [TARGET...]     e.g. tools/fuzz.sh 3600 fuzz_lua_variant
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_protocol fuzz_log fuzz_yaml_overlay fuzz_lua_variant fuzz_escaping fuzz_command_line
                                    fuzz_web_rooms fuzz_variant_archive)
tools/build_sanitized.sh "${targets[@]}"
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
for target in "${targets[@]}"; do
  mkdir -p "build-asan/corpus/$target" "build-asan/crashes/$target"
  dict=()
  [ -f "tests/fuzz/dict/$target.dict" ] && dict=("-dict=tests/fuzz/dict/$target.dict")
  echo "== $target: ${seconds} s"
  # -timeout: one input may take at most 25 s (a house rule stopped by its work budget takes
  # far less); -rss_limit_mb: the host must stay well below this whatever the input;
  # -malloc_limit_mb: one allocation that big is reported at once, with its stack and input.
  # libFuzzer's report of an exceeded rss limit first prints a heap profile, which can take
  # longer than the run itself: the outer timeout ends it (and the run fails). It leaves
  # room for the first pass over a grown corpus (build-asan/corpus/) in a short run.
  status=0
  timeout -s KILL $((2 * seconds + 300)) "build-asan/bin/$target" -max_total_time="$seconds" -timeout=25 \
      -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len=65536 -print_final_stats=1 -print_funcs=0 "${dict[@]}" \
      -artifact_prefix="build-asan/crashes/$target/" "build-asan/corpus/$target" "tests/fuzz/corpus/$target" 2>&1 |
    grep --line-buffered -v -e '^#[0-9]' -e '# Uses: [0-9]' || status=$?
  if [ "$status" -ne 0 ]; then
    echo "fuzz.sh: $target failed (exit $status; 137: it did not stop in time); the input is in build-asan/crashes/$target/" >&2
    exit 1
  fi
done
