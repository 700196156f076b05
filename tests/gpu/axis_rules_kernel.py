"""The Gluon kernel of axis_rules.py: one global load whose offsets (o) or mask (m) come through the
op that OP selects (Triton 3.6, GPU machine)."""
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def probe(x, y, idx, n, OP: gl.constexpr, BLOCK: gl.constexpr, LANES: gl.constexpr = 32):
    L: gl.constexpr = gl.BlockedLayout([8], [LANES], [4], [0])
    offs = gl.arange(0, BLOCK, layout=L)
    o = offs
    m = offs < BLOCK
    if OP == 0:
        o = offs % n
    elif OP == 1:
        o = offs % 4
    elif OP == 2:
        o = offs // 2
    elif OP == 3:
        o = offs << 1
    elif OP == 4:
        o = (n << 1) + offs
    elif OP == 5:
        o = (n >> 1) + offs
    elif OP == 6:
        o = offs >> 1
    elif OP == 7:
        o = gl.maximum(offs, n)
    elif OP == 8:
        o = gl.maximum(offs, offs + n)
    elif OP == 9:
        o = gl.minimum(offs + n, offs)
    elif OP == 10:
        o = gl.where(offs < n, offs, offs + n)
    elif OP == 11:
        o = gl.load(idx + offs)
    elif OP == 12:
        o = offs + gl.max(offs, axis=0)
    elif OP == 13:
        if n > 4:
            o = offs
        else:
            o = offs + 1
    elif OP == 14:
        if n > 4:
            o = offs
        else:
            o = offs + 8
    elif OP == 15:
        for i in range(n):
            o = o + 1
    elif OP == 16:
        for i in range(n):
            o = o + 8
    elif OP == 17:
        m = (offs % n) < 500
    elif OP == 18:
        m = (offs // 2) < n
    elif OP == 19:
        m = offs < (n >> 2)
    elif OP == 20:
        m = gl.where(offs < n, offs, 0) < 300
    elif OP == 21:
        o = gl.max_contiguous(gl.multiple_of(offs % n, 8), 8)
    elif OP == 22:
        o = offs ^ 8
    elif OP == 23:
        o = offs & 1023
    elif OP == 24:
        o = (offs // 8) * 8 + offs % 8
    elif OP == 25:
        o = gl.minimum(offs, 1023)
    elif OP == 26:
        o = gl.program_id(0).to(gl.int64) * n + offs
    elif OP == 30:
        m = offs < n
    if OP == 27:
        p = x + offs
        acc = gl.zeros([BLOCK], gl.float16, L)
        for i in range(4):
            acc += gl.load(p)
            p += n
        gl.store(y + offs, acc)
    elif OP == 28:
        L2: gl.constexpr = gl.BlockedLayout([1, 8], [LANES // 8, 8], [4, 1], [1, 0])
        rows = gl.arange(0, 16, layout=gl.SliceLayout(1, L2))
        cols = gl.arange(0, 64, layout=gl.SliceLayout(0, L2))
        o2 = (rows % n)[:, None] * n + cols[None, :]
        v2 = gl.load(x + o2)
        gl.store(y + rows[:, None] * 64 + cols[None, :], v2)
    elif OP == 29:
        o = offs.to(gl.uint32) % 64
        v = gl.load(x + o)
        gl.store(y + offs, v)
    else:
        v = gl.load(x + o, mask=m, other=0.0)
        gl.store(y + offs, v)
