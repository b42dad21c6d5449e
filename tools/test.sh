#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh --browser  # the browser board's tests run in headless Chromium
tools/build.sh
cd build && ctest --output-on-failure -j"$(nproc)"
