// Text and JSON of a shared-memory access report (analysis/banks): the
// instruction chosen, per-warp and per-CTA wavefronts against the ideal, and
// per instruction the lanes, byte addresses, bank groups and wavefronts.
// `banks --json` nests one such object under "load" and "store"; the kernel
// audit writes the same object for every local_load / local_store.
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "analysis/banks/shared_access.h"
#include "util/json_writer.h"

namespace ls::report {

// The lanes set in a lane mask, ascending.
std::vector<int64_t> laneList(uint64_t mask);

// Writes the report as one JSON object (keys: instruction, class, transposed,
// vectorElements, accessBytes, matrices, instructionsPerThread, lanesPerWarp,
// warps, warp, wavefronts, idealWavefronts, conflicts, ctaWavefronts,
// ctaIdealWavefronts, truncated, instructions[]).
void writeSharedAccess(JsonWriter &w, const SharedAccessReport &r);

// The readable form: a summary line per warp and CTA, one line per
// instruction with its wavefronts and the most loaded bank. `what` names the
// direction ("load", "store").
void writeSharedAccessText(std::ostream &out, const char *what, const SharedAccessReport &r);

} // namespace ls::report
