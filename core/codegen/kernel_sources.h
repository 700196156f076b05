// The text of the CUDA/HIP test kernels, with @KEY@ placeholders that
// test_kernel.cpp fills from a KernelDescriptor.  @API@ is "cuda" or "hip":
// the two runtimes spell the same calls with different prefixes.
//
// The generated code is kept warning-free under -Wall -Wextra -Werror on
// both compilers: unsigned loop counters against unsigned bounds, every
// helper used by every variant, table sizes never zero.
#pragma once

namespace ls::codegen {

// Header comment, includes, error checking, shape and element printing.
inline constexpr const char *kKernelPrologue =
    R"LS(// Layout Studio export: self-checking @LANG@ test kernel
//
// Layout:  @ATTR@
// Tensor:  tensor<@SHAPE@x@ELEM@> (@ELEMENTS@ elements)
// Launch:  @LAUNCH@
@WAVE_NOTE@//
// Prints PASS and exits 0 when the GPU agrees with the layout everywhere;
// prints FAIL with the first mismatch and exits 1 otherwise (2: runtime error).
// Build and run:  @BUILD@
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
@INCLUDE@

#define LS_CHECK(call) \
  do { \
    const @API@Error_t err_ = (call); \
    if (err_ != @API@Success) { \
      std::fprintf(stderr, "@LANG@ error: %s (%s:%d)\n", @API@GetErrorString(err_), \
                   __FILE__, __LINE__); \
      std::exit(2); \
    } \
  } while (0)

namespace {

constexpr int kRank = @RANK@;
constexpr long long kShape[kRank] = {@SHAPE_LIST@};
constexpr uint32_t kElements = @ELEMENTS@u;
constexpr uint32_t kCtas = @CTAS@u;
constexpr uint32_t kWarps = @WARPS@u;
constexpr uint32_t kLanes = @LANES@u; // lanes per warp of the layout (logical)
constexpr uint32_t kThreads = kWarps * kLanes;
constexpr uint64_t kFnvOffset = 14695981039346656037ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;

// XOR of the bases of the set bits of `value`: the element (or offset) a
// hardware coordinate contributes.
__host__ __device__ uint32_t xorBases(const uint32_t *bases, uint32_t bits, uint32_t value) {
  uint32_t e = 0;
  for (uint32_t i = 0; i < bits; ++i)
    if ((value >> i) & 1u)
      e ^= bases[i];
  return e;
}

// "(i, j)" for a flat row-major element index.
std::string elementText(uint32_t e) {
  long long c[kRank];
  for (int d = kRank - 1; d >= 0; --d) {
    c[d] = static_cast<long long>(e % static_cast<uint32_t>(kShape[d]));
    e /= static_cast<uint32_t>(kShape[d]);
  }
  std::string s = "(";
  for (int d = 0; d < kRank; ++d)
    s += (d ? ", " : "") + std::to_string(c[d]);
  return s + ")";
}

// A location = ((block * kWarps + warp) * kLanes + lane) * registers + register,
// i.e. the in-dim bits concatenated minor first, as Layout Studio counts them.
struct Location {
  uint32_t reg, lane, warp, block;
};
Location locationOf(uint32_t loc, uint32_t registers) {
  return {loc % registers, (loc / registers) % kLanes, (loc / registers / kLanes) % kWarps,
          loc / registers / kLanes / kWarps};
}
std::string locationText(uint32_t loc, uint32_t registers) {
  const Location l = locationOf(loc, registers);
  return "block " + std::to_string(l.block) + " warp " + std::to_string(l.warp) + " lane " +
         std::to_string(l.lane) + " register " + std::to_string(l.reg);
}

)LS";

// Distributed layouts: every thread holds its registers' elements.
inline constexpr const char *kDistributedKernel = R"LS(constexpr uint32_t kRegisters = @REGISTERS@u;
constexpr uint32_t kLocations = kCtas * kThreads * kRegisters;
constexpr uint32_t kReplication = @REPLICATION@u; // holders of each element
constexpr uint64_t kFingerprint = @FINGERPRINT@; // Layout Studio's element of every location
constexpr uint32_t kMix = 0x9E3779B9u;            // in[e] = e ^ kMix

// Flat row-major element index of each basis, per hardware in-dim.
struct Tables {
  uint32_t regBits, laneBits, warpBits, blockBits;
  uint32_t reg[@REG_BITS@ > 0 ? @REG_BITS@ : 1];
  uint32_t lane[@LANE_BITS@ > 0 ? @LANE_BITS@ : 1];
  uint32_t warp[@WARP_BITS@ > 0 ? @WARP_BITS@ : 1];
  uint32_t block[@BLOCK_BITS@ > 0 ? @BLOCK_BITS@ : 1];
};
const Tables kTables = {@REG_BITS@u, @LANE_BITS@u, @WARP_BITS@u, @BLOCK_BITS@u,
                        @REG_TABLE@,
                        @LANE_TABLE@,
                        @WARP_TABLE@,
                        @BLOCK_TABLE@};

__global__ void holdElements(Tables t, const uint32_t *in, uint32_t *slot, uint32_t *owner,
                             uint32_t *count) {
  const uint32_t lane = threadIdx.x % kLanes;
  const uint32_t warp = threadIdx.x / kLanes;
  const uint32_t block = blockIdx.x;
  const uint32_t base = xorBases(t.lane, t.laneBits, lane) ^ xorBases(t.warp, t.warpBits, warp) ^
                        xorBases(t.block, t.blockBits, block);
  const uint32_t first = ((block * kWarps + warp) * kLanes + lane) * kRegisters;
  for (uint32_t r = 0; r < kRegisters; ++r) {
    const uint32_t e = base ^ xorBases(t.reg, t.regBits, r);
    slot[first + r] = in[e];           // what this register loads
    atomicMin(&owner[e], first + r);   // the element's lowest holder
    atomicAdd(&count[e], 1u);          // and how many hold it
  }
}

int fail(const std::string &what) {
  std::printf("FAIL: %s\n", what.c_str());
  return 1;
}

} // namespace

