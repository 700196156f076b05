// What the IR says about a tensor of pointers: its stride, in elements, along
// each tensor dim -- only where the IR shows it.
//
// Triton builds pointer tensors from a few ops, and the strides follow them:
//
//   tt.make_range {start, end}        [1]                      (1-D)
//   tt.splat / arith.constant dense   [0, ...]                 (the same everywhere)
//   tt.expand_dims {axis = a}         insert 0 at a
//   tt.broadcast, convert_layout,     unchanged
//   ext/trunc casts
//   arith.addi a, b / tt.addptr p, o  strides(a) + strides(b)
//   arith.muli a, c                   strides(a) * c, when c is a known constant
//   scf.for iter_arg                  the strides of its initial value
//
// Anything else (a stride that is a runtime argument, a division, a load)
// makes the strides unknown; the audit then says "unknown" rather than guess.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/module.h"

namespace ls::audit {

// Requires: `value` indexes m.values. Returns one stride per dim of the
// value's tensor type, or nullopt when the IR does not show them.
std::optional<std::vector<int64_t>> pointerStrides(const ir::Module &m, int value);

} // namespace ls::audit
