#include "encodings/tensor_memory.h"

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <string>

#include "layout/layout_utils.h"

#include "util/bits.h"
#include "util/error.h"

namespace ls {

namespace {

std::string num(int64_t v) { return std::to_string(v); }

} // namespace

void TensorMemoryEncoding::validate() const {
  // Clusters hold at most 16 CTAs; larger splits are refused before any
  // layout is built (Triton only asks for powers of two).
  if (ctaSplitM == 0 || ctaSplitN == 0 || !isPowerOf2(ctaSplitM) || !isPowerOf2(ctaSplitN))
    throw Error(ctaSplitM == 0 || !isPowerOf2(ctaSplitM) ? "CTASplitM" : "CTASplitN",
                "CTASplitM and CTASplitN must be greater than 0 and a power of 2");
  if (ctaSplitM * ctaSplitN > 16)
    throw Error("CTASplitM", "CTASplitM * CTASplitN must be at most 16 (the CTAs of a cluster), "
                             "got " + num(ctaSplitM * ctaSplitN));
  if (blockM != 64 && blockM != 128)
    throw Error("blockM", "blockM must be 64 or 128 but got " + num(blockM));
  if (!isPowerOf2(blockN))
    throw Error("blockN", "blockN must be a power of 2 but got " + num(blockN));
  if (blockN > 512)
    throw Error("blockN", "blockN must be less than or equal to 512 but got " + num(blockN));
  if (colStride != 1 && colStride != 2 && colStride != 4)
    throw Error("colStride", "colStride must be 1, 2, or 4 but got " + num(colStride));
}

void TensorMemoryEncoding::verifyMemDesc(const Shape &shape, int bitwidth) const {
  validate();
  if (shape.size() != 2 && shape.size() != 3)
    throw Error("memdesc", "rank must be 2 or 3");
  if (bitwidth * static_cast<int64_t>(colStride) > 32)
    throw Error("colStride", "bitwidth * colStride must be less than or equal to 32. Got " +
                                 num(bitwidth) + " and " + num(colStride));
  const int64_t m = shape[shape.size() - 2], n = shape[shape.size() - 1];
  if (m < int64_t{blockM} * ctaSplitM || n < int64_t{blockN} * ctaSplitN)
    throw Error("shape", "the allocation shape must be at least " + num(blockM * ctaSplitM) +
                             "x" + num(blockN * ctaSplitN) + ". Got " + num(m) + ", " + num(n));
  const LinearLayout ll = toLinearLayout({m, n});
  const std::vector<DimName> dims = standardOutDimNames(2);
  if (ll.getOutDimSize(dims[0]) != m || ll.getOutDimSize(dims[1]) != n)
    throw Error("shape", "allocation shape must be equal to " + num(ll.getOutDimSize(dims[0])) +
                             "x" + num(ll.getOutDimSize(dims[1])));
  const int64_t nCol = ll.getInDimSize(kCol) / (ctaSplitM * ctaSplitN);
  if (nCol > 512 * 32 / bitwidth)
    throw Error("shape", "nCol / (CTASplitM * CTASplitN) must be less than or equal to "
                         "512 * 32 / bitwidth but got " + num(nCol));
}

TmemAllocation TensorMemoryEncoding::allocation(const Shape &shape, int bitwidth) const {
  return tmemAllocation(toLinearLayout(shape), bitwidth, numCTAs());
}

TmemAllocation tmemAllocation(const LinearLayout &ll, int bitwidth, int numCTAs) {
  TmemAllocation a;
  a.numRows = ll.getInDimSize(kRow);
  a.numCols = ll.getInDimSize(kCol) / (32 / bitwidth);
  // One 16-row slab per warp quarter: the allocator takes 64 lanes.
  if (ll.getInDimSizeLog2(kRow) > 4) {
    auto b = ll.getBasis(kRow, 4);
    bool zero = true;
    for (int32_t v : b)
      zero = zero && v == 0;
    if (zero)
      a.numRows /= 2;
  }
  a.numCols /= numCTAs;
  return a;
}

namespace {

LinearLayout tmemLayout(const Shape &shape, unsigned blockM, unsigned blockNAttr,
                        unsigned colStride, unsigned splitM, unsigned splitN, bool twoCTAs) {
  const std::vector<DimName> dims = standardOutDimNames(2);
  if (splitN > 1) {
    // CTA order [0, 1]: the N split is outermost.
    return tmemLayout({shape[0], shape[1] / splitN}, blockM, blockNAttr, colStride, splitM, 1,
                      twoCTAs) *
           LinearLayout::identity1D(static_cast<int32_t>(splitN), kCol, dims[1]);
  }
  if (splitM > 1) {
    const bool m64TwoCTA = blockM == 64 && twoCTAs;
    unsigned bm = blockM, sm = splitM;
    if (m64TwoCTA) {
      // blockM 64 in two-CTA mode is the transpose of 128 x blockN.
      bm *= 2;
      sm /= 2;
    }
    LinearLayout ret = tmemLayout({shape[0] / sm, shape[1]}, bm, blockNAttr, colStride, 1, splitN,
                                  twoCTAs) *
                       LinearLayout::identity1D(static_cast<int32_t>(sm), kCol, dims[0]);
    if (m64TwoCTA) {
      // Swap the last row basis with the last column basis (PTX data path layout B).
      LinearLayout::BasesT bases = ret.getBases();
      auto &rows = bases[0].first == kRow ? bases[0].second : bases[1].second;
      auto &cols = bases[0].first == kCol ? bases[0].second : bases[1].second;
      if (rows.empty() || cols.empty())
        throw Error("twoCTAs", "blockM = 64 with twoCTAs needs at least one column basis");
      std::swap(rows.back(), cols.back());
      ret = LinearLayout(std::move(bases), ret.getOutDims(), ret.isSurjective());
    }
    return ret;
  }
  const int32_t bn = static_cast<int32_t>(std::min<int64_t>(blockNAttr, shape[1]));
  LinearLayout tile = LinearLayout::zeros1D(static_cast<int32_t>(colStride), kCol, dims[1]);
  if (blockM == 64) {
    tile *= LinearLayout::identity1D(16, kRow, dims[0]) * LinearLayout::identity1D(bn, kCol, dims[1]);
    LinearLayout::BasesT bases = tile.getBases();
    auto &rows = bases[0].first == kRow ? bases[0].second : bases[1].second;
    if (shape[0] > blockM)
      rows.push_back({64, 0});
    else if (shape[1] > bn)
      rows.push_back({0, bn});
    else
      rows.push_back({0, 0}); // lanes 16..31 hold no element
    rows.push_back({16, 0});
    rows.push_back({32, 0});
    tile = LinearLayout(std::move(bases), dims);
  } else {
    tile *= LinearLayout::identity1D(static_cast<int32_t>(blockM), kRow, dims[0]) *
            LinearLayout::identity1D(bn, kCol, dims[1]);
  }
  const int64_t repsM = shape[0] / tile.getOutDimSize(dims[0]);
  const int64_t repsN = shape[1] / tile.getOutDimSize(dims[1]);
  if (repsM < 1 || repsN < 1)
    throw Error("shape", "the tensor (" + std::to_string(shape[0]) + "x" +
                             std::to_string(shape[1]) + ") is smaller than one TMEM block");
  return tile * LinearLayout::identity1D(static_cast<int32_t>(repsM), kCol, dims[0]) *
         LinearLayout::identity1D(static_cast<int32_t>(repsN), kCol, dims[1]);
}

} // namespace

LinearLayout TensorMemoryEncoding::computeLinearLayout(const Shape &shape) const {
  if (shape[0] % ctaSplitM != 0 || shape[1] % ctaSplitN != 0 || shape[0] < ctaSplitM ||
      shape[1] < ctaSplitN)
    throw Error("shape", "must be divisible by the CTA split (" + std::to_string(ctaSplitM) +
                             "x" + std::to_string(ctaSplitN) + ")");
  return tmemLayout(shape, blockM, blockN, colStride, ctaSplitM, ctaSplitN, twoCTAs);
}

const char *tmemAtomName(TmemAtom atom) {
  switch (atom) {
  case TmemAtom::I32x32b:
    return "32x32b";
  case TmemAtom::I16x64b:
    return "16x64b";
  case TmemAtom::I16x128b:
    return "16x128b";
  case TmemAtom::I16x256b:
    return "16x256b";
  case TmemAtom::I16x32bx2:
    return "16x32bx2";
  }
  return "?";
}

LinearLayout tmemAtomTile(TmemAtom atom, bool unpacked, bool withWarp) {
  LinearLayout tile({{kRegister, {}}, {kLane, {}}}, std::vector<DimName>{kRow, kCol});
  if (unpacked) // each register spans two columns
    tile *= LinearLayout::zeros1D(1, kRegister, kCol, 2);
  switch (atom) {
  case TmemAtom::I32x32b:
    tile *= LinearLayout::identity1D(32, kLane, kRow);
    break;
  case TmemAtom::I16x32bx2:
    tile *= LinearLayout::identity1D(16, kLane, kRow);
    break;
  case TmemAtom::I16x64b:
    tile *= LinearLayout({{kLane, {{8, 0}, {0, 1}, {1, 0}, {2, 0}, {4, 0}}}},
                         std::vector<DimName>{kRow, kCol});
    break;
  case TmemAtom::I16x128b:
    tile *= LinearLayout::identity1D(4, kLane, kCol) * LinearLayout::identity1D(8, kLane, kRow) *
            LinearLayout::identity1D(2, kRegister, kRow);
    break;
  case TmemAtom::I16x256b:
    tile *= LinearLayout::identity1D(2, kRegister, kCol) *
            LinearLayout::identity1D(4, kLane, kCol) * LinearLayout::identity1D(8, kLane, kRow) *
            LinearLayout::identity1D(2, kRegister, kRow);
    break;
  }
  if (withWarp) {
    const int32_t nCol = tile.getOutDimSize(kCol);
    LinearLayout::BasesT bases = tile.getBases();
    bases.push_back({kWarp, {{32, 0}, {64, 0}}}); // (the tile has no warp bases yet)
    tile = LinearLayout(std::move(bases), {{kRow, 128}, {kCol, nCol}}, /*requireSurjective=*/false);
  }
  return tile;
}

namespace {

// Triton's getVec(cvt, tile, maxnreg) at its first step (one register per
// vector: whether the atom lowers at all, not how wide), with its getReps
// and regPermForDivide: the tile's register bases are found among cvt's (in
// any order) and put first; then per in-dim cvt's leading bases are the
// tile's own and every later one is clear of the rows and columns the tile
// uses. Checked on the bases, without building the permuted layout.
bool atomDivides(const LinearLayout &cvt, const LinearLayout &tile, int maxnreg) {
  int maxReg = maxnreg / 2;
  if (maxnreg == 256 && cvt.getInDimSize(kRegister) > maxReg)
    maxReg /= 2;
  if (maxReg / tile.getInDimSize(kRegister) < 1)
    return false;
  const auto order = registerOrderForDivide(cvt, tile);
  if (!order)
    return false;
  // Tile values written over cvt's out-dims (0 where the tile has none).
  const std::vector<DimName> outs = cvt.getOutDimNames(), tileOuts = tile.getOutDimNames();
  const size_t nOut = outs.size(), nTileOut = tileOuts.size();
  std::vector<int> tileCol(nOut, -1);
  for (size_t k = 0; k < nOut; ++k)
    for (size_t q = 0; q < nTileOut; ++q)
      if (tileOuts[q] == outs[k])
        tileCol[k] = int(q);
  std::vector<int32_t> mask(nOut, 0);
  for (const DimName &in : tile.getInDimNames()) {
    const std::span<const int32_t> tb = tile.basesOf(in);
    for (size_t b = 0; b + nTileOut <= tb.size(); b += nTileOut)
      for (size_t k = 0; k < nOut; ++k)
        if (tileCol[k] >= 0)
          mask[k] |= tb[b + size_t(tileCol[k])];
  }
  for (const DimName &in : cvt.getInDimNames()) {
    const std::span<const int32_t> cb = cvt.basesOf(in);
    const std::span<const int32_t> tb =
        tile.hasInDim(in) ? tile.basesOf(in) : std::span<const int32_t>();
    const size_t inA = cb.size() / nOut, inB = nTileOut ? tb.size() / nTileOut : 0;
    if (inB > inA)
      return false;
    const bool regs = in == kRegister;
    for (size_t i = 0; i < inA; ++i) {
      const size_t src = regs ? size_t((*order)[i]) : i; // (the permuted register basis i)
      for (size_t k = 0; k < nOut; ++k) {
        const int32_t v = cb[src * nOut + k];
        if (i < inB && v != (tileCol[k] >= 0 ? tb[i * nTileOut + size_t(tileCol[k])] : 0))
          return false;
        if (i >= inB && (v & mask[k]))
          return false;
      }
    }
  }
  return true;
}

// Triton's lowerTMemLdSt: empty if some message lowers cvt (register, lane,
// warp, block -> row, col).
std::string lowerTmem(const LinearLayout &cvt, int maxnreg, int bitwidth, bool isScales,
                      bool unpacked, int depth) {
  if (depth > 8)
    return "TMEM load/store: no packing of the elements reaches 32 bits";
  const LinearLayout dense = removeBroadcastRegisters(cvt);
  if (dense.getInDimSizeLog2(kRegister) != cvt.getInDimSizeLog2(kRegister))
    return lowerTmem(dense, maxnreg, bitwidth, isScales, unpacked, depth + 1);
  if (bitwidth < 32) {
    LinearLayout quot;
    int bestContig = 1;
    for (int contig = 1; bitwidth * contig <= 32; contig *= 2) {
      auto q = divideLeft(cvt, LinearLayout::identity1D(contig, kRegister, kCol));
      if (!q)
        break;
      quot = *q;
      bestContig = contig;
    }
    int newBitwidth = bitwidth;
    const int32_t perCell = 32 / bitwidth;
    if (bestContig > 1) { // contiguous columns: packed into wider registers
      unpacked = false;
      newBitwidth = bitwidth * bestContig;
    } else if (auto q = divideLeft(cvt, LinearLayout::zeros1D(1, kRegister, kCol, perCell) *
                                            LinearLayout::identity1D(2, kRegister, kCol));
               bitwidth == 16 && q) { // 16-bit unpacked: one element per 32-bit column
      unpacked = true;
      quot = *q;
      newBitwidth = 32;
    } else if (auto p = divideLeft(cvt, LinearLayout::zeros1D(1, kRegister, kCol, perCell))) {
      unpacked = bitwidth == 16; // software padding
      quot = *p;
      newBitwidth = 32;
    } else {
      return "Failed to lower TMEM load/store: TMEM layout is not packed or unpacked";
    }
    if (unpacked)
      quot = LinearLayout::zeros1D(1, kRegister, kCol, perCell) * quot;
    return lowerTmem(quot, maxnreg, newBitwidth, isScales, unpacked, depth + 1);
  }
  // The message tiles with their warps, packed and unpacked, built once.
  static const std::array<std::array<LinearLayout, 5>, 2> kTiles = [] {
    std::array<std::array<LinearLayout, 5>, 2> t;
    for (int u = 0; u < 2; ++u)
      for (TmemAtom atom : {TmemAtom::I32x32b, TmemAtom::I16x64b, TmemAtom::I16x128b,
                            TmemAtom::I16x256b, TmemAtom::I16x32bx2})
        t[size_t(u)][size_t(atom)] = tmemAtomTile(atom, u == 1, /*withWarp=*/true);
    return t;
  }();
  const auto &tiles = kTiles[unpacked ? 1 : 0];
  for (TmemAtom atom :
       {TmemAtom::I32x32b, TmemAtom::I16x256b, TmemAtom::I16x64b, TmemAtom::I16x128b})
    if (atomDivides(cvt, tiles[size_t(atom)], maxnreg))
      return {};
  // 16x32bx2: the last lane basis (past the tile's 16 lanes, kept in the
  // reps) becomes the second half's offset, which ptxas cannot take as 0
  // (Triton pads only the scales' allocation for it).
  if (atomDivides(cvt, tiles[size_t(TmemAtom::I16x32bx2)], maxnreg)) {
    if (cvt.getInDimSizeLog2(kLane) > 4 && cvt.getBasis(kLane, 4, kRow) == 0 &&
        cvt.getBasis(kLane, 4, kCol) == 0 && !isScales)
      return "Only supported for scales as we pad the allocation.";
    return {};
  }
  return "Failed to lower TMEM load/store: unsupported dst layout";
}

} // namespace

std::string tmemLdStProblem(const LinearLayout &reg, const LinearLayout &mem, int bitwidth,
                            bool isScales, int maxnreg) {
  // Warps 1 and 2 reach rows 32 and 64 of the TMEM layout (broadcast or not).
  if (!reg.hasInDim(kWarp) || reg.getInDimSizeLog2(kWarp) < 2 || !mem.hasInDim(kRow) ||
      mem.getInDimSizeLog2(kRow) < 7)
    return "warps=1,2 must map to rows=32,64";
  for (int32_t w = 0; w < 2; ++w) {
    const auto a = reg.getBasis(kWarp, w);
    const auto b = mem.getBasis(kRow, 5 + w);
    if (!std::equal(a.begin(), a.end(), b.begin(), b.end()))
      return "warps=1,2 must map to rows=32,64";
  }
  // The conversion reg -> (row, col), its warps 1 and 2 put on rows 32 and 64
  // (what invertAndCompose cannot know of a broadcast row).
  const LinearLayout raw = reg.invertAndCompose(mem);
  const std::vector<DimName> outs = raw.getOutDimNames();
  const size_t row = size_t(std::find(outs.begin(), outs.end(), kRow) - outs.begin());
  LinearLayout::BasesT bases = raw.getBases();
  for (auto &[in, list] : bases)
    if (in == kWarp)
      for (size_t w = 0; w < 2 && w < list.size() && row < outs.size(); ++w) {
        list[w].assign(list[w].size(), 0);
        list[w][row] = int32_t(32) << w;
      }
  const LinearLayout cvt(std::move(bases), raw.getOutDims(), /*requireSurjective=*/false);
  return lowerTmem(cvt, maxnreg, bitwidth, isScales, /*unpacked=*/false, 0);
}

} // namespace ls
