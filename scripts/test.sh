#!/usr/bin/env bash
# Quick start 2: install what is missing, build, and run every test through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
ctest --preset release -j2 "$@"
