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
//
// Shared layouts are the other direction: CuTe writes the map from a tile
// coordinate to its element offset, `Swizzle<B,M,S> o (shape):(stride)`, the
// swizzle acting on the element offset (offset ^= (offset >> S) & mask of
// bits [M, M+B)). A Triton shared layout maps offset bits to tile
// coordinates. When every offset basis is one coordinate bit, or one new
// coordinate bit XOR the bits of earlier unswizzled offsets (Triton's
// swizzles), each XOR pair (source offset bit o, target o - S) is one bit of a
// Swizzle<B,M,S>; pairs of one shift and consecutive sources make one swizzle,
// several a composition `Sw1 o Sw2 o (shape):(stride)`. Any other bijection is
// an ordered composition of one-bit swizzles (S < 0 included, as CuTe allows),
// found by Gauss-Jordan; only bases that put two offsets on one element (zero,
// or the XOR of earlier bases) and block bases have no CuTe form.
#pragma once

#include <optional>
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

// The CuTe form of a shared linear layout (in dims offset, block; out dims
// the tile): `Swizzle<B,M,S> [o Swizzle<...>] o (shape):(stride)`, one
// top-level mode per tile dim (dim0 first), each coalesced. A layout without
// XORs is written with the identity `Swizzle<0,0,0>`, which marks the text as a
// shared layout on reading. Throws ls::Error("layout", "no CuTe form: basis
// offset[i] = ...") naming the first basis no swizzle composition gives.
std::string sharedToCute(const LinearLayout &ll);

// True when `text` (after `cute:`) starts with a swizzle (`Swizzle<` or
// CuTe's printed `Sw<`): a shared layout.
bool isCuteShared(std::string_view text);

// Reads `Swizzle<B,M,S> o ... o (shape):(stride)` (also `Sw<B,M,S>`, CuTe's
// `_0 o` offset, static `_8` spellings, nested modes) into a shared linear
// layout (offset, block -> dim0..). The tile is the top-level modes' sizes;
// `shape`, when given, must equal it. Throws ls::Error(field, ...) for text that
// is malformed (with the column), a stride that is not a power of two, offsets
// that overlap or leave a gap, or a swizzle outside the offsets.
LinearLayout readCuteShared(std::string_view text, const std::optional<Shape> &shape,
                            const std::string &field = "--layout");

} // namespace ls::notation::cute
