// The hook where bank conflicts of a conversion's scratch buffer plug in.
//
// A convert_layout through shared memory stores the source registers into
// the scratch buffer chosen by planConversionScratch and loads the destination
// registers from it. How many extra wavefronts those two accesses need is the
// business of the bank analysis (core/analysis/bank_conflicts.*, a separate
// module). Until that module is wired in, this hook answers nullopt and every
// report says the conflicts are unknown ("conflicts": null in JSON).
//
// To wire it: implement conversionBankConflicts in conversion_bank_hook.cpp by
// evaluating the store (src registers -> plan.buffer) and the load
// (plan.buffer -> dst registers) of one rep with the bank analysis, for
// plan.elementBits-bit elements, with the vector widths plan.storeVectorElems
// and plan.loadVectorElems.
#pragma once

#include <optional>

#include "analysis/conversion_scratch.h"

namespace ls {

// Requires: src and dst stripped of broadcast registers and of the block dim
// (as planConversionScratch passes them); plan filled except `conflicts`.
std::optional<ScratchConflicts> conversionBankConflicts(const LinearLayout &src,
                                                        const LinearLayout &dst,
                                                        const ConversionScratch &plan);

} // namespace ls
