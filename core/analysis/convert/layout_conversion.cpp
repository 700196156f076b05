#include "analysis/convert/layout_conversion.h"

#include <algorithm>

#include "layout/layout_utils.h"
#include "util/error.h"

namespace ls {

const char *conversionKindName(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::NoOp:
    return "no-op";
  case ConversionKind::RegisterPermutation:
    return "register-permutation";
  case ConversionKind::WarpShuffle:
    return "warp-shuffle";
  case ConversionKind::SharedMemory:
    return "shared-memory";
  case ConversionKind::AcrossCtas:
    return "across-ctas";
  }
  return "?";
}

const char *moveScopeName(MoveScope scope) {
  switch (scope) {
  case MoveScope::SameThread:
    return "thread";
  case MoveScope::SameWarp:
    return "warp";
  case MoveScope::OtherWarp:
    return "cta";
  case MoveScope::OtherCta:
    return "cluster";
  }
  return "?";
}

namespace {

const std::vector<DimName> kHardwareDims{kRegister, kLane, kWarp, kBlock};

void requireDistributed(const LinearLayout &l, const std::string &field) {
  if (l.getInDimNames() != kHardwareDims)
    throw Error(field, "is not a distributed layout (register, lane, warp, block); a "
                       "conversion is between two distributed layouts");
}

} // namespace

LayoutConversion::LayoutConversion(LinearLayout source, LinearLayout destination)
    : src_(std::move(source)), dst_(std::move(destination)) {
  requireDistributed(src_, "source");
  requireDistributed(dst_, "destination");
  if (src_.getOutDims() != dst_.getOutDims())
    throw Error("destination", "describes a different tensor shape than the source");
  for (const DimName &d : {kLane, kWarp, kBlock}) {
    if (src_.getInDimSize(d) != dst_.getInDimSize(d)) {
      const std::string what = d == kLane ? "lanes per warp" : d == kWarp ? "warps" : "CTAs";
      throw Error("destination", "has " + std::to_string(dst_.getInDimSize(d)) + " " + what +
                                     " but the source has " +
                                     std::to_string(src_.getInDimSize(d)) +
                                     "; both layouts of a conversion live in one kernel");
    }
  }

  // Flattened tensor coordinates are 32-bit in the scratch and shuffle plans.
  if (src_.getTotalOutDimSizeLog2() > 30)
    throw Error("shape", "conversions are analysed for tensors of at most 2^30 elements");

  full_ = dst_.invertAndCompose(src_);
  // Quotient the slowest common dims first, stopping at the first that moves.
  LinearLayout comp = full_;
  for (auto it = kHardwareDims.rbegin(); it != kHardwareDims.rend(); ++it) {
    auto q = comp.quotient({*it});
    if (!q)
      break;
    comp = *q;
  }
  minimal_ = comp;

  const std::vector<DimName> dims = minimal_.getInDimNames();
  auto has = [&](const DimName &d) { return std::find(dims.begin(), dims.end(), d) != dims.end(); };
  if (has(kBlock)) {
    kind_ = ConversionKind::AcrossCtas;
  } else if (has(kWarp)) {
    kind_ = ConversionKind::SharedMemory;
  } else if (has(kLane)) {
    shuffle_ = planWarpShuffle(src_, dst_, 32);
    kind_ = shuffle_->shufflesSuffice() ? ConversionKind::WarpShuffle
                                        : ConversionKind::SharedMemory;
  } else if (has(kRegister)) {
    kind_ = ConversionKind::RegisterPermutation;
  } else {
    kind_ = ConversionKind::NoOp;
  }
}

bool LayoutConversion::isTrivial() const {
  return kind_ == ConversionKind::NoOp || kind_ == ConversionKind::RegisterPermutation;
}

HardwareLocation LayoutConversion::sourceOf(const HardwareLocation &to) const {
  const int32_t in[4] = {to.reg, to.lane, to.warp, to.block};
  int32_t out[4] = {0, 0, 0, 0};
  full_.applyIndexed(in, out);
  HardwareLocation from;
  // fullMap's out-dims are the source in-dims in order.
  from.reg = out[0];
  from.lane = out[1];
  from.warp = out[2];
  from.block = out[3];
  return from;
}

