// CGALayout: how a tensor is split among the CTAs (blocks) of a cooperative
// grid array.
//
// Triton 3.6 stores it as a linear layout from in-dim "block" to the tensor
// dims, printed as `CGALayout = [[...], ...]`: basis i says which CTA-sized
// tile block 2^i holds (a zero basis means the tile is replicated). Older
// Triton spelled it as the triple CTAsPerCGA / CTASplitNum / CTAOrder; both
// forms are accepted and converted exactly.
#pragma once

#include <optional>
#include <vector>

#include "layout/linear_layout.h"

namespace ls {

class CGALayout {
public:
  CGALayout() = default;
  // Block bases, each of length `rank`.  Empty = a single CTA.
  CGALayout(int rank, std::vector<std::vector<int32_t>> blockBases);

  // The legacy triple; validates it (names the offending field on error).
  static CGALayout fromLegacy(const std::vector<unsigned> &ctasPerCGA,
                              const std::vector<unsigned> &ctaSplitNum,
                              const std::vector<unsigned> &ctaOrder);
  static CGALayout singleCTA(int rank) { return CGALayout(rank, {}); }

  int rank() const { return rank_; }
  const std::vector<std::vector<int32_t>> &bases() const { return bases_; }
  bool isSingleCTA() const { return bases_.empty(); }
  int numCTAs() const { return 1 << static_cast<int>(bases_.size()); }

  // block -> dim0..dim{rank-1}, out sizes the smallest powers of two that
  // hold the bases (built once, in the constructor).
  const LinearLayout &toLinearLayout() const { return layout_; }

  // Triton's getCTASplitNum: per dim, 2^(number of bases moving along it).
  std::vector<unsigned> splitNum() const;
  // Triton's getShapePerCTA: shape / min(shape, split) per dim.
  std::vector<int64_t> shapePerCTA(const std::vector<int64_t> &shape) const;

  // The legacy triple equivalent to these bases, if one exists.  Dims that
  // hold a single CTA keep their place from `preferredOrder` (usually the
  // layout's own order), since the bases do not record it.
  struct Legacy {
    std::vector<unsigned> ctasPerCGA, ctaSplitNum, ctaOrder;
  };
  std::optional<Legacy> toLegacy(const std::vector<unsigned> &preferredOrder) const;

  bool operator==(const CGALayout &o) const { return rank_ == o.rank_ && bases_ == o.bases_; }

private:
  static LinearLayout buildLayout(int rank, const std::vector<std::vector<int32_t>> &bases);

  int rank_ = 0;
  std::vector<std::vector<int32_t>> bases_;
  LinearLayout layout_;
};

} // namespace ls
