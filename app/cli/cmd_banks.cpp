// `banks`: bank conflicts of loading/storing a distributed tensor from/to a
// shared layout (Triton's count plus the wavefront model).
#include "analysis/bank_conflicts.h"
#include "cli_common.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

int runBanks(const Args &args, std::ostream &out) {
  ResolvedLayout d = resolveLayout(args, "distributed");
  Args sharedArgs = args;
  ResolvedLayout s = resolveLayout(args, "shared");
  if (d.shape != s.shape)
    throw Error("--shape", "the distributed and shared types have different shapes");
  auto elem = d.element ? d.element : s.element;
  if (!elem)
    throw Error("--dtype", "is required (or give a layout as a tensor/memdesc type)");
  int conflicts = sharedBankConflicts(*d.encoding, *s.encoding, d.shape, elem->bits);
  JsonWriter w;
  w.beginObject().key("conflicts").value(int64_t{conflicts}).endObject();
  out << w.str() << "\n";
  return 0;
}

CommandRegistration reg({"banks",
                         "bank conflicts and wavefronts of a shared-memory load/store",
                         {{"distributed", true, "distributed (register) layout"},
                          {"shared", true, "shared-memory layout"},
                          {"shape", true, "tensor shape, e.g. 64x64"},
                          {"dtype", true, "element type"},
                          {"json", false, "print JSON"}},
                         false,
                         runBanks});

} // namespace
} // namespace ls::cli
