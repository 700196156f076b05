#include "notation/named_encoding.h"

#include <algorithm>
#include <iterator>
#include <numeric>

#include "encodings/amd_mfma.h"
#include "encodings/amd_wmma.h"
#include "encodings/blocked.h"
#include "encodings/dot_operand.h"
#include "encodings/linear.h"
#include "encodings/nvidia_mma.h"
#include "encodings/nvmma_shared.h"
#include "encodings/shared_linear.h"
#include "encodings/slice.h"
#include "encodings/swizzled_shared.h"
#include "util/error.h"

namespace ls::notation {

namespace {

using Bases = std::vector<std::vector<int32_t>>;

bool sameLayout(const Encoding &e, const LinearLayout &ll, const Shape &shape) {
  try {
    const LinearLayout got = e.toLinearLayout(shape);
    return got.getBases() == ll.getBases() && got.getOutDims() == ll.getOutDims();
  } catch (const std::exception &) {
    return false; // an invalid candidate
  }
}

// The one dim a basis moves along; -1 for a zero basis, -2 for several.
int dimOf(const std::vector<int32_t> &b) {
  int d = -1;
  for (size_t i = 0; i < b.size(); ++i)
    if (b[i] != 0) {
      if (d != -1)
        return -2;
      d = static_cast<int>(i);
    }
  return d;
}

// Bases per dim when they fill the dims in `order` (order[0] first). A zero
// basis (broadcast: the dim's tile is past the shape) counts for the dim being
// filled, or with `forward` a run of zeros counts for the next dim in the
// order. Empty on a mismatch.
std::vector<unsigned> countsAlong(const Bases &bases, const std::vector<unsigned> &order,
                                  bool forward = false) {
  std::vector<unsigned> count(order.size(), 1);
  size_t k = 0;
  bool inZeros = false, started = false;
  for (const auto &b : bases) {
    const int d = dimOf(b);
    if (d == -2)
      return {};
    if (d >= 0) {
      const size_t pos = static_cast<size_t>(
          std::find(order.begin(), order.end(), static_cast<unsigned>(d)) - order.begin());
      if (pos < k)
        return {};
      k = pos;
      inZeros = false;
      started = true;
    } else if (forward && started && !inZeros) {
      k = std::min(k + 1, order.size() - 1);
      inZeros = true;
    }
    count[order[k]] *= 2;
  }
  return count;
}

std::vector<std::vector<unsigned>> orders(int rank) {
  std::vector<unsigned> o(static_cast<size_t>(rank));
  std::iota(o.rbegin(), o.rend(), 0u); // [rank-1, ..., 0] first: Triton's default
  std::vector<std::vector<unsigned>> out{o};
  if (rank > 4)
    return out;
  std::vector<unsigned> p = o;
  std::sort(p.begin(), p.end());
  do
    if (p != o)
      out.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return out;
}

// The CGA layout from the block bases: Triton's CGA bases count CTA tiles,
// the layout's count elements (a CTA tile is the shape over the split).
CGALayout cgaOf(const LinearLayout &ll, const Shape &shape) {
  const int rank = static_cast<int>(shape.size());
  auto bases = inDimBases(ll, kBlock);
  std::vector<int64_t> split(shape.size(), 1);
  for (const auto &b : bases)
    for (size_t d = 0; d < b.size(); ++d)
      if (b[d] != 0)
        split[d] *= 2;
  for (auto &b : bases)
    for (size_t d = 0; d < b.size(); ++d) {
      const int64_t tile = shape[d] / split[d];
      if (tile <= 0 || b[d] % tile != 0)
        throw Error("block", "a block basis is not a whole CTA tile");
      b[d] = static_cast<int32_t>(b[d] / tile);
    }
  return CGALayout(rank, bases);
}

EncodingPtr matchBlocked(const LinearLayout &ll, const Shape &shape) {
  const int rank = static_cast<int>(shape.size());
  const Bases reg = inDimBases(ll, kRegister), lane = inDimBases(ll, kLane),
              warp = inDimBases(ll, kWarp);
  // Zero bases: policy 0 gives them to the dim being filled; 1 gives runs of
  // zero lanes and warps to the next dim in the order; 2 registers too.
  for (int policy = 0; policy < 3; ++policy)
    for (const auto &order : orders(rank)) {
      auto b = std::make_shared<BlockedEncoding>();
      b->order = order;
      b->sizePerThread.assign(static_cast<size_t>(rank), 1);
      // A zero register is a size per thread beyond the shape: it belongs to the
      // dim of the registers before it (order[0] at the start), or the next one.
      size_t last = order[0];
      bool inZeros = false;
      for (const auto &r : reg) {
        const int d = dimOf(r);
        if (d >= 0 && r[static_cast<size_t>(d)] ==
                          static_cast<int32_t>(b->sizePerThread[static_cast<size_t>(d)])) {
          b->sizePerThread[static_cast<size_t>(d)] *= 2;
          last = static_cast<size_t>(d);
          inZeros = false;
        } else if (d == -1) {
          if (policy == 2 && !inZeros) {
            const size_t pos = static_cast<size_t>(
                std::find(order.begin(), order.end(), static_cast<unsigned>(last)) - order.begin());
            last = order[std::min(pos + 1, order.size() - 1)];
            inZeros = true;
          }
          b->sizePerThread[last] *= 2;
        }
      }
      b->threadsPerWarp = countsAlong(lane, order, policy > 0);
      b->warpsPerCTA = countsAlong(warp, order, policy > 0);
      if (b->threadsPerWarp.empty() || b->warpsPerCTA.empty())
        continue;
      try {
        b->cga = cgaOf(ll, shape);
      } catch (const std::exception &) {
        return nullptr;
      }
      if (sameLayout(*b, ll, shape))
        return b;
    }
  return nullptr;
}

// Every way to split 2^w warps over `rank` dims, dim0 taking the most first.
std::vector<std::vector<unsigned>> warpSplits(int rank, int w) {
  std::vector<std::vector<unsigned>> out;
  if (rank == 1) {
    out.push_back({1u << w});
    return out;
  }
  for (int a = w; a >= 0; --a)
    for (auto rest : warpSplits(rank - 1, w - a)) {
      rest.insert(rest.begin(), 1u << a);
      out.push_back(std::move(rest));
    }
  return out;
}

// The splits that can hold `warp` bases (of rank `rank`): each dim gets at
// least as many warps as bases move along it (zero bases fit anywhere); none
// when a basis moves along several dims. All splits when `warp` is null.
std::vector<std::vector<unsigned>> warpSplits(int rank, int w, const Bases *warp) {
  std::vector<std::vector<unsigned>> all = warpSplits(rank, w);
  if (!warp)
    return all;
  std::vector<unsigned> need(static_cast<size_t>(rank), 1);
  for (const auto &b : *warp) {
    const int d = dimOf(b);
    if (d == -2 || b.size() != need.size())
      return {};
    if (d >= 0)
      need[static_cast<size_t>(d)] *= 2;
  }
  std::vector<std::vector<unsigned>> out;
  for (auto &split : all) {
    bool fits = true;
    for (size_t d = 0; d < need.size(); ++d)
      fits = fits && split[d] >= need[d];
    if (fits)
      out.push_back(std::move(split));
  }
  return out;
}

// Candidate accumulators of each MMA family for a rank, 2^w warps and a CGA
// layout. Parameters that do not reach the bases (an MFMA's version and K, a
// WMMA's version 2 vs 3 and K) take one canonical value: MFMA version 3 with
// K 8 (32x32), 16 (16x16) or 4 (4x64, 64x4); WMMA version 1 or 2, 16x16x16.
std::vector<EncodingPtr> nvidiaAccs(int rank, int w, const Bases *warp, const CGALayout &cga,
                                    bool v3) {
  std::vector<EncodingPtr> out;
  if (rank != 2 && !(rank == 3 && !v3))
    return out;
  for (const auto &warps : warpSplits(rank, w, warp)) {
    if (!v3) {
      auto m = std::make_shared<NvidiaMmaEncoding>();
      m->versionMajor = 2;
      m->warpsPerCTA = warps;
      m->instrShape = rank == 3 ? std::vector<unsigned>{1, 16, 8} : std::vector<unsigned>{16, 8};
      m->cga = cga;
      out.push_back(m);
      continue;
    }
    for (unsigned n : {8u, 16u, 32u, 64u, 128u, 256u}) {
      auto m = std::make_shared<NvidiaMmaEncoding>();
      m->versionMajor = 3;
      m->warpsPerCTA = warps;
      m->instrShape = {16, n, 16};
      m->cga = cga;
      out.push_back(m);
    }
  }
  return out;
}

struct MfmaShape {
  unsigned m, n, k;
};
constexpr MfmaShape kMfmaShapes[] = {{32, 32, 8}, {16, 16, 16}, {4, 64, 4}, {64, 4, 4}};

// Tiles per warp along (M, N): all 1 first, then 2 and 4 (batch dim 1).
constexpr unsigned kTiles[][2] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 4}, {4, 1}, {4, 4}};

