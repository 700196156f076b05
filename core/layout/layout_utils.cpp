#include "layout/layout_utils.h"

#include <algorithm>
#include <string>

#include "util/bits.h"
#include "util/error.h"

namespace ls {

std::vector<DimName> standardOutDimNames(int rank) {
  std::vector<DimName> names;
  names.reserve(rank);
  for (int i = 0; i < rank; ++i)
    names.push_back("dim" + std::to_string(i));
  return names;
}

LinearLayout identityStandardND(const DimName &inDim, const std::vector<unsigned> &shape,
                                const std::vector<unsigned> &order) {
  require(shape.size() == order.size(), "identityStandardND: shape and order differ in rank");
  const std::vector<DimName> outNames = standardOutDimNames(static_cast<int>(shape.size()));
  LinearLayout ret = LinearLayout::empty();
  for (unsigned dim : order)
    ret *= LinearLayout::identity1D(static_cast<int32_t>(shape[dim]), inDim, outNames[dim]);
  return ret;
}

LinearLayout ensureLayoutNotLargerThan(const LinearLayout &layout,
                                       const std::vector<int64_t> &shape,
                                       bool broadcastRegisters) {
  require(static_cast<int>(shape.size()) == layout.getNumOutDims(),
          "ensureLayoutNotLargerThan: shape rank differs from the layout's");
  if (shape.empty())
    return layout;
  LinearLayout::BasesT bases = layout.getBases();
  LinearLayout::DimSizes outDims = layout.getOutDims();
  std::vector<int> droppedRegisters;
  struct Entry {
    size_t inIdx;
    size_t basisIdx;
    int32_t value;
  };
  for (size_t o = 0; o < outDims.size(); ++o) {
    int64_t actual = outDims[o].second;
    const int64_t desired = shape[o];
    if (actual <= desired)
      continue;
    std::vector<Entry> sorted;
    for (size_t d = 0; d < bases.size(); ++d)
      for (size_t i = 0; i < bases[d].second.size(); ++i)
        if (int32_t v = bases[d].second[i][o]; v != 0) {
          if (!isPowerOf2(v))
            throw Error("layout", "cannot broadcast " + outDims[o].first + " down to " +
                                      std::to_string(desired) + ": basis value " +
                                      std::to_string(v) + " of '" + bases[d].first +
                                      "' is not a power of two");
          sorted.push_back({d, i, v});
        }
    // Largest first; equal values keep their order (Triton's sort is an
    // insertion sort, hence stable, on lists this short).
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Entry &a, const Entry &b) { return a.value > b.value; });
    for (const Entry &e : sorted) {
      if (actual <= desired)
        break;
      if (!broadcastRegisters && bases[e.inIdx].first == kRegister)
        droppedRegisters.push_back(static_cast<int>(e.basisIdx));
      else
        bases[e.inIdx].second[e.basisIdx][o] = 0;
      actual >>= 1;
    }
  }
  if (!broadcastRegisters) {
    for (auto &[name, b] : bases) {
      if (name != kRegister)
        continue;
      std::vector<LinearLayout::Basis> kept;
      for (size_t i = 0; i < b.size(); ++i)
        if (std::find(droppedRegisters.begin(), droppedRegisters.end(), static_cast<int>(i)) ==
            droppedRegisters.end())
          kept.push_back(std::move(b[i]));
      b = std::move(kept);
    }
  }
  for (size_t o = 0; o < outDims.size(); ++o)
    outDims[o].second = static_cast<int32_t>(std::min<int64_t>(outDims[o].second, shape[o]));
  // Duplicated bases leave a value that no longer fits (Triton aborts here).
  auto result = LinearLayout::tryCreate(bases, outDims, /*requireSurjective=*/false);
  if (!result)
    throw Error("layout", "cannot broadcast the layout down to the shape: it has duplicated "
                          "bases along a dimension that must shrink (Triton 3.6 rejects this "
                          "layout for this shape)");
  return *result;
}

LinearLayout ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                        const std::vector<int64_t> &shape) {
  require(static_cast<int>(shape.size()) == layout.getNumOutDims(),
          "ensureLayoutNotSmallerThan: shape rank differs from the layout's");
  if (shape.empty())
    return layout;
  const DimName kDim = layout.getInDimNames().at(0);
  LinearLayout ret = layout;
  const auto outDims = layout.getOutDims();
  for (size_t o = 0; o < outDims.size(); ++o) {
    const int64_t actual = outDims[o].second;
    const int64_t desired = shape[o];
    if (actual <= desired && desired % actual != 0)
      throw Error("shape", "size " + std::to_string(desired) + " of " + outDims[o].first +
                               " is not a multiple of the layout's " + std::to_string(actual));
    if (desired > actual)
      ret *= LinearLayout::identity1D(static_cast<int32_t>(desired / actual), kDim,
                                      outDims[o].first);
  }
  return ret;
}

LinearLayout combineCtaCgaWithShape(LinearLayout ctaLayout, const LinearLayout &cgaLayout,
                                    const Shape &shape) {
  const int rank = static_cast<int>(shape.size());
  require(ctaLayout.getNumOutDims() == rank, "combineCtaCgaWithShape: CTA layout rank mismatch");
  const std::vector<DimName> outNames = standardOutDimNames(rank);
  auto sizeOf = [&](const DimName &n) {
    return shape[std::find(outNames.begin(), outNames.end(), n) - outNames.begin()];
  };
  auto shapeFor = [&](const LinearLayout &ll) {
    std::vector<int64_t> s;
    for (const auto &n : ll.getOutDimNames())
      s.push_back(sizeOf(n));
    return s;
  };
  const std::vector<DimName> ctaOuts = ctaLayout.getOutDimNames();
  LinearLayout cga = ensureLayoutNotLargerThan(cgaLayout, shapeFor(cgaLayout)).transposeOuts(ctaOuts);

  // Each CTA holds shape / (CTA tiles along the dim), at least one element.
  std::vector<int64_t> ctaShape;
  for (const auto &n : ctaOuts)
    ctaShape.push_back(std::max<int64_t>(1, sizeOf(n) / cga.getOutDimSize(n)));
  ctaLayout = ensureLayoutNotSmallerThan(ctaLayout, ctaShape);
  ctaLayout = ensureLayoutNotLargerThan(ctaLayout, ctaShape);
  LinearLayout ret = (ctaLayout * cga).transposeOuts(outNames);
  for (int d = 0; d < rank; ++d)
    if (ret.getOutDimSize(outNames[d]) != shape[d])
      throw Error("shape", "the layout cannot cover dimension " + std::to_string(d) + " of size " +
                               std::to_string(shape[d]) + " (it spans " +
                               std::to_string(ret.getOutDimSize(outNames[d])) + ")");
  return ret;
}

} // namespace ls
