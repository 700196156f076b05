// #ttg.shared_linear: a shared-memory layout given by its bases
// (offset, block -> dims) plus the allocation's alignment in bytes.
#pragma once

#include "encodings/encoding.h"

namespace ls {

class SharedLinearEncoding : public Encoding {
public:
  LinearLayout layout; // offset, block -> dim0..
  unsigned alignment = 16;

  EncodingKind kind() const override { return EncodingKind::SharedLinear; }
  int rank() const override { return layout.getNumOutDims(); }
  bool isShared() const override { return true; }
  void validate() const override;
  int numCTAs() const override;

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
