// LayoutConversion: what a ttg.convert_layout from one distributed layout to
// another has to move, and which mechanism Triton 3.6 uses to move it.
//
// # The conversion map
//
// Both layouts map hardware (register, lane, warp, block) to the same tensor.
// For every destination location d, the element it must end up with is
// dst(d); some source location s holds it: src(s) = dst(d). The *full map*
// d -> s is dst.invertAndCompose(src) (free variables zero, dims on which the
// layouts agree kept as the identity). It says, register by register, which
// source register of which source thread feeds which destination register.
//
// # The minimal conversion and its class
//
// Triton (minimalCvtLayout, lib/Analysis/Utility.cpp) quotients the full map
// by its trailing in-dims while it is the identity on them and does not mix
// them with the others, slowest first: block, warp, lane, register. What is
// left names what moves:
//
//   nothing                       no-op               (the layouts are equal)
//   register                      register permutation (renaming, free)
//   register, lane                warp shuffles when the bit permutation has
//                                 fewer than two register/lane transpositions,
//                                 otherwise shared memory
//   register, lane, warp          shared memory within the CTA
//   ... block                     across CTAs (distributed shared memory and
//                                 cluster barriers: NVIDIA lowers it for
//                                 blocked, mma and slice layouts only)
//
// Example: blocked sizePerThread [1,4] threadsPerWarp [2,16] warpsPerCTA
// [4,1] to the same with sizePerThread [4,1], threadsPerWarp [16,2],
// warpsPerCTA [1,4] on 64x64: every basis changes, the minimal map keeps all
// of register, lane, warp: shared memory.
//
// Triton's `is_convert_layout_trivial` is "the minimal map has no dim but
// register", i.e. the first two classes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/convert/conversion_scratch.h"
#include "analysis/convert/warp_shuffle_plan.h"
#include "layout/linear_layout.h"

namespace ls {

enum class ConversionKind { NoOp, RegisterPermutation, WarpShuffle, SharedMemory, AcrossCtas };

// "no-op", "register-permutation", "warp-shuffle", "shared-memory", "across-ctas".
const char *conversionKindName(ConversionKind kind);

// Where one register lives.
struct HardwareLocation {
  int32_t block = 0, warp = 0, lane = 0, reg = 0;
  bool operator==(const HardwareLocation &) const = default;
};

// How far a value travels: the cheapest mechanism that could carry it.
enum class MoveScope { SameThread, SameWarp, OtherWarp, OtherCta };
const char *moveScopeName(MoveScope scope); // "thread", "warp", "cta", "cluster"

struct RegisterMove {
  HardwareLocation from; // source register holding the element
  HardwareLocation to;   // destination register receiving it
  MoveScope scope = MoveScope::SameThread;
};

class LayoutConversion {
public:
  // Requires: distributed layouts (in-dims register, lane, warp, block) of the
  // same tensor with the same numbers of lanes, warps and blocks; throws
  // ls::Error naming `destination` otherwise.
  LayoutConversion(LinearLayout source, LinearLayout destination);

  const LinearLayout &source() const { return src_; }
  const LinearLayout &destination() const { return dst_; }
  // destination (register, lane, warp, block) -> source (register, lane, warp, block).
  const LinearLayout &fullMap() const { return full_; }
  // Triton's minimalCvtLayout.
  const LinearLayout &minimalMap() const { return minimal_; }
  // In-dims of the minimal map (a prefix of register, lane, warp, block).
  std::vector<DimName> movedDims() const { return minimal_.getInDimNames(); }

  // Triton 3.6's is_convert_layout_trivial.
  bool isTrivial() const;
  ConversionKind kind() const { return kind_; }
  // The shuffle factorisation (for 32-bit words), present when only registers
  // and lanes move.
  const std::optional<WarpShufflePlan> &shuffleFactorisation() const { return shuffle_; }

  int numLanes() const { return dst_.getInDimSize("lane"); }
  int numWarps() const { return dst_.getInDimSize("warp"); }
  int numBlocks() const { return dst_.getInDimSize("block"); }
  int sourceRegisters() const { return src_.getInDimSize("register"); }
  int destinationRegisters() const { return dst_.getInDimSize("register"); }

  // The source register feeding a destination register.
  HardwareLocation sourceOf(const HardwareLocation &to) const;
  // Tensor coordinates (dim0, dim1, ...) a destination register receives.
  std::vector<int32_t> elementAt(const HardwareLocation &to) const;
  // Every register of every lane of one destination warp, lane-major.
  // Throws ls::Error beyond kMaxMovesPerWarp registers.
  std::vector<RegisterMove> movesInto(int32_t block, int32_t warp) const;
  // Every destination register fed by one source thread.  Scans all
  // destination locations; throws ls::Error beyond kMaxScannedLocations.
  std::vector<RegisterMove> movesFrom(int32_t block, int32_t warp, int32_t lane) const;
  // Destination registers per scope over the whole CTA array, indexed by MoveScope.
  std::vector<int64_t> scopeHistogram() const;

  static constexpr int64_t kMaxScannedLocations = int64_t{1} << 22;
  static constexpr int64_t kMaxMovesPerWarp = int64_t{1} << 20;

private:
  RegisterMove moveTo(const HardwareLocation &to) const;

  LinearLayout src_, dst_, full_, minimal_;
  ConversionKind kind_ = ConversionKind::NoOp;
  std::optional<WarpShufflePlan> shuffle_;
};

// The cost of a conversion for one element type.
struct ConversionCost {
  ConversionKind kind = ConversionKind::NoOp;
  int elementBits = 32;
  std::optional<WarpShufflePlan> shuffle;   // kind == WarpShuffle
  std::optional<ConversionScratch> scratch; // kind == SharedMemory
};

// Requires: elementBits in 1..64 (pointers: 64). `target` picks the
// shared-memory instructions Triton may use (NVIDIA sm90 by default).
ConversionCost conversionCost(const LayoutConversion &conversion, int elementBits,
                              ScratchTarget target = ScratchTarget::Sm90);

} // namespace ls
