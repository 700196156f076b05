#!/usr/bin/env python3
"""Mutation proof of the `cuda` (and `hip`) kernels Layout Studio exports.

Run on the GPU machine from the repository root:
    python3 tests/gpu/mutation_cuda.py --cli build/bin/layout-studio-cli --out OUT

For every case below: export with the CLI, compile with nvcc, run as exported
(must print PASS, exit 0), corrupt ONE entry of the kernel's LS_TABLE (the
tool's table), compile and run again (must print FAIL, exit 1).  Copy kernels
are also run under Nsight Compute (ncu) and the measured global-load sectors
per request are put beside the tool's prediction.  HIP exports are compiled
with hipcc where it works (there is no AMD GPU: rows say COMPILE-ONLY).

Rows (JSON lines, format: /work/notes/mutation-rows.md) go to OUT/rows.jsonl.
Exit 0 even when rows fail; 2 when nothing could run.
"""
import argparse
import concurrent.futures as cf
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

V2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"
V2_41 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>"
V2_14 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>"


def dot(op, parent, kw):
    return f"#ttg.dot_op<{{opIdx = {op}, parent = {parent}, kWidth = {kw}}}>"


def nvmma(sw, t):
    return (f"#ttg.nvmma_shared<{{swizzlingByteWidth = {sw}, transposed = {'true' if t else 'false'}, "
            "elementBitWidth = 16}>")


BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>"

# (name, layout, shape, dtype, kernel option, expected kernel kind)
CASES = [
    # mma.sync: accumulators and dot operands of nvidia_mma v2
    ("mma_v2_f32", V2, "64x64", "f32", "auto", "mma.sync"),
    ("mma_v2_i32", V2, "64x64", "i32", "auto", "mma.sync"),
    ("mma_v2_41_f32", V2_41, "128x32", "f32", "auto", "mma.sync"),
    ("mma_v2_14_f32", V2_14, "32x128", "f32", "auto", "mma.sync"),
    ("dot_a_f16", dot(0, V2, 2), "64x32", "f16", "auto", "mma.sync"),
    ("dot_b_f16", dot(1, V2, 2), "32x64", "f16", "auto", "mma.sync"),
    ("dot_a_bf16", dot(0, V2, 2), "64x32", "bf16", "auto", "mma.sync"),
    ("dot_b_bf16", dot(1, V2, 2), "32x64", "bf16", "auto", "mma.sync"),
    ("dot_a_tf32", dot(0, V2, 1), "64x16", "f32", "auto", "mma.sync"),
    ("dot_b_tf32", dot(1, V2, 1), "16x64", "f32", "auto", "mma.sync"),
    ("dot_a_i8", dot(0, V2, 4), "64x32", "i8", "auto", "mma.sync"),
    ("dot_b_i8", dot(1, V2, 4), "32x64", "i8", "auto", "mma.sync"),
    ("dot_a_fp8", dot(0, V2, 4), "64x32", "f8E4M3FN", "auto", "mma.sync"),
    ("dot_b_fp8", dot(1, V2, 4), "32x64", "f8E4M3FN", "auto", "mma.sync"),
    # wgmma: nvmma_shared operands, every swizzle, both orientations; v3 accumulators
    ("nvmma_sw128", nvmma(128, False), "64x64", "f16", "auto", "wgmma"),
    ("nvmma_sw128_t", nvmma(128, True), "64x64", "f16", "auto", "wgmma"),
    ("nvmma_sw64", nvmma(64, False), "64x64", "f16", "auto", "wgmma"),
    ("nvmma_sw64_t", nvmma(64, True), "64x64", "f16", "auto", "wgmma"),
    ("nvmma_sw32", nvmma(32, False), "64x64", "f16", "auto", "wgmma"),
    ("nvmma_sw32_t", nvmma(32, True), "64x64", "f16", "auto", "wgmma"),
    ("nvmma_sw0", nvmma(0, False), "64x8", "f16", "auto", "wgmma"),
    ("nvmma_sw0_t", nvmma(0, True), "32x8", "f16", "auto", "wgmma"),
    ("nvmma_sw128_bf16", nvmma(128, False), "64x64", "bf16", "auto", "wgmma"),
    ("nvmma_sw64_m128", nvmma(64, False), "128x32", "f16", "auto", "wgmma"),
    ("mma_v3_n64", "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>",
     "64x64", "f32", "auto", "wgmma"),
    ("mma_v3_n32_reps", "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>",
     "128x64", "f32", "auto", "wgmma"),
    # ldmatrix/stmatrix: swizzled shared operands, fragments against the dot-operand layout
    ("ldsm_a_sw8", "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>", "64x32", "f16", "auto", "ldmatrix"),
    ("ldsm_a_sw4", "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>", "64x64", "f16", "auto", "ldmatrix"),
    ("ldsm_a_plain", "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0]}>", "32x32", "bf16", "auto", "ldmatrix"),
    ("ldsm_b_sw8", "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>", "64x32", "f16", "auto", "ldmatrix"),
    ("ldsm_b_sw2", "#ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 2, order = [0, 1]}>", "32x64", "bf16", "auto", "ldmatrix"),
    # copy kernels: sectors per request confirmed by ncu
    ("copy_blocked_f16", BLOCKED, "64x64", "f16", "auto", "copy"),
    ("copy_blocked_f32", BLOCKED, "64x64", "f32", "auto", "copy"),
    ("copy_blocked_colmajor", "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>",
     "64x64", "f32", "auto", "copy"),
    ("copy_blocked_2cta", "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>",
     "64x64", "f16", "auto", "copy"),
    ("copy_blocked_broadcast", BLOCKED, "4x16", "f32", "auto", "copy"),
    ("copy_blocked_3d", "#ttg.blocked<{sizePerThread = [2, 1, 4], threadsPerWarp = [2, 2, 8], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>",
     "8x4x32", "f32", "auto", "copy"),
    ("copy_slice_blocked", "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>}>",
     "64", "f32", "auto", "copy"),
    ("copy_slice_mma", f"#ttg.slice<{{dim = 0, parent = {V2}}}>", "32", "f32", "auto", "copy"),
    ("copy_linear", "#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [0, 16]], block = []}>",
     "16x32", "f16", "auto", "copy"),
    ("copy_mma_v2", V2, "64x64", "f32", "copy", "copy"),
    ("copy_mma_v3", "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>",
     "128x64", "f32", "copy", "copy"),
    ("copy_dot_a", dot(0, V2, 2), "64x32", "f16", "copy", "copy"),
]

