// ModuleParams: the three numbers a TTGIR module fixes for every layout in it
// (`ttg.num-warps`, `ttg.threads-per-warp`, `ttg.num-ctas`), and the rule that
// ties an encoding to them.
//
// Triton checks products such as prod(warpsPerCTA) == num-warps when it
// verifies a kernel, not when it parses an attribute; a design tool has to
// check them itself so that a layout drawn for 4 warps is not silently used
// in an 8-warp kernel. The rule names the encoding field to change
// (threadsPerWarp, warpsPerCTA, lane, CGALayout, ...), so that a form can show
// it next to that field.
#pragma once

#include "encodings/encoding.h"

namespace ls {

struct ModuleParams {
  int numWarps = 4;
  int threadsPerWarp = 32;
  int numCTAs = 1;

  bool operator==(const ModuleParams &) const = default;
};

// The module parameters the encoding itself implies (shared encodings imply
// only their CTA count; warps and lanes keep the defaults).
ModuleParams impliedModuleParams(const Encoding &enc);

// Throws ls::Error(field, rule) when the encoding disagrees with `module`.
// Also rejects module values that are not powers of two, a warp size other
// than 32 or 64, and more than 64 warps or 16 CTAs
// (fields "num-warps", "threads-per-warp", "num-ctas").
void checkModuleParams(const Encoding &enc, const ModuleParams &module);

} // namespace ls
