#!/usr/bin/env bash
# Quick start 2: install what is missing, build, and run every test through CTest;
# then replay the fuzz regression corpora under ASan + UBSan (CI runs this).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
ctest --preset release -j2 "$@"
scripts/test_sanitized_replay.sh
