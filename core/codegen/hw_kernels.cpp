#include "codegen/hw_kernels.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "analysis/global/global_access.h"
#include "analysis/tmem/tmem_design.h"
#include "codegen/flat_layout.h"
#include "encodings/amd_mfma.h"
#include "encodings/amd_wmma.h"
#include "encodings/dot_operand.h"
#include "encodings/nvidia_mma.h"
#include "encodings/nvmma_shared.h"
#include "encodings/swizzled_shared.h"
#include "encodings/tensor_memory.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls::codegen {

namespace {

constexpr size_t kMaxTableEntries = 32768; // uint16 entries in 64 KiB of __constant__

// Replaces every @KEY@; a key left over is a bug in the templates.
std::string fill(std::string text, const std::map<std::string, std::string> &values) {
  for (const auto &[key, value] : values) {
    const std::string token = "@" + key + "@";
    for (size_t at = text.find(token); at != std::string::npos;
         at = text.find(token, at + value.size()))
      text.replace(at, token.size(), value);
  }
  for (size_t at = text.find('@'); at != std::string::npos; at = text.find('@', at + 1)) {
    size_t end = text.find('@', at + 1);
    if (end != std::string::npos && end - at > 1 && end - at < 24 &&
        text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789", at + 1) == end)
      throw InternalError("kernel template: unfilled " + text.substr(at, end - at + 1));
  }
  return text;
}

std::string joined(const std::vector<int64_t> &v, const char *sep) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? sep : "") + std::to_string(v[i]);
  return s;
}

// The marked table: one uint16 entry per location, 16 a line.
std::string tableText(const std::vector<uint32_t> &entries, const std::string &what) {
  if (entries.size() > kMaxTableEntries)
    throw Error("--shape", "the kernel's table would have " + std::to_string(entries.size()) +
                               " entries; at most " + std::to_string(kMaxTableEntries) +
                               " fit in 64 KiB of constant memory");
  std::string s = "// " + what + "\n// LS_TABLE begin\n__constant__ uint16_t kTable[" +
                  std::to_string(entries.size()) + "] = {\n";
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i] > 0xffff)
      throw Error("--shape", "the kernel's table holds element indices below 65536");
    s += (i % 16 == 0 ? "    " : " ") + std::to_string(entries[i]) + "," +
         (i % 16 == 15 || i + 1 == entries.size() ? "\n" : "");
  }
  return s + "};\n// LS_TABLE end\n";
}

int log2Of(const LinearLayout &ll, const DimName &in) {
  return ll.hasInDim(in) ? ll.getInDimSizeLog2(in) : 0;
}

// Owners of a distributed layout: entry ((block*W + warp)*L + lane)*R + reg.
struct Owners {
  int ctas = 1, warps = 1, lanes = 32, regs = 1;
  std::vector<uint32_t> flat;
};

Owners ownersOf(const LinearLayout &ll) {
  FlatLayout f(ll);
  Owners o;
  o.ctas = 1 << log2Of(ll, kBlock);
  o.warps = 1 << log2Of(ll, kWarp);
  o.lanes = 1 << log2Of(ll, kLane);
  o.regs = 1 << log2Of(ll, kRegister);
  o.flat.reserve(size_t(o.ctas) * o.warps * o.lanes * o.regs);
  for (int b = 0; b < o.ctas; ++b)
    for (int w = 0; w < o.warps; ++w)
      for (int l = 0; l < o.lanes; ++l)
        for (int r = 0; r < o.regs; ++r)
          o.flat.push_back(static_cast<uint32_t>(f.element(kBlock, b) ^ f.element(kWarp, w) ^
                                                 f.element(kLane, l) ^ f.element(kRegister, r)));
  return o;
}

// Offsets of a shared layout: entry o = the flat element stored at offset o.
std::vector<uint32_t> offsetsOf(const LinearLayout &ll) {
  FlatLayout f(ll);
  std::vector<uint32_t> out;
  const int64_t n = int64_t{1} << log2Of(ll, kOffset);
  for (int64_t o = 0; o < n; ++o)
    out.push_back(static_cast<uint32_t>(f.element(kOffset, static_cast<uint64_t>(o))));
  return out;
}

std::string uintType(int bytes) {
  switch (bytes) {
  case 1:
    return "uint8_t";
  case 2:
    return "uint16_t";
  case 4:
    return "uint32_t";
  case 8:
    return "uint2";
  default:
    return "uint4";
  }
}

const char *kPrologue = R"LS(// @TITLE@
//
// Layout Studio export (docs/export.md, "cuda and hip kernels").
// Layout: @ATTR@
// Tensor: @SHAPE@ x @ELEM@
//
@WHAT@//
// Build and run: @BUILD@
// LS_ARCHS: @ARCHS@
// It prints PASS (exit 0) or FAIL with the first difference (exit 1); 2 = runtime error.
@RUNTIME_INCLUDE@
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
@EXTRA_INCLUDE@
#define LS_CHECK(call)                                                                     \
  do {                                                                                     \
    @API@Error_t err_ = (call);                                                            \
    if (err_ != @API@Success) {                                                            \
      std::printf("ERROR: %s: %s\n", #call, @API@GetErrorString(err_));                    \
      return 2;                                                                            \
    }                                                                                      \
  } while (0)

)LS";

// ---------------------------------------------------------------- copy kernel

const char *kCopyKernel = R"LS(constexpr uint32_t kElements = @ELEMENTS@u;
constexpr uint32_t kCtas = @CTAS@u, kWarps = @WARPS@u, kLanes = @LANES@u, kRegs = @REGS@u;
constexpr uint32_t kThreads = kWarps * kLanes;
constexpr uint32_t kVec = @VEC@u; // elements one thread moves per load/store instruction
constexpr uint32_t kReplication = @REPLICATION@u; // locations holding each element
constexpr uint32_t kRank = @RANK@u;
constexpr uint32_t kShape[kRank] = {@SHAPE_LIST@};
typedef @WORD@ Word; // one @ELEM@ element
typedef @VECTYPE@ Vec; // kVec elements

@TABLE@
static void coordText(uint32_t flat, char *buf, size_t n) {
  uint32_t c[kRank];
  for (int d = static_cast<int>(kRank) - 1; d >= 0; --d) {
    c[d] = flat % kShape[d];
    flat /= kShape[d];
  }
  size_t at = static_cast<size_t>(std::snprintf(buf, n, "("));
  for (uint32_t d = 0; d < kRank; ++d)
    at += static_cast<size_t>(std::snprintf(buf + at, n - at, d ? ", %u" : "%u", c[d]));
  std::snprintf(buf + at, n - at, ")");
}

// Every thread loads the elements the table says its registers hold (kVec at a
// time), counts them, and stores them back to the same places.
__global__ void __launch_bounds__(kThreads)
    copyThroughLayout(const Word *in, Word *out, uint32_t *count, uint32_t *bad) {
  const uint32_t warp = threadIdx.x / kLanes, lane = threadIdx.x % kLanes;
  const uint32_t base = ((blockIdx.x * kWarps + warp) * kLanes + lane) * kRegs;
  Word regs[kRegs];
  bool ok[kRegs / kVec];
#pragma unroll
  for (uint32_t r = 0; r < kRegs; r += kVec) {
    const uint32_t first = kTable[base + r];
    bool good = first % kVec == 0;
    for (uint32_t i = 1; i < kVec; ++i)
      good = good && kTable[base + r + i] == first + i;
    ok[r / kVec] = good;
    if (!good) {
      atomicMin(bad, base + r);
      continue;
    }
    Vec v = *reinterpret_cast<const Vec *>(in + first);
    memcpy(&regs[r], &v, sizeof v);
  }
#pragma unroll
  for (uint32_t r = 0; r < kRegs; ++r)
    atomicAdd(&count[kTable[base + r]], 1u);
#pragma unroll
  for (uint32_t r = 0; r < kRegs; r += kVec) {
    if (!ok[r / kVec])
      continue;
    Vec v;
    memcpy(&v, &regs[r], sizeof v);
    *reinterpret_cast<Vec *>(out + kTable[base + r]) = v;
  }
}

int main() {
  std::vector<uint16_t> table(sizeof(kTable) / sizeof(kTable[0]));
  LS_CHECK(@API@MemcpyFromSymbol(table.data(), HIP_SYMBOL(kTable), sizeof(kTable)));
  std::vector<Word> hIn(kElements), hOut(kElements);
  std::vector<uint32_t> hCount(kElements);
  for (uint32_t e = 0; e < kElements; ++e) {
    const uint64_t v = (uint64_t{e} + 1u) * 0x9E3779B97F4A7C15ull;
    memcpy(&hIn[e], &v, sizeof(Word));
  }
  Word *dIn = nullptr, *dOut = nullptr;
  uint32_t *dCount = nullptr, *dBad = nullptr;
  LS_CHECK(@API@Malloc(&dIn, kElements * sizeof(Word)));
  LS_CHECK(@API@Malloc(&dOut, kElements * sizeof(Word)));
  LS_CHECK(@API@Malloc(&dCount, kElements * sizeof(uint32_t)));
  LS_CHECK(@API@Malloc(&dBad, sizeof(uint32_t)));
  LS_CHECK(@API@Memcpy(dIn, hIn.data(), kElements * sizeof(Word), @API@MemcpyHostToDevice));
  LS_CHECK(@API@Memset(dOut, 0xA5, kElements * sizeof(Word))); // poison: missed elements show
  LS_CHECK(@API@Memset(dCount, 0, kElements * sizeof(uint32_t)));
  LS_CHECK(@API@Memset(dBad, 0xFF, sizeof(uint32_t)));
  copyThroughLayout<<<kCtas, kThreads>>>(dIn, dOut, dCount, dBad);
  LS_CHECK(@API@GetLastError());
  LS_CHECK(@API@DeviceSynchronize());
  uint32_t bad = 0;
  LS_CHECK(@API@Memcpy(hOut.data(), dOut, kElements * sizeof(Word), @API@MemcpyDeviceToHost));
  LS_CHECK(@API@Memcpy(hCount.data(), dCount, kElements * sizeof(uint32_t), @API@MemcpyDeviceToHost));
  LS_CHECK(@API@Memcpy(&bad, dBad, sizeof(uint32_t), @API@MemcpyDeviceToHost));
  char a[96];
  if (bad != 0xFFFFFFFFu) {
    const uint32_t reg = bad % kRegs, lane = bad / kRegs % kLanes;
    const uint32_t warp = bad / kRegs / kLanes % kWarps, block = bad / kRegs / kLanes / kWarps;
    coordText(table[bad], a, sizeof a);
    std::printf("FAIL: block %u warp %u lane %u registers %u..%u: the table's elements from %s "
                "are not one aligned %u-element vector, as the layout's registers must be\n",
                block, warp, lane, reg, reg + kVec - 1, a, kVec);
    return 1;
  }
  for (uint32_t e = 0; e < kElements; ++e)
    if (hCount[e] != kReplication) {
      coordText(e, a, sizeof a);
      std::printf("FAIL: element %s was loaded by %u location(s); the layout holds every element "
                  "in %u\n",
                  a, hCount[e], kReplication);
      return 1;
    }
  for (uint32_t e = 0; e < kElements; ++e)
    if (memcmp(&hOut[e], &hIn[e], sizeof(Word)) != 0) {
      coordText(e, a, sizeof a);
      std::printf("FAIL: element %s was not copied (output differs from input)\n", a);
      return 1;
    }
  std::printf("PASS: copy through @KIND@ @SHAPE@ @ELEM@: %u elements, each loaded by %u "
              "location(s), moved in %u-element vectors@PREDICT_TEXT@\n",
              kElements, kReplication, kVec);
@PREDICT_LINE@  return 0;
}
)LS";

// ------------------------------------------------------------------ mma.sync

struct MmaType {
  std::string name;   // design dtype
  std::string ptx;    // .f16, .bf16, .tf32, .s8, .e4m3
  int bytes = 2;      // raw element bytes
  int k = 16;         // instruction K
  int fa = 8, fb = 4; // elements per thread per instruction (A, B)
  bool integer = false;
  int maxFactorLog2 = 15; // largest power of two the type holds exactly (for index inputs)
  std::string encode;     // host code: raw bits of double v
  std::string arch = "sm_80";
};

MmaType mmaType(const ir::ElementType &t) {
  MmaType m;
  m.name = t.name;
  if (t.name == "f16") {
    m.ptx = "f16";
    m.encode = "__half h = __float2half(static_cast<float>(v)); uint16_t u; memcpy(&u, &h, 2); "
               "return u;";
  } else if (t.name == "bf16") {
    m.ptx = "bf16";
    m.encode = "__nv_bfloat16 h = __float2bfloat16(static_cast<float>(v)); uint16_t u; memcpy(&u, "
               "&h, 2); return u;";
    m.maxFactorLog2 = 60;
  } else if (t.name == "f32" || t.name == "tf32") {
    m.ptx = "tf32";
    m.bytes = 4;
    m.k = 8;
    m.fa = 4;
    m.fb = 2;
    m.maxFactorLog2 = 60;
    m.encode = "float f = static_cast<float>(v); uint32_t u; memcpy(&u, &f, 4); return u;";
  } else if (t.name == "i8") {
    m.ptx = "s8";
    m.bytes = 1;
    m.k = 32;
    m.fa = 16;
    m.fb = 8;
    m.integer = true;
    m.maxFactorLog2 = 6;
    m.encode = "return static_cast<uint8_t>(static_cast<int8_t>(v));";
  } else if (t.name == "f8E4M3FN") {
    m.ptx = "e4m3";
    m.bytes = 1;
    m.k = 32;
    m.fa = 16;
    m.fb = 8;
    m.maxFactorLog2 = 8;
    m.arch = "sm_90";
    m.encode = "__nv_fp8_e4m3 h(static_cast<float>(v)); uint8_t u; memcpy(&u, &h, 1); return u;";
  } else {
    throw Error("--dtype", "mma.sync kernels take f16, bf16, f32 (as tf32), i8 or f8E4M3FN "
                           "operands, not " +
                               t.name);
  }
  return m;
}

