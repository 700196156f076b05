// FlatLayout: a layout's bases as flat row-major element indices, the form a
// GPU kernel consumes.
//
// With power-of-two dims, packing a coordinate row-major (the last dim
// fastest) is a bit-field: element (i, j) of a 4x8 tensor is i*8 + j =
// (i << 3) | j.  So flat(L(a ^ b)) = flat(L(a)) ^ flat(L(b)), and a kernel
// needs one integer per basis: the element a thread's register r holds is
//
//   flat = XOR of reg[i] for the set bits i of r
//        ^ XOR of lane[i] for the set bits of the lane id ^ ... warp ^ block.
//
// Example: the blocked layout sizePerThread [1, 2], threadsPerWarp [4, 8] on
// 4x16 has reg = [1], lane = [2, 4, 8, 16, 32]: lane 9 (0b01001), register 1
// holds flat 1 ^ 2 ^ 16 = 19, i.e. element (1, 3).
//
// For shared layouts the same holds with in-dims (offset, block).  The
// pseudo-inverse runs the other way -- from an element to an offset that
// stores it -- and is what a kernel uses to read an element back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "layout/layout_utils.h"
#include "layout/linear_layout.h"

namespace ls::codegen {

class FlatLayout {
public:
  // Requires: out-dims dim0..dim{n-1} (any order).
  explicit FlatLayout(const LinearLayout &layout);

  const LinearLayout &layout() const { return layout_; } // standard out-dim order
  const Shape &shape() const { return shape_; }
  int rank() const { return static_cast<int>(shape_.size()); }
  // log2 of the number of elements.
  int elementBits() const { return elementBits_; }
  int64_t numElements() const { return int64_t{1} << elementBits_; }

  // log2 of an in-dim's size; 0 if the layout lacks it.
  int bits(const DimName &inDim) const;
  // Flat element index of each basis of the in-dim (empty if absent).
  std::vector<uint64_t> bases(const DimName &inDim) const;
  // XOR of the bases of the set bits of `value`.
  uint64_t element(const DimName &inDim, uint64_t value) const;

  // Row-major coordinates of a flat index, and "(i, j)" text.
  std::vector<int64_t> coords(uint64_t flat) const;
  std::string coordText(uint64_t flat) const;

  // For every element bit j, the value of in-dim `inDim` in one preimage of
  // element 2^j (the pseudo-inverse, free variables zero).  Requires: the
  // layout is surjective.  Only meaningful on the image; a kernel verifies
  // with the forward bases.
  std::vector<uint64_t> pseudoInverse(const DimName &inDim) const;

  // FNV-1a (64-bit, xor then multiply) over the flat element of every
  // hardware location, locations counted with the in-dims' bits
  // concatenated minor first (register, lane, warp, block / offset, block).
  // Computed through ls::Ownership, so that a kernel recomputing it from
  // the basis tables cross-checks the tables.
  uint64_t fingerprint() const;

private:
  LinearLayout layout_;
  Shape shape_;
  int elementBits_ = 0;
};

// The hash step the kernels repeat: h = (h ^ e) * 1099511628211.
constexpr uint64_t kFnvOffset = 14695981039346656037ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;

} // namespace ls::codegen
