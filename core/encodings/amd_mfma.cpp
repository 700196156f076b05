#include "encodings/amd_mfma.h"

#include "encodings/amd_tile_extension.h"
#include "util/error.h"

namespace ls {

std::vector<unsigned> AmdMfmaEncoding::tiles() const {
  return tilesPerWarp.empty() ? std::vector<unsigned>(warpsPerCTA.size(), 1) : tilesPerWarp;
}

void AmdMfmaEncoding::validate() const {
  const int r = rank();
  if (version > 4)
    throw Error("version", "must be between 0 and 4, got " + std::to_string(version));
  if (r != 2 && r != 3)
    throw Error("warpsPerCTA", "an mfma layout has rank 2 or 3, got " + std::to_string(r));
  requirePowersOfTwo("warpsPerCTA", warpsPerCTA);
  if (product(warpsPerCTA) > 1024)
    throw Error("warpsPerCTA", "at most 1024 warps per CTA");
  if (instrShape.size() != 3 && instrShape.size() != 2)
    throw Error("instrShape", "must be [M, N, K], got " + listText(instrShape));
  const unsigned m = instrShape[0], n = instrShape[1];
  if (!((m == 32 && n == 32) || (m == 16 && n == 16) || (m == 64 && n == 4) ||
        (m == 4 && n == 64)))
    throw Error("instrShape", "M x N must be 32x32, 16x16, 64x4 or 4x64, got " +
                                  std::to_string(m) + "x" + std::to_string(n));
  if (instrShape.size() == 3 && (instrShape[2] == 0 || instrShape[2] > 1024))
    throw Error("instrShape", "K must be between 1 and 1024, got " +
                                  std::to_string(instrShape[2]));
  if (m == 64 && n == 4 && !isTransposed)
    throw Error("isTransposed", "a 64x4 mfma layout must be transposed");
  if (elementBitWidth != 32 && elementBitWidth != 64)
    throw Error("elementBitWidth", "must be 32 or 64, got " + std::to_string(elementBitWidth));
  if (!tilesPerWarp.empty()) {
    requireRank("tilesPerWarp", tilesPerWarp.size(), r);
    requirePowersOfTwo("tilesPerWarp", tilesPerWarp);
  }
  if (cga.rank() != r)
    throw Error("CGALayout", "must have rank " + std::to_string(r));
}

LinearLayout AmdMfmaEncoding::computeLinearLayout(const Shape &shape) const {
  const int r = rank();
  const bool batch = r == 3;
  const int mIndex = batch ? 1 : 0, nIndex = mIndex + 1;
  const std::vector<DimName> names = standardOutDimNames(r);
  const DimName &dimM = names[mIndex], &dimN = names[nIndex];
  const int32_t mDim = static_cast<int32_t>(instrShape[0]);
  const int32_t nDim = static_cast<int32_t>(instrShape[1]);
  const int32_t height = elementBitWidth == 64 ? 1 : 4;
  constexpr int32_t kWaveSize = 64;
  const int32_t reps = (mDim * nDim) / (kWaveSize * height);

  // One instruction tile: `height` registers along M (N if transposed), lanes
  // along N first then M (swapped if transposed), repeated to fill M x N.
  LinearLayout tile;
  if (!isTransposed) {
    tile = LinearLayout::identity1D(height, kRegister, dimM) *
           (LinearLayout::identity1D(nDim, kLane, dimN) *
            LinearLayout::identity1D(kWaveSize / nDim, kLane, dimM));
    if (reps > 0)
      tile *= LinearLayout::identity1D(reps, kRegister, dimM);
  } else {
    tile = LinearLayout::identity1D(height, kRegister, dimN) *
           (LinearLayout::identity1D(mDim, kLane, dimM) *
            LinearLayout::identity1D(kWaveSize / mDim, kLane, dimN));
    if (reps > 0)
      tile *= LinearLayout::identity1D(reps, kRegister, dimN);
  }
  tile = tile.transposeOuts({dimN, dimM});

  // Cover N across the whole tensor first (tiles per warp, warps, then more
  // registers), then tiles and warps along M; combineCtaCgaWithShape covers
  // the rest of M.
  tile = extendAmdTileNThenM(std::move(tile), shape, warpsPerCTA, tiles(), static_cast<unsigned>(nDim));
  return combineCtaCgaWithShape(std::move(tile), cga.toLinearLayout(), shape);
}

} // namespace ls
