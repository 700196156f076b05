#!/usr/bin/env python3
"""Compare Layout Studio's conversion and coalescing analyses with Triton 3.6.

Runs on a machine with Triton 3.6 (the GPU machine; see run.sh). For a fixed,
seeded spread of layout pairs it records, one JSON line per case:

  kind "convert":  Triton's GluonOpBuilder.is_convert_layout_trivial, our
                   `layout-studio-cli convert --json`, and (NVIDIA layouts, one
                   CTA) what Triton actually emits when it compiles the
                   ttg.convert_layout: metadata.shared and the shfl.sync,
                   st.shared, ld.shared and bar.sync counts in PTX and LLVM IR.
  kind "coalesce": the layout Gluon's CoalescedLayout (get_coalesced_layout)
                   resolves to through gluon-infer-coalesced-encodings, the one
                   tritongpu-coalesce picks, and our `coalesce --json`.

Usage: compare_triton.py --cli build/bin/layout-studio-cli --out OUT.jsonl
       [--seed 36] [--compile-budget 240] [--dry-run]
--dry-run needs no Triton: attribute text comes from our own printer and the
Triton fields are left empty (to test this script and make_table.py locally).
"""
import argparse
import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
import traceback

DRY = False

# ---------------------------------------------------------------------------
# Layout specs (plain dicts), turned into Gluon objects or attribute text.


def blocked(spt, tpw, wpc, order, cga=None):
    return dict(t="blocked", spt=spt, tpw=tpw, wpc=wpc, order=order, cga=cga or [])


def slice_(dim, parent):
    return dict(t="slice", dim=dim, parent=parent)


def mma(version, wpc, instr):
    return dict(t="mma", version=version, wpc=wpc, instr=instr)


def dot(op, parent, kw):
    return dict(t="dot", op=op, parent=parent, kw=kw)


def linear(reg, lane, warp, block=None):
    return dict(t="linear", reg=reg, lane=lane, warp=warp, block=block or [])


def mfma(version, instr, transposed, wpc):
    return dict(t="mfma", version=version, instr=instr, transposed=transposed, wpc=wpc)


def to_gluon(spec, shape):
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon.language.amd import AMDMFMALayout
    t = spec["t"]
    if t == "blocked":
        return gl.BlockedLayout(spec["spt"], spec["tpw"], spec["wpc"], spec["order"], cga_layout=spec["cga"])
    if t == "slice":
        return gl.SliceLayout(spec["dim"], to_gluon(spec["parent"], None))
    if t == "mma":
        return gl.NVMMADistributedLayout(version=spec["version"], warps_per_cta=spec["wpc"],
                                         instr_shape=spec["instr"])
    if t == "dot":
        return gl.DotOperandLayout(spec["op"], to_gluon(spec["parent"], None), spec["kw"])
    if t == "linear":
        return gl.DistributedLinearLayout(reg_bases=spec["reg"], lane_bases=spec["lane"],
                                          warp_bases=spec["warp"], block_bases=spec["block"],
                                          shape=list(shape))
    if t == "mfma":
        return AMDMFMALayout(version=spec["version"], instr_shape=spec["instr"],
                             transposed=spec["transposed"], warps_per_cta=spec["wpc"])
    raise ValueError(t)


def lst(v):
    return "[" + ", ".join(str(x) for x in v) + "]"