const char *kMmaKernel = R"LS(constexpr uint32_t kM = @M@u, kN = @N@u, kK = @K@u;
constexpr uint32_t kWarps = @WARPS@u, kThreads = kWarps * 32u;
constexpr uint32_t kARegs = @AREGS@u, kBRegs = @BREGS@u, kCRegs = @CREGS@u; // elements per thread
constexpr uint32_t kFA = @FA@u, kFB = @FB@u, kFC = 4u; // elements per thread per instruction
constexpr uint32_t kAOff = 0u, kBOff = kWarps * 32u * kARegs, kCOff = kBOff + kWarps * 32u * kBRegs;
typedef @RAW@ Raw;   // one @OPTYPE@ operand element, as bits
typedef @ACC@ Acc;   // one accumulator element

@TABLE@
static Raw encode(double v) { @ENCODE@ }

__device__ __forceinline__ uint32_t pack(const Raw *x) {
  uint32_t r = 0;
  memcpy(&r, x, 4);
  return r;
}

// Lane 0's elements of one instruction's fragment: the smallest row and column
// among them name the instruction tile (every lane reads the same entries, so
// the choice is warp-uniform, as mma.sync requires).
__device__ void tileOf(uint32_t off, uint32_t warp, uint32_t regs, uint32_t chunk, uint32_t n,
                       uint32_t cols, uint32_t &row, uint32_t &col) {
  row = col = 0xFFFFFFFFu;
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t e = kTable[off + warp * 32u * regs + chunk * n + i];
    row = min(row, e / cols);
    col = min(col, e % cols);
  }
}

__global__ void __launch_bounds__(kThreads)
    mmaThroughLayouts(const Raw *A, const Raw *B, Acc *D, Acc *raw, uint32_t *bad) {
  const uint32_t warp = threadIdx.x / 32u, lane = threadIdx.x % 32u;
  Raw a[kARegs], b[kBRegs];
  // Operands placed by the tool's ownership maps: register r of this lane holds
  // the element the table names.
  for (uint32_t r = 0; r < kARegs; ++r)
    a[r] = A[kTable[kAOff + (warp * 32u + lane) * kARegs + r]];
  for (uint32_t r = 0; r < kBRegs; ++r)
    b[r] = B[kTable[kBOff + (warp * 32u + lane) * kBRegs + r]];
  for (uint32_t q = 0; q < kCRegs / kFC; ++q) {
    uint32_t cm, cn;
    tileOf(kCOff, warp, kCRegs, q, kFC, kN, cm, cn);
    Acc c[4] = {0, 0, 0, 0};
    for (uint32_t p = 0; p < kARegs / kFA; ++p) {
      uint32_t am, ak;
      tileOf(kAOff, warp, kARegs, p, kFA, kK, am, ak);
      if (am != cm)
        continue;
      uint32_t s = 0xFFFFFFFFu;
      for (uint32_t t = 0; t < kBRegs / kFB && s == 0xFFFFFFFFu; ++t) {
        uint32_t bk, bn;
        tileOf(kBOff, warp, kBRegs, t, kFB, kN, bk, bn);
        if (bk == ak && bn == cn)
          s = t;
      }
      if (s == 0xFFFFFFFFu) {
        atomicMin(bad, warp * 65536u + q);
        continue;
      }
      const Raw *x = a + p * kFA;
      const Raw *y = b + s * kFB;
      @MMA_ASM@
    }
    for (uint32_t i = 0; i < 4; ++i) {
      const uint32_t loc = (warp * 32u + lane) * kCRegs + q * kFC + i;
      D[kTable[kCOff + loc]] = c[i];
      raw[loc] = c[i];
    }
  }
}

static void fillRandom(std::vector<Raw> &x, std::vector<double> &v, uint32_t seed) {
  for (size_t i = 0; i < x.size(); ++i) {
    seed = seed * 1664525u + 1013904223u;
    v[i] = static_cast<double>(static_cast<int>((seed >> 16) % 17u) - 8); // -8..8, exact in every type
    x[i] = encode(v[i]);
  }
}

static int run(const std::vector<Raw> &hA, const std::vector<Raw> &hB, std::vector<Acc> &hD,
               std::vector<Acc> &hRaw, uint32_t &bad) {
  Raw *dA = nullptr, *dB = nullptr;
  Acc *dD = nullptr, *dRaw = nullptr;
  uint32_t *dBad = nullptr;
  LS_CHECK(cudaMalloc(&dA, hA.size() * sizeof(Raw)));
  LS_CHECK(cudaMalloc(&dB, hB.size() * sizeof(Raw)));
  LS_CHECK(cudaMalloc(&dD, hD.size() * sizeof(Acc)));
  LS_CHECK(cudaMalloc(&dRaw, hRaw.size() * sizeof(Acc)));
  LS_CHECK(cudaMalloc(&dBad, sizeof(uint32_t)));
  LS_CHECK(cudaMemcpy(dA, hA.data(), hA.size() * sizeof(Raw), cudaMemcpyHostToDevice));
  LS_CHECK(cudaMemcpy(dB, hB.data(), hB.size() * sizeof(Raw), cudaMemcpyHostToDevice));
  LS_CHECK(cudaMemset(dD, 0x7F, hD.size() * sizeof(Acc))); // poison: no product is 0x7F7F7F7F
  LS_CHECK(cudaMemset(dRaw, 0xFF, hRaw.size() * sizeof(Acc)));
  LS_CHECK(cudaMemset(dBad, 0xFF, sizeof(uint32_t)));
  mmaThroughLayouts<<<1, kThreads>>>(dA, dB, dD, dRaw, dBad);
  LS_CHECK(cudaGetLastError());
  LS_CHECK(cudaDeviceSynchronize());
  LS_CHECK(cudaMemcpy(hD.data(), dD, hD.size() * sizeof(Acc), cudaMemcpyDeviceToHost));
  LS_CHECK(cudaMemcpy(hRaw.data(), dRaw, hRaw.size() * sizeof(Acc), cudaMemcpyDeviceToHost));
  LS_CHECK(cudaMemcpy(&bad, dBad, sizeof(uint32_t), cudaMemcpyDeviceToHost));
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dD);
  cudaFree(dRaw);
  cudaFree(dBad);
  return 0;
}

int main() {
  std::vector<uint16_t> table(sizeof(kTable) / sizeof(kTable[0]));
  LS_CHECK(cudaMemcpyFromSymbol(table.data(), kTable, sizeof(kTable)));
  std::vector<Raw> hA(kM * kK), hB(kK * kN);
  std::vector<double> vA(hA.size()), vB(hB.size());
  std::vector<Acc> hD(kM * kN), hRaw(kWarps * 32u * kCRegs);
  uint32_t bad = 0;
  // Runs 1 and 2: known small integers; the tensor cores' product must be the host's.
  for (uint32_t seed = 1; seed <= 2; ++seed) {
    fillRandom(hA, vA, 12345u * seed);
    fillRandom(hB, vB, 67890u * seed);
    if (int rc = run(hA, hB, hD, hRaw, bad))
      return rc;
    if (bad != 0xFFFFFFFFu) {
      std::printf("FAIL: warp %u accumulator tile %u: the table gives no B fragment for the K "
                  "block of an A fragment\n",
                  bad / 65536u, bad % 65536u);
      return 1;
    }
    for (uint32_t i = 0; i < kM; ++i)
      for (uint32_t j = 0; j < kN; ++j) {
        double want = 0;
        for (uint32_t k = 0; k < kK; ++k)
          want += vA[i * kK + k] * vB[k * kN + j];
        if (static_cast<double>(hD[i * kN + j]) != want) {
          std::printf("FAIL: D(%u, %u) = %g from the tensor cores, the host's product is %g\n", i,
                      j, static_cast<double>(hD[i * kN + j]), want);
          return 1;
        }
      }
    // Every location on its own (replicated accumulators race on D): its
    // register must hold the product of the element the table names.
    for (size_t loc = 0; loc < hRaw.size(); ++loc) {
      const uint32_t e = table[kCOff + loc];
      double want = 0;
      for (uint32_t k = 0; k < kK; ++k)
        want += vA[(e / kN) * kK + k] * vB[k * kN + e % kN];
      if (static_cast<double>(hRaw[loc]) != want) {
        std::printf("FAIL: location %zu (warp %zu lane %zu register %zu) holds %g; the product of "
                    "element (%u, %u) its table entry names is %g\n",
                    loc, loc / kCRegs / 32u, loc / kCRegs % 32u, loc % kCRegs,
                    static_cast<double>(hRaw[loc]), e / kN, e % kN, want);
        return 1;
      }
    }
  }
  // Run 2: index-valued inputs, D(i, j) = i * kN + j: which register holds
  // which accumulator element is the hardware's answer.
  const uint32_t bitsM = @BITS_M@u, bitsN = @BITS_N@u;
  // Slot k < bitsN + bitsM carries weight 2^k: a bit of j (k < bitsN) or of i.
  for (uint32_t i = 0; i < kM; ++i)
    for (uint32_t k = 0; k < kK; ++k)
      hA[i * kK + k] = encode(k < bitsN ? static_cast<double>(1u << (k / 2u))
                              : k < bitsN + bitsM ? ((i >> (k - bitsN)) & 1u) * static_cast<double>(1u << (k / 2u))
                                                  : 0.0);
  for (uint32_t k = 0; k < kK; ++k)
    for (uint32_t j = 0; j < kN; ++j)
      hB[k * kN + j] = encode(k < bitsN ? ((j >> k) & 1u) * static_cast<double>(1u << (k - k / 2u))
                              : k < bitsN + bitsM ? static_cast<double>(1u << (k - k / 2u))
                                                  : 0.0);
  if (int rc = run(hA, hB, hD, hRaw, bad))
    return rc;
  for (uint32_t loc = 0; loc < hRaw.size(); ++loc) {
    const double got = static_cast<double>(hRaw[loc]);
    const uint32_t said = table[kCOff + loc];
    if (got != static_cast<double>(said)) {
      const uint32_t reg = loc % kCRegs, lane = loc / kCRegs % 32u, warp = loc / kCRegs / 32u;
      const long g = static_cast<long>(got);
      std::printf("FAIL: warp %u lane %u register %u holds element (%ld, %ld) by the tensor cores; "
                  "the table says (%u, %u)\n",
                  warp, lane, reg, g / static_cast<long>(kN), g % static_cast<long>(kN),
                  said / kN, said % kN);
      return 1;
    }
  }
  std::printf("PASS: mma.sync @INSTR@ through @KIND@: D %ux%u = A %ux%u * B %ux%u on %u warps; "
              "every element equals the host's product, and every accumulator register holds the "
              "element the table names\n",
              kM, kN, kM, kK, kK, kN, kWarps);
  return 0;
}
)LS";

std::string mmaAsm(const MmaType &t) {
  std::string s;
  const int aRegs = t.fa * t.bytes / 4, bRegs = t.fb * t.bytes / 4;
  std::string shape = t.k == 8 ? "m16n8k8" : t.k == 16 ? "m16n8k16" : "m16n8k32";
  std::string acc = t.integer ? "s32" : "f32";
  std::string cons = t.integer ? "+r" : "+f";
  s += "asm volatile(\"mma.sync.aligned." + shape + ".row.col." + acc + "." + t.ptx + "." + t.ptx +
       "." + acc + " {%0, %1, %2, %3}, {";
  int n = 4;
  for (int i = 0; i < aRegs; ++i)
    s += (i ? ", %" : "%") + std::to_string(n++);
  s += "}, {";
  for (int i = 0; i < bRegs; ++i)
    s += (i ? ", %" : "%") + std::to_string(n++);
  s += "}, {%0, %1, %2, %3};\"\n          : \"" + cons + "\"(c[0]), \"" + cons + "\"(c[1]), \"" +
       cons + "\"(c[2]), \"" + cons + "\"(c[3])\n          : ";
  for (int i = 0; i < aRegs; ++i)
    s += "\"r\"(pack(x + " + std::to_string(i * 4 / t.bytes) + ")), ";
  for (int i = 0; i < bRegs; ++i)
    s += std::string("\"r\"(pack(y + ") + std::to_string(i * 4 / t.bytes) + "))" +
         (i + 1 < bRegs ? ", " : "");
  return s + ");";
}

// ------------------------------------------------------------------- ldmatrix

const char *kLdmatrixKernel =
    R"LS(constexpr uint32_t kRows = @ROWS@u, kCols = @COLS@u; // the operand tile as stored
constexpr uint32_t kElements = kRows * kCols;
constexpr uint32_t kWarps = @WARPS@u, kThreads = kWarps * 32u;
constexpr uint32_t kRegs = @REGS@u; // operand elements per thread (dot-operand layout)
constexpr uint32_t kFrag = @FRAG@u; // elements one ldmatrix gives a thread (x4: 8, x2: 4)
constexpr uint32_t kSOff = 0u, kDOff = kElements; // shared offsets, then dot-operand owners
constexpr bool kOperandB = @IS_B@;

