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
refuses("#ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = "
        "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>", "no Triton 3.6 spelling")
rc, o, e = run("print", "--layout", WMMA36, "--syntax", "next")
check(rc == 2 and "must be 3.6, legacy or main" in e, f"--syntax next: {e!r}")

print(f"{count - len(failures)}/{count} checks passed")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