def to_text(spec):
    """Our spelling (dry runs only; real runs use Triton's printed text)."""
    t = spec["t"]
    if t == "blocked":
        cga = f", CGALayout = {lst([lst(b) for b in spec['cga']])}" if spec["cga"] else ""
        return (f"#ttg.blocked<{{sizePerThread = {lst(spec['spt'])}, threadsPerWarp = {lst(spec['tpw'])}, "
                f"warpsPerCTA = {lst(spec['wpc'])}, order = {lst(spec['order'])}{cga}}}>")
    if t == "slice":
        return f"#ttg.slice<{{dim = {spec['dim']}, parent = {to_text(spec['parent'])}}}>"
    if t == "mma":
        return (f"#ttg.nvidia_mma<{{versionMajor = {spec['version'][0]}, versionMinor = {spec['version'][1]}, "
                f"warpsPerCTA = {lst(spec['wpc'])}, instrShape = {lst(spec['instr'])}}}>")
    if t == "dot":
        return f"#ttg.dot_op<{{opIdx = {spec['op']}, parent = {to_text(spec['parent'])}, kWidth = {spec['kw']}}}>"
    if t == "linear":
        f = lambda bs: lst([lst(b) for b in bs])
        return (f"#ttg.linear<{{register = {f(spec['reg'])}, lane = {f(spec['lane'])}, warp = {f(spec['warp'])}, "
                f"block = {f(spec['block'])}}}>")
    if t == "mfma":
        return (f"#ttg.amd_mfma<{{version = {spec['version']}, warpsPerCTA = {lst(spec['wpc'])}, "
                f"instrShape = {lst(spec['instr'])}, isTransposed = {'true' if spec['transposed'] else 'false'}}}>")
    raise ValueError(t)


def is_nvidia(spec):
    t = spec["t"]
    if t == "mfma":
        return False
    if t in ("slice", "dot"):
        return is_nvidia(spec["parent"])
    return True


def num_ctas(spec):
    t = spec["t"]
    if t == "blocked":
        return 1 << len(spec["cga"])
    if t == "linear":
        return 1 << len(spec["block"])
    if t in ("slice", "dot"):
        return num_ctas(spec["parent"])
    return 1


def num_warps(spec):
    t = spec["t"]
    p = 1
    if t in ("blocked", "mma", "mfma"):
        for w in spec["wpc"]:
            p *= w
        return p
    if t == "linear":
        return 1 << len(spec["warp"])
    return num_warps(spec["parent"])


def lanes_of(spec):
    t = spec["t"]
    if t == "blocked":
        p = 1
        for x in spec["tpw"]:
            p *= x
        return p
    if t == "mfma":
        return 64
    if t == "linear":
        return 1 << len(spec["lane"])
    if t in ("slice", "dot"):
        return lanes_of(spec["parent"])
    return 32


# ---------------------------------------------------------------------------
# The spread of pairs.

P2 = lambda lo, hi: [1 << i for i in range(lo, hi + 1)]


def split(rng, total, rank):
    out = [1] * rank
    while total > 1:
        out[rng.randrange(rank)] *= 2
        total //= 2
    return out


def rand_blocked(rng, rank, warps, lanes=32, cga=None):
    order = list(range(rank))
    rng.shuffle(order)
    return blocked([rng.choice([1, 1, 2, 4, 8]) for _ in range(rank)], split(rng, lanes, rank),
                   split(rng, warps, rank), order, cga)


def bit_layout(rng, shape, warps, lanes=32):
    """A random bit-permutation linear layout of `shape` (registers take the rest)."""
    rank = len(shape)
    bits = [(d, i) for d in range(rank) for i in range(shape[d].bit_length() - 1)]
    rng.shuffle(bits)
    vec = lambda b: [(1 << b[1]) if d == b[0] else 0 for d in range(rank)]
    nl, nw = lanes.bit_length() - 1, warps.bit_length() - 1
    lane = [vec(b) for b in bits[:nl]]
    warp = [vec(b) for b in bits[nl:nl + nw]]
    reg = [vec(b) for b in bits[nl + nw:]]
    while len(lane) < nl:
        lane.append([0] * rank)
    while len(warp) < nw:
        warp.append([0] * rank)
    return linear(reg, lane, warp)


