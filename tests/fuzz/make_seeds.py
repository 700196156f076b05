#!/usr/bin/env python3
"""Builds the seed corpus of every fuzz target from what the tree already holds.

  make_seeds.py OUT_DIR [SHARED_ORACLE_DIR]

OUT_DIR/<target>/ receives one file per distinct input:
  fuzz_attr       every "attr", "type", "memdesc", "repr"/"layout_repr" (Gluon
                  constructor text) and "printed" of the oracle JSONL files
                  (tests/oracle/data, /work/shared/oracle), and the `#x = ...`
                  alias definitions of the real TTGIR corpus;
  fuzz_module     the 72 TTGIR files Triton 3.6 wrote (tests/data/ttgir36) and
                  the .mlir files under tests/core/*/data;
  fuzz_cli_values shapes, lists, bases, counts, dtypes and targets, each
                  prefixed by the selector byte fuzz_cli_values.cpp reads;
  fuzz_document   the example documents (resources/examples/*.lstudio).
Seeds are capped per target so a first run starts in seconds; libFuzzer's
-merge keeps only the ones that add coverage anyway.
"""
import glob
import hashlib
import json
import os
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_PER_TARGET = 4000


def write(out, target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    path = os.path.join(d, name)
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(data)


def attr_seeds(shared):
    files = glob.glob(os.path.join(ROOT, "tests/oracle/data/*.jsonl"))
    if shared:
        files += glob.glob(os.path.join(shared, "*.jsonl"))
    seen = set()
    for path in sorted(files):
        with open(path) as f:
            for line in f:
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                for key in ("attr", "type", "memdesc", "repr", "layout_repr", "expr", "printed"):
                    v = rec.get(key)
                    if isinstance(v, str) and v and v not in seen:
                        seen.add(v)
                        yield v
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/data/ttgir36/*.ttgir"))):
        with open(path) as f:
            for line in f:
                m = re.match(r"#\w+ = (.*)$", line.strip())
                if m and m.group(1) not in seen:
                    seen.add(m.group(1))
                    yield m.group(1)


# CuTe thread-value layouts (docs/notation.md, CUTLASS's MMA traits), each
# with the context line fuzz_attr.cpp reads as --shape / --threads-per-warp.
CUTE_SEEDS = [
    "shape=16x8\ncute:((4,8),(2,2)):((32,1),(16,8))",
    "shape=16x16\ncute:((4,8),(2,2,2)):((32,1),(16,8,128))",
    "shape=256 tpw=64\ncute:(256,1):(1,0)",
    "shape=128\ncute:(32,4):(1,32)",
    "shape=64x64\ncute:((32,4),(8,4)):((8,256),(1,1024))",
    "shape=16x16\ncute:((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))",
    "shape=32x32 tpw=64\ncute:((64),(16)):((16),(1))",
    "shape=16x8\ncute:((4,8),2):((32,1),16)",
    "shape=8x8\ncute:(32,(2)):(2,(1))",
    "shape=16x8\ncute:Swizzle<3,4,3> o (8,64):(64,1)",
    "cute:((4,8),(2,2)):((32,1),(16,8))",
]


def cli_seeds():
    values = {
        0: ["64x64", "1x128x256", "8", "0x4", "64x", "x64", "4294967296x2", "1x1x1x1x1x1x1x1x1"],
        1: ["1,64", "8", "1,2,3,4,5,6,7,8", "0", "-1", "1,,2", "1099511627776"],
        2: ["1,0", "0,1,2", "2,1,0,3"],
        3: ["[[0, 1], [1, 0]]", "[]", "[[0,1]]", "[[1]]", "[[0, 1], [1,", "[[-1, 2]]"],
        4: ["4", "128", "0", "1000000", "-4", "0x10"],
        5: ["f16", "bf16", "f32", "f8", "f8E4M3FN", "f8E5M2", "i1", "i8", "i32", "f64", "f4E2M1FN"],
        6: ["cuda:90", "cuda:80", "cuda:100", "hip:gfx942", "hip:gfx950", "hip:gfx1200", "hip:gfx1100"],
    }
    for sel, vs in values.items():
        for v in vs:
            yield bytes([sel]) + v.encode()


def main():
    out = sys.argv[1]
    shared = sys.argv[2] if len(sys.argv) > 2 else None
    attrs = list(attr_seeds(shared))
    # A fixed sample across every file and kind, not the first file's head.
    if len(attrs) > MAX_PER_TARGET:
        attrs = random.Random(7).sample(attrs, MAX_PER_TARGET)
    for v in attrs + CUTE_SEEDS:
        write(out, "fuzz_attr", v)
    mods = sorted(glob.glob(os.path.join(ROOT, "tests/data/ttgir36/*.ttgir")))
    mods += sorted(glob.glob(os.path.join(ROOT, "tests/core/*/data/*.mlir")))
    mods += sorted(glob.glob(os.path.join(ROOT, "tests/core/*/*/data/*.mlir")))
    for p in mods:
        with open(p, "rb") as f:
            write(out, "fuzz_module", f.read())
    for v in cli_seeds():
        write(out, "fuzz_cli_values", v)
    for p in sorted(glob.glob(os.path.join(ROOT, "resources/examples/*.lstudio"))):
        with open(p, "rb") as f:
            write(out, "fuzz_document", f.read())
    for t in ("fuzz_attr", "fuzz_module", "fuzz_cli_values", "fuzz_document"):
        n = len(os.listdir(os.path.join(out, t)))
        print(f"{t}: {n} seeds")


if __name__ == "__main__":
    main()
