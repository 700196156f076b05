// Bank conflicts exactly as Triton 3.6 counts them (`bank_conflicts` in
// Gluon, `get_shared_bank_conflicts`, GenericSwizzling.cpp's
// bankConflictsMemDesc).
//
// Triton's count is a closed formula over GF(2), not a simulation. With the
// vector width V of the access (largestVectorisation), shared memory is cut
// into three in-dims:
//
//   offset = vector (V elements) x bank (up to 1024 bits / (V * bitwidth)) x segment
//
// so that "vector x bank" is one 128-byte bank line. Lanes that differ only
// in a *segment* basis hit the same banks on different lines: a conflict.
// Of the warp's lane bases, Triton keeps those that share one wavefront
// (all 5 for accesses up to 32 bits; 4 for 64-bit, 3 for 128-bit accesses,
// since those are split in half- and quarter-warps) and counts
//
//   conflicts = 2^dim(span(segment bases) /\ span(kept lane bases)) - 1
//
// in flattened tensor coordinates (dim0 least significant). Example: f32 in
// a 32x32 row-major swizzled_shared<vec=1, perPhase=1, maxPhase=1>, read by
// a layout whose 32 lanes run down a column and whose registers are
// columns 4, 8, 16 (so V = 1): a bank line is one row, the segment bases are
// the offsets 32, 64, ..., 512 = rows 1, 2, ..., 16, and so are the lane
// bases, so conflicts = 2^5 - 1 = 31 (the whole warp on one bank).
//
// This is the number the oracle checks. The hardware model that draws every
// wavefront lives in shared_access.h; the two agree on simple cases but not
// in general (Triton's formula ignores broadcasts, wraps and sub-word
// accesses), so both are reported.
#pragma once

#include <cstdint>
#include <vector>

#include "encodings/encoding.h"
#include "layout/linear_layout.h"

namespace ls {

// Triton's bankConflictsMemDesc(reg, smem, bitwidth).
// Requires: reg has in-dims register, lane, warp[, block]; smem has in-dims
// offset[, block]; both map to the same tensor dims.
int bankConflictsMemDesc(const LinearLayout &reg, const LinearLayout &smem, int bitwidth);

// The same, from encodings: builds both linear layouts for `shape` and counts.
// This is the function `layout-studio-cli bench` times ("bank conflicts
// 128x128 f16").
int sharedBankConflicts(const Encoding &distributed, const Encoding &shared, const Shape &shape,
                        int bitwidth);

// Largest tensor the shared-memory analyses accept (elements).
constexpr int64_t kMaxSharedElements = int64_t{1} << 30;
// Throws ls::Error("--shape", ...) beyond kMaxSharedElements.
void checkSharedShape(const Shape &shape);

// Triton's intersectionBasis(b1, b2, dim).size(): for bases that are all
// powers of two, the number of nonzero b1 entries found in b2; otherwise
// dim(span(b1) /\ span(b2)).
int intersectionBasisSize(const std::vector<int32_t> &b1, const std::vector<int32_t> &b2);
int intersectionBasisSize64(const std::vector<int64_t> &b1, const std::vector<int64_t> &b2);

// Rank over GF(2) of a set of bit vectors.
int rankOf(const std::vector<int64_t> &vectors);

} // namespace ls