std::vector<unsigned> tilesFor(int rank, const unsigned (&t)[2]) {
  if (t[0] == 1 && t[1] == 1)
    return {};
  return rank == 3 ? std::vector<unsigned>{1, t[0], t[1]} : std::vector<unsigned>{t[0], t[1]};
}

std::vector<EncodingPtr> mfmaAccs(int rank, int w, const Bases *warp, const CGALayout &cga,
                                  bool withWidths, const unsigned (&tiles)[2]) {
  std::vector<EncodingPtr> out;
  if (rank != 2 && rank != 3)
    return out;
  for (const MfmaShape &s : kMfmaShapes)
    for (bool transposed : {false, true}) {
      if (s.m == 64 && !transposed)
        continue; // 64x4 exists transposed only
      for (unsigned bits : {32u, 64u}) {
        if (bits == 64 && !withWidths)
          continue;
        for (const auto &warps : warpSplits(rank, w, warp)) {
          auto m = std::make_shared<AmdMfmaEncoding>();
          m->version = 3;
          m->warpsPerCTA = warps;
          m->instrShape = {s.m, s.n, s.k};
          m->isTransposed = transposed;
          m->elementBitWidth = bits;
          m->tilesPerWarp = tilesFor(rank, tiles);
          m->cga = cga;
          out.push_back(m);
        }
      }
    }
  return out;
}

