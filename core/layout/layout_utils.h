// Helpers shared by the encodings' toLinearLayout, mirroring Triton's
// LayoutUtils: standard out-dim names, N-d identities, and the two shape
// adjustments (grow by repeating into registers, shrink by broadcasting).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "layout/linear_layout.h"
#include "util/limits.h"

namespace ls {

// The in-dim names of distributed and shared layouts.
inline const DimName kRegister = "register";
inline const DimName kLane = "lane";
inline const DimName kWarp = "warp";
inline const DimName kBlock = "block";
inline const DimName kOffset = "offset";

using Shape = std::vector<int64_t>;

// The largest tensor rank accepted (util/limits.h says why 20).
inline constexpr int kMaxRank = limits::kMaxRank;

// ["dim0", "dim1", ..., "dim<rank-1>"].
const std::vector<DimName> &standardOutDimNames(int rank);

// A shape as MLIR writes it in a type: "64x32" ("" for rank 0).
std::string shapeText(const Shape &shape);

// The basis values of `inDim` in a layout with a single out-dim (e.g. after
// flattenOuts()); empty if the layout has no such in-dim.
std::vector<int32_t> flatBases(const LinearLayout &flat, const DimName &inDim);

// A 1-D -> N-d identity: the in-dim enumerates `shape` with order[0] the most
// minor dimension.  Out-dims are standardOutDimNames(rank) in standard order.
LinearLayout identityStandardND(const DimName &inDim, const std::vector<unsigned> &shape,
                                const std::vector<unsigned> &order);
// The product identityStandardND(factors[0]) * identityStandardND(factors[1])
// * ... with one order, built directly (a blocked layout's register, lane
// and warp tiles). Requires: the factors' in-dims are distinct.
LinearLayout
identityStandardNDProduct(const std::vector<std::pair<DimName, const std::vector<unsigned> *>> &factors,
                          const std::vector<unsigned> &order);

// Triton's reshapeLayout: the out-dims flattened row-major (the last one the
// most minor) and split into `shape`, out-dims standardOutDimNames. Requires:
// the same number of elements, power-of-two sizes.
LinearLayout reshapeLayout(const LinearLayout &layout, const Shape &shape);

// Triton's transposeLinearLayout: out-dim i of the result is out-dim
// order[i] of `layout` (its size too), named standardOutDimNames. Requires:
// `order` a permutation of the layout's out-dims.
LinearLayout transposeLinearLayout(const LinearLayout &layout, const std::vector<int> &order);

// tt.split's result layout (Triton's inferSplitOpEncoding, as linear
// layouts): `layout` without its last dim, which must be of size 2 and held
// in registers (one register basis, that dim's unit vector; no other basis
// touches it); nullopt where it is not. tt.join's operands must have this
// layout of its result.
std::optional<LinearLayout> splitLinearLayout(const LinearLayout &layout);

// Shrinks each out-dim d to shape[d] by zeroing its largest basis values
// (largest first), i.e. broadcasting.  With broadcastRegisters=false, register
// bases that would be zeroed are removed instead.  `shape` is given per
// out-dim in the layout's out-dim order.
LinearLayout ensureLayoutNotLargerThan(const LinearLayout &layout,
                                       const std::vector<int64_t> &shape,
                                       bool broadcastRegisters = true);

// Grows each out-dim d to shape[d] by appending identity bases to the layout's
// first in-dim ("register" or "offset"), i.e. wrapping into more registers.
LinearLayout ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                        const std::vector<int64_t> &shape);

// Combines a per-CTA layout (out-dims in any order) with the CGA layout
// (in-dim "block" -> standard dims) so that the result covers `shape` exactly:
// the CGA layout is shrunk to the shape, the CTA layout is fitted to the
// per-CTA shape, and their product is returned with standard out-dim order.
LinearLayout combineCtaCgaWithShape(LinearLayout ctaLayout, const LinearLayout &cgaLayout,
                                    const Shape &shape);

// The bases of one in-dim (empty if the layout has no such dim).
inline std::vector<std::vector<int32_t>> inDimBases(const LinearLayout &ll, const DimName &inDim) {
  std::vector<std::vector<int32_t>> out;
  if (ll.hasInDim(inDim))
    for (int i = 0; i < ll.getInDimSizeLog2(inDim); ++i) {
      auto b = ll.getBasis(inDim, i);
      out.emplace_back(b.begin(), b.end());
    }
  return out;
}

// Register permutations (Triton's ColumnAction): order[i] is the old index of
// the new basis i (indices not listed are dropped).
// The layout whose in-dim `inDim` has bases old[order[0]], old[order[1]], ...
// Requires: every index in order is a valid basis index of inDim.
[[nodiscard]] LinearLayout permuteBases(const LinearLayout &layout, const DimName &inDim,
                                        const std::vector<int> &order);

// Indices of the register bases that are not zero (Triton's
// actionRemoveBroadcastedRegs), in order.
std::vector<int> nonBroadcastRegisters(const LinearLayout &layout);
// The layout without its zero register bases.
[[nodiscard]] LinearLayout removeBroadcastRegisters(const LinearLayout &layout);

// Triton's regPermForDivide(a, tile, /*left=*/true): a register order that
// puts, for each register basis of `tile` in turn, the first unused equal
// register basis of `a` first, followed by the rest in their order; nullopt
// if some tile basis has no equal basis in `a`.
std::optional<std::vector<int>> registerOrderForDivide(const LinearLayout &a,
                                                       const LinearLayout &tile);

} // namespace ls
