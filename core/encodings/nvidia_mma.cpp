#include "encodings/nvidia_mma.h"

#include "util/error.h"

namespace ls {

void NvidiaMmaEncoding::validate() const {
  const int r = rank();
  if (versionMajor != 2 && versionMajor != 3)
    throw Error("versionMajor", "must be 2 (Ampere mma) or 3 (Hopper wgmma), got " +
                                    std::to_string(versionMajor));
  if (versionMinor != 0)
    throw Error("versionMinor", "must be 0, got " + std::to_string(versionMinor));
  requirePowersOfTwo("warpsPerCTA", warpsPerCTA);
  if (product(warpsPerCTA) > 1024)
    throw Error("warpsPerCTA", "at most 1024 warps per CTA");
  if (isAmpere()) {
    if (r != 2 && r != 3)
      throw Error("warpsPerCTA", "an mma v2 layout has rank 2 or 3, got " + std::to_string(r));
    std::vector<unsigned> want = r == 2 ? std::vector<unsigned>{16, 8}
                                        : std::vector<unsigned>{1, 16, 8};
    if (instrShape != want)
      throw Error("instrShape", "must be " + listText(want) + " for mma v2, got " +
                                    listText(instrShape));
  } else {
    if (r != 2)
      throw Error("warpsPerCTA", "an mma v3 layout has rank 2, got " + std::to_string(r));
    if (instrShape.size() != 3)
      throw Error("instrShape", "must be [16, N, K] for mma v3, got " + listText(instrShape));
    unsigned m = instrShape[0], n = instrShape[1], k = instrShape[2];
    if (m != 16)
      throw Error("instrShape", "M must be 16 for mma v3, got " + std::to_string(m));
    if (n < 8 || n > 256 || (n & (n - 1)) != 0)
      throw Error("instrShape", "N must be a power of two from 8 to 256, got " +
                                    std::to_string(n));
    if (k != 8 && k != 16 && k != 32)
      throw Error("instrShape", "K must be 8, 16 or 32, got " + std::to_string(k));
    if (product(warpsPerCTA) % 4 != 0)
      throw Error("warpsPerCTA", "wgmma runs on groups of 4 warps; the product must be a "
                                 "multiple of 4, got " + listText(warpsPerCTA));
  }
  if (cga.rank() != r)
    throw Error("CGALayout", "must have rank " + std::to_string(r));
}

LinearLayout NvidiaMmaEncoding::computeLinearLayout(const Shape &shape) const {
  const int r = rank();
  const std::vector<DimName> dims = standardOutDimNames(r);
  // One 16x8 tile per warp: lanes 4x8 over (dim0, dim1), two registers along
  // dim1 and a second row block 8 below.
  LinearLayout tile({{kRegister, {{1, 0}, {0, 8}}},
                     {kLane, {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}}}},
                    {dims[r - 1], dims[r - 2]});
  LinearLayout ctaLayout;
  if (isAmpere()) {
    std::vector<unsigned> order;
    for (int d = r - 1; d >= 0; --d)
      order.push_back(static_cast<unsigned>(d));
    ctaLayout = tile * identityStandardND(kWarp, warpsPerCTA, order);
  } else {
    const int32_t n = static_cast<int32_t>(instrShape[1]);
    tile *= LinearLayout::identity1D(n / tile.getOutDimSize(dims[1]), kRegister, dims[1]);
    ctaLayout = tile * identityStandardND(kWarp, warpsPerCTA, {0, 1})
                           .transposeOuts(tile.getOutDimNames());
  }
  return combineCtaCgaWithShape(std::move(ctaLayout), cga.toLinearLayout(), shape);
}

} // namespace ls
