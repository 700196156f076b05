#include "analysis/mma/mma_operands.h"

#include <algorithm>

#include "encodings/amd_mfma.h"
#include "encodings/amd_wmma.h"
#include "encodings/dot_operand.h"
#include "encodings/nvidia_mma.h"
#include "encodings/nvmma_default.h"
#include "encodings/tensor_memory.h"
#include "util/error.h"

namespace ls {

namespace {

void requireOperandBits(int bits) {
  if (bits != 8 && bits != 16 && bits != 32)
    throw Error("dtype", "MMA operands are 8, 16 or 32 bits wide, got " + std::to_string(bits));
}

EncodingPtr dotOperand(const EncodingPtr &parent, unsigned opIdx, unsigned kWidth) {
  auto d = std::make_shared<DotOperandEncoding>();
  d->opIdx = opIdx;
  d->parent = parent;
  d->kWidth = kWidth;
  d->validate();
  return d;
}

EncodingPtr nvmmaDefault(int64_t rows, int64_t cols, int bits) {
  NvmmaDefaultRequest r;
  r.blockShape = {rows, cols};
  r.bitwidth = bits;
  return std::make_shared<NvmmaSharedEncoding>(nvmmaDefaultLayout(r));
}

std::string dims(unsigned m, unsigned n, unsigned k) {
  std::string s("m");
  s += std::to_string(m);
  s += 'n';
  s += std::to_string(n);
  s += 'k';
  s += std::to_string(k);
  return s;
}

} // namespace

unsigned tritonKWidth(const Encoding &c, int operandBits) {
  requireOperandBits(operandBits);
  switch (c.kind()) {
  case EncodingKind::NvidiaMma:
    return static_cast<unsigned>(32 / operandBits);
  case EncodingKind::AmdMfma: {
    auto &mfma = static_cast<const AmdMfmaEncoding &>(c);
    const unsigned m = mfma.instrShape[0], n = mfma.instrShape[1], k = mfma.instrShape[2];
    if (m != n)
      throw Error("instrShape", "the MMA arrangement draws square MFMA tiles (32x32, 16x16), got " +
                                    listText(mfma.instrShape));
    return std::max(1u, k * m / 64);
  }
  case EncodingKind::AmdWmma: {
    auto &wmma = static_cast<const AmdWmmaEncoding &>(c);
    const std::vector<unsigned> instr = wmma.instr();
    return wmma.version == 1 ? instr[2] : instr[2] * instr[0] / 32;
  }
  default:
    throw Error("layout", std::string("a ") + mnemonic(c.kind()) +
                              " layout is not the result of a register MMA");
  }
}

MmaOperands mmaOperands(const EncodingPtr &c, int operandBits, const Shape &cShape, int64_t k) {
  requireOperandBits(operandBits);
  if (!c)
    throw Error("layout", "no layout");
  if (c->rank() != 2)
    throw Error("layout", "the MMA arrangement shows rank-2 layouts, this one has rank " +
                              std::to_string(c->rank()));
  if (!cShape.empty() && cShape.size() != 2)
    throw Error("shape", "C's shape is M x N");
  MmaOperands o;
  o.c = c;
  switch (c->kind()) {
  case EncodingKind::NvidiaMma: {
    auto &mma = static_cast<const NvidiaMmaEncoding &>(*c);
    mma.validate();
    o.kWidth = tritonKWidth(*c, operandBits);
    if (mma.isAmpere()) {
      o.family = MmaFamily::NvidiaMmaV2;
      o.m = mma.instrShape[0];
      o.n = mma.instrShape[1];
      o.k = 8 * o.kWidth;
      o.instruction = "mma.sync " + dims(o.m, o.n, o.k);
      o.a = dotOperand(c, 0, o.kWidth);
      o.b = dotOperand(c, 1, o.kWidth);
    } else {
      o.family = MmaFamily::NvidiaMmaV3;
      o.m = 64; // a warpgroup: four warps of 16 rows
      o.n = mma.instrShape[1];
      o.k = mma.instrShape[2];
      o.instruction = "wgmma " + dims(o.m, o.n, o.k);
      o.a = dotOperand(c, 0, o.kWidth);
      o.bShared = true;
    }
    break;
  }
  case EncodingKind::AmdMfma: {
    auto &mfma = static_cast<const AmdMfmaEncoding &>(*c);
    mfma.validate();
    o.family = MmaFamily::AmdMfma;
    o.kWidth = tritonKWidth(*c, operandBits);
    o.m = mfma.instrShape[0];
    o.n = mfma.instrShape[1];
    o.k = mfma.instrShape[2];
    o.instruction =
        "v_mfma " + std::to_string(o.m) + "x" + std::to_string(o.n) + "x" + std::to_string(o.k);
    o.a = dotOperand(c, 0, o.kWidth);
    o.b = dotOperand(c, 1, o.kWidth);
    break;
  }
  case EncodingKind::AmdWmma: {
    auto &wmma = static_cast<const AmdWmmaEncoding &>(*c);
    wmma.validate();
    o.family = MmaFamily::AmdWmma;
    o.kWidth = tritonKWidth(*c, operandBits);
    const std::vector<unsigned> instr = wmma.instr();
    o.m = instr[0];
    o.n = instr[1];
    o.k = instr[2];
    o.instruction = "v_wmma " + std::to_string(o.m) + "x" + std::to_string(o.n) + "x" +
                    std::to_string(o.k) + " (version " + std::to_string(wmma.version) + ")";
    o.a = dotOperand(c, 0, o.kWidth);
    o.b = dotOperand(c, 1, o.kWidth);
    break;
  }
  case EncodingKind::TensorMemory: {
    auto &tm = static_cast<const TensorMemoryEncoding &>(*c);
    tm.validate();
    o.family = MmaFamily::Tcgen05;
    o.m = tm.blockM;
    o.n = tm.blockN;
    o.k = static_cast<unsigned>(256 / operandBits);
    o.instruction = "tcgen05.mma " + dims(o.m, o.n, o.k);
    o.aShared = o.bShared = true;
    break;
  }
  default:
    throw Error("layout", std::string("the MMA arrangement needs an MMA result layout (nvidia_mma, "
                                      "amd_mfma, amd_wmma or tensor_memory_encoding), not ") +
                              mnemonic(c->kind()));
  }
  const int64_t m = cShape.empty() ? o.m : cShape[0];
  const int64_t n = cShape.empty() ? o.n : cShape[1];
  const int64_t kk = k > 0 ? k : o.k;
  o.cShape = {m, n};
  o.aShape = {m, kk};
  o.bShape = {kk, n};
  if (o.aShared)
    o.a = nvmmaDefault(m, kk, operandBits);
  if (o.bShared)
    o.b = nvmmaDefault(kk, n, operandBits);
  return o;
}

} // namespace ls
