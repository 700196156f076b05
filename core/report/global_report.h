// Text and JSON of a global-memory access report (analysis/global): the
// vector each thread issues, 32-byte sectors per warp and instruction against
// the minimum, and one instruction lane by lane. `sectors` prints it; the
// kernel audit writes the same figures for every tt.load / tt.store.
#pragma once

#include <string>

#include "analysis/global/global_access.h"

namespace ls::report {

// The `sectors --json` object. `dtype` names the element type; `detail` is
// the instruction shown lane by lane.
std::string globalAccessJson(const GlobalAccess &ga, const std::string &dtype,
                             const GlobalInstruction &detail);

// The readable form (at most 64 instruction lines, then a count).
std::string globalAccessText(const GlobalAccess &ga, const std::string &dtype,
                             const GlobalInstruction &detail);

// "12.5%"
std::string percentText(double fraction);

} // namespace ls::report
