#include "analysis/conversion_bank_hook.h"

#include "analysis/optimal_swizzling.h"

namespace ls {

std::optional<ScratchConflicts> conversionBankConflicts(const LinearLayout &, const LinearLayout &,
                                                        const ConversionScratch &plan) {
  const LinearLayout flat = plan.buffer.flattenOuts();
  if (!flat.hasInDim("segment"))
    return std::nullopt;
  std::vector<int32_t> segment;
  for (int i = 0; i < flat.getInDimSizeLog2("segment"); ++i)
    segment.push_back(flat.getBasis("segment", i)[0]);
  const int rank = flat.getTotalOutDimSizeLog2();
  auto conflicts = [&](const std::vector<int32_t> &tile) {
    return (int64_t{1} << intersectionBasis(segment, tile, rank).size()) - 1;
  };
  return ScratchConflicts{conflicts(plan.storeTile), conflicts(plan.loadTile)};
}

} // namespace ls
