// `audit`: every layout, conversion and memory access of a TTGIR kernel, with
// the ranked findings (core/audit). The module's ttg.target picks the machine;
// --target overrides it.
#include <algorithm>
#include <chrono>
#include <sstream>

#include "audit/audit_report.h"
#include "audit/kernel_audit.h"
#include "cli_common.h"
#include "cli_lists.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

#ifdef LS_ALLOCATOR
constexpr const char *kAllocator = LS_ALLOCATOR;
#else
constexpr const char *kAllocator = "system";
#endif

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
  warnFileLayouts(file, path); // said after the report, as every command's warnings
  if (auto t = args.optional("time")) {
    // In-process timing for tests/gpu/ttgir/time_audit.sh: read + audit the
    // text `runs` times, print the median (the file is read from disk once).
    if (t->empty() || t->size() > 5 || t->find_first_not_of("0123456789") != std::string::npos)
      throw Error("--time", "'" + *t + "' is not a number of runs (1..10000)");
    const int runs = std::stoi(*t);
    if (runs < 1 || runs > 10000)
      throw Error("--time", "must be 1..10000 runs");
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
      auto t0 = std::chrono::steady_clock::now();
      ir::ModuleFile again = ir::readModuleFile(file.source.text());
      audit::KernelAudit b = audit::auditModules(again, options);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::ostringstream o;
    o << "{\"file\": " << JsonWriter::quote(path) << ", \"runs\": " << runs
      << ", \"median_ms\": " << ms[ms.size() / 2] << ", \"ops\": " << a.opCount
      << ", \"allocator\": \"" << kAllocator << "\"}\n";
    writeOutput(args, out, o.str());
    return 0;
  }
  size_t slash = path.find_last_of('/');
  a.file = slash == std::string::npos ? path : path.substr(slash + 1);
  writeOutput(args, out, args.flag("json") ? audit::auditJson(a) + "\n" : audit::auditText(a));
  return 0;
}

CommandRegistration
    reg({"audit",
         "every layout, convert_layout and shared/global access of a TTGIR "
         "kernel, with ranked findings",
         {{"file", true, "the .ttgir / .mlir file"},
          {"target", true, "override the module's ttg.target (sm90, gfx942, cuda:80 ...)"},
          {"json", false, "print JSON"},
          {"time", true, "read + audit N times in process; print the median ms"},
          {"output", true, "write to this file instead of stdout"}},
         false,
         runAudit});

} // namespace
} // namespace ls::cli