HIP_CASES = [
    ("hip_mfma_32x32x8", "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>", "64x64", "f32"),
    ("hip_mfma_16x16x16", "#ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = false}>", "64x32", "f32"),
    ("hip_copy_mfma_t", "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>", "64x64", "f32"),
    ("hip_wmma", "#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>", "32x32", "f32"),
    ("hip_blocked", BLOCKED, "64x64", "f16"),
]

TABLE_RE = re.compile(r"(// LS_TABLE begin\n)(.*?)(// LS_TABLE end)", re.S)


def sh(cmd, timeout):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr, time.time() - t0
    except subprocess.TimeoutExpired:
        return None, "TIMEOUT", time.time() - t0


def nvcc_flags(src):
    m = re.search(r"// LS_ARCHS: (.*)", src)
    archs = (m.group(1).split() if m else ["sm_90"])
    # one architecture that runs on the H100: sm_90a if listed, else sm_90, else sm_80
    pick = "sm_90a" if "sm_90a" in archs else ("sm_90" if "sm_90" in archs else "sm_80")
    return ["-gencode", f"arch=compute_{pick[3:]},code={pick}", "-Werror", "all-warnings",
            "-Xcompiler", "-Wall,-Wextra,-Werror", "-O2"]


def corrupt(src, seed):
    """Changes one LS_TABLE entry (flips one bit of the element index)."""
    m = TABLE_RE.search(src)
    body = m.group(2)
    nums = [(x.start(), x.end(), int(x.group())) for x in re.finditer(r"\d+", body.split("{", 1)[1])]
    off = len(body.split("{", 1)[0]) + 1
    rng = random.Random(seed)
    idx = rng.randrange(len(nums))
    s, e, old = nums[idx]
    top = max(v for _, _, v in nums)
    bits = max(1, top.bit_length())
    new = old ^ (1 << rng.randrange(bits))
    if new > top:
        new = old ^ 1
    body2 = body[:off + s] + str(new) + body[off + e:]
    return src[:m.start(2)] + body2 + src[m.end(2):], f"LS_TABLE[{idx}]: {old} -> {new}"


