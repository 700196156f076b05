// `linear`: the linear layout of an encoding on a shape.
#include "cli_common.h"
#include "report/layout_report.h"

namespace ls::cli {
namespace {

int runLinear(const Args &args, std::ostream &out) {
  ResolvedLayout r = resolveLayout(args);
  LinearLayout ll = r.encoding->toLinearLayout(r.shape);
  if (args.flag("json"))
    out << report::layoutJson(ll, r.shape) << "\n";
  else
    out << ll.toString() << "\n";
  return 0;
}

CommandRegistration reg({"linear",
                         "print the linear layout (Triton's bases) of a layout on a shape",
                         {kFileOption,
                          {"layout", true, "layout attribute or tensor/memdesc type"},
                          {"shape", true, "tensor shape, e.g. 64x64"},
                          {"dtype", true, "element type (ignored by most layouts)"},
                          {"json", false, "print JSON instead of Triton's toString()"}},
                         false,
                         runLinear});

} // namespace
} // namespace ls::cli
