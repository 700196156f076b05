// `audit`: every layout, conversion and memory access of a TTGIR kernel, with
// the ranked findings (core/audit). The module's ttg.target picks the machine;
// --target overrides it.
#include "audit/audit_report.h"
#include "audit/kernel_audit.h"
#include "cli_common.h"
#include "util/error.h"

namespace ls::cli {
namespace {

int runAudit(const Args &args, std::ostream &out) {
  const std::string &path = args.required("file");
  ir::ModuleFile file = ir::readModuleFile(readFile(path, "--file"));
  // A kernel with a line the reader cannot read is not audited in part: the
  // first problem is the one error line, with its line:column.
  if (!file.diagnostics.empty()) {
    const Diagnostic &d = file.diagnostics.all()[0];
    throw Error("--file", path + ":" + std::to_string(d.pos.line) + ":" +
                              std::to_string(d.pos.column) + ": " + d.message);
  }
  if (!file.looksLikeMlir())
    throw Error("--file", "'" + path + "' is not MLIR text");
  audit::AuditOptions options;
  if (auto t = args.optional("target"))
    options.target = *t;
  audit::KernelAudit a = audit::auditModules(file, options);
  size_t slash = path.find_last_of('/');
  a.file = slash == std::string::npos ? path : path.substr(slash + 1);
  writeOutput(args, out, args.flag("json") ? audit::auditJson(a) + "\n" : audit::auditText(a));
  return 0;
}

CommandRegistration reg({"audit",
                         "every layout, convert_layout and shared/global access of a TTGIR "
                         "kernel, with ranked findings",
                         {{"file", true, "the .ttgir / .mlir file"},
                          {"target", true, "override the module's ttg.target (sm90, gfx942, cuda:80 ...)"},
                          {"json", false, "print JSON"},
                          {"output", true, "write to this file instead of stdout"}},
                         false,
                         runAudit});

} // namespace
} // namespace ls::cli
