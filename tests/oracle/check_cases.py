#!/usr/bin/env python3
"""Checks layout-studio-cli against reference cases computed by Triton 3.6.

usage: check_cases.py CLI FILE [--checks linear,print,banks,reject] [--show N]
Prints a count per check and kind, the first failures, and exits 1 if any failed.
"""
import argparse
import json
import sys

from oracle_common import check_file, run, shape_arg


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
    return check_file(a.file, lambda case: check(a.cli, case, checks), a.show,
                      key=lambda name, case: f"{name}/{case.get('kind')}",
                      describe=lambda case: case.get("attr") or case.get("distributed"), width=24)


if __name__ == "__main__":
    sys.exit(main())
