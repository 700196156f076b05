#include "encodings/swizzled_shared.h"

#include "util/bits.h"
#include "util/error.h"

namespace ls {

void SwizzledSharedEncoding::validate() const {
  const int r = rank();
  if (r < 1 || r > kMaxRank)
    throw Error("order", "the layout rank must be between 1 and " + std::to_string(kMaxRank));
  requirePermutation("order", order, r);
  for (auto [name, v] : {std::pair<const char *, unsigned>{"vec", vec},
                         {"perPhase", perPhase},
                         {"maxPhase", maxPhase}})
    if (v == 0 || v > 4096)
      throw Error(name, "must be between 1 and 4096, got " + std::to_string(v));
  if (cga.rank() != r)
    throw Error("CGALayout", "must have rank " + std::to_string(r));
}

LinearLayout SwizzledSharedEncoding::computeLinearLayout(const Shape &shape) const {
  const int r = rank();
  const std::vector<DimName> names = standardOutDimNames(r);
  // The rotating layout swizzles the full shape; the plain one the per-CTA shape.
  const Shape local = amdRotating ? shape : cga.shapePerCTA(shape);
  if (r == 1)
    return combineCtaCgaWithShape(
        LinearLayout::identity1D(static_cast<int32_t>(cga.shapePerCTA(shape)[0]), kOffset,
                                 names[0]),
        cga.toLinearLayout(), shape);
  const unsigned colDim = order[0], rowDim = order[1];
  const int64_t numCols = local[colDim], numRows = local[rowDim];
  std::vector<LinearLayout::Basis> bases;
  for (int64_t col = 1; col < numCols; col *= 2)
    bases.push_back({0, static_cast<int32_t>(col)});
  for (int64_t row = 1; row < numRows; row *= 2) {
    int64_t phase = (row / perPhase) % maxPhase;
    if (amdRotating)
      phase ^= row / maxPhase / perPhase % maxPhase;
    bases.push_back({static_cast<int32_t>(row), static_cast<int32_t>((vec * phase) % numCols)});
  }
  auto tile = LinearLayout::tryCreate({{kOffset, bases}}, 
                                      {{names[rowDim], static_cast<int32_t>(numRows)},
                                       {names[colDim], static_cast<int32_t>(numCols)}},
                                      /*requireSurjective=*/true);
  if (!tile)
    throw Error("vec", "vec * phase must stay a power-of-two swizzle inside the row: with vec = " +
                           std::to_string(vec) + ", perPhase = " + std::to_string(perPhase) +
                           ", maxPhase = " + std::to_string(maxPhase) +
                           " the layout does not address every element");
  LinearLayout cta = *tile;
  for (int i = 2; i < r; ++i)
    cta *= LinearLayout::identity1D(static_cast<int32_t>(local[order[i]]), kOffset,
                                    names[order[i]]);
  return combineCtaCgaWithShape(std::move(cta), cga.toLinearLayout(), shape);
}

} // namespace ls
