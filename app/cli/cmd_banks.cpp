// `banks`: bank conflicts of loading/storing a distributed tensor from/to a
// shared layout -- Triton's count ("conflicts", the contract of docs/CLI.md)
// and the wavefront model: instructions, lanes, addresses, banks, words.
#include <sstream>

#include "analysis/banks/bank_conflicts.h"
#include "analysis/banks/shared_access.h"
#include "banks_common.h"
#include "cli_common.h"
#include "codegen/bank_bench_kernel.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

void writeReport(JsonWriter &w, const SharedAccessReport &r) {
  w.beginObject();
  w.key("instruction").value(r.instruction);
  w.key("class").value(r.plan.cls == InstructionClass::Matrix ? "matrix" : "ldst");
  w.key("transposed").value(r.plan.transposed);
  w.key("vectorElements").value(int64_t{r.plan.vectorElements});
  w.key("accessBytes").value(int64_t{r.plan.accessBytes});
  w.key("matrices").value(int64_t{r.plan.matrices});
  w.key("instructionsPerThread").value(int64_t{r.instructionsPerThread()});
  w.key("lanesPerWarp").value(int64_t{r.plan.laneCount});
  w.key("warps").value(int64_t{r.plan.warpCount});
  w.key("warp").value(int64_t{r.warp});
  w.key("wavefronts").value(r.wavefronts);
  w.key("idealWavefronts").value(r.idealWavefronts);
  w.key("conflicts").value(r.conflicts());
  w.key("ctaWavefronts").value(r.ctaWavefronts);
  w.key("ctaIdealWavefronts").value(r.ctaIdealWavefronts);
  w.key("truncated").value(r.truncated);
  w.key("instructions").beginArray();
  for (const auto &in : r.instructions) {
    w.beginObject();
    w.key("index").value(int64_t{in.index});
    w.key("wavefronts").value(int64_t{in.served.wavefronts});
    w.key("ideal").value(int64_t{in.served.ideal});
    std::vector<int64_t> lanes, addresses;
    for (const auto &a : in.lanes) {
      lanes.push_back(a.lane);
      addresses.push_back(a.byteAddress);
    }
    w.key("lanes").array(lanes);
    w.key("addresses").array(addresses);
    w.key("groups").beginArray();
    for (const auto &g : in.served.groups) {
      w.beginObject();
      w.key("lanes").array(laneList(g.lanes));
      w.key("wavefronts").value(int64_t{g.wavefronts});
      w.key("wordsPerBank")
          .array(std::vector<int64_t>(g.wordsPerBank.begin(), g.wordsPerBank.end()));
      w.endObject();
    }
    w.endArray();
    w.key("fronts").beginArray();
    for (const auto &f : in.served.fronts) {
      std::vector<int64_t> banks, words;
      for (const auto &c : f.cells) {
        banks.push_back(c.bank);
        words.push_back(c.word);
      }
      w.beginObject();
      w.key("group").value(int64_t{f.group});
      w.key("lanes").array(laneList(f.lanes));
      w.key("banks").array(banks);
      w.key("words").array(words);
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.endObject();
}

void writeText(std::ostream &out, const char *what, const SharedAccessReport &r) {
  out << what << " (" << r.target.name << "): " << r.instruction << ", " << r.plan.vectorElements
      << " element" << (r.plan.vectorElements == 1 ? "" : "s") << " per lane, "
      << r.instructionsPerThread() << " instruction" << (r.instructionsPerThread() == 1 ? "" : "s")
      << " per thread, " << r.plan.warpCount << " warp" << (r.plan.warpCount == 1 ? "" : "s")
      << "\n";
  out << "  warp " << r.warp << ": " << r.wavefronts << " wavefronts, ideal " << r.idealWavefronts
      << ", " << r.conflicts() << " conflicts; CTA: " << r.ctaWavefronts << " wavefronts, ideal "
      << r.ctaIdealWavefronts << "\n";
  for (const auto &in : r.instructions) {
    out << "  #" << in.index << ": " << in.served.wavefronts << " wavefronts (ideal "
        << in.served.ideal << ")";
    int worst = 0, worstBank = 0;
    for (const auto &g : in.served.groups)
      for (size_t b = 0; b < g.wordsPerBank.size(); ++b)
        if (g.wordsPerBank[b] > worst) {
          worst = g.wordsPerBank[b];
          worstBank = static_cast<int>(b);
        }
    if (worst > 1)
      out << "; bank " << worstBank << " holds " << worst << " distinct words";
    out << "\n";
  }
  if (r.truncated)
    out << "  (detail shown for the first " << r.instructions.size() << " instructions)\n";
}

int runBanks(const Args &args, std::ostream &out) {
  BanksInput in = resolveBanksInput(args);
  const int conflicts = sharedBankConflicts(*in.distributed, *in.shared, in.shape, in.element.bits);
  SharedAccessOptions opt = accessOptions(args);
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
      writeReport(w, *load);
    }
    if (store) {
      w.key("store");
      writeReport(w, *store);
    }
    w.endObject();
    out << w.str() << "\n";
    return 0;
  }
  out << "conflicts: " << conflicts << " (Triton's bank_conflicts)\n";
  if (load)
    writeText(out, "load", *load);
  if (store)
    writeText(out, "store", *store);
  return 0;
}

CommandRegistration
    reg({"banks",
         "bank conflicts and wavefronts of a shared-memory load/store",
         {{"distributed", true, "distributed (register) layout, attribute or tensor type"},
          {"shared", true, "shared-memory layout, attribute or memdesc type"},
          {"shape", true, "tensor shape, e.g. 64x64"},
          {"dtype", true, "element type: f8, bf16, f16, f32, f64, i1, i8, i16, i32, i64"},
          {"op", true, "load, store or both (default both)"},
          {"target", true, "sm80, sm90 (default), sm100, gfx90a, gfx942, gfx950"},
          {"warp", true, "warp shown in detail (default 0)"},
          {"no-matrix", false, "never use ldmatrix/stmatrix (plain ld.shared/st.shared)"},
          {"detail", true, "instructions shown in detail (default 4096)"},
          {"emit-cuda", true, "also write a CUDA microbenchmark doing exactly these accesses"},
          {"json", false, "print JSON"}},
         false,
         runBanks});

} // namespace
} // namespace ls::cli
