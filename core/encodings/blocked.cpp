#include "encodings/blocked.h"

#include "util/error.h"

namespace ls {

void BlockedEncoding::validate() const {
  const int r = rank();
  if (r < 1 || r > 8)
    throw Error("order", "the layout rank must be between 1 and 8");
  requirePermutation("order", order, r);
  requireRank("sizePerThread", sizePerThread.size(), r);
  requireRank("threadsPerWarp", threadsPerWarp.size(), r);
  requireRank("warpsPerCTA", warpsPerCTA.size(), r);
  requirePowersOfTwo("sizePerThread", sizePerThread);
  requirePowersOfTwo("threadsPerWarp", threadsPerWarp);
  requirePowersOfTwo("warpsPerCTA", warpsPerCTA);
  unsigned lanes = product(threadsPerWarp);
  if (lanes != 32 && lanes != 64)
    throw Error("threadsPerWarp", "the product must be the warp size, 32 or 64, but " +
                                      listText(threadsPerWarp) + " gives " +
                                      std::to_string(lanes));
  if (product(warpsPerCTA) > 1024)
    throw Error("warpsPerCTA", "at most 1024 warps per CTA");
  if (cga.rank() != r)
    throw Error("CGALayout", "must have rank " + std::to_string(r));
}

LinearLayout BlockedEncoding::computeLinearLayout(const Shape &shape) const {
  LinearLayout ctaLayout = identityStandardND(kRegister, sizePerThread, order) *
                           identityStandardND(kLane, threadsPerWarp, order) *
                           identityStandardND(kWarp, warpsPerCTA, order);
  return combineCtaCgaWithShape(std::move(ctaLayout), cga.toLinearLayout(), shape);
}

} // namespace ls