int main() {
  std::vector<uint32_t> in(kElements);
  for (uint32_t e = 0; e < kElements; ++e)
    in[e] = e ^ kMix;
  uint32_t *dIn = nullptr, *dSlot = nullptr, *dOwner = nullptr, *dCount = nullptr;
  LS_CHECK(@API@Malloc(&dIn, kElements * sizeof(uint32_t)));
  LS_CHECK(@API@Malloc(&dSlot, kLocations * sizeof(uint32_t)));
  LS_CHECK(@API@Malloc(&dOwner, kElements * sizeof(uint32_t)));
  LS_CHECK(@API@Malloc(&dCount, kElements * sizeof(uint32_t)));
  LS_CHECK(@API@Memcpy(dIn, in.data(), kElements * sizeof(uint32_t), @API@MemcpyHostToDevice));
  LS_CHECK(@API@Memset(dSlot, 0xFF, kLocations * sizeof(uint32_t)));
  LS_CHECK(@API@Memset(dOwner, 0xFF, kElements * sizeof(uint32_t)));
  LS_CHECK(@API@Memset(dCount, 0, kElements * sizeof(uint32_t)));
  holdElements<<<kCtas, kThreads>>>(kTables, dIn, dSlot, dOwner, dCount);
  LS_CHECK(@API@GetLastError());
  LS_CHECK(@API@DeviceSynchronize());
  std::vector<uint32_t> slot(kLocations), owner(kElements), count(kElements);
  LS_CHECK(@API@Memcpy(slot.data(), dSlot, kLocations * sizeof(uint32_t), @API@MemcpyDeviceToHost));
  LS_CHECK(@API@Memcpy(owner.data(), dOwner, kElements * sizeof(uint32_t), @API@MemcpyDeviceToHost));
  LS_CHECK(@API@Memcpy(count.data(), dCount, kElements * sizeof(uint32_t), @API@MemcpyDeviceToHost));
  LS_CHECK(@API@Free(dIn));
  LS_CHECK(@API@Free(dSlot));
  LS_CHECK(@API@Free(dOwner));
  LS_CHECK(@API@Free(dCount));

  // What the layout says, recomputed here from the same tables.
  std::vector<uint32_t> expectedOwner(kElements, 0xFFFFFFFFu), expectedCount(kElements, 0);
  uint64_t fingerprint = kFnvOffset;
  for (uint32_t loc = 0; loc < kLocations; ++loc) {
    const Location at = locationOf(loc, kRegisters);
    const uint32_t e = xorBases(kTables.reg, kTables.regBits, at.reg) ^
                       xorBases(kTables.lane, kTables.laneBits, at.lane) ^
                       xorBases(kTables.warp, kTables.warpBits, at.warp) ^
                       xorBases(kTables.block, kTables.blockBits, at.block);
    fingerprint = (fingerprint ^ e) * kFnvPrime;
    if (expectedCount[e]++ == 0)
      expectedOwner[e] = loc;
    if (slot[loc] != in[e])
      return fail(locationText(loc, kRegisters) + " should hold element " + elementText(e) +
                  " but loaded " +
                  (slot[loc] == 0xFFFFFFFFu ? std::string("nothing")
                                            : "element " + elementText(slot[loc] ^ kMix)));
  }
  if (fingerprint != kFingerprint)
    return fail("the basis tables in this file do not match Layout Studio's layout");
  for (uint32_t e = 0; e < kElements; ++e) {
    if (expectedCount[e] != kReplication)
      return fail("element " + elementText(e) + " has " + std::to_string(expectedCount[e]) +
                  " holders in the tables, the layout says " + std::to_string(kReplication));
    if (count[e] != expectedCount[e])
      return fail("element " + elementText(e) + " was written by " + std::to_string(count[e]) +
                  " holders, expected " + std::to_string(expectedCount[e]));
    if (owner[e] != expectedOwner[e])
      return fail("element " + elementText(e) + " has lowest holder " +
                  (owner[e] == 0xFFFFFFFFu ? std::string("none")
                                           : locationText(owner[e], kRegisters)) +
                  ", expected " + locationText(expectedOwner[e], kRegisters));
  }
  std::printf("PASS: @KIND@ @SHAPE@ @ELEM@: %u elements, %u locations (%u CTAs x %u warps x %u lanes x %u registers), %u holder(s) each\n",
              kElements, kLocations, kCtas, kWarps, kLanes, kRegisters, kReplication);
  return 0;
}
)LS";

