// Keeping an encoding in step with the module when the user changes
// num-warps or threads-per-warp.
//
// Changing "warps" from 4 to 8 on a blocked layout with warpsPerCTA [4, 1]
// would otherwise just break the rule prod(warpsPerCTA) == num-warps; the
// form instead offers the nearest layout that keeps the rule: the slowest
// dim (the last in `order`; dim0 for MMA kinds) absorbs the factor, [8, 1].
// Lanes work the same way for blocked layouts (threadsPerWarp). When no such
// layout exists (a factor would drop below 1, or the kind fixes its lanes),
// the attribute is returned unchanged and the rule shows next to the field.
#pragma once

#include <QString>

#include "encodings/module_params.h"

namespace ls::app {

// The attribute adapted from module `from` to module `to`, or the attribute
// itself if it cannot (or need not) be adapted.
QString retargetAttribute(const QString &attribute, const ls::ModuleParams &from,
                          const ls::ModuleParams &to);

} // namespace ls::app
