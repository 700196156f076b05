// Text and JSON of a convert_layout's class and cost (analysis/convert):
// class, triviality, moved dims, the minimal conversion, warp-shuffle rounds,
// or the scratch buffer's bytes, instructions, barriers and bank conflicts.
// `convert` prints it; the kernel audit writes the JSON object as each
// conversion's "cost".
#pragma once

#include <string>

#include "analysis/convert/layout_conversion.h"

namespace ls::report {

// The `convert --json` object. `withScopes` adds "registers_by_scope", which
// scans every destination register (the audit leaves it out). `machine`
// (e.g. "gfx942"), when given, is the target the cost is for: the JSON gains
// "machine" and the text names it beside the scratch instruction set.
std::string conversionCostJson(const LayoutConversion &c, const ConversionCost &cost,
                               const std::string &dtype, bool withScopes = true,
                               const std::string &machine = "");
// The readable form, one fact a line.
std::string conversionCostText(const LayoutConversion &c, const ConversionCost &cost,
                               const std::string &dtype, const std::string &machine = "");

} // namespace ls::report