@TABLE@
// Lane l of an ldmatrix addresses one 8-element row of one 8x8 matrix. A
// (rows = M, K contiguous): matrices (m0, k0), (m0 + 8, k0), (m0, k0 + 8),
// (m0 + 8, k0 + 8), i.e. a0a1, a2a3, a4a5, a6a7 of mma.sync m16n8k16. B stored
// K-contiguous (rows = N): matrices (n0, k0), (n0, k0 + 8) = b0b1, b2b3.
__device__ __forceinline__ uint32_t rowElement(uint32_t lane, uint32_t r0, uint32_t c0) {
  if (kOperandB)
    return (r0 + lane % 8u) * kCols + c0 + 8u * ((lane / 8u) % 2u);
  return (r0 + lane % 8u + 8u * ((lane / 8u) % 2u)) * kCols + c0 + 8u * (lane / 16u);
}

__global__ void __launch_bounds__(kThreads)
    ldmatrixThroughLayouts(const uint16_t *in, uint16_t *out, uint32_t *bad, uint32_t *got) {
  __shared__ __align__(128) uint16_t sIn[kElements];
  __shared__ __align__(128) uint16_t sOut[kElements];
  for (uint32_t e = threadIdx.x; e < kElements; e += kThreads) {
    sIn[e] = 0xFFFFu; // poison
    sOut[e] = 0xFFFFu;
  }
  __syncthreads();
  // Every element stored at the offset the tool's shared layout gives it.
  for (uint32_t e = threadIdx.x; e < kElements; e += kThreads)
    sIn[kTable[kSOff + e]] = in[e];
  __syncthreads();
  const uint32_t warp = threadIdx.x / 32u, lane = threadIdx.x % 32u;
  const uint32_t inBase = static_cast<uint32_t>(__cvta_generic_to_shared(sIn));
  const uint32_t outBase = static_cast<uint32_t>(__cvta_generic_to_shared(sOut));
  for (uint32_t q = 0; q < kRegs / kFrag; ++q) {
    // The fragment's tile: warp 0 lane 0's smallest row and column of chunk q
    // of this warp (the same for every lane).
    uint32_t r0 = 0xFFFFFFFFu, c0 = 0xFFFFFFFFu;
    for (uint32_t i = 0; i < kFrag; ++i) {
      const uint32_t e = kTable[kDOff + warp * 32u * kRegs + q * kFrag + i];
      // operand coordinates (A: m, k; B: k, n) -> stored (row, col)
      const uint32_t a = kOperandB ? e % kRows : e / kCols, b = kOperandB ? e / kRows : e % kCols;
      r0 = min(r0, a);
      c0 = min(c0, b);
    }
    const uint32_t addrIn = inBase + kTable[kSOff + rowElement(lane, r0, c0)] * 2u;
    const uint32_t addrOut = outBase + kTable[kSOff + rowElement(lane, r0, c0)] * 2u;
    uint32_t x[4] = {0u, 0u, 0u, 0u};
    if (kFrag == 8u)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(x[0]), "=r"(x[1]), "=r"(x[2]), "=r"(x[3])
                   : "r"(addrIn));
    else
      asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
                   : "=r"(x[0]), "=r"(x[1])
                   : "r"(addrIn));
    // The fragment the hardware gave must be the dot-operand layout's registers.
    for (uint32_t j = 0; j < kFrag; ++j) {
      const uint32_t loc = (warp * 32u + lane) * kRegs + q * kFrag + j;
      const uint16_t v = static_cast<uint16_t>(x[j / 2u] >> (16u * (j % 2u)));
      const uint32_t e = kTable[kDOff + loc];
      const uint32_t stored = kOperandB ? (e % kRows) * kCols + e / kRows : e;
      if (v != in[stored] && atomicMin(bad, loc) > loc)
        got[0] = v;
    }
    // stmatrix writes the fragment back to the same addresses of a second buffer.
    if (kFrag == 8u)
      asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
                   :
                   : "r"(addrOut), "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3])
                   : "memory");
    else
      asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};"
                   :
                   : "r"(addrOut), "r"(x[0]), "r"(x[1])
                   : "memory");
  }
  __syncthreads();
  for (uint32_t e = threadIdx.x; e < kElements; e += kThreads)
    out[e] = sOut[kTable[kSOff + e]];
}

int main() {
  std::vector<uint16_t> table(sizeof(kTable) / sizeof(kTable[0]));
  LS_CHECK(cudaMemcpyFromSymbol(table.data(), kTable, sizeof(kTable)));
  std::vector<uint16_t> hIn(kElements), hOut(kElements);
  for (uint32_t e = 0; e < kElements; ++e)
    hIn[e] = static_cast<uint16_t>(e); // every element names itself
  uint16_t *dIn = nullptr, *dOut = nullptr;
  uint32_t *dBad = nullptr, *dGot = nullptr;
  LS_CHECK(cudaMalloc(&dIn, kElements * 2u));
  LS_CHECK(cudaMalloc(&dOut, kElements * 2u));
  LS_CHECK(cudaMalloc(&dBad, 4u));
  LS_CHECK(cudaMalloc(&dGot, 4u));
  LS_CHECK(cudaMemcpy(dIn, hIn.data(), kElements * 2u, cudaMemcpyHostToDevice));
  LS_CHECK(cudaMemset(dBad, 0xFF, 4u));
  LS_CHECK(cudaMemset(dGot, 0, 4u));
  ldmatrixThroughLayouts<<<1, kThreads>>>(dIn, dOut, dBad, dGot);
  LS_CHECK(cudaGetLastError());
  LS_CHECK(cudaDeviceSynchronize());
  uint32_t bad = 0, got = 0;
  LS_CHECK(cudaMemcpy(hOut.data(), dOut, kElements * 2u, cudaMemcpyDeviceToHost));
  LS_CHECK(cudaMemcpy(&bad, dBad, 4u, cudaMemcpyDeviceToHost));
  LS_CHECK(cudaMemcpy(&got, dGot, 4u, cudaMemcpyDeviceToHost));
  if (bad != 0xFFFFFFFFu) {
    const uint32_t reg = bad % kRegs, lane = bad / kRegs % 32u, warp = bad / kRegs / 32u;
    const uint32_t e = table[kDOff + bad];
    const uint32_t r = kOperandB ? e / kRows : e / kCols, c = kOperandB ? e % kRows : e % kCols;
    if (got == 0xFFFFu)
      std::printf("FAIL: warp %u lane %u register %u: ldmatrix at the tool's address read "
                  "unwritten shared memory; the dot-operand layout says element (%u, %u)\n",
                  warp, lane, reg, r, c);
    else
      std::printf("FAIL: warp %u lane %u register %u: ldmatrix at the tool's address gave stored "
                  "element (%u, %u); the dot-operand layout says element (%u, %u)\n",
                  warp, lane, reg, kOperandB ? got % kCols : got / kCols,
                  kOperandB ? got / kCols : got % kCols, r, c);
    return 1;
  }
  for (uint32_t e = 0; e < kElements; ++e)
    if (hOut[e] != hIn[e]) {
      std::printf("FAIL: element (%u, %u) did not come back through stmatrix at the tool's "
                  "address\n",
                  kOperandB ? e % kCols : e / kCols, kOperandB ? e / kCols : e % kCols);
      return 1;
    }
  std::printf("PASS: ldmatrix/stmatrix m8n8 @XN@ through @KIND@ %ux%u @ELEM@: every fragment read at "
              "the tool's shared addresses is the dot-operand layout's registers, and stmatrix puts "
              "every element back\n",
              kRows, kCols);
  return 0;
}
)LS";

// ------------------------------------------------------- HIP MFMA and WMMA

// One kernel for AMD's matrix cores: MFMA (CDNA, wave64) and WMMA (RDNA3,
// wave32) differ only in the lane count, the fragment sizes, the vector types,
// how a lane finds its id and the builtin's call (AmdMatrix below).

const char *kAmdMatrixKernel = R"LS(constexpr uint32_t kM = @M@u, kN = @N@u, kK = @K@u;
constexpr uint32_t kWarps = @WARPS@u, kLanes = @LANES@u, kThreads = kWarps * kLanes;@LANES_NOTE@
constexpr uint32_t kARegs = @AREGS@u, kBRegs = @BREGS@u, kCRegs = @CREGS@u; // elements per lane
constexpr uint32_t kFA = @FA@u, kFB = @FA@u, kFC = @FC@u; // elements per lane per instruction
constexpr uint32_t kAOff = 0u, kBOff = kWarps * kLanes * kARegs, kCOff = kBOff + kWarps * kLanes * kBRegs;
typedef _Float16 @AVEC@ __attribute__((ext_vector_type(@FA@)));
typedef float @CVEC@ __attribute__((ext_vector_type(@FC@)));

@TABLE@
// Lane 0's elements of one instruction's fragment name the instruction tile.
__device__ void tileOf(uint32_t off, uint32_t warp, uint32_t regs, uint32_t chunk, uint32_t n,
                       uint32_t cols, uint32_t &row, uint32_t &col) {
  row = col = 0xFFFFFFFFu;
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t e = kTable[off + warp * kLanes * regs + chunk * n + i];
    row = min(row, e / cols);
    col = min(col, e % cols);
  }
}

@TID_NOTE@__global__ void __launch_bounds__(kThreads)
    @KERNEL@ThroughLayouts(const _Float16 *A, const _Float16 *B, float *D, float *raw, uint32_t *bad) {
@WARP_LANE@
  _Float16 a[kARegs], b[kBRegs];
  for (uint32_t r = 0; r < kARegs; ++r)
    a[r] = A[kTable[kAOff + (warp * kLanes + lane) * kARegs + r]];
  for (uint32_t r = 0; r < kBRegs; ++r)
    b[r] = B[kTable[kBOff + (warp * kLanes + lane) * kBRegs + r]];
  for (uint32_t q = 0; q < kCRegs / kFC; ++q) {
    uint32_t cm, cn;
    tileOf(kCOff, warp, kCRegs, q, kFC, kN, cm, cn);
    @CVEC@ c = {};
    for (uint32_t p = 0; p < kARegs / kFA; ++p) {
      uint32_t am, ak;
      tileOf(kAOff, warp, kARegs, p, kFA, kK, am, ak);
      if (am != cm)
        continue;
      uint32_t s = 0xFFFFFFFFu;
      for (uint32_t t = 0; t < kBRegs / kFB && s == 0xFFFFFFFFu; ++t) {
        uint32_t bk, bn;
        tileOf(kBOff, warp, kBRegs, t, kFB, kN, bk, bn);
        if (bk == ak && bn == cn)
          s = t;
      }
      if (s == 0xFFFFFFFFu) {
        atomicMin(bad, warp * 65536u + q);
        continue;
      }
      @AVEC@ x, y;@XY_NOTE@
      for (uint32_t i = 0; i < @FA@u; ++i) {
        x[i] = a[p * kFA + i];
        y[i] = b[s * kFB + i];
      }
      c = @BUILTIN@(x, y, c@CALL_TAIL@);
    }
    for (uint32_t i = 0; i < kFC; ++i) {
      const uint32_t loc = (warp * kLanes + lane) * kCRegs + q * kFC + i;
      D[kTable[kCOff + loc]] = c[i];
      raw[loc] = c[i];
    }
  }
}

static int run(const std::vector<_Float16> &hA, const std::vector<_Float16> &hB,
               std::vector<float> &hD, std::vector<float> &hRaw, uint32_t &bad) {
  _Float16 *dA = nullptr, *dB = nullptr;
  float *dD = nullptr, *dRaw = nullptr;
  uint32_t *dBad = nullptr;
  LS_CHECK(hipMalloc(&dA, hA.size() * 2u));
  LS_CHECK(hipMalloc(&dB, hB.size() * 2u));
  LS_CHECK(hipMalloc(&dD, hD.size() * 4u));
  LS_CHECK(hipMalloc(&dRaw, hRaw.size() * 4u));
  LS_CHECK(hipMalloc(&dBad, 4u));
  LS_CHECK(hipMemcpy(dA, hA.data(), hA.size() * 2u, hipMemcpyHostToDevice));
  LS_CHECK(hipMemcpy(dB, hB.data(), hB.size() * 2u, hipMemcpyHostToDevice));
  LS_CHECK(hipMemset(dD, 0x7F, hD.size() * 4u));
  LS_CHECK(hipMemset(dRaw, 0x7F, hRaw.size() * 4u));
  LS_CHECK(hipMemset(dBad, 0xFF, 4u));
  @KERNEL@ThroughLayouts<<<1, kThreads>>>(dA, dB, dD, dRaw, dBad);
  LS_CHECK(hipGetLastError());
  LS_CHECK(hipDeviceSynchronize());
  LS_CHECK(hipMemcpy(hD.data(), dD, hD.size() * 4u, hipMemcpyDeviceToHost));
  LS_CHECK(hipMemcpy(hRaw.data(), dRaw, hRaw.size() * 4u, hipMemcpyDeviceToHost));
  LS_CHECK(hipMemcpy(&bad, dBad, 4u, hipMemcpyDeviceToHost));
  LS_CHECK(hipFree(dA));
  LS_CHECK(hipFree(dB));
  LS_CHECK(hipFree(dD));
  LS_CHECK(hipFree(dRaw));
  LS_CHECK(hipFree(dBad));
  return 0;
}