std::vector<int32_t> LayoutConversion::elementAt(const HardwareLocation &to) const {
  const int32_t in[4] = {to.reg, to.lane, to.warp, to.block};
  std::vector<int32_t> out(dst_.getNumOutDims(), 0);
  dst_.applyIndexed(in, out.data());
  // Out-dims are dim0, dim1, ... in order for distributed layouts.
  return out;
}

RegisterMove LayoutConversion::moveTo(const HardwareLocation &to) const {
  RegisterMove m;
  m.to = to;
  m.from = sourceOf(to);
  if (m.from.block != to.block)
    m.scope = MoveScope::OtherCta;
  else if (m.from.warp != to.warp)
    m.scope = MoveScope::OtherWarp;
  else if (m.from.lane != to.lane)
    m.scope = MoveScope::SameWarp;
  else
    m.scope = MoveScope::SameThread;
  return m;
}

std::vector<RegisterMove> LayoutConversion::movesInto(int32_t block, int32_t warp) const {
  if (block < 0 || block >= numBlocks() || warp < 0 || warp >= numWarps())
    throw Error("warp", "block " + std::to_string(block) + ", warp " + std::to_string(warp) +
                            " is outside the layout");
  if (int64_t{numLanes()} * destinationRegisters() > kMaxMovesPerWarp)
    throw Error("shape", "too many registers per warp to list (more than 2^20)");
  std::vector<RegisterMove> moves;
  moves.reserve(static_cast<size_t>(numLanes()) * destinationRegisters());
  for (int32_t lane = 0; lane < numLanes(); ++lane)
    for (int32_t reg = 0; reg < destinationRegisters(); ++reg)
      moves.push_back(moveTo({block, warp, lane, reg}));
  return moves;
}

std::vector<RegisterMove> LayoutConversion::movesFrom(int32_t block, int32_t warp,
                                                      int32_t lane) const {
  if (dst_.getTotalInDimSize() > kMaxScannedLocations)
    throw Error("shape", "too many destination registers to scan (more than 2^22)");
  std::vector<RegisterMove> moves;
  for (int32_t b = 0; b < numBlocks(); ++b)
    for (int32_t w = 0; w < numWarps(); ++w)
      for (int32_t l = 0; l < numLanes(); ++l)
        for (int32_t r = 0; r < destinationRegisters(); ++r) {
          RegisterMove m = moveTo({b, w, l, r});
          if (m.from.block == block && m.from.warp == warp && m.from.lane == lane)
            moves.push_back(m);
        }
  return moves;
}

std::vector<int64_t> LayoutConversion::scopeHistogram() const {
  if (dst_.getTotalInDimSize() > kMaxScannedLocations)
    throw Error("shape", "too many destination registers to scan (more than 2^22)");
  std::vector<int64_t> hist(4, 0);
  for (int32_t b = 0; b < numBlocks(); ++b)
    for (int32_t w = 0; w < numWarps(); ++w)
      for (int32_t l = 0; l < numLanes(); ++l)
        for (int32_t r = 0; r < destinationRegisters(); ++r)
          ++hist[static_cast<int>(moveTo({b, w, l, r}).scope)];
  return hist;
}

ConversionCost conversionCost(const LayoutConversion &conversion, int elementBits,
                              ScratchTarget target) {
  if (elementBits < 1 || elementBits > 64)
    throw Error("dtype", "element width must be 1 to 64 bits");
  ConversionCost cost;
  cost.kind = conversion.kind();
  cost.elementBits = elementBits;
  if (cost.kind == ConversionKind::WarpShuffle)
    cost.shuffle = planWarpShuffle(conversion.source(), conversion.destination(), elementBits);
  else if (cost.kind == ConversionKind::SharedMemory)
    cost.scratch =
        planConversionScratch(conversion.source(), conversion.destination(), elementBits, target);
  return cost;
}

} // namespace ls
