// #ttg.slice: the parent layout with dimension `dim` removed; elements that
// differed only along `dim` collapse onto the same owners.
#pragma once

#include "encodings/encoding.h"

namespace ls {

class SliceEncoding : public Encoding {
public:
  unsigned dim = 0;
  EncodingPtr parent;

  EncodingKind kind() const override { return EncodingKind::Slice; }
  int rank() const override { return parent ? parent->rank() - 1 : 0; }
  void validate() const override;
  int warpSize() const override { return parent ? parent->warpSize() : 32; }
  int numWarps() const override { return parent ? parent->numWarps() : 1; }
  int numCTAs() const override { return parent ? parent->numCTAs() : 1; }

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
