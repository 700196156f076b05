// #ttg.nvidia_mma: accumulator layout of NVIDIA tensor-core MMAs.
// versionMajor 2 is Ampere's mma.sync (instrShape [16, 8], or [1, 16, 8] with
// a batch dim); 3 is Hopper's wgmma (instrShape [16, N, K], warps in groups
// of four).
#pragma once

#include "encodings/encoding.h"

namespace ls {

class NvidiaMmaEncoding : public Encoding {
public:
  unsigned versionMajor = 2;
  unsigned versionMinor = 0;
  std::vector<unsigned> warpsPerCTA;
  std::vector<unsigned> instrShape;
  CGALayout cga;

  bool isAmpere() const { return versionMajor == 2; }
  bool isHopper() const { return versionMajor == 3; }

  EncodingKind kind() const override { return EncodingKind::NvidiaMma; }
  int rank() const override { return static_cast<int>(warpsPerCTA.size()); }
  void validate() const override { validateFields(true); }
  // validate() without the instrShape rules: a dot operand of an Ampere or
  // Hopper parent has a fixed tile, and Triton reads its layout whatever the
  // parent's instrShape says.
  void validateFields(bool checkInstrShape) const;
  int numWarps() const override { return static_cast<int>(product(warpsPerCTA)); }
  const CGALayout *cgaLayout() const override { return &cga; }

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

// The register/lane pattern of one NVIDIA mma tile (Triton's nvidiaMmaTile):
// kWidth registers and 4 lanes along order[0], 8 lanes along order[1], then
// repetitions to cover tileShape; out-dims ordered by repOrder.
LinearLayout nvidiaMmaTile(const std::vector<unsigned> &tileShape, unsigned kWidth,
                           const std::vector<unsigned> &order,
                           const std::vector<unsigned> &repOrder);

} // namespace ls
