#!/usr/bin/env python3
"""Bad input never crashes, hangs or exhausts memory: every case must exit with
status 2 and print exactly one line starting with `error: ` on stderr, within
the time limit.  Valid inputs derived from the same texts must still work.

usage: robustness.py CLI
"""
import os
import random
import resource
import subprocess
import sys

CLI = sys.argv[1]
failures = []
count = 0

VALID = [
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
    "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>}>",
    "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>, kWidth = 4}>",
    "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 1], instrShape = [16, 16, 16], isTransposed = false, tilesPerWarp = [1, 2]}>",
    "#ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]], warp = [[0, 0], [0, 0]], block = []}>",
    "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>",
    "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>",
    "#ttg.shared_linear<{offset = [[0, 1], [1, 1], [2, 0], [0, 2]]}, alignment = 16>",
]


def limit():
    # 2 GiB of address space and 20 s of CPU: a runaway allocation or loop fails the case.
    # (AddressSanitizer reserves terabytes of shadow memory, so sanitizer builds skip the
    # address-space limit and rely on ASan's own allocation checks.)
    if not os.environ.get("LS_SANITIZED"):
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))


def run(args, expect_error=True, note=""):
    global count
    count += 1
    try:
        p = subprocess.run([CLI] + args, capture_output=True, text=True, timeout=30, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        failures.append(f"hang: {note or args[:3]}")
        return
    if expect_error:
        lines = p.stderr.splitlines()
        ok = p.returncode == 2 and len(lines) == 1 and lines[0].startswith("error: ")
        if not ok:
            failures.append(f"rc={p.returncode} stderr={p.stderr[:200]!r} for {note or str(args)[:200]}")
    elif p.returncode != 0:
        failures.append(f"valid input failed rc={p.returncode} {p.stderr[:200]!r} for {note or str(args)[:200]}")


def main():
    rng = random.Random(7)
    # Every truncation of every valid attribute is rejected cleanly.
    for attr in VALID:
        run(["print", "--layout", attr], expect_error=False, note="valid " + attr[:40])
        for cut in range(1, len(attr)):
            run(["print", "--layout", attr[:cut]], note=f"truncated {attr[:cut]!r}")
    # Random single-character corruptions either parse or fail cleanly.
    for attr in VALID:
        for _ in range(60):
            i = rng.randrange(len(attr))
            bad = attr[:i] + rng.choice("[]{}<>,=#:+-0x9 aZ\\\"") + attr[i + 1:]
            p = subprocess.run([CLI, "linear", "--layout", bad, "--shape", "64x64"],
                               capture_output=True, text=True, timeout=30, preexec_fn=limit)
            if p.returncode not in (0, 2) or (p.returncode == 2 and not p.stderr.startswith("error: ")):
                failures.append(f"corruption rc={p.returncode} {bad!r}")
    # Deep nesting.
    deep = "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>"
    for _ in range(2000):
        deep = "#ttg.slice<{dim = 0, parent = " + deep + "}>"
    run(["print", "--layout", deep], note="2000 nested slices")
    run(["print", "--layout", "[" * 100000], note="100000 brackets")
    run(["print", "--layout", "#ttg.linear<{register = " + "[" * 50000 + "]" * 50000 + "}>"], note="deep lists")
    # Gluon constructor text nests by recursion too (it overflowed the stack).
    run(["print", "--layout", "gl.BlockedLayout(" + "[" * 20000 + "1" + "]" * 20000 + ", [32], [4], [0])"],
        note="deep Gluon list")
    run(["print", "--layout", "gl.BlockedLayout(size_per_thread=" + "(" * 30000 + "1" + ")" * 30000 +
         ", threads_per_warp=[32], warps_per_cta=[4], order=[0])"], note="deep Gluon tuple")
    run(["print", "--layout", "gl.SliceLayout(0, " * 3000 + "gl.BlockedLayout([1], [32], [4], [0])" + ")" * 3000],
        note="deep Gluon calls")
    # Huge numbers and sizes.
    run(["print", "--layout", "#ttg.blocked<{sizePerThread = [99999999999999999999999], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"])
    run(["linear", "--layout", VALID[0], "--shape", "1073741824x1073741824"])
    run(["linear", "--layout", VALID[0], "--shape", "99999999999999999999x4"])
    run(["grid", "--layout", VALID[0], "--shape", "65536x65536"])
    run(["linear", "--layout", "#ttg.blocked<{sizePerThread = [1048576, 1048576], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>", "--shape", "1048576x1048576"],
        expect_error=False, note="2^40 elements: computed in bounded memory")
    run(["grid", "--layout", VALID[0], "--shape", "1048576x1048576"], note="grid too large to print")
    run(["linear", "--layout", "#ttg.linear<{register = [" + ", ".join(["[1, 0]"] * 40) + "], lane = [], warp = [], block = []}>", "--shape", "2x1"])
    run(["print", "--layout", "#ttg.blocked<{" + ", ".join(f"k{i} = 1" for i in range(5000)) + "}>"])
    run(["print", "--layout", "#ttg.blocked<{sizePerThread = [" + ", ".join(["1"] * 30000) + "]}>"])
    # A --threads-per-warp that is no count is its error, never quietly 32.
    for v in ("-1", "99999999999999999999", "", "abc", "0", "48"):
        run(["print", "--layout", "cute:(64,4):(1,64)", "--shape", "64x4", "--threads-per-warp", v],
            note=f"--threads-per-warp {v!r}")
    # Bad shapes.
    for shape in ["", "x", "64x", "x64", "0x64", "-4x64", "63x64", "64x64x", "abc", "4x4x4x4x4x4x4x4x4", "64,64", " 64x64"]:
        run(["linear", "--layout", VALID[0], "--shape", shape], note=f"shape {shape!r}")
    # Semantic errors name a field.
    for bad in [
        "#ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 1]}>",
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1]}>",
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 2]]}>",
        "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 1], instrShape = [64, 4, 4], isTransposed = false}>",
        "#ttg.amd_wmma<{version = 3, isTranspose = false, warpsPerCTA = [2, 1]}>",
        "#ttg.dot_op<{opIdx = 2, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}>",
        "#ttg.slice<{dim = 5, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}>",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 48, transposed = false, elementBitWidth = 16}>",
        "#ttg.linear<{register = [[1, 1]], lane = [], warp = [], block = []}>",
        "#blocked",
        "#foo.bar<{}>",
        "tensor<64x64xq7, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>",
    ]:
        run(["linear", "--layout", bad, "--shape", "64x64"], note=bad[:60])
    # Garbage bytes.
    for _ in range(200):
        junk = "".join(chr(rng.randrange(1, 0x7f)) for _ in range(rng.randrange(1, 200)))
        run(["print", "--layout", junk], note=f"junk {junk[:30]!r}")
    # Command line misuse.
    run([], note="no command")
    run(["frobnicate"])
    run(["linear"])
    run(["linear", "--layout"])
    run(["linear", "--layout", VALID[0], "--layout", VALID[0], "--shape", "64x64"])
    run(["linear", "--bogus", "1"])
    run(["print", "--layout", VALID[0], "--syntax", "2.0"])
    run(["layouts", "--file", "/nonexistent/file.mlir"])
    run(["bench", "--seconds", "-1"])
    print(f"robustness: {count} cases, {len(failures)} failures")
    for f in failures[:20]:
        print("  ", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