int main() {
  std::vector<uint16_t> table(sizeof(kTable) / sizeof(kTable[0]));
  LS_CHECK(hipMemcpyFromSymbol(table.data(), HIP_SYMBOL(kTable), sizeof(kTable)));
  std::vector<_Float16> hA(kM * kK), hB(kK * kN);
  std::vector<double> vA(hA.size()), vB(hB.size());
  std::vector<float> hD(kM * kN), hRaw(kThreads * kCRegs);
  uint32_t bad = 0;
  for (uint32_t seed = 1; seed <= 2; ++seed) {
    uint32_t x = 12345u * seed;
    for (size_t i = 0; i < hA.size() + hB.size(); ++i) {
      x = x * 1664525u + 1013904223u;
      const double v = static_cast<double>(static_cast<int>((x >> 16) % 17u) - 8);
      if (i < hA.size())
        vA[i] = v, hA[i] = static_cast<_Float16>(v);
      else
        vB[i - hA.size()] = v, hB[i - hA.size()] = static_cast<_Float16>(v);
    }
    if (int rc = run(hA, hB, hD, hRaw, bad))
      return rc;
    if (bad != 0xFFFFFFFFu) {
      std::printf("FAIL: wave %u accumulator tile %u: no B fragment for an A fragment's K block\n",
                  bad / 65536u, bad % 65536u);
      return 1;
    }
    for (uint32_t i = 0; i < kM; ++i)
      for (uint32_t j = 0; j < kN; ++j) {
        double want = 0;
        for (uint32_t k = 0; k < kK; ++k)
          want += vA[i * kK + k] * vB[k * kN + j];
        if (static_cast<double>(hD[i * kN + j]) != want) {
          std::printf("FAIL: D(%u, %u) = %g from @NAME@, the host's product is %g\n", i, j,
                      static_cast<double>(hD[i * kN + j]), want);
          return 1;
        }
      }
    // Every location on its own (replicated accumulators race on D): its
    // register must hold the product of the element the table names.
    for (size_t loc = 0; loc < hRaw.size(); ++loc) {
      const uint32_t e = table[kCOff + loc];
      double want = 0;
      for (uint32_t k = 0; k < kK; ++k)
        want += vA[(e / kN) * kK + k] * vB[k * kN + e % kN];
      if (static_cast<double>(hRaw[loc]) != want) {
        std::printf("FAIL: location %zu (warp %zu lane %zu register %zu) holds %g; the product of "
                    "element (%u, %u) its table entry names is %g\n",
                    loc, loc / kCRegs / kLanes, loc / kCRegs % kLanes, loc % kCRegs,
                    static_cast<double>(hRaw[loc]), e / kN, e % kN, want);
        return 1;
      }
    }
  }
  // Index-valued inputs: D(i, j) = i * kN + j (slot k carries weight 2^k).
  const uint32_t bitsM = @BITS_M@u, bitsN = @BITS_N@u;
  for (uint32_t i = 0; i < kM; ++i)
    for (uint32_t k = 0; k < kK; ++k)
      hA[i * kK + k] = static_cast<_Float16>(
          k < bitsN ? static_cast<double>(1u << (k / 2u))
          : k < bitsN + bitsM ? ((i >> (k - bitsN)) & 1u) * static_cast<double>(1u << (k / 2u))
                              : 0.0);
  for (uint32_t k = 0; k < kK; ++k)
    for (uint32_t j = 0; j < kN; ++j)
      hB[k * kN + j] = static_cast<_Float16>(
          k < bitsN ? ((j >> k) & 1u) * static_cast<double>(1u << (k - k / 2u))
          : k < bitsN + bitsM ? static_cast<double>(1u << (k - k / 2u))
                              : 0.0);
  if (int rc = run(hA, hB, hD, hRaw, bad))
    return rc;
  for (uint32_t loc = 0; loc < hRaw.size(); ++loc)
    if (static_cast<double>(hRaw[loc]) != static_cast<double>(table[kCOff + loc])) {
      std::printf("FAIL: wave %u lane %u register %u holds element %g by @NAME@; the table says %u\n",
                  loc / kCRegs / kLanes, loc / kCRegs % kLanes, loc % kCRegs,
                  static_cast<double>(hRaw[loc]), table[kCOff + loc]);
      return 1;
    }
  std::printf("PASS: @BUILTIN@ through @ENCODING@: D %ux%u = A %ux%u * B %ux%u\n", kM, kN, kM,
              kK, kK, kN);
  return 0;
}
)LS";

// ------------------------------------------------------------ tensor memory

const char *kTmemKernel = R"LS(constexpr uint32_t kWarps = @WARPS@u, kThreads = kWarps * 32u;
constexpr uint32_t kRegs = @REGS@u;           // 32-bit registers per thread (the register layout)
constexpr uint32_t kCols = @COLS@u;           // 32-bit TMEM columns the tensor occupies
constexpr uint32_t kAllocCols = @ALLOC_COLS@u; // columns allocated (a power of two >= 32)
constexpr uint32_t kColBlocks = @COL_BLOCKS@u; // column blocks taken by warps 4, 8, ...
constexpr uint32_t kShape1 = @SHAPE1@u;
constexpr uint32_t kROff = 0u, kLOff = kThreads * kRegs;
constexpr uint16_t kEmpty = 0xFFFFu;           // an L entry for a slot that holds nothing
constexpr uint32_t kPoison = 0xDEADBEEFu;      // what an unwritten cell holds

@TABLE@
// PTX ISA, "Tensor Memory": an address is lane << 16 | column; warp w of a
// warpgroup reaches only lanes 32*(w%4) .. 32*(w%4)+31.  Shape 32x32b: thread t
// of the warp accesses lane 32*(w%4) + t, and register i of .xN column base + i.
__device__ __forceinline__ void st32x32b(uint32_t taddr, uint32_t v) {
  asm volatile("tcgen05.st.sync.aligned.32x32b.x1.b32 [%0], {%1};" ::"r"(taddr), "r"(v)
               : "memory");
}
// Shape 16x256b (.x1, 4 registers): thread t's registers r hold lane
// base + t/4 + 8*(r/2), column base + 2*(t%4) + r%2 -- another geometry over the
// same cells, so a store the 32x32b model misplaces cannot read back right.
__device__ __forceinline__ void ld16x256b(uint32_t taddr, uint32_t (&v)[4]) {
  asm volatile("tcgen05.ld.sync.aligned.16x256b.x1.b32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3])
               : "r"(taddr)
               : "memory");
  asm volatile("tcgen05.wait::ld.sync.aligned;" ::: "memory");
}
__device__ __forceinline__ uint32_t ld32x32b(uint32_t taddr) {
  uint32_t v;
  asm volatile("tcgen05.ld.sync.aligned.32x32b.x1.b32 {%0}, [%1];" : "=r"(v) : "r"(taddr) : "memory");
  asm volatile("tcgen05.wait::ld.sync.aligned;" ::: "memory");
  return v;
}
// Every store done and visible to every warp of the CTA.
__device__ __forceinline__ void tmemBarrier() {
  asm volatile("tcgen05.wait::st.sync.aligned;" ::: "memory");
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
}

__global__ void __launch_bounds__(kThreads)
    tmemRoundTrip(uint32_t *cells, uint32_t *cells256, uint32_t *regs) {
  __shared__ uint32_t base;
  const uint32_t warp = threadIdx.x / 32u, lane = threadIdx.x % 32u;
  if (warp == 0) {
    const uint32_t dst = static_cast<uint32_t>(__cvta_generic_to_shared(&base));
    asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], %1;" ::"r"(dst),
                 "r"(kAllocCols)
                 : "memory");
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;" ::: "memory");
  }
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
  const uint32_t quarter = (warp % 4u) * 32u; // the first TMEM lane this warp reaches
  const uint32_t t0 = base + (quarter << 16);
  // Triton's 32x32b lowering: register r of warp w reads column
  // colBase(w) + r; warps 4, 8, ... take the next column blocks (or repeat them).
  const uint32_t colBase = (warp / 4u) % kColBlocks * kRegs;
  // 1. Poison every cell of the tensor (warps 0..3, one lane quarter each).
  if (warp < 4u)
    for (uint32_t c = 0; c < kCols; ++c)
      st32x32b(t0 + c, kPoison);
  tmemBarrier();
  // 2. Each thread stores the elements the tool's register layout gives its
  //    registers (LS_TABLE from kROff); the hardware puts them in TMEM.
  for (uint32_t r = 0; r < kRegs; ++r)
    st32x32b(t0 + colBase + r, kTable[kROff + threadIdx.x * kRegs + r]);
  tmemBarrier();
  // 3. Warps 0..3 read every cell of their lane quarter (lane = 32*w + thread).
  if (warp < 4u)
    for (uint32_t c = 0; c < kCols; ++c)
      cells[(quarter + lane) * kCols + c] = ld32x32b(t0 + c);
  // 3b. ... and again with 16x256b: each lane-quarter half (16 lanes) by 8 columns.
  if (warp < 4u && kCols % 8u == 0u)
    for (uint32_t h = 0; h < 32u; h += 16u)
      for (uint32_t c = 0; c < kCols; c += 8u) {
        uint32_t v[4];
        ld16x256b(t0 + (h << 16) + c, v);
        for (uint32_t r = 0; r < 4u; ++r)
          cells256[(quarter + h + lane / 4u + 8u * (r / 2u)) * kCols + c + 2u * (lane % 4u) +
                   r % 2u] = v[r];
      }
  // 4. Every thread loads its registers back with the design's access.
  for (uint32_t r = 0; r < kRegs; ++r)
    regs[threadIdx.x * kRegs + r] = ld32x32b(t0 + colBase + r);
  tmemBarrier();
  if (warp == 0)
    asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, %1;" ::"r"(base),
                 "r"(kAllocCols)
                 : "memory");
}

int main() {
  std::vector<uint16_t> table(sizeof(kTable) / sizeof(kTable[0]));
  LS_CHECK(cudaMemcpyFromSymbol(table.data(), kTable, sizeof(kTable)));
  int dev = 0, major = 0, minor = 0;
  LS_CHECK(cudaGetDevice(&dev));
  LS_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  LS_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
  if (major != 10 || minor != 0) {
    std::printf("ERROR: tcgen05 needs an sm_100a GPU (this one is sm_%d%d)\n", major, minor);
    return 2;
  }
  std::vector<uint32_t> hCells(128u * kCols), hCells256(128u * kCols), hRegs(kThreads * kRegs);
  uint32_t *dCells = nullptr, *dCells256 = nullptr, *dRegs = nullptr;
  LS_CHECK(cudaMalloc(&dCells, hCells.size() * 4u));
  LS_CHECK(cudaMalloc(&dCells256, hCells256.size() * 4u));
  LS_CHECK(cudaMalloc(&dRegs, hRegs.size() * 4u));
  LS_CHECK(cudaMemset(dCells, 0xA5, hCells.size() * 4u));
  LS_CHECK(cudaMemset(dCells256, 0xA5, hCells256.size() * 4u));
  LS_CHECK(cudaMemset(dRegs, 0xA5, hRegs.size() * 4u));
  tmemRoundTrip<<<1, kThreads>>>(dCells, dCells256, dRegs);
  LS_CHECK(cudaGetLastError());
  LS_CHECK(cudaDeviceSynchronize());
  LS_CHECK(cudaMemcpy(hCells.data(), dCells, hCells.size() * 4u, cudaMemcpyDeviceToHost));
  LS_CHECK(cudaMemcpy(hCells256.data(), dCells256, hCells256.size() * 4u,
                      cudaMemcpyDeviceToHost));
  LS_CHECK(cudaMemcpy(hRegs.data(), dRegs, hRegs.size() * 4u, cudaMemcpyDeviceToHost));
  // Every TMEM cell must hold the element the TMEM layout puts there (empty
  // slots: still the poison), read with 32x32b and with 16x256b.
  for (uint32_t pass = 0; pass < (kCols % 8u == 0u ? 2u : 1u); ++pass)
    for (uint32_t l = 0; l < 128u; ++l)
      for (uint32_t c = 0; c < kCols; ++c) {
        const uint16_t want = table[kLOff + l * kCols + c];
        const uint32_t got = (pass ? hCells256 : hCells)[l * kCols + c];
        if (want == kEmpty ? got != kPoison : got != want) {
          char g[48], w[48];
          if (got == kPoison)
            std::snprintf(g, sizeof g, "nothing");
          else
            std::snprintf(g, sizeof g, "element (%u, %u)", got / kShape1, got % kShape1);
          if (want == kEmpty)
            std::snprintf(w, sizeof w, "nothing");
          else
            std::snprintf(w, sizeof w, "element (%u, %u)", want / kShape1, want % kShape1);
          std::printf("FAIL: TMEM lane %u column %u holds %s (read with %s) after tcgen05.st from "
                      "the register layout; the TMEM layout says %s\n",
                      l, c, g, pass ? "16x256b" : "32x32b", w);
          return 1;
        }
      }
  for (uint32_t i = 0; i < kThreads * kRegs; ++i)
    if (hRegs[i] != table[kROff + i]) {
      std::printf("FAIL: warp %u lane %u register %u holds %u after tcgen05.ld; the table says "
                  "element (%u, %u)\n",
                  i / kRegs / 32u, i / kRegs % 32u, i % kRegs, hRegs[i],
                  table[kROff + i] / kShape1, table[kROff + i] % kShape1);
      return 1;
    }
  LS_CHECK(cudaFree(dCells));
  LS_CHECK(cudaFree(dCells256));
  LS_CHECK(cudaFree(dRegs));
  std::printf("PASS: tcgen05.st/ld 32x32b through tensor_memory_encoding @SHAPE@ @ELEM@: every TMEM "
              "cell holds the element the TMEM layout names (read with 32x32b and 16x256b), and "
              "every register of %u threads the element the register layout names\n",
              kThreads);
  return 0;
}
)LS";

// ---------------------------------------------------------------------- wgmma

const char *kWgmmaKernel =
    R"LS(constexpr uint32_t kM = @M@u, kN = @N@u, kK = @K@u, kInstrN = @INSTR_N@u;
constexpr uint32_t kThreads = 128u; // one warpgroup
constexpr uint32_t kCRegs = @CREGS@u; // accumulator elements per thread
constexpr uint32_t kAOff = 0u, kBOff = kM * kK, kCOff = kBOff + kK * kN;
// A (M x K) and B (K x N) in shared memory as Triton lays them out:
// A: nvmma_shared swizzle @A_SW@ B, @A_MAJOR@-major; B: swizzle @B_SW@ B, @B_MAJOR@-major.
constexpr uint32_t kASwizzle = @A_SW@u, kBSwizzle = @B_SW@u;

