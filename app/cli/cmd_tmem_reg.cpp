// `tmem-reg`: the register layout of a TMEM load/store, as Gluon's
// get_tmem_reg_layout computes it.
#include "analysis/tmem/tmem_reg_layout.h"
#include "cli_common.h"
#include "cli_values.h"
#include "report/layout_report.h"
#include "util/error.h"

namespace ls::cli {
namespace {

int runTmemReg(const Args &args, std::ostream &out) {
  ResolvedLayout r = resolveLayout(args, "tmem");
  if (!r.element)
    throw Error("--dtype", "is required (or give --tmem as a !ttg.memdesc<...> type)");
  TmemRegRequest req;
  req.layout = r.encoding;
  req.shape = r.shape;
  req.bitwidth = r.element->bits;
  const auto warps = flagOrModule(args, "num-warps"); // --file's ttg.num-warps by default
  req.numWarps =
      static_cast<int>(parseCount(warps ? *warps : args.required("num-warps"), "--num-warps"));
  req.variant = parseTmemVariant(args.optional("variant").value_or("32x32b"));
  if (auto cga = args.optional("cga-layout"))
    req.cgaBases = parseBasesList(*cga, "--cga-layout");
  LinearLayout ll = tmemRegLayout(req);
  if (args.flag("json"))
    out << report::layoutJson(ll, r.shape) << "\n";
  else
    out << ll.toString() << "\n";
  return 0;
}

CommandRegistration reg({"tmem-reg",
                         "the register layout of a TMEM load/store (Gluon's get_tmem_reg_layout)",
                         {kFileOption,
                          {"tmem", true,
                           "#ttng.tensor_memory_encoding<...> (or _scales_) or a "
                           "!ttg.memdesc<...> type"},
                          {"shape", true, "tensor shape, e.g. 128x64"},
                          {"dtype", true, "element type: f32, f16, bf16, f8, i8"},
                          {"num-warps", true, "warps: 4, 8, 16, ..."},
                          {"variant", true,
                           "32x32b (default), 16x64b, 16x128b, 16x256b, "
                           "32x32b_splitn"},
                          {"cga-layout", true, "Gluon's cga_layout bases, e.g. [[1, 0]]"},
                          {"json", false, "print JSON as `linear --json`"}},
                         false,
                         runTmemReg});

} // namespace
} // namespace ls::cli
