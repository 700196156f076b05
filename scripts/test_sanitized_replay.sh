#!/usr/bin/env bash
# CI step: builds the engine, the CLI and the fuzz replay tests with ASan +
# UBSan (preset asan-replay: GUI off, only what the replay needs) and replays
# every fuzz regression corpus and the seed corpus under it.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
cmake --preset asan-replay >/dev/null
cmake --build --preset asan-replay
ctest --preset asan-replay -j2
echo "sanitized fuzz replay: $(($(date +%s) - start)) s"
