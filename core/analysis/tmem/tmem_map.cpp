#include "analysis/tmem/tmem_map.h"

#include <algorithm>
#include <bit>

#include "encodings/tensor_memory.h"
#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

namespace {

constexpr int kMaxBits = 22; // tables of at most 4M entries

struct Point {
  int32_t d0 = 0, d1 = 0;
};

// Per-basis images of `inDim` as (dim0, dim1) pairs.
std::vector<Point> imagesOf(const LinearLayout &ll, const DimName &inDim) {
  std::vector<Point> out;
  if (!ll.hasInDim(inDim))
    return out;
  const int o0 = ll.getOutDimIndex("dim0"), o1 = ll.getOutDimIndex("dim1");
  for (int i = 0; i < ll.getInDimSizeLog2(inDim); ++i) {
    auto b = ll.getBasis(inDim, i);
    out.push_back({b[o0], b[o1]});
  }
  return out;
}

// Image of every combination of `bases` (index bit i selects basis i), built
// incrementally: value(x) = value(x without its lowest bit) ^ basis(lowest).
std::vector<Point> span(const std::vector<Point> &bases) {
  std::vector<Point> out(size_t{1} << bases.size());
  for (size_t x = 1; x < out.size(); ++x) {
    const Point &b = bases[std::countr_zero(x)];
    const Point &p = out[x & (x - 1)];
    out[x] = {p.d0 ^ b.d0, p.d1 ^ b.d1};
  }
  return out;
}

void requireDims(const LinearLayout &ll, const std::string &what) {
  if (ll.getNumOutDims() != 2 || !ll.hasOutDim("dim0") || !ll.hasOutDim("dim1"))
    throw Error(what, "must map to (dim0, dim1)");
}

} // namespace

