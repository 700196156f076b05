#include "analysis/banks/shared_access.h"

#include <algorithm>

#include "analysis/banks/bank_conflicts.h"
#include "analysis/banks/shared_vectorisation.h"
#include "encodings/padded_shared.h"
#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

std::vector<int32_t> SharedAccessReport::elementAt(int32_t offset) const {
  std::vector<int32_t> ins;
  for (const auto &d : smem.getInDimNames())
    ins.push_back(d == kOffset ? offset : 0);
  std::vector<int32_t> outs(static_cast<size_t>(smem.getNumOutDims()), 0);
  smem.applyIndexed(ins.data(), outs.data());
  // Report in dim0, dim1, ... order whatever the layout's out-dim order.
  std::vector<int32_t> coords(outs.size(), 0);
  const auto names = smem.getOutDimNames();
  for (size_t i = 0; i < names.size(); ++i) {
    size_t dim = i;
    if (names[i].rfind("dim", 0) == 0)
      dim = static_cast<size_t>(std::stoi(names[i].substr(3)));
    if (dim < coords.size())
      coords[dim] = outs[i];
  }
  return coords;
}

int64_t SharedAccessReport::byteAddress(int32_t offset) const {
  int64_t padded = offset;
  for (size_t i = 0; i < padIntervals.size(); ++i)
    padded += (int64_t{offset} >> log2Floor(padIntervals[i])) << log2Floor(padPaddings[i]);
  return padded * elementBytes;
}

