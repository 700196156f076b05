#include "analysis/bank_conflicts.h"

#include <algorithm>
#include <unordered_set>

#include "analysis/shared_vectorisation.h"
#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

int rankOf(const std::vector<int64_t> &vectors) {
  // Xor basis indexed by the highest set bit.
  int64_t basis[64] = {};
  int rank = 0;
  for (int64_t v : vectors) {
    for (int bit = 63; bit >= 0 && v; --bit) {
      if (!((v >> bit) & 1))
        continue;
      if (!basis[bit]) {
        basis[bit] = v;
        ++rank;
        v = 0;
      } else {
        v ^= basis[bit];
      }
    }
  }
  return rank;
}

int intersectionBasisSize(const std::vector<int32_t> &b1, const std::vector<int32_t> &b2) {
  auto pow2 = [](int32_t x) { return x > 0 && (x & (x - 1)) == 0; };
  if (std::all_of(b1.begin(), b1.end(), pow2) && std::all_of(b2.begin(), b2.end(), pow2)) {
    // Triton keeps the b1 entries that occur in b2, duplicates included.
    std::unordered_set<int32_t> set2(b2.begin(), b2.end());
    int n = 0;
    for (int32_t b : b1)
      n += (b != 0 && set2.count(b)) ? 1 : 0;
    return n;
  }
  std::vector<int64_t> v1(b1.begin(), b1.end()), v2(b2.begin(), b2.end()), both = v1;
  both.insert(both.end(), v2.begin(), v2.end());
  return rankOf(v1) + rankOf(v2) - rankOf(both);
}

namespace {

// Bases of one in-dim of a layout with a single out-dim, as plain integers.
std::vector<int32_t> flatBases(const LinearLayout &flat, const DimName &inDim) {
  std::vector<int32_t> v;
  if (!flat.hasInDim(inDim))
    return v;
  const int n = flat.getInDimSizeLog2(inDim);
  for (int i = 0; i < n; ++i)
    v.push_back(flat.getBasis(inDim, i)[0]);
  return v;
}

} // namespace

int bankConflictsMemDesc(const LinearLayout &reg, const LinearLayout &smem, int bitwidth) {
  if (!smem.hasInDim(kOffset) || !reg.hasInDim(kRegister))
    throw Error("--shared", "bank conflicts need a shared layout (offset) and a distributed "
                            "layout (register)");
  require(bitwidth >= 1 && bitwidth <= 1024, "bankConflictsMemDesc: bitwidth out of range");
  const LinearLayout regNoBroadcast = removeBroadcastRegisters(reg);
  const LinearLayout regToShared = regNoBroadcast.invertAndCompose(smem);
  const int vec = largestVectorisation(regToShared, bitwidth).elements;

  // The register permutation of largestVectorisation does not touch lanes,
  // and lanes are all the count looks at, so it is not applied here.
  const int64_t total = smem.getTotalInDimSize();
  int64_t bankSize = std::min<int64_t>(32 * 32 / (int64_t{vec} * bitwidth), total);
  if (bankSize < 1)
    bankSize = 1;
  if (bankSize * vec > total) // tensor smaller than one vector line
    bankSize = std::max<int64_t>(1, total / vec);
  const int64_t segmentSize = std::max<int64_t>(1, total / (bankSize * vec));
  const LinearLayout smemReshaped =
      smem.reshapeIns({{"vector", vec},
                       {"bank", static_cast<int32_t>(bankSize)},
                       {"segment", static_cast<int32_t>(segmentSize)}});

  const LinearLayout smemFlat = smemReshaped.flattenOuts();
  const std::vector<int32_t> segment = flatBases(smemFlat, "segment");
  std::vector<int32_t> lanes = flatBases(regNoBroadcast.flattenOuts(), kLane);
  const int log2Vec = log2Floor(static_cast<uint64_t>(std::max(vec * bitwidth / 32, 1)));
  lanes.resize(lanes.size() > static_cast<size_t>(log2Vec) ? lanes.size() - log2Vec : 0);
  const int k = intersectionBasisSize(segment, lanes);
  return (1 << k) - 1;
}

int sharedBankConflicts(const Encoding &distributed, const Encoding &shared, const Shape &shape,
                        int bitwidth) {
  if (distributed.isShared())
    throw Error("--distributed", "is a shared layout; expected a distributed (register) layout");
  if (!shared.isShared())
    throw Error("--shared", "is a distributed layout; expected a shared-memory layout");
  return bankConflictsMemDesc(distributed.toLinearLayout(shape), shared.toLinearLayout(shape),
                              bitwidth);
}

} // namespace ls
