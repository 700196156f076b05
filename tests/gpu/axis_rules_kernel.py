"""The Gluon kernel of axis_rules.py: one global load whose offsets (o) or mask (m) come through the
op that OP selects (Triton 3.6, GPU machine)."""
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def probe(x, y, idx, n, OP: gl.constexpr, BLOCK: gl.constexpr):
    L: gl.constexpr = gl.BlockedLayout([8], [32], [4], [0])
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
    v = gl.load(x + o, mask=m, other=0.0)
    gl.store(y + offs, v)
