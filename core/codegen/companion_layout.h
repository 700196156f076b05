// Companion layouts: the plain distributed layout an export pairs with the
// user's layout.
//
// A TTGIR module that exercises a layout needs a second, ordinary layout to
// compute addresses in and to convert to (Triton's own kernels do the same:
// offsets are built in a blocked layout, then converted).  A kernel
// descriptor of a shared layout names a distributed layout to read shared
// memory back through.  Both must keep, in every CTA, exactly the elements the user's
// layout keeps there -- otherwise the conversion would have to move data
// between CTAs, which neither Triton 3.6 nor a plain kernel does.
//
// The companion is Triton's default blocked layout for the shape
// (BlockedEncodingAttr's shape builder: sizePerThread all 1, order
// [rank-1, ..., 0], lanes on the fastest dim first, warps after) with the
// user's CTA split, whenever that reproduces the user's per-CTA element sets.
// Otherwise (a CTA split no CGALayout spells) it is a #ttg.linear layout with
// the user's block bases and unit bases spanning each CTA's elements.
//
// Example: blocked{sizePerThread [1, 4], ..., CGALayout [[1, 0]]} on 64x64
// pairs with blocked{[1, 1], [1, 32], [4, 1], [1, 0], CGALayout [[1, 0]]}.
#pragma once

#include "encodings/blocked.h"
#include "encodings/encoding.h"

namespace ls::codegen {

// Triton's default blocked encoding of `shape` for `lanes` x `warps`
// threads and the given CTA split.
std::shared_ptr<BlockedEncoding> defaultBlocked(const Shape &shape, int lanes, int warps,
                                                const CGALayout &cga);

// A distributed layout (blocked, else linear) over `shape` with `lanes`
// lanes and `warps` warps whose block bases equal `reference`'s and whose
// other bases span the same per-CTA elements.  `reference` is a distributed
// (register, lane, warp, block) or shared (offset, block) layout on `shape`.
// Throws ls::Error if no such layout exists with single-dim bases.
EncodingPtr companionLayout(const Shape &shape, int lanes, int warps,
                            const LinearLayout &reference);

// True if `a` and `b` have equal block bases and their other in-dims span
// the same elements (so converting between them stays inside each CTA).
bool sameCtaElements(const LinearLayout &a, const LinearLayout &b);

} // namespace ls::codegen
