#!/usr/bin/env bash
# Unpacks what tools/gpu/run_all.sh brought back (the device tool's files_at
# folder) into gpu_results/<job>/ for the per-area collect scripts.
set -eu
src=${1:?files_at folder}
dst=${2:-gpu_results}
mkdir -p "$dst"
for t in "$src"/*.tgz; do tar xzf "$t" -C "$dst"; done
ls "$dst"
