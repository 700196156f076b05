#include "encodings/padded_shared.h"

#include <algorithm>
#include <set>

#include "encodings/linear.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

LinearLayout PaddedSharedEncoding::identityComponent(const std::vector<unsigned> &order,
                                                     const std::vector<unsigned> &shape) {
  if (order.size() != shape.size())
    throw Error("order", "must have as many entries as shape");
  requirePermutation("order", order, static_cast<int>(shape.size()));
  requirePowersOfTwo("shape", shape);
  LinearLayout id = identityStandardND(kOffset, shape, order);
  std::vector<int64_t> s(shape.begin(), shape.end());
  return combineCtaCgaWithShape(id, CGALayout::singleCTA(static_cast<int>(shape.size())).toLinearLayout(), s);
}

std::vector<unsigned> PaddedSharedEncoding::order() const {
  return orderAlongInDim(linearComponent, kOffset);
}

bool PaddedSharedEncoding::isIdentityForm() const {
  if (linearComponent.getInDimSize(kBlock) != 1)
    return false;
  std::vector<unsigned> shape;
  for (const auto &[n, s] : linearComponent.getOutDims())
    shape.push_back(static_cast<unsigned>(s));
  LinearLayout identity = identityStandardND(kOffset, shape, order())
                              .transposeOuts(linearComponent.getOutDimNames());
  return linearComponent.sublayout({kOffset}, linearComponent.getOutDimNames()) == identity;
}

int64_t PaddedSharedEncoding::paddedOffset(int64_t offset) const {
  int64_t pad = 0;
  for (size_t i = 0; i < intervals.size(); ++i)
    pad += (offset >> log2Floor(intervals[i])) << log2Floor(paddings[i]);
  return offset + pad;
}

int64_t PaddedSharedEncoding::paddedSize(const std::vector<int64_t> &shape) const {
  int64_t unpadded = 1;
  for (int64_t s : shape)
    unpadded *= s;
  int64_t padding = 0;
  for (size_t i = 0; i < intervals.size(); ++i) {
    padding += (unpadded >> log2Floor(intervals[i])) << log2Floor(paddings[i]);
    if (unpadded % intervals[i] == 0)
      padding -= paddings[i];
  }
  return unpadded + padding;
}

void PaddedSharedEncoding::validate() const {
  if (intervals.size() != paddings.size())
    throw Error("padded_shared", "every interval needs a padding (interval:+padding)");
  if (intervals.empty())
    throw Error("padded_shared", "needs at least one interval:+padding pair");
  for (unsigned v : intervals)
    if (!isPowerOf2(v) || v > (1u << 30))
      throw Error("interval", "values must be powers of two, got " + std::to_string(v));
  for (unsigned v : paddings)
    if (!isPowerOf2(v) || v > (1u << 20))
      throw Error("padding", "values must be powers of two, got " + std::to_string(v));
  if (std::set<unsigned>(intervals.begin(), intervals.end()).size() != intervals.size())
    throw Error("interval", "values cannot repeat");
  if (linearComponent.getInDimNames() != std::vector<DimName>{kOffset, kBlock})
    throw Error("offset", "the linear component must have in-dims offset and block");
  if (linearComponent.getOutDimNames() != standardOutDimNames(linearComponent.getNumOutDims()))
    throw Error("offset", "out-dims must be dim0, dim1, ...");
  if (!linearComponent.isInvertible())
    throw Error("offset", "broadcasting is not supported: the bases must be a bijection onto "
                          "the tensor");
  for (const auto &[name, bases] : linearComponent.getBases())
    for (const auto &b : bases) {
      int nonzero = 0;
      for (int32_t v : b) {
        nonzero += v != 0;
        if (v != 0 && !isPowerOf2(v))
          throw Error(name, "each basis must be 0 or a power of two");
      }
      if (nonzero > 1)
        throw Error(name, "each basis must move in at most one dimension");
    }
}

int PaddedSharedEncoding::numCTAs() const { return linearComponent.getInDimSize(kBlock); }

LinearLayout PaddedSharedEncoding::computeLinearLayout(const Shape &shape) const {
  for (int d = 0; d < rank(); ++d)
    if (shape[d] != linearComponent.getOutDimSize("dim" + std::to_string(d)))
      throw Error("shape", "a padded_shared layout covers exactly its own shape; dimension " +
                               std::to_string(d) + " is " + std::to_string(shape[d]) +
                               " but the layout spans " +
                               std::to_string(linearComponent.getOutDimSize("dim" + std::to_string(d))));
  return linearComponent;
}

} // namespace ls
