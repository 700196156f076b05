#include "analysis/banks/bank_conflicts.h"

#include <algorithm>
#include <array>

#include "f2/packed_solver.h"
#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

int rankOf(const std::vector<int64_t> &vectors) {
  // Xor basis indexed by the highest set bit.
  int64_t basis[64] = {};
  int rank = 0;
  for (int64_t x : vectors) {
    // Reduce by the highest set bit until zero or a new pivot.
    for (uint64_t v = static_cast<uint64_t>(x); v != 0;) {
      const int bit = 63 - __builtin_clzll(v);
      if (!basis[bit]) {
        basis[bit] = static_cast<int64_t>(v);
        ++rank;
        break;
      }
      v ^= static_cast<uint64_t>(basis[bit]);
    }
  }
  return rank;
}

int intersectionBasisSize64(const std::vector<int64_t> &b1, const std::vector<int64_t> &b2) {
  auto pow2 = [](int64_t x) { return x > 0 && (x & (x - 1)) == 0; };
  if (std::all_of(b1.begin(), b1.end(), pow2) && std::all_of(b2.begin(), b2.end(), pow2)) {
    // Triton keeps the b1 entries that occur in b2, duplicates included.
    int n = 0;
    for (int64_t b : b1)
      n += (b != 0 && std::find(b2.begin(), b2.end(), b) != b2.end()) ? 1 : 0;
    return n;
  }
  std::vector<int64_t> both = b1;
  both.insert(both.end(), b2.begin(), b2.end());
  return rankOf(b1) + rankOf(b2) - rankOf(both);
}

int intersectionBasisSize(const std::vector<int32_t> &b1, const std::vector<int32_t> &b2) {
  return intersectionBasisSize64(std::vector<int64_t>(b1.begin(), b1.end()),
                                 std::vector<int64_t>(b2.begin(), b2.end()));
}

namespace {

// Everything below works on plain bit vectors: a layout's basis is written as
// one integer, its out-dims packed in the given order (first = least
// significant), which is what flattenOuts() does.  This keeps the count free
// of layout allocations (it is timed by `bench`).
struct Packing {
  std::vector<std::string> names; // out-dims, least significant first
  std::vector<int> shifts;
  int bits = 0;
};

Packing packingOf(const LinearLayout &ll) {
  Packing p;
  for (const auto &[name, size] : ll.getOutDims()) {
    p.names.push_back(name);
    p.shifts.push_back(p.bits);
    p.bits += log2Floor(static_cast<uint64_t>(size));
  }
  return p;
}

// The bases of one in-dim of `ll`, packed with `p` (out-dims matched by name).
std::vector<int64_t> packedBases(const LinearLayout &ll, const Packing &p, const DimName &inDim) {
  std::vector<int64_t> v;
  if (!ll.hasInDim(inDim))
    return v;
  std::array<int, limits::kMaxRank> shift;
  shift.fill(-1);
  for (int o = 0; o < ll.getNumOutDims(); ++o)
    for (size_t d = 0; d < p.names.size(); ++d)
      if (p.names[d] == ll.outDimName(o))
        shift[static_cast<size_t>(o)] = p.shifts[d];
  const int n = ll.getInDimSizeLog2(inDim);
  const size_t nOut = static_cast<size_t>(ll.getNumOutDims());
  const std::span<const int32_t> all = ll.basesOf(inDim);
  v.reserve(static_cast<size_t>(n));
  for (size_t i = 0; i < static_cast<size_t>(n); ++i) {
    int64_t x = 0;
    for (size_t o = 0; o < nOut; ++o)
      if (shift[o] >= 0)
        x |= int64_t{all[i * nOut + o]} << shift[o];
    v.push_back(x);
  }
  return v;
}

bool sameBlockSublayout(const LinearLayout &reg, const LinearLayout &smem, const Packing &p) {
  if (!reg.hasInDim(kBlock) || !smem.hasInDim(kBlock))
    return false;
  if (reg.getInDimSizeLog2(kBlock) != smem.getInDimSizeLog2(kBlock))
    return false;
  for (const auto &[name, size] : reg.getOutDims())
    if (smem.getOutDimSize(name) != size)
      return false;
  return packedBases(reg, p, kBlock) == packedBases(smem, p, kBlock);
}

} // namespace

