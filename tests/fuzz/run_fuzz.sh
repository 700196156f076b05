#!/usr/bin/env bash
# Runs every fuzz target from a pre-built `fuzz` preset and reports
# executions, coverage and findings per target.
#
#   tests/fuzz/run_fuzz.sh [seconds-per-target] [jobs]
#
# Environment:
#   BUILD=build-fuzz        where the fuzz preset was built (binaries in $BUILD/fuzz/)
#   OUT=$BUILD/fuzz-runs    results: <target>/{corpus,artifacts,logs}, summary.tsv, summary.md
#   TARGETS="fuzz_attr ..." the targets to run (default: every binary in $BUILD/fuzz/;
#                           fuzz_document is skipped when Qt Core cannot be loaded)
#   RUNS=10000000           stop a target after this many executions in total
#                           (split over the jobs); the time limit still holds
#   SHARED_ORACLE=/work/shared/oracle  extra seed attributes, if present
#   FORK=1                  libFuzzer's fork mode (-fork=jobs) with -ignore_crashes,
#                           -ignore_timeouts and -ignore_ooms: a finding is saved and
#                           fuzzing goes on (with -jobs a job ends at its first finding)
#   MAX_LEN=N               largest input (default 4096; fuzz_module 16384,
#                           fuzz_document 65536); smaller is faster for fuzz_module
#   TIMEOUT=1               seconds per input before libFuzzer calls it a hang; raise
#                           it only on a host shared with other work (a starved
#                           process looks hung), and replay any timeout-* alone
#
# Each target runs `jobs` libFuzzer processes (-jobs=J -workers=J) sharing one
# corpus directory, seeded from the tree (make_seeds.py) and from the
# regression corpus, with its dictionary, a 1 s per-input hang limit and a
# 2 GiB memory limit. A hang, crash, leak, OOM or UB report leaves a file in
# <target>/artifacts/; copy it to tests/fuzz/regressions/<target>/ once fixed.
# Needs no compiler and no Qt for the non-Qt targets: carry build-fuzz/ and
# tests/fuzz/ to the fuzzing host and run this script there.
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
SECONDS_PER_TARGET="${1:-60}"
JOBS="${2:-1}"
BUILD="${BUILD:-$ROOT/build-fuzz}"
OUT="${OUT:-$BUILD/fuzz-runs}"
RUNS="${RUNS:-10000000}"
SHARED_ORACLE="${SHARED_ORACLE:-/work/shared/oracle}"
TIMEOUT="${TIMEOUT:-1}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

if [ -z "${TARGETS:-}" ]; then
  TARGETS="$(cd "$BUILD/fuzz" 2>/dev/null && ls fuzz_* 2>/dev/null | tr '\n' ' ')"
fi
[ -n "$TARGETS" ] || { echo "error: no fuzz targets in $BUILD/fuzz (cmake --preset fuzz && cmake --build --preset fuzz)" >&2; exit 2; }

SEEDS="$OUT/seeds"
if [ ! -d "$SEEDS" ]; then
  python3 "$HERE/make_seeds.py" "$SEEDS" "$SHARED_ORACLE" >/dev/null ||
    echo "warning: make_seeds.py failed; starting from the regression corpora only" >&2
fi

max_len_of() {
  if [ -n "${MAX_LEN:-}" ]; then
    echo "$MAX_LEN"
    return
  fi
  case "$1" in
  fuzz_module) echo 16384 ;;
  fuzz_document) echo 65536 ;;
  *) echo 4096 ;;
  esac
}

