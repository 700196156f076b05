#!/usr/bin/env python3
"""The convert, coalesce and sectors commands: exact JSON facts on known cases,
and bad input that always ends in one `error:` line with exit status 2, within
memory and time limits.

usage: check_convert_cli.py CLI
"""
import json
import os
import resource
import subprocess
import sys

CLI = sys.argv[1]
failures = []

LOAD = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>"
STORE = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>"
B0 = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>"
B2 = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>"
SHARED = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"


def limit():
    # 2 GiB of address space (not under AddressSanitizer, which reserves terabytes of
    # shadow memory) and 60 s of CPU: a runaway allocation or loop fails the case.
    if not os.environ.get("LS_SANITIZED"):
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))


def run(args):
    try:
        return subprocess.run([CLI] + args, capture_output=True, text=True, timeout=30, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        return None


def expect_json(args, facts, note):
    p = run(args + ["--json"])
    if p is None or p.returncode != 0:
        failures.append(f"{note}: failed {p and p.stderr[:200]!r}")
        return
    got = json.loads(p.stdout)
    for path, want in facts.items():
        v = got
        for k in path.split("."):
            v = v[int(k)] if isinstance(v, list) else v[k]
        if v != want:
            failures.append(f"{note}: {path} = {v!r}, expected {want!r}")


def expect_error(args, note):
    p = run(args)
    if p is None:
        failures.append(f"hang: {note}")
        return
    lines = p.stderr.splitlines()
    if not (p.returncode == 2 and len(lines) == 1 and lines[0].startswith("error: ")):
        failures.append(f"{note}: rc={p.returncode} stderr={p.stderr[:200]!r}")


# Known facts.
expect_json(["convert", "--from", LOAD, "--to", STORE, "--shape", "64x64"],
            {"class": "shared-memory", "trivial": False, "shared_memory.bytes": 16384,
             "shared_memory.reps": 1, "shared_memory.stores_per_thread": 32,
             "shared_memory.conflicts": {"store": 0, "load": 0}, "shuffle": None,
             "registers_by_scope.cluster": 0}, "transpose")
expect_json(["convert", "--from", B0, "--to", B2, "--shape", "16x16", "--dtype", "i32"],
            {"class": "warp-shuffle", "shuffle.shuffle_rounds": 8, "shuffle.selects": 16,
             "shuffle.method": "swap", "shared_memory": None}, "cvt_to_llvm vec")
expect_json(["convert", "--from", LOAD, "--to", LOAD, "--shape", "64x64"],
            {"class": "no-op", "trivial": True, "moved_dims": []}, "same")
expect_json(["coalesce", "--shape", "64x64", "--dtype", "f32", "--contiguity", "1,64", "--num-warps", "4"],
            {"sizePerThread": [1, 4], "threadsPerWarp": [2, 16], "warpsPerCTA": [4, 1], "order": [1, 0],
             "layout": LOAD}, "coalesce load")
expect_json(["coalesce", "--shape", "64x64", "--dtype", "f32", "--contiguity", "64,1", "--num-warps", "4"],
            {"sizePerThread": [4, 1], "threadsPerWarp": [16, 2], "warpsPerCTA": [1, 4], "order": [0, 1]},
            "coalesce store")
expect_json(["sectors", "--layout", STORE, "--shape", "64x64", "--dtype", "f32"],
            {"vector_elems": 1, "sectors": 2048, "min_sectors": 512, "instructions.0.sectors": 16,
             "instructions.0.min_sectors": 4, "detail.lanes.1.sectors": [32]}, "sectors strided")
expect_json(["sectors", "--layout", LOAD, "--shape", "64x64", "--dtype", "f32"],
            {"vector_bits": 128, "sectors": 512, "efficiency": 1.0}, "sectors coalesced")

# The machine comes from --target (any spelling), --file's ttg.target, or the
# layout: a 64-lane MFMA conversion is costed with AMD's instructions (no
# ldmatrix/stmatrix), and banks picks gfx942 for a wave64 layout.
MFMA = "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>"
B64 = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
amd = {"class": "shared-memory", "shared_memory.target": "generic",
       "shared_memory.store_instruction": "st.shared", "shared_memory.load_instruction": "ld.shared",
       "shared_memory.bytes": 8192}
expect_json(["convert", "--from", MFMA, "--to", B64, "--shape", "64x64", "--dtype", "f16"], amd,
            "wave64 without --target")
for t in ("gfx942", "hip:gfx950", "gfx90a", "generic"):
    expect_json(["convert", "--from", MFMA, "--to", B64, "--shape", "64x64", "--dtype", "f16",
                 "--target", t], amd, f"--target {t}")
expect_json(["convert", "--from", LOAD, "--to", STORE, "--shape", "64x64"],
            {"shared_memory.target": "sm90"}, "NVIDIA default stays sm90")
expect_json(["convert", "--from", LOAD, "--to", STORE, "--shape", "64x64", "--target", "cuda:80"],
            {"shared_memory.target": "sm80"}, "cuda:80 spelling")
expect_json(["banks", "--distributed", B64, "--shared",
             "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>",
             "--shape", "64x64", "--dtype", "f16"], {"target": "gfx942"}, "banks wave64 without --target")
KERNEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data", "ttgir36",
                      "matmul_gfx950.ttgir")
expect_json(["convert", "--file", KERNEL, "--from", MFMA, "--to", B64, "--shape", "64x64", "--dtype", "f16"],
            amd, "--file's hip:gfx950")
