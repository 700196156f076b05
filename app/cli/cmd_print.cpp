// `print`: the canonical attribute text (Triton 3.6 or legacy syntax).
#include "cli_common.h"
#include "notation/layout_input.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls::cli {
namespace {

int runPrint(const Args &args, std::ostream &out) {
  ir::LayoutInput in = readLayoutFlag(args, "layout");
  const ir::Syntax syntax = parseSyntaxFlag(args);
  out << ir::printEncoding(*in.encoding, syntax) << "\n";
  return 0;
}

CommandRegistration
    reg({"print",
         "print the layout attribute in canonical Triton text",
         {kFileOption,
          {"layout", true, "layout attribute or tensor/memdesc type"},
          {"syntax", true, "3.6 (default) or legacy (#triton_gpu. with CTA triple)"}},
         false,
         runPrint});

} // namespace
} // namespace ls::cli
