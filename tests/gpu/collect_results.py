#!/usr/bin/env python3
"""Files the GPU run's output into the repository.

usage: collect_results.py DIR

DIR is where the device machine's $OUT landed (exports_table.md,
exports_results.json, exports_gpu.txt).  Checks that the files are complete,
copies them to tests/gpu/results/, and prints the summary line, so that the
table committed is exactly the one the GPU produced.
"""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    src = sys.argv[1]
    table = os.path.join(src, "exports_table.md")
    results = os.path.join(src, "exports_results.json")
    for path in (table, results):
        if not os.path.exists(path):
            print(f"error: {path} is missing; did run_exports.sh finish?", file=sys.stderr)
            return 2
    data = json.load(open(results))
    cases = data.get("cases", [])
    if not cases or data.get("triton") in (None, "mock-3.6"):
        print("error: the results hold no cases or did not come from a real Triton",
              file=sys.stderr)
        return 2
    dest = os.path.join(HERE, "results")
    os.makedirs(dest, exist_ok=True)
    for name in ("exports_table.md", "exports_results.json", "exports_gpu.txt"):
        if os.path.exists(os.path.join(src, name)):
            shutil.copyfile(os.path.join(src, name), os.path.join(dest, name))
    cols = ("parse", "compile", "gluon")
    for col in cols:
        ok = sum(1 for c in cases if c.get(col) == "PASS")
        na = sum(1 for c in cases if c.get(col) == "n/a")
        print(f"{col:8s} {ok}/{len(cases) - na} PASS")
    print(f"copied to {os.path.relpath(dest)}/; commit tests/gpu/results/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
