// #ttg.blocked: each thread holds a sizePerThread tile, threads of a warp and
// warps of a CTA tile the tensor in `order` (order[0] the fastest-varying dim).
#pragma once

#include "encodings/encoding.h"

namespace ls {

class BlockedEncoding : public Encoding {
public:
  std::vector<unsigned> sizePerThread;
  std::vector<unsigned> threadsPerWarp;
  std::vector<unsigned> warpsPerCTA;
  std::vector<unsigned> order;
  CGALayout cga;

  EncodingKind kind() const override { return EncodingKind::Blocked; }
  int rank() const override { return static_cast<int>(order.size()); }
  void validate() const override;
  int warpSize() const override { return static_cast<int>(product(threadsPerWarp)); }
  int numWarps() const override { return static_cast<int>(product(warpsPerCTA)); }
  const CGALayout *cgaLayout() const override { return &cga; }

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
