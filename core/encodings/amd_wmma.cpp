#include "encodings/amd_wmma.h"

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
  LinearLayout tile =
      version == 1
          ? LinearLayout({{kRegister, {{0, 2}, {0, 4}, {0, 8}}},
                          {kLane, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 1}}}},
                         tileOuts)
          : LinearLayout({{kRegister, {{0, 1}, {0, 2}, {0, 4}}},
                          {kLane, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}}},
                         tileOuts);
  const DimName &dimM = names[mIndex], &dimN = names[nIndex];
  tile = tile.transposeOuts({dimN, dimM});
  tile = extendAmdTileNThenM(std::move(tile), shape, warpsPerCTA, tiles(), nDim);
  return combineCtaCgaWithShape(std::move(tile), cga.toLinearLayout(), shape);
}

} // namespace ls
