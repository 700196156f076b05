// ConversionScratch: how a convert_layout moves data through shared memory,
// the way Triton 3.6 lowers it (transferWithinBlockSwizzling).
//
// # Why a conversion needs a scratch layout
//
// When data must cross warps (or a warp permutation is too tangled for
// shuffles), every thread stores its registers into a scratch buffer, the CTA
// synchronises, and every thread loads the registers of the destination
// layout. How the tensor is laid out in that buffer decides three costs:
//
//   bytes         the buffer is only as large as one *tile*: tensor bits
//                 that are registers in both layouts and sit in the segment
//                 part of the buffer become "reps", rounds of store/barrier/
//                 load that reuse the same buffer;
//   instructions  each st.shared / ld.shared moves a vector of consecutive
//                 offsets held in consecutive registers, at most 128 bits;
//   conflicts     how many wavefronts each access needs (see the hook below).
//
// Triton picks the buffer layout with optimalSwizzlingLdSt
// (lib/Tools/GenericSwizzling.cpp): a 1-D layout over GF(2) with in-dims
//
//   vector  (bits of the offset inside one vectorised access),
//   bank    (bits that spread one access over the 32 banks),
//   segment (the remaining bits, chosen to avoid conflicts),
//   reps    (segment bits that are registers on both sides: time, not space)
//
// onto the tensor. This file reproduces that choice exactly, so that `bytes`
// equals the scratch size Triton's allocation analysis reserves, and derives
// the instruction counts the way lowerLdStShared vectorises.
//
// # The bank-conflict hook
//
// The number of bank conflicts of the chosen buffer belongs to the bank
// analysis (core/analysis/bank_conflicts.*, another module). This file only
// calls `conversionBankConflicts` (conversion_bank_hook.h), which returns
// nullopt until that analysis is wired in; reports then say "unknown".
#pragma once

#include <cstdint>
#include <optional>

#include "layout/linear_layout.h"

namespace ls {

struct ScratchConflicts {
  int64_t store = 0; // extra wavefronts of the st.shared of one rep
  int64_t load = 0;  // extra wavefronts of the ld.shared of one rep
};

struct ConversionScratch {
  // vector, bank, segment, reps -> dim0.. (the tensor's out-dims).
  LinearLayout buffer;
  // Bits per element in shared memory: i1 and other sub-byte types travel as
  // i8, pointers as i64.
  int elementBits = 0;
  int vectorElems = 1;   // elements per bank-line vector (size of "vector")
  int reps = 1;          // rounds of store, barrier, load
  int64_t bytes = 0;     // scratch bytes Triton allocates (one rep's tile)
  int storeVectorElems = 1; // elements per st.shared
  int loadVectorElems = 1;  // elements per ld.shared
  int64_t storesPerThread = 0; // st.shared per thread, all reps
  int64_t loadsPerThread = 0;  // ld.shared per thread, all reps
  int64_t barriers = 0;        // CTA barriers (two per rep, minus the first)
  // From the bank analysis, nullopt while it is not wired in.
  std::optional<ScratchConflicts> conflicts;
};

// Bits an element of `elementBits` occupies in a conversion's scratch buffer
// (Triton's getBitwidth: at least 8).
int scratchElementBits(int elementBits);

// The scratch plan of converting `src` to `dst`.
// Requires: distributed layouts (in-dims register, lane, warp[, block]) of the
// same tensor; elementBits in 1..64.  Broadcast registers and the block dim
// are removed here, as Triton does before planning.
ConversionScratch planConversionScratch(const LinearLayout &src, const LinearLayout &dst,
                                        int elementBits);

// Triton's optimalSwizzlingLdSt on layouts already stripped of register
// broadcasting (and of the block dim); exposed for tests and the bank module.
LinearLayout optimalScratchLayout(const LinearLayout &src, const LinearLayout &dst,
                                  int elementBits);

} // namespace ls