@TABLE@
static uint16_t encode(double v) { @ENCODE@ }

// The wgmma matrix descriptor (PTX ISA, "Matrix Descriptor Format"): start
// address, leading and stride byte offsets (all >> 4), swizzle mode in bits 62-63.
__device__ __forceinline__ uint64_t descriptor(uint32_t addr, uint32_t lbo, uint32_t sbo,
                                               uint32_t swizzle) {
  const uint64_t mode = swizzle == 128u ? 1u : swizzle == 64u ? 2u : swizzle == 32u ? 3u : 0u;
  return uint64_t((addr & 0x3FFFFu) >> 4) | (uint64_t((lbo >> 4) & 0x3FFFu) << 16) |
         (uint64_t((sbo >> 4) & 0x3FFFu) << 32) | (mode << 62);
}

// Byte offset of the tile starting at (contiguous c0, strided s0) in Triton's
// nvmma_shared layout of a (strided S) x (contiguous) operand: atoms of
// swizzle bytes per row, the contiguous dim split into column blocks of
// swizzle/2 elements, each block holding every row.
__device__ __forceinline__ uint32_t tileStart(uint32_t c0, uint32_t s0, uint32_t S,
                                              uint32_t swizzle, uint32_t rowBytes) {
  if (swizzle == 0u)
    return s0 * rowBytes + c0 * 2u;
  const uint32_t w = swizzle / 2u;
  return (c0 / w) * (S * swizzle) + s0 * swizzle + (c0 % w) * 2u;
}

__global__ void __launch_bounds__(kThreads)
    wgmmaThroughLayouts(const uint16_t *A, const uint16_t *B, float *D, float *raw) {
  extern __shared__ uint8_t smemRaw[];
  const uint32_t raw0 = static_cast<uint32_t>(__cvta_generic_to_shared(smemRaw));
  const uint32_t base = (raw0 + 1023u) & ~1023u; // swizzle patterns repeat from 1024-byte boundaries
  uint16_t *sA = reinterpret_cast<uint16_t *>(smemRaw + (base - raw0));
  uint16_t *sB = sA + kM * kK;
  // Shared memory written at the tool's offsets: offset o holds the element the table names.
  for (uint32_t o = threadIdx.x; o < kM * kK; o += kThreads)
    sA[o] = A[kTable[kAOff + o]];
  for (uint32_t o = threadIdx.x; o < kK * kN; o += kThreads)
    sB[o] = B[kTable[kBOff + o]];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  const uint32_t warp = threadIdx.x / 32u, lane = threadIdx.x % 32u;
  const uint32_t aBase = base, bBase = base + kM * kK * 2u;
  for (uint32_t q = 0; q < kCRegs / (kInstrN / 2u); ++q) {
    // The tile of accumulator chunk q: warp 0 lane 0's smallest row and column.
    uint32_t m0 = 0xFFFFFFFFu, n0 = 0xFFFFFFFFu;
    for (uint32_t i = 0; i < kInstrN / 2u; ++i) {
      const uint32_t e = kTable[kCOff + q * (kInstrN / 2u) + i];
      m0 = min(m0, e / kN);
      n0 = min(n0, e % kN);
    }
    m0 -= m0 % 64u;
    float d[@HALF_N@];
    for (uint32_t i = 0; i < kInstrN / 2u; ++i)
      d[i] = 0.0f;
    for (uint32_t k0 = 0; k0 < kK; k0 += 16u) {
      const uint64_t da = @A_DESC@;
      const uint64_t db = @B_DESC@;
      const uint32_t scaleD = k0 > 0u ? 1u : 0u;
      asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
      @WGMMA_ASM@
      asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
      asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    }
    for (uint32_t i = 0; i < kInstrN / 2u; ++i) {
      const uint32_t loc = (warp * 32u + lane) * kCRegs + q * (kInstrN / 2u) + i;
      D[kTable[kCOff + loc]] = d[i];
      raw[loc] = d[i];
    }
  }
}

static void fillRandom(std::vector<uint16_t> &x, std::vector<double> &v, uint32_t seed) {
  for (size_t i = 0; i < x.size(); ++i) {
    seed = seed * 1664525u + 1013904223u;
    v[i] = static_cast<double>(static_cast<int>((seed >> 16) % 17u) - 8);
    x[i] = encode(v[i]);
  }
}

static int run(const std::vector<uint16_t> &hA, const std::vector<uint16_t> &hB,
               std::vector<float> &hD, std::vector<float> &hRaw) {
  uint16_t *dA = nullptr, *dB = nullptr;
  float *dD = nullptr, *dRaw = nullptr;
  const size_t smem = (kM * kK + kK * kN) * 2u + 1024u;
  LS_CHECK(cudaFuncSetAttribute(wgmmaThroughLayouts, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                static_cast<int>(smem)));
  LS_CHECK(cudaMalloc(&dA, hA.size() * 2u));
  LS_CHECK(cudaMalloc(&dB, hB.size() * 2u));
  LS_CHECK(cudaMalloc(&dD, hD.size() * sizeof(float)));
  LS_CHECK(cudaMalloc(&dRaw, hRaw.size() * sizeof(float)));
  LS_CHECK(cudaMemcpy(dA, hA.data(), hA.size() * 2u, cudaMemcpyHostToDevice));
  LS_CHECK(cudaMemcpy(dB, hB.data(), hB.size() * 2u, cudaMemcpyHostToDevice));
  LS_CHECK(cudaMemset(dD, 0x7F, hD.size() * sizeof(float))); // poison: no product is 0x7F7F7F7F
  LS_CHECK(cudaMemset(dRaw, 0xFF, hRaw.size() * sizeof(float)));
  wgmmaThroughLayouts<<<1, kThreads, smem>>>(dA, dB, dD, dRaw);
  LS_CHECK(cudaGetLastError());
  LS_CHECK(cudaDeviceSynchronize());
  LS_CHECK(cudaMemcpy(hD.data(), dD, hD.size() * sizeof(float), cudaMemcpyDeviceToHost));
  LS_CHECK(cudaMemcpy(hRaw.data(), dRaw, hRaw.size() * sizeof(float), cudaMemcpyDeviceToHost));
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dD);
  cudaFree(dRaw);
  return 0;
}

int main() {
  std::vector<uint16_t> table(sizeof(kTable) / sizeof(kTable[0]));
  LS_CHECK(cudaMemcpyFromSymbol(table.data(), kTable, sizeof(kTable)));
  std::vector<uint16_t> hA(kM * kK), hB(kK * kN);
  std::vector<double> vA(hA.size()), vB(hB.size());
  std::vector<float> hD(kM * kN), hRaw(kThreads * kCRegs);
  for (uint32_t seed = 1; seed <= 2; ++seed) {
    fillRandom(hA, vA, 12345u * seed);
    fillRandom(hB, vB, 67890u * seed);
    if (int rc = run(hA, hB, hD, hRaw))
      return rc;
    for (uint32_t i = 0; i < kM; ++i)
      for (uint32_t j = 0; j < kN; ++j) {
        double want = 0;
        for (uint32_t k = 0; k < kK; ++k)
          want += vA[i * kK + k] * vB[k * kN + j];
        if (static_cast<double>(hD[i * kN + j]) != want) {
          std::printf("FAIL: D(%u, %u) = %g from wgmma, the host's product is %g\n", i, j,
                      static_cast<double>(hD[i * kN + j]), want);
          return 1;
        }
      }
    // Every location on its own (replicated accumulators race on D): its
    // register must hold the product of the element the table names.
    for (size_t loc = 0; loc < hRaw.size(); ++loc) {
      const uint32_t e = table[kCOff + loc];
      double want = 0;
      for (uint32_t k = 0; k < kK; ++k)
        want += vA[(e / kN) * kK + k] * vB[k * kN + e % kN];
      if (static_cast<double>(hRaw[loc]) != want) {
        std::printf("FAIL: location %zu (warp %zu lane %zu register %zu) holds %g; the product of "
                    "element (%u, %u) its table entry names is %g\n",
                    loc, loc / kCRegs / 32u, loc / kCRegs % 32u, loc % kCRegs,
                    static_cast<double>(hRaw[loc]), e / kN, e % kN, want);
        return 1;
      }
    }
  }
  // Index-valued inputs: D(i, j) = i * kN + j tells which register holds which element.
  const uint32_t bitsM = @BITS_M@u, bitsN = @BITS_N@u;
  for (uint32_t i = 0; i < kM; ++i)
    for (uint32_t k = 0; k < kK; ++k)
      hA[i * kK + k] = encode(k < bitsN ? static_cast<double>(1u << (k / 2u))
                              : k < bitsN + bitsM ? ((i >> (k - bitsN)) & 1u) * static_cast<double>(1u << (k / 2u))
                                                  : 0.0);
  for (uint32_t k = 0; k < kK; ++k)
    for (uint32_t j = 0; j < kN; ++j)
      hB[k * kN + j] = encode(k < bitsN ? ((j >> k) & 1u) * static_cast<double>(1u << (k - k / 2u))
                              : k < bitsN + bitsM ? static_cast<double>(1u << (k - k / 2u))
                                                  : 0.0);
  if (int rc = run(hA, hB, hD, hRaw))
    return rc;
  for (uint32_t loc = 0; loc < hRaw.size(); ++loc) {
    const uint32_t said = table[kCOff + loc];
    if (static_cast<double>(hRaw[loc]) != static_cast<double>(said)) {
      const uint32_t reg = loc % kCRegs, lane = loc / kCRegs % 32u, warp = loc / kCRegs / 32u;
      const long g = static_cast<long>(hRaw[loc]);
      std::printf("FAIL: warp %u lane %u register %u holds element (%ld, %ld) by wgmma; the table "
                  "says (%u, %u)\n",
                  warp, lane, reg, g / static_cast<long>(kN), g % static_cast<long>(kN),
                  said / kN, said % kN);
      return 1;
    }
  }
  std::printf("PASS: wgmma m64n%uk16 @OPTYPE@ from shared memory (A swizzle %u B %s-major, B "
              "swizzle %u B %s-major): D %ux%u = A %ux%u * B %ux%u equals the host's product, and "
              "every accumulator register holds the element the table names\n",
              kInstrN, kASwizzle, "@A_MAJOR@", kBSwizzle, "@B_MAJOR@", kM, kN, kM, kK, kK, kN);
  return 0;
}
)LS";

std::string wgmmaAsm(int n, const std::string &ptx, bool transA, bool transB) {
  std::string s = "asm volatile(\"{\\n.reg .pred p;\\nsetp.ne.b32 p, %" +
                  std::to_string(n / 2 + 2) + ", 0;\\nwgmma.mma_async.sync.aligned.m64n" +
                  std::to_string(n) + "k16.f32." + ptx + "." + ptx + " {";
  for (int i = 0; i < n / 2; ++i)
    s += (i ? ", %" : "%") + std::to_string(i);
  s += "}, %" + std::to_string(n / 2) + ", %" + std::to_string(n / 2 + 1) + ", p, 1, 1, " +
       (transA ? "1" : "0") + ", " + (transB ? "1" : "0") + ";\\n}\"\n          : ";
  for (int i = 0; i < n / 2; ++i)
    s += "\"+f\"(d[" + std::to_string(i) + "])" + (i + 1 < n / 2 ? ", " : "");
  s += "\n          : \"l\"(da), \"l\"(db), \"r\"(scaleD)\n          : \"memory\");";
  return s;
}

void prologueValues(std::map<std::string, std::string> &v, const ExportDesign &design, bool hip) {
  v["ATTR"] = ir::printEncoding(*design.encoding);
  v["SHAPE"] = joined(design.shape, "x");
  v["ELEM"] = design.element.name;
  v["API"] = hip ? "hip" : "cuda";
  v["RUNTIME_INCLUDE"] = hip ? "#include <hip/hip_runtime.h>" : "#include <cuda_runtime.h>";
}

int encodingBits(const ir::ElementType &t) {
  return std::max(8, t.bits);
}

// ----------------------------------------------------------------- builders

