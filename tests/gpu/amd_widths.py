"""The widths of the global loads and stores Triton 3.6's AMD backend emits, beside the TTGIR it emitted
them from (GPU machine, Triton 3.6; no AMD GPU is needed: Triton compiles for the target and the
AMDGCN assembly is read, not run).

    python3 tests/gpu/amd_widths.py OUT.jsonl [--jobs 14] [--targets gfx942,gfx950,...]

Compiles the kernels of ttgir/kernels.py and the cases of axis_rules.py (their Gluon layout with 64 or
32 lanes, as the target has) for each target, each in its own process. One line per kernel and target:
its TTGIR and, from its AMDGCN assembly, the count of every vector memory access width: `ld`
(global_load_* / buffer_load_*), `st` (global_store_* / buffer_store_*) and `cp` (loads straight to
LDS: buffer_load_* ... lds, global_load_lds_*), in bits, as `amdgcn_widths`; and as `widths` the same
counts from the LLVM IR Triton hands the AMDGPU backend (Triton's own vectorisation, before the
backend merges narrow accesses it can prove consecutive or makes uniform ones scalar).
check_vector_widths.py compares the audit's widths with `widths`.
"""
import json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
TARGETS = {"gfx942": 64, "gfx950": 64, "gfx90a": 64, "gfx1100": 32, "gfx1200": 32}

CHILD = r'''
import json, sys, os, tempfile, glob
cache = tempfile.mkdtemp(prefix="aw_")
os.environ["TRITON_CACHE_DIR"] = cache
here, name, arch, lanes = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "ttgir"))
import torch, triton
from triton.backends.compiler import GPUTarget
tgt = GPUTarget("hip", arch, lanes)
triton.runtime.driver.active.get_current_target = lambda: tgt
err = None
asm = {}
try:
    if name.startswith("axis"):
        from axis_rules_kernel import probe
        op, n = name[4:].split(":n")
        x = torch.zeros(1 << 16, dtype=torch.float16, device="cuda")
        y = torch.zeros(1 << 16, dtype=torch.float16, device="cuda")
        idx = torch.zeros(4096, dtype=torch.int32, device="cuda")
        ck = probe.warmup(x, y, idx, int(n), OP=int(op), BLOCK=32 * lanes, LANES=lanes, grid=(1, ), num_warps=4)
    else:
        import kernels
        fn, args, consts, opts = kernels.make(name)
        ck = fn.warmup(*args, grid=(1, ), **consts, **opts)
    asm = {k: ck.asm[k] for k in ("ttgir", "llir", "amdgcn") if k in ck.asm}
except Exception as e:
    err = f"{type(e).__name__}: {str(e)[:300]}"
for k in ("ttgir", "llir", "amdgcn"):
    if k not in asm:
        found = sorted(glob.glob(os.path.join(cache, "**", "*." + k), recursive=True))
        if found:
            asm[k] = open(found[-1]).read()
print(json.dumps({"asm": asm, "error": err}))
'''

# global_load_dwordx4, buffer_store_short, global_load_b128, global_load_lds_dwordx4, ...
MEM = re.compile(r"^\s*(global|buffer|flat)_(load|store)_(lds_)?([a-z0-9_]+)\b(.*)$", re.M)
SIZE = {"dword": 32, "dwordx2": 64, "dwordx3": 96, "dwordx4": 128, "ushort": 16, "sshort": 16,
        "short": 16, "ubyte": 8, "sbyte": 8, "byte": 8, "b32": 32, "b64": 64, "b96": 96, "b128": 128,
        "u16": 16, "i16": 16, "b16": 16, "u8": 8, "i8": 8, "b8": 8}


def widths(amdgcn):
    out = {"ld": {}, "st": {}, "cp": {}}
    for m in MEM.finditer(amdgcn):
        kind, lds, suffix, rest = m.group(2), m.group(3), m.group(4), m.group(5)
        bits = None
        for part in [suffix] + suffix.split("_"):
            if part in SIZE:
                bits = SIZE[part]
                break
        if bits is None:  # d16 forms: short_d16, d16_b16, ubyte_d16_hi, ...
            for part in suffix.split("_"):
                if part in SIZE:
                    bits = SIZE[part]
        if bits is None:
            continue
        key = "cp" if (lds or re.search(r"\blds\b", rest)) else ("ld" if kind == "load" else "st")
        out[key][str(bits)] = out[key].get(str(bits), 0) + 1
    return out


