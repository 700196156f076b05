// Text grids of a layout, byte-for-byte the body that Triton's
// `triton-tensor-layout` prints (getLayoutStr).
//
// Distributed layouts, tensor view: every element lists its owners as
// `T<thread>:<register>` (`B<block>:` prefixed with several CTAs), replicas
// joined by '|', padded to a fixed width; rows are bracketed like a nested
// list. Hardware view: per (block,) warp and register, the element each lane
// holds. Shared layouts, tensor view: the cell at memory offset p shows the
// coordinate stored there; hardware view: one `Offset: p -> (coords)` line per
// offset.
#pragma once

#include <cstdint>
#include <string>

#include "layout/linear_layout.h"
#include "util/limits.h"

namespace ls {

// Largest grid printed (elements, and hardware locations for distributed).
constexpr int64_t kMaxGridCells = limits::kMaxGridCells;

// Requires in-dims register, lane, warp, block (any may be size 1).
std::string distributedGrid(const LinearLayout &layout, bool hardwareView);
// Requires in-dims offset, block.
std::string sharedGrid(const LinearLayout &layout, bool hardwareView);

} // namespace ls
