#!/usr/bin/env python3
"""Gluon 3.6's own layout objects: build one of every class Gluon 3.6 has, with varied parameters (CTA layouts
included), and record what Gluon says about each: repr(), the MLIR attribute its _to_ir builds, and, for
distributed layouts, to_linear_layout's bases. tests/oracle/check_gluon.py then reads every repr with our CLI.

usage (on a machine with Triton 3.6):  python3 tests/gpu/gen_gluon_cases.py [OUT_DIR] [--seed 36] [--jobs 14]
  OUT_DIR defaults to $OUT. Writes OUT_DIR/triton36_gluon.jsonl, one line per object:
  {"id", "cls", "expr", "space", "shape", "repr", "bases"?, "bases_error"?, "error"?}
  Copy it to tests/oracle/data/ and CTest registers oracle_gluon_triton36_gluon.
Triton 3.6's to_linear_layout aborts the process on shared and tensor-memory layouts, so every chunk runs in its
own subprocess with a timeout, and shared/tmem objects go one per process; their bases are not recorded.
`--static` instead builds NVMMASharedLayout.get_default_for / PaddedSharedLayout.with_identity_for calls (repr only)
and writes OUT_DIR/triton36_gluon_static.jsonl.
`python3 gen_gluon_cases.py --list` prints the cases without Triton (a local syntax/smoke check).
"""
import json
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

PRELUDE = """
from triton.experimental.gluon import language as ttgl
gl = ttgl
try:
    from triton.experimental.gluon.language.amd import AMDMFMALayout, AMDWMMALayout
except Exception:
    pass
try:
    from triton.experimental.gluon.language.nvidia.blackwell import TensorMemoryLayout, TensorMemoryScalesLayout
except Exception:
    pass
"""


def pow2_split(rng, total, rank):
    """`rank` powers of two whose product is `total`."""
    out = [1] * rank
    t = total
    while t > 1:
        out[rng.randrange(rank)] *= 2
        t //= 2
    return out


def cga(rng, rank, nctas):
    """A CTA layout: log2(nctas) bases, each a unit vector (or zero: broadcast) of `rank` dims."""
    bases, used = [], [0] * rank
    for _ in range(nctas.bit_length() - 1):
        b = [0] * rank
        if rng.random() < 0.85:
            d = rng.randrange(rank)
            b[d] = 1 << used[d]
            used[d] += 1
        bases.append(b)
    return bases


def blocked(rng, rank, nctas=1):
    spt = [rng.choice([1, 1, 2, 4]) for _ in range(rank)]
    tpw = pow2_split(rng, 32, rank)
    wpc = pow2_split(rng, rng.choice([1, 2, 4, 8]), rank)
    order = list(range(rank))
    rng.shuffle(order)
    c = cga(rng, rank, nctas)
    return f"ttgl.BlockedLayout(size_per_thread={spt}, threads_per_warp={tpw}, warps_per_cta={wpc}, order={order}, cga_layout={c})"


def nvmma(rng, version, nctas=1):
    if version == 2:
        wpc = pow2_split(rng, rng.choice([1, 2, 4, 8]), 2)
        inst = [16, 8]
    else:
        wpc = [4 * rng.choice([1, 2]), 1]
        inst = [16, rng.choice([8, 16, 32, 64, 128, 256]), 16]
    return f"ttgl.NVMMADistributedLayout(version=[{version}, 0], warps_per_cta={wpc}, instr_shape={inst}, cga_layout={cga(rng, 2, nctas)})"


