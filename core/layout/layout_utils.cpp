#include "layout/layout_utils.h"

#include <algorithm>
#include <optional>
#include <string>

#include "util/bits.h"
#include "util/error.h"

namespace ls {

std::string shapeText(const Shape &shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(shape[i]);
  return s;
}

const std::vector<DimName> &standardOutDimNames(int rank) {
  static const std::vector<std::vector<DimName>> cached = [] {
    std::vector<std::vector<DimName>> all;
    for (int r = 0; r <= kMaxRank; ++r) {
      std::vector<DimName> names;
      for (int i = 0; i < r; ++i)
        names.push_back("dim" + std::to_string(i));
      all.push_back(std::move(names));
    }
    return all;
  }();
  require(rank >= 0 && rank <= kMaxRank, "standardOutDimNames: rank must be 0..20");
  return cached[rank];
}

std::vector<int32_t> flatBases(const LinearLayout &flat, const DimName &inDim) {
  std::vector<int32_t> v;
  if (!flat.hasInDim(inDim))
    return v;
  const int n = flat.getInDimSizeLog2(inDim);
  const size_t nOut = static_cast<size_t>(flat.getNumOutDims());
  require(n == 0 || nOut >= 1, "flatBases: the layout has no out-dim");
  const std::span<const int32_t> all = flat.basesOf(inDim);
  v.reserve(static_cast<size_t>(n));
  for (size_t i = 0; i < static_cast<size_t>(n); ++i)
    v.push_back(all[i * nOut]);
  return v;
}

LinearLayout reshapeLayout(const LinearLayout &layout, const Shape &shape) {
  const int r = static_cast<int>(shape.size());
  const std::vector<DimName> &names = standardOutDimNames(r);
  std::vector<DimName> rev = layout.getOutDimNames();
  std::reverse(rev.begin(), rev.end());
  LinearLayout::DimSizes newOuts; // (minor to major)
  for (int i = r - 1; i >= 0; --i)
    newOuts.push_back({names[size_t(i)], static_cast<int32_t>(shape[size_t(i)])});
  return layout.transposeOuts(rev).reshapeOuts(newOuts).transposeOuts(names);
}

LinearLayout transposeLinearLayout(const LinearLayout &layout, const std::vector<int> &order) {
  const LinearLayout::DimSizes outs = layout.getOutDims();
  const std::vector<DimName> &names = standardOutDimNames(static_cast<int>(order.size()));
  LinearLayout::DimSizes permuted;
  for (size_t k = 0; k < order.size(); ++k)
    permuted.push_back({names[k], outs[size_t(order[k])].second});
  LinearLayout::BasesT bases = layout.getBases();
  for (auto &[inDim, list] : bases)
    for (LinearLayout::Basis &b : list) {
      LinearLayout::Basis nb;
      for (int d : order)
        nb.push_back(b[size_t(d)]);
      b = std::move(nb);
    }
  return LinearLayout(std::move(bases), std::move(permuted), /*requireSurjective=*/false);
}

std::optional<LinearLayout> splitLinearLayout(const LinearLayout &layout) {
  const LinearLayout::DimSizes outs = layout.getOutDims();
  if (outs.empty() || outs.back().second != 2)
    return std::nullopt;
  const size_t last = outs.size() - 1;
  LinearLayout::BasesT bases = layout.getBases();
  int held = 0;
  for (auto &[inDim, list] : bases) {
    for (size_t k = 0; k < list.size();) {
      LinearLayout::Basis &b = list[k];
      if (b[last] != 0) {
        bool unit = inDim == "register";
        for (size_t d = 0; d < last; ++d)
          unit = unit && b[d] == 0;
        if (!unit || ++held > 1)
          return std::nullopt;
        list.erase(list.begin() + std::ptrdiff_t(k));
        continue;
      }
      b.pop_back();
      ++k;
    }
  }
  if (held != 1)
    return std::nullopt;
  const std::vector<DimName> &names = standardOutDimNames(static_cast<int>(last));
  LinearLayout::DimSizes kept;
  for (size_t d = 0; d < last; ++d)
    kept.push_back({names[d], outs[d].second});
  return LinearLayout(std::move(bases), std::move(kept), /*requireSurjective=*/false);
}

LinearLayout identityStandardND(const DimName &inDim, const std::vector<unsigned> &shape,
                                const std::vector<unsigned> &order) {
  require(shape.size() == order.size(), "identityStandardND: shape and order differ in rank");
  if (order.empty())
    return LinearLayout::empty();
  // Equivalent to the product of identity1D(shape[order[i]]) for i = 0.., built
  // directly: out-dims in `order`, bases of order[0] first.
  const std::vector<DimName> &names = standardOutDimNames(static_cast<int>(shape.size()));
  LinearLayout ll;
  int total = 0;
  for (unsigned d : order) {
    if (!isPowerOf2(shape[d]))
      throw Error("layout", "size " + std::to_string(shape[d]) + " must be a power of two");
    ll.addOutDim(LinearLayout::intern(names[d]), static_cast<int32_t>(shape[d]));
    total += log2Floor(shape[d]);
  }
  const int in = ll.appendInDim(LinearLayout::intern(inDim), total);
  int k = 0;
  for (size_t oi = 0; oi < order.size(); ++oi)
    for (int j = 0; j < log2Floor(shape[order[oi]]); ++j)
      ll.basisPtr(in, k++)[oi] = int32_t{1} << j;
  ll.rank_.v.store(total, std::memory_order_relaxed);
  return ll;
}

LinearLayout
identityStandardNDProduct(const std::vector<std::pair<DimName, const std::vector<unsigned> *>> &factors,
                          const std::vector<unsigned> &order) {
  for (size_t k = 0; k < factors.size(); ++k)
    for (size_t j = 0; j < k; ++j)
      require(factors[j].first != factors[k].first,
              "identityStandardNDProduct: the factors' in-dims must differ");
  // Each out-dim's bits, factor after factor; an order that is not a
  // permutation, or a product past the layout's bounds, is left to the
  // factors and operator*, which name them.
  std::vector<int> bits(order.size(), 0);
  int total = 0;
  bool fits = !factors.empty();
  uint64_t seen = 0;
  for (unsigned d : order) {
    fits = fits && d < order.size() && d < 64 && !((seen >> d) & 1);
    if (d < 64)
      seen |= uint64_t{1} << d;
  }
  for (const auto &[inDim, shape] : factors) {
    if (!fits)
      break;
    require(shape->size() == order.size(), "identityStandardND: shape and order differ in rank");
    for (unsigned d : order) {
      if (!isPowerOf2((*shape)[d]))
        throw Error("layout", "size " + std::to_string((*shape)[d]) + " must be a power of two");
      bits[d] += log2Floor((*shape)[d]);
      total += log2Floor((*shape)[d]);
      fits = fits && bits[d] <= 30;
    }
  }
  if (!fits || total > 62 || order.empty()) {
    LinearLayout ll = identityStandardND(factors.at(0).first, *factors[0].second, order);
    for (size_t k = 1; k < factors.size(); ++k)
      ll = std::move(ll) * identityStandardND(factors[k].first, *factors[k].second, order);
    return ll;
  }
  const std::vector<DimName> &names = standardOutDimNames(static_cast<int>(order.size()));
  LinearLayout ll;
  for (unsigned d : order)
    ll.addOutDim(LinearLayout::intern(names[d]), int32_t{1} << bits[d]);
  std::vector<int> below(order.size(), 0); // bits of d taken by earlier factors
  for (const auto &[inDim, shape] : factors) {
    int count = 0;
    for (unsigned d : order)
      count += log2Floor((*shape)[d]);
    const int in = ll.appendInDim(LinearLayout::intern(inDim), count);
    int k = 0;
    for (size_t oi = 0; oi < order.size(); ++oi) {
      const unsigned d = order[oi];
      for (int j = 0; j < log2Floor((*shape)[d]); ++j)
        ll.basisPtr(in, k++)[oi] = int32_t{1} << (below[d] + j);
      below[d] += log2Floor((*shape)[d]);
    }
  }
  ll.rank_.v.store(total, std::memory_order_relaxed);
  return ll;
}

LinearLayout ensureLayoutNotLargerThan(const LinearLayout &layout,
                                       const std::vector<int64_t> &shape,
                                       bool broadcastRegisters) {
  require(static_cast<int>(shape.size()) == layout.getNumOutDims(),
          "ensureLayoutNotLargerThan: shape rank differs from the layout's");
  if (shape.empty())
    return layout;
  return layout.shrinkOutDims(shape, broadcastRegisters);
}

LinearLayout ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                        const std::vector<int64_t> &shape) {
  require(static_cast<int>(shape.size()) == layout.getNumOutDims(),
          "ensureLayoutNotSmallerThan: shape rank differs from the layout's");
  if (shape.empty())
    return layout;
  return layout.growOutDims(shape);
}

