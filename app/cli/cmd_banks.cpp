// `banks`: bank conflicts of loading/storing a distributed tensor from/to a
// shared layout -- Triton's count ("conflicts", the contract of docs/CLI.md)
// and the wavefront model: instructions, lanes, addresses, banks, words.
#include <sstream>

#include "analysis/banks/bank_conflicts.h"
#include "analysis/banks/shared_access.h"
#include "banks_common.h"
#include "cli_common.h"
#include "codegen/bank_bench_kernel.h"
#include "report/shared_access_report.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

using report::writeSharedAccess;
using report::writeSharedAccessText;

int runBanks(const Args &args, std::ostream &out) {
  BanksInput in = resolveBanksInput(args);
  const int conflicts = sharedBankConflicts(*in.distributed, *in.shared, in.shape, in.element.bits);
  SharedAccessOptions opt = accessOptions(args, *in.distributed, in.shape);
  const std::string op = args.optional("op").value_or("both");
  if (op != "both" && op != "load" && op != "store")
    throw Error("--op", "expected load, store or both");
  std::optional<SharedAccessReport> load, store;
  if (op != "store") {
    opt.direction = AccessDirection::Load;
    load = analyzeSharedAccess(*in.distributed, *in.shared, in.shape, in.element.bits, opt);
  }
  if (op != "load") {
    opt.direction = AccessDirection::Store;
    store = analyzeSharedAccess(*in.distributed, *in.shared, in.shape, in.element.bits, opt);
  }
  if (auto file = args.optional("emit-cuda")) {
    if (opt.target.vendor != Vendor::Nvidia)
      throw Error("--emit-cuda", "generates CUDA; choose an NVIDIA --target");
    if (!load || !store)
      throw Error("--emit-cuda", "needs both the load and the store (--op both)");
    BankBenchCase bc{args.required("distributed"),
                     args.required("shared"),
                     in.shape,
                     in.element.name,
                     &*load,
                     &*store};
    writeTextFile(*file, "--emit-cuda", bankBenchKernel(bc));
  }
  if (args.flag("json")) {
    JsonWriter w;
    w.beginObject();
    w.key("conflicts").value(int64_t{conflicts});
    w.key("target").value(opt.target.name);
    w.key("shape").array(std::vector<int64_t>(in.shape.begin(), in.shape.end()));
    w.key("dtype").value(in.element.name);
    w.key("elementBits").value(int64_t{in.element.bits});
    if (load) {
      w.key("load");
      writeSharedAccess(w, *load);
    }
    if (store) {
      w.key("store");
      writeSharedAccess(w, *store);
    }
    w.endObject();
    out << w.str() << "\n";
    return 0;
  }
  out << "conflicts: " << conflicts << " (Triton's bank_conflicts)\n";
  if (load)
    writeSharedAccessText(out, "load", *load);
  if (store)
    writeSharedAccessText(out, "store", *store);
  return 0;
}

CommandRegistration
    reg({"banks",
         "bank conflicts and wavefronts of a shared-memory load/store",
         {kFileOption,
          {"distributed", true, "distributed (register) layout, attribute or tensor type"},
          {"shared", true, "shared-memory layout, attribute or memdesc type"},
          {"shape", true, "tensor shape, e.g. 64x64"},
          {"dtype", true, "element type: f8, bf16, f16, f32, f64, i1, i8, i16, i32, i64"},
          {"op", true, "load, store or both (default both)"},
          {"target", true, "sm80, sm90, sm100, sm120, gfx90a, gfx942, gfx950, gfx1100, gfx1200 or cuda:N / hip:gfxN (default: --file's ttg.target, else gfx942 for a 64-lane layout, else sm90)"},
          {"warp", true, "warp shown in detail (default 0)"},
          {"no-matrix", false, "never use ldmatrix/stmatrix (plain ld.shared/st.shared)"},
          {"detail", true, "instructions shown in detail (default 4096)"},
          {"emit-cuda", true, "also write a CUDA microbenchmark doing exactly these accesses"},
          {"json", false, "print JSON"}},
         false,
         runBanks});

} // namespace
} // namespace ls::cli
