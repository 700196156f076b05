// `layouts`: every layout alias defined in a TTGIR file, in canonical text.
// The file is read by the module reader (core/ir); what it could not read is
// said on stderr as `warning:` lines with line:column, and the aliases it
// could read are still listed.
#include <iostream>

#include "cli_common.h"
#include "ir/module_reader.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls::cli {
namespace {

int runLayouts(const Args &args, std::ostream &out) {
  const std::string path = args.required("file");
  ir::ModuleFile f = ir::readModuleFile(readFile(path, "--file"));
  const ir::Syntax syntax = parseSyntaxFlag(args);
  for (const Diagnostic &d : f.diagnostics.all())
    std::cerr << "warning: " << path << ":" << d.pos.line << ":" << d.pos.column << ": "
              << d.message << "\n";
  for (const auto &l : f.layoutAliases)
    out << "#" << l.name << " = " << ir::printEncoding(*l.encoding, syntax) << "\n";
  return 0;
}

CommandRegistration
    reg({"layouts",
         "list the layout aliases defined in a TTGIR file",
         {{"file", true, "TTGIR (.mlir) file"}, {"syntax", true, "3.6 (default) or legacy"}},
         false,
         runLayouts});

} // namespace
} // namespace ls::cli
