// #ttg.amd_mfma: accumulator layout of AMD CDNA matrix-core instructions
// (wave64). instrShape [M, N, K] is 32x32, 16x16, 4x64 or 64x4 (the last only
// transposed); isTransposed swaps which of M/N the lanes walk first;
// tilesPerWarp repeats the instruction tile inside a warp; elementBitWidth 64
// (fp64 mfma) holds one element per lane per row block instead of four.
#pragma once

#include "encodings/encoding.h"

namespace ls {

class AmdMfmaEncoding : public Encoding {
public:
  unsigned version = 3;
  std::vector<unsigned> warpsPerCTA;
  std::vector<unsigned> instrShape; // [M, N, K]
  bool isTransposed = false;
  std::vector<unsigned> tilesPerWarp; // empty = all 1
  unsigned elementBitWidth = 32;
  CGALayout cga;

  std::vector<unsigned> tiles() const;
  // The K that older Triton's two-entry instrShape [M, N] stands for: the fp16
  // instruction's (32 -> 8, 16 -> 16, else 4). K does not change the layout.
  static unsigned legacyInstrK(unsigned m) { return m == 32 ? 8 : m == 16 ? 16 : 4; }

  EncodingKind kind() const override { return EncodingKind::AmdMfma; }
  int rank() const override { return static_cast<int>(warpsPerCTA.size()); }
  void validate() const override;
  int warpSize() const override { return 64; }
  int numWarps() const override { return static_cast<int>(product(warpsPerCTA)); }
  const CGALayout *cgaLayout() const override { return &cga; }

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
