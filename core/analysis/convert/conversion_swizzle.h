// ScratchSwizzle: the shared-memory layout Triton 3.6 chooses for the scratch
// buffer of a convert_layout, and the instructions that access it.
//
// # The buffer as a linear layout
//
// The buffer is a 1-D layout over GF(2) from four in-dims to the tensor:
//
//   vector  bits inside one vectorised access (registers on both sides when
//           possible, so each thread moves up to 128 bits at once),
//   bank    bits that spread one access over the 32 four-byte banks,
//   segment the remaining bits, chosen (computeSegment) so that lanes of one
//           access land in different bank lines as far as possible,
//   reps    segment bits that are registers on both sides: they become rounds
//           of store / barrier / load reusing the same buffer, not space.
//
// Example: 16x32 f16, blocked sizePerThread [1,4] threadsPerWarp [4,8] to
// sizePerThread [1,4] threadsPerWarp [1,32] (4 warps), with ld/st.shared:
// the four registers along dim 1 are registers of both layouts, so vector =
// those 2 bits (64 bits per access); no bit is a register of both sides in
// the segment, so the buffer holds the whole tensor: 1024 bytes, as Triton's
// allocation test says. On sm90 the same 1024 bytes are accessed with
// stmatrix and ldmatrix: their 128-bit vector is one register bit and the
// first two lane bits (four lanes hold one 16-byte row of an 8x8 matrix).
//
// # Which instructions
//
// Generic targets (and AMD) always use ld.shared / st.shared
// (optimalSwizzlingLdSt). NVIDIA targets also consider ldmatrix (sm75+) and
// stmatrix (sm90+), plus their .trans forms for 16-bit elements: Triton's
// optimalSwizzling tries every pair of store/load instruction whose 128-bit
// tile both layouts can feed, builds a buffer for each, and keeps the pair
// with the fewest bank conflicts by its own count (ties: more reps, so less
// space); without any such pair it falls back to optimalSwizzlingLdSt.
#pragma once

#include <cstdint>
#include <vector>

#include "layout/linear_layout.h"

namespace ls {

// Which shared-memory instructions the lowering may use.
enum class ScratchTarget {
  Generic, // ld.shared / st.shared only (Triton's default lowering, AMD)
  Sm80,    // + ldmatrix
  Sm90,    // + ldmatrix and stmatrix (Hopper, Blackwell)
};
// "generic", "sm80", "sm90".
const char *scratchTargetName(ScratchTarget target);

enum class ScratchInstruction { Shared, Matrix, MatrixTrans };
// "st.shared", "stmatrix", "stmatrix.trans" (store) or "ld.shared", "ldmatrix",
// "ldmatrix.trans" (load).
const char *scratchInstructionName(ScratchInstruction instr, bool store);

struct ScratchSwizzle {
  LinearLayout buffer; // vector, bank, segment, reps -> the tensor's out-dims
  ScratchInstruction store = ScratchInstruction::Shared;
  ScratchInstruction load = ScratchInstruction::Shared;
  // One wavefront of the store and of the load, as flattened tensor bases
  // (Triton's tileSrc / tileDst): what its bank-conflict count intersects
  // with the segment.
  std::vector<int32_t> tileSrc, tileDst;
};

// Triton's choice for converting `src` to `dst` with `bitwidth`-bit elements.
// Requires: register, lane, warp -> dims layouts without zero register bases
// (broadcast removed) and without the block dim; bitwidth 8..64.
ScratchSwizzle chooseScratchSwizzle(const LinearLayout &src, const LinearLayout &dst,
                                    int bitwidth, ScratchTarget target);

// The generic buffer is Triton's optimalSwizzlingLdSt (optimal_swizzling.h,
// shared with the bank module).

} // namespace ls
