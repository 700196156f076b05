// Triton's optimal swizzling for a store in one layout and a load in another
// (GenericSwizzling.cpp, optimalSwizzlingLdSt), rebuilt over our
// LinearLayout.
//
// Everything happens on flattened tensor indices (dim0 least significant),
// as sets of GF(2) basis vectors:
//
//   vector  : register bases both layouts share (the vectorisation, at most
//             128 bits), topped up to 32 bits with bases that one side holds
//             in registers and the other spreads over warps;
//   segment : the bases that pick a 128-byte bank line. A lane basis of the
//             writer's (reader's) wavefront that lies in the segment is a
//             conflict, so the segment is built from bases in neither lane
//             tile first, then from xors A[i] ^ B[i] of writer-only and
//             reader-only lane bases (a swizzle that both sides see spread);
//   bank    : a complement of vector + segment (which bank inside the line);
//   reps    : segment bases that both layouts hold in registers (Triton
//             moves those in separate rounds; here they are just more offset
//             bits).
//
// Worked example (f16, 32x32, writer with the lanes along rows, reader with
// the lanes down columns, 8-element vectors on both): the segment becomes
// row ^ column xors -- the classic xor swizzle -- and both directions are
// conflict-free.
#pragma once

#include <cstdint>
#include <vector>

#include "layout/linear_layout.h"

namespace ls {

// Triton's intersectionBasis(b1, b2, dim): for power-of-two bases, the
// nonzero entries of b1 found in b2 (b1's order); otherwise a basis of
// span(b1) /\ span(b2) from reduced row-echelon forms.
std::vector<int32_t> intersectionBasis(const std::vector<int32_t> &b1,
                                       const std::vector<int32_t> &b2, int dim);

// Triton's optimalSwizzling for a given vector basis and the writer's and
// reader's wavefront tiles (flattened bases): the segment from the tiles
// (computeSegment), the bank as the complement of vector + segment, and the
// segment bases both layouts hold in registers moved to reps, except the
// first `leaveReps` of them (ldmatrix/stmatrix pairs keep two for their .x4
// form).  In-dims vector, bank, segment, reps -> srcFlat's one out-dim.
// Requires: srcFlat and dstFlat flattened (one out-dim), no zero register
// bases.
LinearLayout swizzledBuffer(const LinearLayout &srcFlat, const LinearLayout &dstFlat, int bitwidth,
                            const std::vector<int32_t> &vbasis,
                            const std::vector<int32_t> &tileSrc,
                            const std::vector<int32_t> &tileDst, int leaveReps = 0);

// Triton's optimalSwizzlingLdSt: in-dims vector, bank, segment, reps ->
// src's out-dims.  Requires: src and dst map register, lane, warp[, block]
// onto the same dims and have no zero register bases.
LinearLayout optimalSwizzlingLdSt(const LinearLayout &src, const LinearLayout &dst, int bitwidth);

// The same as a shared layout: offset = vector, bank, segment, reps (in that
// order, minor first) and a size-1 block dim.  Broadcast registers are
// removed from src and dst first, as Triton's caller does.
LinearLayout optimalSharedLayout(const LinearLayout &src, const LinearLayout &dst, int bitwidth);

} // namespace ls