def status(rc, out):
    if rc is None:
        return "TIMEOUT"
    first = out.strip().splitlines()[0] if out.strip() else ""
    if rc == 0 and first.startswith("PASS"):
        return "PASS"
    if rc == 1 and "FAIL" in out:
        return "FAIL"
    return "ERROR"


def ncu_sectors(ncu, exe, timeout):
    rc, out, _ = sh([ncu, "--metrics",
                     "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,"
                     "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "--csv", exe], timeout)
    if rc is None:
        return None, "ncu timeout"
    vals = {}
    for line in out.splitlines():
        for name in ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
                     "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"):
            if f'"{name}"' in line:
                cells = next(csvreader(line))
                try:
                    vals[name] = float(cells[-1].replace(",", ""))
                except ValueError:
                    pass
    s = vals.get("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")
    r = vals.get("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum")
    if not s or not r:
        return None, "ncu: " + out.strip()[-200:]
    return round(s / r, 4), f"ncu {int(s)} sectors / {int(r)} requests"


def csvreader(line):
    import csv
    return csv.reader([line])


def one_case(args, case, work):
    name, layout, shape, dtype, kernel, kind = case
    t0 = time.time()
    row = {"layout": layout, "shape": shape, "dtype": dtype,
           "kind": re.match(r"#tt\w*\.(\w+)", layout).group(1), "format": "cuda", "kernel": kind,
           "exported": "ERROR", "corrupted": None, "mutation": None, "detail": "",
           "predicted_sectors": None, "measured_sectors": None, "seconds": 0.0, "case": name}
    src_path = os.path.join(work, name + ".cu")
    cmd = [args.cli, "export", "--layout", layout, "--shape", shape, "--dtype", dtype,
           "--format", "cuda", "-o", src_path]
    if kernel != "auto":
        cmd += ["--kernel", kernel]
    rc, out, _ = sh(cmd, 30)
    if rc != 0:
        row["detail"] = ("export: " + out.strip())[:200]
        return row
    src = open(src_path).read()
    bad_src, what = corrupt(src, name)
    bad_path = os.path.join(work, name + ".corrupt.cu")
    open(bad_path, "w").write(bad_src)
    row["mutation"] = what
    flags = nvcc_flags(src)
    exe, bad_exe = src_path[:-3], bad_path[:-3]
    for path, out_exe in ((src_path, exe), (bad_path, bad_exe)):
        rc, out, _ = sh([args.nvcc] + flags + ["-o", out_exe, path], 180)
        if rc != 0:
            row["detail"] = ("nvcc: " + out.strip())[:200]
            if path == bad_path:
                row["corrupted"] = "ERROR"
            return row
    rc, out, _ = sh([exe], 60)
    row["exported"] = status(rc, out)
    row["detail"] = (out.strip().splitlines() or [""])[0][:200]
    m = re.search(r"LS_PREDICT sectors_per_request=([\d.]+)", out)
    if m:
        row["predicted_sectors"] = float(m.group(1))
    rc, out2, _ = sh([bad_exe], 60)
    row["corrupted"] = status(rc, out2)
    row["detail_corrupted"] = (out2.strip().splitlines() or [""])[0][:200]
    with open(os.path.join(work, name + ".log"), "w") as f:
        f.write(out + "\n--- corrupted (" + what + ")\n" + out2)
    row["seconds"] = round(time.time() - t0, 2)
    return row


def hip_case(args, case, work):
    name, layout, shape, dtype = case
    t0 = time.time()
    row = {"layout": layout, "shape": shape, "dtype": dtype,
           "kind": re.match(r"#tt\w*\.(\w+)", layout).group(1), "format": "hip",
           "kernel": "compile-only", "exported": "ERROR", "corrupted": None, "mutation": None,
           "detail": "", "predicted_sectors": None, "measured_sectors": None, "seconds": 0.0,
           "case": name}
    path = os.path.join(work, name + ".hip")
    rc, out, _ = sh([args.cli, "export", "--layout", layout, "--shape", shape, "--dtype", dtype,
                     "--format", "hip", "-o", path], 30)
    if rc != 0:
        row["detail"] = ("export: " + out.strip())[:200]
        return row
    if not args.hipcc:
        row["detail"] = "hipcc not installed on this machine; HIP kernels are compile-checked in CTest"
        row["exported"] = "COMPILE-ONLY"
    else:
        rc, out, _ = sh([args.hipcc, "--offload-arch=gfx90a", "--offload-arch=gfx940", "-Wall",
                         "-Wextra", "-Werror", "-c", "-o", path + ".o", path], 120)
        row["exported"] = "COMPILE-ONLY" if rc == 0 else "ERROR"
        row["detail"] = "hipcc gfx90a gfx940: " + ("compiled" if rc == 0 else out.strip()[:150])
    row["seconds"] = round(time.time() - t0, 2)
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default="build/bin/layout-studio-cli")
    ap.add_argument("--out", default="gpu_out/cuda")
    ap.add_argument("--nvcc", default=os.environ.get("NVCC") or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    ap.add_argument("--ncu", default=os.environ.get("NCU") or shutil.which("ncu") or "/usr/local/cuda/bin/ncu")
    ap.add_argument("--hipcc", default=shutil.which("hipcc"))
    ap.add_argument("--jobs", type=int, default=min(16, os.cpu_count() or 4))
    ap.add_argument("--only", default="", help="regex over case names")
    ap.add_argument("--extra-cases", default="",
                    help="JSONL of more cases: name, layout, shape, dtype, kernel (auto|copy), "
                         "expect (mma.sync|wgmma|ldmatrix|copy); e.g. Triton oracle layouts")
    ap.add_argument("--no-builtin", action="store_true", help="run only --extra-cases")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    work = os.path.join(args.out, "work")
    os.makedirs(work, exist_ok=True)
    if not os.path.exists(args.cli) or not os.path.exists(args.nvcc):
        print(f"error: need {args.cli} and {args.nvcc}", file=sys.stderr)
        return 2
    cases = [] if args.no_builtin else [c for c in CASES if re.search(args.only, c[0])]
    if args.extra_cases:
        for line in open(args.extra_cases):
            if line.strip():
                e = json.loads(line)
                cases.append((e["name"], e["layout"], e["shape"], e["dtype"],
                              e.get("kernel", "auto"), e.get("expect", "copy")))
    rows = []
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        futs = [pool.submit(one_case, args, c, work) for c in cases]
        if not args.no_builtin:
            futs += [pool.submit(hip_case, args, c, work) for c in HIP_CASES
                     if re.search(args.only, c[0])]
        for f in futs:
            rows.append(f.result())
    # ncu one at a time (it serialises the GPU anyway)
    have_ncu = os.path.exists(args.ncu) or shutil.which(args.ncu)
    for row in rows:
        if row["predicted_sectors"] is None or row["exported"] != "PASS":
            continue
        exe = os.path.join(work, row["case"])
        if not have_ncu:
            row["detail"] += " | ncu not found"
            continue
        meas, note = ncu_sectors(args.ncu, exe, 60)
        row["measured_sectors"] = meas
        row["ncu"] = note
    with open(os.path.join(args.out, "rows.jsonl"), "w") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")
    good = sum(1 for r in rows if r["format"] == "cuda" and r["exported"] == "PASS" and r["corrupted"] == "FAIL")
    ncuda = sum(1 for r in rows if r["format"] == "cuda")
    agree = sum(1 for r in rows if r["measured_sectors"] is not None and r["measured_sectors"] == r["predicted_sectors"])
    measured = sum(1 for r in rows if r["measured_sectors"] is not None)
    for r in rows:
        print(f'{r["case"]:24} {r["kernel"]:12} exported={r["exported"]:12} corrupted={str(r["corrupted"]):6} '
              f'pred={r["predicted_sectors"]} meas={r["measured_sectors"]} | {r["detail"][:90]}')
    print(f"SUMMARY cuda rows {ncuda}: {good} PASS as exported and FAIL corrupted; "
          f"sectors measured {measured}, equal to the prediction {agree}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
