#include "analysis/conversion_scratch.h"

#include <algorithm>
#include <bit>
#include <set>

#include "analysis/conversion_bank_hook.h"
#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {
namespace {

using Vecs = std::vector<int32_t>;

const DimName kVector = "vector";
const DimName kBank = "bank";
const DimName kSegment = "segment";
const DimName kReps = "reps";

int log2Of(int64_t v) {
  int r = -1;
  while (v > 0) {
    v >>= 1;
    ++r;
  }
  return r;
}

bool contains(const Vecs &v, int32_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Basis values of `dim` of a layout with a single out-dim.
Vecs flatBases(const LinearLayout &flat, const DimName &dim) {
  Vecs out;
  if (!flat.hasInDim(dim))
    return out;
  for (int i = 0; i < flat.getInDimSizeLog2(dim); ++i)
    out.push_back(flat.getBasis(dim, i)[0]);
  return out;
}

Vecs removeZeros(const Vecs &v) {
  Vecs out;
  for (int32_t x : v)
    if (x != 0)
      out.push_back(x);
  return out;
}

// Reduced row echelon form of the rows, pivot = lowest set bit (f2reduce's
// convention); returns the pivot columns.  The RREF is unique, so bases
// derived from it do not depend on the elimination order.
std::set<int> rrefPivots(std::vector<uint64_t> rows, int dim) {
  std::set<int> pivots;
  size_t r = 0;
  for (int c = 0; c < dim && r < rows.size(); ++c) {
    size_t p = r;
    while (p < rows.size() && !((rows[p] >> c) & 1))
      ++p;
    if (p == rows.size())
      continue;
    std::swap(rows[r], rows[p]);
    for (size_t q = 0; q < rows.size(); ++q)
      if (q != r && ((rows[q] >> c) & 1))
        rows[q] ^= rows[r];
    pivots.insert(c);
    ++r;
  }
  return pivots;
}

// A basis of {x : <x, v> = 0 for all v} in Triton's order (free columns
// ascending, each completed through the RREF pivots).
Vecs nullspaceBasis(const Vecs &vectors, int dim) {
  std::vector<uint64_t> rows(vectors.begin(), vectors.end());
  for (auto &x : rows)
    x &= 0xffffffffu;
  // Full RREF (rows kept) to complete each free column.
  size_t r = 0;
  std::vector<std::pair<int, uint64_t>> pivotRows;
  for (int c = 0; c < dim && r < rows.size(); ++c) {
    size_t p = r;
    while (p < rows.size() && !((rows[p] >> c) & 1))
      ++p;
    if (p == rows.size())
      continue;
    std::swap(rows[r], rows[p]);
    for (size_t q = 0; q < rows.size(); ++q)
      if (q != r && ((rows[q] >> c) & 1))
        rows[q] ^= rows[r];
    ++r;
  }
  std::set<int> pivots;
  for (size_t i = 0; i < r; ++i)
    pivots.insert(std::countr_zero(rows[i]));
  Vecs basis;
  for (int freeCol = 0; freeCol < dim; ++freeCol) {
    if (pivots.count(freeCol))
      continue;
    uint64_t v = uint64_t{1} << freeCol;
    for (size_t i = 0; i < r; ++i)
      if ((rows[i] >> freeCol) & 1)
        v ^= uint64_t{1} << std::countr_zero(rows[i]);
    basis.push_back(static_cast<int32_t>(v));
  }
  return basis;
}

// Unit vectors completing `basis` to the whole space (non-pivot columns).
Vecs complementBasis(const Vecs &basis, int dim) {
  std::set<int> pivots = rrefPivots(std::vector<uint64_t>(basis.begin(), basis.end()), dim);
  Vecs comp;
  for (int i = 0; i < dim; ++i)
    if (!pivots.count(i))
      comp.push_back(int32_t{1} << i);
  return comp;
}

bool isPowerOfTwo(int32_t x) { return x > 0 && (x & (x - 1)) == 0; }

// Triton's intersectionBasis: for bit-permutation bases, b1's members that are
// in b2 (b1's order); otherwise the null space of the joint null spaces.
Vecs intersectionBasis(const Vecs &b1, const Vecs &b2, int dim) {
  bool powerOf2 = std::all_of(b1.begin(), b1.end(), isPowerOfTwo) &&
                  std::all_of(b2.begin(), b2.end(), isPowerOfTwo);
  if (powerOf2) {
    Vecs result;
    for (int32_t b : b1)
      if (b != 0 && contains(b2, b))
        result.push_back(b);
    return result;
  }
  Vecs joint = nullspaceBasis(b1, dim);
  Vecs ns2 = nullspaceBasis(b2, dim);
  joint.insert(joint.end(), ns2.begin(), ns2.end());
  return nullspaceBasis(joint, dim);
}

// Triton's computeSegment: the segment bases, preferring unit vectors that
// neither access uses to pick a bank, then xors of the two accesses' bank
// bases (conflict-free), then the bases themselves (conflicts).
Vecs computeSegment(const Vecs &bankSrc, const Vecs &bankDst, int dim, int lenSegment) {
  std::set<int32_t> setSrc(bankSrc.begin(), bankSrc.end());
  std::set<int32_t> setDst(bankDst.begin(), bankDst.end());
  setSrc.erase(0);
  setDst.erase(0);
  Vecs segment;
  for (int b = 0; b < dim; ++b)
    if (!setSrc.count(int32_t{1} << b) && !setDst.count(int32_t{1} << b))
      segment.push_back(int32_t{1} << b);
  if (static_cast<int>(segment.size()) >= lenSegment) {
    segment.resize(std::max(lenSegment, 0));
    return segment;
  }
  Vecs a, b;
  for (int32_t v : setSrc)
    if (!setDst.count(v))
      a.push_back(v);
  for (int32_t v : setDst)
    if (!setSrc.count(v))
      b.push_back(v);
  if (a.size() > b.size())
    std::swap(a, b);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const int na = static_cast<int>(a.size());
  const int logBankConflicts =
      std::min(std::max(0, lenSegment - na - static_cast<int>(segment.size())), na);
  for (int i = logBankConflicts; i < na; ++i)
    segment.push_back(a[i] ^ b[i]);
  segment.insert(segment.end(), a.begin(), a.begin() + logBankConflicts);
  segment.insert(segment.end(), b.begin(), b.begin() + logBankConflicts);
  if (static_cast<int>(segment.size()) > lenSegment)
    segment.resize(lenSegment);
  return segment;
}

LinearLayout::BasesT unflatten(const std::vector<std::pair<DimName, Vecs>> &dims) {
  LinearLayout::BasesT bases;
  for (const auto &[name, vecs] : dims) {
    std::vector<LinearLayout::Basis> bs;
    for (int32_t v : vecs)
      bs.push_back({v});
    bases.emplace_back(name, std::move(bs));
  }
  return bases;
}

// Triton's optimalSwizzling + buildReps on flattened layouts.
LinearLayout swizzledBuffer(const LinearLayout &srcFlat, const LinearLayout &dstFlat, int bitwidth,
                            const Vecs &vbasis, const Vecs &tileSrc, const Vecs &tileDst) {
  const int dim = srcFlat.getTotalOutDimSizeLog2();
  Vecs bankSrc = vbasis, bankDst = vbasis;
  bankSrc.insert(bankSrc.end(), tileSrc.begin(), tileSrc.end());
  bankDst.insert(bankDst.end(), tileDst.begin(), tileDst.end());
  const int nv = static_cast<int>(vbasis.size());
  // 32 banks x 32 bits per bank line.
  const int lenBbasis = std::min(log2Of(1024 / ((int64_t{1} << nv) * bitwidth)), dim - nv);
  const int lenSbasis = dim - lenBbasis - nv;
  Vecs sbasis = computeSegment(bankSrc, bankDst, dim, lenSbasis);
  Vecs unionBasis = vbasis;
  unionBasis.insert(unionBasis.end(), sbasis.begin(), sbasis.end());
  Vecs bbasis = complementBasis(unionBasis, dim);

  // Reps: segment bases that are registers on both sides.
  Vecs srcRegs = flatBases(srcFlat, kRegister), dstRegs = flatBases(dstFlat, kRegister);
  Vecs segment, reps;
  for (int32_t s : sbasis) {
    if (contains(srcRegs, s) && contains(dstRegs, s))
      reps.push_back(s);
    else
      segment.push_back(s);
  }
  auto buffer = LinearLayout::tryCreate(
      unflatten({{kVector, vbasis}, {kBank, bbasis}, {kSegment, segment}, {kReps, reps}}),
      srcFlat.getOutDims(), /*requireSurjective=*/true);
  if (!buffer)
    throw InternalError("conversion scratch: the swizzled buffer does not cover the tensor");
  return *buffer;
}

// Moves the bank bases at `order` first (Triton's ColumnAction on "bank").
LinearLayout reorderBanks(const LinearLayout &buffer, const std::vector<size_t> &order) {
  LinearLayout::BasesT bases = buffer.getBases();
  for (auto &[name, bs] : bases) {
    if (name != kBank)
      continue;
    std::vector<LinearLayout::Basis> reordered;
    for (size_t i : order)
      reordered.push_back(bs[i]);
    bs = std::move(reordered);
  }
  return LinearLayout(std::move(bases), buffer.getOutDims(), /*requireSurjective=*/true);
}

// Removes the register bases that step through "reps" and the reps out-dim,
// flattening vector/bank/segment into "offset" (Triton's divideRight by the
// reps tile, then reshapeOuts).
LinearLayout tileToOffset(const LinearLayout &total, int numRepBits) {
  const int repsIdx = total.getOutDimIndex(kReps);
  LinearLayout::BasesT bases = total.getBases();
  std::vector<bool> usedRep(numRepBits, false);
  int32_t offsetSize = 1;
  for (const auto &[name, size] : total.getOutDims())
    if (name != kReps)
      offsetSize *= size;
  LinearLayout::BasesT out;
  for (auto &[name, bs] : bases) {
    std::vector<LinearLayout::Basis> kept;
    for (auto &b : bs) {
      bool isRep = false;
      if (name == kRegister) {
        bool onlyReps = true;
        for (int o = 0; o < static_cast<int>(b.size()); ++o)
          if (o != repsIdx && b[o] != 0)
            onlyReps = false;
        int32_t r = b[repsIdx];
        if (onlyReps && isPowerOfTwo(r) && !usedRep[std::countr_zero(static_cast<uint32_t>(r))]) {
          usedRep[std::countr_zero(static_cast<uint32_t>(r))] = true;
          isRep = true;
        }
      }
      if (isRep)
        continue;
      // Offset = vector + bank * |vector| + segment * |vector||bank| (minor first).
      int32_t offset = 0, shift = 0;
      for (int o = 0; o < static_cast<int>(b.size()); ++o) {
        const auto &[oname, osize] = total.getOutDims()[o];
        if (oname == kReps)
          continue;
        offset |= b[o] << shift;
        shift += log2Of(osize);
      }
      kept.push_back({offset});
    }
    out.emplace_back(name, std::move(kept));
  }
  for (bool u : usedRep)
    if (!u)
      throw InternalError("conversion scratch: a rep is not a register of the layout");
  return LinearLayout(std::move(out), LinearLayout::DimSizes{{kOffset, offsetSize}},
                      /*requireSurjective=*/false);
}

// Triton's largestVectorisation for a map register/lane/warp -> "offset": the
// largest power of two v <= maxElems such that registers can be reordered so
// the first log2(v) of them step through offsets 1, 2, 4, ... and no other
// basis touches those low offset bits.
int scratchVectorElems(const LinearLayout &toOffset, int maxElems) {
  Vecs regs = flatBases(toOffset, kRegister);
  Vecs others;
  for (const auto &d : toOffset.getInDimNames())
    if (d != kRegister)
      for (int32_t v : flatBases(toOffset, d))
        others.push_back(v);
  for (int v = maxElems; v >= 1; v /= 2) {
    const int k = log2Of(v);
    std::vector<bool> used(regs.size(), false);
    bool ok = true;
    for (int i = 0; i < k && ok; ++i) {
      ok = false;
      for (size_t j = 0; j < regs.size(); ++j)
        if (!used[j] && regs[j] == (int32_t{1} << i)) {
          used[j] = true;
          ok = true;
          break;
        }
    }
    for (size_t j = 0; j < regs.size() && ok; ++j)
      if (!used[j] && (regs[j] & (v - 1)))
        ok = false;
    for (int32_t o : others)
      if (ok && (o & (v - 1)))
        ok = false;
    if (ok)
      return v;
  }
  return 1;
}

} // namespace

int scratchElementBits(int elementBits) { return std::max(elementBits, 8); }

LinearLayout optimalScratchLayout(const LinearLayout &src, const LinearLayout &dst,
                                  int bitwidth) {
  const LinearLayout srcFlat = src.flattenOuts();
  const LinearLayout dstFlat = dst.flattenOuts();
  const Vecs regSrc = flatBases(srcFlat, kRegister), regDst = flatBases(dstFlat, kRegister);
  const Vecs laneSrc = flatBases(srcFlat, kLane), laneDst = flatBases(dstFlat, kLane);
  const int dim = src.getTotalOutDimSizeLog2();

  Vecs vbasis = intersectionBasis(regSrc, regDst, dim);
  const int maxVecBases = log2Of(128 / bitwidth);
  if (static_cast<int>(vbasis.size()) > maxVecBases)
    vbasis.resize(maxVecBases);

  // Fill a 32-bit bank word as well as possible: registers of one side that
  // are warps of the other, then warps common to both, then any warp.
  std::optional<bool> srcFillsBank;
  if ((int64_t{1} << vbasis.size()) * bitwidth < 32) {
    const int basesPerBank = log2Of(32 / bitwidth);
    const Vecs warpSrc = removeZeros(flatBases(srcFlat, kWarp));
    const Vecs warpDst = removeZeros(flatBases(dstFlat, kWarp));
    auto removeVec = [&](const Vecs &v) {
      Vecs r;
      for (int32_t x : v)
        if (!contains(vbasis, x))
          r.push_back(x);
      return r;
    };
    Vecs regSrcWarp = intersectionBasis(removeVec(regSrc), warpDst, dim);
    Vecs regDstWarp = intersectionBasis(removeVec(regDst), warpSrc, dim);
    Vecs largest;
    if (regSrcWarp.size() == regDstWarp.size() && !regSrcWarp.empty()) {
      if (*std::min_element(regSrcWarp.begin(), regSrcWarp.end()) <
          *std::min_element(regDstWarp.begin(), regDstWarp.end())) {
        largest = regSrcWarp;
        srcFillsBank = true;
      } else {
        largest = regDstWarp;
        srcFillsBank = false;
      }
    } else {
      srcFillsBank = regSrcWarp.size() > regDstWarp.size();
      largest = *srcFillsBank ? regSrcWarp : regDstWarp;
    }
    vbasis.insert(vbasis.end(), largest.begin(), largest.end());
    if (static_cast<int>(vbasis.size()) < basesPerBank) {
      Vecs common = intersectionBasis(warpSrc, warpDst, dim);
      vbasis.insert(vbasis.end(), common.begin(), common.end());
    }
    for (size_t i = 0; static_cast<int>(vbasis.size()) < basesPerBank &&
                       (i < warpSrc.size() || i < warpDst.size());
         ++i) {
      if (i < warpSrc.size() && !contains(vbasis, warpSrc[i]))
        vbasis.push_back(warpSrc[i]);
      if (static_cast<int>(vbasis.size()) < basesPerBank && i < warpDst.size() &&
          !contains(vbasis, warpDst[i]))
        vbasis.push_back(warpDst[i]);
    }
    if (static_cast<int>(vbasis.size()) > basesPerBank)
      vbasis.resize(basesPerBank);
  }

  const int log2Vec =
      log2Of(std::max<int64_t>(1, ((int64_t{1} << vbasis.size()) * bitwidth) / 32));
  auto dropBack = [](const Vecs &v, int n) {
    return Vecs(v.begin(), v.end() - std::min<int>(n, static_cast<int>(v.size())));
  };
  LinearLayout buffer = swizzledBuffer(srcFlat, dstFlat, bitwidth, vbasis,
                                       dropBack(laneSrc, log2Vec), dropBack(laneDst, log2Vec));

  // With narrow vectors, put first the bank bases that are registers of the
  // side that filled the bank word, so that side can vectorise further.
  if (log2Vec < 2) {
    const Vecs banks = flatBases(buffer, kBank);
    std::vector<size_t> inSrc, inDst;
    for (size_t i = 0; i < banks.size(); ++i) {
      if (contains(regSrc, banks[i]))
        inSrc.push_back(i);
      if (contains(regDst, banks[i]))
        inDst.push_back(i);
    }
    std::vector<size_t> order;
    if (srcFillsBank.has_value())
      order = *srcFillsBank ? inSrc : inDst;
    else
      order = inSrc.size() > inDst.size() ? inSrc : inDst;
    for (size_t i = 0; i < banks.size(); ++i)
      if (std::find(order.begin(), order.end(), i) == order.end())
        order.push_back(i);
    buffer = reorderBanks(buffer, order);
  }
  return buffer.reshapeOuts(src.getOutDims());
}

ConversionScratch planConversionScratch(const LinearLayout &srcIn, const LinearLayout &dstIn,
                                        int elementBits) {
  require(elementBits >= 1 && elementBits <= 64, "planConversionScratch: element bits 1..64");
  auto strip = [](const LinearLayout &l) {
    std::vector<DimName> ins;
    for (const auto &d : l.getInDimNames())
      if (d != kBlock)
        ins.push_back(d);
    return l.sublayout(ins, l.getOutDimNames()).removeZeroBasesAlongDim(kRegister);
  };
  const LinearLayout src = strip(srcIn), dst = strip(dstIn);

  ConversionScratch plan;
  plan.elementBits = scratchElementBits(elementBits);
  const int bitwidth = plan.elementBits;
  plan.buffer = optimalScratchLayout(src, dst, bitwidth);
  plan.vectorElems = plan.buffer.getInDimSize(kVector);
  plan.reps = plan.buffer.getInDimSize(kReps);
  plan.bytes = plan.buffer.getTotalOutDimSize() / plan.reps * bitwidth / 8;

  const int repBits = plan.buffer.getInDimSizeLog2(kReps);
  const int maxVec = 128 / bitwidth;
  const LinearLayout store = tileToOffset(src.invertAndCompose(plan.buffer), repBits);
  const LinearLayout load = tileToOffset(dst.invertAndCompose(plan.buffer), repBits);
  plan.storeVectorElems = scratchVectorElems(store, maxVec);
  plan.loadVectorElems = scratchVectorElems(load, maxVec);
  plan.storesPerThread =
      int64_t{plan.reps} * store.getInDimSize(kRegister) / plan.storeVectorElems;
  plan.loadsPerThread = int64_t{plan.reps} * load.getInDimSize(kRegister) / plan.loadVectorElems;
  plan.barriers = 2 * int64_t{plan.reps} - 1;
  plan.conflicts = conversionBankConflicts(src, dst, plan);
  return plan;
}

} // namespace ls
