// C++ export: the layout as Triton's C++ builds it.
//
// Two forms, one snippet:
//
//   LinearLayout layout(
//       {{S("register"), {{0, 1}, {0, 2}}},
//        {S("lane"), {{0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 0}}},
//        {S("warp"), {{4, 0}, {8, 0}}},
//        {S("block"), {}}},
//       {S("dim0"), S("dim1")});
//
// is the linear layout (Triton's toLinearLayout on the design's shape) in the
// construction form of Triton's own unit tests; ls::LinearLayout and ls::S
// accept the same text, which is how the tests check it.  Then
//
//   auto cga0 = CTAEncodingAttr::getDefault(ctx, /*rank=*/2);
//   auto encoding = BlockedEncodingAttr::get(ctx, /*sizePerThread=*/{1, 4}, ...);
//
// builds the encoding attribute through the Triton 3.6 builders (parents of
// slices and dot operands first), for code that creates layouts in a pass.
#pragma once

#include <string>

#include "codegen/export_options.h"

namespace ls::codegen {

// `LinearLayout <var>(...);` -- the short form (out sizes inferred) when it
// reproduces the layout, else the form with explicit out-dim sizes.
std::string cppLinearLayout(const LinearLayout &layout, const std::string &var);

// The whole snippet (header comment, linear layout, builder calls).
std::string exportCpp(const ExportDesign &design, const ExportOptions &options);

} // namespace ls::codegen
