// ConversionScratch: how a convert_layout moves data through shared memory,
// the way Triton 3.6 lowers it (transferWithinBlockSwizzling).
//
// # Why a conversion needs a scratch layout
//
// When data must cross warps (or a warp permutation is too tangled for
// shuffles), every thread stores its registers into a scratch buffer, the CTA
// synchronises, and every thread loads the registers of the destination
// layout. The buffer's layout (conversion_swizzle.h) decides three costs:
//
//   bytes         the buffer holds one *tile*: tensor bits that are registers
//                 in both layouts and sit in the segment part of the buffer
//                 become "reps", rounds of store/barrier/load reusing the same
//                 space. `bytes` equals the scratch size Triton's allocation
//                 reserves for the target (NVIDIA's allocation knows about
//                 ldmatrix/stmatrix, the generic one does not);
//   instructions  each st.shared / ld.shared moves a vector of consecutive
//                 offsets held in consecutive registers, at most 128 bits, as
//                 lowerLdStShared vectorises; ldmatrix / stmatrix move 128
//                 bits per thread;
//   conflicts     how many wavefronts each access needs (see the hook below).
//
// Example: the 64x64 f32 transpose (blocked [1,4]/[2,16]/[4,1] to
// [4,1]/[16,2]/[1,4]) shares no register bit between the sides: 16384 bytes,
// one rep, 32 scalar st.shared and 32 scalar ld.shared per thread.
//
// # Bank conflicts
//
// `conflicts` is Triton's own count for the chosen buffer, computed through
// conversion_scratch.cpp (on the swizzle module's GF(2) helpers).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/convert/conversion_swizzle.h"
#include "layout/linear_layout.h"

namespace ls {

struct ScratchConflicts {
  int64_t store = 0; // extra wavefronts per store instruction (Triton's count)
  int64_t load = 0;  // extra wavefronts per load instruction
};

struct ConversionScratch {
  ScratchTarget target = ScratchTarget::Sm90;
  // vector, bank, segment, reps -> dim0.. (the tensor's out-dims).
  LinearLayout buffer;
  std::string storeInstruction = "st.shared"; // or stmatrix, stmatrix.trans
  std::string loadInstruction = "ld.shared";  // or ldmatrix, ldmatrix.trans
  // One wavefront of the store / load as flattened tensor bases (Triton's
  // tileSrc / tileDst), for the bank-conflict count.
  std::vector<int32_t> storeTile, loadTile;
  // Bits per element in shared memory: i1 and other sub-byte types travel as
  // i8, pointers as i64.
  int elementBits = 0;
  int vectorElems = 1;   // elements per bank-line vector (size of "vector")
  int reps = 1;          // rounds of store, barrier, load
  int64_t bytes = 0;     // scratch bytes Triton allocates (one rep's tile)
  int storeVectorElems = 1; // elements per store instruction
  int loadVectorElems = 1;  // elements per load instruction
  int64_t storesPerThread = 0; // store instructions per thread, all reps
  int64_t loadsPerThread = 0;  // load instructions per thread, all reps
  int64_t barriers = 0;        // barriers (two per rep, minus the first)
  bool warpSynchronous = false; // bar.warp.sync suffices (no data crosses warps)
  // Triton's bank-conflict count of the buffer (see conversion_scratch.cpp).
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
                                        int elementBits,
                                        ScratchTarget target = ScratchTarget::Sm90);

} // namespace ls