printf 'target\texecutions\texec_per_s\tcoverage\tfeatures\tcorpus\tfindings\tseconds\n' >"$OUT/summary.tsv"
for t in $TARGETS; do
  bin="$BUILD/fuzz/$t"
  if [ ! -x "$bin" ]; then
    echo "skip $t: $bin not built"
    continue
  fi
  if ldd "$bin" 2>/dev/null | grep -q 'not found'; then
    echo "skip $t: a shared library it needs is missing here ($(ldd "$bin" | grep 'not found' | head -1 | xargs))"
    continue
  fi
  dir="$OUT/$t"
  mkdir -p "$dir/corpus" "$dir/artifacts" "$dir/logs"
  seeds=()
  [ -d "$SEEDS/$t" ] && seeds+=("$SEEDS/$t")
  [ -d "$HERE/regressions/$t" ] && seeds+=("$HERE/regressions/$t")
  dict=()
  [ -f "$HERE/dict/$t.dict" ] && dict=("-dict=$HERE/dict/$t.dict")
  per_job=$(((RUNS + JOBS - 1) / JOBS))
  echo "== $t: $JOBS job(s), ${SECONDS_PER_TARGET}s, up to $RUNS executions"
  start=$(date +%s)
  if [ "${FORK:-0}" = 1 ]; then
    # Fork mode: the parent runs `jobs` children at a time and prints the
    # executions of all of them as "#N" at the start of each status line.
    (cd "$dir/logs" && "$bin" "$dir/corpus" "${seeds[@]}" "${dict[@]}" -fork="$JOBS" \
      -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -max_total_time="$SECONDS_PER_TARGET" \
      -timeout="$TIMEOUT" -rss_limit_mb=2048 -malloc_limit_mb=2048 -max_len="$(max_len_of "$t")" \
      -artifact_prefix="$dir/artifacts/" >"$dir/logs/driver.log" 2>&1)
    secs=$(($(date +%s) - start))
    execs=$(grep -Eo '^#[0-9]+' "$dir/logs/driver.log" | tr -d '#' | sort -n | tail -1)
    execs=${execs:-0}
  else
    # -jobs writes fuzz-<n>.log into the working directory.
    (cd "$dir/logs" && rm -f fuzz-*.log &&
      "$bin" "$dir/corpus" "${seeds[@]}" "${dict[@]}" -jobs="$JOBS" -workers="$JOBS" \
        -runs="$per_job" -max_total_time="$SECONDS_PER_TARGET" -timeout="$TIMEOUT" -rss_limit_mb=2048 \
        -malloc_limit_mb=2048 -max_len="$(max_len_of "$t")" -print_final_stats=1 \
        -artifact_prefix="$dir/artifacts/" >"$dir/logs/driver.log" 2>&1)
    secs=$(($(date +%s) - start))
    # Executions: each job prints "stat::number_of_executed_units: N" at its end
    # (also after a finding); sum them.
    execs=$(cat "$dir/logs"/fuzz-*.log 2>/dev/null | awk '/stat::number_of_executed_units:/{s+=$2} END{print s+0}')
  fi
  # Coverage of the whole corpus the jobs built, measured once at the end.
  "$bin" "$dir/corpus" -runs=0 -max_len="$(max_len_of "$t")" >"$dir/logs/coverage.log" 2>&1
  cov=$(grep -Eo 'INITED cov: [0-9]+ ft: [0-9]+' "$dir/logs/coverage.log" | tail -1)
  edges=$(echo "$cov" | awk '{print $3}')
  feats=$(echo "$cov" | awk '{print $5}')
  corpus=$(ls "$dir/corpus" | wc -l)
  findings=$(ls "$dir/artifacts" | wc -l)
  rate=$((secs > 0 ? execs / secs : execs))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$execs" "$rate" "${edges:-?}" "${feats:-?}" \
    "$corpus" "$findings" "$secs" >>"$OUT/summary.tsv"
  # Runs into the same OUT resume from the same corpus; history.tsv keeps
  # every run, so executions add up over several shorter runs.
  printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$execs" "${edges:-?}" "$findings" \
    >>"$OUT/history.tsv"
  echo "   $execs executions, coverage ${edges:-?} edges / ${feats:-?} features, $findings finding(s)"
  ls "$dir/artifacts" | sed 's/^/   finding: /'
done

{
  echo "| target | executions | exec/s | coverage (edges) | features | corpus | findings | seconds |"
  echo "|---|---|---|---|---|---|---|---|"
  tail -n +2 "$OUT/summary.tsv" | awk -F'\t' '{printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n",$1,$2,$3,$4,$5,$6,$7,$8}'
} >"$OUT/summary.md"
cat "$OUT/summary.md"
echo "executions per target over every run into $OUT:"
awk -F'\t' '{e[$2]+=$3} END{for (t in e) printf "  %s %d\n", t, e[t]}' "$OUT/history.tsv" | sort
# Findings make the run fail, so that a scheduled run cannot hide one.
! tail -n +2 "$OUT/summary.tsv" | awk -F'\t' '$7 > 0 {exit 1}' && exit 1
exit 0
