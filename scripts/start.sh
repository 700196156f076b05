#!/usr/bin/env bash
# Quick start 1: install what is missing, build, and open the application on an example design.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/bin/layout-studio resources/examples/transpose.lstudio "$@"
