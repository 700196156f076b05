// #ttg.dot_op: the layout of operand A (opIdx 0) or B (opIdx 1) of a dot
// whose result has the parent layout (nvidia_mma, amd_mfma, amd_wmma, or
// blocked for FMA dots). kWidth is the number of consecutive K elements a
// thread holds per instruction (absent, i.e. 0, for a blocked parent).
#pragma once

#include "encodings/encoding.h"

namespace ls {

class DotOperandEncoding : public Encoding {
public:
  unsigned opIdx = 0;
  EncodingPtr parent;
  unsigned kWidth = 0;

  EncodingKind kind() const override { return EncodingKind::DotOperand; }
  int rank() const override { return parent ? parent->rank() : 0; }
  void validate() const override;
  int warpSize() const override { return parent ? parent->warpSize() : 32; }
  int numWarps() const override { return parent ? parent->numWarps() : 1; }
  int numCTAs() const override { return parent ? parent->numCTAs() : 1; }

  // The CGA layout the operand uses: NVIDIA and FMA operands drop the CTA
  // split along K; AMD operands keep the parent's.
  CGALayout operandCGA() const;

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
