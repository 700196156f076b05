#!/usr/bin/env python3
"""Warnings and --syntax main, exactly: what Triton 3.6 accepts oddly is read as Triton reads it with one
`warning: <field>: ...` line (exit 0); Triton main's spellings read with main's meaning, printed back with
--syntax main, and an `error:` line when a layout has no 3.6 spelling. The layouts' bases are checked
against the 3.6 spelling they equal.

usage: check_syntax_cli.py CLI
"""
import json, subprocess, sys

CLI = sys.argv[1]
failures, count = [], 0


def run(*args):
    p = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    global count
    count += 1
    if not cond:
        failures.append(what)


def prints(layout, out, warning=None, extra=()):
    rc, o, e = run("print", "--layout", layout, *extra)
    check(rc == 0 and o == out + "\n", f"print {layout[:70]}: rc {rc} {o!r} {e!r}")
    want = "" if warning is None else warning + "\n"
    check(e == want, f"print {layout[:70]}: stderr {e!r}, expected {want!r}")


def refuses(layout, needle, extra=()):
    rc, o, e = run("print", "--layout", layout, *extra)
    lines = e.strip().split("\n")
    check(rc == 2 and o == "" and len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0],
          f"print {layout[:70]} should be refused with {needle!r}: rc {rc} {e!r}")


WMMA36 = "#ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [2, 2]}>"
WMMA_MAIN = "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}}>"
CTA_WARN = ("warning: ctaLayout: Triton main's amd_wmma spelling; Triton 3.6 ignores ctaLayout and reads "
            "warpsPerCTA = [] (`print` gives the 3.6 spelling when there is one)")
# Warnings: Triton 3.6's odd acceptances.
prints("#ttg.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>",
       "#ttg.amd_mfma<{version = 0, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>",
       "warning: version: missing; Triton 3.6 reads version = 0 (no MFMA generation: give version = 1..4 for "
       "CDNA1..CDNA4)")
prints("#ttg.amd_mfma<{versionMajor = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>",
       "#ttg.amd_mfma<{version = 0, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>",
       "warning: versionMajor: Triton 3.6 ignores versionMajor in #ttg.amd_mfma and reads version = 0 "
       "(write version = N)")
prints("#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 2], "
       "[0, 4]], block = [], order = [1, 0]}>",
       "#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 2], "
       "[0, 4]], block = []}>", "warning: order: not a field of #ttg.linear; Triton 3.6 ignores it")
prints("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [2, 1], "
       "CTASplitNum = [2, 1], CTAOrder = [1, 0], instrShape = [16, 8]}>",
       "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>",
       "warning: CTAsPerCGA: Triton 3.6 ignores the CTAsPerCGA/CTASplitNum/CTAOrder triple under #ttg. and "
       "reads one CTA (write CGALayout = [[...]])")
refuses("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], "
        "CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>", "CTAsPerCGA: unexpected key")
# A warning is not said when the command fails: one error line.
rc, o, e = run("linear", "--layout", "#ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [4, 1], "
               "instrShape = [16, 8]}>", "--shape", "64x64")
check(rc == 2 and e.count("\n") == 1 and e.startswith("error: versionMajor"), f"mma v1 linear: {rc} {e!r}")
# --syntax main: WMMA ctaLayout both ways, and the same bases.
prints(WMMA36, WMMA_MAIN[:-2] + "}>", extra=("--syntax", "main"))
prints(WMMA_MAIN, WMMA36, CTA_WARN)
prints(WMMA_MAIN, WMMA_MAIN, CTA_WARN, extra=("--syntax", "main"))
a = run("linear", "--layout", WMMA36, "--shape", "64x64", "--json")
b = run("linear", "--layout", WMMA_MAIN, "--shape", "64x64", "--json")
check(a[0] == 0 and a[1] == b[1], "wmma: main ctaLayout grid has the 3.6 layout's bases")
tiles36 = "#ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [1, 2], tilesPerWarp = [1, 2]}>"
tiles_main = "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {register = [[0, 1]], warp = [[0, 2]]}}>"
prints(tiles36, tiles_main, extra=("--syntax", "main"))
check(run("linear", "--layout", tiles36, "--shape", "32x64", "--json")[1] ==
      run("linear", "--layout", tiles_main, "--shape", "32x64", "--json")[1], "wmma tiles along N: same bases")
