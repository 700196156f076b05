"""Triton 3.6's axis analysis rule by rule, decided by its own code generation (GPU machine).

    python3 tests/gpu/axis_rules.py OUT.jsonl [--jobs 12] [--archs 90,80,100,120]

One Gluon kernel (its layout fixed: 8 f16 per thread, so a 128-bit vector is possible wherever
Triton's axis analysis allows it) computes the offsets or the mask of a global load through one op
of the analysis (remsi, divsi, shli, shrsi, maxsi, minsi, select, cmpi, a load's result, a
reduction's result, scf.if and scf.for results), once with the runtime `n` divisible by 16 (Triton
specialises it: `tt.divisibility = 16`) and once not. Triton compiles each case for each arch (sm90,
the machine's own, by default; others through Triton's target override) in its own process; its PTX says the width of the load. Each line: the case, its TTGIR and the widths of its
ld.global / st.global, as vector_widths.py writes them, so check_vector_widths.py compares the
audit with them (CTest gpu_axis_rules).
"""
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# OP -> what the load's offsets (o) or mask (m) are computed from.
CASES = {
    0: "o = offs % n",
    1: "o = offs % 4",
    2: "o = offs // 2",
    3: "o = offs << 1",
    4: "o = (n << 1) + offs",
    5: "o = (n >> 1) + offs",
    6: "o = offs >> 1",
    7: "o = maximum(offs, n)",
    8: "o = maximum(offs, offs + n)",
    9: "o = minimum(offs + n, offs)",
    10: "o = where(offs < n, offs, offs + n)",
    11: "o = load(idx + offs)",
    12: "o = offs + max(offs)",
    13: "o = offs if n > 4 else offs + 1 (scf.if)",
    14: "o = offs if n > 4 else offs + 8 (scf.if)",
    15: "o = offs + 1 per iteration of an scf.for (its result)",
    16: "o = offs + 8 per iteration of an scf.for (its result)",
    17: "m = offs % n < 500",
    18: "m = offs // 2 < n",
    19: "m = offs < (n >> 2)",
    20: "m = where(offs < n, offs, 0) < 300",
    21: "o = max_contiguous(multiple_of(offs % n, 8), 8)",
    22: "o = offs ^ 8",
    23: "o = offs & 1023",
    24: "o = (offs // 8) * 8 + offs % 8",
    25: "o = minimum(offs, 1023)",
    26: "o = program_id * n + offs (int64)",
    27: "a pointer advanced by n per iteration, loaded in the loop (an scf.for iter arg)",
    28: "2-D: (rows % n)[:, None] * n + cols[None, :], [1, 8] per thread",
    29: "o = offs.to(uint32) % 64 (remui)",
    30: "m = offs < n (the load's mask; n a multiple of 16 or not)",
}

CHILD = r'''
import json, sys, os, tempfile
os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="ax_")
sys.path.insert(0, sys.argv[3])
import torch
from axis_rules_kernel import probe
import triton
from triton.backends.compiler import GPUTarget
arch = int(sys.argv[4])
tgt = GPUTarget("cuda", arch, 32)
triton.runtime.driver.active.get_current_target = lambda: tgt
op, n = int(sys.argv[1]), int(sys.argv[2])
x = torch.zeros(1 << 16, dtype=torch.float16, device="cuda")
y = torch.zeros(1 << 16, dtype=torch.float16, device="cuda")
idx = torch.zeros(1024, dtype=torch.int32, device="cuda")
try:
    ck = probe.warmup(x, y, idx, n, OP=op, BLOCK=1024, grid=(1, ), num_warps=4)
    asm = ck.asm
except Exception:  # ptxas may not know a newer arch: the PTX is in the cache
    import glob
    asm = {k: open(sorted(glob.glob(os.path.join(os.environ["TRITON_CACHE_DIR"], "**", "*." + k),
                                    recursive=True))[-1]).read() for k in ("ttgir", "ptx")}
print(json.dumps({"ttgir": asm["ttgir"], "ptx": asm["ptx"]}))
'''


def main():
    sys.path.insert(0, HERE)
    from vector_widths import widths
    out = sys.argv[1]
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 12
    archs = [int(a) for a in sys.argv[sys.argv.index("--archs") + 1].split(",")] if "--archs" in sys.argv else [90]
    todo = [(op, n, arch) for arch in archs for op in CASES for n in (1024, 1001)]

    def one(t):
        op, n, arch = t
        p = subprocess.run([sys.executable, "-c", CHILD, str(op), str(n), HERE, str(arch)], capture_output=True,
                           text=True, timeout=300)
        name = f"axis{op}:n{n}"
        if p.returncode != 0:
            return {"kernel": name, "arch": arch, "case": CASES[op], "error": p.stderr[-600:]}
        r = json.loads(p.stdout.strip().splitlines()[-1])
        return {"kernel": name, "arch": arch, "case": CASES[op], "ttgir": r["ttgir"], "widths": widths(r["ptx"])}

    with ThreadPoolExecutor(jobs) as ex, open(out, "w") as f:
        for r in ex.map(one, todo):
            f.write(json.dumps(r) + "\n")
            print(r["kernel"], r["case"], json.dumps(r.get("widths", r.get("error", "")[-300:])), flush=True)


if __name__ == "__main__":
    main()
