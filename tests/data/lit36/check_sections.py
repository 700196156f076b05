#!/usr/bin/env python3
"""Whole lit sections through the module reader (not in CTest: the sections are Triton's text, not kept here).

    python3 extract_lit.py TRITON_GIT 004d7f5f... /tmp/lit --sections /tmp/sections.jsonl
    python3 check_sections.py CLI /tmp/sections.jsonl tests/data/lit36/lit36_sections.jsonl

Each section goes through `layouts --file`; a section "reads clean" when it exits 0 with nothing on stderr.
Prints the counts against Triton 3.6's verdict per section and every section Triton accepts that does not
read clean; exits 1 if there is one.
"""
import atexit, collections, json, os, shutil, subprocess, sys, tempfile

cli, secs_path, tri_path = sys.argv[1:4]
tri = {json.loads(l)["where"]: json.loads(l)["accepted"] for l in open(tri_path)}
tmp = tempfile.mkdtemp()
atexit.register(shutil.rmtree, tmp, ignore_errors=True)
counts, bad = collections.Counter(), []
for i, s in enumerate(json.loads(l) for l in open(secs_path)):
    p = os.path.join(tmp, f"s{i}.mlir")
    open(p, "w").write(s["text"])
    r = subprocess.run([cli, "layouts", "--file", p], capture_output=True, text=True)
    clean = r.returncode == 0 and not r.stderr.strip()
    counts[(tri.get(s["where"]), clean)] += 1
    if tri.get(s["where"]) and not clean:
        bad.append(f"{s['where']}: {r.stderr.strip().splitlines()[0][:200]}")
acc = sum(v for (t, _), v in counts.items() if t)
print(f"{sum(counts.values())} sections; Triton 3.6 accepts {acc}, of which {counts[(True, True)]} read clean; "
      f"of the {sum(counts.values()) - acc} it rejects, {counts[(False, False)]} get a diagnostic here")
for b in bad:
    print("NOT CLEAN", b)
sys.exit(1 if bad else 0)
