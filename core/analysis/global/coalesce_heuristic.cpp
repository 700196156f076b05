#include "analysis/global/coalesce_heuristic.h"

#include <algorithm>
#include <numeric>

#include "util/bits.h"
#include "util/error.h"
#include "util/seq_text.h"

namespace ls {
namespace {

std::string list(const std::vector<unsigned> &v) { return listText(v); }

void validate(const CoalesceInput &in) {
  validateShape(in.shape, 0, "shape");
  const size_t rank = in.shape.size();
  auto checkPerDim = [&](const std::vector<int64_t> &v, const std::string &field) {
    if (v.size() != rank)
      throw Error(field, "needs one value per tensor dim (" + std::to_string(rank) + "), got " +
                             std::to_string(v.size()));
    for (int64_t x : v)
      if (x < 1 || x > (int64_t{1} << 30))
        throw Error(field, "values must be between 1 and 2^30, got " + std::to_string(x));
  };
  checkPerDim(in.contiguity, "contiguity");
  checkPerDim(in.divisibility, "divisibility");
  if (in.elementBits < 1 || in.elementBits > 64)
    throw Error("dtype", "element width must be 1 to 64 bits");
  if (!isPowerOf2(in.numWarps) || in.numWarps > 1024)
    throw Error("num-warps", "must be a power of two up to 1024, got " +
                                 std::to_string(in.numWarps));
  if (!isPowerOf2(in.threadsPerWarp) || in.threadsPerWarp > 1024)
    throw Error("threads-per-warp", "must be a power of two up to 1024, got " +
                                        std::to_string(in.threadsPerWarp));
}

} // namespace

CoalesceResult coalescedLayout(const CoalesceInput &in) {
  validate(in);
  const unsigned rank = static_cast<unsigned>(in.shape.size());
  CoalesceResult res;

  // 1. Order: most contiguous dim first; ties keep the lower dim first.
  std::vector<unsigned> order(rank);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](unsigned x, unsigned y) { return in.contiguity[x] > in.contiguity[y]; });
  res.steps.push_back({"order", "dims by contiguity " + seqText(in.contiguity) +
                                    ", largest first (stable): order = " + list(order)});

  // 2. Elements per thread along order[0].
  const unsigned d0 = order[0];
  const unsigned elemBits = static_cast<unsigned>(in.elementBits);
  const unsigned elemBytes = std::max(elemBits / 8, 1u);
  const unsigned divisibility = static_cast<unsigned>(in.divisibility[d0]);
  const unsigned maxMultiple = std::max(divisibility / elemBytes, 1u);
  const unsigned maxContig =
      static_cast<unsigned>(std::min<int64_t>(in.contiguity[d0], in.shape[d0]));
  const unsigned alignment = std::min(maxMultiple, maxContig);
  const unsigned perAccess = std::min(alignment, 128u / elemBits);
  int64_t numElems = 1;
  for (int64_t s : in.shape)
    numElems *= s;
  const int64_t numThreads = int64_t{in.numWarps} * in.threadsPerWarp;
  // Clamped so that huge tensors cannot wrap the unsigned arithmetic below.
  const unsigned evenShare =
      static_cast<unsigned>(std::clamp<int64_t>(numElems / numThreads, 1, int64_t{1} << 30));
  const unsigned perThread = std::min(perAccess, evenShare);
  std::vector<unsigned> sizePerThread(rank, 1);
  sizePerThread[d0] = perThread;
  res.steps.push_back(
      {"sizePerThread",
       "dim " + std::to_string(d0) + ": divisibility " + std::to_string(divisibility) + " B / " +
           std::to_string(elemBytes) + " B = " + std::to_string(maxMultiple) +
           " elements, contiguity min(" + std::to_string(in.contiguity[d0]) + ", shape " +
           std::to_string(in.shape[d0]) + ") = " + std::to_string(maxContig) +
           ", alignment " + std::to_string(alignment) + ", capped at 128 bits (" +
           std::to_string(128u / elemBits) + " elements): " + std::to_string(perAccess) +
           "; at most " + std::to_string(numElems) + " / " + std::to_string(numThreads) +
           " threads = " + std::to_string(evenShare) + " per thread: sizePerThread = " +
           list(sizePerThread)});

  // 3. Threads and warps from the contiguous dim outwards.
  std::vector<unsigned> threadsPerWarp(rank, 1), warpsPerCTA(rank, 1);
  unsigned remainingLanes = static_cast<unsigned>(in.threadsPerWarp);
  unsigned remainingThreads = static_cast<unsigned>(numThreads);
  unsigned remainingWarps = static_cast<unsigned>(in.numWarps);
  unsigned prevLanes = 1, prevWarps = 1;
  std::string detail;
  for (unsigned d = 0; d + 1 < rank; ++d) {
    const unsigned i = order[d];
    const unsigned need =
        std::max<unsigned>(1, static_cast<unsigned>(in.shape[i] / sizePerThread[i]));
    const unsigned threadsHere = std::clamp<unsigned>(remainingThreads, 1, need);
    threadsPerWarp[i] = std::clamp<unsigned>(threadsHere, 1, remainingLanes);
    warpsPerCTA[i] = std::clamp<unsigned>(threadsHere / threadsPerWarp[i], 1, remainingWarps);
    remainingWarps /= warpsPerCTA[i];
    remainingLanes /= threadsPerWarp[i];
    remainingThreads /= threadsHere;
    prevLanes *= threadsPerWarp[i];
    prevWarps *= warpsPerCTA[i];
    detail += "dim " + std::to_string(i) + " needs " + std::to_string(need) + " threads, gets " +
              std::to_string(threadsHere) + ": " + std::to_string(threadsPerWarp[i]) +
              " lanes x " + std::to_string(warpsPerCTA[i]) + " warps; ";
  }
  const unsigned last = order[rank - 1];
  threadsPerWarp[last] = static_cast<unsigned>(in.threadsPerWarp) / prevLanes;
  warpsPerCTA[last] = static_cast<unsigned>(in.numWarps) / prevWarps;
  detail += "dim " + std::to_string(last) + " takes the remaining " +
            std::to_string(threadsPerWarp[last]) + " lanes x " +
            std::to_string(warpsPerCTA[last]) + " warps: threadsPerWarp = " +
            list(threadsPerWarp) + ", warpsPerCTA = " + list(warpsPerCTA);
  res.steps.push_back({"threadsPerWarp/warpsPerCTA", detail});

  res.encoding.sizePerThread = sizePerThread;
  res.encoding.threadsPerWarp = threadsPerWarp;
  res.encoding.warpsPerCTA = warpsPerCTA;
  res.encoding.order = order;
  res.encoding.cga = CGALayout::singleCTA(static_cast<int>(rank));
  res.encoding.validate();
  return res;
}

CoalesceInput coalesceInputForStrides(const std::vector<int64_t> &shape,
                                      const std::vector<int64_t> &strides, int elementBits,
                                      int numWarps, int threadsPerWarp) {
  if (strides.size() != shape.size())
    throw Error("strides", "needs one stride per tensor dim");
  CoalesceInput in;
  in.shape = shape;
  in.elementBits = elementBits;
  in.numWarps = numWarps;
  in.threadsPerWarp = threadsPerWarp;
  for (size_t d = 0; d < shape.size(); ++d) {
    in.contiguity.push_back(strides[d] == 1 ? shape[d] : 1);
    in.divisibility.push_back(16);
  }
  return in;
}

} // namespace ls
