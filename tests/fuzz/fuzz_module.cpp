// Fuzz target: the TTGIR module reader behind `layouts` and the kernel audit
// (core/ir/module_reader), then the audit itself on whatever the reader
// accepted: the reader must never throw, and the audit may only reject with
// ls::Error.
#include "audit/kernel_audit.h"
#include "fuzz_target.h"
#include "ir/module_reader.h"

namespace {

void readModule(std::string_view text) {
  const ls::ir::ModuleFile file = ls::ir::readModuleFile(std::string(text));
  if (!file.diagnostics.hasErrors() && !file.modules.empty())
    (void)ls::audit::auditModules(file);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ls::fuzz::acceptsOrRejects([&] { readModule(ls::fuzz::asText(data, size)); });
  return 0;
}
