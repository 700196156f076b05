#include "bench_cases.h"

#include <algorithm>
#include <chrono>
#include <atomic>
#include <memory>

#include "analysis/banks/bank_conflicts.h"
#include "analysis/ownership/ownership.h"
#include "audit/kernel_audit.h"
#include "ir/module_reader.h"
#include "notation/mlir/layout_parser.h"

namespace ls {

namespace {

// Keeps results alive so the optimiser cannot drop the work.
std::atomic<int64_t> gSink{0};

BenchCase conversion(std::string name, std::string attr, std::vector<int64_t> shape) {
  auto enc = ir::parseEncoding(attr);
  BenchCase c;
  c.name = std::move(name);
  c.what = "toLinearLayout";
  c.attribute = attr;
  c.shape = shape;
  c.unit = "us";
  c.run = [enc, shape]() { gSink += enc->toLinearLayout(shape).getTotalInDimSizeLog2(); };
  return c;
}

} // namespace

std::vector<BenchCase> standardBenchCases() {
  std::vector<BenchCase> cases;
  cases.push_back(conversion(
      "blocked 128x128",
      "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
      "order = [1, 0]}>",
      {128, 128}));
  cases.push_back(conversion(
      "mma v3 128x256",
      "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = "
      "[16, 256, 16]}>",
      {128, 256}));
  cases.push_back(conversion(
      "dot_op(mma v2) 128x64",
      "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
      "warpsPerCTA = [4, 2], instrShape = [16, 8]}>, kWidth = 2}>",
      {128, 64}));
  cases.push_back(conversion(
      "mfma 32x32 128x128",
      "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
      "isTransposed = true}>",
      {128, 128}));
  cases.push_back(conversion(
      "swizzled shared 128x128",
      "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
      {128, 128}));
  cases.push_back(conversion(
      "nvmma shared 128x64",
      "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>",
      {128, 64}));
  {
    // Triton's bank_conflicts count for a 128x128 f16 register tile read from
    // a 128-byte swizzled shared layout (layouts prebuilt, as Triton caches them).
    const std::string reg = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
                            "warpsPerCTA = [4, 1], order = [1, 0]}>";
    const std::string smem = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
                             "order = [1, 0]}>";
    auto regLL = std::make_shared<LinearLayout>(ir::parseEncoding(reg)->toLinearLayout({128, 128}));
    auto smemLL =
        std::make_shared<LinearLayout>(ir::parseEncoding(smem)->toLinearLayout({128, 128}));
    BenchCase c;
    c.name = "bank conflicts 128x128 f16";
    c.what = "Triton bank_conflicts";
    c.attribute = reg + " / " + smem;
    c.shape = {128, 128};
    c.unit = "us";
    c.run = [regLL, smemLL]() { gSink += bankConflictsMemDesc(*regLL, *smemLL, 16); };
    cases.push_back(std::move(c));
  }
  {
    const std::string attr = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                             "warpsPerCTA = [4, 1], order = [1, 0]}>";
    auto enc = ir::parseEncoding(attr);
    BenchCase c;
    c.name = "ownership map 4096x4096";
    c.what = "owner of every element";
    c.attribute = attr;
    c.shape = {4096, 4096};
    c.unit = "ms";
    c.run = [enc]() {
      Ownership own(enc->toLinearLayout({4096, 4096}));
      auto table = own.firstOwnerTable();
      gSink += table[table.size() / 3];
    };
    cases.push_back(std::move(c));
  }
  // Whole kernels, compiled in (app/cli/CMakeLists.txt): reading the module
  // (ops, values, uses, regions, locations, every tensor type's layout), and
  // the audit end to end (every tensor type's linear layout, every convert's
  // cost, every local access's conflicts and wavefronts, global vectors and
  // sectors, ranked findings). Triton's parse-and-walk times of the corpus
  // files are in tests/data/ttgir36/triton_reading.jsonl.
  static const std::string kSort =
#include "bench_ttgir.inc"
      ;
  static const std::string kKernel400 =
#include "bench_kernel400.inc"
      ;
  static const std::string kAttention =
#include "bench_audit.inc"
      ;
  auto kernelCase = [&](const char *name, const char *what, const std::string *text, bool audit) {
    BenchCase c;
    c.name = name;
    c.what = what;
    c.unit = "ms";
    c.run = [text, audit]() {
      ir::ModuleFile f = ir::readModuleFile(*text);
      if (audit) {
        audit::KernelAudit a = audit::auditModules(f);
        gSink += static_cast<int64_t>(a.tensors.size() + a.findings.size());
      } else {
        gSink += static_cast<int64_t>(f.modules.empty() ? 0 : f.modules[0].ops.size());
      }
    };
    cases.push_back(std::move(c));
  };
  kernelCase("parse sort_sm90.ttgir", "read a 1076-line module", &kSort, false);
  kernelCase("parse hopper_matmul_400", "read a 403-line module", &kKernel400, false);
  kernelCase("audit hopper_matmul_400", "read and audit a 403-line module", &kKernel400, true);
  kernelCase("audit attention_sm100.ttgir", "read and audit a 373-line module", &kAttention, true);
  return cases;
}

std::vector<BenchResult> runBench(const std::vector<BenchCase> &cases, double secondsPerCase) {
  using clock = std::chrono::steady_clock;
  std::vector<BenchResult> out;
  for (const auto &c : cases) {
    // Calibrate a batch that takes ~1/20 of the budget.
    long batch = 1;
    for (;;) {
      auto t0 = clock::now();
      for (long i = 0; i < batch; ++i)
        c.run();
      double s = std::chrono::duration<double>(clock::now() - t0).count();
      if (s > secondsPerCase / 20 || batch > (1L << 24))
        break;
      batch *= 2;
    }
    std::vector<double> perRun;
    long total = 0;
    auto start = clock::now();
    while (perRun.size() < 5 ||
           std::chrono::duration<double>(clock::now() - start).count() < secondsPerCase) {
      auto t0 = clock::now();
      for (long i = 0; i < batch; ++i)
        c.run();
      double s = std::chrono::duration<double>(clock::now() - t0).count();
      perRun.push_back(s / batch);
      total += batch;
      if (perRun.size() > 1000)
        break;
    }
    std::sort(perRun.begin(), perRun.end());
    double median = perRun[perRun.size() / 2];
    BenchResult r;
    r.name = c.name;
    r.what = c.what;
    r.unit = c.unit;
    r.value = median * (c.unit == "ms" ? 1e3 : 1e6);
    r.iterations = total;
    out.push_back(r);
  }
  return out;
}

} // namespace ls