LinearLayout combineCtaCgaWithShape(LinearLayout ctaLayout, const LinearLayout &cgaLayout,
                                    const Shape &shape) {
  const int rank = static_cast<int>(shape.size());
  require(ctaLayout.getNumOutDims() == rank, "combineCtaCgaWithShape: CTA layout rank mismatch");
  const std::vector<DimName> &outNames = standardOutDimNames(rank);
  // "dimK" is tensor dim K (the layouts here have the standard out-dims).
  auto sizeOf = [&](const DimName &n) {
    size_t k = 0;
    if (n.size() >= 4 && n.size() <= 5 && n.compare(0, 3, "dim") == 0) {
      for (size_t i = 3; i < n.size(); ++i)
        k = k * 10 + static_cast<size_t>(n[i] - '0');
      if (k < outNames.size() && outNames[k] == n)
        return shape[k];
    }
    k = static_cast<size_t>(std::find(outNames.begin(), outNames.end(), n) - outNames.begin());
    if (k >= outNames.size())
      throw Error("layout", "combineCtaCgaWithShape: out-dim '" + n + "' is not a tensor dim");
    return shape[k];
  };
  auto shapeFor = [&](const LinearLayout &ll) {
    std::vector<int64_t> s;
    for (const auto &n : ll.getOutDimNames())
      s.push_back(sizeOf(n));
    return s;
  };
  const std::vector<DimName> ctaOuts = ctaLayout.getOutDimNames();
  // One CTA (the CGA layout has one in-dim, no bases, and out-dims of size
  // 1, the CTA layout's): each CTA holds the whole shape and the CGA product
  // only adds that in-dim, of size 1, so the CGA layout is not reshaped.
  bool oneCta = rank >= 1 && cgaLayout.getNumInDims() == 1 &&
                cgaLayout.getTotalInDimSizeLog2() == 0 &&
                cgaLayout.getTotalOutDimSizeLog2() == 0 &&
                cgaLayout.getNumOutDims() == ctaLayout.getNumOutDims();
  for (int64_t extent : shape)
    oneCta = oneCta && extent >= 1;
  for (const auto &d : cgaLayout.getOutDimNames())
    oneCta = oneCta && ctaLayout.hasOutDim(d);
  std::optional<LinearLayout> cga;
  LinearLayout::DimSizes cgaOuts;
  if (!oneCta) {
    cga = ensureLayoutNotLargerThan(cgaLayout, shapeFor(cgaLayout)).transposeOutsLike(ctaLayout);
    cgaOuts = cga->getOutDims();
  }

  // Each CTA holds shape / (CTA tiles along the dim), at least one element.
  std::vector<int64_t> ctaShape;
  for (size_t i = 0; i < ctaOuts.size(); ++i)
    ctaShape.push_back(std::max<int64_t>(1, sizeOf(ctaOuts[i]) / (cga ? cgaOuts[i].second : 1)));
  ctaLayout = ensureLayoutNotSmallerThan(ctaLayout, ctaShape);
  ctaLayout = ensureLayoutNotLargerThan(ctaLayout, ctaShape);
  if (cga)
    ctaLayout = std::move(ctaLayout) * *cga;
  else
    ctaLayout *= LinearLayout::identity1D(1, cgaLayout.getInDimNames()[0], ctaOuts[0]);
  LinearLayout ret = ctaLayout.transposeOuts(outNames);
  for (int d = 0; d < rank; ++d)
    if (ret.getOutDimSize(outNames[d]) != shape[d])
      throw Error("shape", "the layout cannot cover dimension " + std::to_string(d) + " of size " +
                               std::to_string(shape[d]) + " (it spans " +
                               std::to_string(ret.getOutDimSize(outNames[d])) + ")");
  return ret;
}

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

} // namespace ls
