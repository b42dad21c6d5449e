#!/usr/bin/env bash
# The libFuzzer targets of tests/fuzz/ (see tests/fuzz/README.md): builds them with clang in
# build-fuzz/ (ASan + UBSan + libFuzzer; only the targets and the games they play), then runs
# each for SECONDS (default 60) from the seed corpus in tests/fuzz/corpus/<target>/ plus what
# earlier runs found (build-fuzz/corpus/<target>/). A crash, a hang, a leak or a broken check
# stops the script with a failure; the input is saved as build-fuzz/crashes/<target>/crash-*.
#   tools/fuzz.sh [SECONDS] [TARGET...]     e.g. tools/fuzz.sh 3600 fuzz_lua_variant
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_protocol fuzz_log fuzz_yaml_overlay fuzz_lua_variant)
tools/install_deps.sh --fuzz
# -O1 with line tables only: builds faster than -O2 -g (about 10 min against 13 on a loaded
# 2-core machine) and still gives stack traces with file:line.
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only" \
      -DCMAKE_CXX_COMPILER=clang++ -DTESSERA_FUZZ=ON -DTESSERA_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz --target "${targets[@]}" -j"$(nproc)"
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
for target in "${targets[@]}"; do
  mkdir -p "build-fuzz/corpus/$target" "build-fuzz/crashes/$target"
  dict=()
  [ -f "tests/fuzz/dict/$target.dict" ] && dict=("-dict=tests/fuzz/dict/$target.dict")
  echo "== $target: ${seconds} s"
  # -timeout: one input may take at most 25 s (a house rule stopped by its work budget takes
  # far less); -rss_limit_mb: the host must stay well below this whatever the input.
  "build-fuzz/bin/$target" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -max_len=65536 \
      -print_final_stats=1 -print_funcs=0 "${dict[@]}" -artifact_prefix="build-fuzz/crashes/$target/" \
      "build-fuzz/corpus/$target" "tests/fuzz/corpus/$target" 2>&1 | grep -v -e '^#[0-9]' -e '# Uses: [0-9]' || {
    echo "fuzz.sh: $target failed; the input is in build-fuzz/crashes/$target/" >&2
    exit 1
  }
done
