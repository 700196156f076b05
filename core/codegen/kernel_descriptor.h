// KernelDescriptor: everything a GPU kernel needs to know about a design.
//
// A kernel that puts a tensor in a layout needs the launch geometry (how many
// CTAs, warps per CTA, lanes per warp), how many registers each thread
// holds, how much shared memory a CTA allocates, the element type and the
// widest vector a thread can move at once, and the basis tables: for every
// hardware in-dim, the flat row-major element index of each basis (see
// FlatLayout).  For a 64x64 f16 blocked{[1, 4], [2, 16], [4, 1], [1, 0]}:
//
//   ctas 1, warps 4 x lanes 32 = 128 threads, 32 registers per thread,
//   vector 4 elements (8 bytes) along dim 1,
//   register = [1, 2, 128, 256, 512, ...], lane = [4, 8, 16, 32, 64], warp = [...]
//
// A shared layout also carries a plain distributed layout that can read
// shared memory back (same CTA split), and the pseudo-inverse (element bit ->
// offset) a reader uses to find an element.
//
// This is the `descriptor` export (JSON) for a user's own kernel generator.
// The `cuda`/`hip` kernels (codegen/hw_kernels.h) carry full ownership and
// offset tables instead of basis vectors, so one entry can be corrupted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codegen/export_options.h"
#include "codegen/flat_layout.h"

namespace ls::codegen {

struct BasisTable {
  DimName inDim;
  std::vector<std::vector<int64_t>> coords; // each basis as tensor coordinates
  std::vector<uint64_t> flat;               // each basis as a flat row-major index
};

struct KernelDescriptor {
  std::string attribute; // canonical 3.6 text
  EncodingKind kind = EncodingKind::Blocked;
  bool shared = false;
  Shape shape;
  ir::ElementType element;
  Target target;

  // Launch geometry.  For shared layouts, warps and lanes are those of the
  // reader layout (the export's --num-warps and the target's warp size).
  int ctas = 1;
  int warpsPerCta = 1;
  int lanesPerWarp = 32;
  int threadsPerCta() const { return warpsPerCta * lanesPerWarp; }

  int64_t registersPerThread = 0; // distributed: 2^register bits; shared: reader's
  int64_t elements = 0;
  int64_t locations = 0;         // register x lane x warp x block (offset x block for shared)
  int64_t replication = 0;       // owners per element
  int64_t sharedMemoryBytes = 0; // per CTA (shared layouts; padding included)
  int64_t sharedMemorySlots = 0; // per CTA, in elements (padding included)

  int elementBytes = 2;
  int vectorDim = 0;      // the dim consecutive registers (offsets) walk first
  int vectorElements = 1; // consecutive elements one thread moves at once, <= 16 bytes
  int vectorBytes() const { return vectorElements * elementBytes; }

  std::vector<BasisTable> tables; // register, lane, warp, block / offset, block
  uint64_t fingerprint = 0;       // FlatLayout::fingerprint of the layout

  // Shared layouts only.
  std::string readLayout; // attribute of the distributed layout reading it back
  std::vector<BasisTable> readTables;
  uint64_t readFingerprint = 0;
  std::vector<uint64_t> inverseOffsets;                   // element bit j -> an offset holding 2^j
  std::vector<unsigned> paddingIntervals, paddingAmounts; // padded_shared
};

// Throws ls::Error for designs a kernel cannot run: more than 2^24 elements or
// hardware locations, more than 1024 threads per CTA, tensor memory.
KernelDescriptor describeKernel(const ExportDesign &design, const ExportOptions &options);

std::string descriptorJson(const KernelDescriptor &d);

// The padded address of a shared-memory offset (identity without padding).
int64_t paddedSlot(const KernelDescriptor &d, int64_t offset);

} // namespace ls::codegen
