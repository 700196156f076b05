// Reading Gluon constructor text.
//
// Gluon programs build layouts as Python objects, and Gluon 3.6 prints them
// with repr() as constructor calls with keyword arguments:
//   BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8],
//                 warps_per_cta=[4, 1], order=[1, 0], cga_layout=[[0, 1]])
// Authors write the same calls by hand, with a gl./ttgl. prefix, positional
// arguments, or wrapped in gl.constexpr(...). This reader accepts all of them
// for every layout class Gluon 3.6 has and maps each class's fields onto the
// Triton attribute with the same meaning, so the encoding is built (and
// validated) by the one attribute reader: a Gluon layout is exactly the
// attribute Gluon's _to_ir would make, with the same errors.
#pragma once

#include <string>
#include <string_view>

#include "notation/mlir/layout_parser.h"

namespace ls::notation::gluon {

// The attribute text (Triton 3.6 syntax) that the Gluon call `text` builds.
// Requires: `text` is one Gluon layout constructor call (optionally prefixed
// and wrapped in constexpr). Throws ls::Error naming `field`, the argument
// and the rule, with the column of the offending token.
std::string gluonToAttributeText(std::string_view text, const std::string &field = "--layout");

// Reads the call into an encoding (through gluonToAttributeText).
ir::LayoutInput readGluon(std::string_view text, const std::string &field = "--layout");

} // namespace ls::notation::gluon
