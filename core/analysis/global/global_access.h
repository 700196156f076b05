// GlobalAccess: how the loads or stores of a distributed layout hit global
// memory, warp by warp and instruction by instruction.
//
// # Sectors
//
// Global memory is served in 32-byte sectors. One warp-wide ld.global or
// st.global asks, for each lane, for one vector of `vectorElems` consecutive
// elements; the memory system fetches every sector any lane touches. A warp
// instruction is perfectly coalesced when the sectors it touches are exactly
// as many as its distinct bytes need: ceil(bytes / 32).
//
// Worked example: 64x64 f32, row-major, blocked sizePerThread [1,4],
// threadsPerWarp [2,16]: each lane holds 4 consecutive floats (one 128-bit
// vector), 16 lanes cover one 256-byte row, so one warp instruction reads two
// rows: 512 bytes in 16 sectors, minimum 16, efficiency 100%. The transposed
// layout (sizePerThread [4,1], threadsPerWarp [16,2], order [0,1]) on the
// same row-major tensor: no two registers of a lane are adjacent in memory,
// so vectors are one float; the 32 lanes read 2 adjacent floats in each of
// 16 rows: 16 sectors for 128 bytes (minimum 4), efficiency 25%.
//
// # Vector width
//
// As Triton's load/store lowering, the vector is the largest power of two
// v <= 128 bits / element bits such that every aligned group of v registers
// of every thread holds v consecutive elements in memory, starting at a
// multiple of v elements (the tensor base is assumed 16-byte aligned, as
// Triton assumes for pointer arguments).
//
// Only the first CTA is analysed: the others touch translated addresses.
#pragma once

#include <cstdint>
#include <vector>

#include "layout/linear_layout.h"

namespace ls {

struct GlobalLaneAccess {
  int32_t lane = 0;
  int64_t firstByte = 0; // byte offset from the tensor base
  int32_t bytes = 0;
  int64_t firstSector = 0; // firstByte / 32
  int64_t lastSector = 0;
};

struct GlobalInstruction {
  int32_t warp = 0;
  int32_t index = 0;           // which of the thread's vector instructions
  std::vector<GlobalLaneAccess> lanes;
  std::vector<int64_t> sectors; // distinct sectors, ascending
  int64_t uniqueBytes = 0;      // distinct bytes requested by the warp
  int64_t minSectors = 0;       // ceil(uniqueBytes / 32)
  double efficiency() const {
    return sectors.empty() ? 1.0 : double(uniqueBytes) / double(sectors.size() * 32);
  }
};

struct GlobalInstructionSummary {
  int32_t warp = 0;
  int32_t index = 0;
  int64_t sectors = 0;
  int64_t minSectors = 0;
  int64_t uniqueBytes = 0;
};

class GlobalAccess {
public:
  // Requires: a distributed layout (register, lane, warp[, block] -> dim0..),
  // elementBits 1..64, strides empty (row-major) or one per dim, >= 0.
  // Throws ls::Error naming the field for bad input, and naming "shape" when
  // the first CTA has more than kMaxLocations registers.
  // maxVectorElems > 0 caps the vector (Triton narrows it to the pointers'
  // alignment and the mask's constancy).
  GlobalAccess(const LinearLayout &layout, int elementBits, std::vector<int64_t> strides = {},
               int maxVectorElems = 0);

  int elementBytes() const { return elemBytes_; }
  int vectorElems() const { return vector_; }
  int vectorBits() const { return vector_ * elemBytes_ * 8; }
  int numWarps() const { return warps_; }
  int numLanes() const { return lanes_; }
  // Vector instructions each thread issues.
  int instructionsPerThread() const { return regs_ / vector_; }
  const std::vector<int64_t> &strides() const { return strides_; }

  // One warp instruction in detail (every lane, every sector).
  GlobalInstruction instruction(int32_t warp, int32_t index) const;
  // Every warp x instruction of the first CTA, warp-major.
  const std::vector<GlobalInstructionSummary> &summaries() const { return summaries_; }

  int64_t totalSectors() const { return totalSectors_; }
  int64_t totalMinSectors() const { return totalMinSectors_; }
  double efficiency() const;

  static constexpr int64_t kMaxLocations = int64_t{1} << 22;

private:
  int64_t elementOffset(int32_t warp, int32_t lane, int32_t reg) const;

  LinearLayout layout_;
  std::vector<int64_t> strides_;
  std::vector<int64_t> outStrides_; // strides_ in the layout's out-dim order
  int elemBytes_ = 4;
  int regs_ = 1, lanes_ = 1, warps_ = 1;
  int vector_ = 1;
  std::vector<GlobalInstructionSummary> summaries_;
  int64_t totalSectors_ = 0, totalMinSectors_ = 0, totalUniqueBytes_ = 0;
};

// Row-major strides of a shape, in elements.
std::vector<int64_t> rowMajorStrides(const std::vector<int64_t> &shape);

} // namespace ls
