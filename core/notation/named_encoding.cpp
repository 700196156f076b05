#include "notation/named_encoding.h"

#include <algorithm>
#include <numeric>

#include "encodings/blocked.h"
#include "encodings/dot_operand.h"
#include "encodings/linear.h"
#include "encodings/nvidia_mma.h"
#include "encodings/nvmma_shared.h"
#include "encodings/shared_linear.h"
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

// Bases per dim when they fill the dims in `order` (order[0] first); zero
// bases (broadcast) count for the dim being filled. Empty on a mismatch.
std::vector<unsigned> countsAlong(const Bases &bases, const std::vector<unsigned> &order) {
  std::vector<unsigned> count(order.size(), 1);
  size_t k = 0;
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
  for (const auto &order : orders(rank)) {
    auto b = std::make_shared<BlockedEncoding>();
    b->order = order;
    b->sizePerThread.assign(static_cast<size_t>(rank), 1);
    for (const auto &r : reg) {
      const int d = dimOf(r);
      if (d >= 0 && r[static_cast<size_t>(d)] ==
                        static_cast<int32_t>(b->sizePerThread[static_cast<size_t>(d)]))
        b->sizePerThread[static_cast<size_t>(d)] *= 2;
    }
    b->threadsPerWarp = countsAlong(lane, order);
    b->warpsPerCTA = countsAlong(warp, order);
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

std::vector<std::shared_ptr<NvidiaMmaEncoding>> mmaCandidates(const LinearLayout &ll,
                                                              const Shape &shape, bool v3) {
  const int rank = static_cast<int>(shape.size());
  std::vector<std::shared_ptr<NvidiaMmaEncoding>> out;
  if (rank != 2)
    return out;
  const int w = ll.hasInDim(kWarp) ? ll.getInDimSizeLog2(kWarp) : 0;
  CGALayout cga;
  try {
    cga = cgaOf(ll, shape);
  } catch (const std::exception &) {
    return out;
  }
  for (int a = w; a >= 0; --a) {
    const std::vector<unsigned> warps{1u << a, 1u << (w - a)};
    if (!v3) {
      auto m = std::make_shared<NvidiaMmaEncoding>();
      m->versionMajor = 2;
      m->warpsPerCTA = warps;
      m->instrShape = {16, 8};
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

EncodingPtr matchDistributed(const LinearLayout &ll, const Shape &shape) {
  if (auto b = matchBlocked(ll, shape))
    return b;
  const int rank = static_cast<int>(shape.size());
  for (bool v3 : {false, true})
    for (const auto &m : mmaCandidates(ll, shape, v3))
      if (sameLayout(*m, ll, shape))
        return m;
  for (bool v3 : {false, true})
    for (const auto &m : mmaCandidates(ll, shape, v3))
      for (unsigned op : {0u, 1u}) {
        if (v3 && op == 1)
          continue; // wgmma reads B from shared memory only
        for (unsigned k : {1u, 2u, 4u, 8u, 16u, 32u}) {
          auto d = std::make_shared<DotOperandEncoding>();
          d->opIdx = op;
          d->parent = m;
          d->kWidth = k;
          if (sameLayout(*d, ll, shape))
            return d;
        }
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