// Shared layouts: store through the layout's offsets, read back through a
// distributed layout with the same CTA split.
inline constexpr const char *kSharedKernel = R"LS(// Read back through: @READ_LAYOUT@
using Word = @WORD@;                     // one shared-memory element
constexpr uint32_t kWordBits = @WORD_BITS@u;
constexpr uint32_t kOffsets = 1u << @OFFSET_BITS@; // offsets per CTA
constexpr uint32_t kSlots = @SLOTS@u;              // padded allocation, in elements
constexpr uint32_t kSmemBytes = @SMEM_BYTES@u;
constexpr uint32_t kRegisters = @REGISTERS@u;      // of the read-back layout
constexpr uint32_t kLocations = kCtas * kThreads * kRegisters;
constexpr uint32_t kRounds = (@ELEMENT_BITS@u + kWordBits - 1) / kWordBits > 0
                                 ? (@ELEMENT_BITS@u + kWordBits - 1) / kWordBits
                                 : 1u; // element indices wider than a Word go in pieces
constexpr uint32_t kNotHere = 0xFFFFFFFFu;
constexpr uint64_t kFingerprint = @FINGERPRINT@;     // the shared layout's (offset, block)
constexpr uint64_t kReadFingerprint = @READ_FINGERPRINT@;

struct Tables {
  uint32_t offsetBits, blockBits, elementBits, regBits, laneBits, warpBits, padCount;
  uint32_t offset[@OFFSET_BITS@ > 0 ? @OFFSET_BITS@ : 1];   // offset bit -> element
  uint32_t block[@BLOCK_BITS@ > 0 ? @BLOCK_BITS@ : 1];      // block bit -> element
  uint32_t inverse[@ELEMENT_BITS@ > 0 ? @ELEMENT_BITS@ : 1]; // element bit -> offset
  uint32_t reg[@REG_BITS@ > 0 ? @REG_BITS@ : 1];            // read-back layout
  uint32_t lane[@LANE_BITS@ > 0 ? @LANE_BITS@ : 1];
  uint32_t warp[@WARP_BITS@ > 0 ? @WARP_BITS@ : 1];
  uint32_t readBlock[@BLOCK_BITS@ > 0 ? @BLOCK_BITS@ : 1];
  uint32_t padInterval[@PAD_COUNT@ > 0 ? @PAD_COUNT@ : 1];  // log2 of each interval
  uint32_t padAmount[@PAD_COUNT@ > 0 ? @PAD_COUNT@ : 1];    // log2 of its padding
};
const Tables kTables = {@OFFSET_BITS@u, @BLOCK_BITS@u, @ELEMENT_BITS@u, @REG_BITS@u,
                        @LANE_BITS@u, @WARP_BITS@u, @PAD_COUNT@u,
                        @OFFSET_TABLE@,
                        @BLOCK_TABLE@,
                        @INVERSE_TABLE@,
                        @REG_TABLE@,
                        @LANE_TABLE@,
                        @WARP_TABLE@,
                        @READ_BLOCK_TABLE@,
                        @PAD_INTERVALS@,
                        @PAD_AMOUNTS@};

// Padded shared layouts insert padAmount elements after every padInterval.
__host__ __device__ uint32_t slotOf(const Tables &t, uint32_t offset) {
  uint32_t pad = 0;
  for (uint32_t i = 0; i < t.padCount; ++i)
    pad += (offset >> t.padInterval[i]) << t.padAmount[i];
  return offset + pad;
}

