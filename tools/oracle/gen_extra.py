"""Extra Triton-3.6 reference cases for variants that visible.jsonl does not exercise.
Run where Triton 3.6 is installed (no GPU needed): python3 gen_extra.py OUT.jsonl [N]
Same record format as shared/oracle/visible.jsonl (+ 'repr' of the gluon layout).
Each case runs in a forked child; a C++ abort leaves a record with ok=false and, when the
attribute could be built, its 'attr' text (written before to_linear_layout is called).

extra_cases.jsonl was produced with `python3 gen_extra.py x.jsonl 150` on the device machine
(triton 3.6.0 in its image); the script was shipped inline (zlib+base64) because `run` sends
only the project checkout.  RNG seed 36 -> deterministic case list.
"""
import json, os, random, sys
from triton._C.libtriton import ir, gluon_ir
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.amd import AMDMFMALayout as MF, AMDWMMALayout as WM
B, S, D, N, L = gl.BlockedLayout, gl.SliceLayout, gl.DotOperandLayout, gl.NVMMADistributedLayout, gl.DistributedLinearLayout
R = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 36)  # gen_extra.py OUT N [SEED]
ch = R.choice
P = lambda lo, hi: 1 << R.randint(lo, hi)

def split(t, r):
    o = [1] * r
    while t > 1:
        o[R.randrange(r)] *= 2; t //= 2
    return o

def cga(r, p=0.6):
    if R.random() > p: return []
    out = []
    for _ in range(ch([1, 1, 2])):
        d = R.randrange(r); v = [0] * r
        v[d] = 1 << sum(1 for b in out if b[d]); out.append(v)
    R.shuffle(out)
    if R.random() < 0.15: out.insert(R.randint(0, len(out)), [0] * r)
    if R.random() < 0.05: out.append(list(out[0]))  # duplicate basis
    return out

def blk(r, c=None):
    o = list(range(r)); R.shuffle(o)
    return B([ch([1, 1, 2, 4]) for _ in range(r)], split(ch([32, 32, 64]), r), split(ch([1, 2, 4, 8]), r), o,
             cga_layout=cga(r) if c is None else c)

def mma2(r, c=None):
    return N([2, 0], split(ch([1, 2, 4, 8]), r), [1] * (r - 2) + [16, 8], cga_layout=cga(r) if c is None else c)

def mma3(c=None):
    n = ch([16, 32, 64, 128, 256])
    return N([3, 0], ch([[4, 1], [4, 2], [8, 1]]), [16, n, 16], cga_layout=cga(2) if c is None else c)

def mf(r, ish=None, tpw=True, c=None):
    i = ish or ch([[32, 32, 8], [16, 16, 16], [64, 4, 4], [4, 64, 4]])
    t = ch([True, False]) if i[0] != 64 else True
    tp = [1] * (r - 2) + [ch([1, 2]), ch([1, 2])] if tpw and R.random() < 0.5 else None
    return MF(ch([1, 2, 3, 4]), i, t, split(ch([1, 2, 4, 8]), r), ch([32, 32, 64]), tp, cga_layout=cga(r) if c is None else c)

def wm(r, v=None, tpw=True, c=None):
    v = v or ch([1, 2, 3])
    i = {1: [[16, 16, 16]], 2: [[16, 16, 16], [16, 16, 32]], 3: [[16, 16, 4], [16, 16, 32], [16, 16, 64], [16, 16, 128]]}[v]
    tp = [1] * (r - 2) + [ch([1, 2]), ch([1, 2])] if tpw and R.random() < 0.5 else None
    return WM(v, ch([True, False]), split(ch([1, 2, 4, 8]), r), ch(i), tp, cga_layout=cga(r) if c is None else c)

def lin(r):
    shp = [P(0, 5) for _ in range(r)]
    bits = [(d, i) for d in range(r) for i in range(shp[d].bit_length() - 1)]; R.shuffle(bits)
    vec = lambda b: [(1 << b[1]) if d == b[0] else 0 for d in range(r)]
    z = [0] * r
    nr = R.randint(0, len(bits)); rest = bits[nr:]
    nl = min(len(rest), 5); nw = min(len(rest) - nl, R.randint(0, 2))
    lane = [vec(b) for b in rest[:nl]] + [z] * (5 - nl)
    warp = [vec(b) for b in rest[nl:nl + nw]] + [z] * R.randint(0, 1)
    blkb = [vec(b) for b in rest[nl + nw:]] + [z] * R.randint(0, 1)
    R.shuffle(lane)
    regs = [vec(b) for b in bits[:nr]]
    if regs and R.random() < 0.3:
        x = list(ch(regs)); regs.insert(R.randint(0, len(regs)), x if R.random() < 0.5 else [0] * r)
    return L(regs, lane, warp, blkb, shp), shp

def shp(r, lo=0, hi=8):
    return [P(lo, hi) for _ in range(r)]

