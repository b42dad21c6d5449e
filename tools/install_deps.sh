#!/usr/bin/env bash
# Installs what Tessera needs to build and test on Debian. Idempotent: it installs only
# the packages that are missing, so a second run does nothing.
#   --bench  also Google Benchmark (bench/)
#   --fuzz   also clang and its runtimes with libFuzzer (tests/fuzz/, tools/fuzz.sh)
#   --browser  also headless Chromium, its driver, Selenium and PyYAML (tests/web/, the browser board)
set -euo pipefail
packages=(g++ cmake make pkg-config ccache libboost-dev liblua5.4-dev libyaml-cpp-dev catch2
          nlohmann-json3-dev libcli11-dev gnuplot-nox libarchive-dev
          python3  # tests/docs: the README's and sdk/docs' examples run
          dpkg-dev file)  # CPack's Debian packages (dpkg-shlibdeps, file): tools/test_sdk.sh
for option in "$@"; do
  case "$option" in
    --bench) packages+=(libbenchmark-dev) ;;
    --fuzz) packages+=(clang libclang-rt-dev) ;;
    --browser) packages+=(chromium chromium-driver python3-selenium python3-yaml) ;;
    *) echo "install_deps.sh: unknown option $option (known: --bench, --fuzz, --browser)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  echo "installing: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
