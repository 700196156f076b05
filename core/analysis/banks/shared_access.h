// SharedAccessReport: every wavefront of a shared-memory load or store of a
// distributed tensor, as the hardware model (bank_model.h) serves the
// instructions Triton emits (shared_access_plan.h).
//
// For the chosen warp the report keeps each instruction in detail: which
// lane gives which address, how the lanes split into groups, and for each
// wavefront which word of which bank it serves to which lanes. Totals cover
// every instruction of every warp. This is what `layout-studio-cli banks`
// prints, what the bank heatmap draws, and what the generated CUDA
// microbenchmark performs on the GPU.
//
// Worked example (sm90, f32, 32x32 row-major shared, blocked with one
// element per thread and the 32 lanes down a column): ld.shared.b32, 32
// instructions per thread; each puts all 32 lanes on one bank with 32
// distinct words: 32 wavefronts against an ideal of 1, 31 conflicts per
// instruction, the same 31 Triton's bank_conflicts reports.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/banks/bank_model.h"
#include "analysis/banks/shared_access_plan.h"
#include "encodings/encoding.h"
#include "layout/linear_layout.h"

namespace ls {

class PaddedSharedEncoding;

struct SharedAccessOptions {
  AccessDirection direction = AccessDirection::Load;
  BankTarget target;       // sm90 by default
  int warp = 0;            // warp kept in detail
  bool allowMatrix = true; // use ldmatrix/stmatrix where Triton would
  int detailLimit = 4096;  // instructions kept in detail
  // Serve every warp for the CTA totals. Without padding all warps take the
  // same wavefronts (their addresses differ by an xor), so searches may
  // serve the chosen warp only and scale: ctaWavefronts = warps x warp's.
  bool allWarps = true;
  // A cp.async copy (ttg.async_copy_global_to_local): it stores no registers
  // but copies vectors of at most maxVecElems elements (what its pointers'
  // alignment and mask allow) straight into shared memory; named cp.async.
  bool asyncCopy = false;
  std::optional<int> maxVecElems;
};

struct InstructionDetail {
  int index = 0;
  std::vector<LaneAccess> lanes; // one per addressing lane, ascending lane
  InstructionWavefronts served;
};

struct SharedAccessReport {
  AccessDirection direction = AccessDirection::Load;
  BankTarget target;
  std::string instruction; // PTX / AMDGPU mnemonic
  SharedAccessPlan plan;   // addresses of every instruction, lane, warp
  int elementBits = 16;    // as given (i1 stays 1)
  int elementBytes = 2;    // in shared memory (at least 1)
  int warp = 0;
  int64_t wavefronts = 0; // the chosen warp, all instructions
  int64_t idealWavefronts = 0;
  int64_t ctaWavefronts = 0; // every warp of the CTA
  int64_t ctaIdealWavefronts = 0;
  int maxWavefrontsPerInstruction = 0;
  std::vector<InstructionDetail> instructions; // the chosen warp, up to detailLimit
  bool truncated = false;

  // Shared layout (offset[, block] -> dims) and padding, to name elements.
  LinearLayout smem;
  std::vector<unsigned> padIntervals, padPaddings;

  int instructionsPerThread() const { return plan.instructions(); }
  int64_t conflicts() const { return wavefronts - idealWavefronts; }
  // Tensor coordinates of the element stored at a logical offset.
  std::vector<int32_t> elementAt(int32_t offset) const;
  // Byte address of a logical offset (padding applied).
  int64_t byteAddress(int32_t offset) const;
};

// From linear layouts.  `reg`: register, lane, warp, block -> dims;
// `smem`: offset, block -> dims; same dims.  `padded` adds its padding.
SharedAccessReport analyzeSharedAccess(const LinearLayout &reg, const LinearLayout &smem,
                                       int elementBits, const SharedAccessOptions &options,
                                       const PaddedSharedEncoding *padded = nullptr);

// Throws Error when `distributed`/`shared` is not a distributed layout and a
// shared one of a valid shape (what the encoding overload below checks);
// returns the shared layout's padding, or nullptr if it is not padded.
const PaddedSharedEncoding *checkSharedPair(const Encoding &distributed, const Encoding &shared,
                                            const Shape &shape);

// From encodings (validates that one is distributed and one shared).
SharedAccessReport analyzeSharedAccess(const Encoding &distributed, const Encoding &shared,
                                       const Shape &shape, int elementBits,
                                       const SharedAccessOptions &options);

} // namespace ls
