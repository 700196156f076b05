// TmemMap: what the tensor-memory view and its register grid draw.
//
// Tensor memory is, per CTA, 128 lanes x 512 columns of 32-bit cells. A cell
// holds 32/bitwidth element slots (one f32, two f16, four f8). The TMEM
// layout L (row, col -> dim0, dim1; `col` counts slots, the CTA split at its
// top) says which element each slot holds; a TMEM load or store with
// register layout R (register, lane, warp, block -> dim0, dim1) says which
// thread register carries it.
//
// Every slot is one of
//   Element  the slot holds this element,
//   Copy     the same element again in another lane quarter (a zero basis at
//            row 32 or 64: each warp of the warpgroup gets its own copy),
//   Empty    nothing (a zero basis anywhere else: the lanes 16..31 of a
//            blockM = 64 slab with nothing left to hold, or the padding
//            slots of colStride > 1),
// and, given R, the slot records the first (warp, lane, register) that
// carries its element, preferring a reader whose warp owns the slot's lane
// quarter (warp w reaches only lanes 32*(w%4) .. 32*(w%4)+31).
//
// The register side is a grid of threads (warp*32 + lane) by registers; each
// cell is the element and the TMEM cell it comes from.
//
// Tables are built once (at most 2^22 slots or register cells); queries are
// O(1). No Qt: the widgets only draw what this computes.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "layout/linear_layout.h"

namespace ls {

struct TmemSlot {
  enum class State : uint8_t { Empty, Element, Copy };
  State state = State::Empty;
  int32_t dim0 = 0, dim1 = 0;               // the element (meaningless when Empty)
  int32_t warp = -1, lane = -1, reg = -1;   // its reader in R, -1 if none / no R
  int32_t block = -1;
};

struct TmemRegisterCell {
  int32_t dim0 = 0, dim1 = 0;               // the element this register carries
  int32_t cta = -1, tmemLane = -1, column = -1, slot = -1; // where it sits in TMEM; -1 if nowhere
};

class TmemMap {
public:
  // Requires: tmem maps (row, col) -> (dim0, dim1); reg (if given) maps
  // (register, lane, warp[, block]) -> the same dims. `numCTAs` is the CTA
  // split of the TMEM layout (top col bits). Throws ls::Error if too large.
  TmemMap(const LinearLayout &tmem, int bitwidth, int numCTAs,
          const std::optional<LinearLayout> &reg = std::nullopt);

  int numLanes() const { return numLanes_; }          // 128
  int numColumns() const { return numColumns_; }      // 32-bit columns per CTA
  int slotsPerColumn() const { return slotsPerColumn_; }
  int numCTAs() const { return numCTAs_; }
  int64_t shape0() const { return shape0_; }
  int64_t shape1() const { return shape1_; }

  // Requires: indices in range.
  const TmemSlot &slot(int cta, int lane, int column, int slotInColumn) const;
  // Counts over all CTAs.
  int64_t countSlots(TmemSlot::State state) const;

  bool hasRegisters() const { return numRegisters_ > 0; }
  int numRegisters() const { return numRegisters_; }
  int numThreads() const { return numThreads_; }      // lanes x warps
  int numWarps() const { return numThreads_ / 32; }
  int numBlocks() const { return numBlocks_; }
  // thread = warp * 32 + lane.
  const TmemRegisterCell &registerCell(int block, int thread, int reg) const;
  // The TMEM lanes warp `warp` reads (lowest, highest); (-1, -1) if none.
  std::pair<int, int> lanesOfWarp(int warp) const;

private:
  int64_t slotIndex(int cta, int lane, int column, int s) const;

  int numLanes_ = 0, numColumns_ = 0, slotsPerColumn_ = 1, numCTAs_ = 1;
  int64_t shape0_ = 1, shape1_ = 1;
  int numRegisters_ = 0, numThreads_ = 0, numBlocks_ = 1;
  std::vector<TmemSlot> slots_;             // by TMEM location: row | col << rowBits
  std::vector<TmemRegisterCell> regCells_;  // by (block, thread, reg)
  std::vector<std::pair<int, int>> warpLanes_;
};

} // namespace ls
