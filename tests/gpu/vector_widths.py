"""The widths of the global loads and stores Triton 3.6 emits, beside the TTGIR it emitted them from
(GPU machine, Triton 3.6): the reference for the audit's `vector_bits`.

python3 tests/gpu/vector_widths.py OUT.jsonl [--archs 90,80]

Compiles the kernels of ttgir/kernels.py for sm90 (the machine's own) and sm80, plus softmax
variants whose specialisation changes what Triton's axis analysis knows (a row length divisible by
16 or not, a row stride divisible by 16 or not), each in its own process. One line per kernel:
its TTGIR and, from its PTX, the count of every global access width: `ld` (ld.global), `st`
(st.global) and `cp` (cp.async ... 4/8/16 bytes), in bits. check_vector_widths.py compares the
audit's widths with them.
"""
import json, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "ttgir"))

CHILD = r'''
import json, sys, os, tempfile
os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="vw_")
sys.path.insert(0, sys.argv[1])
import triton, kernels
from triton.backends.compiler import GPUTarget
name, arch = sys.argv[2], int(sys.argv[3])
tgt = GPUTarget("cuda", arch, 32)
triton.runtime.driver.active.get_current_target = lambda: tgt
base = name.split(":")[0]
fn, args, consts, opts = kernels.make(base)
if name == "softmax:n1024":
    args[4] = 1024          # n_cols divisible by 16: tt.divisibility on it
if name == "softmax:stride1001":
    args[2] = 1001          # in_stride not divisible by 16: no hint on it
    args[4] = 1024
try:
    ck = fn.warmup(*args, grid=(1, ), **consts, **opts)
    asm = ck.asm
except Exception:  # ptxas may not know a newer arch: the PTX is in the cache
    import glob
    asm = {k: open(sorted(glob.glob(os.path.join(os.environ["TRITON_CACHE_DIR"], "**", "*." + k),
                                    recursive=True))[-1]).read() for k in ("ttgir", "ptx")}
print(json.dumps({"ttgir": asm["ttgir"], "ptx": asm["ptx"]}))
'''

LDST = re.compile(r"\b(ld|st)\.global((?:\.[a-zA-Z0-9_:]+)*)\s")
CP = re.compile(r"\bcp\.async\.(?:ca|cg)\.shared(?:::cta)?\.global(?:\.[a-zA-Z0-9_:]+)*\s+\[[^\]]*\],\s*\[[^\]]*\],\s*(0x[0-9a-fA-F]+|\d+)")


def widths(ptx):
    out = {"ld": {}, "st": {}, "cp": {}}
    for m in LDST.finditer(ptx):
        mods = m.group(2).split(".")
        vec = 1
        bits = None
        for x in mods:
            if x in ("v2", "v4", "v8"):
                vec = int(x[1:])
            mt = re.fullmatch(r"[bfsu](8|16|32|64)", x)
            if mt:
                bits = int(mt.group(1))
        if bits:
            k = str(vec * bits)
            out[m.group(1)][k] = out[m.group(1)].get(k, 0) + 1
    for m in CP.finditer(ptx):
        k = str(int(m.group(1), 0) * 8)
        out["cp"][k] = out["cp"].get(k, 0) + 1
    return out


def main():
    import kernels
    names = [k for k in kernels.KERNELS] + ["softmax:n1024", "softmax:stride1001"]
    if "--only" in sys.argv:
        names = sys.argv[sys.argv.index("--only") + 1].split(",")
    with open(sys.argv[1], "w") as f:
        archs = [int(a) for a in sys.argv[sys.argv.index("--archs") + 1].split(",")] if "--archs" in sys.argv \
            else (90, 80)
        for arch in archs:
            for name in names:
                p = subprocess.run([sys.executable, "-c", CHILD, os.path.join(HERE, "ttgir"), name, str(arch)],
                                   capture_output=True, text=True, timeout=300)
                if p.returncode != 0:
                    f.write(json.dumps({"kernel": name, "arch": arch, "error": p.stderr[-400:]}) + "\n")
                    print(name, arch, "error", p.stderr[-200:].replace("\n", " "), flush=True)
                    continue
                r = json.loads(p.stdout.strip().splitlines()[-1])
                w = widths(r["ptx"])
                f.write(json.dumps({"kernel": name, "arch": arch, "ttgir": r["ttgir"], "widths": w}) + "\n")
                print(name, arch, json.dumps(w), flush=True)


if __name__ == "__main__":
    main()
