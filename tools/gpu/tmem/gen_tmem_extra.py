"""More reference cases for the Blackwell helpers, from Triton 3.6's Gluon itself.

    python3 gen_tmem_extra.py SEED N OUT.jsonl

Needs Triton 3.6 (no GPU). Covers what ../shared/oracle/gen_tmem.py leaves out:
CTA splits with and without a matching cga_layout, two-CTA layouts, blockN down to 1,
i8 and f8e5 elements, 32 warps, the one-register splitn path, tensor_memory_scales
layouts, and get_default_for with rank 3, fp4_padded and cga_layout. Records follow
gen_tmem.py's format (kind tmem / nvmma_default) plus the fields the extra inputs
need ('cga_layout', 'fp4_padded', 'attr_text'), so tests/oracle/check_tmem.py reads
them. Each case runs in a forked child: a C++ abort becomes {"ok": false, "error":
"triton aborted ..."} instead of ending the run.
"""
import json
import os
import random
import sys

from triton._C.libtriton import ir, gluon_ir
import triton.language as tl
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.blackwell import (TensorMemoryLayout, TensorMemoryScalesLayout,
                                                                 get_tmem_reg_layout)

DT = {'f32': tl.float32, 'f16': tl.float16, 'bf16': tl.bfloat16, 'f8': tl.float8e4nv,
      'f8E5M2': tl.float8e5, 'i8': tl.int8}
BITS = {'f32': 32, 'f16': 16, 'bf16': 16, 'f8': 8, 'f8E5M2': 8, 'i8': 8}


def run_isolated(fn, *args):
    """fn(*args) in a forked child; its JSON result, or an 'aborted' record."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            out = json.dumps(fn(*args))
        except BaseException as e:  # noqa: BLE001 - the record says what happened
            out = json.dumps(dict(ok=False, error=f"crash: {e}"))
        os.write(w, out.encode())
        os._exit(0)
    os.close(w)
    data = b''
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        data += chunk
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if not data:
        return dict(ok=False, error=f"triton aborted (status {status})", args=[str(a) for a in args])
    return json.loads(data)


_CONTEXTS = []  # a builder only borrows its context: keep every context alive


def builder():
    ctx = ir.context()
    ir.load_dialects(ctx)
    _CONTEXTS.append(ctx)
    return gluon_ir.GluonOpBuilder(ctx)


def record_tmem(rec, b, dt, M, N, lay, nw, variant, cga=None):
    """Fills a case with Gluon's answers for this TMEM layout: the memdesc type and its
    attribute text, and get_tmem_reg_layout's bases (raises what Gluon raises)."""
    ty = str(b.get_tensor_mem_desc_ty(DT[dt].to_ir(b), [M, N], lay._to_ir(b), [M, N]))
    rec['memdesc'] = ty
    rec['attr'] = ty[ty.index(', ') + 2: ty.index(', #ttng.tensor_memory,')]
    ll = (get_tmem_reg_layout(DT[dt], [M, N], lay, nw, variant, cga) if cga is not None
          else get_tmem_reg_layout(DT[dt], [M, N], lay, nw, variant))
    rec['reg_layout'] = dict(register=ll.reg_bases, lane=ll.lane_bases, warp=ll.warp_bases,
                             block=ll.block_bases)
    rec['ok'] = True


