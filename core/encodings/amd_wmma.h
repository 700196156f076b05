// #ttg.amd_wmma: accumulator layout of AMD RDNA WMMA instructions (wave32),
// a 16x16 tile per instruction. Version 1 (RDNA3) interleaves rows between
// the two half-waves; versions 2 and 3 (RDNA4, gfx1250) give each half-wave
// 8 consecutive rows. isTranspose swaps the roles of M and N.
#pragma once

#include <optional>
#include <utility>

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
  // Triton main's `ctaLayout = {register = .., warp = ..}` (in-dims register,
  // warp -> dim0, dim1; in units of instruction tiles) when it is not a
  // Triton 3.6 warpsPerCTA/tilesPerWarp grid; warpsPerCTA then counts its
  // warps per dim. Rank 2 only.
  std::optional<LinearLayout> mainCta;

  // The layout as Triton main's ctaLayout: mainCta, or the 3.6 grid (tiles
  // and warps along N, then M); nullopt for a 3.6 grid with more than one
  // tile along M, which main's register order cannot spell.
  std::optional<LinearLayout> mainCtaLayout() const;
  // A main ctaLayout that is a 3.6 grid: {warpsPerCTA, tilesPerWarp}.
  static std::optional<std::pair<std::vector<unsigned>, std::vector<unsigned>>>
  gridOf(const LinearLayout &cta);

  std::vector<unsigned> tiles() const;
  std::vector<unsigned> instr() const;

  EncodingKind kind() const override { return EncodingKind::AmdWmma; }
  int rank() const override { return static_cast<int>(warpsPerCTA.size()); }
  void validate() const override;
  int warpSize() const override { return 32; }
  int numWarps() const override {
    return mainCta ? mainCta->getInDimSize(kWarp) : static_cast<int>(product(warpsPerCTA));
  }
  const CGALayout *cgaLayout() const override { return &cga; }

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
