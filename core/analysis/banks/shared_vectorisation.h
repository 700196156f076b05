// Shared-memory vectorisation: how many consecutive registers of a thread
// one ld.shared / st.shared can move, as Triton's lowering decides it.
//
// The question is asked of the conversion layout
//
//   cvt = reg.invertAndCompose(smem) : (register, lane, warp[, block]) -> offset[, block]
//
// which says, for each register of each thread, the shared-memory offset of
// its element. A vector of V elements is possible when V registers, after a
// permutation of the register bases, map to the offsets 0..V-1 and nothing
// else (no other register, lane or warp basis) touches the low log2(V) bits
// of the offset: then every vector is an aligned, contiguous V-element run.
// In Triton's terms: divideLeft(cvt, identity1D(V, register, offset)) exists
// (LayoutUtils.cpp, largestVectorisation / regPermForDivide).
//
// Worked example: f16, a thread holds registers r0..r3 with
//   cvt(r0) = 2, cvt(r1) = 1, cvt(r2) = 64, cvt(r3) = 4, cvt(lane0) = 12
// V = 8 is impossible (lane0 touches bit 2 of the offset); V = 4 works with
// the register order [r1, r0, r2, r3]: 4 elements per access. Without
// permutations (padded layouts) only V = 1 is left.
//
// Register permutations are Triton's ColumnAction: order[i] is the old index
// of the new basis i (indices not listed are dropped).
#pragma once

#include <optional>
#include <vector>

#include "layout/layout_utils.h"
#include "layout/linear_layout.h"

namespace ls {

struct Vectorisation {
  int elements = 1;               // elements per ld/st (V above)
  std::vector<int> registerOrder; // permutation applied to cvt's registers
};

// Triton's largestVectorisation(cvt, bitwidth, maxVecElems): tries V from
// maxVecElems (default 128 / bitwidth, at least 1) down to 1.  With an
// explicit maxVecElems no permutation is allowed (Triton's rule for padded
// layouts).  Requires: cvt has in-dim "register" and out-dim "offset".
Vectorisation largestVectorisation(const LinearLayout &cvt, int bitwidth,
                                   std::optional<int> maxVecElems = std::nullopt);

} // namespace ls
