// Encoding: one of Triton's layout attributes, with its parameters.
//
// Every Triton encoding (blocked, slice, nvidia_mma, dot_op, amd_mfma,
// amd_wmma, linear, and the shared-memory encodings) is a subclass holding
// the attribute's fields under Triton's names. Each knows how to validate its
// fields (throwing ls::Error that names the field and the rule) and how to
// become a LinearLayout for a tensor shape, giving Triton's bases in Triton's
// order:
//
//   distributed:  register, lane, warp, block  ->  dim0, dim1, ...
//   shared:       offset, block                ->  dim0, dim1, ...
//
// Encodings are immutable values shared through EncodingPtr; nested parents
// (slice, dot_op) hold their parent by pointer.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "encodings/cga_layout.h"
#include "layout/layout_utils.h"
#include "layout/linear_layout.h"

namespace ls {

enum class EncodingKind {
  Blocked,
  Slice,
  NvidiaMma,
  DotOperand,
  AmdMfma,
  AmdWmma,
  Linear,
  SwizzledShared,
  NvmmaShared,
  AmdRotatingShared,
  PaddedShared,
  SharedLinear,
  PartitionedShared, // Triton main, after 3.6
  TensorMemory,
  TensorMemoryScales,
};

// The attribute mnemonic Triton prints for a kind ("blocked", "nvidia_mma", ...).
const char *mnemonic(EncodingKind kind);

class Encoding;
using EncodingPtr = std::shared_ptr<const Encoding>;

class Encoding {
public:
  virtual ~Encoding() = default;

  virtual EncodingKind kind() const = 0;
  // Tensor rank the encoding describes.
  virtual int rank() const = 0;
  virtual bool isShared() const { return false; }
  // Tensor-memory layouts (tensor_memory_encoding and its scales form): TMEM
  // row/column -> tensor, with no threads of their own.
  bool isTensorMemory() const {
    return kind() == EncodingKind::TensorMemory || kind() == EncodingKind::TensorMemoryScales;
  }

  // Checks the fields that do not depend on a tensor shape.
  virtual void validate() const = 0;

  // Triton's toLinearLayout for this shape.  Validates the encoding and the
  // shape (rank, powers of two, size limits) first.
  LinearLayout toLinearLayout(const Shape &shape) const;

  // Lanes per warp (32 on NVIDIA, 64 for AMD MFMA), warps per CTA, CTAs.
  virtual int warpSize() const { return 32; }
  virtual int numWarps() const { return 1; }
  virtual int numCTAs() const;
  // The CGA layout, or nullptr for encodings that take their parent's.
  virtual const CGALayout *cgaLayout() const { return nullptr; }

protected:
  // Shape already checked against rank() and the limits.
  virtual LinearLayout computeLinearLayout(const Shape &shape) const = 0;
};

// Checks a tensor shape: rank 1..8 (or `rank` if given), each dim a power of
// two, at most 2^30 elements per dim and 2^40 in total.  `field` names the
// source of the shape in messages ("--shape", "shape").
void validateShape(const Shape &shape, int rank, const std::string &field = "shape");

// Triton's getMatrixOrder: [rank-1, ..., 0], first two swapped if !rowMajor.
std::vector<unsigned> matrixOrder(int rank, bool rowMajor);
// Triton's getOrderForDotOperand(opIdx, rank, kContig).
std::vector<unsigned> dotOperandOrder(int opIdx, int rank, bool kContig);
// Product over `order` of identity1D(shape[d]) (zeros1D for d == kDim).
LinearLayout broadcastedDotOperandLayout(const std::vector<unsigned> &shape,
                                         const std::vector<unsigned> &order, unsigned kDim,
                                         const DimName &inDim);
// Out-dim names [dim{order[0]}, dim{order[1]}, ...].
std::vector<DimName> permutedDimNames(const std::vector<unsigned> &order);

// Helpers for validating fields.
void requireRank(const std::string &field, size_t size, int rank);
void requirePowersOfTwo(const std::string &field, const std::vector<unsigned> &values);
void requirePermutation(const std::string &field, const std::vector<unsigned> &order, int rank);
unsigned product(const std::vector<unsigned> &v);
std::string listText(const std::vector<unsigned> &v);

} // namespace ls
