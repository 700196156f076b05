#include "analysis/banks/shared_vectorisation.h"

#include <algorithm>

#include "layout/layout_utils.h"
#include "util/error.h"

namespace ls {

Vectorisation largestVectorisation(const LinearLayout &cvt, int bitwidth,
                                   std::optional<int> maxVecElems) {
  require(cvt.hasInDim(kRegister) && cvt.hasOutDim(kOffset),
          "largestVectorisation: cvt needs in-dim register and out-dim offset");
  const bool allowPermutation = !maxVecElems.has_value();
  const int maxVec = maxVecElems.value_or(std::max(1, 128 / std::max(1, bitwidth)));
  for (int v = maxVec; v >= 1; v /= 2) {
    LinearLayout tile = LinearLayout::identity1D(v, kRegister, kOffset);
    auto order = registerOrderForDivide(cvt, tile);
    if (!order)
      continue;
    const bool identity = std::is_sorted(order->begin(), order->end());
    if (!allowPermutation && !identity)
      continue;
    LinearLayout permuted = identity ? cvt : permuteBases(cvt, kRegister, *order);
    if (!divideLeft(permuted, tile))
      continue;
    return {v, std::move(*order)};
  }
  // v = 1 always divides; reaching here means cvt was malformed.
  throw InternalError("largestVectorisation: no vectorisation found");
}

} // namespace ls
