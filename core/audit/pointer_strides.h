// Strides of a tensor of pointers, read from the IR that computes it.
//
// `sectors` needs the global stride of every tensor dim. Triton kernels
// build a pointer tensor from a base and an offset tensor:
//
//   %r  = tt.make_range {start = 0, end = 128}    // stride [1]
//   %e  = tt.expand_dims %r {axis = 1}            // [1, 0]
//   %m  = arith.muli %e, %c64 (splat of 64)       // [64, 0]
//   %b  = tt.broadcast %m                         // [64, 0]
//   %o  = arith.addi %b, %cols                    // [64, 1]
//   %p  = tt.addptr (tt.splat %base), %o          // [64, 1]
//
// Each op maps the strides of its operands: splat and constant splats are
// [0, ...], addi/addptr add, muli by a known constant scales, expand_dims
// inserts a 0, broadcast keeps, trans permutes, convert_layout keeps. A loop
// argument takes the strides of its initial value when the yielded value
// has the same. A multiplication by a kernel argument (a runtime stride) is
// not known: pointerStrides then answers std::nullopt, never a guess, and
// partialPointerStrides says which dims are known.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/module.h"
#include "util/source_text.h"

namespace ls::audit {

// The value of an `arith.constant` integer (`64 : i32`, `dense<64> : ...`,
// `true`/`false` as 1/0), read from the op's line (the reader keeps no value
// for constants); nullopt for any other op or a constant that is not one
// integer.
std::optional<int64_t> arithConstantValue(const ir::Operation &op, const SourceText &source);

// Requires: `value` indexes module.values; `source` is the text the module
// was read from (an integer constant's value is read from its line).
// Postcondition: one stride (in elements) per dim of the value's shape, or
// nullopt where some op on the way is not understood.
std::optional<std::vector<int64_t>> pointerStrides(const ir::Module &module, int value,
                                                   const SourceText &source);

// As pointerStrides, but a dim whose stride is a runtime value (a kernel
// argument such as a row stride) is nullopt instead of the whole answer:
// `(offs_n * M)[None, :] + offs_m[:, None]` gives {1, nullopt}. Nullopt as a
// whole where some op is not understood.
std::optional<std::vector<std::optional<int64_t>>>
partialPointerStrides(const ir::Module &module, int value, const SourceText &source);

} // namespace ls::audit
