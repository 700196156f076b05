#!/usr/bin/env bash
# Layout conversions and coalescing vs Triton 3.6, on the GPU machine.
#
# Run from the repo checkout with a prebuilt build/bin/layout-studio-cli:
#   OUT=/some/dir bash tools/gpu/convert/run.sh
# Writes to $OUT: convert_triton.jsonl (one line per case), triton_version.txt,
# gpu.txt, stderr.txt. Takes about 3-5 minutes (kernel compiles are capped at
# 240 s; the whole Python run at 420 s). Then, anywhere:
#   python3 tools/gpu/convert/make_table.py $OUT -o docs/convert_triton_comparison.md
set -uo pipefail
: "${OUT:?set OUT to the output directory}"
mkdir -p "$OUT"
CLI=${CLI:-build/bin/layout-studio-cli}
if [ ! -x "$CLI" ]; then
  echo "missing $CLI (build it first)" | tee "$OUT/stderr.txt"
  exit 1
fi
python3 -c "import triton; print(triton.__version__)" > "$OUT/triton_version.txt" 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader > "$OUT/gpu.txt" 2>/dev/null || echo unknown > "$OUT/gpu.txt"
export TRITON_CACHE_DIR
TRITON_CACHE_DIR=$(mktemp -d)
timeout 420 python3 "$(dirname "$0")/compare_triton.py" --cli "$CLI" --out "$OUT/convert_triton.jsonl" \
  --seed 36 --compile-budget 240 2> "$OUT/stderr.txt"
rc=$?
echo "compare_triton.py exit status $rc" >> "$OUT/stderr.txt"
tail -3 "$OUT/stderr.txt"
wc -l "$OUT/convert_triton.jsonl"
exit 0
