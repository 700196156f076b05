#!/usr/bin/env python3
"""Hand-written layout forms of issue 18 (odd spellings Triton's parser accepts or rejects), in the
record format of strings.jsonl, with "where": "forms:NAME". python3 make_forms.py > forms.jsonl
(ids from 100000 on). Triton 3.6's reading of each is made with the lit strings (gen_lit_oracle.py)."""
import json

B = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
MMA2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>"
MMA3 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>"
MFMA = "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>"
M4 = {"ttg.num-warps": 4, "ttg.num-ctas": 1, "ttg.threads-per-warp": 32}
M4A = {"ttg.num-warps": 4, "ttg.num-ctas": 1, "ttg.threads-per-warp": 64}


def rank_blocked(r):
    spt = [1] * r
    tpw = [2] * 5 + [1] * (r - 5) if r >= 5 else [32] + [1] * (r - 1)
    wpc = [1] * r
    wpc[-1] = 4 if r > 5 else 1
    if r <= 5:
        wpc[0] = 4
    order = list(range(r - 1, -1, -1))
    return f"#ttg.blocked<{{sizePerThread = {spt}, threadsPerWarp = {tpw}, warpsPerCTA = {wpc}, order = {order}}}>"


FORMS = [
    # spacing and key order
    ("spacing_tight", "type", "tensor<64x64xf16,#ttg.blocked<{order=[1,0],warpsPerCTA=[4,1],threadsPerWarp=[4,8],sizePerThread=[1,4]}>>", [], M4),
    ("spacing_mma_instr", "type", "tensor<64x64xf32, #ttg.nvidia_mma<{instrShape=[16,8], warpsPerCTA=[4,1], versionMajor=2}>>", [], M4),
    ("spacing_newlines", "type", "tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 4],\n    threadsPerWarp = [4, 8],\n    warpsPerCTA = [4, 1], order = [1, 0]}>>", [], M4),
    ("alias_multiline", "type", "tensor<64x64xf16, #b>", ["#b = #ttg.blocked<{sizePerThread = [1, 4],\n  threadsPerWarp = [4, 8],\n  warpsPerCTA = [4, 1],\n  order = [1, 0]}>"], M4),
    ("two_aliases_one_line", "type", "tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #m, kWidth = 2}>>", [f"#m = {MMA2}#b = {B}"], M4),
    # dot_op kWidth
    ("dot_blocked_no_kwidth", "type", f"tensor<64x32xf32, #ttg.dot_op<{{opIdx = 0, parent = {B}}}>>", [], M4),
    ("dot_blocked_kwidth", "type", f"tensor<64x32xf32, #ttg.dot_op<{{opIdx = 0, parent = {B}, kWidth = 2}}>>", [], M4),
    ("dot_mma2_no_kwidth", "type", f"tensor<64x32xf16, #ttg.dot_op<{{opIdx = 0, parent = {MMA2}}}>>", [], M4),
    ("dot_mfma_no_kwidth", "type", f"tensor<64x32xf16, #ttg.dot_op<{{opIdx = 0, parent = {MFMA}}}>>", [], M4A),
    ("dot_mma3_opidx1", "type", f"tensor<64x64xf16, #ttg.dot_op<{{opIdx = 1, parent = {MMA3}, kWidth = 2}}>>", [], M4),
    ("dot_mma3_opidx0", "type", f"tensor<64x64xf16, #ttg.dot_op<{{opIdx = 0, parent = {MMA3}, kWidth = 2}}>>", [], M4),
    # nvmma_shared
    ("nvmma_no_ebw", "attr", "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true}>", [], M4),
    ("nvmma_rank3", "type", "!ttg.memdesc<2x64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>, #ttg.shared_memory, mutable>", [], M4),
    ("nvmma_rank1", "attr", "#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, rank = 1}>", [], M4),
    ("nvmma_rank5", "attr", "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, rank = 5}>", [], M4),
    ("nvmma_rank2_explicit", "attr", "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, rank = 2}>", [], M4),
    ("nvmma_fp4padded", "attr", "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8, fp4Padded = true}>", [], M4),
    ("nvmma_unknown_key", "attr", "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8, vec = 4}>", [], M4),
    # amd_mfma
    ("mfma_no_version", "type", "tensor<64x64xf32, #ttg.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>>", [], M4A),
    ("mfma_versionMajor", "type", "tensor<64x64xf32, #ttg.amd_mfma<{versionMajor = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>>", [], M4A),
    ("mfma_bad_dims", "attr", "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 16, 8], isTransposed = true}>", [], M4A),
    ("mfma_version5", "attr", "#ttg.amd_mfma<{version = 5, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>", [], M4A),
    ("mfma_64x4", "type", "tensor<64x64xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [64, 4, 4], isTransposed = true}>>", [], M4A),
    # wmma
    ("wmma_v0", "attr", "#ttg.amd_wmma<{version = 0, isTranspose = false, warpsPerCTA = [2, 2]}>", [], M4),
    ("wmma_v4", "attr", "#ttg.amd_wmma<{version = 4, isTranspose = false, warpsPerCTA = [2, 2]}>", [], M4),
    ("wmma_v3_shape", "type", "tensor<64x64xf32, #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>>", [], M4),
    ("wmma_v1_badshape", "attr", "#ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>", [], M4),
    # CGA layouts and linear
    ("cga_zero_bases", "type", "tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0], [0, 0]]}>>", [], {"ttg.num-warps": 4, "ttg.num-ctas": 4}),
    ("cga_mixed", "type", "tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [0, 0]]}>>", [], {"ttg.num-warps": 4, "ttg.num-ctas": 4}),
    ("linear_zero_vectors", "type", "tensor<32x32xf32, #ttg.linear<{register = [[0, 1], [0, 0], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 4], [0, 0]], block = []}>>", [], M4),
    ("linear_extra_key", "attr", "#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 2], [0, 4]], block = [], order = [1, 0]}>", [], M4),
    ("linear_missing_block", "attr", "#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 2], [0, 4]]}>", [], M4),
    ("linear_swizzled_warp", "attr", "#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 2], [32, 4]], block = []}>", [], M4),
    ("linear_not_surjective", "attr", "#ttg.linear<{register = [[0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 4], [0, 8]], block = []}>", [], M4),
    ("linear_empty", "attr", "#ttg.linear<{register = [], lane = [], warp = [], block = []}>", [], M4),
    ("mma_v1", "attr", "#ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>", [], M4),
    ("mma_unknown_key", "type", "tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8], foo = 1}>>", [], M4),
    ("blocked_unknown_key", "attr", "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], foo = 1}>", [], M4),
    ("blocked_legacy_cta", "attr", "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>", [], M4),
    # slices
    ("slice_of_slice", "type", f"tensor<64xf32, #ttg.slice<{{dim = 0, parent = #ttg.slice<{{dim = 1, parent = #b3}}>}}>>", ["#b3 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 2, 8], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>"], M4),
    ("slice_of_slice_of_slice", "type", f"tensor<32xf32, #ttg.slice<{{dim = 0, parent = #ttg.slice<{{dim = 0, parent = #ttg.slice<{{dim = 1, parent = #b4}}>}}>}}>>", ["#b4 = #ttg.blocked<{sizePerThread = [1, 1, 1, 4], threadsPerWarp = [2, 2, 2, 4], warpsPerCTA = [1, 1, 2, 2], order = [3, 2, 1, 0]}>"], M4),
    ("slice_dim_beyond", "attr", f"#ttg.slice<{{dim = 2, parent = {B}}}>", [], M4),
    ("slice_rank1_parent", "attr", "#ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>", [], M4),
    # shared_linear, padded_shared
    ("shared_linear_outside", "attr", "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>", [], M4),
    ("shared_linear_inside", "attr", "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]], alignment = 16}>", [], M4),
    ("shared_linear_block", "attr", "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}, alignment = 128>", [], M4),
    ("padded_identity", "type", "!ttg.memdesc<64x64xf16, #ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 64]}>, #ttg.shared_memory, mutable>", [], M4),
    ("padded_linear", "attr", "#ttg.padded_shared<[16:+2] {offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}>", [], M4),
    ("padded_linear_identity", "attr", "#ttg.padded_shared<[16:+2] {offset = [[1, 0], [2, 0], [0, 1], [0, 2]], block = []}>", [], M4),
    ("padded_not_pow2", "attr", "#ttg.padded_shared<[24:+4] {order = [1, 0], shape = [64, 64]}>", [], M4),
    ("padded_pad_not_pow2", "attr", "#ttg.padded_shared<[32:+3] {order = [1, 0], shape = [64, 64]}>", [], M4),
    ("padded_repeated", "attr", "#ttg.padded_shared<[32:+4, 32:+4] {order = [1, 0], shape = [64, 64]}>", [], M4),
    ("padded_unknown_key", "attr", "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64], vec = 2}>", [], M4),
    ("padded_decreasing", "attr", "#ttg.padded_shared<[64:+4, 32:+2] {order = [1, 0], shape = [64, 64]}>", [], M4),
    # tensor memory
    ("tmem_legacy_split", "attr", "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitM = 2>", [], M4),
    ("tmem_legacy_twoctas", "attr", "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitN = 2, twoCTAs = true>", [], M4),
    ("tmem_scales_empty", "attr", "#ttng.tensor_memory_scales_encoding<>", [], M4),
    ("tmem_scales_split", "attr", "#ttng.tensor_memory_scales_encoding<CTASplitM = 2>", [], M4),
    ("tmem_memdesc", "type", "!ttg.memdesc<128x64xf32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>, #ttng.tensor_memory, mutable>", [], M4),
    # types
    ("tensordesc", "type", "!tt.tensordesc<tensor<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>>>", [], M4),
    ("memdesc_no_space", "type", "!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>", [], M4),
    ("tensor_shared_layout", "type", "tensor<64x64xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>", [], M4),
    ("tensor_rank_mismatch", "type", f"tensor<64xf16, {B}>", [], M4),
    ("tensor_not_pow2", "type", f"tensor<48x64xf16, {B}>", [], M4),
    ("loc_suffix_alias", "type", "tensor<64x64xf16, #b>", ["#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>", "#loc = loc(\"f.py\":1:0)"], M4),
]
# Triton main's newer forms (--syntax main): Triton 3.6 must reject each
FORMS += [
    ("main_generic_linear", "attr", "#ttg.generic_linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 2], [32, 4]], block = []}>", [], M4),
    ("main_partitioned_shared", "attr", "#ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>", [], M4),
    ("main_wmma_ctalayout", "attr", "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[1, 0], [2, 0]]}}>", [], M4),
    ("main_wmma_ctalayout_reg", "attr", "#ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {register = [[0, 1]], warp = [[1, 0], [0, 2]]}, instrShape = [16, 16, 32]}>", [], M4),
]
for r in (1, 2, 3, 4, 5, 8, 10, 12):
    shape = "x".join(["2"] * r) if r >= 10 else "x".join(["4"] * r) if r > 3 else "x".join(["32"] * r)
    FORMS.append((f"blocked_rank{r}", "type", f"tensor<{shape}xi32, {rank_blocked(r)}>", [], M4))
    FORMS.append((f"slice_rank{r}", "type",
                  f"tensor<{'x'.join(shape.split('x')[1:]) or '1'}xi32, #ttg.slice<{{dim = 0, parent = {rank_blocked(r)}}}>>",
                  [], M4) if r >= 2 else None)
