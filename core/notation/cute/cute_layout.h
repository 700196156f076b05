// CuTe's thread-value notation for distributed layouts, in and out.
//
// CUTLASS writes the register layout of an MMA operand as a CuTe "TV layout":
// ((thread modes),(value modes)):((strides),(strides)), a function from
// (thread index, value index) to the element's column-major index in the tile
// (include/cute/atom/mma_traits_sm80.hpp: SM80_16x8_Row is
// ((4,8),(2,2)):((32,1),(16,8))). A Triton distributed linear layout is the
// same kind of function with thread = lane + threadsPerWarp*warp (+ block) and
// value = register, except that it combines its bases with XOR where CuTe adds
// strides. The two agree exactly when no two bases share a bit of the index,
// so writing CuTe is: one size-2 mode per basis with the basis's index as the
// stride, coalesced as cute::coalesce would per mode; and when two bases
// overlap, there is no CuTe layout, and the error names the basis that
// breaks it. Reading CuTe is the reverse, with the tile shape from --shape.
#pragma once

#include <string>
#include <string_view>

#include "encodings/encoding.h"
#include "layout/linear_layout.h"

namespace ls::notation::cute {

// The TV layout of a distributed linear layout (in dims register, lane,
// warp, block; out dims the tile). Throws ls::Error("layout", ...) naming the
// first basis whose index shares bits with an earlier one. `dimOrder` lists
// the tile dims fastest first for the column-major index (default 0, 1, ...).
std::string distributedToCute(const LinearLayout &ll, const std::vector<int> &dimOrder = {});

// The TV layout of a distributed encoding on `shape`, in CUTLASS's operand
// convention: the B operand of an NVIDIA MMA (dot_op opIdx 1) is indexed as
// CUTLASS's (N, K) tile, A as (M, K), the accumulator as (M, N).
std::string encodingToCute(const Encoding &enc, const Shape &shape);

// Reads `((t...),(v...)):((s...),(s...))` (static `_4` spellings accepted)
// into a distributed linear layout on `shape`: the first top-level mode is the
// thread index (its first log2(threadsPerWarp) bits are lanes, the rest warps),
// the second the value (register) index. Requires: shape sizes are powers of
// two. Throws ls::Error(field, ...) with the column for malformed text, and
// naming the mode whose stride is not a power-of-two-bit pattern disjoint from
// the others or leaves the tile.
LinearLayout readCuteDistributed(std::string_view text, const Shape &shape, int threadsPerWarp,
                                 const std::string &field = "--layout");

} // namespace ls::notation::cute
