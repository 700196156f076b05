// CoalesceHeuristic: the blocked layout Triton 3.6's coalesce pass gives a
// global load or store, step by step.
//
// # What the pass knows and what it picks
//
// The pass (TritonGPUCoalesce, via buildCoalescedEncoding in
// lib/Dialect/TritonGPU/Transforms/CoalesceUtils.cpp; Gluon's CoalescedLayout
// resolves through the same function) sees the pointer tensor's axis info:
// per dimension, the *contiguity* (how many consecutive addresses run along
// it) and the *divisibility* (the largest power of two, in bytes, dividing
// the addresses along it). From them it builds
//
//   1. order: dims sorted by contiguity, largest first (stable);
//   2. sizePerThread[order[0]]: the alignment, min(divisibility / element
//      bytes, contiguity capped at the shape), capped at 128 bits, and at the
//      elements each thread would hold if spread evenly; 1 elsewhere;
//   3. threadsPerWarp and warpsPerCTA: from the contiguous dim outwards, give
//      each dim as many threads as its remaining extent needs (lanes first,
//      then warps), and the last dim whatever lanes and warps are left.
//
// Worked example (the transpose): 64x64 f32, 4 warps of 32 lanes, 16-byte
// divisibility.
//   load,  contiguity [1, 64]: order [1, 0]; 16 B / 4 B = 4, min(4, 64) = 4,
//          128 bits = 4 floats, 4096 / 128 threads = 32 >= 4: sizePerThread
//          [1, 4]; dim 1 needs 64 / 4 = 16 threads: threadsPerWarp [2, 16],
//          warpsPerCTA [4, 1].
//   store, contiguity [64, 1]: the mirror image, sizePerThread [4, 1],
//          threadsPerWarp [16, 2], warpsPerCTA [1, 4], order [0, 1].
//
// Single memory op only: the pass also takes the largest sizePerThread among
// other accesses of the same shape and order in the op's slice; give their
// contiguity and divisibility here if they differ.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "encodings/blocked.h"

namespace ls {

struct CoalesceInput {
  std::vector<int64_t> shape;
  std::vector<int64_t> contiguity;   // elements, per dim
  std::vector<int64_t> divisibility; // bytes, per dim (Triton's default for a pointer argument: 16)
  int elementBits = 32;
  int numWarps = 4;
  int threadsPerWarp = 32;
};

struct CoalesceStep {
  std::string name;   // "order", "sizePerThread", "threadsPerWarp/warpsPerCTA"
  std::string detail; // the arithmetic, in words
};

struct CoalesceResult {
  BlockedEncoding encoding;
  std::vector<CoalesceStep> steps;
};

// Throws ls::Error naming the field (shape, contiguity, divisibility, dtype,
// num-warps, threads-per-warp) for bad input.
CoalesceResult coalescedLayout(const CoalesceInput &input);

// Axis info of a plain strided tensor: a dim with stride 1 is contiguous over
// its whole extent, every dim has 16-byte divisibility (Triton's default for
// pointer arguments).
CoalesceInput coalesceInputForStrides(const std::vector<int64_t> &shape,
                                      const std::vector<int64_t> &strides, int elementBits,
                                      int numWarps, int threadsPerWarp = 32);

} // namespace ls