std::vector<EncodingPtr> wmmaAccs(int rank, int w, const Bases *warp, const CGALayout &cga,
                                  const unsigned (&tiles)[2]) {
  std::vector<EncodingPtr> out;
  if (rank != 2 && rank != 3)
    return out;
  for (unsigned version : {1u, 2u})
    for (bool transposed : {false, true})
      for (const auto &warps : warpSplits(rank, w, warp)) {
        auto m = std::make_shared<AmdWmmaEncoding>();
        m->version = version;
        m->isTranspose = transposed;
        m->warpsPerCTA = warps;
        m->tilesPerWarp = tilesFor(rank, tiles);
        m->cga = cga;
        out.push_back(m);
      }
  return out;
}

// kWidth values the register bases allow for an operand with K along
// `kIndex`, largest first. With j leading registers that step 1, 2, 4, ...
// along K and z zero registers after them (K shorter than kWidth), kWidth is
// 2^j .. 2^(j+z) where lanes follow the kWidth registers along K (`tight`:
// any smaller kWidth would put a lane, not a register, at K = kWidth), and
// any power up to 2^(j+z) where no lane walks K (WMMA v1, 64-wide MFMA
// operands); at most 64.
std::vector<unsigned> kWidthsOf(const LinearLayout &ll, size_t kIndex, bool tight) {
  const Bases reg = inDimBases(ll, kRegister);
  size_t j = 0;
  while (j < reg.size() && dimOf(reg[j]) == static_cast<int>(kIndex) &&
         reg[j][kIndex] == (int32_t{1} << j))
    ++j;
  size_t top = j;
  while (top < reg.size() && dimOf(reg[top]) == -1)
    ++top;
  std::vector<unsigned> out;
  for (size_t i = std::min<size_t>(top, 6) + 1; i-- > (tight ? std::min<size_t>(j, 6) : 0);)
    out.push_back(1u << i);
  return out;
}

