"""Ordinary Triton kernels whose TTGIR the audit and the module reader are tested on.

Each entry of KERNELS: name -> (jit function, a function making (args, constexprs) on a CUDA
device, extra compile kwargs). gen_corpus.py compiles every one for every target in TARGETS
with Triton 3.6 and keeps the .ttgir Triton writes.
"""
import torch
import triton
import triton.language as tl


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(tl.float16), mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def matmul_tma_ws(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, WS: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BLOCK_K), warp_specialize=WS):
        a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
        b = b_desc.load([pid_n * BLOCK_N, k * BLOCK_K])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(tl.float16))


@triton.jit
def attention(q_ptr, k_ptr, v_ptr, o_ptr, N_CTX, sm_scale, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
              HEAD: tl.constexpr):
    start_m = tl.program_id(0)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD)
    q = tl.load(q_ptr + offs_m[:, None] * stride_m + offs_d[None, :])
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD], dtype=tl.float32)
    for start_n in range(0, N_CTX, BLOCK_N):
        k = tl.load(k_ptr + (start_n + offs_n)[None, :] * stride_m + offs_d[:, None])
        qk = tl.dot(q, k) * sm_scale
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptr + (start_n + offs_n)[:, None] * stride_m + offs_d[None, :])
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(o_ptr + offs_m[:, None] * stride_m + offs_d[None, :], acc.to(tl.float16))


@triton.jit
def softmax(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * in_stride + cols, mask=cols < n_cols, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * out_stride + cols, num / tl.sum(num, axis=0), mask=cols < n_cols)


@triton.jit
def layernorm(x_ptr, y_ptr, w_ptr, b_ptr, stride, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    xc = tl.where(mask, x - mean, 0.)
    var = tl.sum(xc * xc, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask)
    b = tl.load(b_ptr + cols, mask=mask)
    tl.store(y_ptr + row * stride + cols, (xc * rstd * w + b).to(tl.float16), mask=mask)


@triton.jit
def reduce_rows(x_ptr, out_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :])
    s = tl.sum(x, axis=1)
    i = tl.argmax(x, axis=0)
    tl.store(out_ptr + offs_m, s)
    tl.store(out_ptr + offs_n, i.to(tl.float32))


@triton.jit
def transpose(x_ptr, y_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + offs_m[:, None] * N + offs_n[None, :])
    tl.store(y_ptr + offs_n[None, :] * M + offs_m[:, None], x)


@triton.jit
def scan(x_ptr, y_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :])
    tl.store(y_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :], tl.cumsum(x, axis=1))


@triton.jit
def gather(src_ptr, idx_ptr, out_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    src = tl.load(src_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :])
    idx = tl.load(idx_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :])
    tl.store(out_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :], tl.gather(src, idx, axis=1))


@triton.jit
def sort(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.sort(tl.load(x_ptr + offs)))


@triton.jit
def matmul_lowp(a_ptr, b_ptr, c_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                ACC_INT: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a = tl.load(a_ptr + offs_m[:, None] * BLOCK_K + offs_k[None, :])
    b = tl.load(b_ptr + offs_k[:, None] * BLOCK_N + offs_n[None, :])
    if ACC_INT:
        acc = tl.dot(a, b, out_dtype=tl.int32)
    else:
        acc = tl.dot(a, b)
    tl.store(c_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :], acc.to(tl.float32))


@triton.jit
def batched_dot(a_ptr, b_ptr, c_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    ob = tl.arange(0, B)[:, None, None]
    om = tl.arange(0, M)[None, :, None]
    on = tl.arange(0, N)[None, None, :]
    ok_col = tl.arange(0, K)[None, None, :]
    ok_row = tl.arange(0, K)[None, :, None]
    a = tl.load(a_ptr + ob * M * K + om * K + ok_col)
    b = tl.load(b_ptr + ob * K * N + ok_row * N + on)
    c = tl.dot(a, b)
    tl.store(c_ptr + ob * M * N + om * N + on, c)


@triton.jit
def join_split(x_ptr, y_ptr, z_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :])
    y = tl.load(y_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :])
    j = tl.join(x, y)  # [M, N, 2]
    p = tl.permute(j, (2, 0, 1))  # [2, M, N]
    r = tl.reshape(p, (2 * BLOCK_M, BLOCK_N))
    t = tl.trans(r)  # [N, 2M]
    u = tl.reshape(t, (BLOCK_N, BLOCK_M, 2))
    a, b = tl.split(u)
    offs_2m = tl.arange(0, 2 * BLOCK_M)
    tl.store(z_ptr + offs_n[:, None] * (2 * BLOCK_M) + offs_2m[None, :], t)
    tl.store(z_ptr + offs_n[:, None] * BLOCK_M + offs_m[None, :], a + b)


