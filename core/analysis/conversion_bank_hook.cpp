#include "analysis/conversion_bank_hook.h"

namespace ls {

std::optional<ScratchConflicts> conversionBankConflicts(const LinearLayout &, const LinearLayout &,
                                                        const ConversionScratch &) {
  // The bank analysis is not part of this build yet: conflicts are unknown.
  return std::nullopt;
}

} // namespace ls
