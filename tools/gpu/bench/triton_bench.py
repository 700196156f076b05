#!/usr/bin/env python3
"""Times Triton 3.6's own layout engine on the cases of `layout-studio-cli bench`, on the same host.

Run on the GPU machine (Triton 3.6 installed; no GPU needed):
    python3 tools/gpu/bench/triton_bench.py > triton_bench.json

Triton caches toLinearLayout results per (layout, shape) inside an MLIR context, so two figures
are reported per case:
  cached_us   -- a repeated `GluonOpBuilder.to_linear_layout` call (binding + cache lookup +
                 converting the result to Python), the figure a Python user sees in a loop;
  uncached_us -- the first call in a fresh context (the engine actually computes the layout).
"""
import json
import statistics
import time

from triton._C.libtriton import ir, gluon_ir
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.amd import AMDMFMALayout

CASES = [
    ("blocked 128x128", lambda: gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0]), [128, 128]),
    ("mma v3 128x256", lambda: gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1],
                                                          instr_shape=[16, 256, 16]), [128, 256]),
    ("dot_op(mma v2) 128x64", lambda: gl.DotOperandLayout(0, gl.NVMMADistributedLayout(
        version=[2, 0], warps_per_cta=[4, 2], instr_shape=[16, 8]), 2), [128, 64]),
    ("mfma 32x32 128x128", lambda: AMDMFMALayout(version=3, instr_shape=[32, 32, 8], transposed=True,
                                                 warps_per_cta=[2, 2]), [128, 128]),
    ("swizzled shared 128x128", lambda: gl.SwizzledSharedLayout(8, 1, 8, [1, 0]), [128, 128]),
    ("nvmma shared 128x64", lambda: gl.NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16,
                                                         rank=2), [128, 64]),
]


def fresh():
    ctx = ir.context()
    ir.load_dialects(ctx)
    return ctx, gluon_ir.GluonOpBuilder(ctx)


def isolated(fn, *args):
    """Runs fn in a forked child: Triton 3.6 aborts the process on some calls
    (to_linear_layout of a shared layout), and one abort must not lose the rest."""
    import os
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            data = json.dumps(fn(*args))
        except BaseException as e:
            data = json.dumps({"error": f"{type(e).__name__}: {e}"})
        os.write(w, data.encode())
        os._exit(0)
    os.close(w)
    chunks = []
    while True:
        c = os.read(r, 65536)
        if not c:
            break
        chunks.append(c)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if not chunks:
        return {"error": f"Triton aborted (status {status})"}
    return json.loads(b"".join(chunks))


def time_case(name, shape):
    make = dict((n, m) for n, m, _ in CASES)[name]
    rec = {}
    try:
        # cached: many calls on one attribute
        ctx, b = fresh()
        attr = make()._to_ir(b)
        b.to_linear_layout(attr, shape)
        samples = []
        for _ in range(7):
            n = 2000
            t0 = time.perf_counter()
            for _ in range(n):
                b.to_linear_layout(attr, shape)
            samples.append((time.perf_counter() - t0) / n * 1e6)
        rec["cached_us"] = statistics.median(samples)
        # uncached: one call per fresh context (context creation not timed)
        firsts = []
        for _ in range(300):
            ctx, b = fresh()
            attr = make()._to_ir(b)
            t0 = time.perf_counter()
            b.to_linear_layout(attr, shape)
            firsts.append((time.perf_counter() - t0) * 1e6)
        rec["uncached_us"] = statistics.median(firsts)
    except Exception as e:  # report, keep going
        rec["error"] = f"{type(e).__name__}: {e}"
    return rec


def main():
    out = []
    for name, make, shape in CASES:
        rec = {"name": name, "shape": shape}
        rec.update(isolated(time_case, name, shape))
        out.append(rec)
    # Bank conflicts, 128x128 f16: a blocked register layout read from a swizzled shared layout.
    try:
        ctx, b = fresh()
        d = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])._to_ir(b)
        s = gl.SwizzledSharedLayout(8, 1, 8, [1, 0])._to_ir(b)
        b.get_shared_bank_conflicts(d, s, [128, 128], 16)
        samples = []
        for _ in range(7):
            n = 500
            t0 = time.perf_counter()
            for _ in range(n):
                b.get_shared_bank_conflicts(d, s, [128, 128], 16)
            samples.append((time.perf_counter() - t0) / n * 1e6)
        out.append({"name": "bank conflicts 128x128 f16", "shape": [128, 128],
                    "cached_us": statistics.median(samples),
                    "conflicts": b.get_shared_bank_conflicts(d, s, [128, 128], 16)})
    except Exception as e:
        out.append({"name": "bank conflicts 128x128 f16", "error": f"{type(e).__name__}: {e}"})
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
