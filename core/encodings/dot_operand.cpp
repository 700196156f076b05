#include "encodings/dot_operand.h"

#include <algorithm>

#include "encodings/amd_mfma.h"
#include "encodings/amd_wmma.h"
#include "encodings/blocked.h"
#include "encodings/nvidia_mma.h"
#include "util/error.h"

namespace ls {

void DotOperandEncoding::validate() const {
  if (!parent)
    throw Error("parent", "a dot operand layout needs a parent layout");
  if (opIdx > 1)
    throw Error("opIdx", "must be 0 (operand A) or 1 (operand B), got " + std::to_string(opIdx));
  if (parent->kind() == EncodingKind::NvidiaMma)
    static_cast<const NvidiaMmaEncoding &>(*parent).validateFields(/*checkInstrShape=*/false);
  else
    parent->validate();
  switch (parent->kind()) {
  case EncodingKind::NvidiaMma: {
    auto &mma = static_cast<const NvidiaMmaEncoding &>(*parent);
    if (kWidth == 0)
      throw Error("kWidth", "is required for an nvidia_mma parent (a power of two up to 64; 0 means absent)");
    if (mma.isHopper() && opIdx != 0)
      throw Error("opIdx", "Hopper wgmma reads operand B from shared memory; only opIdx = 0 has "
                           "a register layout");
    if (kWidth > 64 || (kWidth & (kWidth - 1)) != 0)
      throw Error("kWidth", "must be a power of two up to 64, got " + std::to_string(kWidth));
    break;
  }
  case EncodingKind::AmdMfma:
    if (kWidth == 0 || kWidth > 64 || (kWidth & (kWidth - 1)) != 0)
      throw Error("kWidth", "must be a power of two from 1 to 64 for an amd_mfma parent, got " +
                                std::to_string(kWidth));
    break;
  case EncodingKind::AmdWmma: {
    auto &wmma = static_cast<const AmdWmmaEncoding &>(*parent);
    std::vector<unsigned> allowed = wmma.version == 1   ? std::vector<unsigned>{8, 16}
                                    : wmma.version == 2 ? std::vector<unsigned>{4, 8, 16}
                                                        : std::vector<unsigned>{2, 8, 16};
    if (std::find(allowed.begin(), allowed.end(), kWidth) == allowed.end())
      throw Error("kWidth", "must be one of " + listText(allowed) + " for wmma version " +
                                std::to_string(wmma.version) + ", got " + std::to_string(kWidth));
    break;
  }
  case EncodingKind::Blocked:
    if (kWidth != 0)
      throw Error("kWidth",
                  "must be absent (0) for a blocked parent, got " + std::to_string(kWidth));
    if (parent->rank() < 2)
      throw Error("parent", "a blocked parent of a dot operand needs rank 2 or 3");
    break;
  default:
    throw Error("parent", std::string("must be nvidia_mma, amd_mfma, amd_wmma or blocked, not ") +
                              mnemonic(parent->kind()));
  }
}

CGALayout DotOperandEncoding::operandCGA() const {
  const CGALayout *pc = parent->cgaLayout();
  const int r = rank();
  if (!pc)
    return CGALayout::singleCTA(r);
  if (parent->kind() == EncodingKind::AmdMfma || parent->kind() == EncodingKind::AmdWmma)
    return *pc;
  // The operand is replicated across the CTAs that split K in the result.
  const int kDim = opIdx == 0 ? r - 1 : r - 2;
  std::vector<std::vector<int32_t>> bases = pc->bases();
  for (auto &b : bases)
    b[kDim] = 0;
  return CGALayout(r, std::move(bases));
}

namespace {

LinearLayout fmaDotLayout(const DotOperandEncoding &dot, const BlockedEncoding &blocked,
                          const Shape &shape, const CGALayout &cga) {
  const int r = blocked.rank();
  const unsigned kDim = dot.opIdx == 0 ? r - 1 : r - 2;
  std::vector<unsigned> threadSize = blocked.sizePerThread;
  threadSize[kDim] = static_cast<unsigned>(shape[kDim]);
  const std::vector<DimName> rep = permutedDimNames(blocked.order);
  LinearLayout cta = identityStandardND(kRegister, threadSize, blocked.order).transposeOuts(rep) *
                     broadcastedDotOperandLayout(blocked.threadsPerWarp, blocked.order, kDim, kLane)
                         .transposeOuts(rep) *
                     broadcastedDotOperandLayout(blocked.warpsPerCTA, blocked.order, kDim, kWarp)
                         .transposeOuts(rep);
  return combineCtaCgaWithShape(std::move(cta), cga.toLinearLayout(), shape);
}

LinearLayout nvidiaDotLayout(const DotOperandEncoding &dot, const NvidiaMmaEncoding &mma,
                             const Shape &shape, const CGALayout &cga) {
  const int r = mma.rank();
  std::vector<unsigned> tile(r, 1);
  if (dot.opIdx == 0) {
    tile[r - 2] = 16;
    tile[r - 1] = dot.kWidth * 8;
  } else {
    tile[r - 2] = dot.kWidth * 8;
    tile[r - 1] = 8;
  }
  const std::vector<unsigned> order = dotOperandOrder(static_cast<int>(dot.opIdx), r, true);
  LinearLayout cta = nvidiaMmaTile(tile, dot.kWidth, order, order);
  const unsigned kDim = dot.opIdx == 0 ? r - 1 : r - 2;
  cta *= broadcastedDotOperandLayout(mma.warpsPerCTA, matrixOrder(r, !mma.isHopper()), kDim, kWarp)
             .transposeOuts(cta.getOutDimNames());
  return combineCtaCgaWithShape(std::move(cta), cga.toLinearLayout(), shape);
}

LinearLayout mfmaDotLayout(const DotOperandEncoding &dot, const AmdMfmaEncoding &mfma,
                           const Shape &shape) {
  const int r = mfma.rank();
  const bool batch = r == 3;
  const int32_t kWidth = static_cast<int32_t>(dot.kWidth);
  const unsigned nonKIndex = dot.opIdx == 0 ? r - 2 : r - 1;
  const unsigned kIndex = dot.opIdx == 0 ? r - 1 : r - 2;
  const unsigned mDim = mfma.instrShape[0], nDim = mfma.instrShape[1];
  const int32_t nonKDim = static_cast<int32_t>(dot.opIdx == 0 ? mDim : nDim);
  constexpr int32_t kWaveSize = 64;
  const int64_t kSize = shape[kIndex];
  const std::vector<DimName> names = standardOutDimNames(r);
  const std::vector<unsigned> order = dotOperandOrder(static_cast<int>(dot.opIdx), r, true);
  const DimName &dimK = names[order[0]], &dimNonK = names[order[1]];

  // kWidth registers along K; lanes along non-K, then the rest along K.
  LinearLayout tile = LinearLayout::identity1D(kWidth, kRegister, dimK) *
                      (LinearLayout::identity1D(nonKDim, kLane, dimNonK) *
                       LinearLayout::identity1D(kWaveSize / nonKDim, kLane, dimK));
  int64_t kTile = int64_t{kWaveSize / nonKDim} * kWidth;
  // The 64x64 operand of a 64x4 / 4x64 mfma repeats the tile 16 times along K.
  if ((mDim == 64 && nDim == 4 && dot.opIdx == 0) || (mDim == 4 && nDim == 64 && dot.opIdx == 1)) {
    tile *= LinearLayout::identity1D(16, kRegister, dimK);
    kTile *= 16;
  }
  if (kSize > kTile)
    tile *= LinearLayout::identity1D(static_cast<int32_t>(kSize / kTile), kRegister, dimK);
  tile *=
      LinearLayout::identity1D(static_cast<int32_t>(mfma.tiles()[nonKIndex]), kRegister, dimNonK);
  tile = tile.transposeOuts({dimK, dimNonK});
  if (batch) {
    tile *= LinearLayout::identity1D(1, kRegister, names[order[2]]);
    tile *= LinearLayout::identity1D(1, kLane, names[order[2]]);
  }
  LinearLayout cta = tile * identityStandardND(kWarp, mfma.warpsPerCTA, matrixOrder(r, true));
  return combineCtaCgaWithShape(std::move(cta), mfma.cga.toLinearLayout(), shape)
      .transposeOuts(names);
}

LinearLayout wmmaDotLayout(const DotOperandEncoding &dot, const AmdWmmaEncoding &wmma,
                           const Shape &shape) {
  const int r = wmma.rank();
  const bool batch = r == 3;
  const std::vector<DimName> names = standardOutDimNames(r);
  const std::vector<unsigned> order = dotOperandOrder(static_cast<int>(dot.opIdx), r, true);
  const DimName &dimK = names[order[0]], &dimNonK = names[order[1]];
  const std::vector<unsigned> instr = wmma.instr();
  const int64_t kDim = instr[2];
  const unsigned nonKIndex = dot.opIdx == 0 ? r - 2 : r - 1;
  const unsigned kIndex = dot.opIdx == 0 ? r - 1 : r - 2;
  const int64_t kSize = shape[kIndex];
  const int32_t nonKDim = static_cast<int32_t>(dot.opIdx == 0 ? instr[0] : instr[1]);
  const int32_t kWidth = static_cast<int32_t>(dot.kWidth);
  constexpr int32_t kWaveSize = 32;
  const int32_t depth = kWaveSize / nonKDim;

  // kWidth registers along K, lanes along non-K, then `depth` lanes along K
  // (version 1 duplicates the K values across the two half-waves).
  LinearLayout tile = LinearLayout::identity1D(kWidth, kRegister, dimK) *
                      LinearLayout::identity1D(nonKDim, kLane, dimNonK);
  tile *= wmma.version == 1 ? LinearLayout::zeros1D(depth, kLane, dimK)
                            : LinearLayout::identity1D(depth, kLane, dimK);
  const int64_t kTile = int64_t{depth} * kWidth;
  const unsigned tilesNonK = wmma.tiles()[nonKIndex];
  if (tilesNonK > 1) {
    tile *= LinearLayout::identity1D(static_cast<int32_t>(std::max(kSize, kDim) / kTile), kRegister,
                                     dimK);
    tile *= LinearLayout::identity1D(static_cast<int32_t>(tilesNonK), kRegister, dimNonK);
  } else {
    tile *= LinearLayout::identity1D(static_cast<int32_t>(kDim / kTile), kRegister, dimK);
  }
  if (batch) {
    tile *= LinearLayout::identity1D(1, kRegister, names[order[2]]);
    tile *= LinearLayout::identity1D(1, kLane, names[order[2]]);
  }
  LinearLayout warps =
      broadcastedDotOperandLayout(wmma.warpsPerCTA, matrixOrder(r, true), kIndex, kWarp);
  const std::vector<DimName> rep = permutedDimNames(order);
  LinearLayout cta = tile.transposeOuts(rep) * warps.transposeOuts(rep);
  return combineCtaCgaWithShape(std::move(cta), wmma.cga.toLinearLayout(), shape);
}

} // namespace

LinearLayout DotOperandEncoding::computeLinearLayout(const Shape &shape) const {
  switch (parent->kind()) {
  case EncodingKind::Blocked:
    return fmaDotLayout(*this, static_cast<const BlockedEncoding &>(*parent), shape, operandCGA());
  case EncodingKind::NvidiaMma:
    return nvidiaDotLayout(*this, static_cast<const NvidiaMmaEncoding &>(*parent), shape,
                           operandCGA());
  case EncodingKind::AmdMfma:
    return mfmaDotLayout(*this, static_cast<const AmdMfmaEncoding &>(*parent), shape);
  case EncodingKind::AmdWmma:
    return wmmaDotLayout(*this, static_cast<const AmdWmmaEncoding &>(*parent), shape);
  default:
    throw Error("parent", "unsupported dot operand parent");
  }
}

} // namespace ls