expect_error(["convert", "--from", MFMA, "--to", B64, "--shape", "64x64", "--target", "sm90"],
             "wave64 layout on an NVIDIA target")
expect_error(["convert", "--from", MFMA, "--to", B64, "--shape", "64x64", "--target", "gfx9999"],
             "unknown target")
# RDNA runs 32-lane warps in Triton: a wave64 layout is refused there, and
# the machine the cost is for is named.
expect_error(["convert", "--from", MFMA, "--to", B64, "--shape", "64x64", "--target", "gfx1200"],
             "wave64 layout on RDNA")
expect_json(["convert", "--from", MFMA, "--to", B64, "--shape", "64x64", "--dtype", "f16",
             "--target", "hip:gfx942"], {"machine": "gfx942"}, "machine named")
p = run(["convert", "--from", MFMA, "--to", B64, "--shape", "64x64", "--dtype", "f16"])
if p is None or "shared memory (f16, generic scratch instructions on gfx942)" not in p.stdout:
    failures.append(f"text names the machine: {p and p.stdout[:300]!r}")
p = run(["export", "--layout", B64, "--shape", "64x64", "--dtype", "f16", "--format", "cuda",
         "--target", "cuda:90"])
if p is None or p.returncode != 2 or p.stderr != ("error: --target: cuda:90 runs 32-lane warps; "
                                                  "the layout has 64 lanes per warp\n"):
    failures.append(f"export of a wave64 layout for cuda:90: {p and p.stderr!r}")

# Bad input.
bad = [
    (["convert", "--from", LOAD, "--shape", "64x64"], "missing --to"),
    (["convert", "--from", SHARED, "--to", LOAD, "--shape", "64x64"], "shared source"),
    (["convert", "--from", LOAD, "--to", LOAD.replace("[4, 1], order", "[8, 1], order"), "--shape", "64x64"],
     "different warps"),
    (["convert", "--from", LOAD, "--to", STORE, "--shape", "64x63"], "shape not power of two"),
    (["convert", "--from", LOAD, "--to", STORE, "--shape", "64x64", "--dtype", "f7"], "bad dtype"),
    (["convert", "--from", LOAD, "--to", STORE, "--shape", "65536x65536"], "huge shape"),
    (["convert", "--from", LOAD, "--to", STORE, "--shape", "64x64", "--moves", "--warp", "9"], "warp out of range"),
    (["convert", "--from", LOAD, "--to", STORE, "--shape", "64x64", "--moves", "--warp", "-1"], "negative warp"),
    (["convert", "--from", "tensor<64x64xf16, " + LOAD + ">", "--to", "tensor<32x64xf16, " + STORE + ">"],
     "type shapes differ"),
    (["convert", "--from", LOAD[:-3], "--to", STORE, "--shape", "64x64"], "truncated"),
    (["coalesce", "--shape", "64x64", "--dtype", "f32", "--contiguity", "64", "--num-warps", "4"], "rank"),
    (["coalesce", "--shape", "64x64", "--dtype", "f32", "--contiguity", "1,64", "--num-warps", "3"], "warps"),
    (["coalesce", "--shape", "64x64", "--dtype", "f32", "--contiguity", "1,x", "--num-warps", "4"], "junk"),
    (["coalesce", "--shape", "64x64", "--dtype", "f32", "--contiguity", "0,64", "--num-warps", "4"], "zero"),
    (["coalesce", "--shape", "64x64", "--dtype", "f32", "--contiguity", "1,64", "--num-warps", "4",
      "--divisibility", "16"], "divisibility rank"),
    (["coalesce", "--shape", "64x64", "--dtype", "f32", "--contiguity", "1,64", "--num-warps",
      "99999999999"], "huge warps"),
    (["coalesce", "--shape", "64x64", "--dtype", "f32", "--contiguity", "1,64", "--num-warps", "4",
      "--threads-per-warp", "48"], "lanes"),
    (["sectors", "--layout", LOAD, "--shape", "64x64"], "sectors without dtype"),
    (["sectors", "--layout", LOAD, "--shape", "64x64", "--dtype", "f32", "--strides", "1"], "strides rank"),
    (["sectors", "--layout", LOAD, "--shape", "64x64", "--dtype", "f32", "--strides", "1099511627775,1"],
     "strides overflow"),
    (["sectors", "--layout", LOAD, "--shape", "1048576x1024", "--dtype", "f32"], "too many registers"),
    (["sectors", "--layout", LOAD, "--shape", "64x64", "--dtype", "f32", "--warp", "4"], "warp range"),
    (["sectors", "--layout", LOAD, "--shape", "64x64", "--dtype", "f32", "--instruction", "8"], "instr range"),
    (["sectors", "--layout", SHARED, "--shape", "64x64", "--dtype", "f16"], "shared layout"),
]
for args, note in bad:
    expect_error(args, note)

# Large but valid inputs finish.
for args in (["convert", "--from", LOAD, "--to", STORE, "--shape", "4096x4096"],
             ["convert", "--from", LOAD, "--to", STORE, "--shape", "4096x4096", "--dtype", "i1"],
             ["coalesce", "--shape", "1073741824x1024", "--dtype", "i1", "--contiguity", "1,1024",
              "--num-warps", "1024", "--threads-per-warp", "1024"]):
    p = run(args)
    if p is None or p.returncode != 0:
        failures.append(f"valid large input failed: {args[:6]} {p and p.stderr[:200]!r}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"{7 + 10 + 2 + len(bad) + 3} checks passed")
