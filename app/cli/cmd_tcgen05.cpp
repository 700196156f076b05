// `tcgen05`: what Triton 3.6 picks for a Blackwell MMA tile -- the tcgen05
// instruction shape, the accumulator's TMEM layout and register layout, and
// the operands' default NVMMA shared layouts.
#include "analysis/tmem/tmem_design.h"
#include "cli_common.h"
#include "cli_values.h"
#include "encodings/linear.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

int runTcgen05(const Args &args, std::ostream &out) {
  const Shape mn = parseShape(args.required("shape"));
  if (mn.size() != 2)
    throw Error("--shape", "expected the accumulator tile MxN, e.g. 128x128");
  Tcgen05Request r;
  r.m = mn[0];
  r.n = mn[1];
  r.k = parseCount(args.required("k"), "--k");
  r.operandBits = ir::parseElementType(args.required("dtype")).bits;
  const std::string acc = args.optional("acc-dtype").value_or("f32");
  r.accBits = ir::parseElementType(acc, "--acc-dtype").bits;
  r.numWarps = static_cast<int>(parseCount(args.optional("num-warps").value_or("4"), "--num-warps"));
  r.bTransposed = args.flag("b-transposed");
  const Tcgen05Suggestion s = suggestTcgen05(r);
  const TmemDesign d = suggestTmemDesign(r, acc);
  LinearEncoding regs;
  regs.layout = s.accRegisters;
  const std::string instr = "[" + std::to_string(s.instr.m) + ", " + std::to_string(s.instr.n) +
                            ", " + std::to_string(s.instr.k) + "]";
  if (args.flag("json")) {
    JsonWriter w;
    w.beginObject();
    w.key("instr_shape").array({s.instr.m, s.instr.n, s.instr.k});
    w.key("acc_tmem").value(ir::printEncoding(s.accumulator));
    w.key("acc_memdesc").value(d.memDescText());
    w.key("acc_registers").value(ir::printEncoding(regs));
    w.key("a_shared").value(ir::printEncoding(s.aShared));
    w.key("b_shared").value(ir::printEncoding(s.bShared));
    w.endObject();
    out << w.str() << "\n";
    return 0;
  }
  out << "instr_shape   = " << instr << "\n"
      << "acc_tmem      = " << ir::printEncoding(s.accumulator) << "\n"
      << "acc_memdesc   = " << d.memDescText() << "\n"
      << "acc_registers = " << ir::printEncoding(regs) << "\n"
      << "a_shared      = " << ir::printEncoding(s.aShared) << "\n"
      << "b_shared      = " << ir::printEncoding(s.bShared) << "\n";
  return 0;
}

CommandRegistration reg({"tcgen05",
                         "Triton's choices for a Blackwell MMA tile: instruction shape, "
                         "accumulator TMEM and register layouts, operand shared layouts",
                         {{"shape", true, "accumulator tile MxN, e.g. 128x256"},
                          {"k", true, "K of the tile, e.g. 64"},
                          {"dtype", true, "operand type: f16, bf16, f8, i8, tf32"},
                          {"acc-dtype", true, "accumulator type: f32 (default), f16, i32"},
                          {"num-warps", true, "warps (default 4)"},
                          {"b-transposed", false, "B is K-contiguous"},
                          {"json", false, "print JSON"}},
                         false,
                         runTcgen05});

} // namespace
} // namespace ls::cli
