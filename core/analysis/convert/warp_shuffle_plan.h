// WarpShufflePlan: a conversion that stays inside each warp, written as a
// permutation of register and lane bits, and what it costs in shuffles.
//
// # The factorisation
//
// When source and destination agree on warps and blocks, converting is a map
// from (register, lane) bits of the source to (register, lane) bits of the
// destination. For layouts whose bases are single bits this map is a
// permutation P of bits (after padding the smaller side with zero bases and
// pairing the zero bases of one side with those of the other). Triton 3.6
// (getWarpLayoutConvertDecomposition, lib/Analysis/Utility.cpp) factors it as
//
//     P = P_mixed . P_lane . P_reg
//
// walking the cycles of P: P_reg only permutes register bits (free: it just
// renames registers), P_lane only permutes lane bits (one shfl.idx per
// register), and P_mixed is a product of disjoint transpositions (r_i l_j),
// each a 2x2 block transpose that costs selects and shfl.bfly.
//
// Example: src registers [r0 -> dim1=1], lanes [l0 -> dim1=2, ...] and dst
// with those two bits swapped: P = (r0 l0), one mixed transposition, P_lane
// trivial: every pair of registers exchanges one value with the neighbour
// lane, R/2 shuffles per thread.
//
// Triton uses shuffles only when there are fewer than two mixed
// transpositions (cvtNeedsWarpShuffle); otherwise it goes through shared
// memory. The counts below follow transferWithinWarp: R is the number of
// 32-bit words per thread after packing 2^packBits narrow elements together.
//   ship (m = 1, P_lane trivial):  R/2 shuffles, 3R/2 selects
//   swap, P_lane trivial:          R - R/2^m shuffles, 2mR selects
//   swap, P_lane not trivial:      R shuffles (shfl.idx), 2mR selects
// 64-bit elements need two 32-bit shuffles each.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "layout/linear_layout.h"

namespace ls {

struct WarpShufflePlan {
  // P maps every bit to one bit; Triton's factorisation requires it.
  bool isBitPermutation = true;
  int registerBits = 0; // register bits of P (after padding)
  int laneBits = 0;     // lane bits of P (after padding)
  // P_reg and P_lane as bit maps: registerPermutation[i] = the bit register
  // bit i goes to (likewise for lanes).
  std::vector<int> registerPermutation;
  std::vector<int> lanePermutation;
  // (register bit, lane bit) pairs of P_mixed, in Triton's order.
  std::vector<std::pair<int, int>> mixedTranspositions;
  bool lanePermutationIsTrivial = true;

  // Costs for one element width.
  int elementBits = 32;
  int packBits = 0;           // log2 elements packed per 32-bit word
  int64_t wordsPerThread = 0; // R
  std::string method;         // "ship", "swap" or "none"
  int64_t shuffles = 0;       // shfl.sync per thread
  // selp/prmt per thread: exact for unpacked elements (32 bits and wider), an
  // upper bound when narrow elements are packed (Triton may then still ship).
  int64_t selects = 0;

  // Triton's cvtNeedsWarpShuffle criterion on the factorisation.
  bool shufflesSuffice() const {
    return isBitPermutation && mixedTranspositions.size() < 2;
  }
};

// Requires: distributed layouts (in-dims register, lane, warp, block) of the
// same tensor whose conversion needs no data to cross warps or blocks.
WarpShufflePlan planWarpShuffle(const LinearLayout &src, const LinearLayout &dst,
                                int elementBits);

} // namespace ls
