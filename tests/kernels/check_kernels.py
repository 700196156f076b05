#!/usr/bin/env python3
"""Compile (and where possible run) the CUDA/HIP test kernels Layout Studio exports.

usage: check_kernels.py CLI CASES.jsonl MODE CASE [--workdir DIR]

MODE
  nvcc      export cuda, compile for sm_80 and sm_90 with every warning an error
  hipcc     export hip, compile for gfx90a and gfx940 with every warning an error
  emulate   export cuda, run it on the CPU stand-in runtime in emulation/
            (threads + barriers); the program must print PASS
  emulate-hip  the same with the HIP export
  corrupt   emulate deliberately broken copies of the kernel; each must print
            FAIL and exit 1 (the check catches a wrong lane decomposition, a
            wrong basis table, and a wrong inverse for shared layouts)

Prints one `ok ...` line per step, or the failing step's output, and exits
0 on success, 1 on failure.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
NVCC_FLAGS = ["-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90,code=sm_90",
              "-Xcompiler", "-Wall,-Wextra,-Werror", "-Werror", "all-warnings"]
HIPCC_FLAGS = ["--offload-arch=gfx90a", "--offload-arch=gfx940", "-Wall", "-Wextra", "-Werror"]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def export(cli, case, fmt, path):
    p = run([cli, "export", "--layout", case["layout"], "--shape", case["shape"],
             "--dtype", case["dtype"], "--format", fmt, "-o", path])
    if p.returncode != 0:
        raise SystemExit(f"FAIL export {fmt}: {p.stderr.strip()}")


def find_tool(name, fallback):
    return shutil.which(name) or (fallback if os.path.exists(fallback) else None)


def emulate_source(src):
    """Rewrites launches and dynamic shared memory for the CPU stand-in."""
    src = re.sub(r"(\w+)<<<([^>]*)>>>\(", r"ls_emu::launch(ls_emu::Config{\2}, \1, ", src)
    return src.replace("extern __shared__ uint64_t smemWords[];",
                       "uint64_t *smemWords = ::ls_emu::sharedWords().data();")


def build_and_run_emulated(src, work, tag):
    cpp = os.path.join(work, tag + ".emu.cpp")
    exe = os.path.join(work, tag + ".emu")
    with open(cpp, "w") as f:
        f.write(emulate_source(src))
    p = run(["g++", "-std=c++20", "-O1", "-Wall", "-Wextra", "-Werror", "-pthread",
             "-I" + os.path.join(HERE, "emulation"), "-x", "c++", cpp, "-o", exe])
    if p.returncode != 0:
        raise SystemExit(f"FAIL g++ {tag}:\n{p.stdout}{p.stderr}")
    return run([exe], timeout=300)


def corruptions(src, shared):
    """(description, broken source) pairs that the kernel's check must catch."""
    out = []
    slot = "* kLanes + lane) * kRegisters;"
    if slot in src:
        out.append(("results recorded for the neighbouring lane",
                    src.replace(slot, "* kLanes + (lane ^ 1u)) * kRegisters;", 1)))
    lines = src.split("\n")
    head = next(i for i, l in enumerate(lines) if l.startswith("const Tables kTables"))
    tables = []  # indices of the initializer lines of the basis tables, in order
    for i in range(head + 1, len(lines)):
        if lines[i].strip().startswith("{"):
            tables.append(i)
        if lines[i].rstrip().endswith("};"):
            break

    def changed(index, what, edit):
        copy = list(lines)
        copy[index] = edit(copy[index])
        out.append((what, "\n".join(copy)))

    first = next((i for i in tables if "{0u}" not in lines[i]), None)
    if first is not None:
        changed(first, "a basis table entry flipped",
                lambda l: re.sub(r"\{(\d+)u", lambda m: "{%du" % (int(m.group(1)) ^ 1), l, 1))
    if shared and len(tables) >= 3 and "{0u}" not in lines[tables[2]]:
        changed(tables[2], "inverse table zeroed", lambda l: re.sub(r"\d+u", "0u", l))
    return out


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
    shared = "shared" in case["layout"].split("<")[0]

    if mode == "nvcc":
        nvcc = find_tool("nvcc", "/usr/local/cuda/bin/nvcc")
        cu = os.path.join(work, name + ".cu")
        export(cli, case, "cuda", cu)
        p = run([nvcc] + NVCC_FLAGS + ["-o", os.path.join(work, name + ".nvcc"), cu])
        if p.returncode != 0 or p.stderr.strip():
            print(f"FAIL nvcc {name}:\n{p.stdout}{p.stderr}")
            return 1
        print(f"ok nvcc sm_80+sm_90 {name}")
        return 0
    if mode == "hipcc":
        hipcc = find_tool("hipcc", "/usr/bin/hipcc")
        hip = os.path.join(work, name + ".hip")
        export(cli, case, "hip", hip)
        p = run([hipcc] + HIPCC_FLAGS + ["-o", os.path.join(work, name + ".hipcc"), hip])
        if p.returncode != 0:
            print(f"FAIL hipcc {name}:\n{p.stdout}{p.stderr}")
            return 1
        print(f"ok hipcc gfx90a+gfx940 {name}")
        return 0
    if mode in ("emulate", "emulate-hip"):
        for fmt, ext in ((("cuda", ".cu"),) if mode == "emulate" else (("hip", ".hip"),)):
            path = os.path.join(work, name + ext)
            export(cli, case, fmt, path)
            p = build_and_run_emulated(open(path).read(), work, name + "_" + fmt)
            if p.returncode != 0 or not p.stdout.startswith("PASS: "):
                print(f"FAIL emulated {fmt} {name} (exit {p.returncode}):\n{p.stdout}{p.stderr}")
                return 1
            print(f"ok emulated {fmt}: {p.stdout.strip()}")
        return 0
    if mode == "corrupt":
        path = os.path.join(work, name + ".cu")
        export(cli, case, "cuda", path)
        broken = corruptions(open(path).read(), shared)
        if len(broken) < (3 if shared else 2):
            print(f"FAIL: found only {len(broken)} places to corrupt in {name}")
            return 1
        for i, (what, src) in enumerate(broken):
            p = build_and_run_emulated(src, work, f"{name}_broken{i}")
            if p.returncode != 1 or not p.stdout.startswith("FAIL: "):
                print(f"FAIL: {what} went unnoticed (exit {p.returncode}):\n{p.stdout}{p.stderr}")
                return 1
            print(f"ok {what} -> {p.stdout.strip()}")
        return 0
    print(f"FAIL: unknown mode {mode}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
