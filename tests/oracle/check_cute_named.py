#!/usr/bin/env python3
"""Triton 3.6's own bases (the oracle rows, single CTA) written as CuTe, read
back through the named-encoding matcher (`print --layout cute:...`), must give
an attribute whose bases (`linear --json`) are Triton's; MMA-family rows
(nvidia_mma, amd_mfma, amd_wmma and their dot operands) must never come back
as #ttg.linear. Prints a tally (row kind -> printed kind) and exits 1 on a miss.

usage: check_cute_named.py CLI FILE.jsonl [FILE.jsonl ...]
"""
import collections
import json
import subprocess
import sys


def run(cli, *args):
    r = subprocess.run([cli, *args], capture_output=True, text=True)
    return r.returncode, r.stdout.strip()


def lst(v):
    return "[" + ", ".join("[" + ", ".join(map(str, x)) + "]" for x in v) + "]"


def kind_of(attr):
    k = attr[5:attr.index("<")]
    if k in ("dot_op", "slice") and "parent = #ttg." in attr:
        k += "/" + attr.split("parent = #ttg.")[1].split("<")[0]
    return k


MMA_ROWS = ("mfma", "wmma", "mma2", "mma3", "dot_mfma", "dot_wmma", "dot_mma2", "dot_mma3")


def main():
    cli, files = sys.argv[1], sys.argv[2:]
    tally, bad, rows = collections.Counter(), [], 0
    for f in files:
        for line in open(f):
            e = json.loads(line)
            b = e.get("bases")
            if not e.get("ok") or not b or "register" not in b or b.get("block"):
                continue
            shape = "x".join(map(str, e["shape"]))
            lin = "#ttg.linear<{register = %s, lane = %s, warp = %s, block = []}>" % (
                lst(b["register"]), lst(b["lane"]), lst(b["warp"]))
            rc, cute = run(cli, "print", "--layout", lin, "--shape", shape, "--syntax", "cute")
            if rc:
                tally[(e["kind"], "no CuTe form")] += 1
                continue
            rows += 1
            tpw = str(2 ** len(b["lane"]))
            rc, attr = run(cli, "print", "--layout", "cute:" + cute, "--shape", shape,
                           "--threads-per-warp", tpw)
            if rc or not attr.startswith("#ttg."):
                bad.append((e["id"], "read back failed: " + attr))
                continue
            got = kind_of(attr)
            tally[(e["kind"], got)] += 1
            rc, js = run(cli, "linear", "--layout", attr, "--shape", shape, "--json")
            back = json.loads(js) if rc == 0 else {}
            for d in ("register", "lane", "warp"):
                if back.get(d) != b[d]:
                    bad.append((e["id"], "%s: %s bases %s, Triton %s" % (attr, d, back.get(d), b[d])))
                    break
            base_kind = e["kind"].split("_x")[0].split("_r3")[0]
            if base_kind in MMA_ROWS and got == "linear":
                bad.append((e["id"], "an MMA-family layout came back as #ttg.linear"))
    for (src, got), n in sorted(tally.items()):
        print("%5d  %-20s -> %s" % (n, src, got))
    for i, why in bad:
        print("MISS %s: %s" % (i, why))
    print("%d rows read back, %d misses" % (rows, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
