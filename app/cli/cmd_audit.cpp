// `audit`: open a whole TTGIR kernel and see every layout, conversion and
// shared/global access it pays for, ranked (core/audit).
#include "audit/audit_report.h"
#include "audit/kernel_audit.h"
#include "cli_common.h"
#include "util/error.h"

namespace ls::cli {
namespace {

int runAudit(const Args &args, std::ostream &out) {
  const std::string path = args.required("file");
  ir::ModuleFile file = ir::readModuleFile(readFile(path, "--file"));
  for (const Diagnostic &d : file.diagnostics.all())
    if (d.severity == Diagnostic::Severity::Error)
      throw Error("--file", path + ":" + std::to_string(d.pos.line) + ":" +
                                std::to_string(d.pos.column) + ": " + d.message);
  if (!file.looksLikeMlir() || file.modules.empty())
    throw Error("--file", path + " holds no MLIR module (expected TTGIR text)");
  audit::AuditOptions opt;
  opt.target = args.optional("target");
  const audit::KernelAudit a = audit::auditKernel(file, path, opt);
  writeOutput(args, out, args.flag("json") ? audit::auditJson(a) + "\n" : audit::auditText(a));
  return 0;
}

CommandRegistration reg({"audit",
                         "the whole-kernel audit: layouts, conversions, shared and global accesses "
                         "of a TTGIR file, costliest first",
                         {{"file", true, "a TTGIR/MLIR file (TRITON_KERNEL_DUMP, the cache's .ttgir, ...)"},
                          {"target", true, "override the module's target: sm80, sm90, sm100, sm120, "
                                           "gfx90a, gfx942, gfx950, gfx1100, gfx1200, cuda:90, hip:gfx942"},
                          {"json", false, "print JSON"},
                          {"output", true, "write to this file instead of stdout"}},
                         false,
                         runAudit});

} // namespace
} // namespace ls::cli
