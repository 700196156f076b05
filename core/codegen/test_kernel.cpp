#include "codegen/test_kernel.h"

#include <cstdio>
#include <map>

#include "codegen/kernel_sources.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls::codegen {

namespace {

constexpr int64_t kCudaSharedLimit = 232448; // 227 KiB: sm_90's largest CTA allocation
constexpr int64_t kHipSharedLimit = 65536;   // 64 KiB of LDS on CDNA

std::string joined(const std::vector<int64_t> &v, const char *sep) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? sep : "") + std::to_string(v[i]);
  return s;
}

// "{1u, 2u}" for a table; arrays of size zero are not allowed, so an empty
// table is {0u} and its bit count says it is empty.
std::string cArray(const std::vector<uint64_t> &v) {
  if (v.empty())
    return "{0u}";
  std::string s = "{";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]) + "u";
  return s + "}";
}

const BasisTable *find(const std::vector<BasisTable> &ts, const DimName &in) {
  for (const auto &t : ts)
    if (t.inDim == in)
      return &t;
  return nullptr;
}

std::vector<uint64_t> flatOf(const std::vector<BasisTable> &ts, const DimName &in) {
  const BasisTable *t = find(ts, in);
  return t ? t->flat : std::vector<uint64_t>{};
}

std::string hex64(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%016llxull", static_cast<unsigned long long>(v));
  return buf;
}

// Replaces every @KEY@; a key left over is a bug in the templates.
std::string fill(std::string text, const std::map<std::string, std::string> &values) {
  for (const auto &[key, value] : values) {
    const std::string token = "@" + key + "@";
    for (size_t at = text.find(token); at != std::string::npos;
         at = text.find(token, at + value.size()))
      text.replace(at, token.size(), value);
  }
  auto left = text.find('@');
  while (left != std::string::npos) {
    auto end = text.find('@', left + 1);
    if (end != std::string::npos && end - left > 1 && end - left < 24 &&
        text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_", left + 1) == end)
      throw InternalError("test kernel template: unfilled " + text.substr(left, end - left + 1));
    left = text.find('@', left + 1);
  }
  return text;
}

std::string wordType(int bits) {
  if (bits <= 8)
    return "uint8_t";
  if (bits <= 16)
    return "uint16_t";
  if (bits <= 32)
    return "uint32_t";
  return "uint64_t";
}

} // namespace

