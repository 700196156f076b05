// The machine an audit assumes, from the module's own attributes.
//
// Triton writes the target into every module (`ttg.target = "cuda:90"`,
// `"hip:gfx942"`) with the warp width (`ttg.threads-per-warp = 64` on
// CDNA). The audit turns that into the two models it needs: the bank model
// of analysis/banks (banks, bank width, ldmatrix/stmatrix) and the scratch
// target of a conversion (which instructions Triton's lowering may use).
// This is the one seam between module attributes and the analyses; a
// `--target` override passes through the same function.
#pragma once

#include <string>

#include "analysis/banks/bank_model.h"
#include "analysis/convert/conversion_swizzle.h"

namespace ls::audit {

struct AuditTarget {
  std::string module; // "cuda:90", "hip:gfx942" (or the override as given)
  BankTarget banks;
  ScratchTarget scratch = ScratchTarget::Sm90;
  // A compute capability no model is made for (cuda:75, cuda:130): the
  // nearest model's figures stand in for it.
  bool standIn = false;
};

// Accepts `cuda:N`, `hip:gfxN` and the bank model's names (sm80, sm90,
// sm100, sm120, gfx90a, gfx942, gfx950, gfx1100, gfx1200); "" means
// cuda:90. cuda:120 and up is sm120, cuda:100..119 sm100, cuda:90..99 sm90,
// below sm80. The canonical name (the one vocabulary of the CLI's --target
// and the app's document target) is `banks.name`.
// gfx1200 (RDNA 4, 32 banks of 4 bytes, no ldmatrix) uses the CDNA model
// with its own name. Another AMD chip takes its family's model and name
// (hip:gfx940 -> gfx942, gfx908 -> gfx90a, gfx1101 -> gfx1100, gfx1201 ->
// gfx1200). Throws ls::Error(field, ...) for anything else.
AuditTarget auditTarget(const std::string &text, const std::string &field = "--target");

// The target a kernel or a layout implies when nothing names one: gfx942 for
// 64 lanes per warp, else sm90.
std::string defaultTargetFor(int lanes);

} // namespace ls::audit
