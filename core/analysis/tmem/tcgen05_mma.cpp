#include "analysis/tmem/tcgen05_mma.h"

#include "analysis/tmem/nvmma_default.h"
#include "analysis/tmem/tmem_reg_layout.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

Tcgen05InstrShape tcgen05InstrShape(int64_t rows, int64_t cols, int operandBits) {
  if (operandBits <= 0 || operandBits > 32)
    throw Error("dtype", "tcgen05 operands are 8, 16 or 32 bits wide");
  Tcgen05InstrShape s;
  s.m = rows >= 128 ? 128 : 64;
  s.n = static_cast<unsigned>(cols >= 256 ? 256 : cols);
  s.k = static_cast<unsigned>(256 / operandBits);
  return s;
}

Tcgen05Suggestion suggestTcgen05(const Tcgen05Request &r) {
  if (r.operandBits != 8 && r.operandBits != 16 && r.operandBits != 32)
    throw Error("dtype", "tcgen05 operands are 8-bit (f8, i8), 16-bit (f16, bf16) or 32-bit "
                         "(tf32), got " + std::to_string(r.operandBits) + "-bit");
  if (r.accBits != 16 && r.accBits != 32)
    throw Error("acc_dtype", "the accumulator is 32-bit (f32, i32) or 16-bit (f16)");
  if (!isPowerOf2(r.m) || r.m < 64 || r.m > 1024)
    throw Error("M", "the tile's rows must be a power of two from 64 to 1024, got " +
                         std::to_string(r.m));
  if (!isPowerOf2(r.n) || r.n > 4096)
    throw Error("N", "the tile's columns must be a power of two up to 4096, got " +
                         std::to_string(r.n));
  Tcgen05Suggestion s;
  s.instr = tcgen05InstrShape(r.m, r.n, r.operandBits);
  const unsigned minN = s.instr.m == 128 ? 16 : 8;
  if (s.instr.n < minN)
    throw Error("N", "tcgen05.mma with M = " + std::to_string(s.instr.m) + " needs N >= " +
                         std::to_string(minN) + " (PTX), got " + std::to_string(r.n));
  if (!isPowerOf2(r.k) || r.k < s.instr.k || r.k > 4096)
    throw Error("K", "the tile's K must be a power of two, a multiple of the instruction's K = " +
                         std::to_string(s.instr.k) + " (256 bits of the operand type), got " +
                         std::to_string(r.k));
  s.accumulator.blockM = s.instr.m;
  s.accumulator.blockN = s.instr.n;
  s.accumulator.colStride = static_cast<unsigned>(32 / r.accBits);
  auto acc = std::make_shared<TensorMemoryEncoding>(s.accumulator);
  TmemRegRequest load;
  load.layout = acc;
  load.shape = {r.m, r.n};
  load.bitwidth = r.accBits;
  load.numWarps = r.numWarps;
  s.accRegisters = tmemDefaultRegLayout(load);

  NvmmaDefaultRequest a;
  a.blockShape = {r.m, r.k};
  a.bitwidth = r.operandBits;
  s.aShared = nvmmaDefaultLayout(a);
  NvmmaDefaultRequest b;
  b.blockShape = {r.k, r.n};
  b.bitwidth = r.operandBits;
  b.transposed = r.bTransposed;
  s.bShared = nvmmaDefaultLayout(b);
  return s;
}

} // namespace ls