std::string testKernelSource(const KernelDescriptor &d, KernelDialect dialect) {
  const bool hip = dialect == KernelDialect::Hip;
  std::map<std::string, std::string> v;
  v["API"] = hip ? "hip" : "cuda";
  v["LANG"] = hip ? "HIP" : "CUDA";
  v["INCLUDE"] = hip ? "#include <hip/hip_runtime.h>" : "#include <cuda_runtime.h>";
  v["BUILD"] = hip ? "hipcc --offload-arch=gfx942 -o check layout.hip && ./check"
                   : "nvcc -arch=sm_90 -o check layout.cu && ./check";
  v["ATTR"] = d.attribute;
  v["KIND"] = mnemonic(d.kind);
  v["SHAPE"] = joined(d.shape, "x");
  v["ELEM"] = d.element.name;
  v["RANK"] = std::to_string(d.shape.size());
  v["SHAPE_LIST"] = joined(d.shape, ", ");
  v["ELEMENTS"] = std::to_string(d.elements);
  v["CTAS"] = std::to_string(d.ctas);
  v["WARPS"] = std::to_string(d.warpsPerCta);
  v["LANES"] = std::to_string(d.lanesPerWarp);
  v["REGISTERS"] = std::to_string(d.registersPerThread);
  v["FINGERPRINT"] = hex64(d.fingerprint);
  v["BLOCK_BITS"] = std::to_string(log2Floor(static_cast<uint64_t>(d.ctas)));
  v["BLOCK_TABLE"] = cArray(flatOf(d.tables, kBlock));
  std::string wave;
  if (hip && d.lanesPerWarp == 64)
    wave = "// Wave64: the layout's warps are CDNA wavefronts of 64 lanes (gfx90a, gfx94x).\n";
  else if (d.lanesPerWarp != (hip ? 64 : 32))
    wave = "// The layout's warps have " + std::to_string(d.lanesPerWarp) +
           " lanes; lanes are logical (threadIdx.x % " + std::to_string(d.lanesPerWarp) +
           "), so the check holds\n// on hardware with any warp size.\n";
  v["WAVE_NOTE"] = wave;
  if (!d.shared) {
    v["LAUNCH"] = std::to_string(d.ctas) + " CTA(s) x " + std::to_string(d.warpsPerCta) +
                  " warps x " + std::to_string(d.lanesPerWarp) + " lanes, " +
                  std::to_string(d.registersPerThread) + " registers per thread";
    v["REG_BITS"] = std::to_string(log2Floor(static_cast<uint64_t>(d.registersPerThread)));
    v["LANE_BITS"] = std::to_string(log2Floor(static_cast<uint64_t>(d.lanesPerWarp)));
    v["WARP_BITS"] = std::to_string(log2Floor(static_cast<uint64_t>(d.warpsPerCta)));
    v["REG_TABLE"] = cArray(flatOf(d.tables, kRegister));
    v["LANE_TABLE"] = cArray(flatOf(d.tables, kLane));
    v["WARP_TABLE"] = cArray(flatOf(d.tables, kWarp));
    v["REPLICATION"] = std::to_string(d.replication);
    return fill(std::string(kKernelPrologue) + kDistributedKernel, v);
  }
  const int64_t limit = hip ? kHipSharedLimit : kCudaSharedLimit;
  if (d.sharedMemoryBytes > limit)
    throw Error("--shape", "the shared layout needs " + std::to_string(d.sharedMemoryBytes) +
                               " bytes of shared memory per CTA; " + (hip ? "HIP" : "CUDA") +
                               " kernels get at most " + std::to_string(limit));
  if (d.paddingIntervals.size() > 8)
    throw Error("layout", "test kernels support at most 8 interval:padding pairs");
  v["LAUNCH"] = std::to_string(d.ctas) + " CTA(s) x " + std::to_string(d.warpsPerCta) +
                " warps x " + std::to_string(d.lanesPerWarp) + " lanes, " +
                std::to_string(d.sharedMemoryBytes) + " bytes of shared memory per CTA";
  v["READ_LAYOUT"] = d.readLayout;
  v["OFFSET_BITS"] = std::to_string(flatOf(d.tables, kOffset).size());
  v["OFFSET_TABLE"] = cArray(flatOf(d.tables, kOffset));
  v["SLOTS"] = std::to_string(d.sharedMemorySlots);
  v["SMEM_BYTES"] = std::to_string(d.sharedMemoryBytes);
  v["ELEMENT_BITS"] = std::to_string(d.inverseOffsets.size());
  v["INVERSE_TABLE"] = cArray(d.inverseOffsets);
  v["WORD"] = wordType(d.element.bits);
  v["WORD_BITS"] = std::to_string(d.element.bits <= 8 ? 8 : d.element.bits);
  v["REG_BITS"] = std::to_string(flatOf(d.readTables, kRegister).size());
  v["LANE_BITS"] = std::to_string(log2Floor(static_cast<uint64_t>(d.lanesPerWarp)));
  v["WARP_BITS"] = std::to_string(log2Floor(static_cast<uint64_t>(d.warpsPerCta)));
  v["REG_TABLE"] = cArray(flatOf(d.readTables, kRegister));
  v["LANE_TABLE"] = cArray(flatOf(d.readTables, kLane));
  v["WARP_TABLE"] = cArray(flatOf(d.readTables, kWarp));
  v["READ_BLOCK_TABLE"] = cArray(flatOf(d.readTables, kBlock));
  v["READ_FINGERPRINT"] = hex64(d.readFingerprint);
  std::vector<uint64_t> intervals, paddings;
  for (size_t i = 0; i < d.paddingIntervals.size(); ++i) {
    intervals.push_back(static_cast<uint64_t>(log2Floor(d.paddingIntervals[i])));
    paddings.push_back(static_cast<uint64_t>(log2Floor(d.paddingAmounts[i])));
  }
  v["PAD_COUNT"] = std::to_string(intervals.size());
  v["PAD_INTERVALS"] = cArray(intervals);
  v["PAD_AMOUNTS"] = cArray(paddings);
  v["SET_SMEM"] = hip ? ""
                      : "  LS_CHECK(cudaFuncSetAttribute(roundTrip, "
                        "cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes));\n";
  return fill(std::string(kKernelPrologue) + kSharedKernel, v);
}

std::string exportTestKernel(const ExportDesign &design, const ExportOptions &options,
                             KernelDialect dialect) {
  return testKernelSource(describeKernel(design, options), dialect);
}

} // namespace ls::codegen
