#!/usr/bin/env bash
# Times the kernel audit against Triton 3.6 parsing and walking the same
# TTGIR files, on the GPU machine's host (issue 14: at least 10x faster).
#
#   tests/gpu/ttgir/time_audit.sh [CLI] [OUT]
#
# CLI defaults to build/bin/layout-studio-cli, OUT to $OUT or ./time_audit.
# For each file of tests/data/ttgir36: our median of RUNS (default 41)
# in-process read+audit runs (`audit --time RUNS`), and Triton's median of RUNS
# parse_mlir_module + walk reading every result type - both pinned to one CPU
# (taskset -c ${PIN:-2}, where taskset works) - measured again here if
# `import triton` works (each file in its own subprocess, 120 s timeout),
# else taken from triton_reading.jsonl (recorded on this host). Writes
# OUT/time_audit.jsonl and OUT/time_audit.txt (table + the overall ratio).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
CLI="${1:-$ROOT/build/bin/layout-studio-cli}"
OUTDIR="${2:-${OUT:-$PWD/time_audit}}"
mkdir -p "$OUTDIR"
exec python3 - "$CLI" "$ROOT/tests/data/ttgir36" "$OUTDIR" "${RUNS:-41}" "${PIN:-2}" "$HERE" <<'PY'
import json, os, statistics, subprocess, sys, time
cli, corpus, out, runs, pin, here = sys.argv[1:7]
try:
    subprocess.run(["taskset", "-c", pin, "true"], check=True, capture_output=True)
    PINNED = ["taskset", "-c", pin]
except Exception:
    PINNED = []
recorded = {}
with open(os.path.join(corpus, "triton_reading.jsonl")) as f:
    for line in f:
        if line.strip():
            r = json.loads(line)
            recorded[r["file"]] = r

sys.path.insert(0, here)
from time_400 import TRITON  # Triton's parse + walk, timed (prints its first run and median in ms)
try:
    subprocess.run([sys.executable, "-c", "import triton"], check=True, timeout=120,
                   capture_output=True)
    have_triton = True
except Exception:
    have_triton = False

rows = []
for name in sorted(recorded):
    path = os.path.join(corpus, name)
    row = {"file": name, "lines": recorded[name]["lines"]}
    try:
        p = subprocess.run(PINNED + [cli, "audit", "--file", path, "--time", runs],
                           capture_output=True, text=True, timeout=120)
        row["audit_ms"] = json.loads(p.stdout)["median_ms"] if p.returncode == 0 else None
        if p.returncode:
            row["audit_error"] = p.stderr.strip()
    except Exception as e:
        row["audit_ms"], row["audit_error"] = None, repr(e)
    row["triton_ms_recorded"] = recorded[name]["triton_parse_walk_median_s"] * 1e3
    if have_triton:
        try:
            p = subprocess.run(PINNED + [sys.executable, "-c", TRITON, path, runs],
                               capture_output=True, text=True, timeout=120)
            row["triton_ms"] = float(p.stdout.split()[1])
        except Exception as e:
            row["triton_error"] = repr(e)
    t = row.get("triton_ms", row["triton_ms_recorded"])
    row["ratio"] = t / row["audit_ms"] if row.get("audit_ms") else None
    rows.append(row)
    print(json.dumps(row), flush=True)

with open(os.path.join(out, "time_audit.jsonl"), "w") as f:
    for r in rows:
        f.write(json.dumps(r) + "\n")
ok = [r for r in rows if r["ratio"]]
lines = [f"{'file':32} {'lines':>5} {'audit ms':>9} {'triton ms':>9} {'ratio':>7}"]
for r in rows:
    t = r.get("triton_ms", r["triton_ms_recorded"])
    a = r.get("audit_ms")
    lines.append(f"{r['file']:32} {r['lines']:5d} {a if a is None else round(a, 3)!s:>9} "
                 f"{t:9.3f} {r['ratio'] and round(r['ratio'], 1)!s:>7}")
ratios = [r["ratio"] for r in ok]
big = [r for r in ok if r["lines"] >= 300]
lines.append(f"triton measured here: {have_triton}; files audited: {len(ok)}/{len(rows)}; "
             f"median of {runs} runs each; pinned: {' '.join(PINNED) or 'no'}")
if ratios:
    lines.append(f"ratio triton/audit: median {statistics.median(ratios):.1f}x, min {min(ratios):.1f}x")
if big:
    lines.append("files >= 300 lines: " + ", ".join(
        f"{r['file']} {r['audit_ms']:.2f} ms vs {r.get('triton_ms', r['triton_ms_recorded']):.2f} ms "
        f"({r['ratio']:.1f}x)" for r in big))
text = "\n".join(lines) + "\n"
open(os.path.join(out, "time_audit.txt"), "w").write(text)
print(text)
PY
