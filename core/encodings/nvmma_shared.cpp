#include "encodings/nvmma_shared.h"

#include <algorithm>

#include "util/bits.h"
#include "util/error.h"

namespace ls {

void NvmmaSharedEncoding::validate() const {
  if (swizzlingByteWidth != 0 && swizzlingByteWidth != 32 && swizzlingByteWidth != 64 &&
      swizzlingByteWidth != 128)
    throw Error("swizzlingByteWidth", "must be 0, 32, 64 or 128, got " +
                                          std::to_string(swizzlingByteWidth));
  if (elementBitWidth != 8 && elementBitWidth != 16 && elementBitWidth != 32 &&
      elementBitWidth != 64)
    throw Error("elementBitWidth", "must be 8, 16, 32 or 64, got " +
                                       std::to_string(elementBitWidth));
  if (rank() < 1 || rank() > kMaxRank)
    throw Error("rank", "must be between 1 and " + std::to_string(kMaxRank) + ", got " + std::to_string(rank()));
  if (rank() < 2 && swizzlingByteWidth != 0)
    throw Error("rank", "a swizzled nvmma_shared layout needs rank 2 or more");
}

std::vector<int64_t> NvmmaSharedEncoding::tmaBlockShape(const std::vector<int64_t> &shapePerCTA,
                                                        bool packedSize) const {
  std::vector<int64_t> block = shapePerCTA;
  const size_t contig = transposed ? 0 : block.size() - 1;
  if (fp4Padded)
    block[contig] *= 2;
  for (auto &s : block)
    s = std::min<int64_t>(s, 256); // a TMA box dim holds at most 256 elements
  if (swizzlingByteWidth != 0) {
    const int64_t contigSize = (8 * int64_t{swizzlingByteWidth}) / elementBitWidth;
    if (block[contig] < contigSize)
      throw Error("shape", "the contiguous dim (" + std::to_string(block[contig]) +
                               " elements) is smaller than the " +
                               std::to_string(swizzlingByteWidth) + "-byte swizzle span (" +
                               std::to_string(contigSize) + " elements of " +
                               std::to_string(elementBitWidth) + " bits)");
    block[contig] = contigSize;
  }
  if (fp4Padded && packedSize)
    block[contig] /= 2;
  return block;
}

LinearLayout NvmmaSharedEncoding::coreMatrix(bool disableSwizzle) const {
  const int tileRows = 8;
  const int tileCols = 8 * std::max<int>(16, static_cast<int>(swizzlingByteWidth)) /
                       static_cast<int>(elementBitWidth);
  std::vector<LinearLayout::Basis> bases;
  auto packed = [](int col) { return col / 16 * 8 + col % 8; };
  for (int col = 1; col < tileCols; col *= 2)
    bases.push_back({0, fp4Padded ? packed(col) : col});
  for (int row = 1; row < tileRows; row *= 2) {
    int swz = vec() * ((row / perPhase()) % maxPhase());
    if (disableSwizzle)
      bases.push_back({row, 0});
    else
      bases.push_back({row, fp4Padded ? packed(swz) : swz});
  }
  return LinearLayout({{kOffset, bases}}, standardOutDimNames(2));
}

LinearLayout NvmmaSharedEncoding::computeLinearLayout(const Shape &shape) const {
  const int r = rank();
  const std::vector<DimName> names = standardOutDimNames(r);
  const Shape perCTA = cga.shapePerCTA(shape);
  const std::vector<int64_t> tma = tmaBlockShape(perCTA, /*packedSize=*/true);
  if (swizzlingByteWidth == 0) {
    LinearLayout layout =
        LinearLayout::identity1D(static_cast<int32_t>(tma[r - 1]), kOffset, names[r - 1]);
    for (int i = r - 2; i >= 0; --i)
      layout *= LinearLayout::identity1D(static_cast<int32_t>(tma[i]), kOffset, names[i]);
    std::vector<int64_t> want;
    for (const auto &n : layout.getOutDimNames())
      want.push_back(perCTA[std::stoi(n.substr(3))]);
    layout = ensureLayoutNotSmallerThan(layout, want);
    return combineCtaCgaWithShape(std::move(layout), cga.toLinearLayout(), shape);
  }
  // Collapse the outer dims into rows, tile with core matrices, then reshape.
  std::vector<int64_t> collapsed = {1, tma.back()};
  for (int i = 0; i + 1 < r; ++i)
    collapsed[0] *= tma[i];
  if (transposed)
    std::swap(collapsed[0], collapsed[1]);
  LinearLayout tile = coreMatrix(/*disableSwizzle=*/false);
  const int64_t tileRows = tile.getOutDimSize("dim0"), tileCols = tile.getOutDimSize("dim1");
  const int packing = fp4Padded ? 2 : 1;
  if (collapsed[1] * packing < tileCols || collapsed[0] < tileRows)
    throw Error("shape", "an nvmma_shared tile needs at least [" + std::to_string(tileRows) +
                             ", " + std::to_string(tileCols / packing) +
                             "] elements per CTA (collapsed TMA block [" +
                             std::to_string(collapsed[0]) + ", " + std::to_string(collapsed[1]) +
                             "])");
  LinearLayout layout = ensureLayoutNotSmallerThan(tile, collapsed);
  std::vector<int64_t> box = tma;
  if (transposed)
    std::rotate(box.begin(), box.begin() + 1, box.end());
  layout = reshapeLayout(layout, box); // flatten with dim{r-1} most minor, split into `box`
  if (transposed) {
    std::vector<int> perm = {r - 1}; // [r-1, 0, 1, ..., r-2]
    for (int i = 0; i < r - 1; ++i)
      perm.push_back(i);
    layout = transposeLinearLayout(layout, perm);
  }
  layout = ensureLayoutNotSmallerThan(layout, perCTA);
  return combineCtaCgaWithShape(std::move(layout), cga.toLinearLayout(), shape);
}

} // namespace ls