refuses("#ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [1, 2], tilesPerWarp = [2, 1]}>",
        "has no Triton main spelling", extra=("--syntax", "main"))
swz = "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[1, 0], [0, 1]]}}>"
refuses(swz, "has no Triton 3.6 spelling")
prints(swz, swz, CTA_WARN, extra=("--syntax", "main"))
rc, o, e = run("linear", "--layout", swz, "--shape", "32x32", "--json")
check(rc == 0 and json.loads(o)["warp"] == [[16, 0], [0, 16]] and json.loads(o)["lane"][4] == [0, 8],
      f"wmma main ctaLayout, warps along M first: {o!r}")
# generic_linear
G = ("#ttg.generic_linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], "
     "warp = [[0, 2], [32, 2]], block = []}>")
G_WARN = ("warning: #ttg.generic_linear: Triton main's layout; Triton 3.6 does not have it (`print` gives its "
          "#ttg.linear spelling when it has one)")
refuses(G, "generic_linear: has no Triton 3.6 spelling: its warp basis [32, 2] moves along several dims")
prints(G, G, G_WARN, extra=("--syntax", "main"))
rc, o, e = run("linear", "--layout", G, "--shape", "64x4", "--json")
check(rc == 0 and json.loads(o)["warp"] == [[0, 2], [32, 2]], f"generic_linear bases: {o!r}")
plain = G.replace("[32, 2]", "[32, 0]")
prints(plain, plain.replace("#ttg.generic_linear", "#ttg.linear"), G_WARN)
refuses(G.replace("generic_linear", "linear"), "moves along more than one dimension")
# partitioned_shared (Triton main): read with main's meaning, printed with --syntax main only.
SW1 = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"
P = ("#ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = " + SW1 +
     "}>")
P_REFUSED = ("error: #ttg.partitioned_shared: Triton main's partitioned shared layout (pieces of a tensor in "
             "separate buffers) has no Triton 3.6 spelling; print it with --syntax main\n")
rc, o, e = run("print", "--layout", P)
check(rc == 2 and o == "" and e == P_REFUSED, f"partitioned_shared in 3.6 syntax: {rc} {e!r}")
prints(P, P, extra=("--syntax", "main"))
# any key order and spacing -> main's canonical text
prints("#ttg.partitioned_shared<{partitionLayout=#ttg.swizzled_shared<{order=[1,0],vec=1,perPhase=1,maxPhase=1}>,"
       "partitionDim=0,numGroups=4,numPartitions=2}>", P, extra=("--syntax", "main"))
# Bases worked by hand from Triton main's definition (piece layout * partition * groups along offset).
# [128, 32], 2 partitions x 4 groups along dim0: pieces [16, 32], identity inside (dim1 fastest).
rc, o, e = run("linear", "--layout", P, "--shape", "128x32", "--json")
j = json.loads(o) if rc == 0 else {}
check(rc == 0 and e == "" and j.get("offset") == [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0],
                                                  [8, 0], [32, 0], [64, 0]]
      and j.get("partition") == [[16, 0]] and j.get("block") == [], f"partitioned 2x4 dim0 bases: {rc} {o!r} {e!r}")
# [4, 64], 4 partitions x 2 groups along dim1, swizzled piece (vec 2, maxPhase 4) of shape [4, 8].
P2 = ("#ttg.partitioned_shared<{numPartitions = 4, numGroups = 2, partitionDim = 1, partitionLayout = "
      "#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>}>")
rc, o, e = run("linear", "--layout", P2, "--shape", "4x64", "--json")
j = json.loads(o) if rc == 0 else {}
check(rc == 0 and j.get("offset") == [[0, 1], [0, 2], [0, 4], [1, 2], [2, 4], [0, 32]]
      and j.get("partition") == [[0, 8], [0, 16]], f"partitioned 4x2 dim1 swizzled bases: {rc} {o!r} {e!r}")
