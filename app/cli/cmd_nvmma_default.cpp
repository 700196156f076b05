// `nvmma-default`: the #ttg.nvmma_shared attribute Gluon's
// NVMMASharedLayout.get_default_for picks for a tile.
#include "analysis/tmem/nvmma_default.h"
#include "cli_values.h"
#include "cli_common.h"
#include "notation/mlir/layout_printer.h"

namespace ls::cli {
namespace {

int runNvmmaDefault(const Args &args, std::ostream &out) {
  NvmmaDefaultRequest req;
  req.blockShape = parseShape(args.required("shape"));
  req.bitwidth = ir::parseElementType(args.required("dtype")).bits;
  req.transposed = args.flag("transposed");
  req.fp4Padded = args.flag("fp4-padded");
  if (auto cga = args.optional("cga-layout"))
    req.cgaBases = parseBasesList(*cga, "--cga-layout");
  out << ir::printEncoding(nvmmaDefaultLayout(req)) << "\n";
  return 0;
}

CommandRegistration reg({"nvmma-default",
                         "the #ttg.nvmma_shared layout Gluon's NVMMASharedLayout.get_default_for "
                         "picks",
                         {{"shape", true, "block shape, e.g. 128x64"},
                          {"dtype", true, "element type: f8, f16, bf16, f32, f64, i8, ..."},
                          {"transposed", false, "dim 0 is the contiguous one"},
                          {"fp4-padded", false, "fp4 padded operand (doubles the row)"},
                          {"cga-layout", true, "Gluon's cga_layout bases, e.g. [[1, 0]]"}},
                         false,
                         runNvmmaDefault});

} // namespace
} // namespace ls::cli