@triton.jit
def histogram(x_ptr, h_ptr, BLOCK: tl.constexpr, BINS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    h = tl.histogram(x, BINS)
    tl.atomic_add(h_ptr + tl.arange(0, BINS), h)


@triton.jit
def dot_scaled(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, c_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
               BLOCK_K: tl.constexpr):
    PACKED: tl.constexpr = BLOCK_K // 2
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_kp = tl.arange(0, PACKED)
    offs_s = tl.arange(0, BLOCK_K // 32)
    a = tl.load(a_ptr + offs_m[:, None] * PACKED + offs_kp[None, :])
    b = tl.load(b_ptr + offs_kp[:, None] * BLOCK_N + offs_n[None, :])
    a_scale = tl.load(a_scale_ptr + offs_m[:, None] * (BLOCK_K // 32) + offs_s[None, :])
    b_scale = tl.load(b_scale_ptr + offs_n[:, None] * (BLOCK_K // 32) + offs_s[None, :])
    c = tl.dot_scaled(a, a_scale, "e2m1", b, b_scale, "e2m1")
    tl.store(c_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :], c)


@triton.jit
def grouped_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BLOCK_M: tl.constexpr,
                   BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    # Tiles visited in groups of GROUP_M rows (an L2-friendly order), rows wrapped with % M.
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    in_group = GROUP_M * num_pid_n
    group = pid // in_group
    first_m = group * GROUP_M
    size_m = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + (pid % in_group) % size_m
    pid_n = (pid % in_group) // size_m
    rows = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    cols = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    rows = tl.max_contiguous(tl.multiple_of(rows, BLOCK_M), BLOCK_M)
    cols = tl.max_contiguous(tl.multiple_of(cols, BLOCK_N), BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    a_p = a_ptr + rows[:, None] * stride_am + ks[None, :]
    b_p = b_ptr + ks[:, None] * stride_bk + cols[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_p, mask=ks[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_p, mask=ks[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_p += BLOCK_K
        b_p += BLOCK_K * stride_bk
    out_r = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    out_c = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    tl.store(c_ptr + out_r[:, None] * stride_cm + out_c[None, :], acc.to(tl.float16),
             mask=(out_r[:, None] < M) & (out_c[None, :] < N))


@triton.jit
def dropout(x_ptr, y_ptr, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    keep = tl.rand(seed, offs) > p
    tl.store(y_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=mask)


@triton.jit
def ln_bwd_lock(dy_ptr, x_ptr, dw_ptr, lock_ptr, count_ptr, n_cols, BLOCK: tl.constexpr, GROUPS: tl.constexpr):
    # Partial sums per group of rows, added under a spin lock (atomic_cas in a while loop).
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    dy = tl.load(dy_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    part = dy * x
    g = row % GROUPS
    lock = lock_ptr + g
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    count = tl.load(count_ptr + g)
    dw_p = dw_ptr + g * n_cols + cols
    if count == 0:
        tl.atomic_xchg(count_ptr + g, 1)
    else:
        part += tl.load(dw_p, mask=mask)
    tl.store(dw_p, part, mask=mask)
    tl.atomic_xchg(lock, 0)


@triton.jit
def persistent_matmul(a_ptr, b_ptr, c_ptr, M, N, K, NUM_PROGS: tl.constexpr, BLOCK_M: tl.constexpr,
                      BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    tiles_n = tl.cdiv(N, BLOCK_N)
    tiles = tl.cdiv(M, BLOCK_M) * tiles_n
    for tile in tl.range(tl.program_id(0), tiles, NUM_PROGS):
        tm = tile // tiles_n
        tn = tile % tiles_n
        rm = tm * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = tn * BLOCK_N + tl.arange(0, BLOCK_N)
        rk = tl.arange(0, BLOCK_K)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
            b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))


@triton.jit
def int4_dequant_matmul(a_ptr, q_ptr, s_ptr, c_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                        BLOCK_K: tl.constexpr):
    # Two 4-bit weights per byte along K: unpacked with shifts and masks, joined, scaled per column.
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    rkp = tl.arange(0, BLOCK_K // 2)
    a = tl.load(a_ptr + rm[:, None] * BLOCK_K + rk[None, :])
    q = tl.load(q_ptr + rkp[:, None] * BLOCK_N + rn[None, :])
    lo = (q & 0xF).to(tl.int8) - 8
    hi = ((q >> 4) & 0xF).to(tl.int8) - 8
    w = tl.join(lo, hi).permute(0, 2, 1).reshape(BLOCK_K, BLOCK_N)
    s = tl.load(s_ptr + rn)
    wf = w.to(tl.float16) * s[None, :]
    c = tl.dot(a, wf)
    tl.store(c_ptr + rm[:, None] * BLOCK_N + rn[None, :], c)


@triton.jit
def cross_entropy(logits_ptr, labels_ptr, loss_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(logits_ptr + row * n_cols + cols, mask=cols < n_cols, other=-float("inf")).to(tl.float32)
    m = tl.max(x, axis=0)
    lse = m + tl.log(tl.sum(tl.exp(x - m), axis=0))
    label = tl.load(labels_ptr + row)
    picked = tl.load(logits_ptr + row * n_cols + label).to(tl.float32)
    tl.store(loss_ptr + row, lse - picked)


@triton.jit
def conv_im2col(x_ptr, w_ptr, y_ptr, H, W, C: tl.constexpr, KS: tl.constexpr, F: tl.constexpr,
                BLOCK_P: tl.constexpr, KP: tl.constexpr):
    # A 3x3 convolution as a matmul: pixel rows from a flattened index (// and %), K = C * KS * KS.
    p = tl.program_id(0) * BLOCK_P + tl.arange(0, BLOCK_P)
    oh = p // W
    ow = p % W
    rk = tl.arange(0, KP)  # C * KS * KS padded to a power of two
    c = rk // (KS * KS)
    kh = (rk // KS) % KS
    kw = rk % KS
    ih = oh[:, None] + kh[None, :] - 1
    iw = ow[:, None] + kw[None, :] - 1
    inside = (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W) & (p[:, None] < H * W) & (rk[None, :] < C * KS * KS)
    patch = tl.load(x_ptr + (ih * W + iw) * C + c[None, :], mask=inside, other=0.0)
    rf = tl.arange(0, F)
    wt = tl.load(w_ptr + rk[:, None] * F + rf[None, :], mask=rk[:, None] < C * KS * KS, other=0.0)
    y = tl.dot(patch, wt)
    tl.store(y_ptr + p[:, None] * F + rf[None, :], y.to(tl.float16), mask=p[:, None] < H * W)


def _t(*shape, dtype=torch.float16):
    return torch.empty(shape, device="cuda", dtype=dtype)


def make(name):
    """(jit fn, args, constexprs, options) for one kernel."""
    f16, f32 = torch.float16, torch.float32
    if name == "matmul":
        a, b, c = _t(512, 512), _t(512, 512), _t(512, 512)
        return matmul, [a, b, c, 512, 512, 512, 512, 1, 512, 1, 512, 1], dict(BLOCK_M=128, BLOCK_N=128,
                                                                              BLOCK_K=64), dict(num_warps=8, num_stages=3)
    if name == "matmul_tf32":
        a, b, c = _t(256, 256, dtype=f32), _t(256, 256, dtype=f32), _t(256, 256)
        return matmul, [a, b, c, 256, 256, 256, 256, 1, 256, 1, 256, 1], dict(BLOCK_M=64, BLOCK_N=64,
                                                                              BLOCK_K=32), dict(num_warps=4, num_stages=2)
    if name in ("matmul_tma", "matmul_ws"):
        a, b, c = _t(512, 512), _t(512, 512), _t(512, 512)
        return matmul_tma_ws, [a, b, c, 512, 512, 512], dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64,
                                                             WS=name == "matmul_ws"), dict(num_warps=4, num_stages=3)
    if name == "attention":
        q, k, v, o = _t(1024, 64), _t(1024, 64), _t(1024, 64), _t(1024, 64)
        return attention, [q, k, v, o, 1024, 0.125, 64], dict(BLOCK_M=128, BLOCK_N=64, HEAD=64), dict(num_warps=4,
                                                                                                     num_stages=2)
    if name == "softmax":
        x, y = _t(64, 1024, dtype=f32), _t(64, 1024, dtype=f32)
        return softmax, [y, x, 1024, 1024, 1000], dict(BLOCK=1024), dict(num_warps=4)
    if name == "layernorm":
        x, y, w, b = _t(64, 2048), _t(64, 2048), _t(2048), _t(2048)
        return layernorm, [x, y, w, b, 2048, 2048, 1e-5], dict(BLOCK=2048), dict(num_warps=8)
    if name == "reduce":
        x, o = _t(128, 64, dtype=f32), _t(128, dtype=f32)
        return reduce_rows, [x, o], dict(BLOCK_M=64, BLOCK_N=64), dict(num_warps=4)
    if name == "transpose":
        x, y = _t(256, 256), _t(256, 256)
        return transpose, [x, y, 256, 256], dict(BLOCK_M=64, BLOCK_N=64), dict(num_warps=4)
    if name == "scan":
        x, y = _t(32, 128, dtype=f32), _t(32, 128, dtype=f32)
        return scan, [x, y], dict(BLOCK_M=32, BLOCK_N=128), dict(num_warps=4)
    if name == "gather":
        s, i, o = _t(32, 64, dtype=f32), _t(32, 64, dtype=torch.int32), _t(32, 64, dtype=f32)
        return gather, [s, i, o], dict(BLOCK_M=32, BLOCK_N=64), dict(num_warps=2)
    if name == "sort":
        x, y = _t(1024, dtype=f32), _t(1024, dtype=f32)
        return sort, [x, y], dict(BLOCK=1024), dict(num_warps=4)
    if name in ("matmul_fp8", "matmul_int8", "matmul_bf16_small"):
        dt = {"matmul_fp8": torch.float8_e5m2, "matmul_int8": torch.int8, "matmul_bf16_small": torch.bfloat16}[name]
        bm, bn, bk, w = (64, 64, 64, 4) if name != "matmul_bf16_small" else (32, 32, 32, 2)
        a, b, c = _t(bm, bk, dtype=dt), _t(bk, bn, dtype=dt), _t(bm, bn, dtype=f32)
        return matmul_lowp, [a, b, c], dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
                                            ACC_INT=name == "matmul_int8"), dict(num_warps=w)
    if name == "batched_dot":
        a, b, c = _t(4, 32, 32), _t(4, 32, 32), _t(4, 32, 32, dtype=f32)
        return batched_dot, [a, b, c], dict(B=4, M=32, N=32, K=32), dict(num_warps=4)
    if name == "join_split":
        x, y, z = _t(32, 64, dtype=f32), _t(32, 64, dtype=f32), _t(64, 64, dtype=f32)
        return join_split, [x, y, z], dict(BLOCK_M=32, BLOCK_N=64), dict(num_warps=4)
    if name == "histogram":
        x, h = _t(4096, dtype=torch.int32), _t(64, dtype=torch.int32)
        return histogram, [x, h], dict(BLOCK=1024, BINS=64), dict(num_warps=4)
    if name == "dot_scaled":
        a, b = _t(128, 64, dtype=torch.uint8), _t(64, 128, dtype=torch.uint8)
        sa, sb = _t(128, 4, dtype=torch.uint8), _t(128, 4, dtype=torch.uint8)
        c = _t(128, 128, dtype=f32)
        return dot_scaled, [a, sa, b, sb, c], dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=128), dict(num_warps=4)
    if name == "attention_w8":
        q, k, v, o = _t(1024, 128), _t(1024, 128), _t(1024, 128), _t(1024, 128)
        return attention, [q, k, v, o, 1024, 0.125, 128], dict(BLOCK_M=128, BLOCK_N=64, HEAD=128), dict(num_warps=8,
                                                                                                      num_stages=3)
    if name == "grouped_matmul":
        a, b, c = _t(512, 512), _t(512, 512), _t(512, 512)
        return grouped_matmul, [a, b, c, 512, 512, 512, 512, 512, 512], dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=32,
                                                                            GROUP_M=8), dict(num_warps=4, num_stages=3)
    if name == "dropout":
        x, y = _t(4096, dtype=f32), _t(4096, dtype=f32)
        return dropout, [x, y, 4000, 0.25, 1234], dict(BLOCK=1024), dict(num_warps=4)
    if name == "ln_bwd_lock":
        dy, x, dw = _t(64, 512), _t(64, 512), _t(8, 512, dtype=f32)
        lock, count = _t(8, dtype=torch.int32), _t(8, dtype=torch.int32)
        return ln_bwd_lock, [dy, x, dw, lock, count, 500], dict(BLOCK=512, GROUPS=8), dict(num_warps=4)
    if name == "persistent_matmul":
        a, b, c = _t(512, 512), _t(512, 512), _t(512, 512)
        return persistent_matmul, [a, b, c, 512, 512, 512], dict(NUM_PROGS=132, BLOCK_M=128, BLOCK_N=128,
                                                                BLOCK_K=64), dict(num_warps=8, num_stages=3)
    if name == "int4_dequant":
        a, q, s, c = _t(64, 128), _t(64, 64, dtype=torch.uint8), _t(64), _t(64, 64, dtype=f32)
        return int4_dequant_matmul, [a, q, s, c], dict(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128), dict(num_warps=4)
    if name == "cross_entropy":
        lg, lb, ls = _t(32, 1000), _t(32, dtype=torch.int64), _t(32, dtype=f32)
        return cross_entropy, [lg, lb, ls, 1000], dict(BLOCK=1024), dict(num_warps=4)
    if name == "conv_im2col":
        x, w, y = _t(32 * 32 * 16), _t(144, 32), _t(1024, 32)
        return conv_im2col, [x, w, y, 32, 32], dict(C=16, KS=3, F=32, BLOCK_P=64, KP=256), dict(num_warps=4)
    raise KeyError(name)


def variant(name, n, target):
    """make(name) with its compile options changed, for held-out corpora (gen_corpus.py --variant N):
    1 doubles num_warps (at most 16), 2 halves it (at least 1), 3 adds a pipeline stage and, on Hopper
    and Blackwell, runs 2 CTAs per cluster (num_ctas=2: CGA layouts)."""
    fn, args, consts, opts = make(name)
    opts = dict(opts)
    w = opts.get("num_warps", 4)
    if n == 1:
        opts["num_warps"] = min(16, w * 2)
    elif n == 2:
        opts["num_warps"] = max(1, w // 2)
    elif n == 3:
        opts["num_stages"] = opts.get("num_stages", 3) + 1
        if target[0] == "cuda" and target[1] in (90, 100):
            opts["num_ctas"] = 2
    else:
        raise ValueError(f"variant {n}")
    return fn, args, consts, opts


KERNELS = ["matmul", "matmul_tf32", "matmul_tma", "matmul_ws", "attention", "softmax", "layernorm", "reduce", "transpose", "scan",
           "gather", "sort", "matmul_fp8", "matmul_int8", "matmul_bf16_small", "batched_dot", "join_split",
           "histogram", "dot_scaled", "attention_w8"]
# Kernels of session 16 (real-world shapes: grouped tile order, philox dropout, a spin lock, a persistent
# loop, int4 unpacking, cross entropy, im2col convolution); gen_corpus.py --only them.
KERNELS_16 = ["grouped_matmul", "dropout", "ln_bwd_lock", "persistent_matmul", "int4_dequant", "cross_entropy",
              "conv_im2col"]
KERNELS += KERNELS_16
TARGETS = [("cuda", 80, 32), ("cuda", 90, 32), ("cuda", 100, 32), ("hip", "gfx942", 64), ("hip", "gfx950", 64),
           ("hip", "gfx1200", 32), ("cuda", 120, 32), ("hip", "gfx90a", 64), ("hip", "gfx1100", 32)]
