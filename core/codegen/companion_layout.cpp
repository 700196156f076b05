#include "codegen/companion_layout.h"

#include <algorithm>

#include "codegen/flat_layout.h"
#include "encodings/linear.h"
#include "util/bits.h"
#include "util/error.h"
#include "layout/layout_utils.h"
#include "util/seq_text.h"

namespace ls::codegen {

namespace {

// A basis of a subspace of GF(2)^n held in reduced form, one vector per
// leading bit, so that membership is a reduction.
class XorSpan {
public:
  uint64_t reduce(uint64_t v) const {
    for (uint64_t b : rows_)
      v = std::min(v, v ^ b);
    return v;
  }
  bool contains(uint64_t v) const { return reduce(v) == 0; }
  // Adds v; returns false if it was already in the span.
  bool add(uint64_t v) {
    v = reduce(v);
    if (!v)
      return false;
    rows_.push_back(v);
    std::sort(rows_.begin(), rows_.end(), std::greater<>());
    return true;
  }
  int rank() const { return static_cast<int>(rows_.size()); }

private:
  std::vector<uint64_t> rows_;
};

// Span of every in-dim but "block".
XorSpan ctaSpan(const FlatLayout &flat) {
  XorSpan span;
  for (const auto &in : flat.layout().getInDimNames())
    if (in != kBlock)
      for (uint64_t b : flat.bases(in))
        span.add(b);
  return span;
}

// The CGA layout whose block bases, scaled by the per-CTA tile, are the
// reference's block bases; nullopt if the bases are not of that form.
std::optional<CGALayout> cgaFromBlockBases(const Shape &shape,
                                           const std::vector<std::vector<int32_t>> &block) {
  const int rank = static_cast<int>(shape.size());
  std::vector<int> splitLog(rank, 0);
  for (const auto &b : block) {
    int nonzero = 0;
    for (int d = 0; d < rank; ++d)
      if (b[d]) {
        ++nonzero;
        ++splitLog[d];
      }
    if (nonzero > 1)
      return std::nullopt;
  }
  std::vector<std::vector<int32_t>> cga;
  for (const auto &b : block) {
    std::vector<int32_t> c(rank, 0);
    for (int d = 0; d < rank; ++d) {
      if (!b[d])
        continue;
      int64_t tile = shape[d] >> splitLog[d];
      if (tile <= 0 || b[d] % tile != 0)
        return std::nullopt;
      c[d] = static_cast<int32_t>(b[d] / tile);
    }
    cga.push_back(c);
  }
  try {
    return CGALayout(rank, cga);
  } catch (const Error &) {
    return std::nullopt;
  }
}

} // namespace

std::shared_ptr<BlockedEncoding> defaultBlocked(const Shape &shape, int lanes, int warps,
                                                const CGALayout &cga) {
  const int rank = static_cast<int>(shape.size());
  auto b = std::make_shared<BlockedEncoding>();
  b->sizePerThread.assign(rank, 1);
  b->threadsPerWarp.assign(rank, 1);
  b->warpsPerCTA.assign(rank, 1);
  b->order = matrixOrder(rank, /*rowMajor=*/true);
  b->cga = cga.rank() == rank ? cga : CGALayout::singleCTA(rank);
  const std::vector<int64_t> perCta = b->cga.shapePerCTA(shape);
  // Fill lanes, then warps, from the fastest dim; the slowest dim takes
  // whatever is left (possibly broadcasting), as Triton's builder does.
  unsigned remainingLanes = static_cast<unsigned>(lanes);
  unsigned remainingWarps = static_cast<unsigned>(warps);
  unsigned remainingThreads = remainingLanes * remainingWarps;
  unsigned prevLanes = 1, prevWarps = 1;
  for (int k = 0; k + 1 < rank; ++k) {
    const unsigned d = b->order[k];
    const unsigned extent = static_cast<unsigned>(std::max<int64_t>(1, perCta[d]));
    const unsigned threads = std::clamp(remainingThreads, 1u, extent);
    b->threadsPerWarp[d] = std::clamp(threads, 1u, remainingLanes);
    b->warpsPerCTA[d] = std::clamp(threads / b->threadsPerWarp[d], 1u, remainingWarps);
    remainingWarps /= b->warpsPerCTA[d];
    remainingLanes /= b->threadsPerWarp[d];
    remainingThreads /= threads;
    prevLanes *= b->threadsPerWarp[d];
    prevWarps *= b->warpsPerCTA[d];
  }
  const unsigned last = b->order[rank - 1];
  b->threadsPerWarp[last] = static_cast<unsigned>(lanes) / prevLanes;
  b->warpsPerCTA[last] = static_cast<unsigned>(warps) / prevWarps;
  return b;
}

bool sameCtaElements(const LinearLayout &a, const LinearLayout &b) {
  FlatLayout fa(a), fb(b);
  if (fa.bases(kBlock) != fb.bases(kBlock))
    return false;
  XorSpan sa = ctaSpan(fa), sb = ctaSpan(fb);
  if (sa.rank() != sb.rank())
    return false;
  for (const auto &in : fb.layout().getInDimNames())
    if (in != kBlock)
      for (uint64_t v : fb.bases(in))
        if (!sa.contains(v))
          return false;
  return true;
}

EncodingPtr companionLayout(const Shape &shape, int lanes, int warps,
                            const LinearLayout &reference) {
  if (!isPowerOf2(lanes) || !isPowerOf2(warps))
    throw InternalError("companionLayout: lanes and warps must be powers of two");
  const int rank = static_cast<int>(shape.size());
  const auto block = inDimBases(reference, kBlock);
  if (auto cga = cgaFromBlockBases(shape, block)) {
    auto blocked = defaultBlocked(shape, lanes, warps, *cga);
    if (sameCtaElements(blocked->toLinearLayout(shape), reference))
      return blocked;
  }
  // A linear layout: the reference's block bases, and unit vectors (fastest
  // element bits first) spanning each CTA's elements; lanes take the fastest
  // ones so that neighbouring lanes touch neighbouring addresses.
  FlatLayout flat(reference);
  const XorSpan cta = ctaSpan(flat);
  XorSpan chosenSpan;
  std::vector<uint64_t> chosen;
  for (int j = 0; j < flat.elementBits(); ++j) {
    uint64_t unit = uint64_t{1} << j;
    if (cta.contains(unit) && chosenSpan.add(unit))
      chosen.push_back(unit);
  }
  if (chosenSpan.rank() != cta.rank())
    throw Error("layout", "no plain distributed layout keeps this layout's per-CTA elements "
                          "(its CTA bases mix dimensions); export it as a single-CTA design");
  auto toCoords = [&](uint64_t f) {
    auto c = flat.coords(f);
    return std::vector<int32_t>(c.begin(), c.end());
  };
  std::vector<std::vector<int32_t>> reg, lane, warp;
  const int laneBits = log2Floor(static_cast<uint64_t>(lanes));
  const int warpBits = log2Floor(static_cast<uint64_t>(warps));
  size_t next = 0;
  auto take = [&](int count, std::vector<std::vector<int32_t>> &into) {
    for (int i = 0; i < count; ++i)
      into.push_back(next < chosen.size() ? toCoords(chosen[next++])
                                          : std::vector<int32_t>(rank, 0));
  };
  take(laneBits, lane);
  take(warpBits, warp);
  while (next < chosen.size())
    reg.push_back(toCoords(chosen[next++]));
  LinearLayout::DimSizes outs;
  for (int d = 0; d < rank; ++d)
    outs.push_back({"dim" + std::to_string(d), static_cast<int32_t>(shape[d])});
  auto lin = std::make_shared<LinearEncoding>();
  lin->layout = LinearLayout({{kRegister, reg}, {kLane, lane}, {kWarp, warp}, {kBlock, block}},
                             outs, /*requireSurjective=*/true);
  return lin;
}

} // namespace ls::codegen