def cases(seed):
    rng = random.Random(seed)
    out = []

    def add(cls, expr, shape, space="reg"):
        out.append(dict(id=f"{cls}-{len(out)}", cls=cls, expr=expr, shape=shape, space=space))

    for i in range(40):
        rank = rng.choice([1, 2, 2, 3])
        shape = [rng.choice([1, 4, 16, 64]) for _ in range(rank)]
        add("BlockedLayout", blocked(rng, rank, rng.choice([1, 1, 2, 4])), shape)
    for i in range(20):
        rank = rng.choice([2, 3])
        dim = rng.randrange(rank)
        shape = [rng.choice([4, 16, 64]) for _ in range(rank - 1)]
        add("SliceLayout", f"ttgl.SliceLayout(dim={dim}, parent={blocked(rng, rank, rng.choice([1, 2]))})", shape)
    for i in range(20):
        shape = [rng.choice([1, 8, 32, 64]) for _ in range(2)]
        n = 1 + (shape[0] * shape[1] - 1).bit_length()
        pool = [[1 << b, 0] for b in range(shape[0].bit_length() - 1)] + \
               [[0, 1 << b] for b in range(shape[1].bit_length() - 1)]
        rng.shuffle(pool)
        while len(pool) < 5 + 2:
            pool.insert(rng.randrange(len(pool) + 1), [0, 0])
        nreg = rng.randrange(len(pool) - 5 + 1)
        reg, lane, warp = pool[:nreg], pool[nreg:nreg + 5], pool[nreg + 5:]
        add("DistributedLinearLayout",
            f"ttgl.DistributedLinearLayout(reg_bases={reg}, lane_bases={lane}, warp_bases={warp}, block_bases=[], shape={shape})",
            shape)
    for i in range(20):
        v = rng.choice([2, 3])
        add("NVMMADistributedLayout", nvmma(rng, v, rng.choice([1, 2])), [64, 64] if v == 2 else [128, 128])
    for i in range(20):
        op = rng.choice([0, 1])
        kw = rng.choice([1, 2, 4, 8])
        add("DotOperandLayout", f"ttgl.DotOperandLayout(operand_index={op}, parent={nvmma(rng, 2)}, k_width={kw})",
            [64, 64])
    for i in range(20):
        v = rng.choice([1, 2, 3, 4])
        inst = rng.choice([[32, 32, 8], [16, 16, 16], [32, 32, 16], [16, 16, 32]])
        tp = rng.choice([True, False])
        wpc = pow2_split(rng, rng.choice([1, 4, 8]), 2)
        bw = rng.choice([32, 64])
        tiles = [rng.choice([1, 2]), rng.choice([1, 2])]
        add("AMDMFMALayout",
            f"AMDMFMALayout(version={v}, instr_shape={inst}, transposed={tp}, warps_per_cta={wpc}, element_bitwidth={bw}, tiles_per_warp={tiles}, cga_layout={cga(rng, 2, rng.choice([1, 2]))})",
            [128, 128])
    for i in range(20):
        v = rng.choice([1, 2, 3])
        inst = {1: [16, 16, 16], 2: [16, 16, 16], 3: rng.choice([[16, 16, 32], [16, 16, 64]])}[v]
        add("AMDWMMALayout",
            f"AMDWMMALayout(version={v}, transposed={rng.choice([True, False])}, warps_per_cta={pow2_split(rng, 4, 2)}, instr_shape={inst}, tiles_per_warp={[rng.choice([1, 2]), 1]}, cga_layout={cga(rng, 2, rng.choice([1, 2]))})",
            [64, 64])
    for i in range(12):
        vec = rng.choice([1, 2, 4, 8])
        pp = rng.choice([1, 2, 4])
        mp = rng.choice([1, 2, 4, 8])
        order = rng.choice([[1, 0], [0, 1]])
        add("SwizzledSharedLayout",
            f"ttgl.SwizzledSharedLayout(vec={vec}, per_phase={pp}, max_phase={mp}, order={order}, cga_layout={cga(rng, 2, rng.choice([1, 2]))})",
            [64, 64], "shared")
    for i in range(12):
        sw = rng.choice([0, 32, 64, 128])
        bw = rng.choice([8, 16, 32])
        rank = rng.choice([2, 3])
        add("NVMMASharedLayout",
            f"ttgl.NVMMASharedLayout(swizzle_byte_width={sw}, element_bitwidth={bw}, rank={rank}, transposed={rng.choice([True, False])}, fp4_padded=False, cga_layout={cga(rng, rank, rng.choice([1, 2]))})",
            [2, 64, 64][3 - rank:], "shared")
    for dt in ("ttgl.float16", "ttgl.float32", "ttgl.float8e5", "ttgl.bfloat16"):
        for bs in ([64, 64], [128, 32], [16, 256]):
            add("NVMMASharedLayout", f"ttgl.NVMMASharedLayout.get_default_for({bs}, {dt})", bs, "shared")
    for i in range(6):
        add("PaddedSharedLayout",
            f"ttgl.PaddedSharedLayout(interval_padding_pairs=[[{rng.choice([16, 32, 64])}, {rng.choice([1, 2, 4])}]], offset_bases=[[0, 1], [0, 2], [1, 0], [2, 0]], block_bases=[], shape=[4, 4])",
            [4, 4], "shared")
    for i in range(6):
        add("PaddedSharedLayout",
            f"ttgl.PaddedSharedLayout.with_identity_for([[{rng.choice([32, 64])}, {rng.choice([2, 4])}]], [64, 64], {rng.choice([[1, 0], [0, 1]])})",
            [64, 64], "shared")
    for i in range(6):
        add("SharedLinearLayout",
            f"ttgl.SharedLinearLayout(offset_bases=[[0, 1], [1, 1], [2, 0], [0, 2]], block_bases=[], alignment={rng.choice([16, 128])})",
            [4, 4], "shared")
    for bm, bn, cs in ((128, 128, 1), (64, 64, 2), (128, 64, 1), (128, 32, 2)):
        add("TensorMemoryLayout", f"TensorMemoryLayout(block=({bm}, {bn}), col_stride={cs})", [bm, bn], "tmem")
        add("TensorMemoryLayout", f"TensorMemoryLayout(block=({bm}, {bn}), col_stride={cs}, cta_split_num=(2, 1))",
            [2 * bm, bn], "tmem")
    add("TensorMemoryScalesLayout", "TensorMemoryScalesLayout()", [128, 4], "tmem")
    add("TensorMemoryScalesLayout", "TensorMemoryScalesLayout(cta_split_num=(1, 2))", [128, 4], "tmem")
    return out


