#include "analysis/convert/warp_shuffle_plan.h"

#include <algorithm>
#include <bit>

#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {
namespace {

// Pads `dim` of a (register, lane) layout with zero bases up to `bits`.
LinearLayout padWithZeros(const LinearLayout &ll, int regBits, int laneBits) {
  LinearLayout::BasesT bases = ll.getBases();
  const size_t nOut = ll.getNumOutDims();
  for (auto &[name, bs] : bases) {
    const int want = name == kRegister ? regBits : laneBits;
    while (static_cast<int>(bs.size()) < want)
      bs.push_back(LinearLayout::Basis(nOut, 0));
  }
  return LinearLayout(std::move(bases), ll.getOutDims(), /*requireSurjective=*/false);
}

int32_t flatValue(const LinearLayout &flat, const DimName &dim, int i) {
  return flat.getBasis(dim, i)[0];
}

} // namespace

WarpShufflePlan planWarpShuffle(const LinearLayout &srcIn, const LinearLayout &dstIn,
                                int elementBits) {
  require(elementBits >= 1 && elementBits <= 64, "planWarpShuffle: element bits 1..64");
  // Broadcast registers would only inflate the instruction count.
  const LinearLayout src = srcIn.removeZeroBasesAlongDim(kRegister);
  const LinearLayout dst = dstIn.removeZeroBasesAlongDim(kRegister);

  WarpShufflePlan plan;
  plan.elementBits = elementBits;
  const int nReg = std::max(src.getInDimSizeLog2(kRegister), dst.getInDimSizeLog2(kRegister));
  const int nLane = std::max(src.getInDimSizeLog2(kLane), dst.getInDimSizeLog2(kLane));
  plan.registerBits = nReg;
  plan.laneBits = nLane;

  const std::vector<DimName> inDims{kRegister, kLane};
  const std::vector<DimName> outDims = src.getOutDimNames();
  LinearLayout s = padWithZeros(src.sublayout(inDims, outDims), nReg, nLane);
  LinearLayout t = padWithZeros(dst.sublayout(inDims, outDims), nReg, nLane);

  // Skeleton of P: each source bit -> the destination bits holding its element.
  LinearLayout::BasesT p = s.invertAndCompose(t).getBases();
  auto column = [&](int dimIdx) -> std::vector<LinearLayout::Basis> & {
    for (auto &[name, bs] : p)
      if (name == inDims[dimIdx])
        return bs;
    throw InternalError("planWarpShuffle: missing dim");
  };

  // Zero columns: common zeros are fixed points, the others are paired up.
  const LinearLayout sf = s.flattenOuts(), tf = t.flattenOuts();
  std::vector<std::pair<int, int>> srcFreeZeros, dstFreeZeros;
  for (int d = 0; d < 2; ++d) {
    const int bits = d == 0 ? nReg : nLane;
    for (int i = 0; i < bits; ++i) {
      const int32_t sv = flatValue(sf, inDims[d], i), tv = flatValue(tf, inDims[d], i);
      if (sv == 0 && tv == 0)
        column(d)[i][d] = int32_t{1} << i;
      else if (sv == 0)
        srcFreeZeros.emplace_back(d, i);
      else if (tv == 0)
        dstFreeZeros.emplace_back(d, i);
    }
  }
  for (size_t k = 0; k < std::min(srcFreeZeros.size(), dstFreeZeros.size()); ++k) {
    auto [sd, si] = srcFreeZeros[k];
    auto [dd, di] = dstFreeZeros[k];
    column(sd)[si][dd] = int32_t{1} << di;
  }

  // P is a bit permutation when every column is one bit and no two columns
  // share it; Triton assumes so (it holds for all but exotic linear layouts).
  {
    std::vector<bool> hit(nReg + nLane, false);
    for (int d = 0; d < 2; ++d)
      for (const auto &col : column(d)) {
        int ones = 0, target = -1;
        for (int k = 0; k < 2; ++k)
          if (col[k] != 0) {
            ones += std::popcount(static_cast<uint32_t>(col[k]));
            target = (k == 0 ? 0 : nReg) + log2Floor(static_cast<uint32_t>(col[k]));
          }
        if (ones != 1 || target >= nReg + nLane || hit[target])
          plan.isBitPermutation = false;
        else
          hit[target] = true;
      }
  }

  // Walk the cycles of P, slicing out (r_i l_j) transpositions.
  plan.registerPermutation.assign(nReg, 0);
  plan.lanePermutation.assign(nLane, 0);
  std::vector<bool> visited(nReg + nLane, false);
  auto flatIdx = [&](int d, int i) { return d == 0 ? i : nReg + i; };
  for (int d = 0; d < 2 && plan.isBitPermutation; ++d) {
    const int bits = d == 0 ? nReg : nLane;
    for (int i = 0; i < bits; ++i) {
      if (visited[flatIdx(d, i)])
        continue;
      int currDim = d, currIdx = i;
      int regStart = -1, laneStart = -1, laneEnd = -1, regEnd = -1;
      do {
        visited[flatIdx(currDim, currIdx)] = true;
        const auto &next = column(currDim)[currIdx];
        const int nextDim = next[0] != 0 ? 0 : 1;
        const int nextIdx = log2Floor(static_cast<uint32_t>(next[nextDim]));
        if (currDim == 0 && nextDim == 0) {
          plan.registerPermutation[currIdx] = nextIdx;
        } else if (currDim == 1 && nextDim == 1) {
          plan.lanePermutation[currIdx] = nextIdx;
        } else if (currDim == 0) {
          regStart = currIdx;
          laneStart = nextIdx;
        } else {
          regEnd = nextIdx;
          laneEnd = currIdx;
        }
        // Cycles are entered at their first register bit, so a lane -> register
        // step always closes a register -> lane step.
        if (regEnd >= 0) {
          plan.registerPermutation[regStart] = regEnd;
          plan.lanePermutation[laneEnd] = laneStart;
          plan.mixedTranspositions.emplace_back(regEnd, laneStart);
          regStart = laneStart = laneEnd = regEnd = -1;
        }
        currDim = nextDim;
        currIdx = nextIdx;
      } while (flatIdx(currDim, currIdx) != flatIdx(d, i));
    }
  }
  if (!plan.isBitPermutation) {
    plan.method = "none";
    return plan;
  }
  for (int i = 0; i < nLane; ++i)
    if (plan.lanePermutation[i] != i)
      plan.lanePermutationIsTrivial = false;

  // Costs, as transferWithinWarp emits them.
  const int m = static_cast<int>(plan.mixedTranspositions.size());
  const int nPackPrelim = log2Floor(static_cast<uint64_t>(std::clamp(32 / elementBits, 1, 4)));
  plan.packBits = std::max(0, std::min(nPackPrelim, nReg - m));
  const int64_t words = int64_t{1} << (nReg - plan.packBits);
  plan.wordsPerThread = words;
  const int64_t shufflesPerValue = elementBits > 32 ? 2 : 1;
  if (m == 0 && plan.lanePermutationIsTrivial) {
    plan.method = "none";
    return plan;
  }
  bool ship = false;
  if (m == 1 && plan.lanePermutationIsTrivial) {
    // Ship needs selectors that do not mix packed halves; they stay default
    // when neither the register bit nor its predecessor in P_reg is packed.
    const int rBit = plan.mixedTranspositions[0].first;
    int prev = rBit;
    while (plan.registerPermutation[prev] != rBit)
      prev = plan.registerPermutation[prev];
    ship = plan.packBits == 0 || (rBit >= plan.packBits && prev >= plan.packBits);
  }
  if (ship) {
    plan.method = "ship";
    plan.shuffles = words / 2 * shufflesPerValue;
    plan.selects = 3 * words / 2;
  } else {
    plan.method = "swap";
    plan.shuffles =
        (plan.lanePermutationIsTrivial ? words - (words >> m) : words) * shufflesPerValue;
    plan.selects = 2 * int64_t{m} * words;
  }
  return plan;
}

} // namespace ls
