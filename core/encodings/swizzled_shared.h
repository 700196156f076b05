// #ttg.swizzled_shared and #ttg.amd_rotating_shared: shared memory where row r
// of the two most minor dims (order[1] rows of order[0] columns) has its
// column index xor-ed with vec * ((r / perPhase) % maxPhase) -- the classic
// swizzle that spreads a column across banks. The AMD rotating variant also
// xors in the block number (r / perPhase / maxPhase) % maxPhase.
#pragma once

#include "encodings/encoding.h"

namespace ls {

class SwizzledSharedEncoding : public Encoding {
public:
  unsigned vec = 1;
  unsigned perPhase = 1;
  unsigned maxPhase = 1;
  std::vector<unsigned> order;
  CGALayout cga;
  bool amdRotating = false; // #ttg.amd_rotating_shared

  EncodingKind kind() const override {
    return amdRotating ? EncodingKind::AmdRotatingShared : EncodingKind::SwizzledShared;
  }
  int rank() const override { return static_cast<int>(order.size()); }
  bool isShared() const override { return true; }
  void validate() const override;
  const CGALayout *cgaLayout() const override { return &cga; }

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
