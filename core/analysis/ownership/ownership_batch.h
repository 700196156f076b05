// Batch ownership queries for drawing: many cells per call, one xor per cell.
//
// A view of a layout shows a window of a 2-D plane: rows and columns of
// tensor elements (the tensor view), or rows and columns of hardware
// locations (the hardware view). Both maps the view needs are linear over
// GF(2) on the packed indices of Ownership:
//
//   element(location a ^ b)   = element(a) ^ element(b)        (the layout)
//   firstOwner(element a ^ b) = firstOwner(a) ^ firstOwner(b)  (its pseudo-
//                                                               inverse, when
//                                                               surjective)
//
// A cell whose row contributes the bits `rowPart` and whose column
// contributes the disjoint bits `colPart` is therefore answered by one xor
// of a per-row and a per-column value. A window of W x H cells costs
// W + H full queries and W * H xors, independent of the tensor's size --
// which is what keeps a 4096x4096 tensor inside one frame.
//
// Worked example (blocked sizePerThread [1, 4], threadsPerWarp [2, 16],
// warpsPerCTA [4, 1] on 64x64): element (1, 4) = row part (1, 0) ^ column
// part (0, 4); firstOwner(1, 0) = lane 16, firstOwner(0, 4) = lane 1, so
// the owner of (1, 4) is lane 17, register 0.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "analysis/ownership/ownership.h"

namespace ls {

// The "no owner" marker of the batch queries.
constexpr uint64_t kNoOwner = ~uint64_t{0};

// out[i * cols.size() + j] = firstOwner(rowElems[i] ^ colElems[j]), or
// kNoOwner.  Requires: each row element and column element use disjoint
// bits (a row part and a column part of the packed element index).
void firstOwnersOnGrid(const Ownership &own, std::span<const uint64_t> rowElems,
                       std::span<const uint64_t> colElems, std::vector<uint64_t> &out);

// out[i * cols.size() + j] = elementAt(rowLocs[i] ^ colLocs[j]).
// Requires: row and column locations use disjoint bits.
void elementsOnGrid(const Ownership &own, std::span<const uint64_t> rowLocs,
                    std::span<const uint64_t> colLocs, std::vector<uint64_t> &out);

// A bitmap over elements (bit e of word e / 64) of every element held by a
// location whose bits under `fixedMask` equal `fixedValue` -- e.g. everything
// one thread holds (fix its lane, warp and block bits) or one register of
// every thread (fix the register bits).  Enumerates the free location bits
// in Gray-code order, one xor per location.
// Requires: own.numElements() <= 2^32.
std::vector<uint64_t> heldElementsBitmap(const Ownership &own, uint64_t fixedMask,
                                         uint64_t fixedValue);

// Number of locations heldElementsBitmap would visit (2^free bits).
int64_t heldElementsWork(const Ownership &own, uint64_t fixedMask);

inline bool bitmapTest(const std::vector<uint64_t> &bits, uint64_t i) {
  return (i >> 6) < bits.size() && ((bits[i >> 6] >> (i & 63)) & 1);
}

} // namespace ls