std::string copyKernel(const ExportDesign &design, const LinearLayout &ll, KernelDialect dialect) {
  const bool hip = dialect == KernelDialect::Hip;
  if (design.encoding->isShared())
    throw Error("layout", "a shared layout has no copy kernel; its cuda kernel is wgmma "
                          "(nvmma_shared), and `gluon-probe` checks every shared layout");
  if (design.element.name.rfind("!tt.ptr", 0) == 0)
    throw Error("--dtype", "kernels move numbers; use a numeric element type");
  if (ll.getTotalInDimSizeLog2() > 15)
    throw Error("--shape", "the copy kernel's table would have 2^" +
                               std::to_string(ll.getTotalInDimSizeLog2()) +
                               " entries (one per register of every thread); at most " +
                               std::to_string(kMaxTableEntries) +
                               " fit in 64 KiB of constant memory");
  Owners o = ownersOf(ll);
  if (o.warps * o.lanes > 1024)
    throw Error("layout", "a CTA of the layout has " + std::to_string(o.warps * o.lanes) +
                              " threads; a kernel launches at most 1024 threads");
  const int bits = encodingBits(design.element);
  const int elemBytes = bits / 8;
  GlobalAccess ga(ll, bits);
  const int vec = ga.vectorElems();
  int64_t elements = 1;
  for (auto s : design.shape)
    elements *= s;
  const int inBits = ll.getTotalInDimSizeLog2();
  const int64_t replication = (int64_t{1} << inBits) / elements;

  std::map<std::string, std::string> v;
  prologueValues(v, design, hip);
  v["TITLE"] = std::string(hip ? "HIP" : "CUDA") + " copy kernel through a " +
               mnemonic(design.encoding->kind()) + " layout";
  std::string what =
      "// Every thread loads from global memory exactly the elements the tool's ownership map\n"
      "// (LS_TABLE) gives its registers, in the vectors the layout allows, and stores them back\n"
      "// to a poisoned output. The program checks that every element arrives, and that each is\n"
      "// loaded by exactly as many locations as the layout replicates it: a table in which two\n"
      "// locations claim one element, or an element is missed, FAILs. The copy itself cannot "
      "tell\n"
      "// which thread should own what (any bijection copies); its value is the access pattern:\n";
  if (!hip && o.lanes == 32)
    what +=
        "// the predicted global sectors per request are printed for Nsight Compute to confirm:\n"
        "//   ncu --metrics l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,"
        "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum ./check\n";
  else if (!hip)
    what += "// (the layout's warps have " + std::to_string(o.lanes) +
            " lanes, NVIDIA's 32, so no per-request sector prediction is printed).\n";
  else
    what += "// HIP: compile-checked only (there is no AMD GPU in Layout Studio's test setup).\n";
  v["WHAT"] = what;
  v["BUILD"] = hip ? "hipcc --offload-arch=gfx942 -o check layout.hip && ./check"
                   : "nvcc -arch=sm_80 -o check layout.cu && ./check";
  v["ARCHS"] = hip ? "gfx90a gfx940" : "sm_80 sm_90 sm_100a";
  v["EXTRA_INCLUDE"] = hip ? "" : "#define HIP_SYMBOL(x) x\n";
  v["ELEMENTS"] = std::to_string(elements);
  v["CTAS"] = std::to_string(o.ctas);
  v["WARPS"] = std::to_string(o.warps);
  v["LANES"] = std::to_string(o.lanes);
  v["REGS"] = std::to_string(o.regs);
  v["VEC"] = std::to_string(vec);
  v["REPLICATION"] = std::to_string(replication);
  v["RANK"] = std::to_string(design.shape.size());
  v["SHAPE_LIST"] = joined(design.shape, "u, ") + "u";
  v["WORD"] = uintType(elemBytes);
  v["VECTYPE"] = uintType(vec * elemBytes);
  v["KIND"] = mnemonic(design.encoding->kind());
  v["TABLE"] = tableText(o.flat, "The tool's ownership map: entry ((block * kWarps + warp) * "
                                 "kLanes + lane) * kRegs + register is the flat\n// row-major "
                                 "index of the element that register holds.");
  if (!hip && o.lanes == 32) {
    int64_t requests = static_cast<int64_t>(ga.summaries().size());
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "; predicted global sectors per request %.4g (%lld sectors / %lld requests "
                  "per CTA, loads and stores alike)",
                  double(ga.totalSectors()) / double(requests),
                  static_cast<long long>(ga.totalSectors()), static_cast<long long>(requests));
    v["PREDICT_TEXT"] = buf;
    std::snprintf(buf, sizeof buf,
                  "  std::printf(\"LS_PREDICT sectors_per_request=%.6g sectors=%lld "
                  "requests=%lld ctas=%d\\n\");\n",
                  double(ga.totalSectors()) / double(requests),
                  static_cast<long long>(ga.totalSectors()), static_cast<long long>(requests),
                  o.ctas);
    v["PREDICT_LINE"] = buf;
  } else {
    v["PREDICT_TEXT"] = "";
    v["PREDICT_LINE"] = "";
  }
  return fill(std::string(kPrologue) + kCopyKernel, v);
}

const NvidiaMmaEncoding *mmaParent(const Encoding &enc) {
  if (enc.kind() == EncodingKind::NvidiaMma)
    return static_cast<const NvidiaMmaEncoding *>(&enc);
  if (enc.kind() == EncodingKind::DotOperand) {
    const auto &d = static_cast<const DotOperandEncoding &>(enc);
    if (d.parent && d.parent->kind() == EncodingKind::NvidiaMma)
      return static_cast<const NvidiaMmaEncoding *>(d.parent.get());
  }
  return nullptr;
}

LinearLayout layoutOf(const std::string &attr, const Shape &shape) {
  return ir::parseEncoding(attr)->toLinearLayout(shape);
}

int bitsOf(int64_t v) {
  return log2Floor(static_cast<uint64_t>(v));
}

std::string mmaSyncKernel(const ExportDesign &design) {
  const Encoding &enc = *design.encoding;
  const NvidiaMmaEncoding *mma = mmaParent(enc);
  if (design.shape.size() != 2 || mma->numCTAs() != 1)
    throw Error("layout", "mma.sync kernels take a rank-2, single-CTA nvidia_mma v2 layout");
  const std::string parentText = ir::printEncoding(*mma);
  int64_t M = 0, N = 0, K = 0;
  MmaType t;
  unsigned kWidth = 0;
  const int64_t wm = mma->warpsPerCTA[0], wn = mma->warpsPerCTA[1];
  if (enc.kind() == EncodingKind::NvidiaMma) {
    // The accumulator layout: f32 accumulates f16 operands, i32 accumulates i8.
    if (design.element.name != "f32" && design.element.name != "i32")
      throw Error("--dtype", "an nvidia_mma v2 accumulator is f32 (f16 operands) or i32 (i8 "
                             "operands), not " +
                                 design.element.name);
    t = mmaType(ir::parseElementType(design.element.name == "f32" ? "f16" : "i8"));
    M = design.shape[0];
    N = design.shape[1];
    K = 2 * t.k;
    kWidth = 32 / (8 * t.bytes);
  } else {
    const auto &d = static_cast<const DotOperandEncoding &>(enc);
    t = mmaType(design.element);
    kWidth = d.kWidth;
    if (static_cast<int>(kWidth) * t.bytes != 4)
      throw Error("layout", "the mma.sync kernel takes kWidth = " + std::to_string(4 / t.bytes) +
                                " for " + t.name +
                                " (one instruction's fragment per run of "
                                "registers); kWidth " +
                                std::to_string(kWidth) +
                                " interleaves instructions (use --kernel copy)");
    if (d.opIdx == 0) {
      M = design.shape[0];
      K = design.shape[1];
      N = 16 * wn;
    } else {
      K = design.shape[0];
      N = design.shape[1];
      M = 16 * wm;
    }
  }
  const int needBits = bitsOf(M) + bitsOf(N);
  if (K < needBits || K % t.k != 0)
    throw Error("--shape", "the mma.sync kernel needs K a multiple of " + std::to_string(t.k) +
                               " and at least log2(M*N) = " + std::to_string(needBits) +
                               " (index-valued run); K is " + std::to_string(K));
  if ((needBits + 1) / 2 > t.maxFactorLog2 || needBits > 24)
    throw Error("--shape", "the index-valued run cannot encode " + std::to_string(M) + "x" +
                               std::to_string(N) + " element indices exactly in " + t.name);
  const std::string dotA = "#ttg.dot_op<{opIdx = 0, parent = " + parentText +
                           ", kWidth = " + std::to_string(kWidth) + "}>";
  const std::string dotB = "#ttg.dot_op<{opIdx = 1, parent = " + parentText +
                           ", kWidth = " + std::to_string(kWidth) + "}>";
  Owners a = ownersOf(layoutOf(dotA, {M, K}));
  Owners b = ownersOf(layoutOf(dotB, {K, N}));
  Owners c = ownersOf(mma->toLinearLayout({M, N}));
  if (a.lanes != 32 || a.regs % t.fa || b.regs % t.fb || c.regs % 4 || a.warps != c.warps)
    throw Error("layout", "the operand layouts do not split into mma.sync fragments");
  std::vector<uint32_t> all = a.flat;
  all.insert(all.end(), b.flat.begin(), b.flat.end());
  all.insert(all.end(), c.flat.begin(), c.flat.end());

  std::map<std::string, std::string> v;
  prologueValues(v, design, false);
  const std::string shape = t.k == 8 ? "m16n8k8" : t.k == 16 ? "m16n8k16" : "m16n8k32";
  v["TITLE"] = "CUDA mma.sync " + shape + " " + t.ptx + " kernel through " + mnemonic(enc.kind()) +
               " layouts";
  v["WHAT"] = "// The tensor cores decide: A (" + std::to_string(M) + "x" + std::to_string(K) +
              ", " + dotA + ")\n// and B (" + std::to_string(K) + "x" + std::to_string(N) + ", " +
              dotB + ")\n// are loaded into registers by the tool's ownership maps, mma.sync " +
              shape + " multiplies\n// them, and the accumulators (" + parentText +
              ")\n// are stored by the tool's map. The product must equal the host's; a second run "
              "with\n// index-valued inputs checks which lane and register hold each accumulator "
              "element.\n";
  v["BUILD"] = "nvcc -arch=" + t.arch + " -o check layout.cu && ./check";
  v["ARCHS"] = t.arch == "sm_80" ? "sm_80 sm_90 sm_100a" : "sm_90 sm_100a";
  v["EXTRA_INCLUDE"] = t.ptx == "f16"    ? "#include <cuda_fp16.h>\n"
                       : t.ptx == "bf16" ? "#include <cuda_bf16.h>\n"
                       : t.ptx == "e4m3" ? "#include <cuda_fp8.h>\n"
                                         : "";
  v["M"] = std::to_string(M);
  v["N"] = std::to_string(N);
  v["K"] = std::to_string(K);
  v["WARPS"] = std::to_string(c.warps);
  v["AREGS"] = std::to_string(a.regs);
  v["BREGS"] = std::to_string(b.regs);
  v["CREGS"] = std::to_string(c.regs);
  v["FA"] = std::to_string(t.fa);
  v["FB"] = std::to_string(t.fb);
  v["RAW"] = uintType(t.bytes);
  v["OPTYPE"] = t.name;
  v["ACC"] = t.integer ? "int32_t" : "float";
  v["ENCODE"] = t.encode;
  v["MMA_ASM"] = mmaAsm(t);
  v["INSTR"] = shape + "." + t.ptx;
  v["KIND"] = mnemonic(enc.kind());
  v["BITS_M"] = std::to_string(bitsOf(M));
  v["BITS_N"] = std::to_string(bitsOf(N));
  v["TABLE"] = tableText(all, "The tool's ownership maps, one entry per (warp, lane, register): A "
                              "from kAOff, B from kBOff,\n// C from kCOff; an entry is the flat "
                              "row-major index of the element that register holds.");
  return fill(std::string(kPrologue) + kMmaKernel, v);
}

std::string nvmmaAttr(unsigned swizzle, bool transposed) {
  return "#ttg.nvmma_shared<{swizzlingByteWidth = " + std::to_string(swizzle) +
         ", transposed = " + (transposed ? "true" : "false") + ", elementBitWidth = 16}>";
}

unsigned fitSwizzle(unsigned want, int64_t contiguous) {
  for (unsigned s : {128u, 64u, 32u})
    if (s <= want && contiguous * 2 >= s)
      return s;
  return 32;
}

// Descriptor expression for an operand; c0/s0 are the kernel's names for the
// tile's contiguous / strided start.
std::string descExpr(const std::string &base, unsigned swizzle, bool mnMajor, int64_t strided,
                     int64_t contiguous, const std::string &c0, const std::string &s0) {
  const std::string sw = std::to_string(swizzle);
  const std::string start = base + " + tileStart(" + c0 + ", " + s0 + ", " +
                            std::to_string(strided) + "u, " + sw + "u, " +
                            std::to_string(contiguous * 2) + "u)";
  if (swizzle == 0) // MN-major interleave, 16-byte rows: 8-row K groups are 128 bytes apart
    return "descriptor(" + start + ", 128u, " + std::to_string(contiguous * 2 * 8) + "u, 0u)";
  if (!mnMajor) // K-major swizzled: LBO unused (1), SBO = 8 rows of swizzle bytes
    return "descriptor(" + start + ", 16u, " + std::to_string(8 * swizzle) + "u, " + sw + "u)";
  // MN-major swizzled: LBO = next block of swizzle/2 MN elements, SBO = next 8 K rows.
  return "descriptor(" + start + ", " + std::to_string(strided * swizzle) + "u, " +
         std::to_string(8 * swizzle) + "u, " + sw + "u)";
}

