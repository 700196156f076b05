// #ttng.tensor_memory_scales_encoding: the layout tcgen05.mma's block scales
// (mxfp8/mxfp4/nvfp4 scale factors) must have in tensor memory.
//
// PTX fixes it (tcgen05 "scale factor A layout 1x"). With 8-bit scales a
// 32-bit column holds four of them, so Triton's slot-level model reads:
//
//   lanes 0..31      -> rows 0..31 of the scale tensor,
//   lane bits 32, 64 -> nothing new: the chunk is repeated in every lane
//                       quarter, so each warp of a warpgroup can reach it,
//   col slots 0..3   -> columns 0..3 (the four bytes of one 32-bit column),
//   col slot bit 4   -> rows + 32 (the next 32-bit column),
//
// a 64x4 tile in 32 lanes x 2 columns, repeated along M first, then N
// (repOrder [0, 1]), and trimmed to the tensor when the tensor is smaller than
// 64x4. Elements are 8 bits (MemDescType::verify insists). CTASplitM/N put
// the CTA split at the top of `col`, N outermost, as for
// tensor_memory_encoding.
//
// Linear layout: in-dims (row, col) -> (dim0, dim1).
#pragma once

#include "encodings/encoding.h"

namespace ls {

class TensorMemoryScalesEncoding : public Encoding {
public:
  unsigned ctaSplitM = 1;
  unsigned ctaSplitN = 1;

  EncodingKind kind() const override { return EncodingKind::TensorMemoryScales; }
  int rank() const override { return 2; }
  void validate() const override;
  int numCTAs() const override { return static_cast<int>(ctaSplitM * ctaSplitN); }

  // MemDescType::verify for scales: rank 2 and 8-bit elements.
  void verifyMemDesc(const Shape &shape, int bitwidth) const;

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
