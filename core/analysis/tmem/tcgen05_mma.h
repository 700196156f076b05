// The tcgen05 (Blackwell MMA) instruction shape for a tile, and the layouts
// that follow from it: where the accumulator sits in tensor memory, the
// registers a TMEM load of it fills, and the shared layouts of the operands.
//
// Triton 3.6 (mmaVersionToInstrShape, version 5; BlockedToMMAv5):
//
//   M = 128 if the tile has at least 128 rows, else 64
//   N = min(tile columns, 256)
//   K = 256 bits of the operand type (16 for f16/bf16, 32 for f8/i8, 8 for tf32)
//
// The accumulator lives in TMEM as #ttng.tensor_memory_encoding<blockM = M,
// blockN = N, colStride = 32 / accumulator bits>, and tl.dot loads it with
// getDefaultLayoutForTmemLdSt (the 32x32b atom). Gluon users pick the operand
// tiles' shared layouts with NVMMASharedLayout.get_default_for on [M, K] and
// [K, N] (B transposed when it is K-contiguous).
//
// Beyond Triton, the suggestion checks PTX's shape rules for one CTA
// (kind::f16 / f8f6f4 / tf32 / i8): M = 64 needs N a multiple of 8 in
// 8..256, M = 128 a multiple of 16 in 16..256.
#pragma once

#include "encodings/nvmma_shared.h"
#include "encodings/tensor_memory.h"
#include "layout/linear_layout.h"

namespace ls {

struct Tcgen05InstrShape {
  unsigned m = 0, n = 0, k = 0;
};

// mmaVersionToInstrShape(5, {rows, cols}, operand type).
Tcgen05InstrShape tcgen05InstrShape(int64_t rows, int64_t cols, int operandBits);

struct Tcgen05Request {
  int64_t m = 128, n = 128, k = 64; // the CTA's tile: A is m x k, B is k x n
  int operandBits = 16;             // f16/bf16 16, f8/i8 8, tf32 32
  int accBits = 32;                 // f32/i32 32, f16 16
  int numWarps = 4;
  bool bTransposed = false;         // B stored K-contiguous (N x K in memory)
};

struct Tcgen05Suggestion {
  Tcgen05InstrShape instr;
  TensorMemoryEncoding accumulator; // TMEM layout of the m x n accumulator
  LinearLayout accRegisters;        // the 32x32b load of it (register, lane, warp, block)
  NvmmaSharedEncoding aShared;      // get_default_for([m, k], operand)
  NvmmaSharedEncoding bShared;      // get_default_for([k, n], operand, transposed)
};

// Throws ls::Error naming the field for tiles tcgen05 cannot run.
Tcgen05Suggestion suggestTcgen05(const Tcgen05Request &request);

} // namespace ls
