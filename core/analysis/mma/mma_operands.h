// The three matrices of one MMA, derived from its result layout: the
// arrangement view draws A (M x K) left of C (M x N) and B (K x N) above it,
// as the PTX manual's fragment figures do.
//
// From C's encoding the operands follow as Triton 3.6 builds them:
//
//   nvidia_mma v2 (mma.sync)  A, B = #ttg.dot_op<{opIdx = 0/1, parent = C,
//                             kWidth = 32 / operand bits}> (DotOperandEncodingAttr's
//                             builder from the element type); instruction
//                             m16 n8 k(256 / operand bits)
//   nvidia_mma v3 (wgmma)     A = dot_op opIdx 0 (registers), kWidth as above;
//                             B is read from shared memory: NVMMASharedLayout
//                             .get_default_for([K, N]); m64 nN kK (instrShape)
//   amd_mfma                  dot_op with kWidth = kBase = K * nonK / 64 (kPack 1,
//                             AccelerateAMDMatmul); instruction M x N x K
//   amd_wmma                  dot_op with kWidth = K (version 1, both half-waves
//                             hold all of K) or K * 16 / 32 (versions 2, 3)
//   tensor_memory (tcgen05)   A and B are shared: get_default_for([M, K]) and
//                             ([K, N]); C is the TMEM tile blockM x blockN;
//                             K = 256 / operand bits
//
// By default the shapes are one instruction tile (C = M x N, A = M x K,
// B = K x N); a larger C shape keeps K at one instruction unless given.
#pragma once

#include <string>

#include "encodings/encoding.h"

namespace ls {

enum class MmaFamily { NvidiaMmaV2, NvidiaMmaV3, AmdMfma, AmdWmma, Tcgen05 };

struct MmaOperands {
  MmaFamily family = MmaFamily::NvidiaMmaV2;
  std::string instruction;      // "mma.sync m16n8k16", "wgmma m64n64k16", ...
  unsigned m = 0, n = 0, k = 0; // one instruction's tile
  unsigned kWidth = 0;          // of the register operands (0: both are shared)
  EncodingPtr a, b, c;
  Shape aShape, bShape, cShape;
  bool aShared = false, bShared = false;
};

// The kWidth Triton gives the dot operands of `c` for operands of
// `operandBits` (16 for f16/bf16, 8 for f8/i8, 32 for tf32). Throws ls::Error
// for parents that have no register operands.
unsigned tritonKWidth(const Encoding &c, int operandBits);

// A, B and C of the MMA whose result layout is `c` (nvidia_mma v2/v3,
// amd_mfma, amd_wmma of rank 2, or a tensor_memory_encoding). `cShape` empty:
// one instruction tile; else C's M x N. `k` 0: one instruction's K. Throws
// ls::Error naming the field for layouts that are not an MMA result.
MmaOperands mmaOperands(const EncodingPtr &c, int operandBits, const Shape &cShape = {},
                        int64_t k = 0);

} // namespace ls