std::string wgmmaKernel(const ExportDesign &design) {
  const Encoding &enc = *design.encoding;
  if (design.shape.size() != 2)
    throw Error("shape", "wgmma kernels take rank-2 operands");
  // Operands: the nvmma_shared design's own type; f16 for a v3 accumulator design (f32).
  ir::ElementType op = design.element;
  if (enc.kind() == EncodingKind::NvidiaMma) {
    if (design.element.name != "f32")
      throw Error("--dtype", "an nvidia_mma v3 accumulator is f32 (f16 operands) here, not " +
                                 design.element.name);
    op = ir::parseElementType("f16");
  } else if (op.name != "f16" && op.name != "bf16") {
    throw Error("--dtype", "the wgmma kernel takes f16 or bf16 operands (MN-major wgmma needs "
                           "16-bit types), not " +
                               op.name + " (use gluon-probe for this layout)");
  }
  std::string aAttr, bAttr, cAttr;
  int64_t M = 0, N = 0, K = 0, instrN = 0;
  unsigned aSw = 0, bSw = 0;
  bool aMn = false, bMn = false;
  if (enc.kind() == EncodingKind::NvmmaShared) {
    const auto &s = static_cast<const NvmmaSharedEncoding &>(enc);
    if (s.numCTAs() != 1 || s.fp4Padded)
      throw Error("layout", "the wgmma kernel takes a single-CTA, unpadded nvmma_shared layout");
    if (s.swizzlingByteWidth == 0) {
      // Triton lays a swizzle-0 tile out row-major; wgmma reads that as an
      // MN-major interleaved B only when a row is 16 bytes.
      K = design.shape[0];
      N = design.shape[1];
      if (N * 2 != 16 || K % 16)
        throw Error("--shape", "a swizzle-0 nvmma_shared tile is row-major; wgmma reads it (as B, "
                               "K x N, N-major) only with 16-byte rows: shape Kx8, K a multiple "
                               "of 16");
      M = 64;
      bAttr = ir::printEncoding(enc);
      bSw = 0;
      bMn = true;
      aSw = fitSwizzle(128, K);
      aAttr = nvmmaAttr(aSw, false);
    } else {
      M = design.shape[0];
      K = design.shape[1];
      aAttr = ir::printEncoding(enc);
      aSw = s.swizzlingByteWidth;
      aMn = s.transposed;
      // B in the same swizzle and orientation where it fits (K x 64).
      N = 64;
      bMn = !s.transposed;
      bSw = bMn ? aSw : fitSwizzle(aSw, K);
      bAttr = nvmmaAttr(bSw, s.transposed);
    }
    instrN = N;
  } else {
    const auto &m = static_cast<const NvidiaMmaEncoding &>(enc);
    M = design.shape[0];
    N = design.shape[1];
    instrN = m.instrShape.size() == 3 ? m.instrShape[1] : N;
    K = 64;
    aSw = 128;
    aAttr = nvmmaAttr(aSw, false);
    bMn = true;
    bSw = fitSwizzle(128, std::min<int64_t>(instrN, N));
    bAttr = nvmmaAttr(bSw, false);
  }
  if (M % 64 || K % 16 || N % instrN || instrN % 8 || instrN > 256 || (M / 64) * N > 4096)
    throw Error("--shape", "the wgmma kernel needs M a multiple of 64, K of 16, N of the "
                           "instruction's N (8..256)");
  const int needBits = bitsOf(M) + bitsOf(N);
  if (K < needBits || needBits > 24)
    throw Error("--shape",
                "the index-valued run needs K >= log2(M*N) = " + std::to_string(needBits));
  if (enc.kind() == EncodingKind::NvidiaMma) {
    cAttr = ir::printEncoding(enc);
  } else {
    cAttr = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
            "instrShape = [16, " +
            std::to_string(instrN) + ", 16]}>";
  }
  const auto cEnc = ir::parseEncoding(cAttr);
  if (cEnc->numWarps() != 4 || cEnc->numCTAs() != 1)
    throw Error("layout", "the wgmma kernel runs one warpgroup: warpsPerCTA [4, 1], one CTA");
  const auto aLl = layoutOf(aAttr, {M, K});
  const auto bLl = layoutOf(bAttr, {K, N});
  std::vector<uint32_t> all = offsetsOf(aLl);
  auto bo = offsetsOf(bLl);
  all.insert(all.end(), bo.begin(), bo.end());
  Owners c = ownersOf(cEnc->toLinearLayout({M, N}));
  all.insert(all.end(), c.flat.begin(), c.flat.end());
  if (int64_t(offsetsOf(aLl).size()) != M * K || int64_t(bo.size()) != K * N)
    throw Error("--shape", "the operand tiles are larger than their tensors (broadcast offsets)");

  std::map<std::string, std::string> v;
  prologueValues(v, design, false);
  const std::string ptx = op.name;
  v["TITLE"] = std::string("CUDA wgmma.mma_async kernel (sm_90a) through ") + mnemonic(enc.kind()) +
               " layouts";
  v["WHAT"] = "// wgmma decides: A (" + std::to_string(M) + "x" + std::to_string(K) + ", " + aAttr +
              ")\n// and B (" + std::to_string(K) + "x" + std::to_string(N) + ", " + bAttr +
              ")\n// are written to shared memory at the tool's offset maps, read by "
              "wgmma.mma_async through the\n// descriptor the attributes imply, and the "
              "accumulators (" +
              cAttr +
              ")\n// are stored by the tool's ownership map. A wrong swizzle or accumulator layout "
              "gives a\n// wrong product; an index-valued run names which register holds which "
              "element.\n";
  v["BUILD"] = "nvcc -gencode arch=compute_90a,code=sm_90a -o check layout.cu && ./check";
  v["ARCHS"] = "sm_90a";
  v["EXTRA_INCLUDE"] = ptx == "f16" ? "#include <cuda_fp16.h>\n" : "#include <cuda_bf16.h>\n";
  v["ENCODE"] = mmaType(op).encode;
  v["M"] = std::to_string(M);
  v["N"] = std::to_string(N);
  v["K"] = std::to_string(K);
  v["INSTR_N"] = std::to_string(instrN);
  v["HALF_N"] = std::to_string(instrN / 2);
  v["CREGS"] = std::to_string(c.regs);
  v["A_SW"] = std::to_string(aSw);
  v["B_SW"] = std::to_string(bSw);
  v["A_MAJOR"] = aMn ? "M" : "K";
  v["B_MAJOR"] = bMn ? "N" : "K";
  v["OPTYPE"] = ptx;
  v["BITS_M"] = std::to_string(bitsOf(M));
  v["BITS_N"] = std::to_string(bitsOf(N));
  // A: strided/contiguous dims are (M, K) when K-major, (K, M) when M-major.
  v["A_DESC"] = aMn ? descExpr("aBase", aSw, true, K, M, "m0", "k0")
                    : descExpr("aBase", aSw, false, M, K, "k0", "m0");
  // B (K x N): K-major means N rows of contiguous K.
  v["B_DESC"] = bMn ? descExpr("bBase", bSw, true, K, N, "n0", "k0")
                    : descExpr("bBase", bSw, false, N, K, "k0", "n0");
  v["WGMMA_ASM"] = wgmmaAsm(static_cast<int>(instrN), ptx, aMn, bMn);
  v["TABLE"] = tableText(all, "The tool's maps: A's offsets (entry o = the flat element at offset "
                              "o) from kAOff, B's from kBOff,\n// then C's owners, one entry per "
                              "(warp, lane, register), from kCOff.");
  return fill(std::string(kPrologue) + kWgmmaKernel, v);
}

std::string ldmatrixKernel(const ExportDesign &design, const LinearLayout &ll) {
  const Encoding &enc = *design.encoding;
  const auto &sw = static_cast<const SwizzledSharedEncoding &>(enc);
  if (design.shape.size() != 2 || sw.numCTAs() != 1)
    throw Error("layout", "the ldmatrix kernel takes a rank-2, single-CTA swizzled_shared layout");
  if (design.element.name != "f16" && design.element.name != "bf16")
    throw Error("--dtype", "the ldmatrix kernel moves 16-bit operands (f16, bf16), not " +
                               design.element.name);
  const bool isB = sw.order[0] == 0; // K contiguous in a K x N tile: the B operand
  const int64_t rows = isB ? design.shape[1] : design.shape[0]; // stored rows (M or N)
  const int64_t cols = isB ? design.shape[0] : design.shape[1]; // contiguous K
  if (rows % 16 || cols % 16 || rows * cols > 8192)
    throw Error("--shape", "the ldmatrix kernel needs both dims multiples of 16 and at most "
                           "8192 elements (two copies in static shared memory)");
  // Element -> offset (the layout is a bijection on its tile).
  std::vector<uint32_t> offsetOf(static_cast<size_t>(rows * cols), 0xFFFFFFFFu);
  const auto offsets = offsetsOf(ll);
  if (static_cast<int64_t>(offsets.size()) != rows * cols)
    throw Error("--shape", "the tensor is smaller than the layout's tile (broadcast offsets)");
  for (size_t o = 0; o < offsets.size(); ++o) {
    const uint32_t e = offsets[o];
    // stored (row, col): A is (m, k) row-major; B (k, n) is stored n-major.
    const uint32_t stored =
        isB ? (e % static_cast<uint32_t>(design.shape[1])) * static_cast<uint32_t>(cols) +
                  e / static_cast<uint32_t>(design.shape[1])
            : e;
    offsetOf[stored] = static_cast<uint32_t>(o);
  }
  for (size_t e = 0; e < offsetOf.size(); e += 8)
    for (size_t i = 0; i < 8; ++i)
      if (offsetOf[e + i] != offsetOf[e] + i || offsetOf[e] % 8)
        throw Error("layout", "ldmatrix reads 16-byte rows of 8 consecutive elements; this "
                              "layout splits them (vec must be a multiple of 8 along the "
                              "contiguous dim)");
  const int warps = static_cast<int>(std::min<int64_t>(4, rows / 16));
  const std::string parent = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = " +
                             std::string(isB ? "[1, " : "[") + std::to_string(warps) +
                             (isB ? "]" : ", 1]") + ", instrShape = [16, 8]}>";
  const std::string dotAttr = "#ttg.dot_op<{opIdx = " + std::string(isB ? "1" : "0") +
                              ", parent = " + parent + ", kWidth = 2}>";
  Owners d = ownersOf(layoutOf(dotAttr, design.shape));
  const int frag = isB ? 4 : 8;
  if (d.regs % frag || d.lanes != 32)
    throw Error("layout", "the dot-operand layout does not split into ldmatrix fragments");
  std::vector<uint32_t> all = offsetOf;
  all.insert(all.end(), d.flat.begin(), d.flat.end());

  std::map<std::string, std::string> v;
  prologueValues(v, design, false);
  v["TITLE"] = std::string("CUDA ldmatrix/stmatrix kernel through ") + mnemonic(enc.kind()) +
               " and dot_op layouts";
  v["WHAT"] = "// ldmatrix decides: the tile is stored in shared memory at the tool's offsets, "
              "each lane gives\n// ldmatrix the tool's address of one 8-element row, and the "
              "fragment registers the hardware\n// returns must hold the elements the tool's "
              "dot-operand layout names:\n//   " +
              dotAttr +
              "\n// stmatrix then writes them back to the same addresses. (The addresses come from "
              "the tool's\n// table: that the swizzle matches Triton's is checked by "
              "gluon-probe, not here.)\n";
  v["BUILD"] = "nvcc -arch=sm_90 -o check layout.cu && ./check";
  v["ARCHS"] = "sm_90 sm_100a";
  v["EXTRA_INCLUDE"] = "";
  v["ROWS"] = std::to_string(rows);
  v["COLS"] = std::to_string(cols);
  v["WARPS"] = std::to_string(d.warps);
  v["REGS"] = std::to_string(d.regs);
  v["FRAG"] = std::to_string(frag);
  v["IS_B"] = isB ? "true" : "false";
  v["XN"] = isB ? "x2 (B)" : "x4 (A)";
  v["KIND"] = mnemonic(enc.kind());
  v["TABLE"] = tableText(all, "The tool's maps: from kSOff the shared offset of every stored "
                              "element (row-major over the stored\n// rows x cols), from kDOff "
                              "the dot-operand owners, one entry per (warp, lane, register).");
  return fill(std::string(kPrologue) + kLdmatrixKernel, v);
}

// What differs between the MFMA and the WMMA kernel (kAmdMatrixKernel).
struct AmdMatrix {
  std::string name;     // "MFMA"
  std::string encoding; // "amd_mfma"
  std::string builtin, callTail;
  int lanes = 64, fa = 4, fc = 4, kWidth = 4;
  int64_t k = 0;
  int indexBits = 0;      // the most log2(M*N) the index-valued run takes
  std::string indexRule;  // why, when the shape needs more
  std::string avec, cvec; // vector type names of a fragment
  std::string laneNote, tidNote, warpLane, xyNote;
  std::string title, what, build, archs;
};

std::string amdMatrixKernel(const ExportDesign &design, const Encoding &parentEnc,
                            const AmdMatrix &k) {
  const int64_t M = design.shape[0], N = design.shape[1], K = k.k;
  const std::string parent = ir::printEncoding(parentEnc);
  const std::string width = std::to_string(k.kWidth);
  const std::string dotA =
      "#ttg.dot_op<{opIdx = 0, parent = " + parent + ", kWidth = " + width + "}>";
  const std::string dotB =
      "#ttg.dot_op<{opIdx = 1, parent = " + parent + ", kWidth = " + width + "}>";
  Owners a = ownersOf(layoutOf(dotA, {M, K}));
  Owners b = ownersOf(layoutOf(dotB, {K, N}));
  Owners c = ownersOf(parentEnc.toLinearLayout({M, N}));
  if (a.lanes != k.lanes || a.regs % k.fa || b.regs % k.fa || c.regs % k.fc || a.warps != c.warps)
    throw Error("layout", "the operand layouts do not split into " + k.name + " fragments");
  if (bitsOf(M) + bitsOf(N) > k.indexBits)
    throw Error("--shape", k.indexRule);
  std::vector<uint32_t> all = a.flat;
  all.insert(all.end(), b.flat.begin(), b.flat.end());
  all.insert(all.end(), c.flat.begin(), c.flat.end());
  std::map<std::string, std::string> v;
  prologueValues(v, design, true);
  v["TITLE"] = k.title;
  v["WHAT"] = "// HIP: compile-checked only (there is no AMD GPU in Layout Studio's test setup;"
              " never run).\n// " +
              k.what + " A (" + dotA + ")\n// and B (" + dotB +
              ")\n// are placed in registers by the tool's ownership maps, and the product and an "
              "index-valued\n// run must match the host's.\n";
  v["BUILD"] = k.build;
  v["ARCHS"] = k.archs;
  v["EXTRA_INCLUDE"] = "";
  v["M"] = std::to_string(M);
  v["N"] = std::to_string(N);
  v["K"] = std::to_string(K);
  v["WARPS"] = std::to_string(c.warps);
  v["AREGS"] = std::to_string(a.regs);
  v["BREGS"] = std::to_string(b.regs);
  v["CREGS"] = std::to_string(c.regs);
  v["LANES"] = std::to_string(k.lanes);
  v["FA"] = std::to_string(k.fa);
  v["FC"] = std::to_string(k.fc);
  v["AVEC"] = k.avec;
  v["CVEC"] = k.cvec;
  v["LANES_NOTE"] = k.laneNote;
  v["TID_NOTE"] = k.tidNote;
  v["WARP_LANE"] = k.warpLane;
  v["XY_NOTE"] = k.xyNote;
  v["KERNEL"] = k.name == "MFMA" ? "mfma" : "wmma";
  v["NAME"] = k.name;
  v["ENCODING"] = k.encoding;
  v["BUILTIN"] = k.builtin;
  v["CALL_TAIL"] = k.callTail;
  v["BITS_M"] = std::to_string(bitsOf(M));
  v["BITS_N"] = std::to_string(bitsOf(N));
  v["TABLE"] = tableText(all, "The tool's ownership maps, one entry per (wave, lane, register): A "
                              "from kAOff, B from kBOff,\n// C from kCOff.");
  return fill(std::string(kPrologue) + kAmdMatrixKernel, v);
}

