#include "analysis/banks/shared_vectorisation.h"

#include <algorithm>

#include "layout/layout_utils.h"
#include "util/error.h"

namespace ls {

LinearLayout permuteBases(const LinearLayout &layout, const DimName &inDim,
                          const std::vector<int> &order) {
  if (layout.hasInDim(inDim)) {
    const int n = layout.getInDimSizeLog2(inDim);
    for (int i : order)
      require(i >= 0 && i < n, "permuteBases: index out of range");
  }
  return layout.selectBases(inDim, order);
}

std::vector<int> nonBroadcastRegisters(const LinearLayout &layout) {
  std::vector<int> kept;
  if (!layout.hasInDim(kRegister))
    return kept;
  const int n = layout.getInDimSizeLog2(kRegister);
  const size_t nOut = static_cast<size_t>(layout.getNumOutDims());
  const std::span<const int32_t> all = layout.basesOf(kRegister);
  for (int i = 0; i < n; ++i) {
    const int32_t *b = all.data() + static_cast<size_t>(i) * nOut;
    if (std::any_of(b, b + nOut, [](int32_t v) { return v != 0; }))
      kept.push_back(i);
  }
  return kept;
}

LinearLayout removeBroadcastRegisters(const LinearLayout &layout) {
  if (!layout.hasInDim(kRegister))
    return layout;
  std::vector<int> kept = nonBroadcastRegisters(layout);
  if (static_cast<int>(kept.size()) == layout.getInDimSizeLog2(kRegister))
    return layout;
  return permuteBases(layout, kRegister, kept);
}

std::optional<std::vector<int>> registerOrderForDivide(const LinearLayout &a,
                                                       const LinearLayout &tile) {
  const auto outNames = a.getOutDimNames();
  const int nA = a.hasInDim(kRegister) ? a.getInDimSizeLog2(kRegister) : 0;
  const int nT = tile.hasInDim(kRegister) ? tile.getInDimSizeLog2(kRegister) : 0;
  std::vector<bool> used(static_cast<size_t>(nA), false);
  std::vector<int> order;
  for (int t = 0; t < nT; ++t) {
    // The tile basis written over a's out-dims (0 where the tile has none).
    std::vector<int32_t> want;
    for (const auto &o : outNames)
      want.push_back(tile.hasOutDim(o) ? tile.getBasis(kRegister, t, o) : 0);
    bool found = false;
    const std::span<const int32_t> aRegs = a.basesOf(kRegister);
    const size_t nOutA = outNames.size();
    for (int j = 0; j < nA && !found; ++j) {
      if (used[static_cast<size_t>(j)])
        continue;
      const int32_t *b = aRegs.data() + static_cast<size_t>(j) * nOutA;
      if (std::equal(b, b + nOutA, want.begin(), want.end())) {
        used[static_cast<size_t>(j)] = true;
        order.push_back(j);
        found = true;
      }
    }
    if (!found)
      return std::nullopt;
  }
  for (int j = 0; j < nA; ++j)
    if (!used[static_cast<size_t>(j)])
      order.push_back(j);
  return order;
}

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
