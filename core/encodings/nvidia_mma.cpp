#include "encodings/nvidia_mma.h"

#include "util/error.h"

namespace ls {

void NvidiaMmaEncoding::validateFields(bool checkInstrShape) const {
  const int r = rank();
  if (versionMajor != 2 && versionMajor != 3)
    throw Error("versionMajor",
                "must be 2 (Ampere mma) or 3 (Hopper wgmma), got " + std::to_string(versionMajor));
  requirePowersOfTwo("warpsPerCTA", warpsPerCTA);
  if (product(warpsPerCTA) > 1024)
    throw Error("warpsPerCTA", "at most 1024 warps per CTA");
  if (isAmpere()) {
    if (r != 2 && r != 3)
      throw Error("warpsPerCTA", "an mma v2 layout has rank 2 or 3, got " + std::to_string(r));
    if (!checkInstrShape) {
      if (cga.rank() != r)
        throw Error("CGALayout", "must have rank " + std::to_string(r));
      return;
    }
    if (static_cast<int>(instrShape.size()) != r)
      throw Error("instrShape", "must have " + std::to_string(r) + " entries for mma v2, got " +
                                    listText(instrShape));
    for (int d = 0; d < r - 2; ++d)
      if (instrShape[d] != 1)
        throw Error("instrShape", "batch entries must be 1, got " + listText(instrShape));
    unsigned m = instrShape[r - 2], n = instrShape[r - 1];
    if (m == 0 || m % 8 != 0 || (m & (m - 1)) != 0)
      throw Error("instrShape", "M must be a power of two multiple of 8, got " + std::to_string(m));
    if (n == 0 || n % 8 != 0 || (n & (n - 1)) != 0)
      throw Error("instrShape", "N must be a power of two multiple of 8, got " + std::to_string(n));
  } else {
    if (r != 2)
      throw Error("warpsPerCTA", "an mma v3 layout has rank 2, got " + std::to_string(r));
    if (!checkInstrShape) {
      if (cga.rank() != r)
        throw Error("CGALayout", "must have rank " + std::to_string(r));
      return;
    }
    if (instrShape.size() != 3)
      throw Error("instrShape", "must be [16, N, K] for mma v3, got " + listText(instrShape));
    unsigned m = instrShape[0], n = instrShape[1], k = instrShape[2];
    if (m != 16)
      throw Error("instrShape", "M must be 16 for mma v3, got " + std::to_string(m));
    if (n < 8 || n > 256 || (n & (n - 1)) != 0)
      throw Error("instrShape", "N must be a power of two from 8 to 256, got " + std::to_string(n));
    if (k == 0 || k > 256)
      throw Error("instrShape", "K must be between 1 and 256, got " + std::to_string(k));
  }
  if (cga.rank() != r)
    throw Error("CGALayout", "must have rank " + std::to_string(r));
}

LinearLayout nvidiaMmaTile(const std::vector<unsigned> &tileShape, unsigned kWidth,
                           const std::vector<unsigned> &order,
                           const std::vector<unsigned> &repOrder) {
  const int r = static_cast<int>(repOrder.size());
  const std::vector<DimName> names = standardOutDimNames(r);
  // Fixes the out-dim order to repOrder; maps everything to 0.
  LinearLayout cta = identityStandardND(kRegister, std::vector<unsigned>(r, 1), repOrder);
  const unsigned inner = order[0], outer = order[1];
  const unsigned m = tileShape[outer], n = tileShape[inner];
  if (m % 8 != 0)
    throw Error("instrShape",
                "the tile's M extent " + std::to_string(m) + " must be a multiple of 8");
  if (kWidth == 0 || n % (kWidth * 4) != 0)
    throw Error("kWidth", "the tile's K extent " + std::to_string(n) +
                              " must be a multiple of 4 * kWidth (" + std::to_string(kWidth) + ")");
  // kWidth registers and 4 lanes along the inner dim, 8 lanes along the outer
  // dim, then repeat along outer and inner.
  cta = cta * LinearLayout::identity1D(static_cast<int32_t>(kWidth), kRegister, names[inner]) *
        LinearLayout::identity1D(4, kLane, names[inner]) *
        LinearLayout::identity1D(8, kLane, names[outer]) *
        LinearLayout::identity1D(static_cast<int32_t>(m / 8), kRegister, names[outer]) *
        LinearLayout::identity1D(static_cast<int32_t>(n / (kWidth * 4)), kRegister, names[inner]);
  return cta;
}

LinearLayout NvidiaMmaEncoding::computeLinearLayout(const Shape &shape) const {
  const int r = rank();
  std::vector<unsigned> tile =
      isAmpere() ? instrShape : std::vector<unsigned>{instrShape[0], instrShape[1]};
  const std::vector<unsigned> order = matrixOrder(r, /*rowMajor=*/true);
  LinearLayout cta = nvidiaMmaTile(tile, /*kWidth=*/2, order, /*repOrder=*/order);
  // Ampere places warps row-major, Hopper column-major.
  cta *= identityStandardND(kWarp, warpsPerCTA, matrixOrder(r, /*rowMajor=*/!isHopper()))
             .transposeOuts(cta.getOutDimNames());
  return combineCtaCgaWithShape(std::move(cta), cga.toLinearLayout(), shape);
}

} // namespace ls
