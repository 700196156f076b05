#!/usr/bin/env python3
"""CTest side of the gluon-probe export (no GPU needed).

usage: check_probes.py CLI CASES.jsonl

For every case (mutation_cases.jsonl: every layout kind the mutation proof runs):
  export   `export --format gluon-probe` exits 0 and writes the probe;
  compile  `python3 -m py_compile` accepts it (and both corrupted copies mutation.py makes);
  shape    exactly one top-level `LAYOUT = ...` and one `EXPECTED = ...` assignment (ast);
  table    EXPECTED equals the map recomputed here from `linear --json` (the bases the oracle
           tests hold equal to Triton 3.6's), independently of the C++ that wrote it:
           distributed: element -> sorted owners block * THREADS_PER_CTA + warp * LANES + lane;
           shared: cta * SLOTS_PER_CTA + padded offset -> element, -1 elsewhere;
  mutate   the corrupted copies differ from EXPECTED in exactly the entries mutation.py says.
A tensor-memory layout must be refused with one `error: layout: ...` line and exit 2.
"""
import ast
import json
import os
import py_compile
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutation  # noqa: E402

failures = []


def check(ok, what, detail=""):
    if not ok:
        failures.append(f"{what}: {detail}"[:600])


def flat_of(coord, shape):
    f = 0
    for c, s in zip(coord, shape):
        f = f * s + c
    return f


def xor_of(bases, value, shape):
    e = 0
    for i, b in enumerate(bases):
        if (value >> i) & 1:
            e ^= flat_of(b, shape)
    return e


def constant(text, name):
    (start, end), = mutation.top_level(text, name)
    return ast.literal_eval(text[start:end])


def expected_map(case, bases, text):
    shape = bases["shape"]
    if "offset" in bases:  # shared
        pairs = [(int(a), int(b)) for a, b in re.findall(r"(\d+):\+(\d+)", case["layout"])] \
            if case["layout"].startswith("#ttg.padded_shared") else []

        def padded(off):
            return off + sum((off >> (i.bit_length() - 1)) << (p.bit_length() - 1) for i, p in pairs)
        offsets, ctas = 1 << len(bases["offset"]), 1 << len(bases.get("block", []))
        per = constant(text, "SLOTS_PER_CTA")
        want = [-1] * (per * ctas)
        for b in range(ctas):
            for o in range(offsets):
                want[b * per + padded(o)] = xor_of(bases["offset"], o, shape) ^ \
                    xor_of(bases.get("block", []), b, shape)
        return want
    n = 1
    for s in shape:
        n *= s
    lanes, warps = 1 << len(bases["lane"]), 1 << len(bases["warp"])
    ctas, regs = 1 << len(bases["block"]), 1 << len(bases["register"])
    owners = [set() for _ in range(n)]
    for b in range(ctas):
        for w in range(warps):
            for l in range(lanes):
                base = xor_of(bases["lane"], l, shape) ^ xor_of(bases["warp"], w, shape) ^ \
                    xor_of(bases["block"], b, shape)
                for r in range(regs):
                    owners[base ^ xor_of(bases["register"], r, shape)].add((b * warps + w) * lanes + l)
    return [sorted(o) for o in owners]


def main():
    cli, cases_path = sys.argv[1:3]
    cases = [json.loads(l) for l in open(cases_path) if l.strip()]
    kinds = set()
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            name = case["name"]
            path = os.path.join(tmp, name + ".py")
            p = subprocess.run([cli, "export", "--layout", case["layout"], "--shape", case["shape"],
                                "--dtype", case["dtype"], "--format", "gluon-probe", "-o", path],
                               capture_output=True, text=True)
            check(p.returncode == 0 and os.path.exists(path), f"{name}: export", p.stderr.strip())
            if p.returncode != 0:
                continue
            kinds.add(mutation.kind_of(case["layout"]).split(" ")[0])
            try:
                py_compile.compile(path, doraise=True)
            except py_compile.PyCompileError as e:
                check(False, f"{name}: py_compile", str(e))
            text = open(path).read()
            nl, ne = len(mutation.top_level(text, "LAYOUT")), len(mutation.top_level(text, "EXPECTED"))
            check((nl, ne) == (1, 1), f"{name}: one LAYOUT and one EXPECTED", f"{nl} and {ne}")
            if (nl, ne) != (1, 1):
                continue
            lin = subprocess.run([cli, "linear", "--layout", case["layout"], "--shape", case["shape"],
                                  "--dtype", case["dtype"], "--json"], capture_output=True, text=True)
            check(lin.returncode == 0, f"{name}: linear --json", lin.stderr.strip())
            if lin.returncode != 0:
                continue
            got = constant(text, "EXPECTED")
            want = expected_map(case, json.loads(lin.stdout), text)
            diff = next((i for i in range(min(len(got), len(want))) if got[i] != want[i]), None)
            check(len(got) == len(want) and diff is None, f"{name}: EXPECTED is the tool's map",
                  f"{len(got)} vs {len(want)} entries; first difference at {diff}: "
                  f"{got[diff] if diff is not None else ''} vs {want[diff] if diff is not None else ''}")
            for how in ("swap", "change"):
                bad_text, what = mutation.mutate(text, how)
                bad = constant(bad_text, "EXPECTED")
                changed = [i for i in range(len(got)) if bad[i] != got[i]]
                check(len(bad) == len(got) and len(changed) == (2 if how == "swap" else 1),
                      f"{name}: {how} mutation changes {2 if how == 'swap' else 1} entries",
                      f"{what}: changed {changed[:5]}")
                bad_path = os.path.join(tmp, f"{name}.{how}.py")
                with open(bad_path, "w") as f:
                    f.write(bad_text)
                try:
                    py_compile.compile(bad_path, doraise=True)
                except py_compile.PyCompileError as e:
                    check(False, f"{name}: py_compile ({how})", str(e))
    for k in ("blocked", "slice", "nvidia_mma", "dot_op", "linear", "swizzled_shared", "nvmma_shared",
              "padded_shared", "shared_linear", "amd_mfma", "amd_wmma", "amd_rotating_shared"):
        check(k in kinds, f"the cases cover {k}", sorted(kinds))
    p = subprocess.run([cli, "export", "--layout",
                        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>",
                        "--shape", "128x64", "--dtype", "f32", "--format", "gluon-probe"],
                       capture_output=True, text=True)
    lines = p.stderr.splitlines()
    check(p.returncode == 2 and p.stdout == "" and len(lines) == 1 and lines[0].startswith("error: layout:"),
          "tensor memory is refused", f"exit {p.returncode}: {p.stderr!r}")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(cases)} probes exported, py-compiled and checked; {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
