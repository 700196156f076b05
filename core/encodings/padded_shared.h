// #ttg.padded_shared: shared memory addressed through a linear component
// (offset, block -> dims) and then padded: after every `interval` elements,
// `padding` unused elements are inserted (for each interval:+padding pair),
// which breaks bank conflicts without a swizzle.
#pragma once

#include "encodings/encoding.h"

namespace ls {

class PaddedSharedEncoding : public Encoding {
public:
  std::vector<unsigned> intervals;
  std::vector<unsigned> paddings;
  LinearLayout linearComponent; // offset, block -> dim0..

  // The short form `{order = [...], shape = [...]}`: an identity over shape
  // in order, single CTA.
  static LinearLayout identityComponent(const std::vector<unsigned> &order,
                                        const std::vector<unsigned> &shape);
  // Triton's getOrder: dims in order of first appearance along offset.
  std::vector<unsigned> order() const;
  // True if the component prints in the short form.
  bool isIdentityForm() const;
  // Padded address (in elements) of a logical offset.
  int64_t paddedOffset(int64_t offset) const;
  // Total allocation in elements for `shape` (Triton's getPaddedSize).
  int64_t paddedSize(const std::vector<int64_t> &shape) const;

  EncodingKind kind() const override { return EncodingKind::PaddedShared; }
  int rank() const override { return linearComponent.getNumOutDims(); }
  bool isShared() const override { return true; }
  void validate() const override;
  int numCTAs() const override;

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
