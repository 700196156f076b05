#!/usr/bin/env python3
"""`export --format cute` (CTest codegen_cute_export).

    python3 check_cute_export.py CLI CXX

For distributed and shared layouts of every family: the export compiles (against stand-in CuTe
headers with CUTLASS's template arities, cute_stub/), and its C++ type, read back as CuTe text
(Int<N> -> N, Shape<...>/Stride<...> -> (...), composition(Swizzle<B, M, S>{}, L{}) -> Swizzle<B,M,S>
o L), gives the same bases as the layout exported. Exits 1 on any failure.
"""
import atexit, os, re, shutil, subprocess, sys, tempfile

cli, cxx = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
CASES = [
    ("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>", "64x64"),
    ("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>", "64x64"),
    ("#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>", "64x32"),
    ("#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>", "64x64"),
    ("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>", "64x64"),
    ("#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>", "32x32"),
    ("#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>", "32x32"),
]


def run(*a):
    return subprocess.run([cli, *a], capture_output=True, text=True, timeout=60)


def back_to_text(cpp):
    """The C++ type as CuTe text."""
    t = re.search(r"using \w+ = (.*);", cpp).group(1)
    m = re.fullmatch(r"decltype\((.*)\)", t)
    swz = []
    if m:
        t = m.group(1)
        while t.startswith("composition("):
            s = re.match(r"composition\(Swizzle<(\d+), (\d+), (-?\d+)>\{\}, ", t)
            swz.append("Swizzle<%s,%s,%s>" % s.groups())
            t = t[s.end():-1]
        t = t[:-2]  # the layout's {}
    lay = re.fullmatch(r"Layout<(.*)>", t).group(1)
    text = re.sub(r"Int<(-?\d+)>", r"\1", lay)
    text = text.replace("Shape<", "(").replace("Stride<", "(").replace(">", ")").replace(" ", "")
    # Layout<S, D>: the shape and stride tuples are separated by the top-level comma.
    depth = 0
    for i, c in enumerate(text):
        depth += c == "("
        depth -= c == ")"
        if c == "," and depth == 0:
            text = text[:i] + ":" + text[i + 1:]
            break
    return " o ".join(swz + [text])


bad = 0
tmp = tempfile.mkdtemp()
atexit.register(shutil.rmtree, tmp, ignore_errors=True)
for attr, shape in CASES:
    p = run("export", "--layout", attr, "--shape", shape, "--format", "cute")
    if p.returncode != 0:
        print("FAIL export", attr, p.stderr.strip())
        bad += 1
        continue
    src = os.path.join(tmp, "k.cpp")
    with open(src, "w") as f:
        f.write(p.stdout + "\nint main() { return sizeof(layout_studio::" +
                ("SmemLayout" if "shared" in attr else "TVLayout") + ") > 0 ? 0 : 1; }\n")
    c = subprocess.run([cxx, "-std=c++17", "-fsyntax-only", "-I", os.path.join(HERE, "cute_stub"), src],
                       capture_output=True, text=True, timeout=120)
    if c.returncode != 0:
        print("FAIL compile", attr, c.stderr[:400])
        bad += 1
        continue
    text = back_to_text(p.stdout)
    want = run("linear", "--layout", attr, "--shape", shape)
    lanes = ["--threads-per-warp", "64"] if "amd_mfma" in attr else []
    got = run("linear", "--layout", "cute:" + text, "--shape", shape, *lanes)
    if want.returncode != 0 or got.returncode != 0 or want.stdout != got.stdout:
        print("FAIL round trip", attr, "->", text, got.stderr.strip()[:200])
        bad += 1
        continue
    print("ok", shape, text)
print(f"{len(CASES)} layouts, {bad} failed")
sys.exit(1 if bad else 0)