__global__ void roundTrip(Tables t, uint32_t *out) {
  extern __shared__ uint64_t smemWords[];
  Word *smem = reinterpret_cast<Word *>(smemWords);
  const uint32_t block = blockIdx.x;
  const uint32_t lane = threadIdx.x % kLanes;
  const uint32_t warp = threadIdx.x / kLanes;
  const uint32_t blockElements = xorBases(t.block, t.blockBits, block);
  const uint32_t readBase = xorBases(t.lane, t.laneBits, lane) ^
                            xorBases(t.warp, t.warpBits, warp) ^
                            xorBases(t.readBlock, t.blockBits, block);
  const uint32_t first = ((block * kWarps + warp) * kLanes + lane) * kRegisters;
  for (uint32_t r = 0; r < kRegisters; ++r)
    out[first + r] = 0;
  for (uint32_t round = 0; round < kRounds; ++round) {
    // Store: offset o of this CTA holds element offset(o) ^ block(b).
    for (uint32_t o = threadIdx.x; o < kOffsets; o += blockDim.x) {
      const uint32_t e = xorBases(t.offset, t.offsetBits, o) ^ blockElements;
      smem[slotOf(t, o)] = static_cast<Word>(e >> (round * kWordBits));
    }
    __syncthreads();
    // Load: find each element of the read-back layout through the inverse.
    for (uint32_t r = 0; r < kRegisters; ++r) {
      const uint32_t local = readBase ^ xorBases(t.reg, t.regBits, r) ^ blockElements;
      const uint32_t o = xorBases(t.inverse, t.elementBits, local);
      if (out[first + r] == kNotHere)
        continue;
      if (o >= kOffsets || xorBases(t.offset, t.offsetBits, o) != local) {
        out[first + r] = kNotHere;
        continue;
      }
      const uint64_t piece = static_cast<uint64_t>(smem[slotOf(t, o)]);
      out[first + r] |= static_cast<uint32_t>(piece << (round * kWordBits));
    }
    __syncthreads();
  }
}

int fail(const std::string &what) {
  std::printf("FAIL: %s\n", what.c_str());
  return 1;
}

} // namespace

int main() {
  uint32_t *dOut = nullptr;
  LS_CHECK(@API@Malloc(&dOut, kLocations * sizeof(uint32_t)));
@SET_SMEM@  roundTrip<<<kCtas, kThreads, kSmemBytes>>>(kTables, dOut);
  LS_CHECK(@API@GetLastError());
  LS_CHECK(@API@DeviceSynchronize());
  std::vector<uint32_t> out(kLocations);
  LS_CHECK(@API@Memcpy(out.data(), dOut, kLocations * sizeof(uint32_t), @API@MemcpyDeviceToHost));
  LS_CHECK(@API@Free(dOut));

  // The tables must be Layout Studio's layouts.
  uint64_t fingerprint = kFnvOffset;
  for (uint32_t b = 0; b < kCtas; ++b)
    for (uint32_t o = 0; o < kOffsets; ++o) {
      const uint32_t e = xorBases(kTables.offset, kTables.offsetBits, o) ^
                         xorBases(kTables.block, kTables.blockBits, b);
      fingerprint = (fingerprint ^ e) * kFnvPrime;
      if (slotOf(kTables, o) >= kSlots)
        return fail("offset " + std::to_string(o) + " lands outside the allocation");
    }
  if (fingerprint != kFingerprint)
    return fail("the shared layout's tables do not match Layout Studio's layout");
  std::vector<uint32_t> reads(kElements, 0);
  uint64_t readFingerprint = kFnvOffset;
  for (uint32_t loc = 0; loc < kLocations; ++loc) {
    const Location at = locationOf(loc, kRegisters);
    const uint32_t e = xorBases(kTables.reg, kTables.regBits, at.reg) ^
                       xorBases(kTables.lane, kTables.laneBits, at.lane) ^
                       xorBases(kTables.warp, kTables.warpBits, at.warp) ^
                       xorBases(kTables.readBlock, kTables.blockBits, at.block);
    readFingerprint = (readFingerprint ^ e) * kFnvPrime;
    ++reads[e];
    if (out[loc] == kNotHere)
      return fail(locationText(loc, kRegisters) + " reads element " + elementText(e) +
                  ", which its CTA's shared memory does not hold");
    if (out[loc] != e)
      return fail(locationText(loc, kRegisters) + " read element " +
                  elementText(out[loc] % kElements) +
                  " from shared memory, expected " + elementText(e));
  }
  if (readFingerprint != kReadFingerprint)
    return fail("the read-back layout's tables do not match Layout Studio's layout");
  for (uint32_t e = 0; e < kElements; ++e)
    if (reads[e] == 0)
      return fail("element " + elementText(e) + " was never read back");
  std::printf("PASS: @KIND@ @SHAPE@ @ELEM@: %u elements stored through %u offsets x %u CTAs (%u bytes per CTA) and read back by %u threads per CTA in %u round(s)\n",
              kElements, kOffsets, kCtas, kSmemBytes, kThreads, kRounds);
  return 0;
}
)LS";

} // namespace ls::codegen
