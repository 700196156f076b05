#!/usr/bin/env python3
"""The audit's global vector widths against the widths Triton 3.6's code uses (CTest
gpu_vector_widths).

    python3 check_vector_widths.py CLI [results/vector_widths.jsonl]

Each line of the results (vector_widths.py on the GPU machine) holds a kernel's TTGIR and the
widths of the ld.global / st.global / cp.async instructions of its PTX. The audit of that TTGIR
must name the same set of widths per kind: tt.load -> ld, tt.store -> st, the cp.async copy -> cp.
A kernel without global loads or stores in its TTGIR (TMA only) is skipped. Prints a line per
kernel and exits 1 on any difference.
"""
import atexit, json, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
cli = sys.argv[1]
path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "results", "vector_widths.jsonl")
KIND = {"tt.load": "ld", "tt.store": "st", "ttg.async_copy_global_to_local": "cp",
        "amdg.buffer_load": "ld", "amdg.buffer_store": "st", "amdg.buffer_load_to_local": "cp"}
bad = checked = 0


def arch(r):
    return f"sm{r['arch']}" if isinstance(r["arch"], int) else str(r["arch"])


tmp = tempfile.mkdtemp()
atexit.register(shutil.rmtree, tmp, ignore_errors=True)
for line in open(path):
    r = json.loads(line)
    if "ttgir" not in r:
        continue
    f = os.path.join(tmp, "k.ttgir")
    with open(f, "w") as out:
        out.write(r["ttgir"])
    p = subprocess.run([cli, "audit", "--file", f, "--json"], capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        print(f"FAIL {r['kernel']} {arch(r)}: audit exit {p.returncode}: {p.stderr.strip()[:200]}")
        bad += 1
        continue
    ours = {"ld": set(), "st": set(), "cp": set()}
    for g in json.loads(p.stdout)["global"]:
        k = KIND.get(g["op"])
        if k:
            ours[k].add(g["vector_bits"])
    theirs = {k: {int(b) for b in v} for k, v in r["widths"].items()}
    if not any(ours.values()):
        print(f"skip {r['kernel']} {arch(r)}: no tt.load/tt.store/cp.async in its TTGIR")
        continue
    checked += 1
    diff = {k: (sorted(ours[k]), sorted(theirs.get(k, set()))) for k in ours
            if ours[k] != theirs.get(k, set())}
    if diff:
        bad += 1
        print(f"FAIL {r['kernel']} {arch(r)}: " +
              ", ".join(f"{k} audit {a} Triton {b}" for k, (a, b) in diff.items()))
    else:
        print(f"ok   {r['kernel']} {arch(r)}: " +
              ", ".join(f"{k} {sorted(v)}" for k, v in ours.items() if v))
print(f"{checked} kernels compared, {bad} differ")
sys.exit(1 if bad or checked == 0 else 0)
