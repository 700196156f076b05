#include "encodings/blocked.h"

#include "util/error.h"

namespace ls {

void BlockedEncoding::validate() const {
  const int r = rank();
  if (r < 1 || r > kMaxRank)
    throw Error("order", "the layout rank must be between 1 and " + std::to_string(kMaxRank));
  requirePermutation("order", order, r);
  requireRank("sizePerThread", sizePerThread.size(), r);
  requireRank("threadsPerWarp", threadsPerWarp.size(), r);
  requireRank("warpsPerCTA", warpsPerCTA.size(), r);
  requirePowersOfTwo("sizePerThread", sizePerThread);
  requirePowersOfTwo("threadsPerWarp", threadsPerWarp);
  requirePowersOfTwo("warpsPerCTA", warpsPerCTA);
  // Triton itself accepts any lane count here (the module's threads-per-warp
  // is checked elsewhere); the GUI warns when it is not 32 or 64.
  if (product(threadsPerWarp) > 1024)
    throw Error("threadsPerWarp", "at most 1024 threads per warp, got " + listText(threadsPerWarp));
  if (product(warpsPerCTA) > 1024)
    throw Error("warpsPerCTA", "at most 1024 warps per CTA");
  if (cga.rank() != r)
    throw Error("CGALayout", "must have rank " + std::to_string(r));
}

LinearLayout BlockedEncoding::computeLinearLayout(const Shape &shape) const {
  LinearLayout ctaLayout = identityStandardNDProduct(
      {{kRegister, &sizePerThread}, {kLane, &threadsPerWarp}, {kWarp, &warpsPerCTA}}, order);
  return combineCtaCgaWithShape(std::move(ctaLayout), cga.toLinearLayout(), shape);
}

} // namespace ls