# Triton's own decision, in the LLVM IR it hands the AMDGPU backend (which may still merge narrow
# accesses whose addresses it can prove consecutive, or make uniform ones scalar):
#   load <8 x half>, ptr addrspace(1) ...            store <4 x float> %v, ptr addrspace(1) ...
#   @llvm.amdgcn.raw.ptr.buffer.load.v4i32(...)       @llvm.amdgcn.raw.ptr.buffer.store.v2f16(...)
#   @llvm.amdgcn.raw.ptr.buffer.load.lds(..., i32 16, ...)   @llvm.amdgcn.global.load.lds(..., i32 16, ...)
SCALAR = {"half": 16, "bfloat": 16, "float": 32, "double": 64, "ptr": 64}


def type_bits(t):
    t = t.strip()
    m = re.fullmatch(r"<(\d+) x ([a-z0-9]+)>", t)
    if m:
        e = type_bits(m.group(2))
        return int(m.group(1)) * e if e else None
    if t in SCALAR:
        return SCALAR[t]
    m = re.fullmatch(r"i(\d+)", t)
    return int(m.group(1)) if m else None


def suffix_bits(s):
    m = re.fullmatch(r"v(\d+)([a-z]+)(\d+)", s)
    if m:
        return int(m.group(1)) * int(m.group(3))
    m = re.fullmatch(r"[a-z]+(\d+)", s)
    return int(m.group(1)) if m else None


LL_LOAD = re.compile(r"= load (?:volatile )?(<\d+ x [a-z0-9]+>|[a-z0-9]+), ptr addrspace\(1\)")
LL_STORE = re.compile(r"\bstore (?:volatile )?(<\d+ x [a-z0-9]+>|[a-z0-9]+) [^,]+, ptr addrspace\(1\)")
LL_BUF = re.compile(r"@llvm\.amdgcn\.raw\.ptr\.buffer\.(load|store)\.([a-z0-9]+)\(")
LL_LDS = re.compile(r"@llvm\.amdgcn\.(?:raw\.ptr\.buffer\.load\.lds|global\.load\.lds)\(.*?"
                    r"ptr addrspace\(3\) %[\w.]+, i32 (\d+),")


def llir_widths(llir):
    out = {"ld": {}, "st": {}, "cp": {}}

    def add(k, bits):
        if bits:
            out[k][str(bits)] = out[k].get(str(bits), 0) + 1
    for line in llir.split("\n"):
        if line.lstrip().startswith("declare"):
            continue
        for m in LL_LOAD.finditer(line):
            add("ld", type_bits(m.group(1)))
        for m in LL_STORE.finditer(line):
            add("st", type_bits(m.group(1)))
        for m in LL_BUF.finditer(line):
            if m.group(2) != "lds":
                add("ld" if m.group(1) == "load" else "st", suffix_bits(m.group(2)))
        for m in LL_LDS.finditer(line):
            add("cp", int(m.group(1)) * 8)
    return out


def main():
    sys.path.insert(0, os.path.join(HERE, "ttgir"))
    sys.path.insert(0, HERE)
    import kernels
    from axis_rules import CASES
    out = sys.argv[1]
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 14
    targets = sys.argv[sys.argv.index("--targets") + 1].split(",") if "--targets" in sys.argv else list(TARGETS)
    names = list(kernels.KERNELS) + [f"axis{op}:n{n}" for op in CASES for n in (1024, 1001)]
    if "--only" in sys.argv:
        names = sys.argv[sys.argv.index("--only") + 1].split(",")
    todo = [(name, t) for t in targets for name in names]

    def one(job):
        name, arch = job
        try:
            p = subprocess.run([sys.executable, "-c", CHILD, HERE, name, arch, str(TARGETS[arch])],
                               capture_output=True, text=True, timeout=300)
            r = json.loads(p.stdout.strip().splitlines()[-1])
        except Exception as e:
            return {"kernel": name, "arch": arch, "error": f"{type(e).__name__}: {str(e)[:300]}"}
        rec = {"kernel": name, "arch": arch}
        if "ttgir" in r["asm"]:
            rec["ttgir"] = r["asm"]["ttgir"]
        if "llir" in r["asm"]:
            rec["widths"] = llir_widths(r["asm"]["llir"])
        if "amdgcn" in r["asm"]:
            rec["amdgcn_widths"] = widths(r["asm"]["amdgcn"])
        if r["error"]:
            rec["compile_error"] = r["error"]
        if "widths" not in rec:
            rec["error"] = r["error"] or "no llir"
            rec.pop("ttgir", None)
        return rec

    with ThreadPoolExecutor(jobs) as ex, open(out, "w") as f:
        for r in ex.map(one, todo):
            f.write(json.dumps(r) + "\n")
            print(r["kernel"], r["arch"], json.dumps(r.get("widths", r.get("error", ""))),
                  json.dumps(r.get("amdgcn_widths", "")), flush=True)


if __name__ == "__main__":
    main()
