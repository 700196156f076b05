// The shared-memory layout Gluon's NVMMASharedLayout.get_default_for picks
// for a TMA / wgmma / tcgen05 operand tile.
//
// Rule (Gluon 3.6): take the shape per CTA, rotate it left by one when
// `transposed` (so the contiguous dimension is last), and measure the
// contiguous dimension in bytes (doubled for fp4Padded). The swizzle is the
// largest of 128, 64, 32 bytes that both fits and divides that row; 0 if none
// does, and 0 whenever fewer than 8 rows (the other dims multiplied) exist,
// since a swizzle pattern spans 8 rows. Example: 64x64 f16 -> 128-byte rows
// -> swizzlingByteWidth 128; 64x16 f16 -> 32 bytes -> 32; 4x64 f16 -> 0.
//
// The result is an #ttg.nvmma_shared attribute with elementBitWidth = the
// dtype's width, the tile's rank, and the CGA layout as given.
#pragma once

#include <vector>

#include "encodings/nvmma_shared.h"

namespace ls {

struct NvmmaDefaultRequest {
  std::vector<int64_t> blockShape; // rank >= 1
  int bitwidth = 16;               // dtype.primitive_bitwidth: 8, 16, 32 or 64
  bool transposed = false;
  bool fp4Padded = false;
  std::vector<std::vector<int32_t>> cgaBases; // Gluon's cga_layout; empty: one CTA
};

// Gluon's _get_shape_per_cta(shape, cga_layout), including its rule that a
// dim's CTA count is twice its largest basis value (so a dim the bases never
// move along still counts 2).  Throws like Gluon's assertion when a dim does
// not divide.
std::vector<int64_t> gluonShapePerCTA(const std::vector<int64_t> &shape,
                                      const std::vector<std::vector<int32_t>> &cgaBases);

// The swizzle width get_default_for chooses: 0, 32, 64 or 128.
unsigned nvmmaDefaultSwizzle(const NvmmaDefaultRequest &request);

// NVMMASharedLayout.get_default_for(block_shape, dtype, transposed,
// fp4_padded, cga_layout). Throws ls::Error where Gluon raises.
NvmmaSharedEncoding nvmmaDefaultLayout(const NvmmaDefaultRequest &request);

} // namespace ls
