// The part AMD's MFMA and WMMA accumulator layouts share: given one
// instruction tile (out-dims [N, M]), cover N across the whole tensor first --
// tiles per warp, warps, then more registers -- then tiles per warp and warps
// along M; a batch dim (rank 3) gets only warps. combineCtaCgaWithShape then
// repeats along M. (Triton lays tiles out N-contiguously because its dot
// lowering expects that order.)
#pragma once

#include "encodings/encoding.h"

namespace ls {

// Requires: `tile` has out-dims [dim{nIndex}, dim{mIndex}]; warpsPerCTA and
// tilesPerWarp have the layout's rank; nDim is the instruction's N.
LinearLayout extendAmdTileNThenM(LinearLayout tile, const Shape &shape,
                                 const std::vector<unsigned> &warpsPerCTA,
                                 const std::vector<unsigned> &tilesPerWarp, unsigned nDim);

} // namespace ls
