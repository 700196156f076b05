// #ttg.nvmma_shared: the shared-memory layouts that Hopper/Blackwell TMA and
// wgmma/tcgen05 read, made of 8-row "core matrices" swizzled in 16-byte
// units over swizzlingByteWidth (0, 32, 64 or 128) bytes. `transposed` makes
// dim0 the contiguous one; fp4Padded stores each 8 fp4 pairs in 16 bytes.
#pragma once

#include "encodings/encoding.h"

namespace ls {

class NvmmaSharedEncoding : public Encoding {
public:
  unsigned swizzlingByteWidth = 128;
  bool transposed = false;
  unsigned elementBitWidth = 16;
  bool fp4Padded = false;
  CGALayout cga = CGALayout::singleCTA(2); // its rank is the layout's rank

  int vec() const { return swizzlingByteWidth == 0 ? 1 : 128 / static_cast<int>(elementBitWidth); }
  int perPhase() const { return swizzlingByteWidth == 0 ? 1 : 128 / static_cast<int>(swizzlingByteWidth); }
  int maxPhase() const { return swizzlingByteWidth == 0 ? 1 : static_cast<int>(swizzlingByteWidth) / 16; }

  // The TMA box Triton uses for this shared layout (getTMABlockShape).
  std::vector<int64_t> tmaBlockShape(const std::vector<int64_t> &shapePerCTA,
                                     bool packedSize) const;
  // One 8-row core matrix (getCoreMatrixLinearLayout).
  LinearLayout coreMatrix(bool disableSwizzle) const;

  EncodingKind kind() const override { return EncodingKind::NvmmaShared; }
  int rank() const override { return cga.rank(); }
  bool isShared() const override { return true; }
  void validate() const override;
  const CGALayout *cgaLayout() const override { return &cga; }

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
