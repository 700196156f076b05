#include "encodings/slice.h"

#include <algorithm>

#include "util/error.h"

namespace ls {

void SliceEncoding::validate() const {
  if (!parent)
    throw Error("parent", "a slice layout needs a parent layout");
  if (parent->isShared())
    throw Error("parent", "must be a distributed layout, not a shared one");
  parent->validate();
  if (parent->rank() < 2)
    throw Error("parent", "must have rank 2 or more to be sliced");
  if (static_cast<int>(dim) >= parent->rank())
    throw Error("dim", "must be below the parent's rank " + std::to_string(parent->rank()) +
                           ", got " + std::to_string(dim));
}

LinearLayout SliceEncoding::computeLinearLayout(const Shape &shape) const {
  Shape parentShape = shape;
  parentShape.insert(parentShape.begin() + dim, 1);
  LinearLayout parentLL = parent->toLinearLayout(parentShape);

  // Map the parent's out-dims onto ours, dropping `dim`.
  const std::vector<DimName> outNames = standardOutDimNames(static_cast<int>(shape.size()) + 1);
  LinearLayout::BasesT bases;
  std::vector<DimName> names; // ours, in the order the mapping gives them
  if (parentLL.getOutDimNames() == outNames) {
    // The parent's out-dims in standard order (as toLinearLayout gives them):
    // each basis loses its `dim` coordinate, the later dims move down one.
    bases = parentLL.getBases();
    for (auto &[inDim, b] : bases)
      for (auto &basis : b)
        basis.erase(basis.begin() + dim);
    names = standardOutDimNames(static_cast<int>(shape.size()));
  } else {
    LinearLayout transform = LinearLayout::empty();
    for (const auto &[outDim, size] : parentLL.getOutDims()) {
      size_t idx = std::find(outNames.begin(), outNames.end(), outDim) - outNames.begin();
      if (idx == dim)
        transform *= LinearLayout::zeros1D(size, outDim, outNames[0]);
      else
        transform *= LinearLayout::identity1D(size, outDim, outNames[idx - (idx < dim ? 0 : 1)]);
    }
    const LinearLayout sliced = parentLL.compose(transform);
    bases = sliced.getBases();
    names = sliced.getOutDimNames();
  }

  // Registers that only walked along the removed dim are now duplicates.
  for (auto &[inDim, b] : bases) {
    if (inDim != kRegister)
      continue;
    std::vector<LinearLayout::Basis> kept;
    for (auto &basis : b)
      if (std::any_of(basis.begin(), basis.end(), [](int32_t v) { return v != 0; }))
        kept.push_back(std::move(basis));
    b = std::move(kept);
  }
  return LinearLayout(std::move(bases), std::move(names));
}

} // namespace ls