def one_tmem(seed, idx):
    rng = random.Random(seed * 1000003 + idx)
    b = builder()
    rec = dict(id=f"tmem-extra-{seed}-{idx}", kind='tmem')
    try:
        dt = rng.choice(['f32', 'f32', 'f16', 'bf16', 'f8', 'f8E5M2', 'i8'])
        bits = BITS[dt]
        split = rng.choice([None, None, None, (2, 1), (1, 2), (2, 2)])
        sm, sn = split or (1, 1)
        two_ctas = rng.random() < 0.2 and sm >= 2
        blockM = rng.choice([64, 128])
        blockN = rng.choice([1, 2, 8, 16, 32, 64, 128, 256])
        M = blockM * sm * rng.choice([1, 1, 2])
        N = blockN * sn * rng.choice([1, 1, 2, 4])
        col_stride = rng.choice([1, 32 // bits]) if bits < 32 else 1
        nw = rng.choice([4, 4, 8, 16, 32])
        variant = rng.choice(['32x32b', '32x32b', '16x64b', '16x128b', '16x256b', '32x32b_splitn'])
        cga = []
        if split and rng.random() < 0.7:
            # Matching CTA layout: dim0 split first (CTA order [0, 1] in TMEM).
            if sm == 2:
                cga.append([1, 0])
            if sn == 2:
                cga.append([0, 1])
        lay = TensorMemoryLayout(block=(blockM, blockN), col_stride=col_stride,
                                 cta_split_num=split, two_ctas=two_ctas)
        rec.update(dtype=dt, shape=[M, N], block=[blockM, blockN], col_stride=col_stride,
                   cta_split_num=list(split) if split else None, two_ctas=two_ctas,
                   num_warps=nw, variant=variant, cga_layout=cga)
        record_tmem(rec, b, dt, M, N, lay, nw, variant, cga)
    except Exception as e:  # noqa: BLE001
        rec['ok'] = False
        rec['error'] = f"{type(e).__name__}: {str(e)[:300]}"
    return rec


def one_scales(seed, idx):
    rng = random.Random(seed * 7919 + idx)
    b = builder()
    rec = dict(id=f"tmem-scales-{seed}-{idx}", kind='tmem')
    try:
        split = rng.choice([None, None, (2, 1), (1, 2)])
        M = rng.choice([32, 64, 128, 256]) * (split[0] if split else 1)
        N = rng.choice([1, 2, 4, 8, 16]) * (split[1] if split else 1)
        nw = rng.choice([4, 8, 16])
        variant = rng.choice(['32x32b', '32x32b', '16x64b', '16x128b', '16x256b'])
        lay = TensorMemoryScalesLayout(cta_split_num=split)
        rec.update(dtype='i8', shape=[M, N], cta_split_num=list(split) if split else None,
                   num_warps=nw, variant=variant, cga_layout=[])
        record_tmem(rec, b, 'i8', M, N, lay, nw, variant)
    except Exception as e:  # noqa: BLE001
        rec['ok'] = False
        rec['error'] = f"{type(e).__name__}: {str(e)[:300]}"
    return rec


def one_nvmma(seed, idx):
    rng = random.Random(seed * 104729 + idx)
    b = builder()
    rec = dict(id=f"nvmma-default-extra-{seed}-{idx}", kind='nvmma_default')
    try:
        dt = rng.choice(['f32', 'f16', 'bf16', 'f8', 'i8'])
        rank = rng.choice([2, 2, 2, 3])
        shape = [rng.choice([1, 2, 4])] * (rank - 2) + [rng.choice([4, 8, 16, 32, 64, 128, 256]),
                                                         rng.choice([4, 8, 16, 32, 64, 128, 256])]
        tr = rng.random() < 0.3
        fp4 = rng.random() < 0.15
        cga = None
        if rng.random() < 0.25:
            cga = [[0] * (rank - 2) + rng.choice([[1, 0], [0, 1]])]
        lay = gl.NVMMASharedLayout.get_default_for(shape, DT[dt], transposed=tr, fp4_padded=fp4,
                                                   cga_layout=cga)
        rec.update(dtype=dt, shape=shape, transposed=tr, fp4_padded=fp4, cga_layout=cga or [],
                   swizzle_byte_width=lay.swizzle_byte_width, element_bitwidth=lay.element_bitwidth,
                   rank=lay.rank, ok=True)
        ty = str(b.get_shared_mem_desc_ty(DT[dt].to_ir(b), shape, lay._to_ir(b), shape))
        rec['attr_text'] = ty[ty.index(', ') + 2:ty.index(', #ttg.shared_memory')]
    except Exception as e:  # noqa: BLE001
        rec['ok'] = False
        rec['error'] = f"{type(e).__name__}: {str(e)[:300]}"
    return rec


if __name__ == '__main__':
    seed, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    os.environ.setdefault('MLIR_ENABLE_DIAGNOSTICS', '')
    with open(out, 'w') as f:
        for i in range(n):
            f.write(json.dumps(run_isolated(one_tmem, seed, i)) + '\n')
        for i in range(n // 4):
            f.write(json.dumps(run_isolated(one_scales, seed, i)) + '\n')
        for i in range(n // 4):
            f.write(json.dumps(run_isolated(one_nvmma, seed, i)) + '\n')