// Blocked parameters for a given order, zero bases of lanes and warps going
// to `zeroDim` (the dim a slice removed) when it comes next in the order
// and no later basis moves along a dim between; else to the dim being filled.
std::vector<unsigned> countsWithZeroDim(const Bases &bases, const std::vector<unsigned> &order,
                                        unsigned zeroDim) {
  auto posOf = [&](unsigned d) {
    return static_cast<size_t>(std::find(order.begin(), order.end(), d) - order.begin());
  };
  const size_t zeroPos = posOf(zeroDim);
  std::vector<unsigned> count(order.size(), 1);
  size_t k = 0;
  for (size_t i = 0; i < bases.size(); ++i) {
    const int d = dimOf(bases[i]);
    if (d == -2)
      return {};
    if (d >= 0) {
      const size_t pos = posOf(static_cast<unsigned>(d));
      if (pos < k)
        return {};
      k = pos;
    } else if (zeroPos >= k) {
      size_t minPos = order.size();
      for (size_t j = i + 1; j < bases.size(); ++j)
        if (const int e = dimOf(bases[j]); e >= 0)
          minPos = std::min(minPos, posOf(static_cast<unsigned>(e)));
      if (zeroPos <= minPos)
        k = zeroPos;
    }
    count[order[k]] *= 2;
  }
  return count;
}

// Slices of a blocked parent: the parent has one more dim, `dim`, of size 1,
// holding no register and the lanes and warps the slice broadcasts.
EncodingPtr matchSliceOfBlocked(const LinearLayout &ll, const Shape &shape,
                                const std::vector<unsigned> &order, unsigned dim) {
  const int rank = static_cast<int>(shape.size()) + 1;
  auto widen = [&](Bases bases) {
    for (auto &b : bases)
      b.insert(b.begin() + dim, 0);
    return bases;
  };
  const Bases reg = widen(inDimBases(ll, kRegister)), lane = widen(inDimBases(ll, kLane)),
              warp = widen(inDimBases(ll, kWarp));
  {
    auto b = std::make_shared<BlockedEncoding>();
    b->order = order;
    b->sizePerThread.assign(static_cast<size_t>(rank), 1);
    for (const auto &r : reg) {
      const int d = dimOf(r);
      if (d >= 0 && r[static_cast<size_t>(d)] ==
                        static_cast<int32_t>(b->sizePerThread[static_cast<size_t>(d)]))
        b->sizePerThread[static_cast<size_t>(d)] *= 2;
    }
    b->threadsPerWarp = countsWithZeroDim(lane, order, dim);
    b->warpsPerCTA = countsWithZeroDim(warp, order, dim);
    if (b->threadsPerWarp.empty() || b->warpsPerCTA.empty())
      return nullptr;
    b->cga = CGALayout::singleCTA(rank);
    auto s = std::make_shared<SliceEncoding>();
    s->dim = dim;
    s->parent = b;
    if (sameLayout(*s, ll, shape))
      return s;
  }
  return nullptr;
}

