#include "analysis/banks/shared_access_plan.h"

#include <algorithm>

#include "analysis/banks/shared_vectorisation.h"
#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {
namespace {

std::vector<int32_t> offsetBases(const LinearLayout &cvt, const DimName &inDim) {
  std::vector<int32_t> v;
  if (!cvt.hasInDim(inDim))
    return v;
  const int n = cvt.getInDimSizeLog2(inDim);
  if (n == 0)
    return v;
  const size_t nOut = static_cast<size_t>(cvt.getNumOutDims());
  const size_t o = static_cast<size_t>(cvt.getOutDimIndex(kOffset));
  const std::span<const int32_t> all = cvt.basesOf(inDim);
  v.reserve(static_cast<size_t>(n));
  for (size_t i = 0; i < static_cast<size_t>(n); ++i)
    v.push_back(all[i * nOut + o]);
  return v;
}

// xor of bases[first + b] over the set bits b of every index 0..count-1.
std::vector<int32_t> span(const std::vector<int32_t> &bases, size_t first, int64_t count) {
  std::vector<int32_t> out(static_cast<size_t>(count), 0);
  for (int64_t i = 1; i < count; ++i) {
    const int low = std::countr_zero(static_cast<uint64_t>(i));
    const size_t j = first + static_cast<size_t>(low);
    out[static_cast<size_t>(i)] =
        out[static_cast<size_t>(i & (i - 1))] ^ (j < bases.size() ? bases[j] : 0);
  }
  return out;
}

// The CTA's own part of reg.invertAndCompose(smem): register, lane, warp -> offset.
LinearLayout ctaConversion(const LinearLayout &reg, const LinearLayout &smem) {
  LinearLayout cvt = reg.invertAndCompose(smem);
  std::vector<DimName> ins;
  for (const auto &d : {kRegister, kLane, kWarp})
    if (cvt.hasInDim(d))
      ins.push_back(d);
  return cvt.sublayout(ins, {kOffset});
}

void checkSize(const LinearLayout &cvt) {
  const int64_t accesses = cvt.getTotalInDimSize();
  if (accesses > kMaxLaneAccesses)
    throw Error("--shape", "too large for the wavefront model: " + std::to_string(accesses) +
                               " register slots per CTA (at most 2^26)");
}

void fillLanesAndWarps(SharedAccessPlan &plan, const std::vector<int32_t> &laneBases,
                       const std::vector<int32_t> &warpBases) {
  plan.laneCount = 1 << laneBases.size();
  plan.warpCount = 1 << warpBases.size();
  plan.lane = span(laneBases, 0, plan.laneCount);
  plan.warp = span(warpBases, 0, plan.warpCount);
}

} // namespace

SharedAccessPlan planLdSt(const LinearLayout &reg, const LinearLayout &smem, int storageBits,
                          std::optional<int> maxVecElems) {
  LinearLayout cvt = ctaConversion(reg, smem);
  checkSize(cvt);
  Vectorisation vec = largestVectorisation(cvt, storageBits, maxVecElems);
  if (!std::is_sorted(vec.registerOrder.begin(), vec.registerOrder.end()))
    cvt = permuteBases(cvt, kRegister, vec.registerOrder);
  SharedAccessPlan plan;
  plan.cls = InstructionClass::LdSt;
  plan.vectorElements = vec.elements;
  plan.accessBytes = vec.elements * storageBits / 8;
  const std::vector<int32_t> regs = offsetBases(cvt, kRegister);
  const int log2V = log2Floor(static_cast<uint64_t>(vec.elements));
  const int64_t instructions = (int64_t{1} << regs.size()) >> log2V;
  plan.instr = span(regs, static_cast<size_t>(log2V), instructions);
  fillLanesAndWarps(plan, offsetBases(cvt, kLane), offsetBases(cvt, kWarp));
  plan.addressLanes = plan.laneCount >= 64 ? ~uint64_t{0} : (uint64_t{1} << plan.laneCount) - 1;
  return plan;
}