FORMS = [f for f in FORMS if f]
# Added after the first oracle run (appended, so earlier ids stay)
FORMS += [
    ("main_generic_linear_swizzled", "type", "tensor<64x4xf32, #ttg.generic_linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 2], [32, 2]], block = []}>>", [], M4),
    ("main_generic_linear_plain", "attr", "#ttg.generic_linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 2], [32, 0]], block = []}>", [], M4),
    ("main_wmma_ctalayout_grid", "type", "tensor<64x64xf32, #ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}}>>", [], M4),
    ("mma_legacy_triple", "type", "tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0], instrShape = [16, 8]}>>", [], M4),
    ("swizzled_unknown_key", "attr", "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], foo = 1}>", [], M4),
    ("swizzled_legacy_triple", "attr", "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>", [], M4),
    ("dot_unknown_key", "attr", "#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>, foo = 1}>", [], M4),
    ("tmem_unpacked", "attr", "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, unpacked = true>", [], M4),
    ("padded_order_shape_rank", "attr", "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64]}>", [], M4),
    ("wmma_v1_default_shape", "type", "tensor<32x32xf32, #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 2]}>>", [], M4),
    ("slice_of_dot", "type", f"tensor<64xf16, #ttg.slice<{{dim = 1, parent = #ttg.dot_op<{{opIdx = 0, parent = {MMA2}, kWidth = 2}}>}}>>", [], M4),
]
for i, (name, kind, text, defs, mod) in enumerate(FORMS):
    print(json.dumps({"id": 100000 + i, "kind": kind, "text": text, "defs": defs, "module": mod,
                      "where": f"forms:{name}", "uses": 1}))
