#include "encodings/cga_layout.h"

#include <string>

#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

CGALayout::CGALayout(int rank, std::vector<std::vector<int32_t>> blockBases)
    : rank_(rank), bases_(std::move(blockBases)) {
  if (bases_.size() > 16)
    throw Error("CGALayout", "at most 16 bases (65536 CTAs) are supported");
  for (size_t i = 0; i < bases_.size(); ++i) {
    if (static_cast<int>(bases_[i].size()) != rank)
      throw Error("CGALayout", "basis " + std::to_string(i) + " has " +
                                   std::to_string(bases_[i].size()) +
                                   " entries but the layout has rank " + std::to_string(rank));
    for (int32_t v : bases_[i])
      if (v < 0 || (v != 0 && !isPowerOf2(v)) || v > (1 << 16))
        throw Error("CGALayout", "basis " + std::to_string(i) +
                                     " entries must be 0 or a power of two up to 65536, got " +
                                     std::to_string(v));
  }
  layout_ = buildLayout(rank, bases_); // also checks that the bases are surjective
}

CGALayout CGALayout::fromLegacy(const std::vector<unsigned> &ctasPerCGA,
                                const std::vector<unsigned> &ctaSplitNum,
                                const std::vector<unsigned> &ctaOrder) {
  const size_t rank = ctasPerCGA.size();
  if (ctaSplitNum.size() != rank)
    throw Error("CTASplitNum", "must have as many entries as CTAsPerCGA (" +
                                   std::to_string(rank) + ")");
  if (ctaOrder.size() != rank)
    throw Error("CTAOrder", "must have as many entries as CTAsPerCGA (" +
                                std::to_string(rank) + ")");
  std::vector<bool> seen(rank, false);
  for (unsigned d : ctaOrder) {
    if (d >= rank || seen[d])
      throw Error("CTAOrder", "must be a permutation of 0.." + std::to_string(rank - 1));
    seen[d] = true;
  }
  std::vector<std::vector<int32_t>> bases;
  for (unsigned dim : ctaOrder) {
    unsigned ctas = ctasPerCGA[dim], split = ctaSplitNum[dim];
    if (!isPowerOf2(ctas))
      throw Error("CTAsPerCGA", "entries must be powers of two, got " + std::to_string(ctas));
    if (!isPowerOf2(split))
      throw Error("CTASplitNum", "entries must be powers of two, got " + std::to_string(split));
    if (split > ctas)
      throw Error("CTASplitNum", "entry " + std::to_string(split) +
                                     " must divide CTAsPerCGA entry " + std::to_string(ctas));
    for (unsigned s = 1; s < split; s *= 2) {
      std::vector<int32_t> b(rank, 0);
      b[dim] = static_cast<int32_t>(s);
      bases.push_back(std::move(b));
    }
    for (unsigned s = split; s < ctas; s *= 2)
      bases.push_back(std::vector<int32_t>(rank, 0));
  }
  return CGALayout(static_cast<int>(rank), std::move(bases));
}

LinearLayout CGALayout::buildLayout(int rank, const std::vector<std::vector<int32_t>> &bases) {
  std::vector<DimName> outs = standardOutDimNames(rank);
  LinearLayout::DimSizes sizes;
  for (int d = 0; d < rank; ++d) {
    int64_t size = 1;
    for (const auto &b : bases)
      size = std::max<int64_t>(size, nextPowerOf2(b[d]));
    sizes.push_back({outs[d], static_cast<int32_t>(size)});
  }
  auto ll = LinearLayout::tryCreate({{kBlock, bases}}, std::move(sizes), /*requireSurjective=*/true);
  if (!ll)
    throw Error("CGALayout", "the block bases must reach every CTA tile up to the largest one "
                             "(each dimension's nonzero entries must include 1, 2, 4, ... up to "
                             "the largest)");
  return *ll;
}

std::vector<unsigned> CGALayout::splitNum() const {
  std::vector<unsigned> split(rank_, 1);
  for (const auto &b : bases_)
    for (int d = 0; d < rank_; ++d)
      if (b[d] != 0) {
        split[d] *= 2;
        break;
      }
  return split;
}

std::vector<int64_t> CGALayout::shapePerCTA(const std::vector<int64_t> &shape) const {
  std::vector<unsigned> split = splitNum();
  std::vector<int64_t> out(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t s = d < split.size() ? split[d] : 1;
    out[d] = shape[d] / std::min<int64_t>(shape[d], s);
  }
  return out;
}

std::optional<CGALayout::Legacy> CGALayout::toLegacy(const std::vector<unsigned> &preferredOrder) const {
  Legacy l;
  l.ctasPerCGA.assign(rank_, 1);
  l.ctaSplitNum.assign(rank_, 1);
  // Bases must come in groups per dim: identity bases 1, 2, 4, ... then
  // zeros, one dim after another; a zero basis before any dim's group is not
  // expressible. Dims never visited follow in increasing order.
  std::vector<bool> used(rank_, false);
  int leadingZeros = 0;
  int current = -1;
  bool inZeros = false;
  for (const auto &b : bases_) {
    int dim = -1, nonzero = 0;
    for (int d = 0; d < rank_; ++d)
      if (b[d] != 0) {
        dim = d;
        ++nonzero;
      }
    if (nonzero > 1)
      return std::nullopt;
    if (nonzero == 0) {
      if (current < 0) {
        // Leading broadcast CTAs: a dim with no split of its own holds them.
        leadingZeros++;
        continue;
      }
      inZeros = true;
      l.ctasPerCGA[current] *= 2;
      continue;
    }
    if (dim != current) {
      if (used[dim])
        return std::nullopt;
      used[dim] = true;
      l.ctaOrder.push_back(static_cast<unsigned>(dim));
      current = dim;
      inZeros = false;
    } else if (inZeros) {
      return std::nullopt;
    }
    if (static_cast<unsigned>(b[dim]) != l.ctaSplitNum[dim])
      return std::nullopt;
    l.ctaSplitNum[dim] *= 2;
    l.ctasPerCGA[dim] *= 2;
  }
  if (leadingZeros > 0) {
    // They must come from a dim that splits nothing: the highest unused dim.
    int holder = -1;
    for (int d = rank_ - 1; d >= 0 && holder < 0; --d)
      if (!used[d])
        holder = d;
    if (holder < 0)
      return std::nullopt;
    l.ctasPerCGA[holder] <<= leadingZeros;
    used[holder] = true;
    l.ctaOrder.insert(l.ctaOrder.begin(), static_cast<unsigned>(holder));
  }
  std::vector<unsigned> usedSeq = std::move(l.ctaOrder);
  std::vector<unsigned> pref = preferredOrder;
  if (static_cast<int>(pref.size()) != rank_) {
    pref.clear();
    for (int d = rank_ - 1; d >= 0; --d)
      pref.push_back(static_cast<unsigned>(d));
  }
  size_t next = 0;
  for (unsigned d : pref) {
    if (d < used.size() && used[d])
      l.ctaOrder.push_back(usedSeq[next++]);
    else
      l.ctaOrder.push_back(d);
  }
  return l;
}

} // namespace ls
