// Fuzz target: the TTGIR module reader behind `layouts` and the kernel audit.
// The reader is called in exactly one line (readModule) so that moving to
// the full module reader (core/ir/module*) is a one-line change.
#include "fuzz_target.h"
#include "ir/ttgir.h"

namespace {

void readModule(std::string_view text) {
  (void)ls::ir::parseTtgir(text);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ls::fuzz::acceptsOrRejects([&] { readModule(ls::fuzz::asText(data, size)); });
  return 0;
}
