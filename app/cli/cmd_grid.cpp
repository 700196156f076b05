// `grid`: the element-to-owner grid, as triton-tensor-layout prints it.
#include "analysis/ownership/layout_grid.h"
#include "analysis/ownership/ownership.h"
#include "cli_common.h"
#include "encodings/tensor_memory.h"
#include "report/ownership_report.h"
#include "util/error.h"

namespace ls::cli {
namespace {

int runGrid(const Args &args, std::ostream &out) {
  ResolvedLayout r = resolveLayout(args);
  if (r.encoding->isTensorMemory())
    throw Error("--layout", "tensor memory layouts have no thread grid; use `tmem-reg` for the "
                            "registers a TMEM load uses, or `linear` for the row/column map");
  LinearLayout ll = r.encoding->toLinearLayout(r.shape);
  if (args.flag("json")) {
    out << report::ownershipGridJson(Ownership(ll)) << "\n";
    return 0;
  }
  const bool hw = args.flag("hw-view");
  out << (r.encoding->isShared() ? sharedGrid(ll, hw) : distributedGrid(ll, hw));
  return 0;
}

CommandRegistration reg({"grid",
                         "print the element-to-owner grid (triton-tensor-layout's body)",
                         {{"layout", true, "layout attribute or tensor/memdesc type"},
                          {"shape", true, "tensor shape, e.g. 64x64"},
                          {"dtype", true, "element type (ignored by most layouts)"},
                          {"hw-view", false, "per warp, lane and register: which element"},
                          {"json", false, "the whole ownership map as JSON: every element's owners"}},
                         false,
                         runGrid});

} // namespace
} // namespace ls::cli
