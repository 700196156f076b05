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
  using Clock = std::chrono::steady_clock;
  const auto firstStart = Clock::now(); // the process's first read + audit: `first_ms` of --time
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
  if (auto t = targetFlag(args))
    options.target = *t;
  audit::KernelAudit a = audit::auditModules(file, options);
  const auto firstEnd = Clock::now();
  warnFileLayouts(file, path); // said after the report, as every command's warnings
  for (size_t i = size_t(a.fileWarnings); i < a.warnings.size(); ++i)
    warn("warning: " + path + ": " + a.warnings[i]);
  if (auto t = args.optional("time")) {
    // In-process timing for tests/gpu/ttgir/time_audit.sh: read + audit the
    // text `runs` times, print the median (the file is read from disk once).
    if (t->empty() || t->size() > 5 || t->find_first_not_of("0123456789") != std::string::npos)
      throw Error("--time", "'" + *t + "' is not a number of runs (1..10000)");
    const int runs = std::stoi(*t);
    if (runs < 1 || runs > 10000)
      throw Error("--time", "must be 1..10000 runs");
    auto msBetween = [](Clock::time_point a, Clock::time_point b) {
      return std::chrono::duration<double, std::milli>(b - a).count();
    };
    std::vector<double> ms, readMs, auditMs;
    for (int i = 0; i < runs; ++i) {
      const auto t0 = Clock::now();
      ir::ModuleFile again = ir::readModuleFile(file.source.text());
      const auto t1 = Clock::now();
      audit::KernelAudit b = audit::auditModules(again, options);
      const auto t2 = Clock::now();
      ms.push_back(msBetween(t0, t2));
      readMs.push_back(msBetween(t0, t1));
      auditMs.push_back(msBetween(t1, t2));
    }
    auto median = [](std::vector<double> &v) {
      std::sort(v.begin(), v.end());
      return v[v.size() / 2];
    };
    std::ostringstream o;
    o << "{\"file\": " << JsonWriter::quote(path) << ", \"runs\": " << runs
      << ", \"median_ms\": " << median(ms) << ", \"read_median_ms\": " << median(readMs)
      << ", \"audit_median_ms\": " << median(auditMs)
      << ", \"first_ms\": " << msBetween(firstStart, firstEnd) << ", \"ops\": " << a.opCount
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