SharedAccessReport analyzeSharedAccess(const LinearLayout &reg, const LinearLayout &smem,
                                       int elementBits, const SharedAccessOptions &options,
                                       const PaddedSharedEncoding *padded) {
  if (!reg.hasInDim(kRegister) || !reg.hasInDim(kLane))
    throw Error("--distributed", "needs a distributed layout (register, lane, warp)");
  if (!smem.hasInDim(kOffset))
    throw Error("--shared", "needs a shared-memory layout (offset)");
  if (elementBits < 1 || elementBits > 64 || !isPowerOf2(elementBits))
    throw Error("--dtype", "element width must be a power of two of at most 64 bits");
  SharedAccessReport r;
  r.direction = options.direction;
  r.target = options.target;
  r.elementBits = elementBits;
  const int storageBits = std::max(8, elementBits);
  r.elementBytes = storageBits / 8;
  r.smem = smem;
  if (padded) {
    r.padIntervals = padded->intervals;
    r.padPaddings = padded->paddings;
  }
  const LinearLayout regNoBroadcast = removeBroadcastRegisters(reg);
  const bool load = options.direction == AccessDirection::Load;
  const BankTarget &t = options.target;
  std::optional<SharedAccessPlan> matrix;
  if (t.vendor == Vendor::Nvidia && options.allowMatrix && !padded && !options.asyncCopy &&
      (load ? t.ldmatrix : t.stmatrix))
    matrix = planMatrix(regNoBroadcast, smem, storageBits, options.direction);
  if (matrix) {
    r.plan = std::move(*matrix);
  } else {
    std::optional<int> maxVec;
    if (padded && !padded->intervals.empty())
      maxVec =
          static_cast<int>(*std::min_element(padded->intervals.begin(), padded->intervals.end()));
    if (options.maxVecElems)
      maxVec = std::min(maxVec.value_or(*options.maxVecElems), *options.maxVecElems);
    r.plan = planLdSt(regNoBroadcast, smem, storageBits, maxVec);
  }
  checkTargetLanes(t, r.plan.laneCount, "--distributed");
  if (options.warp < 0 || options.warp >= r.plan.warpCount)
    throw Error("--warp", "must be in 0.." + std::to_string(r.plan.warpCount - 1));
  r.instruction = instructionName(r.plan, t, options.direction);
  if (options.asyncCopy && t.vendor == Vendor::Nvidia) {
    // cp.async moves 4, 8 or 16 bytes per thread and vector (.cg: 16 only).
    const int bytes = r.plan.vectorElements * r.elementBytes;
    r.instruction = (bytes == 16 ? "cp.async.cg.shared.global (" : "cp.async.ca.shared.global (") +
                    std::to_string(bytes) + " B)";
  }
  r.warp = options.warp;

  const SharedAccessPlan &p = r.plan;
  std::vector<LaneAccess> accesses;
  accesses.reserve(static_cast<size_t>(p.laneCount));
  const bool everyWarp = options.allWarps || padded;
  // Without padding, instruction k of warp w reads the addresses of
  // instruction 0 of the chosen warp xor one byte offset D. Where every
  // address of that first instruction and D are multiples of the access
  // size, the xor maps each lane's words to words of the same bank pattern
  // (bank = low word bits), so the instruction takes the same wavefronts:
  // only instructions kept in detail, or whose D breaks alignment, are
  // served again.
  auto addressesOf = [&](int k, int w) {
    accesses.clear();
    for (int l = 0; l < p.laneCount; ++l)
      if ((p.addressLanes >> l) & 1)
        accesses.push_back({l, r.byteAddress(p.offset(k, l, w)), p.accessBytes});
  };
  const int64_t align = std::max(p.accessBytes, 1);
  std::optional<InstructionWavefronts> first;
  if (!padded && p.instructions() > 0) {
    addressesOf(0, options.warp);
    if (std::all_of(accesses.begin(), accesses.end(),
                    [&](const LaneAccess &a) { return a.byteAddress % align == 0; }))
      first = serveInstruction(t, p.cls, options.direction, p.accessBytes, p.laneCount, accesses,
                               false);
  }
  // D of instruction k of warp w, before the element size.
  const int32_t base = p.instructions() > 0 ? p.instr[0] ^ p.warp[static_cast<size_t>(options.warp)]
                                            : 0;
  for (int w = 0; w < p.warpCount; ++w) {
    if (!everyWarp && w != options.warp)
      continue;
    for (int k = 0; k < p.instructions(); ++k) {
      const bool detail = w == options.warp && k < options.detailLimit;
      InstructionWavefronts served;
      if (first && !detail &&
          r.byteAddress(p.instr[static_cast<size_t>(k)] ^ p.warp[static_cast<size_t>(w)] ^
                        base) %
                  align ==
              0) {
        served.wavefronts = first->wavefronts;
        served.ideal = first->ideal;
      } else {
        addressesOf(k, w);
        served = serveInstruction(t, p.cls, options.direction, p.accessBytes, p.laneCount,
                                  accesses, detail);
      }
      r.ctaWavefronts += served.wavefronts;
      r.ctaIdealWavefronts += served.ideal;
      if (w != options.warp)
        continue;
      r.wavefronts += served.wavefronts;
      r.idealWavefronts += served.ideal;
      r.maxWavefrontsPerInstruction = std::max(r.maxWavefrontsPerInstruction, served.wavefronts);
      if (detail)
        r.instructions.push_back({k, accesses, std::move(served)});
      else
        r.truncated = true;
    }
  }
  if (!everyWarp) {
    r.ctaWavefronts = r.wavefronts * p.warpCount;
    r.ctaIdealWavefronts = r.idealWavefronts * p.warpCount;
  }
  return r;
}

const PaddedSharedEncoding *checkSharedPair(const Encoding &distributed, const Encoding &shared,
                                            const Shape &shape) {
  if (distributed.isShared())
    throw Error("--distributed", "is a shared layout; expected a distributed (register) layout");
  if (!shared.isShared())
    throw Error("--shared", "is a distributed layout; expected a shared-memory layout");
  checkSharedShape(shape);
  return shared.kind() == EncodingKind::PaddedShared
             ? static_cast<const PaddedSharedEncoding *>(&shared)
             : nullptr;
}

SharedAccessReport analyzeSharedAccess(const Encoding &distributed, const Encoding &shared,
                                       const Shape &shape, int elementBits,
                                       const SharedAccessOptions &options) {
  const PaddedSharedEncoding *padded = checkSharedPair(distributed, shared, shape);
  return analyzeSharedAccess(distributed.toLinearLayout(shape), shared.toLinearLayout(shape),
                             elementBits, options, padded);
}

} // namespace ls
