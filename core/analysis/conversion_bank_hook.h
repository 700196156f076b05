// The hook where bank conflicts of a conversion's scratch buffer plug in.
//
// A convert_layout through shared memory stores the source registers into
// the scratch buffer chosen by planConversionScratch and loads the destination
// registers from it. The figure reported is Triton 3.6's own count for that
// buffer (GenericSwizzling.cpp, bankConflicts): within one wavefront of the
// store (its tile of lane and register bases, tileSrc) a basis that also lies
// in the buffer's *segment* puts two lanes on the same bank in different bank
// lines, so with k such independent bases the wavefront is replayed 2^k
// times:
//
//   store conflicts = 2^dim(span(segment) /\ span(store tile)) - 1
//   load  conflicts = 2^dim(span(segment) /\ span(load tile))  - 1
//
// per instruction. These are the numbers Triton minimises when it picks the
// buffer; 0 means the swizzle is conflict-free in that direction. The
// intersection is the bank module's intersectionBasis (optimal_swizzling.h).
// The hardware wavefront model (shared_access.h) can replace this figure
// here without touching the callers.
#pragma once

#include <optional>

#include "analysis/conversion_scratch.h"

namespace ls {

// Requires: src and dst stripped of broadcast registers and of the block dim
// (as planConversionScratch passes them); plan filled except `conflicts`.
// Returns nullopt when the figure cannot be computed.
std::optional<ScratchConflicts> conversionBankConflicts(const LinearLayout &src,
                                                        const LinearLayout &dst,
                                                        const ConversionScratch &plan);

} // namespace ls