# a padded piece layout: its linear component (Triton main's paddedLinearLayout)
P3 = ("#ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = "
      "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16, 32]}>}>")
prints(P3, P3, extra=("--syntax", "main"))
rc, o, e = run("linear", "--layout", P3, "--shape", "64x32", "--json")
j = json.loads(o) if rc == 0 else {}
check(rc == 0 and j.get("offset") == [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0],
                                      [32, 0]]
      and j.get("partition") == [[16, 0]], f"partitioned padded piece bases: {rc} {o!r} {e!r}")
# Triton main's parser and verifier rules
refuses(P.replace("numPartitions = 2", "numPartitions = 1"), "numPartitions: must be a power of 2 and at least 2",
        extra=("--syntax", "main"))
refuses(P.replace("numGroups = 4", "numGroups = 3"), "numGroups: must be a power of 2 and greater than 0",
        extra=("--syntax", "main"))
refuses(P.replace("partitionDim = 0", "partitionDim = 2"), "partitionDim: (2) must be less than the layout rank (2)",
        extra=("--syntax", "main"))
refuses(P.replace("numGroups = 4,", "numGroups = 4, rank = 2,"), "rank: unknown field of #ttg.partitioned_shared",
        extra=("--syntax", "main"))
refuses("#ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0}>",
        "partitionLayout: is missing", extra=("--syntax", "main"))
refuses(P.replace(SW1, "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
                       "order = [1, 0]}>"), "partitionLayout: must be a shared layout", extra=("--syntax", "main"))
rc, o, e = run("linear", "--layout", P, "--shape", "4x32")
check(rc == 2 and e.startswith("error: shape: dimension 0 (4) must hold numPartitions * numGroups = 8 pieces"),
      f"partitioned shape too small: {rc} {e!r}")
# A TTGIR file: partitioned_shared listed with --syntax main, left out (and said) in 3.6 text; what Triton 3.6
# reads oddly in the file's aliases is a warning on stderr (exit 0), also for audit.
import os, tempfile
MFMA_ODD = "#ttg.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>"
MFMA_36 = "#ttg.amd_mfma<{version = 0, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>"
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "k.mlir")
    with open(path, "w") as f:
        f.write("#inner = " + SW1 + "\n#partitioned = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, "
                "partitionDim = 0, partitionLayout = #inner}>\n#mfma = " + MFMA_ODD + "\n#smem = #ttg.shared_memory\n"
                'module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {\n'
                "  tt.func @f(%a: tensor<64x64xf32, #mfma>) {\n"
                "    %0 = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #partitioned, #smem, mutable>\n"
                "    tt.return\n  }\n}\n")
    W_MFMA = (f"warning: {path}:3:1: #mfma: version: missing; Triton 3.6 reads version = 0 (no MFMA generation: "
              "give version = 1..4 for CDNA1..CDNA4)\n")
    rc, o, e = run("layouts", "--file", path)
    check(rc == 0 and o == "#inner = " + SW1 + "\n#mfma = " + MFMA_36 + "  // lines 6\n"
          and e == W_MFMA + f"warning: {path}:2: #partitioned: " + P_REFUSED[len("error: "):-1] + " (not listed)\n",
          f"layouts --file, 3.6: {rc} {o!r} {e!r}")
    rc, o, e = run("layouts", "--file", path, "--syntax", "main")
    check(rc == 0 and o == "#inner = " + SW1 + "\n#partitioned = " + P.replace("numGroups = 4", "numGroups = 2")
          + "  // lines 7\n#mfma = " + MFMA_36 + "  // lines 6\n" and e == W_MFMA,
          f"layouts --file --syntax main: {rc} {o!r} {e!r}")
    rc, o, e = run("layouts", "--file", path, "--json", "--syntax", "main")
    j = json.loads(o) if rc == 0 else []
    check(rc == 0 and j[1]["alias"] == "#partitioned" and j[1]["uses"][0]["linear"]["partition"] == [[16, 0]]
          and j[1]["uses"][0]["linear"]["offset"][-1] == [32, 0], f"layouts --json partitioned: {rc} {o[:300]!r}")
    rc, o, e = run("audit", "--file", path)
    check(rc == 0 and e == W_MFMA, f"audit: warnings are not fatal: {rc} {e!r}")
    # the warning comes once, with the layout flag's own (not the file's as well)
    rc, o, e = run("print", "--file", path, "--layout", "#mfma")
    check(rc == 0 and o == MFMA_36 + "\n" and e == "warning: version: missing; Triton 3.6 reads version = 0 (no MFMA "
          "generation: give version = 1..4 for CDNA1..CDNA4)\n", f"print #mfma from the file: {rc} {o!r} {e!r}")