def static_cases(seed):
    """NVMMASharedLayout.get_default_for and PaddedSharedLayout.with_identity_for over their arguments: dtypes,
    transposed, fp4_padded, cga_layout, ranks 1-3, shapes that pick each swizzle (or none), and calls Gluon
    rejects (their "error" is the oracle that we reject them too)."""
    rng = random.Random(seed)
    out = []

    def add(cls, expr, shape):
        out.append(dict(id=f"{cls}-static-{len(out)}", cls=cls, expr=expr, shape=shape, space="shared"))

    dtypes = ["ttgl.float16", "gl.bfloat16", "ttgl.float32", "ttgl.float8e5", "ttgl.float8e4nv", "ttgl.int8",
              "ttgl.float64", "ttgl.int1"]
    shapes = [[64, 64], [128, 32], [16, 256], [8, 16], [4, 64], [128, 8], [64], [2, 64, 64], [32, 32, 4]]
    for bs in shapes:
        for dt in dtypes:
            tp = rng.choice([False, True])
            add("NVMMASharedLayout", f"ttgl.NVMMASharedLayout.get_default_for({bs}, {dt}, transposed={tp})", bs)
    for i in range(24):
        bs = rng.choice([[64, 64], [128, 64], [256, 32], [64, 128]])
        c = cga(rng, 2, rng.choice([2, 4]))
        kw = rng.choice(["", ", transposed=True", ", fp4_padded=True", ", transposed=True, fp4_padded=True"])
        dt = rng.choice(["ttgl.float16", "ttgl.int8", "ttgl.float32"])
        add("NVMMASharedLayout", f"gl.NVMMASharedLayout.get_default_for(block_shape={bs}, dtype={dt}{kw}, cga_layout={c})",
            bs)
    for dt in ("ttgl.int8", "ttgl.float16"):
        for bs in ([128, 64], [64, 32], [8, 8]):
            add("NVMMASharedLayout", f"ttgl.NVMMASharedLayout.get_default_for({bs}, {dt}, False, True)", bs)
    for i in range(24):
        rank = rng.choice([1, 2, 2, 3])
        shape = [rng.choice([4, 16, 64]) for _ in range(rank)]
        order = list(range(rank))
        rng.shuffle(order)
        pairs = [[rng.choice([16, 32, 64, 128]), rng.choice([1, 2, 4])] for _ in range(rng.choice([1, 2]))]
        if len(pairs) == 2 and pairs[0][0] == pairs[1][0]:
            pairs = pairs[:1]
        c = f", cga_layout={cga(rng, rank, rng.choice([2, 4]))}" if rng.random() < 0.4 else ""
        add("PaddedSharedLayout", f"ttgl.PaddedSharedLayout.with_identity_for({pairs}, {shape}, {order}{c})", shape)
    add("PaddedSharedLayout", "ttgl.PaddedSharedLayout.with_identity_for([[32, 2]], [64, 64], [0])", [64, 64])
    add("PaddedSharedLayout", "ttgl.PaddedSharedLayout.with_identity_for([[32, 2]], [64, 48], [1, 0])", [64, 48])
    return out


