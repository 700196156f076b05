#!/usr/bin/env python3
"""Checks layout-studio-cli against reference cases computed by Triton 3.6.

usage: check_cases.py CLI FILE [--checks linear,print,banks,reject] [--show N]
Prints a count per check and kind, the first failures, and exits 1 if any failed.
"""
import argparse
import json
import subprocess
import sys
from collections import Counter


def run(cli, args):
    p = subprocess.run([cli] + args, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def shape_arg(shape):
    return "x".join(str(s) for s in shape)


def check(cli, case, checks):
    results = []
    kind = case.get("kind", "?")
    if case.get("kind") == "banks":
        if "banks" in checks and case.get("ok"):
            rc, out, err = run(cli, ["banks", "--distributed", case["distributed"], "--shared",
                                     case["shared"], "--shape", shape_arg(case["shape"]),
                                     "--dtype", case["elem"], "--json"])
            ok = rc == 0 and json.loads(out).get("conflicts") == case["conflicts"]
            results.append(("banks", ok, f"rc={rc} {out[:200]} {err[:200]}"))
        return results
    if "attr" not in case:
        return results
    shape = shape_arg(case["shape"])
    if not case.get("ok"):
        if "reject" in checks:
            rc, out, err = run(cli, ["linear", "--layout", case["attr"], "--shape", shape, "--json"])
            ok = rc == 2 and err.startswith("error: ") and err.count("\n") == 1
            results.append(("reject", ok, f"rc={rc} stderr={err[:200]!r}"))
        return results
    if "linear" in checks:
        rc, out, err = run(cli, ["linear", "--layout", case["attr"], "--shape", shape, "--json"])
        ok = False
        if rc == 0:
            got = json.loads(out)
            ok = all(got.get(k, []) == v for k, v in case["bases"].items())
        results.append(("linear", ok, f"rc={rc} {err[:200]} got {out[:300]} want {case['bases']}"))
    if "print" in checks:
        rc, out, err = run(cli, ["print", "--layout", case["attr"]])
        results.append(("print", rc == 0 and out.strip() == case["attr"], f"rc={rc} {out.strip()!r} {err[:200]}"))
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("file")
    ap.add_argument("--checks", default="linear,print,reject")
    ap.add_argument("--show", type=int, default=5)
    a = ap.parse_args()
    checks = set(a.checks.split(","))
    passed, failed, shown = Counter(), Counter(), 0
    for line in open(a.file):
        if not line.strip():
            continue
        case = json.loads(line)
        for name, ok, detail in check(a.cli, case, checks):
            key = f"{name}/{case.get('kind')}"
            if ok:
                passed[key] += 1
            else:
                failed[key] += 1
                if shown < a.show:
                    shown += 1
                    print(f"FAIL {case.get('id')} [{name}] {case.get('attr') or case.get('distributed')}\n     {detail}")
    for key in sorted(set(passed) | set(failed)):
        print(f"  {key:24s} {passed[key]:5d} passed {failed[key]:5d} failed")
    total_p, total_f = sum(passed.values()), sum(failed.values())
    print(f"cases: {total_p} passed, {total_f} failed")
    if total_p == 0:
        print("no case was checked")
        return 1
    return 1 if total_f else 0


if __name__ == "__main__":
    sys.exit(main())
