#!/usr/bin/env python3
"""Compile the CUDA/HIP kernels Layout Studio exports (docs/export.md, "cuda and hip kernels").

usage: check_kernels.py CLI CASES.jsonl MODE CASE [--workdir DIR]

MODE
  nvcc   export cuda; the file must name the kernel the case expects (mma.sync,
         wgmma, copy) and carry exactly one LS_TABLE block; compile it with
         nvcc -Werror for every architecture its `// LS_ARCHS:` line lists
         (sm_80, sm_90, sm_90a, sm_100a as applicable)
  hipcc  export hip (copy or MFMA kernel); compile with hipcc -Werror for gfx90a and gfx940 (Debian's
         hipcc: clang 15 has no gfx942/gfx950 target; see docs/export.md)

Running the kernels needs a GPU: tests/gpu/mutation_cuda.py.  Prints one `ok`
line per step or the failing step's output; exits 0 on success, 1 on failure.
"""
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
    p = run(cmd)
    if p.returncode != 0:
        raise SystemExit(f"FAIL export {fmt}: {p.stderr.strip()}")
    return open(path).read()


def check_text(src, case, fmt):
    if src.count("// LS_TABLE begin") != 1 or src.count("// LS_TABLE end") != 1:
        raise SystemExit("FAIL: the kernel must carry exactly one LS_TABLE block")
    first = src.splitlines()[0]
    want = {"mma.sync": "mma.sync", "wgmma": "wgmma.mma_async", "copy": "copy kernel",
            "ldmatrix": "ldmatrix/stmatrix", "mfma": "HIP MFMA kernel"}[case["kernel"]]
    if want not in first:
        raise SystemExit(f"FAIL: expected a {want} kernel, the file says: {first}")
    print(f"ok text: {first}")


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
    work = work or tempfile.mkdtemp(prefix="ls_kernels_")
    os.makedirs(work, exist_ok=True)
    if mode == "nvcc":
        nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
        cu = os.path.join(work, name + ".cu")
        src = export(cli, case, "cuda", cu)
        check_text(src, case, "cuda")
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
        if "compile-checked only" not in src:
            print("FAIL: a HIP kernel must say it is compile-checked only")
            return 1
        flags = [f"--offload-arch={a}" for a in HIP_ARCHS] + ["-Wall", "-Wextra", "-Werror"]
        p = run([hipcc] + flags + ["-o", os.path.join(work, name + ".hipcc"), path])
        if p.returncode != 0:
            print(f"FAIL hipcc {name}:\n{p.stdout}{p.stderr}")
            return 1
        print(f"ok hipcc -Werror {' '.join(HIP_ARCHS)} {name}")
        return 0
    print(f"FAIL: unknown mode {mode}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
