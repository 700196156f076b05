// #ttg.amd_wmma: accumulator layout of AMD RDNA WMMA instructions (wave32),
// a 16x16 tile per instruction. Version 1 (RDNA3) interleaves rows between
// the two half-waves; versions 2 and 3 (RDNA4, gfx1250) give each half-wave
// 8 consecutive rows. isTranspose swaps the roles of M and N.
#pragma once

#include "encodings/encoding.h"

namespace ls {

class AmdWmmaEncoding : public Encoding {
public:
  unsigned version = 2;
  bool isTranspose = false;
  std::vector<unsigned> warpsPerCTA;
  std::vector<unsigned> tilesPerWarp; // empty = all 1
  std::vector<unsigned> instrShape;   // empty = [16, 16, 16]
  CGALayout cga;

  std::vector<unsigned> tiles() const;
  std::vector<unsigned> instr() const;

  EncodingKind kind() const override { return EncodingKind::AmdWmma; }
  int rank() const override { return static_cast<int>(warpsPerCTA.size()); }
  void validate() const override;
  int warpSize() const override { return 32; }
  int numWarps() const override { return static_cast<int>(product(warpsPerCTA)); }
  const CGALayout *cgaLayout() const override { return &cga; }

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
