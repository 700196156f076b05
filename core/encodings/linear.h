// #ttg.linear: a distributed layout given directly by its bases
// (register, lane, warp, block -> dim0..). Each basis moves along at most one
// dimension. For other shapes the layout wraps into more registers or drops
// registers/broadcasts, following its register order.
#pragma once

#include <optional>
#include <string>

#include "encodings/encoding.h"

namespace ls {

class LinearEncoding : public Encoding {
public:
  LinearLayout layout; // in-dims register, lane, warp, block; out dims dim0..
  // Triton main's #ttg.generic_linear: warp bases may move along several dims.
  bool generic = false;
  // Why this layout is not a Triton 3.6 #ttg.linear (a basis moving along
  // several dims), or nullopt.
  std::optional<std::string> notPlainLinear() const;

  // Builds from the four basis lists; sizes inferred. Throws ls::Error naming
  // the list at fault.
  static LinearLayout fromBases(const std::vector<std::vector<int32_t>> &reg,
                                const std::vector<std::vector<int32_t>> &lane,
                                const std::vector<std::vector<int32_t>> &warp,
                                const std::vector<std::vector<int32_t>> &block,
                                bool genericWarps = false);

  // Dims in the order the register bases first move along them, then the
  // rest from the last dim down (Triton's LinearEncodingAttr::getOrder).
  std::vector<unsigned> order() const;

  EncodingKind kind() const override { return EncodingKind::Linear; }
  int rank() const override { return layout.getNumOutDims(); }
  void validate() const override;
  int warpSize() const override;
  int numWarps() const override;
  int numCTAs() const override;

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

// Dims in order of first appearance along `inDim`'s bases, then the missing
// ones from rank-1 down to 0 (Triton's orderPerDimImpl with the default order).
std::vector<unsigned> orderAlongInDim(const LinearLayout &layout, const DimName &inDim);

} // namespace ls
