// `layouts`: every layout alias defined in a TTGIR file, in canonical text.
#include "cli_common.h"
#include "notation/mlir/layout_printer.h"
#include "ir/ttgir.h"
#include "util/error.h"

namespace ls::cli {
namespace {

int runLayouts(const Args &args, std::ostream &out) {
  std::string text = readFile(args.required("file"), "--file");
  ir::TtgirModule m = ir::parseTtgir(text);
  const ir::Syntax syntax = parseSyntaxFlag(args);
  for (const auto &l : m.layouts)
    out << "#" << l.name << " = " << ir::printEncoding(*l.encoding, syntax) << "\n";
  return 0;
}

CommandRegistration reg({"layouts",
                         "list the layout aliases defined in a TTGIR file",
                         {{"file", true, "TTGIR (.mlir) file"},
                          {"syntax", true, "3.6 (default) or legacy"}},
                         false,
                         runLayouts});

} // namespace
} // namespace ls::cli