std::optional<SharedAccessPlan> planMatrix(const LinearLayout &reg, const LinearLayout &smem,
                                           int storageBits, AccessDirection direction) {
  (void)direction; // ldmatrix and stmatrix share the addressing rules for b16/b32
  LinearLayout full = reg.invertAndCompose(smem);
  auto quot = full.quotient({kBlock});
  if (!quot || !quot->hasInDim(kLane) || quot->getInDimSizeLog2(kLane) != 5)
    return std::nullopt;
  const LinearLayout cvt = *quot;
  checkSize(cvt);
  const int nReg = cvt.getInDimSizeLog2(kRegister);
  for (bool transposed : {false, true}) {
    if (!transposed && storageBits > 32)
      continue;
    if (transposed && storageBits != 16)
      continue;
    std::vector<int32_t> regs, lanes = offsetBases(cvt, kLane);
    std::vector<int32_t> addr;
    int regsPerCoreTile = 0;
    if (!transposed) {
      // Registers fill 32 bits, lanes 0-1 the rest of a 16-byte row.
      const int tileRegs = 32 / storageBits;
      LinearLayout tile = LinearLayout::identity1D(tileRegs, kRegister, kOffset) *
                          LinearLayout::identity1D(4, kLane, kOffset);
      auto order = registerOrderForDivide(cvt, tile);
      if (!order)
        continue;
      LinearLayout permuted = permuteBases(cvt, kRegister, *order);
      if (!divideLeft(permuted, tile))
        continue;
      regs = offsetBases(permuted, kRegister);
      const int r = log2Floor(static_cast<uint64_t>(tileRegs));
      std::fill(regs.begin(), regs.begin() + r, 0);
      lanes[0] = lanes[1] = 0;
      regsPerCoreTile = tileRegs;
      addr = {lanes[2], lanes[3], lanes[4]};
      const int vec = std::min(128 / storageBits, 1 << nReg) / regsPerCoreTile;
      for (int i = 0; (1 << i) < vec; ++i)
        addr.push_back(regs[static_cast<size_t>(r + i)]);
    } else {
      // .trans b16: lanes 2-4 fill a 16-byte row; register 0 and lanes 0-1
      // pick the row, as PTX's transposed fragment wants.
      if (nReg < 1)
        continue;
      LinearLayout permuted = permuteBases(cvt, kLane, {2, 3, 4, 0, 1});
      LinearLayout tile = LinearLayout::identity1D(1, kRegister, kOffset) *
                          LinearLayout::identity1D(8, kLane, kOffset);
      if (!divideLeft(permuted, tile))
        continue;
      regs = offsetBases(cvt, kRegister);
      lanes[2] = lanes[3] = lanes[4] = 0;
      regsPerCoreTile = 2;
      addr = {regs[0], lanes[0], lanes[1]};
      const int vec = std::min(8, 1 << nReg) / regsPerCoreTile;
      for (int i = 0; (1 << i) < vec; ++i)
        addr.push_back(regs[static_cast<size_t>(1 + i)]);
    }
    const int vec = std::min(128 / storageBits, 1 << nReg) / regsPerCoreTile;
    if (vec != 1 && vec != 2 && vec != 4)
      continue;
    SharedAccessPlan plan;
    plan.cls = InstructionClass::Matrix;
    plan.transposed = transposed;
    plan.matrices = vec;
    const int elemsPerInstr = regsPerCoreTile * vec;
    plan.vectorElements = elemsPerInstr;
    plan.accessBytes = 16;
    const int log2E = log2Floor(static_cast<uint64_t>(elemsPerInstr));
    plan.instr = span(regs, static_cast<size_t>(log2E), (int64_t{1} << nReg) >> log2E);
    fillLanesAndWarps(plan, addr, offsetBases(cvt, kWarp));
    // Lanes beyond the rows of the .xN matrices give no address.
    plan.laneCount = 32;
    plan.lane.resize(32, 0);
    plan.addressLanes = (uint64_t{1} << (8 * vec)) - 1;
    return plan;
  }
  return std::nullopt;
}

std::string instructionName(const SharedAccessPlan &plan, const BankTarget &target,
                            AccessDirection direction) {
  const bool load = direction == AccessDirection::Load;
  if (plan.cls == InstructionClass::Matrix)
    return std::string(load ? "ldmatrix" : "stmatrix") + ".sync.aligned.m8n8.x" +
           std::to_string(plan.matrices) + (plan.transposed ? ".trans" : "") + ".shared.b16";
  const int bytes = plan.accessBytes;
  if (target.vendor == Vendor::Amd) {
    std::string op = load ? "ds_read_" : "ds_write_";
    if (bytes < 4)
      return op + (load ? "u" : "b") + std::to_string(8 * bytes);
    return op + "b" + std::to_string(8 * bytes);
  }
  std::string op = load ? "ld.shared." : "st.shared.";
  switch (bytes) {
  case 1:
    return op + "b8";
  case 2:
    return op + "b16";
  case 4:
    return op + "b32";
  case 8:
    return op + "v2.b32";
  default:
    return op + "v4.b32";
  }
}

} // namespace ls
