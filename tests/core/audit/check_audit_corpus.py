#!/usr/bin/env python3
"""The audit of 72 real TTGIR files Triton 3.6 wrote, against Triton's own reading of them.

    python3 check_audit_corpus.py CLI tests/data/ttgir36

For every file: `audit --file F --json` must succeed with the module's own target (no flag; the gfx942 and
gfx950 files have 64 lanes per warp); every tensor type Triton reports must be among the audit's tensors with
Triton's bases and Triton's count of op results; every local access Triton counted (local_load, local_store,
local_alloc with a value) must appear with Triton's bank_conflicts (matched by op, tensor type and memdesc
type); every ttg.convert_layout gets a class. Prints 'N passed, M failed'.
"""
import collections, json, os, re, subprocess, sys

cli, root = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


for line in open(os.path.join(root, "triton_reading.jsonl")):
    rec = json.loads(line)
    path = os.path.join(root, rec["file"])
    p = subprocess.run([cli, "audit", "--file", path, "--json"], capture_output=True, text=True)
    check(p.returncode == 0, f"{rec['file']}: audit exit {p.returncode}: {p.stderr.strip()[:300]}")
    if p.returncode != 0:
        continue
    a = json.loads(p.stdout)
    ours = {t["type"]: t for t in a["tensors"]}
    # CDNA (gfx9xx) runs wave64; RDNA (gfx1xxx) and NVIDIA run 32 lanes.
    lanes = 64 if re.search(r"_gfx9\d", rec["file"]) else 32
    check(a["threads_per_warp"] == lanes, f"{rec['file']}: threads_per_warp {a['threads_per_warp']}")
    for ty, v in rec["values"].items():
        if "bases" not in v:
            continue
        t = ours.get(ty)
        if t is None:
            check(False, f"{rec['file']}: type missing from the audit: {ty[:160]}")
            continue
        lin = t.get("linear") or {}
        same = all(lin.get(k2, []) == v["bases"].get(k1, [])
                   for k1, k2 in (("reg", "register"), ("lane", "lane"), ("warp", "warp"), ("block", "block")))
        check(same, f"{rec['file']}: bases differ for {ty[:160]}")
        check(t["count"] == v["count"], f"{rec['file']}: count {t['count']} != Triton's {v['count']} for {ty[:120]}")
    want = collections.Counter()
    for acc in rec["accesses"]:
        if "conflicts" in acc:
            want[(acc["op"], acc["tensor"], acc["memdesc"], acc["conflicts"])] += 1
    got = collections.Counter()
    for s in a["shared"]:
        if s["op"] in ("ttg.local_load", "ttg.local_store", "ttg.local_alloc") and s["tensor"]:
            got[(s["op"], s["tensor"], s["memdesc"], s["conflicts"])] += 1
    for k, n in want.items():
        check(got[k] >= n, f"{rec['file']}: Triton's access {k[0]} {k[1][:80]} conflicts {k[3]} x{n}, ours x{got[k]}: "
                           + str([g for g in got if g[0] == k[0] and g[1] == k[1]][:2]))
    for c in a["converts"]:
        check(c["class"] in ("no-op", "register-permutation", "warp-shuffle", "shared-memory", "across-ctas"),
              f"{rec['file']}: line {c['line']} class {c['class']}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
