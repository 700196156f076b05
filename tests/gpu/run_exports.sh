#!/usr/bin/env bash
# GPU end-to-end check of the MLIR and Gluon exports (see README.md next to this file);
# the test kernels' proof is mutation.sh.
# Run on the GPU machine from the repository root, with build/bin/layout-studio-cli
# built and carried along:   OUT=<dir> bash tests/gpu/run_exports.sh
# Writes $OUT/exports_table.md, $OUT/exports_results.json, $OUT/exports_log.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-$PWD/gpu_out}"
mkdir -p "$OUT"
CLI="${CLI:-build/bin/layout-studio-cli}"
if [ ! -x "$CLI" ]; then
  echo "error: $CLI not found; build it first (cmake -S . -B build -DLS_BUILD_GUI=OFF && ninja -C build layout-studio-cli)" >&2
  exit 2
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/exports_gpu.txt" 2>&1 || true
exec timeout 470 python3 tests/gpu/run_exports.py --cli "$CLI" --out "$OUT" --budget 400
