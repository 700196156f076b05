#!/usr/bin/env python3
"""Compile the CUDA/HIP kernels Layout Studio exports (docs/export.md, "cuda and hip kernels").

usage: check_kernels.py CLI CASES.jsonl MODE CASE [--workdir DIR]

MODE
  nvcc   export cuda; the file must name the kernel the case expects (mma.sync,
         wgmma, copy) and carry exactly one LS_TABLE block; compile it with
         nvcc -Werror for every architecture its `// LS_ARCHS:` line lists
         (sm_80, sm_90, sm_90a, sm_100a as applicable)
  hipcc  export hip (copy or MFMA kernel); compile with hipcc -Werror for gfx90a and gfx940 (Debian's
         hipcc: clang 15 has no gfx942/gfx950 target; see docs/export.md); WMMA kernels for
         gfx1100 with -nogpulib (Debian ships no ROCm device library for gfx11; the kernel
         needs none)

Tensor-memory kernels (tcgen05) are also emulated on the host before nvcc: the
PTX ISA's 32x32b access (warp w, thread t, register r -> TMEM lane
32*(w%4)+t, column colBase(w)+r) applied to the exported register table must
fill TMEM exactly as the exported TMEM table says, and must no longer do so
when one register entry is corrupted.  This is the documented formula, not a
Blackwell GPU: the kernel itself is compile-checked only.

WMMA kernels are likewise emulated on the host with RDNA3's documented fragment
layout (as exported every accumulator location must hold its element's product;
with one A entry corrupted one must not).

Running the kernels needs a GPU: tests/gpu/mutation_cuda.py.  Prints one `ok`
line per step or the failing step's output; exits 0 on success, 1 on failure.
"""
import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

NVCC_WARN = ["-Werror", "all-warnings", "-Xcompiler", "-Wall,-Wextra,-Werror"]
HIP_ARCHS = ["gfx90a", "gfx940"]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def export(cli, case, fmt, path):
    cmd = [cli, "export", "--layout", case["layout"], "--shape", case["shape"], "--dtype",
           case["dtype"], "--format", fmt, "-o", path]
    if case.get("kernel") == "copy":
        cmd += ["--kernel", "copy"]
    if "num_warps" in case:
        cmd += ["--num-warps", str(case["num_warps"])]
    p = run(cmd)
    if p.returncode != 0:
        raise SystemExit(f"FAIL export {fmt}: {p.stderr.strip()}")
    return open(path).read()


def check_text(src, case, fmt):
    if src.count("// LS_TABLE begin") != 1 or src.count("// LS_TABLE end") != 1:
        raise SystemExit("FAIL: the kernel must carry exactly one LS_TABLE block")
    first = src.splitlines()[0]
    want = {"mma.sync": "mma.sync", "wgmma": "wgmma.mma_async", "copy": "copy kernel",
            "ldmatrix": "ldmatrix/stmatrix", "mfma": "HIP MFMA kernel",
            "tcgen05": "tcgen05.st/ld (32x32b)", "wmma": "HIP WMMA kernel"}[case["kernel"]]
    if want not in first:
        raise SystemExit(f"FAIL: expected a {want} kernel, the file says: {first}")
    print(f"ok text: {first}")


def ls_table(src):
    body = src.split("// LS_TABLE begin")[1].split("// LS_TABLE end")[0]
    return [int(x) for x in re.findall(r"\b(\d+),", body.split("{", 1)[1])]


