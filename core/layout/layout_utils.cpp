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
  const auto outDims = layout.getOutDims();
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
        if (int32_t v = bases[d].second[i][o]; v != 0)
          sorted.push_back({d, i, v});
    // Largest first; equal values keep their order (what Triton's sort does
    // for the small lists that occur here).
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
  return LinearLayout(std::move(bases), layout.getOutDimNames());
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
    if (desired > actual)
      ret *= LinearLayout::identity1D(static_cast<int32_t>(desired / actual), kDim,
                                      outDims[o].first);
    else
      ret *= LinearLayout::identity1D(1, kDim, outDims[o].first);
  }
  return ret;
}

LinearLayout combineCtaCgaWithShape(LinearLayout ctaLayout, const LinearLayout &cgaLayout,
                                    const Shape &shape) {
  const int rank = static_cast<int>(shape.size());
  require(ctaLayout.getNumOutDims() == rank, "combineCtaCgaWithShape: CTA layout rank mismatch");
  const std::vector<DimName> outNames = standardOutDimNames(rank);
  const std::vector<DimName> ctaOuts = ctaLayout.getOutDimNames();

  auto shapeIn = [&](const std::vector<DimName> &order, const LinearLayout &ll) {
    std::vector<int64_t> s;
    for (const auto &n : ll.getOutDimNames())
      s.push_back(shape[std::find(outNames.begin(), outNames.end(), n) - outNames.begin()]);
    (void)order;
    return s;
  };
  LinearLayout cga =
      ensureLayoutNotLargerThan(cgaLayout, shapeIn(outNames, cgaLayout)).transposeOuts(ctaOuts);

  std::vector<int64_t> ctaShape;
  for (const auto &n : ctaOuts) {
    int64_t full = shape[std::find(outNames.begin(), outNames.end(), n) - outNames.begin()];
    ctaShape.push_back(std::max<int64_t>(1, full / cga.getOutDimSize(n)));
  }
  ctaLayout = ensureLayoutNotSmallerThan(ctaLayout, ctaShape);
  ctaLayout = ensureLayoutNotLargerThan(ctaLayout, ctaShape);
  return (ctaLayout * cga).transposeOuts(outNames);
}

} // namespace ls