def mutate(rng, lin, how):
    """Derived layouts whose conversion class is known by construction."""
    reg, lane, warp = [list(map(list, x)) for x in (lin["reg"], lin["lane"], lin["warp"])]
    if how == "reg-perm" and len(reg) >= 2:
        i, j = rng.sample(range(len(reg)), 2)
        reg[i], reg[j] = reg[j], reg[i]
    elif how == "lane-perm" and len(lane) >= 2:
        i, j = rng.sample(range(len(lane)), 2)
        lane[i], lane[j] = lane[j], lane[i]
    elif how in ("one-swap", "two-swaps"):
        n = 1 if how == "one-swap" else 2
        ri = rng.sample(range(len(reg)), min(n, len(reg)))
        li = rng.sample(range(len(lane)), min(n, len(lane)))
        for a, b in zip(ri, li):
            reg[a], lane[b] = lane[b], reg[a]
    elif how == "lane-warp" and warp:
        i, j = rng.randrange(len(lane)), rng.randrange(len(warp))
        lane[i], warp[j] = warp[j], lane[i]
    return linear(reg, lane, warp, lin["block"])


def make_pairs(seed):
    rng = random.Random(seed)
    pairs = []

    def add(family, src, dst, shape, dtype="f16"):
        pairs.append(dict(family=family, src=src, dst=dst, shape=shape, dtype=dtype))

    # Same layout, and a blocked layout against itself written as bits.
    for _ in range(6):
        w = rng.choice([1, 2, 4, 8])
        b = rand_blocked(rng, 2, w)
        add("same", b, b, [rng.choice(P2(4, 7)), rng.choice(P2(4, 7))], rng.choice(["f16", "f32"]))
    # Random blocked pairs.
    for _ in range(40):
        w = rng.choice([1, 2, 4, 4, 8])
        rank = rng.choice([1, 2, 2, 2, 3])
        shape = [rng.choice(P2(3, 7) if rank < 3 else P2(2, 4)) for _ in range(rank)]
        add("blocked", rand_blocked(rng, rank, w), rand_blocked(rng, rank, w), shape,
            rng.choice(["f16", "f32", "i8", "f64"]))
    # Bit permutations with a known structure.
    for how in ["reg-perm", "lane-perm", "one-swap", "two-swaps", "lane-warp", "random"]:
        for _ in range(8):
            w = rng.choice([1, 2, 4])
            shape = [rng.choice(P2(3, 6)), rng.choice(P2(3, 6))]
            base = bit_layout(rng, shape, w)
            other = bit_layout(rng, shape, w) if how == "random" else mutate(rng, base, how)
            add("linear-" + how, base, other, shape, rng.choice(["f16", "f32", "i8"]))
    # NVIDIA mma v2 and its operands.
    for _ in range(16):
        w = split(rng, rng.choice([1, 2, 4, 8]), 2)
        parent = mma([2, 0], w, [16, 8])
        shape = [rng.choice(P2(4, 7)), rng.choice(P2(4, 7))]
        nw = w[0] * w[1]
        choice = rng.randrange(4)
        if choice == 0:
            add("mma2-dot", parent, dot(0, parent, 2), shape, "f16")
        elif choice == 1:
            add("mma2-dot", parent, dot(1, parent, 2), shape, "f16")
        elif choice == 2:
            add("blocked-dot", rand_blocked(rng, 2, nw), dot(rng.choice([0, 1]), parent, 2), shape, "f16")
        else:
            add("mma2-blocked", parent, rand_blocked(rng, 2, nw), shape, "f32")
    # Hopper mma v3.
    for _ in range(12):
        w = rng.choice([[4, 1], [4, 2], [8, 1]])
        n = rng.choice([16, 32, 64, 128])
        parent = mma([3, 0], w, [16, n, 16])
        shape = [rng.choice([64, 128]), rng.choice([n, 2 * n])]
        choice = rng.randrange(3)
        if choice == 0:
            add("mma3-blocked", parent, rand_blocked(rng, 2, w[0] * w[1]), shape, "f32")
        elif choice == 1:
            add("mma3-dot", parent, dot(0, parent, 2), [shape[0], 64], "f16")
        else:
            add("mma3-mma3", parent, mma([3, 0], w, [16, max(16, n // 2), 16]), shape, "f32")
    # Slices.
    for _ in range(12):
        w = rng.choice([1, 2, 4])
        d = rng.randrange(2)
        a = slice_(d, rand_blocked(rng, 2, w))
        b = slice_(d, rand_blocked(rng, 2, w)) if rng.random() < 0.6 else rand_blocked(rng, 1, w)
        add("slice", a, b, [rng.choice(P2(3, 8))], rng.choice(["f16", "f32"]))
    # AMD mfma (64 lanes): is_convert_layout_trivial only.
    for _ in range(10):
        w = split(rng, rng.choice([1, 2, 4]), 2)
        par = mfma(rng.choice([2, 3]), rng.choice([[32, 32, 8], [16, 16, 16]]), rng.random() < 0.5, w)
        shape = [rng.choice(P2(5, 7)), rng.choice(P2(5, 7))]
        if rng.random() < 0.5:
            add("mfma-blocked", par, rand_blocked(rng, 2, w[0] * w[1], lanes=64), shape, "f32")
        else:
            add("mfma-dot", par, dot(rng.choice([0, 1]), par, 4), shape, "f16")
    # Two CTAs.
    for _ in range(6):
        w = rng.choice([2, 4])
        c1 = [[rng.choice([1, 0]), 0]] if rng.random() < 0.5 else [[0, 1]]
        c2 = [[1, 0]] if rng.random() < 0.5 else [[0, 1]]
        b1 = rand_blocked(rng, 2, w, cga=c1)
        b2 = dict(b1, cga=c2) if rng.random() < 0.5 else rand_blocked(rng, 2, w, cga=c1)
        add("cga", b1, b2, [64, 64], "f32")
    # Interleave the families so that the compile budget samples all of them.
    random.Random(seed + 2).shuffle(pairs)
    return pairs


COALESCE_CASES = None


def make_coalesce_cases(seed):
    rng = random.Random(seed + 1)
    cases = [
        dict(shape=[64, 64], contiguity=[1, 64], divisibility=[16, 16], dtype="f32", warps=4, lanes=32),
        dict(shape=[64, 64], contiguity=[64, 1], divisibility=[16, 16], dtype="f32", warps=4, lanes=32),
    ]
    bits = {"f16": 2, "f32": 4, "i8": 1, "f64": 8, "bf16": 2}
    while len(cases) < 40:
        rank = rng.choice([1, 2, 2, 3])
        shape = [rng.choice(P2(2, 8) if rank < 3 else P2(1, 5)) for _ in range(rank)]
        d = rng.randrange(rank)
        contig = [1] * rank
        contig[d] = rng.choice([shape[d], shape[d], max(1, shape[d] // 2), 1])
        div = [rng.choice([16, 16, 8, 4, 2, 1]) for _ in range(rank)]
        cases.append(dict(shape=shape, contiguity=contig, divisibility=div,
                          dtype=rng.choice(list(bits)), warps=rng.choice([1, 2, 4, 8]), lanes=32))
    return cases


# ---------------------------------------------------------------------------
# Triton side (each case in a forked child so a crash costs one case).


def run_isolated(fn, *args, timeout=60):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            out = json.dumps(fn(*args))
        except BaseException as e:  # noqa: BLE001
            out = json.dumps(dict(error=f"{type(e).__name__}: {e}", trace=traceback.format_exc()[-2000:]))
        os.write(w, out.encode())
        os._exit(0)
    os.close(w)
    data = b""
    deadline = time.time() + timeout
    timed_out = False
    while True:
        left = deadline - time.time()
        if left <= 0:
            timed_out = True
            break
        ready, _, _ = select.select([r], [], [], left)
        if not ready:
            continue
        chunk = os.read(r, 1 << 16)
        if not chunk:
            break
        data += chunk
    os.close(r)
    if timed_out:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    _, status = os.waitpid(pid, 0)
    if timed_out:
        return dict(error=f"timed out after {timeout}s")
    if not data:
        return dict(error=f"child died (status {status})")
    try:
        return json.loads(data.decode())
    except Exception:  # noqa: BLE001
        return dict(error="unreadable child output")


def elem_ty(b, e):
    return {"f32": b.get_float_ty, "f16": b.get_half_ty, "i8": b.get_int8_ty, "f64": b.get_double_ty,
            "bf16": b.get_bf16_ty, "i32": b.get_int32_ty}[e]()


def attr_text(b, elem, shape, attr):
    ty = str(b.get_distributed_ty(elem, shape, attr))
    return ty[ty.index(", ") + 2:-1]


def triton_convert(case):
    from triton._C.libtriton import ir, gluon_ir
    ctx = ir.context()
    ir.load_dialects(ctx)
    b = gluon_ir.GluonOpBuilder(ctx)
    shape = case["shape"]
    elem = elem_ty(b, case["dtype"])
    sattr = to_gluon(case["src"], shape)._to_ir(b)
    dattr = to_gluon(case["dst"], shape)._to_ir(b)
    src_ty = b.get_distributed_ty(elem, shape, sattr)
    dst_ty = b.get_distributed_ty(elem, shape, dattr)
    out = dict(src=attr_text(b, elem, shape, sattr), dst=attr_text(b, elem, shape, dattr))
    try:
        value = b.create_poison(src_ty)
    except Exception:  # noqa: BLE001  (no insertion point: build a function around it)
        mod = b.create_module()
        fn = b.get_or_insert_function(mod, "k", b.get_function_ty([], []), "public", False)
        mod.push_back(fn)
        b.set_insertion_point_to_start(fn.add_entry_block())
        value = b.create_poison(src_ty)
    out["trivial"] = bool(b.is_convert_layout_trivial(dst_ty, value))
    return out


MLIR_TY = {"f16": "f16", "f32": "f32", "i8": "i8", "f64": "f64", "bf16": "bf16", "i32": "i32"}


def compile_convert(src_text, dst_text, shape, dtype, warps, workdir):
    """Compiles load -> convert_layout -> store from TTGIR; returns what Triton emitted."""
    import triton
    try:
        from triton.backends.compiler import GPUTarget
        target = GPUTarget("cuda", 90, 32)  # H100/H200; compiling needs no device
    except Exception:  # noqa: BLE001
        from triton.runtime import driver
        target = driver.active.get_current_target()
    dims = "x".join(str(s) for s in shape)
    e = MLIR_TY[dtype]
    arch = target.arch
    text = f"""#src = {src_text}
#dst = {dst_text}
module attributes {{"ttg.num-warps" = {warps} : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.target" = "cuda:{arch}"}} {{
  tt.func public @cvt(%in: !tt.ptr<{e}> {{tt.divisibility = 16 : i32}}, %out: !tt.ptr<{e}> {{tt.divisibility = 16 : i32}}) attributes {{noinline = false}} {{
    %p = tt.splat %in : !tt.ptr<{e}> -> tensor<{dims}x!tt.ptr<{e}>, #src>
    %v = tt.load %p : tensor<{dims}x!tt.ptr<{e}>, #src>
    %c = ttg.convert_layout %v : tensor<{dims}x{e}, #src> -> tensor<{dims}x{e}, #dst>
    %q = tt.splat %out : !tt.ptr<{e}> -> tensor<{dims}x!tt.ptr<{e}>, #dst>
    tt.store %q, %c : tensor<{dims}x!tt.ptr<{e}>, #dst>
    tt.return
  }}
}}
"""
    path = os.path.join(workdir, "cvt.ttgir")
    with open(path, "w") as f:
        f.write(text)
    k = triton.compile(path, target=target)
    ptx = k.asm.get("ptx", "")
    llir = k.asm.get("llir", "")
    count = lambda pat, s: len(re.findall(pat, s))
    return dict(
        shared=int(getattr(k.metadata, "shared", -1)),
        ptx=dict(shfl=count(r"\bshfl\.sync", ptx), st_shared=count(r"\bst\.shared", ptx),
                 ld_shared=count(r"\bld\.shared", ptx), stmatrix=count(r"\bstmatrix\b", ptx),
                 ldmatrix=count(r"\bldmatrix\b", ptx),
                 bar=count(r"\bbar\.sync|\bbarrier\.sync", ptx), bar_warp=count(r"\bbar\.warp\.sync", ptx)),
        llir=dict(shfl=count(r"@llvm\.nvvm\.shfl\.sync[\w.]*\(", llir),
                  st_shared=count(r"\bstore [^\n]*addrspace\(3\)", llir),
                  ld_shared=count(r"= load [^\n]*addrspace\(3\)", llir),
                  bar=count(r"@llvm\.nvvm\.barrier", llir)))


HINTED_MODULE = """module attributes {{"ttg.num-warps" = {warps} : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = {lanes} : i32, "ttg.target" = "cuda:90"}} {{
  tt.func public @k(%arg0: !tt.ptr<{e}>) attributes {{noinline = false}} {{
    %0 = "tt.splat"(%arg0) {{tt.contiguity = dense<{contig}> : tensor<{rank}xi32>, tt.divisibility = dense<{div}> : tensor<{rank}xi32>, tt.constancy = dense<{const}> : tensor<{rank}xi32>}} : (!tt.ptr<{e}>) -> tensor<{dims}x!tt.ptr<{e}>, {enc}>
    %1 = tt.load %0 : tensor<{dims}x!tt.ptr<{e}>, {enc}>
    tt.return
  }}
}}
"""


def blocked_fields(text):
    m = re.search(r"#ttg\.blocked<\{([^}]*)\}>", text)
    if not m:
        return None
    body = m.group(1)
    out = {}
    for key in ("sizePerThread", "threadsPerWarp", "warpsPerCTA", "order"):
        km = re.search(key + r" = \[([0-9, ]*)\]", body)
        out[key] = [int(x) for x in km.group(1).split(",")] if km and km.group(1).strip() else []
    out["text"] = "#ttg.blocked<{" + body + "}>"
    return out


def triton_coalesce(case, route):
    from triton._C.libtriton import ir, passes, gluon_ir
    ctx = ir.context()
    ir.load_dialects(ctx)
    rank = len(case["shape"])
    if route == "gluon":
        b = gluon_ir.GluonOpBuilder(ctx)
        enc = str(b.get_coalesced_layout())  # "#gluon.coalesced_encoding"
    else:
        order = list(range(rank - 1, -1, -1))
        enc = ("#ttg.blocked<{sizePerThread = " + lst([1] * rank) + ", threadsPerWarp = "
               + lst([case["lanes"]] + [1] * (rank - 1)) + ", warpsPerCTA = "
               + lst([case["warps"]] + [1] * (rank - 1)) + ", order = " + lst(order) + "}>")
    text = HINTED_MODULE.format(warps=case["warps"], lanes=case["lanes"], e=MLIR_TY[case["dtype"]],
                                contig=lst(case["contiguity"]), div=lst(case["divisibility"]),
                                const=lst([1] * rank), rank=rank,
                                dims="x".join(str(s) for s in case["shape"]), enc=enc)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    mod = ir.parse_mlir_module(path, ctx)
    os.unlink(path)
    pm = ir.pass_manager(ctx)
    if route == "gluon":
        passes.gluon.add_infer_coalesced_encodings(pm)
    else:
        passes.ttgpuir.add_coalesce(pm)
    pm.run(mod, "coalesce-compare")
    out_text = mod.str()
    # The load's layout: with tritongpu-coalesce the load is rewritten to the new layout.
    loads = re.findall(r"tt\.load [^\n]*", out_text)
    fields = None
    if route != "gluon":
        # Find the alias used by the (new) load and resolve it.
        aliases = dict(re.findall(r"^(#\w+) = (#ttg\.blocked<\{[^}]*\}>)", out_text, re.M))
        for line in loads:
            m = re.search(r"tensor<[^,]*, (#\w+)>", line)
            if m and m.group(1) in aliases:
                fields = blocked_fields(aliases[m.group(1)])
            elif "#ttg.blocked<" in line:
                fields = blocked_fields(line)
    if fields is None:
        fields = blocked_fields(out_text)
    return dict(layout=fields, enc=enc)


# ---------------------------------------------------------------------------
# Our side.


def ours(cli, args):
    try:
        p = subprocess.run([cli] + args + ["--json"], capture_output=True, text=True, timeout=60)
    except Exception as e:  # noqa: BLE001
        return dict(error=str(e))
    if p.returncode != 0:
        return dict(error=p.stderr.strip()[:500], exit=p.returncode)
    try:
        return json.loads(p.stdout)
    except Exception:  # noqa: BLE001
        return dict(error="bad json: " + p.stdout[:200])


def main():
    global DRY
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--compile-budget", type=float, default=240.0,
                    help="seconds spent compiling kernels before skipping the rest")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    DRY = a.dry_run
    t0 = time.time()
    if not DRY:
        import triton  # noqa: F401  (imported once, children fork with it loaded)
        from triton.experimental.gluon import language  # noqa: F401
    workdir = tempfile.mkdtemp(prefix="ls_cvt_")
    pairs = make_pairs(a.seed)
    n_ok = n_cmp = 0
    with open(a.out, "w") as out:
        for i, case in enumerate(pairs):
            rec = dict(kind="convert", id=f"cvt-{a.seed}-{i}", family=case["family"], shape=case["shape"],
                       dtype=case["dtype"])
            # Bit-permutation layouts of non-linear bases come from Triton itself.
            try:
                if DRY:
                    tri = dict(src=to_text(case["src"]), dst=to_text(case["dst"]), trivial=None)
                else:
                    tri = run_isolated(triton_convert, case)
            except Exception as e:  # noqa: BLE001
                tri = dict(error=str(e))
            rec["triton"] = tri
            if "error" in tri:
                out.write(json.dumps(rec) + "\n")
                continue
            rec["src"], rec["dst"] = tri["src"], tri["dst"]
            shape_arg = "x".join(str(s) for s in case["shape"])
            rec["ours"] = ours(a.cli, ["convert", "--from", tri["src"], "--to", tri["dst"], "--shape", shape_arg,
                                       "--dtype", case["dtype"], "--target", "sm90"])
            n_ok += 1
            can_compile = (not DRY and is_nvidia(case["src"]) and is_nvidia(case["dst"])
                           and num_ctas(case["src"]) == 1 and num_ctas(case["dst"]) == 1
                           and lanes_of(case["src"]) == 32 and time.time() - t0 < a.compile_budget)
            if can_compile:
                rec["compiled"] = run_isolated(compile_convert, tri["src"], tri["dst"], case["shape"],
                                               case["dtype"], num_warps(case["src"]), workdir, timeout=120)
                n_cmp += 1
            out.write(json.dumps(rec) + "\n")
            out.flush()
        for i, case in enumerate(make_coalesce_cases(a.seed)):
            rec = dict(kind="coalesce", id=f"coal-{a.seed}-{i}", input=case)
            if not DRY:
                rec["triton_gluon"] = run_isolated(triton_coalesce, case, "gluon")
                rec["triton_ttgpu"] = run_isolated(triton_coalesce, case, "ttgpu")
            args = ["coalesce", "--shape", "x".join(str(s) for s in case["shape"]), "--dtype", case["dtype"],
                    "--contiguity", ",".join(map(str, case["contiguity"])),
                    "--divisibility", ",".join(map(str, case["divisibility"])),
                    "--num-warps", str(case["warps"]), "--threads-per-warp", str(case["lanes"])]
            rec["ours"] = ours(a.cli, args)
            out.write(json.dumps(rec) + "\n")
            out.flush()
    print(f"{len(pairs)} pairs ({n_ok} built, {n_cmp} compiled) in {time.time() - t0:.0f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