def tmem_mismatches(src, table):
    """How many TMEM cells, and registers loaded back, differ from the tables when every
    thread stores its register-table entries with the 32x32b access."""
    def const(name):
        return int(re.search(r"\b%s = (\d+)u" % name, src).group(1))
    warps, regs, cols, blocks = const("kWarps"), const("kRegs"), const("kCols"), const("kColBlocks")
    threads = warps * 32
    reg_t, tmem_t = table[:threads * regs], table[threads * regs:]
    if len(tmem_t) != 128 * cols:
        raise SystemExit(f"FAIL: the TMEM table has {len(tmem_t)} entries, not 128 x {cols}")
    empty, poison = 0xFFFF, -1
    cells = [poison] * (128 * cols)
    for w in range(warps):
        for t in range(32):
            for r in range(regs):
                lane, col = 32 * (w % 4) + t, (w // 4) % blocks * regs + r
                cells[lane * cols + col] = reg_t[(w * 32 + t) * regs + r]
    bad = sum(1 for c in range(128 * cols)
              if cells[c] != (poison if tmem_t[c] == empty else tmem_t[c]))
    # The kernel's last step: every thread loads its registers back.
    for w in range(warps):
        for t in range(32):
            for r in range(regs):
                lane, col = 32 * (w % 4) + t, (w // 4) % blocks * regs + r
                bad += cells[lane * cols + col] != reg_t[(w * 32 + t) * regs + r]
    return bad


def emulate_tmem(src):
    table = ls_table(src)
    bad = tmem_mismatches(src, table)
    if bad:
        raise SystemExit(f"FAIL: emulated 32x32b round trip: {bad} cells or registers differ as "
                         "exported")
    threads = int(re.search(r"\bkWarps = (\d+)u", src).group(1)) * 32
    regs = int(re.search(r"\bkRegs = (\d+)u", src).group(1))
    for where, at in (("register", 0), ("TMEM", threads * regs + 1)):
        corrupt = list(table)
        corrupt[at] = (corrupt[at] + 1) % 0xFFFF
        if tmem_mismatches(src, corrupt) == 0:
            raise SystemExit(f"FAIL: emulated 32x32b round trip: a corrupted {where} entry went "
                             "unseen")
    print("ok emulated 32x32b round trip (PTX formula): as exported every TMEM cell and register "
          "matches; one corrupted register entry, and one corrupted TMEM entry, are seen")


def wmma_mismatches(src, table):
    """Emulates the WMMA kernel on the host with RDNA3's documented fragment layout of
    v_wmma_f32_16x16x16_f16 (wave32: lane l gives A row l%16 and B column l%16, its 16
    halves K = 0..15; lane l VGPR i receives D row 2i + l/16, column l%16) and counts the
    accumulator locations whose value is not the product of the element the table names."""
    def const(name):
        return int(re.search(r"\b%s = (\d+)u" % name, src).group(1))
    m, n, k = const("kM"), const("kN"), const("kK")
    warps, ar, br, cr = const("kWarps"), const("kARegs"), const("kBRegs"), const("kCRegs")
    a_t, b_t = table[:warps * 32 * ar], table[warps * 32 * ar:warps * 32 * (ar + br)]
    c_t = table[warps * 32 * (ar + br):]
    A = [[(3 * i + 5 * j) % 7 - 3 for j in range(k)] for i in range(m)]
    B = [[(2 * i + 3 * j) % 5 - 2 for j in range(n)] for i in range(k)]

    def tile(t, w, regs, chunk, size, cols):
        es = [t[(w * 32) * regs + chunk * size + i] for i in range(size)]  # lane 0
        return min(e // cols for e in es), min(e % cols for e in es)
    bad = 0
    for w in range(warps):
        for q in range(cr // 8):
            cm, cn = tile(c_t, w, cr, q, 8, n)
            acc = [[0] * 8 for _ in range(32)]
            for p in range(ar // 16):
                am, ak = tile(a_t, w, ar, p, 16, k)
                if am != cm:
                    continue
                s_ = next((t for t in range(br // 16) if tile(b_t, w, br, t, 16, n) == (ak, cn)),
                          None)
                if s_ is None:
                    return 1
                # The fragments as the lanes hold them (values of the elements the tables name).
                fa = [[A[e // k][e % k] for e in (a_t[(w * 32 + l) * ar + p * 16 + i]
                                                   for i in range(16))] for l in range(32)]
                fb = [[B[e // n][e % n] for e in (b_t[(w * 32 + l) * br + s_ * 16 + i]
                                                   for i in range(16))] for l in range(32)]
                for l in range(32):
                    for i in range(8):
                        row, col = 2 * i + l // 16, l % 16
                        acc[l][i] += sum(fa[row][x] * fb[col][x] for x in range(16))
            for l in range(32):
                for i in range(8):
                    e = c_t[(w * 32 + l) * cr + q * 8 + i]
                    want = sum(A[e // n][x] * B[x][e % n] for x in range(k))
                    bad += acc[l][i] != want
    return bad


def emulate_wmma(src):
    table = ls_table(src)
    bad = wmma_mismatches(src, table)
    if bad:
        raise SystemExit(f"FAIL: emulated WMMA (RDNA3 fragment layout): {bad} accumulator "
                         "locations differ as exported")
    corrupt = list(table)
    corrupt[0] = corrupt[0] ^ 1  # A's first entry names a neighbouring K element
    if wmma_mismatches(src, corrupt) == 0:
        raise SystemExit("FAIL: emulated WMMA: a corrupted A entry went unseen")
    print("ok emulated WMMA (RDNA3 fragment layout): as exported every accumulator location "
          "holds its element's product; one corrupted A entry is seen")


def main():
    args = sys.argv[1:]
    work = None
    if "--workdir" in args:
        i = args.index("--workdir")
        work = args[i + 1]
        del args[i:i + 2]
    if len(args) != 4:
        print(__doc__)
        return 2
    cli, cases_path, mode, name = args
    cases = [json.loads(l) for l in open(cases_path) if l.strip()]
    case = next((c for c in cases if c["name"] == name), None)
    if case is None:
        print(f"FAIL: no case named {name}")
        return 1
    if work is None:
        work = tempfile.mkdtemp(prefix="ls_kernels_")
        atexit.register(shutil.rmtree, work, ignore_errors=True)
    os.makedirs(work, exist_ok=True)
    # hipcc's clang driver makes a folder in $TMPDIR per compile and leaves it there: keep them in work
    os.environ["TMPDIR"] = os.path.abspath(work)
    if mode == "nvcc":
        nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
        cu = os.path.join(work, name + ".cu")
        src = export(cli, case, "cuda", cu)
        check_text(src, case, "cuda")
        if case["kernel"] == "tcgen05":
            if "COMPILE-CHECKED ONLY" not in src:
                print("FAIL: a TMEM kernel must say it is compile-checked only")
                return 1
            emulate_tmem(src)
        archs = re.search(r"// LS_ARCHS: (.*)", src).group(1).split()
        gencode = []
        for a in archs:
            gencode += ["-gencode", f"arch=compute_{a[3:]},code={a}"]
        p = run([nvcc] + gencode + NVCC_WARN + ["-o", os.path.join(work, name + ".nvcc"), cu])
        if p.returncode != 0 or p.stderr.strip():
            print(f"FAIL nvcc {name} ({' '.join(archs)}):\n{p.stdout}{p.stderr}")
            return 1
        print(f"ok nvcc -Werror {' '.join(archs)} {name}")
        return 0
    if mode == "hipcc":
        hipcc = shutil.which("hipcc") or "/usr/bin/hipcc"
        path = os.path.join(work, name + ".hip")
        src = export(cli, case, "hip", path)
        check_text(src, case, "hip")
        if case["kernel"] == "wmma":
            emulate_wmma(src)
        if "compile-checked only" not in src:
            print("FAIL: a HIP kernel must say it is compile-checked only")
            return 1
        archs, extra = HIP_ARCHS, []
        if case["kernel"] == "wmma":
            archs, extra = ["gfx1100"], ["-nogpulib"]
        flags = [f"--offload-arch={a}" for a in archs] + extra + ["-Wall", "-Wextra", "-Werror"]
        p = run([hipcc] + flags + ["-o", os.path.join(work, name + ".hipcc"), path])
        if p.returncode != 0:
            print(f"FAIL hipcc {name}:\n{p.stdout}{p.stderr}")
            return 1
        if case["kernel"] == "wmma":
            asm = run([hipcc, "--offload-arch=gfx1100", "-nogpulib", "--cuda-device-only", "-S",
                       "-o", "-", path])
            if asm.returncode != 0 or "v_wmma_f32_16x16x16_f16" not in asm.stdout:
                print(f"FAIL: the gfx1100 code has no v_wmma_f32_16x16x16_f16\n{asm.stderr}")
                return 1
            print("ok the gfx1100 code issues v_wmma_f32_16x16x16_f16")
        print(f"ok hipcc -Werror {' '.join(archs)} {' '.join(extra)} {name}")
        return 0
    print(f"FAIL: unknown mode {mode}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