EncodingPtr matchDistributed(const LinearLayout &ll, const Shape &shape) {
  if (auto b = matchBlocked(ll, shape))
    return b;
  const int rank = static_cast<int>(shape.size());
  const int w = ll.hasInDim(kWarp) ? ll.getInDimSizeLog2(kWarp) : 0;
  const int lanes = ll.hasInDim(kLane) ? ll.getInDimSize(kLane) : 1;
  CGALayout cga;
  try {
    cga = cgaOf(ll, shape);
  } catch (const std::exception &) {
    return nullptr;
  }
  // The families a warp size allows: NVIDIA and WMMA wave32, MFMA wave64.
  const bool wave32 = lanes == 32, wave64 = lanes == 64;
  const Bases warpBases = inDimBases(ll, kWarp);
  // Accumulators: NVIDIA, then AMD with tilesPerWarp kTiles[t] for t in [from, to).
  auto accs = [&](int r, const Bases *fit, const CGALayout &c, size_t from, size_t to) {
    std::vector<EncodingPtr> out;
    if (wave32 && from == 0)
      for (bool v3 : {false, true})
        for (auto &m : nvidiaAccs(r, w, fit, c, v3))
          out.push_back(m);
    for (size_t t = from; t < to; ++t) {
      if (wave64)
        for (auto &m : mfmaAccs(r, w, fit, c, true, kTiles[t]))
          out.push_back(m);
      if (wave32)
        for (auto &m : wmmaAccs(r, w, fit, c, kTiles[t]))
          out.push_back(m);
    }
    return out;
  };
  auto dot = [&](unsigned op, const EncodingPtr &parent, unsigned k) {
    auto d = std::make_shared<DotOperandEncoding>();
    d->opIdx = op;
    d->parent = parent;
    d->kWidth = k;
    return d;
  };
  // Operands of AMD parents with tilesPerWarp kTiles[t] for t in [from, to).
  auto amdDots = [&](size_t from, size_t to) -> EncodingPtr {
    if (rank != 2 && rank != 3)
      return nullptr;
    for (size_t t = from; t < to; ++t)
      for (unsigned op : {0u, 1u}) {
        const size_t kIndex = static_cast<size_t>(op == 0 ? rank - 1 : rank - 2);
        const std::vector<unsigned> tight = kWidthsOf(ll, kIndex, true),
                                    loose = kWidthsOf(ll, kIndex, false);
        // MFMA operands: only the non-K instruction extent and the warps reach
        // the bases; the parent is the first accumulator with that extent.
        if (wave64)
          for (const auto &p : mfmaAccs(rank, w, &warpBases, cga, false, kTiles[t])) {
            const unsigned nonK =
                static_cast<const AmdMfmaEncoding &>(*p).instrShape[op == 0 ? 0 : 1];
            for (unsigned k : nonK == 64 ? loose : tight)
              if (auto d = dot(op, p, k); sameLayout(*d, ll, shape))
                return d;
          }
        if (wave32)
          for (unsigned version : {1u, 2u, 3u}) {
            const std::vector<std::vector<unsigned>> instrs =
                version == 1   ? std::vector<std::vector<unsigned>>{{}}
                : version == 2 ? std::vector<std::vector<unsigned>>{{}, {16, 16, 32}}
                               : std::vector<std::vector<unsigned>>{
                                     {16, 16, 4}, {16, 16, 32}, {16, 16, 64}, {16, 16, 128}};
            for (const auto &instr : instrs)
              for (const auto &warps : warpSplits(rank, w, &warpBases))
                for (unsigned k : version == 1 ? loose : tight) {
                  // The kWidths each version takes (dot_operand.cpp's check).
                  if (!(k == 8 || k == 16 || (version == 2 && k == 4) || (version == 3 && k == 2)))
                    continue;
                  auto p = std::make_shared<AmdWmmaEncoding>();
                  p->version = version;
                  p->warpsPerCTA = warps;
                  p->instrShape = instr;
                  p->tilesPerWarp = tilesFor(rank, kTiles[t]);
                  p->cga = cga;
                  if (auto d = dot(op, p, k); sameLayout(*d, ll, shape))
                    return d;
                }
          }
      }
    return nullptr;
  };
  constexpr size_t kAllTiles = std::size(kTiles);

  // Accumulators and operands with tilesPerWarp 1 first, then with more tiles.
  for (const auto &m : accs(rank, &warpBases, cga, 0, 1))
    if (sameLayout(*m, ll, shape))
      return m;
  if (wave32 && (rank == 2 || rank == 3))
    for (bool v3 : {false, true})
      for (const auto &m : nvidiaAccs(rank, w, &warpBases, cga, v3))
        for (unsigned op : {0u, 1u}) {
          if (v3 && op == 1)
            continue; // wgmma reads B from shared memory only
          for (unsigned k : {1u, 2u, 4u, 8u, 16u, 32u})
            if (auto d = dot(op, m, k); sameLayout(*d, ll, shape))
              return d;
        }
  if (auto d = amdDots(0, 1))
    return d;
  for (const auto &m : accs(rank, &warpBases, cga, 1, kAllTiles))
    if (sameLayout(*m, ll, shape))
      return m;
  if (auto d = amdDots(1, kAllTiles))
    return d;

  // Slices (single CTA): a blocked parent derived from the bases for each
  // removed dim, then the accumulators of one more dim.
  if (!inDimBases(ll, kBlock).empty() || rank >= 4)
    return nullptr;
  for (const auto &order : orders(rank + 1)) // Triton's default order first
    for (unsigned d = 0; d <= static_cast<unsigned>(rank); ++d)
      if (auto s = matchSliceOfBlocked(ll, shape, order, d))
        return s;
  for (const auto &m : accs(rank + 1, nullptr, CGALayout::singleCTA(rank + 1), 0, 1))
    for (unsigned d = 0; d <= static_cast<unsigned>(rank); ++d) {
      auto s = std::make_shared<SliceEncoding>();
      s->dim = d;
      s->parent = m;
      if (sameLayout(*s, ll, shape))
        return s;
    }
  return nullptr;
}

