#include "analysis/conversion_bank_hook.h"

#include "analysis/optimal_swizzling.h"
#include "layout/layout_utils.h"

namespace ls {

std::optional<ScratchConflicts> conversionBankConflicts(const LinearLayout &, const LinearLayout &,
                                                        const ConversionScratch &plan) {
  const LinearLayout flat = plan.buffer.flattenOuts();
  if (!flat.hasInDim("segment"))
    return std::nullopt;
  const std::vector<int32_t> segment = flatBases(flat, "segment");
  const int rank = flat.getTotalOutDimSizeLog2();
  auto conflicts = [&](const std::vector<int32_t> &tile) {
    return (int64_t{1} << intersectionBasis(segment, tile, rank).size()) - 1;
  };
  return ScratchConflicts{conflicts(plan.storeTile), conflicts(plan.loadTile)};
}

} // namespace ls