rc, o, e = run("print", "--layout", WMMA36, "--syntax", "next")
check(rc == 2 and e == "error: --syntax: must be 3.6, legacy, main, gluon, gluon-repr or cute, got 'next'\n",
      f"--syntax next: {e!r}")
# Other commands print attribute text only: their list is the three syntaxes.
rc, o, e = run("layouts", "--file", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data",
                                                 "ttgir36", "softmax_sm90.ttgir"), "--syntax", "gluon")
check(rc == 2 and "must be 3.6, legacy or main" in e, f"layouts --syntax gluon: {rc} {e!r}")
# A directory is not a file.
rc, o, e = run("audit", "--file", os.path.dirname(os.path.abspath(__file__)))
check(rc == 2 and e.startswith("error: --file: ") and e.rstrip().endswith("is a directory, not a file"),
      f"directory as --file: {e!r}")

# CuTe text as `print --syntax cute` writes it (no `cute:` prefix) reads back.
BLK = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>"
rc, cute_text, e = run("print", "--layout", BLK, "--shape", "16x64", "--syntax", "cute")
check(rc == 0 and cute_text == "((16,8),(4,2)):((64,1),(16,8))\n", f"blocked as CuTe: {cute_text!r} {e!r}")
prints(cute_text.strip(), BLK, extra=("--shape", "16x64"))
prints("Swizzle<3,3,3> o (128,64):(64,1)",
       "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>")
# A batched (rank-3) amd_wmma, as batched_dot_gfx1100 has it, through Triton main's ctaLayout
# spelling and back: the rank is the bases' length (was: refused, "every basis must have 2 entries").
WM = "#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2, 1], tilesPerWarp = [1, 1, 2]}>"
rc, main_text, e = run("print", "--layout", WM, "--syntax", "main")
check(rc == 0 and main_text == "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {register = "
      "[[0, 0, 1]], warp = [[0, 1, 0], [1, 0, 0]]}}>\n", f"rank-3 wmma in main: {main_text!r} {e!r}")
prints(main_text.strip(), WM, warning="warning: ctaLayout: Triton main's amd_wmma spelling; Triton 3.6 ignores "
       "ctaLayout and reads warpsPerCTA = [] (`print` gives the 3.6 spelling when there is one)")
# Operand B in CuTe is CUTLASS's BLayout over (N, K): said, since it does not read back as the K x N tile.
DOTB = ("#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
        "warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 2}>")
prints(DOTB, "((4,8),(2,2)):((16,1),(8,64))", extra=("--shape", "16x8", "--syntax", "cute"),
       warning="warning: --syntax cute: operand B is written as CUTLASS's BLayout, over the (N, K) tile "
       "(8x16, the transpose of Triton's 16x8); read back with --shape 16x8 it is another layout")
# What the legacy text cannot carry is said (the bases stay, the attribute would not round-trip).
prints("#ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [32, 32, 16], isTransposed = true}>",
       "#triton_gpu.amd_mfma<{versionMajor = 4, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [32, 32], "
       "isTransposed = true, CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>",
       warning="warning: --syntax legacy: instrShape: older Triton writes [M, N] only; read back, K is 8, "
       "not 16 (the same bases)", extra=("--syntax", "legacy"))
prints("#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8}>",
       "#triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CTAsPerCGA = [1, 1], "
       "CTASplitNum = [1, 1], CTAOrder = [1, 0], hasLeadingOffset = true}>",
       warning="warning: --syntax legacy: elementBitWidth: older Triton's unswizzled shared text has no element "
       "width; read back, it is 16, not 8 (the same bases)", extra=("--syntax", "legacy"))
