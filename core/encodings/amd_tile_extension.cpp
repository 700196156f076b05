#include "encodings/amd_tile_extension.h"

namespace ls {

LinearLayout extendAmdTileNThenM(LinearLayout tile, const Shape &shape,
                                 const std::vector<unsigned> &warpsPerCTA,
                                 const std::vector<unsigned> &tilesPerWarp, unsigned nDim) {
  const int r = static_cast<int>(warpsPerCTA.size());
  const bool batch = r == 3;
  const int mIndex = batch ? 1 : 0, nIndex = mIndex + 1;
  const std::vector<DimName> &names = standardOutDimNames(r);
  const DimName &dimM = names[mIndex], &dimN = names[nIndex];
  auto id = [](unsigned size, const DimName &in, const DimName &out) {
    return LinearLayout::identity1D(static_cast<int32_t>(size), in, out);
  };
  tile *= id(tilesPerWarp[nIndex], kRegister, dimN);
  tile *= id(warpsPerCTA[nIndex], kWarp, dimN);
  // More registers along N until the tensor's N is covered (0 -> none).
  tile *= LinearLayout::identity1D(
      static_cast<int32_t>(shape[nIndex] /
                           (int64_t{nDim} * warpsPerCTA[nIndex] * tilesPerWarp[nIndex])),
      kRegister, dimN);
  tile *= id(tilesPerWarp[mIndex], kRegister, dimM);
  tile *= id(warpsPerCTA[mIndex], kWarp, dimM);
  if (batch) {
    tile *= id(1, kRegister, names[0]);
    tile *= id(1, kLane, names[0]);
    tile *= id(warpsPerCTA[0], kWarp, names[0]);
  }
  return tile;
}

} // namespace ls
