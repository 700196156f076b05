#include "encodings/encoding.h"

#include "util/bits.h"
#include "util/error.h"
#include "util/limits.h"
#include "util/seq_text.h"

namespace ls {

const char *mnemonic(EncodingKind kind) {
  switch (kind) {
  case EncodingKind::Blocked: return "blocked";
  case EncodingKind::Slice: return "slice";
  case EncodingKind::NvidiaMma: return "nvidia_mma";
  case EncodingKind::DotOperand: return "dot_op";
  case EncodingKind::AmdMfma: return "amd_mfma";
  case EncodingKind::AmdWmma: return "amd_wmma";
  case EncodingKind::Linear: return "linear";
  case EncodingKind::SwizzledShared: return "swizzled_shared";
  case EncodingKind::NvmmaShared: return "nvmma_shared";
  case EncodingKind::AmdRotatingShared: return "amd_rotating_shared";
  case EncodingKind::PaddedShared: return "padded_shared";
  case EncodingKind::SharedLinear: return "shared_linear";
  case EncodingKind::PartitionedShared: return "partitioned_shared";
  case EncodingKind::TensorMemory: return "tensor_memory_encoding";
  case EncodingKind::TensorMemoryScales: return "tensor_memory_scales_encoding";
  }
  return "?";
}

int Encoding::numCTAs() const {
  const CGALayout *cga = cgaLayout();
  return cga ? cga->numCTAs() : 1;
}

LinearLayout Encoding::toLinearLayout(const Shape &shape) const {
  validate();
  validateShape(shape, rank());
  return computeLinearLayout(shape);
}

std::vector<unsigned> matrixOrder(int rank, bool rowMajor) {
  std::vector<unsigned> order;
  for (int d = rank - 1; d >= 0; --d)
    order.push_back(static_cast<unsigned>(d));
  if (!rowMajor && rank >= 2)
    std::swap(order[0], order[1]);
  return order;
}

std::vector<unsigned> dotOperandOrder(int opIdx, int rank, bool kContig) {
  return matrixOrder(rank, /*rowMajor=*/(opIdx != 0) != kContig);
}

LinearLayout broadcastedDotOperandLayout(const std::vector<unsigned> &shape,
                                         const std::vector<unsigned> &order, unsigned kDim,
                                         const DimName &inDim) {
  const std::vector<DimName> names = standardOutDimNames(static_cast<int>(shape.size()));
  LinearLayout layout = LinearLayout::empty();
  for (unsigned d : order) {
    if (d == kDim)
      layout *= LinearLayout::zeros1D(static_cast<int32_t>(shape[d]), inDim, names[d]);
    else
      layout *= LinearLayout::identity1D(static_cast<int32_t>(shape[d]), inDim, names[d]);
  }
  return layout;
}

std::vector<DimName> permutedDimNames(const std::vector<unsigned> &order) {
  const std::vector<DimName> names = standardOutDimNames(static_cast<int>(order.size()));
  std::vector<DimName> out;
  for (unsigned d : order)
    out.push_back(names[d]);
  return out;
}

void validateShape(const Shape &shape, int rank, const std::string &field) {
  if (shape.empty())
    throw Error(field, "must have at least one dimension");
  if (shape.size() > static_cast<size_t>(limits::kMaxRank))
    throw Error(field, "at most " + std::to_string(limits::kMaxRank) + " dimensions are supported");
  if (rank > 0 && static_cast<int>(shape.size()) != rank)
    throw Error(field, "has rank " + std::to_string(shape.size()) +
                           " but the layout describes rank " + std::to_string(rank));
  int totalLog2 = 0;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (!isPowerOf2(shape[i]))
      throw Error(field, "dimension " + std::to_string(i) + " is " + std::to_string(shape[i]) +
                             "; every dimension must be a power of two");
    if (shape[i] > (int64_t{1} << limits::kMaxDimLog2))
      throw Error(field, "dimension " + std::to_string(i) + " exceeds 2^" +
                             std::to_string(limits::kMaxDimLog2) + " elements");
    totalLog2 += log2Floor(static_cast<uint64_t>(shape[i]));
  }
  if (totalLog2 > limits::kMaxTensorLog2)
    throw Error(field, "the tensor has more than 2^" + std::to_string(limits::kMaxTensorLog2) +
                           " elements");
}

void requireRank(const std::string &field, size_t size, int rank) {
  if (static_cast<int>(size) != rank)
    throw Error(field, "must have " + std::to_string(rank) + " entries (the layout's rank), got " +
                           std::to_string(size));
}

void requirePowersOfTwo(const std::string &field, const std::vector<unsigned> &values) {
  for (unsigned v : values)
    if (!isPowerOf2(v) || v > (1u << 20))
      throw Error(field, "entries must be powers of two (up to 2^20), got " + listText(values));
}

void requirePermutation(const std::string &field, const std::vector<unsigned> &order, int rank) {
  requireRank(field, order.size(), rank);
  std::vector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (static_cast<int>(d) >= rank || seen[d])
      throw Error(field, "must be a permutation of 0.." + std::to_string(rank - 1) + ", got " +
                             listText(order));
    seen[d] = true;
  }
}

unsigned product(const std::vector<unsigned> &v) {
  uint64_t p = 1;
  for (unsigned x : v) {
    p *= x;
    if (p > (uint64_t{1} << 31))
      return 1u << 31;
  }
  return static_cast<unsigned>(p);
}

std::string listText(const std::vector<unsigned> &v) { return seqText(v); }

} // namespace ls
