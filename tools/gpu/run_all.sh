#!/usr/bin/env bash
# One session on the GPU machine: every GPU-side check of the project, packed
# so that its results fit the device tool's file limit (one archive per job).
#
#   device run: bash tools/gpu/run_all.sh      (carry .carry/bin/layout-studio-cli)
#
# 1. Engine timings side by side, alone on the host: layout-studio-cli bench and
#    Triton 3.6's own engine (tools/gpu/bench/triton_bench.py).
# 2. Then in parallel: export kernels / TTGIR / Gluon (tests/gpu/run_exports.sh),
#    bank-conflict counters under Nsight Compute (tools/gpu/banks/run.sh),
#    conversion/coalescing vs Triton (tools/gpu/convert/run.sh), extra Gluon TMEM
#    cases (tools/gpu/tmem/run.sh). Each has its own time budget.
# Results: $OUT/{bench,exports,banks,convert,tmem}.tgz. Unpack locally with
#   tools/gpu/unpack_all.sh <files_at>
set -u
cd "$(dirname "$0")/../.."
# ONLY="bench exports" runs a subset (default: all five jobs).
ONLY=${ONLY:-bench exports banks convert tmem}
want() { case " $ONLY " in *" $1 "*) return 0;; esac; return 1; }
: "${OUT:?}"
W=/tmp/lsgpu; rm -rf "$W"; mkdir -p "$W"/{bench,exports,banks,convert,tmem} build/bin
cp .carry/bin/layout-studio-cli build/bin/layout-studio-cli && chmod +x build/bin/layout-studio-cli
export PYTHONUNBUFFERED=1
echo "== $(date -u) host: $(nproc) cores; $(nvidia-smi -L | head -1)"
python3 -c "import triton; print('triton', triton.__version__)"

# 1. timings (nothing else running)
if want bench; then
build/bin/layout-studio-cli bench --json --seconds 1 > "$W/bench/ours.json" 2> "$W/bench/ours.err"
build/bin/layout-studio-cli bench > "$W/bench/ours.txt" 2>&1
timeout 150 python3 tools/gpu/bench/triton_bench.py > "$W/bench/triton.json" 2> "$W/bench/triton.err"
lscpu | head -20 > "$W/bench/host.txt"
cat "$W/bench/ours.txt"; head -c 1500 "$W/bench/triton.json"; echo
tar czf "$OUT/bench.tgz" -C "$W" bench
echo "== $(date -u) timings done"
fi

# 2. the checks, in parallel
want exports && ( OUT="$W/exports" bash tests/gpu/run_exports.sh > "$W/exports/stdout.txt" 2>&1; echo "exports rc=$?" ) &
want banks && ( OUT="$W/banks" JOBS=6 bash tools/gpu/banks/run.sh > "$W/banks/stdout.txt" 2>&1; echo "banks rc=$?" ) &
want convert && ( OUT="$W/convert" bash tools/gpu/convert/run.sh > "$W/convert/stdout.txt" 2>&1; echo "convert rc=$?" ) &
want tmem && ( OUT="$W/tmem" bash tools/gpu/tmem/run.sh > "$W/tmem/stdout.txt" 2>&1; echo "tmem rc=$?" ) &
wait
for j in exports banks convert tmem; do
  want "$j" || continue
  tar czf "$OUT/$j.tgz" -C "$W" "$j"
  echo "== $j"; tail -n 4 "$W/$j/stdout.txt"
done
echo "== $(date -u) all done"; ls -la "$OUT"