TmemMap::TmemMap(const LinearLayout &tmem, int bitwidth, int numCTAs,
                 const std::optional<LinearLayout> &reg) {
  requireDims(tmem, "TMEM layout");
  if (!tmem.hasInDim(kRow) || !tmem.hasInDim(kCol))
    throw Error("TMEM layout", "must have in-dims row and col");
  if (bitwidth != 8 && bitwidth != 16 && bitwidth != 32)
    throw Error("dtype", "TMEM holds 8-, 16- or 32-bit elements");
  if (numCTAs < 1 || !isPowerOf2(numCTAs))
    throw Error("CTAs", "the CTA count must be a power of two");
  const int rowBits = tmem.getInDimSizeLog2(kRow);
  const int colBits = tmem.getInDimSizeLog2(kCol);
  if (rowBits + colBits > kMaxBits)
    throw Error("TMEM layout", "too large to draw (more than 2^22 slots)");
  shape0_ = tmem.getOutDimSize("dim0");
  shape1_ = tmem.getOutDimSize("dim1");
  numLanes_ = 1 << rowBits;
  numCTAs_ = numCTAs;
  slotsPerColumn_ = 32 / bitwidth;
  const int64_t slotsPerCTA = std::max<int64_t>(1, (int64_t{1} << colBits) / numCTAs);
  numColumns_ = static_cast<int>((slotsPerCTA + slotsPerColumn_ - 1) / slotsPerColumn_);

  // Which single bases vanish: in rows 32/64 they make copies, elsewhere holes.
  const std::vector<Point> rowImg = imagesOf(tmem, kRow), colImg = imagesOf(tmem, kCol);
  uint32_t holeRows = 0, copyRows = 0, holeCols = 0;
  for (int i = 0; i < rowBits; ++i)
    if (rowImg[i].d0 == 0 && rowImg[i].d1 == 0)
      (i >= 5 ? copyRows : holeRows) |= 1u << i;
  for (int i = 0; i < colBits; ++i)
    if (colImg[i].d0 == 0 && colImg[i].d1 == 0)
      holeCols |= 1u << i;

  const std::vector<Point> rows = span(rowImg), cols = span(colImg);
  const int64_t total = int64_t{numCTAs_} * numColumns_ * slotsPerColumn_ * numLanes_;
  slots_.assign(static_cast<size_t>(total), TmemSlot{});
  const int64_t numElements = shape0_ * shape1_;
  std::vector<int64_t> firstAt(static_cast<size_t>(numElements), -1);
  for (size_t c = 0; c < cols.size(); ++c)
    for (size_t r = 0; r < rows.size(); ++r) {
      TmemSlot &s = slots_[static_cast<size_t>(r + (c << rowBits))];
      s.dim0 = rows[r].d0 ^ cols[c].d0;
      s.dim1 = rows[r].d1 ^ cols[c].d1;
      if ((r & holeRows) || (c & holeCols)) {
        s.state = TmemSlot::State::Empty;
        continue;
      }
      int64_t &first = firstAt[static_cast<size_t>(s.dim0 * shape1_ + s.dim1)];
      s.state = (r & copyRows) || first >= 0 ? TmemSlot::State::Copy : TmemSlot::State::Element;
      if (first < 0)
        first = static_cast<int64_t>(r + (c << rowBits));
    }
  if (!reg)
    return;

  // Register side.
  requireDims(*reg, "register layout");
  for (const auto &[name, size] : reg->getInDims())
    if (name != kRegister && name != kLane && name != kWarp && name != kBlock)
      throw Error("register layout", "unexpected in-dim '" + name + "'");
  auto bitsOf = [&](const DimName &d) { return reg->hasInDim(d) ? reg->getInDimSizeLog2(d) : 0; };
  const int regBits = bitsOf(kRegister), laneBits = bitsOf(kLane), warpBits = bitsOf(kWarp),
            blockBits = bitsOf(kBlock);
  if (laneBits != 5)
    throw Error("register layout", "must have 32 lanes");
  if (regBits + laneBits + warpBits + blockBits > kMaxBits)
    throw Error("register layout", "too large to draw (more than 2^22 registers)");
  if (reg->getOutDimSize("dim0") != shape0_ || reg->getOutDimSize("dim1") != shape1_)
    throw Error("register layout", "covers a different shape than the TMEM layout");
  numRegisters_ = 1 << regBits;
  numThreads_ = 1 << (laneBits + warpBits);
  numBlocks_ = 1 << blockBits;
  const std::vector<Point> regs = span(imagesOf(*reg, kRegister)),
                           lanes = span(imagesOf(*reg, kLane)),
                           warps = span(imagesOf(*reg, kWarp)),
                           blocks = span(imagesOf(*reg, kBlock));
  // Every TMEM location holding each element, to pick the one in the reader's quarter.
  std::vector<std::vector<int64_t>> holders(static_cast<size_t>(numElements));
  for (size_t i = 0; i < slots_.size(); ++i)
    if (slots_[i].state != TmemSlot::State::Empty)
      holders[static_cast<size_t>(slots_[i].dim0 * shape1_ + slots_[i].dim1)].push_back(
          static_cast<int64_t>(i));
  const int64_t colSlotsPerCTA = int64_t{numColumns_} * slotsPerColumn_;
  regCells_.assign(static_cast<size_t>(numBlocks_) * numThreads_ * numRegisters_, {});
  warpLanes_.assign(static_cast<size_t>(numThreads_ / 32), {-1, -1});
  for (int b = 0; b < numBlocks_; ++b)
    for (int w = 0; w < numThreads_ / 32; ++w)
      for (int l = 0; l < 32; ++l)
        for (int r = 0; r < numRegisters_; ++r) {
          Point e = {regs[r].d0 ^ lanes[l].d0 ^ warps[w].d0 ^ blocks[b].d0,
                     regs[r].d1 ^ lanes[l].d1 ^ warps[w].d1 ^ blocks[b].d1};
          TmemRegisterCell &cell =
              regCells_[(static_cast<size_t>(b) * numThreads_ + w * 32 + l) * numRegisters_ + r];
          cell.dim0 = e.d0;
          cell.dim1 = e.d1;
          const auto &cands = holders[static_cast<size_t>(e.d0 * shape1_ + e.d1)];
          if (cands.empty())
            continue;
          // Prefer the warp's own lane quarter, then its own CTA.
          int64_t best = cands.front();
          int bestScore = -1;
          for (int64_t loc : cands) {
            const int lane = static_cast<int>(loc & (numLanes_ - 1));
            const int cta = static_cast<int>((loc >> rowBits) / colSlotsPerCTA);
            const int score = ((lane >> 5) == (w & 3) ? 2 : 0) + (numBlocks_ > 1 && cta == b ? 1 : 0);
            if (score > bestScore) {
              bestScore = score;
              best = loc;
            }
          }
          const int lane = static_cast<int>(best & (numLanes_ - 1));
          const int64_t colSlot = best >> rowBits;
          cell.tmemLane = lane;
          cell.cta = static_cast<int>(colSlot / colSlotsPerCTA);
          cell.column = static_cast<int>((colSlot % colSlotsPerCTA) / slotsPerColumn_);
          cell.slot = static_cast<int>(colSlot % slotsPerColumn_);
          TmemSlot &s = slots_[static_cast<size_t>(best)];
          if (s.warp < 0) {
            s.warp = w;
            s.lane = l;
            s.reg = r;
            s.block = b;
          }
          auto &range = warpLanes_[static_cast<size_t>(w)];
          range.first = range.first < 0 ? lane : std::min(range.first, lane);
          range.second = std::max(range.second, lane);
        }
}

int64_t TmemMap::slotIndex(int cta, int lane, int column, int s) const {
  const int64_t colSlot = (int64_t{cta} * numColumns_ + column) * slotsPerColumn_ + s;
  return lane + colSlot * numLanes_;
}

const TmemSlot &TmemMap::slot(int cta, int lane, int column, int s) const {
  static const TmemSlot none;
  if (cta < 0 || cta >= numCTAs_ || lane < 0 || lane >= numLanes_ || column < 0 ||
      column >= numColumns_ || s < 0 || s >= slotsPerColumn_)
    return none;
  const int64_t i = slotIndex(cta, lane, column, s);
  return i < static_cast<int64_t>(slots_.size()) ? slots_[static_cast<size_t>(i)] : none;
}

int64_t TmemMap::countSlots(TmemSlot::State state) const {
  return std::count_if(slots_.begin(), slots_.end(),
                       [&](const TmemSlot &s) { return s.state == state; });
}

const TmemRegisterCell &TmemMap::registerCell(int block, int thread, int reg) const {
  static const TmemRegisterCell none;
  if (block < 0 || block >= numBlocks_ || thread < 0 || thread >= numThreads_ || reg < 0 ||
      reg >= numRegisters_)
    return none;
  return regCells_[(static_cast<size_t>(block) * numThreads_ + thread) * numRegisters_ + reg];
}

std::pair<int, int> TmemMap::lanesOfWarp(int warp) const {
  if (warp < 0 || warp >= static_cast<int>(warpLanes_.size()))
    return {-1, -1};
  return warpLanes_[static_cast<size_t>(warp)];
}

} // namespace ls