prints("#ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>",
       "#triton_gpu.amd_mfma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [32, 32], "
       "isTransposed = true, CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>", extra=("--syntax", "legacy"))
# A look-alike letter is said as what it is, at its column (was: "#ttg.bl: unknown layout").
refuses("#ttg.bl\u00f6cked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
        "--layout: a non-ASCII character (outside a string, layout text is ASCII: a look-alike letter?) at 1:8")
# Errors name the flag that gave the value.
B4 = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>"
B8 = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>"
rc, o, e = run("convert", "--from", B4, "--to", B8, "--shape", "64x64", "--dtype", "f16")
check(rc == 2 and e.startswith("error: --to: has 8 warps but the source has 4"), f"convert names --to: {e!r}")
rc, o, e = run("sectors", "--layout", "tensor<64x64x!tt.ptr<f16>, " + B4 + ">", "--warp", "9")
check(rc == 2 and e == "error: --warp: must be between 0 and 3\n", f"sectors names --warp: {e!r}")
# A parent's losses are the layout's (the dot operand's mfma parent).
rc, o, e = run("print", "--syntax", "legacy", "--layout", "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
               "warpsPerCTA = [2, 2], instrShape = [32, 32, 16], isTransposed = true}>, kWidth = 8}>")
check(rc == 0 and e == "warning: --syntax legacy: instrShape: older Triton writes [M, N] only; read back, K is 8, "
      "not 16 (the same bases)\n", f"legacy loss of a parent: {e!r}")
# One warp, rank 3: main's ctaLayout has no warp basis (and no basis at all: the rank is written).
for wm, main in (("#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [1, 1, 1], tilesPerWarp = [1, 1, 2]}>",
                  "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {register = [[0, 0, 1]]}}>"),
                 ("#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [1, 1, 1]}>",
                  "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {}, rank = 3}>")):
    prints(wm, main, extra=("--syntax", "main"))
    rc, o, e = run("print", "--layout", main)
    check(rc == 0 and o == wm + "\n", f"main {main} reads back: {o!r} {e!r}")
# A rank-3 Gluon NVMMASharedLayout with a CGA layout prints with CGALayout entries of 3 values, which
# Triton 3.6's parser (rank 2) refuses: said beside the text; the text itself is refused as Triton does.
NV3 = ("NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth=16, rank=3, transposed=False, "
       "fp4_padded=False, cga_layout=[[0, 1, 0]])")
NV3_TEXT = ("#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, "
            "CGALayout = [[0, 1, 0]]}>")
prints(NV3, NV3_TEXT, "warning: a rank-3 nvmma_shared's CGALayout entries have 3 values, and Triton 3.6's "
       "parser reads #ttg.nvmma_shared's CGALayout at rank 2: it refuses this text (\"'CGALayout' entry "
       "length does not match rank 2\"), as this tool does")
refuses(NV3_TEXT, "CGALayout: entry 0 has 3 values; it must match the rank 2")
prints(NV3.replace("rank=3", "rank=2").replace("[[0, 1, 0]]", "[[0, 1]]"), NV3_TEXT.replace("[[0, 1, 0]]", "[[0, 1]]"))
# A Gluon NVMMADistributedLayout whose warps no layout comes from: Gluon builds it and Triton 3.6 does not
# verify nvidia_mma's fields, so it is read, with a warning naming the Gluon argument (as a slice's parent too).
BADMMA = "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[0, 4], instr_shape=[16, 8], cga_layout=[])"
BADMMA_TEXT = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [0, 4], instrShape = [16, 8]}>"
BADMMA_WARN = ("warning: warps_per_cta: entries must be powers of two (up to 2^20), got [0, 4] (Triton 3.6 reads "
               "this attribute, but no layout can be computed from it)")
prints(BADMMA, BADMMA_TEXT, BADMMA_WARN)
prints(f"SliceLayout(dim=0, parent={BADMMA})", f"#ttg.slice<{{dim = 0, parent = {BADMMA_TEXT}}}>", BADMMA_WARN)
print(f"{count - len(failures)}/{count} checks passed")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
