#include "analysis/swizzle/optimal_swizzling.h"

#include <algorithm>

#include "analysis/banks/shared_vectorisation.h"
#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {
namespace {

using Vec = std::vector<int32_t>;

bool contains(const Vec &v, int32_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

Vec removeZeros(const Vec &v) {
  Vec r;
  for (int32_t x : v)
    if (x)
      r.push_back(x);
  return r;
}

// Reduced row-echelon form with each pivot at the lowest set bit of its row
// (f2reduce's convention in Triton); returns the nonzero rows.
Vec rref(Vec rows, int dim) {
  size_t next = 0;
  for (int c = 0; c < dim && next < rows.size(); ++c) {
    const int32_t bit = int32_t{1} << c;
    size_t p = next;
    while (p < rows.size() && !(rows[p] & bit))
      ++p;
    if (p == rows.size())
      continue;
    std::swap(rows[next], rows[p]);
    for (size_t r = 0; r < rows.size(); ++r)
      if (r != next && (rows[r] & bit))
        rows[r] ^= rows[next];
    ++next;
  }
  rows.resize(next);
  return rows;
}

// Triton's nullspaceBasis: {x : <x, v> = 0 for all v in vectors}.
Vec nullspaceBasis(const Vec &vectors, int dim) {
  const Vec m = rref(vectors, dim);
  Vec pivots;
  for (int32_t r : m)
    pivots.push_back(std::countr_zero(static_cast<uint32_t>(r)));
  Vec basis;
  for (int free = 0; free < dim; ++free) {
    if (contains(pivots, free))
      continue;
    int32_t v = int32_t{1} << free;
    for (int32_t r : m)
      if (r & (int32_t{1} << free))
        v ^= int32_t{1} << std::countr_zero(static_cast<uint32_t>(r));
    basis.push_back(v);
  }
  return basis;
}

Vec complementBasis(const Vec &basis, int dim) {
  Vec pivots;
  for (int32_t r : rref(basis, dim))
    pivots.push_back(std::countr_zero(static_cast<uint32_t>(r)));
  Vec comp;
  for (int i = 0; i < dim; ++i)
    if (!contains(pivots, i))
      comp.push_back(int32_t{1} << i);
  return comp;
}

Vec computeSegment(const Vec &bankSrc, const Vec &bankDst, int dim, int lenSegment) {
  Vec setSrc, setDst; // sets without 0, first-seen order
  for (int32_t v : bankSrc)
    if (v && !contains(setSrc, v))
      setSrc.push_back(v);
  for (int32_t v : bankDst)
    if (v && !contains(setDst, v))
      setDst.push_back(v);
  Vec segment;
  for (int b = 0; b < dim; ++b)
    if (!contains(setSrc, 1 << b) && !contains(setDst, 1 << b))
      segment.push_back(1 << b);
  if (static_cast<int>(segment.size()) >= lenSegment) {
    segment.resize(static_cast<size_t>(std::max(lenSegment, 0)));
    return segment;
  }
  Vec a, b;
  for (int32_t v : setSrc)
    if (!contains(setDst, v))
      a.push_back(v);
  for (int32_t v : setDst)
    if (!contains(setSrc, v))
      b.push_back(v);
  if (a.size() > b.size())
    std::swap(a, b);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const int na = static_cast<int>(a.size());
  const int logConflicts =
      std::min(std::max(0, lenSegment - na - static_cast<int>(segment.size())), na);
  for (int i = logConflicts; i < na; ++i)
    segment.push_back(a[static_cast<size_t>(i)] ^ b[static_cast<size_t>(i)]);
  segment.insert(segment.end(), a.begin(), a.begin() + logConflicts);
  segment.insert(segment.end(), b.begin(), b.begin() + logConflicts);
  if (static_cast<int>(segment.size()) > lenSegment)
    segment.resize(static_cast<size_t>(lenSegment));
  return segment;
}

LinearLayout::BasesT::value_type named(const char *name, const Vec &v) {
  std::vector<LinearLayout::Basis> bases;
  for (int32_t x : v)
    bases.push_back({x});
  return {name, std::move(bases)};
}

// Moves the segment bases that both layouts hold in registers to `reps`,
// except the first `leaveReps` of them.
LinearLayout buildReps(const Vec &regSrc, const Vec &regDst, const Vec &vec, const Vec &bank,
                       const Vec &seg, const LinearLayout::DimSizes &outDims, int leaveReps) {
  Vec segment, reps;
  for (int32_t s : seg) {
    if (contains(segment, s) || contains(reps, s))
      continue;
    const bool both = contains(regSrc, s) && contains(regDst, s);
    if (both && leaveReps > 0) {
      --leaveReps;
      segment.push_back(s);
    } else {
      (both ? reps : segment).push_back(s);
    }
  }
  return LinearLayout(
      {named("vector", vec), named("bank", bank), named("segment", segment), named("reps", reps)},
      outDims, /*requireSurjective=*/true);
}

} // namespace

std::vector<int32_t> intersectionBasis(const std::vector<int32_t> &b1,
                                       const std::vector<int32_t> &b2, int dim) {
  auto pow2 = [](int32_t x) { return x > 0 && (x & (x - 1)) == 0; };
  if (std::all_of(b1.begin(), b1.end(), pow2) && std::all_of(b2.begin(), b2.end(), pow2)) {
    Vec r;
    for (int32_t b : b1)
      if (b != 0 && contains(b2, b))
        r.push_back(b);
    return r;
  }
  Vec joint = nullspaceBasis(b1, dim);
  Vec ns2 = nullspaceBasis(b2, dim);
  joint.insert(joint.end(), ns2.begin(), ns2.end());
  return nullspaceBasis(joint, dim);
}

LinearLayout swizzledBuffer(const LinearLayout &srcFlat, const LinearLayout &dstFlat, int bitwidth,
                            const std::vector<int32_t> &vbasis,
                            const std::vector<int32_t> &tileSrc,
                            const std::vector<int32_t> &tileDst, int leaveReps) {
  const int dim = srcFlat.getTotalOutDimSizeLog2();
  const Vec regSrc = flatBases(srcFlat, kRegister), regDst = flatBases(dstFlat, kRegister);
  Vec bankSrc = vbasis, bankDst = vbasis;
  bankSrc.insert(bankSrc.end(), tileSrc.begin(), tileSrc.end());
  bankDst.insert(bankDst.end(), tileDst.begin(), tileDst.end());
  const int vsize = static_cast<int>(vbasis.size());
  const int lenB = std::min(
      log2Floor(static_cast<uint64_t>(1024 / ((int64_t{1} << vsize) * bitwidth))), dim - vsize);
  const int lenS = dim - lenB - vsize;
  const Vec sbasis = computeSegment(bankSrc, bankDst, dim, lenS);
  Vec unionBasis = vbasis;
  unionBasis.insert(unionBasis.end(), sbasis.begin(), sbasis.end());
  const Vec bbasis = complementBasis(unionBasis, dim);
  return buildReps(regSrc, regDst, vbasis, bbasis, sbasis, srcFlat.getOutDims(), leaveReps);
}

LinearLayout optimalSwizzlingLdSt(const LinearLayout &src, const LinearLayout &dst, int bitwidth) {
  require(bitwidth >= 1 && bitwidth <= 128, "optimalSwizzlingLdSt: bitwidth");
  const LinearLayout srcFlat = src.flattenOuts(), dstFlat = dst.flattenOuts();
  const Vec regSrc = flatBases(srcFlat, kRegister), regDst = flatBases(dstFlat, kRegister);
  const Vec laneSrc = flatBases(srcFlat, kLane), laneDst = flatBases(dstFlat, kLane);
  const int dim = src.getTotalOutDimSizeLog2();
  Vec vbasis = intersectionBasis(regSrc, regDst, dim);
  const size_t maxVecBases = static_cast<size_t>(log2Floor(static_cast<uint64_t>(128 / bitwidth)));
  if (vbasis.size() > maxVecBases)
    vbasis.resize(maxVecBases);

  // Fill the vector up to 32 bits where registers on one side meet warps on
  // the other (0: unset, 1: src filled the bank, 2: dst did).
  int srcFillsBank = 0;
  if ((int64_t{1} << vbasis.size()) * bitwidth < 32) {
    const size_t basesPerBank =
        static_cast<size_t>(log2Floor(static_cast<uint64_t>(32 / bitwidth)));
    const Vec warpSrc = removeZeros(flatBases(srcFlat, kWarp));
    const Vec warpDst = removeZeros(flatBases(dstFlat, kWarp));
    auto removeVec = [&](const Vec &v) {
      Vec r;
      for (int32_t x : v)
        if (!contains(vbasis, x))
          r.push_back(x);
      return r;
    };
    const Vec regSrcWarp = intersectionBasis(removeVec(regSrc), warpDst, dim);
    const Vec regDstWarp = intersectionBasis(removeVec(regDst), warpSrc, dim);
    Vec largest;
    if (regSrcWarp.size() == regDstWarp.size() && !regSrcWarp.empty()) {
      const bool src = *std::min_element(regSrcWarp.begin(), regSrcWarp.end()) <
                       *std::min_element(regDstWarp.begin(), regDstWarp.end());
      largest = src ? regSrcWarp : regDstWarp;
      srcFillsBank = src ? 1 : 2;
    } else {
      const bool src = regSrcWarp.size() > regDstWarp.size();
      srcFillsBank = src ? 1 : 2;
      largest = src ? regSrcWarp : regDstWarp;
    }
    vbasis.insert(vbasis.end(), largest.begin(), largest.end());
    if (vbasis.size() < basesPerBank) {
      const Vec both = intersectionBasis(warpSrc, warpDst, dim);
      vbasis.insert(vbasis.end(), both.begin(), both.end());
    }
    for (size_t i = 0; vbasis.size() < basesPerBank && (i < warpSrc.size() || i < warpDst.size());
         ++i) {
      if (i < warpSrc.size() && !contains(vbasis, warpSrc[i]))
        vbasis.push_back(warpSrc[i]);
      if (vbasis.size() < basesPerBank && i < warpDst.size() && !contains(vbasis, warpDst[i]))
        vbasis.push_back(warpDst[i]);
    }
    if (vbasis.size() > basesPerBank)
      vbasis.resize(basesPerBank);
  }
  const int log2Vec = log2Floor(
      static_cast<uint64_t>(std::max<int64_t>(1, ((int64_t{1} << vbasis.size()) * bitwidth) / 32)));
  auto dropBack = [](Vec v, int n) {
    v.resize(v.size() > static_cast<size_t>(n) ? v.size() - static_cast<size_t>(n) : 0);
    return v;
  };
  const Vec tileSrc = dropBack(laneSrc, log2Vec), tileDst = dropBack(laneDst, log2Vec);

  LinearLayout smem = swizzledBuffer(srcFlat, dstFlat, bitwidth, vbasis, tileSrc, tileDst);

  // Narrow vectors: put the bank bases one side holds in registers first,
  // so that side can still vectorise.
  if (log2Vec < 2) {
    Vec banks = flatBases(smem, "bank");
    std::vector<int> inSrc, inDst, order;
    for (size_t i = 0; i < banks.size(); ++i) {
      if (contains(regSrc, banks[i]))
        inSrc.push_back(static_cast<int>(i));
      if (contains(regDst, banks[i]))
        inDst.push_back(static_cast<int>(i));
    }
    if (srcFillsBank == 1)
      order = inSrc;
    else if (srcFillsBank == 2)
      order = inDst;
    else
      order = inSrc.size() > inDst.size() ? inSrc : inDst;
    for (int i = 0; i < static_cast<int>(banks.size()); ++i)
      if (std::find(order.begin(), order.end(), i) == order.end())
        order.push_back(i);
    smem = permuteBases(smem, "bank", order);
  }
  return smem.reshapeOuts(src.getOutDims());
}

LinearLayout optimalSharedLayout(const LinearLayout &src, const LinearLayout &dst, int bitwidth) {
  const LinearLayout s = removeBroadcastRegisters(src), d = removeBroadcastRegisters(dst);
  const LinearLayout smem = optimalSwizzlingLdSt(s, d, bitwidth);
  LinearLayout offset =
      smem.reshapeIns({{kOffset, static_cast<int32_t>(smem.getTotalInDimSize())}});
  LinearLayout::BasesT bases = offset.getBases();
  bases.push_back({kBlock, {}});
  return LinearLayout(std::move(bases), smem.getOutDims(), /*requireSurjective=*/true);
}

} // namespace ls
