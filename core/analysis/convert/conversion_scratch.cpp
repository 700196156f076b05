#include "analysis/convert/conversion_scratch.h"

#include <algorithm>
#include <bit>

#include "analysis/swizzle/optimal_swizzling.h"
#include "analysis/banks/shared_vectorisation.h"
#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

namespace {

// Bank conflicts of the scratch buffer.
//
// A convert_layout through shared memory stores the source registers into
// the scratch buffer chosen by planConversionScratch and loads the destination
// registers from it. The figure reported is Triton 3.6's own count for that
// buffer (GenericSwizzling.cpp, bankConflicts): within one wavefront of the
// store (its tile of lane and register bases, tileSrc) a basis that also lies
// in the buffer's *segment* puts two lanes on the same bank in different bank
// lines, so with k such independent bases the wavefront is replayed 2^k
// times:
//
//   store conflicts = 2^dim(span(segment) /\ span(store tile)) - 1
//   load  conflicts = 2^dim(span(segment) /\ span(load tile))  - 1
//
// per instruction. These are the numbers Triton minimises when it picks the
// buffer; 0 means the swizzle is conflict-free in that direction. The
// intersection is the bank module's intersectionBasis (optimal_swizzling.h).
// The hardware wavefront model (shared_access.h) could replace this figure
// here without touching the callers.
//
// Requires: the plan filled except `conflicts`. Returns nullopt when the
// figure cannot be computed (no segment dim in the buffer).
std::optional<ScratchConflicts> scratchBankConflicts(const ConversionScratch &plan) {
  const LinearLayout flat = plan.buffer.flattenOuts();
  if (!flat.hasInDim("segment"))
    return std::nullopt;
  const std::vector<int32_t> segment = flatBases(flat, "segment");
  const int rank = flat.getTotalOutDimSizeLog2();
  auto conflicts = [&](const std::vector<int32_t> &tile) {
    return (int64_t{1} << intersectionBasis(segment, tile, rank).size()) - 1;
  };
  return ScratchConflicts{conflicts(plan.storeTile), conflicts(plan.loadTile)};
}

} // namespace

namespace {

using Vecs = std::vector<int32_t>;

const DimName kReps = "reps";

// Removes the register bases that step through "reps" and the reps out-dim,
// flattening vector/bank/segment into "offset" (Triton's divideRight by the
// reps tile, then reshapeOuts).
LinearLayout tileToOffset(const LinearLayout &total, int numRepBits) {
  const int repsIdx = total.getOutDimIndex(kReps);
  const LinearLayout::DimSizes outDims = total.getOutDims();
  LinearLayout::BasesT bases = total.getBases();
  std::vector<bool> usedRep(numRepBits, false);
  int32_t offsetSize = 1;
  for (const auto &[name, size] : total.getOutDims())
    if (name != kReps)
      offsetSize *= size;
  LinearLayout::BasesT out;
  for (auto &[name, bs] : bases) {
    std::vector<LinearLayout::Basis> kept;
    for (auto &b : bs) {
      bool isRep = false;
      if (name == kRegister) {
        bool onlyReps = true;
        for (int o = 0; o < static_cast<int>(b.size()); ++o)
          if (o != repsIdx && b[o] != 0)
            onlyReps = false;
        int32_t r = b[repsIdx];
        if (onlyReps && isPowerOf2(r) && !usedRep[std::countr_zero(static_cast<uint32_t>(r))]) {
          usedRep[std::countr_zero(static_cast<uint32_t>(r))] = true;
          isRep = true;
        }
      }
      if (isRep)
        continue;
      // Offset = vector + bank * |vector| + segment * |vector||bank| (minor first).
      int32_t offset = 0, shift = 0;
      for (int o = 0; o < static_cast<int>(b.size()); ++o) {
        const auto &[oname, osize] = outDims[o];
        if (oname == kReps)
          continue;
        offset |= b[o] << shift;
        shift += log2Floor(static_cast<uint64_t>(osize));
      }
      kept.push_back({offset});
    }
    out.emplace_back(name, std::move(kept));
  }
  for (bool u : usedRep)
    if (!u)
      throw InternalError("conversion scratch: a rep is not a register of the layout");
  return LinearLayout(std::move(out), LinearLayout::DimSizes{{kOffset, offsetSize}},
                      /*requireSurjective=*/false);
}

} // namespace

int scratchElementBits(int elementBits) { return std::max(elementBits, 8); }

ConversionScratch planConversionScratch(const LinearLayout &srcIn, const LinearLayout &dstIn,
                                        int elementBits, ScratchTarget target) {
  require(elementBits >= 1 && elementBits <= 64, "planConversionScratch: element bits 1..64");
  auto strip = [](const LinearLayout &l) {
    std::vector<DimName> ins;
    for (const auto &d : l.getInDimNames())
      if (d != kBlock)
        ins.push_back(d);
    return l.sublayout(ins, l.getOutDimNames()).removeZeroBasesAlongDim(kRegister);
  };
  const LinearLayout src = strip(srcIn), dst = strip(dstIn);

  ConversionScratch plan;
  plan.target = target;
  plan.elementBits = scratchElementBits(elementBits);
  const int bitwidth = plan.elementBits;
  const ScratchSwizzle swizzle = chooseScratchSwizzle(src, dst, bitwidth, target);
  plan.buffer = swizzle.buffer;
  plan.storeTile = swizzle.tileSrc;
  plan.loadTile = swizzle.tileDst;
  plan.storeInstruction = scratchInstructionName(swizzle.store, /*store=*/true);
  plan.loadInstruction = scratchInstructionName(swizzle.load, /*store=*/false);
  plan.vectorElems = plan.buffer.getInDimSize("vector");
  plan.reps = plan.buffer.getInDimSize(kReps);
  plan.bytes = plan.buffer.getTotalOutDimSize() / plan.reps * bitwidth / 8;

  const int repBits = plan.buffer.getInDimSizeLog2(kReps);
  const int maxVec = 128 / bitwidth;
  const LinearLayout store = tileToOffset(src.invertAndCompose(plan.buffer), repBits);
  const LinearLayout load = tileToOffset(dst.invertAndCompose(plan.buffer), repBits);
  // ld.shared / st.shared vectorise as far as the buffer allows; ldmatrix /
  // stmatrix always move 128 bits per thread (.x4) when there are enough
  // registers.
  auto perAccess = [&](ScratchInstruction instr, const LinearLayout &cvt) {
    return instr == ScratchInstruction::Shared
               ? largestVectorisation(cvt, bitwidth).elements
               : std::min(maxVec, cvt.getInDimSize(kRegister));
  };
  plan.storeVectorElems = perAccess(swizzle.store, store);
  plan.loadVectorElems = perAccess(swizzle.load, load);
  plan.storesPerThread =
      int64_t{plan.reps} * store.getInDimSize(kRegister) / plan.storeVectorElems;
  plan.loadsPerThread = int64_t{plan.reps} * load.getInDimSize(kRegister) / plan.loadVectorElems;
  // Triton's isCvtWarpSync: warps map to themselves and nothing is broadcast
  // across warps, so a warp-level barrier suffices.
  auto warpFree = [](const LinearLayout &l) {
    for (const auto &[d, mask] : l.getFreeVariableMasks())
      if (d == kWarp && mask != 0)
        return false;
    return true;
  };
  plan.warpSynchronous =
      dst.invertAndCompose(src).isTrivialOver({kWarp}) && warpFree(src) && warpFree(dst);
  plan.barriers = 2 * int64_t{plan.reps} - 1;
  plan.conflicts = scratchBankConflicts(plan);
  return plan;
}

} // namespace ls
