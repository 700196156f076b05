#include "analysis/ownership/mma_fragment.h"

#include "encodings/amd_mfma.h"
#include "encodings/amd_wmma.h"
#include "encodings/dot_operand.h"
#include "encodings/nvidia_mma.h"
#include "layout/layout_utils.h"

namespace ls {

namespace {

// The accumulator tile M x N and the K of one instruction, or false.
bool accumulatorTile(const Encoding &enc, int elementBits, int64_t *m, int64_t *n, int64_t *k,
                     std::string *instr) {
  const int bits = elementBits > 0 ? elementBits : 16;
  if (auto *mma = dynamic_cast<const NvidiaMmaEncoding *>(&enc)) {
    const auto &s = mma->instrShape;
    if (mma->isAmpere() && s.size() >= 2) {
      *m = s[s.size() - 2];
      *n = s[s.size() - 1];
      *k = 256 / bits; // operands: k16 for 16-bit types, k8 for tf32, k32 for 8-bit
      *instr = "mma.sync";
      return true;
    }
    if (mma->isHopper() && s.size() == 3) {
      *m = s[0]; // one warp's 16 rows of the warpgroup's 64
      *n = s[1];
      *k = s[2];
      *instr = "wgmma";
      return true;
    }
    return false;
  }
  if (auto *mfma = dynamic_cast<const AmdMfmaEncoding *>(&enc)) {
    const auto &s = mfma->instrShape;
    if (s.size() < 2)
      return false;
    *m = s[0];
    *n = s[1];
    *k = s.size() >= 3 ? s[2] : 8;
    *instr = "mfma";
    return true;
  }
  if (auto *wmma = dynamic_cast<const AmdWmmaEncoding *>(&enc)) {
    const auto s = wmma->instr();
    *m = s[0];
    *n = s[1];
    *k = s[2];
    *instr = "wmma";
    return true;
  }
  return false;
}

} // namespace

MmaFragment mmaFragment(const Encoding &enc, const LinearLayout &layout, int elementBits) {
  MmaFragment f;
  int64_t m = 0, n = 0, k = 0;
  std::string instr;
  if (auto *dot = dynamic_cast<const DotOperandEncoding *>(&enc)) {
    if (!dot->parent || !accumulatorTile(*dot->parent, elementBits, &m, &n, &k, &instr))
      return f;
    f.operand = dot->opIdx == 0 ? 'a' : 'b';
    f.tileRows = dot->opIdx == 0 ? m : k;
    f.tileCols = dot->opIdx == 0 ? k : n;
    f.rowAxis = dot->opIdx == 0 ? "M" : "K";
    f.colAxis = dot->opIdx == 0 ? "K" : "N";
  } else {
    if (!accumulatorTile(enc, elementBits, &m, &n, &k, &instr))
      return f;
    f.operand = 'c';
    f.tileRows = m;
    f.tileCols = n;
    f.rowAxis = "M";
    f.colAxis = "N";
  }
  // "mma.sync m16n8k16" for an operand; the accumulator's element type says
  // nothing about K, so "mma.sync m16n8" for C. wgmma's M is the
  // warpgroup's 64 rows (one warp holds 16).
  const bool wg = instr == "wgmma";
  f.instruction = instr + " m" + std::to_string(wg ? 64 : m) + "n" + std::to_string(n);
  if (f.operand != 'c' || wg || instr != "mma.sync")
    f.instruction += "k" + std::to_string(k);
  // Leading register bases inside the tile (earlier dims at 0).
  const int outs = layout.getNumOutDims();
  if (outs < 2 || !layout.hasInDim(kRegister)) {
    f.operand = 0;
    return f;
  }
  const int nregs = layout.getInDimSizeLog2(kRegister);
  int bits = 0;
  for (; bits < nregs; ++bits) {
    const auto b = layout.getBasis(kRegister, bits);
    bool inside = b[outs - 2] < f.tileRows && b[outs - 1] < f.tileCols;
    for (int d = 0; d + 2 < outs; ++d)
      inside = inside && b[d] == 0;
    if (!inside)
      break;
  }
  f.registerBits = bits;
  return f;
}

} // namespace ls