def run_chunk(chunk):
    """In a fresh process: evaluate each expression, repr it, its attribute, and (distributed) its bases."""
    ns = {}
    exec(PRELUDE, ns)
    from triton._C.libtriton import ir, gluon_ir
    ctx = ir.context()
    ir.load_dialects(ctx)
    for be in ("nvidia", "amd"):
        try:
            __import__("triton._C.libtriton", fromlist=[be]).__dict__[be].load_dialects(ctx)
        except Exception:
            pass
    b = gluon_ir.GluonOpBuilder(ctx)
    for c in chunk:
        rec = dict(c)
        try:
            lay = eval(c["expr"], ns)
            rec["repr"] = repr(lay)
            # (str() of the attribute _to_ir builds is an object address in Triton 3.6's binding,
            # not MLIR text, so no "attr" is recorded; the repr and the bases are the oracle.)
            if c["space"] == "reg":
                try:
                    ll = b.to_linear_layout(lay._to_ir(b), c["shape"])
                    rec["bases"] = {k: getattr(ll, k + "_bases") for k in ("reg", "lane", "warp", "block")
                                    if hasattr(ll, k + "_bases")}
                except Exception as e:
                    rec["bases_error"] = f"{type(e).__name__}: {str(e)[:160]}"
            else:
                rec["bases_error"] = "Triton 3.6 aborts to_linear_layout on shared/tensor-memory layouts"
        except Exception as e:
            rec["error"] = f"{type(e).__name__}: {str(e)[:200]}"
        print(json.dumps(rec), flush=True)


def drive(chunk):
    try:
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--chunk", json.dumps(chunk)],
                           capture_output=True, text=True, timeout=180)
        got = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
        done = {g["id"] for g in got}
        return got + [dict(c, error=f"process exit {p.returncode}: {p.stderr.strip()[-200:]}")
                      for c in chunk if c["id"] not in done]
    except Exception as e:
        return [dict(c, error=f"driver: {e}") for c in chunk]


def main():
    args = sys.argv[1:]
    if args and args[0] == "--chunk":
        run_chunk(json.loads(args[1]))
        return 0
    seed, jobs = 36, 14
    if "--seed" in args:
        seed = int(args[args.index("--seed") + 1])
    if "--jobs" in args:
        jobs = int(args[args.index("--jobs") + 1])
    static = "--static" in args
    cs = static_cases(seed) if static else cases(seed)
    if "--list" in args:
        for c in cs:
            compile(c["expr"], c["id"], "eval")  # every expression is valid Python
            print(json.dumps(c))
        print(f"{len(cs)} cases, classes: {sorted({c['cls'] for c in cs})}", file=sys.stderr)
        return 0
    outdir = next((a for a in args if not a.startswith("--") and not a.isdigit()), os.environ.get("OUT", "."))
    os.makedirs(outdir, exist_ok=True)
    reg = [c for c in cs if c["space"] == "reg"]
    chunks = [reg[i:i + 30] for i in range(0, len(reg), 30)] + [[c] for c in cs if c["space"] != "reg"]
    if static:  # repr only, no to_linear_layout: one process holds them all
        chunks = [cs]
    with ThreadPoolExecutor(jobs) as ex:
        recs = [r for part in ex.map(drive, chunks) for r in part]
    path = os.path.join(outdir, "triton36_gluon_static.jsonl" if static else "triton36_gluon.jsonl")
    with open(path, "w") as f:
        for r in recs:
            f.write(json.dumps(r) + "\n")
    by = {}
    for r in recs:
        k = by.setdefault(r["cls"], [0, 0, 0])
        k[0] += 1
        k[1] += "repr" in r
        k[2] += "bases" in r
    for cls, (n, rp, bs) in sorted(by.items()):
        print(f"{cls:28s} {n:4d} objects, repr {rp:4d}, bases {bs:4d}")
    errs = [r for r in recs if "error" in r]
    for r in errs[:12]:
        print("ERROR", r["id"], r["expr"][:120], r["error"][:200])
    print(f"wrote {path}: {len(recs)} objects, {len(errs)} errors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
