// The simplest named Triton encoding that has a given linear layout's bases.
//
// Layouts read from a notation that carries only bases (CuTe's thread-value
// and swizzle layouts) print best as the attribute a Triton user would have
// written: `#ttg.blocked`, `#ttg.nvidia_mma`, `#ttg.amd_mfma`,
// `#ttg.amd_wmma`, `#ttg.dot_op`, `#ttg.slice`, `#ttg.swizzled_shared`, `#ttg.nvmma_shared`,
// `#ttg.amd_rotating_shared`. The matcher derives each candidate's parameters from the bases
// (blocked: sizes per dim from the register, lane and warp bases for each dim order; MMA: warp
// splits and instruction shapes; shared: swizzle widths, element widths, vec / perPhase /
// maxPhase), builds the candidate, and keeps it only when its
// toLinearLayout(shape) equals the bases exactly -- never a near match.
// Without one, the layout stays `#ttg.linear` / `#ttg.shared_linear`.
#pragma once

#include "encodings/encoding.h"

namespace ls::notation {

// The first named encoding whose toLinearLayout(shape) is `ll`; nullptr when
// none is. Distributed layouts (in dims register, lane, warp, block): blocked;
// nvidia_mma v2, v3 (32 lanes), amd_mfma (64 lanes), amd_wmma (32 lanes);
// dot_op of nvidia_mma, amd_mfma, amd_wmma; AMD accumulators and operands
// with tilesPerWarp > 1; slice (single CTA) of a blocked parent, then of the
// accumulators. Shared ones (offset, block):
// unswizzled swizzled_shared, nvmma_shared (16, 8, 32, 64-bit elements; 128,
// 64, 32, 0-byte swizzles), swizzled swizzled_shared, amd_rotating_shared.
// Parameters that never reach the bases take one canonical value (see
// docs/notation.md, "Named encodings").
EncodingPtr matchNamedEncoding(const LinearLayout &ll, const Shape &shape);

// matchNamedEncoding, else the layout itself as #ttg.linear or
// #ttg.shared_linear (alignment 16).
EncodingPtr simplestEncoding(const LinearLayout &ll, const Shape &shape);

} // namespace ls::notation
