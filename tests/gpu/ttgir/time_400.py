#!/usr/bin/env python3
"""The 400-line files' audit beside Triton 3.6's parse + walk, interleaved (issue 14's speed figure).

    time_400.py [--runs N] [--reps R] [--pin CPU] NAME=CLI [NAME=CLI ...] -- FILE [FILE ...]

On the GPU machine's host (where `import triton` works): for each repetition and file, each CLI's
`audit --file FILE --time N` (median of N in-process read + audit runs, with the read and audit medians
and the process's first run), then Triton 3.6's `ir.parse_mlir_module` + a walk reading every op's name
and every result type (as `time_audit.sh` does): its first run after the import and the median of N.
Every process is pinned to one CPU (taskset) where taskset works. Prints one line per file and
repetition and, per file, the ratio Triton median / CLI median for each repetition.
"""
import json
import subprocess
import sys

TRITON = r'''
import sys, time
from triton._C.libtriton import ir
import triton._C.libtriton as lt
ctx = ir.context(); ir.load_dialects(ctx)
for be in ("nvidia", "amd"):
    try: getattr(lt, be).load_dialects(ctx)
    except Exception: pass
times = []
for _ in range(int(sys.argv[2])):
    t0 = time.perf_counter()
    m = ir.parse_mlir_module(sys.argv[1], ctx)
    seen = []
    def visit(op):
        seen.append(op.get_name())
        for i in range(op.get_num_results()):
            seen.append(str(op.get_result(i).get_type()))
    m.walk(visit)
    times.append(time.perf_counter() - t0)
first = times[0]
times.sort()
print(first * 1e3, times[len(times) // 2] * 1e3)
'''


def main():
    args = sys.argv[1:]
    runs, reps, pin = 101, 3, "5"
    while args and args[0].startswith("--"):
        flag, value = args[0], args[1]
        args = args[2:]
        if flag == "--runs":
            runs = int(value)
        elif flag == "--reps":
            reps = int(value)
        elif flag == "--pin":
            pin = value
    sep = args.index("--")
    clis = [a.split("=", 1) for a in args[:sep]]
    files = args[sep + 1:]
    try:
        subprocess.run(["taskset", "-c", pin, "true"], check=True, capture_output=True)
        pinned = ["taskset", "-c", pin]
    except Exception:
        pinned = []
    ratios = {}
    for rep in range(1, reps + 1):
        for path in files:
            parts = []
            medians = {}
            for name, cli in clis:
                p = subprocess.run(pinned + [cli, "audit", "--file", path, "--time", str(runs)],
                                   capture_output=True, text=True, timeout=300)
                if p.returncode:
                    parts.append(f"cli-{name}=error({p.stderr.strip()[:80]})")
                    continue
                r = json.loads(p.stdout)
                medians[name] = r["median_ms"]
                parts.append(f"cli-{name}={r['median_ms']:.3f}(r{r['read_median_ms']:.3f},"
                             f"a{r['audit_median_ms']:.3f},first{r['first_ms']:.3f})")
            p = subprocess.run(pinned + [sys.executable, "-c", TRITON, path, str(runs)],
                               capture_output=True, text=True, timeout=300)
            if p.returncode:
                parts.append(f"triton=error({p.stderr.strip()[-120:]})")
            else:
                first, median = map(float, p.stdout.split())
                parts.append(f"triton first_ms={first:.3f} median_ms={median:.3f}")
                for name, m in medians.items():
                    ratios.setdefault((path, name), []).append(median / m)
            print(f"{path.rsplit('/', 1)[-1]} rep={rep} " + " ".join(parts), flush=True)
    for (path, name), rs in ratios.items():
        print(f"ratio triton/cli-{name} {path.rsplit('/', 1)[-1]}: " +
              ", ".join(f"{r:.1f}x" for r in rs))


if __name__ == "__main__":
    main()
