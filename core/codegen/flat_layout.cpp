#include "codegen/flat_layout.h"

#include <algorithm>

#include "analysis/ownership/ownership.h"
#include "util/bits.h"
#include "util/error.h"
#include "util/seq_text.h"

namespace ls::codegen {

FlatLayout::FlatLayout(const LinearLayout &layout) {
  const int rank = layout.getNumOutDims();
  layout_ = layout.transposeOuts(standardOutDimNames(rank));
  for (const auto &[name, size] : layout_.getOutDims()) {
    shape_.push_back(size);
    elementBits_ += log2Floor(static_cast<uint64_t>(size));
  }
  if (elementBits_ > 62)
    throw Error("shape", "too many elements to index");
}

int FlatLayout::bits(const DimName &inDim) const {
  return layout_.hasInDim(inDim) ? layout_.getInDimSizeLog2(inDim) : 0;
}

std::vector<uint64_t> FlatLayout::bases(const DimName &inDim) const {
  std::vector<uint64_t> out;
  if (!layout_.hasInDim(inDim))
    return out;
  const int n = layout_.getInDimSizeLog2(inDim);
  for (int i = 0; i < n; ++i) {
    auto b = layout_.getBasis(inDim, i);
    uint64_t flat = 0;
    for (int d = 0; d < rank(); ++d)
      flat = flat * static_cast<uint64_t>(shape_[d]) + static_cast<uint64_t>(b[d]);
    out.push_back(flat);
  }
  return out;
}

uint64_t FlatLayout::element(const DimName &inDim, uint64_t value) const {
  uint64_t e = 0;
  auto b = bases(inDim);
  for (size_t i = 0; i < b.size(); ++i)
    if ((value >> i) & 1)
      e ^= b[i];
  return e;
}

std::vector<int64_t> FlatLayout::coords(uint64_t flat) const {
  std::vector<int64_t> c(shape_.size());
  for (int d = rank() - 1; d >= 0; --d) {
    c[d] = static_cast<int64_t>(flat % static_cast<uint64_t>(shape_[d]));
    flat /= static_cast<uint64_t>(shape_[d]);
  }
  return c;
}

std::string FlatLayout::coordText(uint64_t flat) const {
  return seqText(coords(flat), "(", ")");
}

std::vector<uint64_t> FlatLayout::pseudoInverse(const DimName &inDim) const {
  if (!layout_.isSurjective())
    throw Error("layout", "is not surjective, so it has no inverse to read elements back with");
  // Row-major flat index: the last dim is the most minor, i.e. first in a
  // minor-to-major out-dim list.
  std::vector<DimName> minorFirst = standardOutDimNames(rank());
  std::reverse(minorFirst.begin(), minorFirst.end());
  LinearLayout flat = layout_.transposeOuts(minorFirst).flattenOuts();
  LinearLayout inv = flat.pseudoinvert();
  std::vector<uint64_t> out(static_cast<size_t>(elementBits_), 0);
  if (elementBits_ == 0 || !inv.hasOutDim(inDim))
    return out;
  const DimName in = inv.getInDimNames().front();
  for (int j = 0; j < elementBits_; ++j)
    out[static_cast<size_t>(j)] = static_cast<uint64_t>(inv.getBasis(in, j, inDim));
  return out;
}

uint64_t FlatLayout::fingerprint() const {
  Ownership own(layout_);
  // Ownership packs elements row-major (dim0 most significant), as we do.
  uint64_t h = kFnvOffset;
  for (uint32_t e : own.elementTable())
    h = (h ^ e) * kFnvPrime;
  return h;
}

} // namespace ls::codegen
