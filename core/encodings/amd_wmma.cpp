#include "encodings/amd_wmma.h"

#include <algorithm>

#include "encodings/amd_tile_extension.h"
#include "util/error.h"

namespace ls {

std::vector<unsigned> AmdWmmaEncoding::tiles() const {
  return tilesPerWarp.empty() ? std::vector<unsigned>(warpsPerCTA.size(), 1) : tilesPerWarp;
}

std::vector<unsigned> AmdWmmaEncoding::instr() const {
  return instrShape.empty() ? std::vector<unsigned>{16, 16, 16} : instrShape;
}

void AmdWmmaEncoding::validate() const {
  const int r = rank();
  if (version < 1 || version > 3)
    throw Error("version", "must be 1, 2 or 3, got " + std::to_string(version));
  if (r != 2 && r != 3)
    throw Error("warpsPerCTA", "a wmma layout has rank 2 or 3, got " + std::to_string(r));
  requirePowersOfTwo("warpsPerCTA", warpsPerCTA);
  if (product(warpsPerCTA) > 1024)
    throw Error("warpsPerCTA", "at most 1024 warps per CTA");
  const std::vector<unsigned> s = instr();
  std::vector<std::vector<unsigned>> allowed;
  if (version == 1)
    allowed = {{16, 16, 16}};
  else if (version == 2)
    allowed = {{16, 16, 16}, {16, 16, 32}};
  else
    allowed = {{16, 16, 4}, {16, 16, 32}, {16, 16, 64}, {16, 16, 128}};
  bool ok = false;
  std::string list;
  for (const auto &a : allowed) {
    ok = ok || a == s;
    list += (list.empty() ? "" : ", ") + listText(a);
  }
  if (!ok)
    throw Error("instrShape", "wmma version " + std::to_string(version) + " supports " + list +
                                  ", got " + listText(s));
  if (!tilesPerWarp.empty()) {
    requireRank("tilesPerWarp", tilesPerWarp.size(), r);
    requirePowersOfTwo("tilesPerWarp", tilesPerWarp);
  }
  if (cga.rank() != r)
    throw Error("CGALayout", "must have rank " + std::to_string(r));
}

std::optional<LinearLayout> AmdWmmaEncoding::mainCtaLayout() const {
  if (mainCta)
    return mainCta;
  const int r = rank();
  const std::vector<unsigned> t = tiles();
  const int mIndex = r == 3 ? 1 : 0, nIndex = mIndex + 1;
  if (t[mIndex] != 1)
    return std::nullopt;
  const std::vector<DimName> names = standardOutDimNames(r);
  LinearLayout cta =
      LinearLayout::identity1D(static_cast<int32_t>(t[nIndex]), kRegister, names[nIndex]);
  cta *= LinearLayout::identity1D(static_cast<int32_t>(warpsPerCTA[nIndex]), kWarp, names[nIndex]);
  cta *= LinearLayout::identity1D(static_cast<int32_t>(warpsPerCTA[mIndex]), kWarp, names[mIndex]);
  if (r == 3)
    cta *= LinearLayout::identity1D(static_cast<int32_t>(warpsPerCTA[0]), kWarp, names[0]);
  // Bases written over dim0.. in order, as main's parser reads them.
  LinearLayout::BasesT bases;
  for (const DimName &in : {kRegister, kWarp}) {
    std::vector<LinearLayout::Basis> list;
    for (int i = 0; i < cta.getInDimSizeLog2(in); ++i) {
      LinearLayout::Basis b(r, 0);
      auto v = cta.getBasis(in, i);
      const auto outs = cta.getOutDimNames();
      for (size_t k = 0; k < outs.size(); ++k)
        for (int d = 0; d < r; ++d)
          if (outs[k] == names[d])
            b[d] = v[k];
      list.push_back(b);
    }
    bases.push_back({in, list});
  }
  LinearLayout::DimSizes sizes;
  for (int d = 0; d < r; ++d) {
    int32_t sz = 1;
    for (const DimName &in : {kRegister, kWarp})
      if (cta.hasInDim(in) && cta.hasOutDim(names[d]))
        sz = std::max(sz, cta.getOutDimSize(names[d]));
    sizes.push_back({names[d], sz});
  }
  return LinearLayout(std::move(bases), std::move(sizes), false);
}

std::optional<std::pair<std::vector<unsigned>, std::vector<unsigned>>>
AmdWmmaEncoding::gridOf(const LinearLayout &cta) {
  if (cta.getNumOutDims() != 2)
    return std::nullopt;
  // dim0 = M, dim1 = N: registers then warps, each doubling along N, then M.
  const std::vector<DimName> names = standardOutDimNames(2);
  std::vector<unsigned> warps{1, 1}, tileCount{1, 1};
  for (const DimName &in : {kRegister, kWarp}) {
    int dim = 1; // N first
    int32_t next[2] = {in == kRegister ? 1 : static_cast<int32_t>(tileCount[0]),
                       in == kRegister ? 1 : static_cast<int32_t>(tileCount[1])};
    for (int i = 0; i < cta.getInDimSizeLog2(in); ++i) {
      auto b = cta.getBasis(in, i);
      int32_t v[2] = {0, 0};
      const auto outs = cta.getOutDimNames();
      for (size_t k = 0; k < outs.size(); ++k)
        v[outs[k] == names[0] ? 0 : 1] = b[k];
      if (dim == 1 && v[1] == 0 && v[0] == next[0])
        dim = 0;
      if (v[dim] != next[dim] || v[1 - dim] != 0)
        return std::nullopt;
      next[dim] *= 2;
      (in == kRegister ? tileCount : warps)[dim] *= 2;
    }
  }
  if (tileCount[0] != 1) // tiles along M: main's register order differs from 3.6's
    return std::nullopt;
  return std::make_pair(warps, tileCount);
}

LinearLayout AmdWmmaEncoding::computeLinearLayout(const Shape &shape) const {
  const int r = rank();
  const bool batch = r == 3;
  const int mIndex = batch ? 1 : 0, nIndex = mIndex + 1;
  const std::vector<unsigned> s = instr();
  const unsigned mDim = s[0], nDim = s[1];
  if (!((shape[mIndex] == 1 || shape[mIndex] >= mDim) &&
        (shape[nIndex] == 1 || shape[nIndex] >= nDim)))
    throw Error("shape", "a wmma layout needs dims " + std::to_string(mIndex) + " and " +
                             std::to_string(nIndex) + " to be 1 or at least " +
                             std::to_string(mDim) + "x" + std::to_string(nDim));
  const std::vector<DimName> names = standardOutDimNames(r);
  const std::vector<unsigned> threadOrder = matrixOrder(r, /*rowMajor=*/!isTranspose);
  const std::vector<DimName> tileOuts = {names[threadOrder[0]], names[threadOrder[1]]};
  LinearLayout tile = version == 1
                          ? LinearLayout({{kRegister, {{0, 2}, {0, 4}, {0, 8}}},
                                          {kLane, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 1}}}},
                                         tileOuts)
                          : LinearLayout({{kRegister, {{0, 1}, {0, 2}, {0, 4}}},
                                          {kLane, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}}},
                                         tileOuts);
  const DimName &dimM = names[mIndex], &dimN = names[nIndex];
  tile = tile.transposeOuts({dimN, dimM});
  if (mainCta) {
    // Triton main: tile * ctaLayout, then registers cover the tensor (N, then M).
    tile *= *mainCta;
    return combineCtaCgaWithShape(std::move(tile), cga.toLinearLayout(), shape);
  }
  tile = extendAmdTileNThenM(std::move(tile), shape, warpsPerCTA, tiles(), nDim);
  return combineCtaCgaWithShape(std::move(tile), cga.toLinearLayout(), shape);
}

} // namespace ls