def make(k):
    r3 = ch([2, 3])
    if k == 'dot_blocked':
        r = ch([2, 2, 3]); return D(ch([0, 1]), blk(r), 0), shp(r, 0, 7 if r == 2 else 4)
    if k == 'mma2_r3': return mma2(3), shp(3, 0, 6)
    if k == 'dot_mma2_x':
        r = ch([2, 3]); return D(ch([0, 1]), mma2(r), ch([1, 2, 4, 8])), shp(r, 2, 7)
    if k == 'mma2_cga': return mma2(2, cga(2, 1)), shp(2, 3, 8)
    if k == 'mma3_cga': return mma3(cga(2, 1)), [ch([64, 128, 256]), ch([64, 256])]
    if k == 'dot_mma3_cga': return D(0, mma3(cga(2, 1)), ch([2, 4])), [ch([64, 128, 256]), ch([16, 64])]
    if k == 'mfma_x': return mf(r3), shp(r3, 2, 8)
    if k == 'dot_mfma_x':
        return D(ch([0, 1]), mf(r3, ch([[32, 32, 8], [16, 16, 16], [64, 4, 4], [4, 64, 4], [32, 32, 16]])), ch([1, 2, 4, 8, 16])), shp(r3, 2, 8)
    if k == 'wmma_x': return wm(r3), shp(r3, 4, 8)
    if k == 'dot_wmma_x':
        p = wm(r3); kw = {1: [8, 16], 2: [4, 8, 16], 3: [2, 8, 16]}[p.version]
        return D(ch([0, 1]), p, ch(kw)), shp(r3, 2, 8)
    if k == 'slice_x':
        p = ch([lambda: blk(3), lambda: mf(2), lambda: wm(2), lambda: D(0, mma2(2), 2), lambda: D(1, mf(2, [32, 32, 8], False), 4),
                lambda: S(ch([0, 1, 2]), blk(4)), lambda: mma3(), lambda: lin(3)[0], lambda: D(1, blk(2), 0), lambda: mma2(2, cga(2, 1))])()
        r = p.rank - 1; return S(R.randrange(p.rank), p), shp(r, 0, 8 if r == 1 else 6)
    if k == 'linear_x':
        r = ch([1, 2, 3]); l, s = lin(r); return l, [max(1, x * ch([1, 1, 2, 4]) // ch([1, 1, 2, 4])) for x in s]
    if k == 'cga_edge':
        r = 2; c = ch([[[1, 0], [1, 0]], [[0, 1], [0, 1]], [[1, 0], [2, 0]], [[0, 0], [1, 0]], [[1, 0], [0, 0], [0, 1]]])
        return blk(r, c), [ch([1, 2, 4, 64]), ch([1, 2, 4, 64])]
    if k == 'mfma_64x4_nt':
        return MF(3, [64, 4, 4], False, [1, 1]), [64, 64]
    raise ValueError(k)

KINDS = ['dot_blocked', 'mma2_r3', 'dot_mma2_x', 'mma2_cga', 'mma3_cga', 'dot_mma3_cga', 'mfma_x', 'dot_mfma_x', 'wmma_x',
         'dot_wmma_x', 'slice_x', 'linear_x', 'cga_edge']

def one(k, i, lay, s):
    ctx = ir.context(); ir.load_dialects(ctx); b = gluon_ir.GluonOpBuilder(ctx)
    rec = dict(id='%s-%d' % (k, i), kind=k, shape=s, elem='f32', repr=repr(lay))
    try:
        a = lay._to_ir(b)
        ty = str(b.get_distributed_ty(b.get_float_ty(), s, a))
        rec['attr'] = ty[ty.index(', ') + 2:-1]
        os.write(W, (json.dumps(dict(rec, ok=False, error='crash')) + '\n').encode())
        ll = b.to_linear_layout(a, s)
        rec['bases'] = dict(register=ll.reg_bases, lane=ll.lane_bases, warp=ll.warp_bases, block=ll.block_bases)
        rec['ok'] = True
    except Exception as e:
        rec['ok'] = False; rec['error'] = '%s: %s' % (type(e).__name__, e)
    return rec

def isolated(k, i):
    try:
        lay, s = make(k)
    except Exception as e:
        return dict(id='%s-%d' % (k, i), kind=k, ok=False, error='gluon: %r' % e)
    rd, wr = os.pipe(); pid = os.fork()
    if pid == 0:
        os.close(rd); global W; W = wr
        try:
            out = json.dumps(one(k, i, lay, s))
        except BaseException as e:
            out = json.dumps(dict(id='%s-%d' % (k, i), kind=k, ok=False, error='py: %s' % e))
        os.write(wr, (out + '\n').encode()); os._exit(0)
    os.close(wr); data = b''
    while True:
        c = os.read(rd, 65536)
        if not c: break
        data += c
    os.close(rd); _, st = os.waitpid(pid, 0)
    lines = [x for x in data.decode().split('\n') if x.strip()]
    if lines and st == 0: return json.loads(lines[-1])
    # the child aborted (C++ assert / report_fatal_error / unreachable)
    rec = json.loads(lines[-1]) if lines else dict(id='%s-%d' % (k, i), kind=k, ok=False, repr=repr(lay), shape=s)
    rec['error'] = 'crash status %d' % st
    return rec

if __name__ == '__main__':
    out = open(sys.argv[1], 'w'); n = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    for k in KINDS:
        for i in range(n):
            out.write(json.dumps(isolated(k, i)) + '\n'); out.flush()
    out.write(json.dumps(isolated('mfma_64x4_nt', 0)) + '\n')
