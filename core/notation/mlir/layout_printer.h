// Printing encodings as Triton IR attribute text.
//
// Syntax::Triton36 is byte-for-byte what Triton 3.6 prints. Syntax::Legacy
// is the spelling of older Triton (3.0/3.1): the #triton_gpu. prefix, the CTA
// layout as CTAsPerCGA / CTASplitNum / CTAOrder, and the old names of the
// shared and AMD encodings.
#pragma once

#include <string>
#include <vector>

#include "encodings/encoding.h"

namespace ls::ir {

// Syntax::Main is Triton's main branch after 3.6: the same text except
// amd_wmma (`ctaLayout = {register = .., warp = ..}` instead of
// warpsPerCTA/tilesPerWarp) and the layouts 3.6 does not have
// (#ttg.generic_linear).
enum class Syntax { Triton36, Legacy, Main };

// Throws ls::Error if the encoding has no spelling in the requested syntax
// (e.g. a CGA layout that no CTA triple describes, or a layout kind older
// Triton does not have).
std::string printEncoding(const Encoding &enc, Syntax syntax = Syntax::Triton36);

// What the legacy (Triton 3.0-3.2) text of `enc` cannot say, so that it
// reads back as another attribute with the same bases ("instrShape: older
// Triton writes [M, N]; read back, K is 8, not 16"): one "field: what" per
// loss, empty when the legacy text reads back as `enc`.
std::vector<std::string> legacyLosses(const Encoding &enc);

// "[1, 2, 3]"
std::string printList(const std::vector<unsigned> &v);
// "register = [[0, 1]], lane = [...]" for the given in-dims of a layout.
std::string printBases(const LinearLayout &ll, const std::vector<DimName> &inDims);

} // namespace ls::ir