std::string mfmaKernel(const ExportDesign &design) {
  const auto &m = static_cast<const AmdMfmaEncoding &>(*design.encoding);
  if (design.shape.size() != 2 || m.numCTAs() != 1 || m.isTransposed || m.instrShape.size() != 3 ||
      design.element.name != "f32" || m.elementBitWidth != 32)
    throw Error("layout", "the MFMA kernel takes a rank-2, single-CTA, non-transposed f32 "
                          "amd_mfma accumulator layout (use --kernel copy otherwise)");
  const unsigned im = m.instrShape[0], ik = m.instrShape[2];
  AmdMatrix k;
  if (im == 32 && ik == 8)
    k.builtin = "__builtin_amdgcn_mfma_f32_32x32x8f16";
  else if (im == 16 && ik == 16)
    k.builtin = "__builtin_amdgcn_mfma_f32_16x16x16f16";
  else
    throw Error("layout", "the MFMA kernel takes instrShape [32, 32, 8] or [16, 16, 16] (f16)");
  k.name = "MFMA";
  k.encoding = "amd_mfma";
  k.callTail = ", 0, 0, 0";
  k.lanes = 64;
  k.fa = 4;
  k.fc = im == 32 ? 16 : 4;
  k.kWidth = 4;
  k.k = 2 * ik * 2;
  k.indexBits = int(k.k);
  k.indexRule = "the index-valued run needs K >= log2(M*N)";
  k.avec = "half4";
  k.cvec = "floatC";
  k.warpLane = "  const uint32_t warp = threadIdx.x / kLanes, lane = threadIdx.x % kLanes;";
  k.title = "HIP MFMA kernel (" + k.builtin + ") through amd_mfma layouts";
  k.what = "On a CDNA GPU the matrix cores would decide:";
  k.build = "hipcc --offload-arch=gfx942 -o check layout.hip && ./check";
  k.archs = "gfx90a gfx940";
  return amdMatrixKernel(design, m, k);
}

std::string wmmaKernel(const ExportDesign &design) {
  const auto &m = static_cast<const AmdWmmaEncoding &>(*design.encoding);
  if (m.version != 1)
    throw Error("layout", "the WMMA kernel takes amd_wmma version 1 (RDNA3, gfx11): Debian's "
                          "hipcc (clang 15) has no gfx12 target or WMMA builtin, so version " +
                              std::to_string(m.version) + " is not done");
  if (design.shape.size() != 2 || m.numCTAs() != 1 || m.isTranspose ||
      design.element.name != "f32" || m.instr() != std::vector<unsigned>{16, 16, 16})
    throw Error("layout", "the WMMA kernel takes a rank-2, single-CTA, non-transposed f32 "
                          "amd_wmma accumulator layout with instrShape [16, 16, 16] (use "
                          "--kernel copy otherwise)");
  AmdMatrix k;
  k.name = "WMMA";
  k.encoding = "amd_wmma";
  k.builtin = "__builtin_amdgcn_wmma_f32_16x16x16_f16_w32";
  k.lanes = 32;
  k.fa = 16;
  k.fc = 8;
  k.kWidth = 16;
  k.k = 32;
  k.indexBits = 24;
  k.indexRule = "the index-valued run needs log2(M*N) <= 24";
  k.avec = "half16";
  k.cvec = "float8";
  k.laneNote = " // wave32";
  k.tidNote =
      "// The work-item id comes from the builtin, not threadIdx.x (which calls the ROCm\n"
      "// device library; Debian's hipcc ships none for gfx11, so CTest links without it).\n";
  k.warpLane = "  const uint32_t tid = __builtin_amdgcn_workitem_id_x();\n"
               "  const uint32_t warp = tid / kLanes, lane = tid % kLanes;";
  k.xyNote = " // RDNA3 wave32: both half-waves carry the same A rows / B columns";
  k.title = "HIP WMMA kernel (" + k.builtin + ") through amd_wmma layouts";
  k.what = "On an RDNA3 GPU (gfx11, wave32) the matrix cores would decide:";
  k.build = "hipcc --offload-arch=gfx1100 -o check layout.hip && ./check";
  k.archs = "gfx1100";
  return amdMatrixKernel(design, m, k);
}

std::string tmemKernel(const TmemDesign &design) {
  if (design.layout->kind() != EncodingKind::TensorMemory)
    throw Error("layout", "the TMEM kernel takes a #ttng.tensor_memory_encoding layout "
                          "(tensor_memory_scales_encoding is not done)");
  if (design.element.bits != 32)
    throw Error("--dtype", "the TMEM kernel takes 32-bit elements (f32, i32); packed 16- and "
                           "8-bit elements are not done");
  if (design.numCTAs() != 1)
    throw Error("layout", "the TMEM kernel runs one CTA (CTASplitM = CTASplitN = 1)");
  if (design.variant != TmemVariant::I32x32b)
    throw Error("--kernel", "the TMEM kernel uses the 32x32b access only");
  const LinearLayout tmem = design.tmemLayout();
  if (tmem.getInDimSizeLog2(kRow) > 4 && tmem.getBasis(kRow, 4)[0] == 0 &&
      tmem.getBasis(kRow, 4)[1] == 0)
    throw Error("layout", "lanes 16..31 of each quarter hold nothing (a 16-row block): Triton "
                          "reads it with 16x32bx2, which the TMEM kernel does not do");
  const LinearLayout reg = design.registerLayout();
  const TmemMap map(tmem, 32, 1);
  const int cols = map.numColumns();
  Owners r = ownersOf(reg);
  if (r.lanes != 32 || r.ctas != 1 || r.warps % 4 != 0 || cols % r.regs != 0)
    throw Error("layout", "the register layout is not a 32x32b access of whole warpgroups");
  int alloc = 32;
  while (alloc < cols)
    alloc *= 2;
  std::vector<uint32_t> all = r.flat;
  for (int l = 0; l < 128; ++l)
    for (int c = 0; c < cols; ++c) {
      const TmemSlot &s = map.slot(0, l, c, 0);
      all.push_back(s.state == TmemSlot::State::Empty
                        ? 0xFFFFu
                        : static_cast<uint32_t>(s.dim0 * design.shape[1] + s.dim1));
    }
  int64_t elements = design.shape[0] * design.shape[1];
  if (elements >= 0xFFFF)
    throw Error("--shape", "the TMEM kernel's table holds element indices below 65535");

  std::map<std::string, std::string> v;
  v["ATTR"] = design.attributeText();
  v["SHAPE"] = joined(design.shape, "x");
  v["ELEM"] = design.element.name;
  v["API"] = "cuda";
  v["RUNTIME_INCLUDE"] = "#include <cuda_runtime.h>";
  v["EXTRA_INCLUDE"] = "";
  v["TITLE"] = "CUDA tcgen05.st/ld (32x32b) tensor-memory kernel through a "
               "tensor_memory_encoding layout";
  v["WHAT"] =
      "// COMPILE-CHECKED ONLY: there is no Blackwell (sm_100a) GPU in Layout Studio's test "
      "setup;\n// this kernel has never run.\n//\n"
      "// On an sm_100a GPU the tensor memory decides: every thread stores, with\n"
      "// tcgen05.st.32x32b, the elements the tool's register layout (Gluon's\n"
      "// get_tmem_reg_layout, " +
      std::to_string(r.warps) +
      " warps, 32x32b) gives its registers; the hardware puts\n"
      "// register r of warp w, thread t into TMEM lane 32*(w%4)+t, column colBase(w)+r.\n"
      "// Warps 0..3 then read every cell of their lane quarter with tcgen05.ld.32x32b and\n"
      "// again with tcgen05.ld.16x256b (another fragment geometry), and every cell must hold\n"
      "// the element the tool's TMEM layout puts there (empty slots: nothing). Finally every\n"
      "// thread loads its registers back, which must be the table's.\n";
  v["BUILD"] = "nvcc -gencode arch=compute_100a,code=sm_100a -o check layout.cu && ./check";
  v["ARCHS"] = "sm_100a";
  v["WARPS"] = std::to_string(r.warps);
  v["REGS"] = std::to_string(r.regs);
  v["COLS"] = std::to_string(cols);
  v["ALLOC_COLS"] = std::to_string(alloc);
  v["COL_BLOCKS"] = std::to_string(cols / r.regs);
  v["SHAPE1"] = std::to_string(design.shape[1]);
  v["TABLE"] = tableText(all, "The tool's maps: from kROff the register layout, one entry per "
                              "(warp, lane, register);\n// from kLOff the TMEM layout, one entry "
                              "per (TMEM lane, 32-bit column), 0xFFFF where the slot is empty.");
  return fill(std::string(kPrologue) + kTmemKernel, v);
}

} // namespace

KernelChoice parseKernelChoice(const std::string &text, const std::string &field) {
  if (text == "auto")
    return KernelChoice::Auto;
  if (text == "copy")
    return KernelChoice::Copy;
  if (text == "mma")
    return KernelChoice::Mma;
  if (text == "ldmatrix")
    return KernelChoice::Ldmatrix;
  throw Error(field, "unknown kernel '" + text + "'; expected auto, copy, mma or ldmatrix");
}

std::string exportHardwareKernel(const ExportDesign &design, const ExportOptions &options,
                                 KernelDialect dialect) {
  const LinearLayout ll = checkedLayout(design);
  const Encoding &enc = *design.encoding;
  (void)exportNumWarps(enc, options);
  const KernelChoice choice = parseKernelChoice(options.kernel);
  const NvidiaMmaEncoding *mma = mmaParent(enc);
  // The mma kernels run one CTA of rank-2 tiles (wgmma: one warpgroup); other
  // mma layouts get the copy kernel.
  const bool mmaShape = mma && mma->numCTAs() == 1 && design.shape.size() == 2;
  bool nativeKWidth = true;
  if (enc.kind() == EncodingKind::DotOperand) {
    const int bytes = std::max(1, design.element.bits / 8);
    nativeKWidth =
        static_cast<int>(static_cast<const DotOperandEncoding &>(enc).kWidth) * bytes == 4;
  }
  const bool mmaSyncKind =
      mmaShape && mma->isAmpere() && (nativeKWidth || choice == KernelChoice::Mma);
  const bool wgmmaKind = enc.kind() == EncodingKind::NvmmaShared ||
                         (enc.kind() == EncodingKind::NvidiaMma && mmaShape && mma->isHopper() &&
                          mma->numWarps() == 4);
  if (dialect == KernelDialect::Hip) {
    const bool mfma = enc.kind() == EncodingKind::AmdMfma;
    if (enc.kind() == EncodingKind::AmdWmma && choice != KernelChoice::Copy) {
      const auto &w = static_cast<const AmdWmmaEncoding &>(enc);
      if (choice == KernelChoice::Mma ||
          (w.version == 1 && !w.isTranspose && w.numCTAs() == 1 && design.shape.size() == 2 &&
           design.element.name == "f32" && w.instr() == std::vector<unsigned>{16, 16, 16}))
        return wmmaKernel(design);
    }
    if (choice == KernelChoice::Mma || (choice == KernelChoice::Auto && mfma)) {
      if (!mfma)
        throw Error("--kernel", "HIP mma kernels take an amd_mfma or amd_wmma layout");
      const auto &m = static_cast<const AmdMfmaEncoding &>(enc);
      if (choice == KernelChoice::Mma ||
          (!m.isTransposed && m.numCTAs() == 1 && design.element.name == "f32" &&
           m.elementBitWidth == 32 && m.instrShape.size() == 3 &&
           ((m.instrShape[0] == 32 && m.instrShape[2] == 8) ||
            (m.instrShape[0] == 16 && m.instrShape[2] == 16))))
        return mfmaKernel(design);
    }
    return copyKernel(design, ll, dialect);
  }
  if (choice == KernelChoice::Copy)
    return copyKernel(design, ll, dialect);
  if (enc.kind() == EncodingKind::SwizzledShared)
    return ldmatrixKernel(design, ll);
  if (choice == KernelChoice::Ldmatrix)
    throw Error("--kernel", "ldmatrix kernels take a swizzled_shared layout");
  if (mmaSyncKind)
    return mmaSyncKernel(design);
  if (wgmmaKind)
    return wgmmaKernel(design);
  if (choice == KernelChoice::Mma)
    throw Error("--kernel", std::string("no mma kernel for a ") + mnemonic(enc.kind()) +
                                " layout; mma kernels take nvidia_mma v2 / dot_op of it "
                                "(mma.sync) and nvmma_shared / nvidia_mma v3 (wgmma)");
  return copyKernel(design, ll, dialect);
}

std::string exportTmemKernel(const TmemDesign &design) {
  return tmemKernel(design);
}

} // namespace ls::codegen
