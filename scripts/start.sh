#!/usr/bin/env bash
# Quick start 1: install what is missing, build, and open the application on an untitled copy
# of the transpose example (its load layout beside its store layout; Save asks where).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/bin/layout-studio --example transpose "$@"