EncodingPtr matchShared(const LinearLayout &ll, const Shape &shape) {
  const int rank = static_cast<int>(shape.size());
  CGALayout cga;
  try {
    cga = cgaOf(ll, shape);
  } catch (const std::exception &) {
    return nullptr;
  }
  auto swizzled = [&](unsigned vec, unsigned perPhase, unsigned maxPhase,
                      const std::vector<unsigned> &order) {
    auto s = std::make_shared<SwizzledSharedEncoding>();
    s->vec = vec;
    s->perPhase = perPhase;
    s->maxPhase = maxPhase;
    s->order = order;
    s->cga = cga;
    return s;
  };
  // Orders: the dims in the order the offset bases first move along them (then
  // the rest from the last down), and Triton's default.
  std::vector<std::vector<unsigned>> allOrders{orderAlongInDim(ll, kOffset)};
  if (allOrders[0] != orders(rank)[0])
    allOrders.push_back(orders(rank)[0]);
  for (const auto &order : allOrders)
    if (auto s = swizzled(1, 1, 1, order); sameLayout(*s, ll, shape))
      return s;
  if (rank >= 2)
    for (unsigned bits : {16u, 8u, 32u, 64u})
      for (unsigned width : {128u, 64u, 32u, 0u})
        for (bool transposed : {false, true}) {
          auto n = std::make_shared<NvmmaSharedEncoding>();
          n->swizzlingByteWidth = width;
          n->elementBitWidth = bits;
          n->transposed = transposed;
          n->cga = cga;
          if (sameLayout(*n, ll, shape))
            return n;
        }
  for (const auto &order : allOrders) {
    const int64_t fast = shape[order[0]];
    for (unsigned maxPhase = 2; maxPhase <= 128 && maxPhase <= fast; maxPhase *= 2)
      for (unsigned perPhase = 1; perPhase <= 128; perPhase *= 2)
        for (unsigned vec = 1; vec * maxPhase <= fast; vec *= 2)
          if (auto s = swizzled(vec, perPhase, maxPhase, order); sameLayout(*s, ll, shape))
            return s;
  }
  // AMD's rotating swizzle (a composition of swizzles in CuTe).
  for (const auto &order : allOrders) {
    const int64_t fast = shape[order[0]];
    for (unsigned maxPhase = 2; maxPhase <= 128 && maxPhase <= fast; maxPhase *= 2)
      for (unsigned perPhase = 1; perPhase <= 128; perPhase *= 2)
        for (unsigned vec = 1; vec * maxPhase <= fast; vec *= 2) {
          auto s = swizzled(vec, perPhase, maxPhase, order);
          s->amdRotating = true;
          if (sameLayout(*s, ll, shape))
            return s;
        }
  }
  return nullptr;
}

} // namespace

EncodingPtr matchNamedEncoding(const LinearLayout &ll, const Shape &shape) {
  if (shape.empty())
    return nullptr;
  return ll.hasInDim(kOffset) ? matchShared(ll, shape) : matchDistributed(ll, shape);
}

EncodingPtr simplestEncoding(const LinearLayout &ll, const Shape &shape) {
  if (auto named = matchNamedEncoding(ll, shape))
    return named;
  if (ll.hasInDim(kOffset)) {
    auto s = std::make_shared<SharedLinearEncoding>();
    s->layout = ll;
    s->validate();
    return s;
  }
  auto l = std::make_shared<LinearEncoding>();
  l->layout = ll;
  l->validate();
  return l;
}

} // namespace ls::notation
