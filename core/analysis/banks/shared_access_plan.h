// The shared-memory instructions a warp runs to load or store a distributed
// tensor, and the address each lane gives to each of them -- chosen the way
// Triton 3.6 lowers local_load / local_store.
//
// Every address is an xor of three terms (element units, before padding):
//
//   offset(instruction k, lane l, warp w) = instr[k] ^ lane[l] ^ warp[w]
//
// because the conversion layout cvt = reg.invertAndCompose(smem) is linear.
//
// Two lowerings:
//
// - ld.shared / st.shared (and AMD ds_read / ds_write): V = the largest
//   vectorisation; a thread runs (registers / V) instructions, each moving V
//   consecutive elements (V * bytes <= 16). instr[k] = cvt(register k * V).
//
// - ldmatrix / stmatrix (NVIDIA; Triton tries them first, plain then .trans):
//   possible when 32 bits of registers and lanes 0-1 (plain) or lanes 2-4
//   (.trans, 16-bit only) fill each 16-byte row of 8x8 matrices; .x1/.x2/.x4
//   moves 1, 2 or 4 matrices, lanes 8i..8i+7 giving the rows of matrix i.
//   This follows lowerLdStMatrix in Triton's NVIDIA backend (Utility.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/banks/bank_model.h"
#include "layout/linear_layout.h"

namespace ls {

struct SharedAccessPlan {
  InstructionClass cls = InstructionClass::LdSt;
  bool transposed = false; // ldmatrix/stmatrix .trans
  int vectorElements = 1;  // elements a lane moves per instruction
  int accessBytes = 4;     // bytes at each lane's address (16 for matrix rows)
  int matrices = 0;        // .x1 / .x2 / .x4
  int laneCount = 32;
  int warpCount = 1;
  uint64_t addressLanes = 0;  // lanes that give an address
  std::vector<int32_t> instr; // per instruction of a thread
  std::vector<int32_t> lane;  // per lane
  std::vector<int32_t> warp;  // per warp

  int instructions() const { return static_cast<int>(instr.size()); }
  int32_t offset(int k, int l, int w) const {
    return instr[static_cast<size_t>(k)] ^ lane[static_cast<size_t>(l)] ^
           warp[static_cast<size_t>(w)];
  }
};

// Largest number of lane accesses (registers x lanes x warps) analysed.
constexpr int64_t kMaxLaneAccesses = int64_t{1} << 26;

// The ld.shared/st.shared plan. `reg` must be free of register broadcast
// (removeBroadcastRegisters); `smem` is the shared layout (offset[, block]).
// `storageBits` is the element width in memory (>= 8). `maxVecElems` limits
// the vector as Triton does for padded layouts.
SharedAccessPlan planLdSt(const LinearLayout &reg, const LinearLayout &smem, int storageBits,
                          std::optional<int> maxVecElems = std::nullopt);

// The ldmatrix (load) or stmatrix (store) plan, if Triton would use one.
std::optional<SharedAccessPlan> planMatrix(const LinearLayout &reg, const LinearLayout &smem,
                                           int storageBits, AccessDirection direction);

// "ld.shared.v4.b32", "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
// "ds_read_b128", ...
std::string instructionName(const SharedAccessPlan &plan, const BankTarget &target,
                            AccessDirection direction);

} // namespace ls
