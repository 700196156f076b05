// Swizzle search: the shared layout to put between a writer and a reader.
//
// Given the distributed layout that stores a tensor (the writer) and the one
// that loads it back (the reader), every candidate shared layout is scored
// with the wavefront model (shared_access.h) for the store and the load:
//
//   1. fewer instructions per thread in total (wider vectors, or
//      ldmatrix/stmatrix where Triton would use them),
//   2. then fewer bank conflicts (wavefronts over the ideal, both sides),
//   3. then fewer wavefronts,
//   4. then the simpler encoding: nvmma_shared (what TMA and wgmma read), then
//      swizzled_shared with the smallest maxPhase/perPhase/vec, and a
//      shared_linear only when it is strictly better.
//
// Candidates: nvmma_shared with every swizzle width and both orientations
// (NVIDIA targets only: Triton's AMD backend has no nvmma_shared),
// swizzled_shared over vec, perPhase, maxPhase and dim orders, and the
// shared_linear that Triton's optimal swizzling builds (optimal_swizzling.h).
//
// Example: f16 128x64, writer blocked<[1, 8], [4, 8], [4, 1], [1, 0]>, reader
// the mma v2 A operand: a row-major layout costs 7 conflicts per ldmatrix;
// nvmma_shared<128B> gives 8-element stores and conflict-free ldmatrix.x4.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/banks/bank_model.h"
#include "encodings/encoding.h"

namespace ls {

// The figures of one shared layout for the writer's store and the reader's
// load (one CTA: every warp, every instruction).
struct SwizzleFigures {
  EncodingPtr shared;
  std::string attribute; // Triton 3.6 attribute text
  std::string storeInstruction, loadInstruction;
  int storeVector = 0, loadVector = 0;             // elements per lane per instruction
  int storeInstructions = 0, loadInstructions = 0; // per thread
  int64_t storeWavefronts = 0, storeIdeal = 0;
  int64_t loadWavefronts = 0, loadIdeal = 0;
  int tritonStoreConflicts = 0, tritonLoadConflicts = 0; // Triton's bank_conflicts

  int64_t conflicts() const { return storeWavefronts - storeIdeal + loadWavefronts - loadIdeal; }
  int instructions() const { return storeInstructions + loadInstructions; }
};

// One reported figure that differs between the current layout and the
// proposal, e.g. {"load wavefronts", 128, 256}. Smaller is better for all.
struct SwizzleFigureChange {
  std::string figure;
  int64_t current = 0, proposed = 0;
};

// The search ranks candidates by one lexicographic score (fewer
// instructions first), so its winner can be worse than the current layout on
// a figure the user sees (more wavefronts, more conflicts). improves() is
// therefore a Pareto test over the reported figures, and trades() names what
// a non-improving proposal gives up for what.
struct SwizzleProposal {
  std::optional<SwizzleFigures> current; // the layout the design has now, if given
  SwizzleFigures proposed;
  int candidates = 0; // layouts scored
  // Postcondition: true if there is no current layout, or the proposal is no
  // worse than it on every figure of figureNames() and better on at least one.
  bool improves() const;
  // True if there is no current layout, or the store and the load together
  // take fewer wavefronts and no more instructions per thread (or as many
  // wavefronts and fewer instructions) with the proposal: better overall,
  // though one side may pay (trades() says what).
  bool improvesOverall() const;
  // The figures where the proposal is worse / better than the current layout,
  // in figureNames() order (empty without a current layout).
  std::vector<SwizzleFigureChange> worse() const;
  std::vector<SwizzleFigureChange> better() const;
  // "trades: load wavefronts 128 -> 256 for store instructions per thread
  // 16 -> 8" when the proposal is worse on some figure and better on another;
  // "worse: ..." when it is better on none; "" when it is worse on none.
  std::string trades() const;
};

// The compared figures that differ, store before load: instructions per
// thread, wavefronts, conflicts (wavefronts over the ideal), Triton's
// bank_conflicts.
std::vector<SwizzleFigureChange> swizzleFigureChanges(const SwizzleFigures &current,
                                                      const SwizzleFigures &proposed);

// Figures of one shared layout.  Throws ls::Error if the layouts do not fit
// (ranks, warp sizes, shapes).
SwizzleFigures evaluateSharedLayout(const Encoding &writer, const Encoding &reader,
                                    const EncodingPtr &shared, const Shape &shape, int elementBits,
                                    const BankTarget &target);

// Requires: writer and reader distributed, on `shape`, one CTA.
SwizzleProposal proposeSharedLayout(const Encoding &writer, const Encoding &reader,
                                    const Shape &shape, int elementBits, const BankTarget &target,
                                    const EncodingPtr &current = nullptr);

} // namespace ls
