#include "encodings/module_params.h"

#include <string>

#include "encodings/dot_operand.h"
#include "encodings/slice.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

namespace {

// Slices and dot operands take warps and lanes from their parent; the field
// to change lives there.
const Encoding &rootOf(const Encoding &enc) {
  const Encoding *e = &enc;
  for (int depth = 0; depth < 16; ++depth) {
    if (auto *s = dynamic_cast<const SliceEncoding *>(e); s && s->parent)
      e = s->parent.get();
    else if (auto *d = dynamic_cast<const DotOperandEncoding *>(e); d && d->parent)
      e = d->parent.get();
    else
      break;
  }
  return *e;
}

struct FieldNames {
  const char *lanes;
  const char *warps;
  const char *ctas;
};

FieldNames fieldsOf(const Encoding &root) {
  switch (root.kind()) {
  case EncodingKind::Blocked:
    return {"threadsPerWarp", "warpsPerCTA", "CGALayout"};
  case EncodingKind::Linear:
    return {"lane", "warp", "block"};
  case EncodingKind::PaddedShared:
    return {"threads-per-warp", "num-warps", "block"};
  case EncodingKind::SharedLinear:
    return {"threads-per-warp", "num-warps", "block"};
  // MMA-family lane counts are fixed by the instruction: the module's warp
  // size is what has to change.
  default:
    return {"threads-per-warp", "warpsPerCTA", "CGALayout"};
  }
}

void requireModuleValue(const char *field, int value, int maxValue) {
  if (!isPowerOf2(value) || value > maxValue)
    throw Error(field, "must be a power of two between 1 and " + std::to_string(maxValue) +
                           ", got " + std::to_string(value));
}

} // namespace

ModuleParams impliedModuleParams(const Encoding &enc) {
  ModuleParams p;
  p.numCTAs = enc.numCTAs();
  if (!enc.isShared()) {
    p.numWarps = enc.numWarps();
    p.threadsPerWarp = enc.warpSize();
  }
  return p;
}

void checkModuleParams(const Encoding &enc, const ModuleParams &m) {
  requireModuleValue("num-warps", m.numWarps, 64);
  if (m.threadsPerWarp != 32 && m.threadsPerWarp != 64)
    throw Error("threads-per-warp", "must be 32 or 64, got " + std::to_string(m.threadsPerWarp));
  requireModuleValue("num-ctas", m.numCTAs, 16);
  const FieldNames f = fieldsOf(rootOf(enc));
  if (enc.numCTAs() != m.numCTAs)
    throw Error(f.ctas, "describes " + std::to_string(enc.numCTAs()) +
                            " CTAs but the design has num-ctas = " + std::to_string(m.numCTAs));
  if (enc.isShared())
    return;
  if (enc.warpSize() != m.threadsPerWarp) {
    const std::string fixed = std::string(f.lanes) == "threads-per-warp"
                                  ? std::string(mnemonic(rootOf(enc).kind())) + " layouts use "
                                  : "the lanes multiply to ";
    throw Error(f.lanes, fixed + std::to_string(enc.warpSize()) +
                             " threads per warp but the "
                             "design has " +
                             std::to_string(m.threadsPerWarp));
  }
  if (enc.numWarps() != m.numWarps)
    throw Error(f.warps, "the product of the warps is " + std::to_string(enc.numWarps()) +
                             " but the design has num-warps = " + std::to_string(m.numWarps));
}

} // namespace ls
