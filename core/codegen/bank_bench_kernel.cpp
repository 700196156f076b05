#include "codegen/bank_bench_kernel.h"

#include <algorithm>
#include <sstream>

#include "util/error.h"

namespace ls {
namespace {

constexpr int64_t kMaxSmemBytes = 227 * 1024;


// Largest byte touched + 1 by any lane of any instruction of any warp.
int64_t extentBytes(const SharedAccessReport &r) {
  const SharedAccessPlan &p = r.plan;
  int64_t top = 0;
  for (int w = 0; w < p.warpCount; ++w)
    for (int k = 0; k < p.instructions(); ++k)
      for (int l = 0; l < p.laneCount; ++l)
        if ((p.addressLanes >> l) & 1)
          top = std::max(top, r.byteAddress(p.offset(k, l, w)) + p.accessBytes);
  return top;
}

void emitTable(std::ostringstream &o, const char *name, const SharedAccessReport &r) {
  const SharedAccessPlan &p = r.plan;
  const int64_t threads = int64_t{p.laneCount} * p.warpCount;
  const int64_t entries = threads * p.instructions();
  if (entries > kMaxBenchTableEntries)
    throw Error("--emit-cuda", "the case needs " + std::to_string(entries) +
                                   " addresses per direction; at most 2^20 are generated");
  o << "// [instruction][thread] byte offsets into shared memory\n";
  o << "__device__ const unsigned " << name << "[" << std::max<int64_t>(entries, 1) << "] = {";
  int64_t n = 0;
  for (int k = 0; k < p.instructions(); ++k)
    for (int w = 0; w < p.warpCount; ++w)
      for (int l = 0; l < p.laneCount; ++l) {
        const bool gives = (p.addressLanes >> l) & 1;
        o << (n % 16 ? " " : "\n  ") << (gives ? r.byteAddress(p.offset(k, l, w)) : 0) << ",";
        ++n;
      }
  if (n == 0)
    o << "0";
  o << "\n};\n\n";
}

// The inline PTX of one access; `a` is the 32-bit shared address.
std::string accessAsm(const SharedAccessReport &r) {
  const SharedAccessPlan &p = r.plan;
  const bool load = r.direction == AccessDirection::Load;
  if (p.cls == InstructionClass::Matrix) {
    const int n = p.matrices;
    std::string op = std::string(load ? "ldmatrix" : "stmatrix") + ".sync.aligned.m8n8.x" +
                     std::to_string(n) + (p.transposed ? ".trans" : "") + ".shared.b16";
    std::string regs;
    for (int i = 0; i < n; ++i)
      regs += (i ? ", " : "") + std::string("%") + std::to_string(load ? i : i + 1);
    std::ostringstream s;
    if (load) {
      s << "    unsigned x[4] = {0, 0, 0, 0};\n";
      s << "    asm volatile(\"" << op << " {" << regs << "}, [%" << n << "];\"\n      : ";
      for (int i = 0; i < n; ++i)
        s << (i ? ", " : "") << "\"=r\"(x[" << i << "])";
      s << "\n      : \"r\"(a));\n";
      s << "    acc ^= x[0] ^ x[1] ^ x[2] ^ x[3];\n";
    } else {
      s << "    asm volatile(\"" << op << " [%0], {" << regs << "};\"\n      :: \"r\"(a)";
      for (int i = 0; i < n; ++i)
        s << ", \"r\"(v + " << i << "u)";
      s << ");\n";
    }
    return s.str();
  }
  std::ostringstream s;
  switch (p.accessBytes) {
  case 1:
  case 2:
  case 4: {
    const char *type = p.accessBytes == 1 ? "u8" : p.accessBytes == 2 ? "u16" : "b32";
    if (load)
      s << "    unsigned x;\n    asm volatile(\"ld.shared." << type
        << " %0, [%1];\" : \"=r\"(x) : \"r\"(a));\n    acc ^= x;\n";
    else
      s << "    asm volatile(\"st.shared." << type << " [%0], %1;\" :: \"r\"(a), \"r\"(v));\n";
    break;
  }
  case 8:
    if (load)
      s << "    unsigned x0, x1;\n    asm volatile(\"ld.shared.v2.b32 {%0, %1}, [%2];\" : "
           "\"=r\"(x0), \"=r\"(x1) : \"r\"(a));\n    acc ^= x0 ^ x1;\n";
    else
      s << "    asm volatile(\"st.shared.v2.b32 [%0], {%1, %2};\" :: \"r\"(a), \"r\"(v), "
           "\"r\"(v + 1u));\n";
    break;
  default:
    if (load)
      s << "    unsigned x0, x1, x2, x3;\n    asm volatile(\"ld.shared.v4.b32 {%0, %1, %2, "
           "%3}, [%4];\" : \"=r\"(x0), \"=r\"(x1), \"=r\"(x2), \"=r\"(x3) : \"r\"(a));\n"
           "    acc ^= x0 ^ x1 ^ x2 ^ x3;\n";
    else
      s << "    asm volatile(\"st.shared.v4.b32 [%0], {%1, %2, %3, %4};\" :: \"r\"(a), "
           "\"r\"(v), \"r\"(v + 1u), \"r\"(v + 2u), \"r\"(v + 3u));\n";
  }
  return s.str();
}

void emitKernel(std::ostringstream &o, const char *name, const char *table,
                const SharedAccessReport &r) {
  const bool load = r.direction == AccessDirection::Load;
  const int threads = r.plan.laneCount * r.plan.warpCount;
  o << "template <int kPasses>\n__global__ void __launch_bounds__(" << threads << ") " << name
    << "(unsigned *out) {\n"
    << "  extern __shared__ __align__(1024) unsigned char smem[];\n"
    << "  const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(smem));\n"
    << "  const int tid = threadIdx.x;\n"
    << "  unsigned acc = 0;\n"
    << "  for (int pass = 0; pass < kPasses; ++pass) {\n"
    << "#pragma unroll 1\n"
    << "  for (int k = 0; k < " << r.plan.instructions() << "; ++k) {\n"
    << "    const unsigned a = base + " << table << "[k * " << threads << " + tid];\n";
  if (!load)
    o << "    const unsigned v = 2654435761u * static_cast<unsigned>(tid) + 40503u * k;\n";
  o << accessAsm(r) << "  }\n  }\n";
  if (load)
    o << "  out[tid] = acc;\n";
  else
    o << "  (void)acc;\n  if (tid == 0) out[0] = 1;\n";
  o << "}\n\n";
}

} // namespace

std::string bankBenchKernel(const BankBenchCase &c) {
  require(c.load && c.store, "bankBenchKernel: both reports are needed");
  const SharedAccessReport &ld = *c.load, &st = *c.store;
  require(ld.direction == AccessDirection::Load && st.direction == AccessDirection::Store,
          "bankBenchKernel: directions");
  if (ld.target.vendor != Vendor::Nvidia)
    throw Error("--emit-cuda", "generates CUDA; choose an NVIDIA --target");
  const int threads = ld.plan.laneCount * ld.plan.warpCount;
  int64_t smemBytes = std::max(extentBytes(ld), extentBytes(st));
  smemBytes = std::max<int64_t>(128, (smemBytes + 127) / 128 * 128);
  if (smemBytes > kMaxSmemBytes)
    throw Error("--emit-cuda", "the shared layout spans " + std::to_string(smemBytes) +
                                   " bytes; an H100 CTA has at most 227 KiB");

  std::ostringstream o;
  o << "// Generated by `layout-studio-cli banks --emit-cuda`: the exact shared-memory\n"
    << "// accesses of storing and loading one tensor, for Nsight Compute.\n"
    << "//   distributed: " << c.distributed << "\n"
    << "//   shared:      " << c.shared << "\n"
    << "//   shape: " << shapeText(c.shape) << "  dtype: " << c.dtype
    << "  target: " << ld.target.name << "\n"
    << "// Prediction per pass (one CTA, " << ld.plan.warpCount << " warps):\n"
    << "//   store: " << st.instruction << " x" << st.instructionsPerThread()
    << " per thread: wavefronts " << st.ctaWavefronts << ", ideal " << st.ctaIdealWavefronts << "\n"
    << "//   load:  " << ld.instruction << " x" << ld.instructionsPerThread()
    << " per thread: wavefronts " << ld.ctaWavefronts << ", ideal " << ld.ctaIdealWavefronts << "\n"
    << "// Launch order: 0 store<1>, 1 store<3>, 2 load<1>, 3 load<3>.\n"
    << "// Build: nvcc -arch=sm_90 -O3 -o bank bank.cu\n\n"
    << "#include <cstdio>\n#include <cuda_runtime.h>\n\n";
  emitTable(o, "kStoreAddr", st);
  emitTable(o, "kLoadAddr", ld);
  emitKernel(o, "bank_store", "kStoreAddr", st);
  emitKernel(o, "bank_load", "kLoadAddr", ld);
  o << "static int check(cudaError_t e, const char *what) {\n"
    << "  if (e != cudaSuccess) {\n"
    << "    std::fprintf(stderr, \"%s: %s\\n\", what, cudaGetErrorString(e));\n"
    << "    return 1;\n  }\n  return 0;\n}\n\n"
    << "int main() {\n"
    << "  const int threads = " << threads << ";\n"
    << "  const int smemBytes = " << smemBytes << ";\n"
    << "  unsigned *out = nullptr;\n"
    << "  if (check(cudaMalloc(&out, threads * sizeof(unsigned)), \"cudaMalloc\")) return 1;\n"
    << "#define LAUNCH(K)                                                              \\\n"
    << "  if (check(cudaFuncSetAttribute(K, cudaFuncAttributeMaxDynamicSharedMemorySize,  \\\n"
    << "                                 smemBytes), #K)) return 1;                       \\\n"
    << "  K<<<1, threads, smemBytes>>>(out);                                           \\\n"
    << "  if (check(cudaGetLastError(), #K) || check(cudaDeviceSynchronize(), #K)) return 1;\n"
    << "  LAUNCH(bank_store<1>)\n  LAUNCH(bank_store<3>)\n"
    << "  LAUNCH(bank_load<1>)\n  LAUNCH(bank_load<3>)\n"
    << "  std::printf(\"ok\\n\");\n"
    << "  return 0;\n}\n";
  return o.str();
}

} // namespace ls
