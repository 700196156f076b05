#!/usr/bin/env bash
# The mutation proof of the exported test kernels (issue 15); see README.md next to this file.
# Run on the GPU machine from the repository root, with layout-studio-cli built:
#   OUT=<dir> [CLI=build/bin/layout-studio-cli] bash tests/gpu/mutation.sh
# 1. tests/gpu/mutation_cuda.py (the cuda kernels), when that file exists: rows in $OUT/cuda/rows.jsonl;
# 2. tests/gpu/mutation.py (every gluon-probe case, 16 at a time): rows in $OUT/rows.jsonl;
# then $OUT/mutation_table.md (both sets of rows), $OUT/mutation_log.txt, $OUT/gpu.txt.
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${OUT:-$PWD/gpu_out}"
CLI="${CLI:-build/bin/layout-studio-cli}"
mkdir -p "$OUT"
if [ ! -x "$CLI" ]; then
  echo "error: $CLI not found; build it first (ninja -C build layout-studio-cli) or set CLI" >&2
  exit 2
fi
CLI="$(cd "$(dirname "$CLI")" && pwd)/$(basename "$CLI")"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/gpu.txt" 2>&1 || true
MERGE=()
CUDA_PY="$HERE/mutation_cuda.py"
[ -f "$CUDA_PY" ] || CUDA_PY="tests/gpu/mutation_cuda.py"
if [ -f "$CUDA_PY" ]; then
  mkdir -p "$OUT/cuda"
  timeout 200 python3 "$CUDA_PY" --cli "$CLI" --out "$OUT/cuda" > "$OUT/cuda/stdout.txt" 2>&1
  echo "mutation_cuda.py: exit $?, $(wc -l < "$OUT/cuda/rows.jsonl" 2>/dev/null || echo 0) rows"
  MERGE=(--merge "$OUT/cuda/rows.jsonl")
fi
exec timeout 330 python3 "$HERE/mutation.py" --cli "$CLI" --out "$OUT" --jobs 16 --timeout 150 "${MERGE[@]}"
