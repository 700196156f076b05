// #ttng.tensor_memory_encoding: how a Blackwell tcgen05 tile sits in tensor
// memory (TMEM), a 128-lane x 512-column array of 32-bit cells. blockM (64 or
// 128) rows by blockN columns per block; colStride > 1 leaves unused cells
// between elements of a row (e.g. 2 for unpacked 16-bit values); CTASplitM/N
// split the tile across the CTAs of a cluster; twoCTAs is cta_group::2.
//
// Its linear layout maps in-dims (row, col) -> (dim0, dim1).
#pragma once

#include "encodings/encoding.h"

namespace ls {

inline const DimName kRow = "row";
inline const DimName kCol = "col";

class TensorMemoryEncoding : public Encoding {
public:
  unsigned blockM = 128;
  unsigned blockN = 128;
  unsigned colStride = 1;
  unsigned ctaSplitM = 1;
  unsigned ctaSplitN = 1;
  bool twoCTAs = false;

  EncodingKind kind() const override { return EncodingKind::TensorMemory; }
  int rank() const override { return 2; }
  void validate() const override;
  int numCTAs() const override { return static_cast<int>(ctaSplitM * ctaSplitN); }

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