int bankConflictsMemDesc(const LinearLayout &reg, const LinearLayout &smem, int bitwidth) {
  if (!smem.hasInDim(kOffset) || !reg.hasInDim(kRegister))
    throw Error("--shared", "bank conflicts need a shared layout (offset) and a distributed "
                            "layout (register)");
  require(bitwidth >= 1 && bitwidth <= 1024, "bankConflictsMemDesc: bitwidth out of range");
  for (const auto &name : reg.getOutDimNames())
    if (!smem.hasOutDim(name) || reg.getNumOutDims() != smem.getNumOutDims())
      throw Error("--shared", "maps to other tensor dims than the distributed layout");

  // regToShared = reg.invertAndCompose(smem), one in-dim basis at a time.
  // With equal block sublayouts Triton maps block to block and solves the
  // rest on the offsets alone.
  const Packing regPack = packingOf(reg);
  const std::vector<int64_t> offsets = packedBases(smem, regPack, kOffset);
  const std::vector<int64_t> blocks = packedBases(smem, regPack, kBlock);
  const bool blockIdentity = sameBlockSublayout(reg, smem, regPack);
  std::vector<int64_t> cols = offsets;
  if (!blockIdentity)
    cols.insert(cols.end(), blocks.begin(), blocks.end());
  // Triton's lstsq: pivots on the first independent columns, free variables 0.
  f2::PackedSolver solver;
  for (int64_t c : cols)
    solver.add(static_cast<uint64_t>(c));
  const int nOff = static_cast<int>(offsets.size());
  const int64_t offMask = (int64_t{1} << nOff) - 1;
  // Offset part (and whether the block part is zero) of every cvt basis.
  struct Cvt {
    int64_t offset;
    bool blockZero;
  };
  std::vector<Cvt> regs, others;
  for (const auto &inDim : reg.getInDimNames()) {
    const bool isReg = inDim == kRegister;
    if (inDim == kBlock && blockIdentity) {
      for (int i = 0; i < reg.getInDimSizeLog2(kBlock); ++i)
        others.push_back({0, false});
      continue;
    }
    for (int64_t b : packedBases(reg, regPack, inDim)) {
      if (isReg && b == 0)
        continue; // broadcast register, removed first
      const std::optional<uint64_t> solved = solver.solve(static_cast<uint64_t>(b));
      if (!solved)
        throw Error("--shared", "does not hold every element the distributed layout holds");
      const int64_t x = static_cast<int64_t>(*solved);
      (isReg ? regs : others).push_back({x & offMask, (x >> nOff) == 0});
    }
  }

  // largestVectorisation: V registers equal to offsets 1, 2, ..., V/2 (block
  // part zero), nothing else touching the low log2(V) offset bits.
  int vec = 1;
  for (int v = std::max(1, 128 / bitwidth); v > 1; v /= 2) {
    const int bits = log2Floor(static_cast<uint64_t>(v));
    if (bits > nOff)
      continue;
    std::vector<bool> used(regs.size(), false);
    bool ok = true;
    for (int t = 0; t < bits && ok; ++t) {
      ok = false;
      for (size_t j = 0; j < regs.size() && !ok; ++j)
        if (!used[j] && regs[j].blockZero && regs[j].offset == (int64_t{1} << t))
          used[j] = ok = true;
    }
    for (size_t j = 0; j < regs.size() && ok; ++j)
      ok = used[j] || (regs[j].offset & (v - 1)) == 0;
    for (size_t j = 0; j < others.size() && ok; ++j)
      ok = (others[j].offset & (v - 1)) == 0;
    if (ok) {
      vec = v;
      break;
    }
  }

  // Shared memory as vector x bank x segment over its in-dim bits (offset,
  // then block); the segment bases in smem's own packing.
  const Packing smemPack = packingOf(smem);
  std::vector<int64_t> smemBits = packedBases(smem, smemPack, kOffset);
  for (int64_t b : packedBases(smem, smemPack, kBlock))
    smemBits.push_back(b);
  const int64_t total = int64_t{1} << smemBits.size();
  int64_t bankSize = std::min<int64_t>(32 * 32 / (int64_t{vec} * bitwidth), total);
  if (bankSize < 1)
    bankSize = 1;
  if (bankSize * vec > total) // tensor smaller than one vector line
    bankSize = std::max<int64_t>(1, total / vec);
  const size_t firstSegment = static_cast<size_t>(log2Floor(static_cast<uint64_t>(vec)) +
                                                  log2Floor(static_cast<uint64_t>(bankSize)));
  std::vector<int64_t> segment(smemBits.begin() +
                                   static_cast<long>(std::min(firstSegment, smemBits.size())),
                               smemBits.end());

  // Lanes of one wavefront, in the distributed layout's packing.
  std::vector<int64_t> lanes = packedBases(reg, regPack, kLane);
  const int log2Vec = log2Floor(static_cast<uint64_t>(std::max(vec * bitwidth / 32, 1)));
  lanes.resize(lanes.size() > static_cast<size_t>(log2Vec) ? lanes.size() - log2Vec : 0);
  const int k = intersectionBasisSize64(segment, lanes);
  return (1 << k) - 1;
}

void checkSharedShape(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    n *= std::max<int64_t>(d, 1);
    if (n > kMaxSharedElements)
      throw Error("--shape", "the shared-memory analysis handles at most 2^30 elements");
  }
}

int sharedBankConflicts(const Encoding &distributed, const Encoding &shared, const Shape &shape,
                        int bitwidth) {
  checkSharedShape(shape);
  if (distributed.isShared())
    throw Error("--distributed", "is a shared layout; expected a distributed (register) layout");
  if (!shared.isShared())
    throw Error("--shared", "is a distributed layout; expected a shared-memory layout");
  return bankConflictsMemDesc(distributed.toLinearLayout(shape), shared.toLinearLayout(shape),
                              bitwidth);
}

} // namespace ls
