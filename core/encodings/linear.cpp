#include "encodings/linear.h"

#include <algorithm>
#include <span>

#include "util/error.h"
#include "util/limits.h"

namespace ls {

namespace {
std::string basisText(std::span<const int32_t> b) {
  std::string s = "[";
  for (size_t i = 0; i < b.size(); ++i)
    s += (i ? ", " : "") + std::to_string(b[i]);
  return s + "]";
}
} // namespace

LinearLayout LinearEncoding::fromBases(const std::vector<std::vector<int32_t>> &reg,
                                       const std::vector<std::vector<int32_t>> &lane,
                                       const std::vector<std::vector<int32_t>> &warp,
                                       const std::vector<std::vector<int32_t>> &block,
                                       bool genericWarps) {
  const std::vector<std::pair<const char *, const std::vector<std::vector<int32_t>> *>> lists = {
      {"register", &reg}, {"lane", &lane}, {"warp", &warp}, {"block", &block}};
  int rank = -1;
  for (const auto &[name, bases] : lists)
    if (!bases->empty() && rank < 0)
      rank = static_cast<int>(bases->front().size());
  if (rank <= 0)
    throw Error("register", "a linear layout needs at least one basis with at least one entry");
  if (rank > limits::kMaxRank)
    throw Error("register",
                "at most " + std::to_string(limits::kMaxRank) + " dimensions are supported");
  for (const auto &[name, bases] : lists) {
    if (bases->size() > static_cast<size_t>(limits::kMaxBasesPerDim))
      throw Error(name,
                  "at most " + std::to_string(limits::kMaxBasesPerDim) + " bases are supported");
    for (size_t i = 0; i < bases->size(); ++i) {
      const auto &b = (*bases)[i];
      if (static_cast<int>(b.size()) != rank)
        throw Error(name, "basis " + std::to_string(i) + " has " + std::to_string(b.size()) +
                              " entries but the layout has rank " + std::to_string(rank));
      int nonzero = 0;
      for (int32_t v : b) {
        if (v < 0 || v >= (1 << 30))
          throw Error(name, "basis " + std::to_string(i) + " entries must be in [0, 2^30)");
        nonzero += v != 0;
      }
      if (nonzero > 1 && !(genericWarps && std::string(name) == "warp"))
        throw Error(name, "basis " + std::to_string(i) +
                              " moves along more than one dimension; each basis of a "
                              "distributed layout moves in at most one dimension");
    }
  }
  auto ll = LinearLayout::tryCreate(
      {{kRegister, reg}, {kLane, lane}, {kWarp, warp}, {kBlock, block}},
      [&] {
        LinearLayout::DimSizes sizes;
        const auto names = standardOutDimNames(rank);
        for (int d = 0; d < rank; ++d) {
          int64_t s = 1;
          for (const auto &[name, bases] : lists)
            for (const auto &b : *bases)
              while (s <= b[d])
                s *= 2;
          sizes.push_back({names[d], static_cast<int32_t>(s)});
        }
        return sizes;
      }(),
      /*requireSurjective=*/true);
  if (!ll)
    throw Error("register", "the bases must reach every element of the tensor they span "
                            "(the layout must be surjective)");
  return *ll;
}

std::vector<unsigned> orderAlongInDim(const LinearLayout &layout, const DimName &inDim) {
  const int rank = layout.getNumOutDims();
  std::vector<unsigned> order;
  if (layout.hasInDim(inDim)) {
    for (int i = 0; i < layout.getInDimSizeLog2(inDim); ++i) {
      auto b = layout.getBasis(inDim, i);
      for (int d = 0; d < rank; ++d)
        if (b[d] != 0) {
          if (std::find(order.begin(), order.end(), static_cast<unsigned>(d)) == order.end())
            order.push_back(static_cast<unsigned>(d));
          break;
        }
    }
  }
  for (int d = rank - 1; d >= 0; --d)
    if (std::find(order.begin(), order.end(), static_cast<unsigned>(d)) == order.end())
      order.push_back(static_cast<unsigned>(d));
  return order;
}

std::vector<unsigned> LinearEncoding::order() const {
  return orderAlongInDim(layout, kRegister);
}

void LinearEncoding::validate() const {
  if (layout.getInDimNames() != std::vector<DimName>{kRegister, kLane, kWarp, kBlock})
    throw Error("linear layout", "in-dims must be register, lane, warp, block");
  if (layout.getOutDimNames() != standardOutDimNames(layout.getNumOutDims()))
    throw Error("linear layout", "out-dims must be dim0, dim1, ...");
  if (!layout.isSurjective())
    throw Error("linear layout", "must be surjective");
}

std::optional<std::string> LinearEncoding::notPlainLinear() const {
  for (const DimName &in : {kRegister, kLane, kWarp, kBlock})
    for (int i = 0; i < layout.getInDimSizeLog2(in); ++i) {
      auto b = layout.getBasis(in, i);
      if (std::count_if(b.begin(), b.end(), [](int32_t x) { return x != 0; }) > 1)
        return "its " + in + " basis " + basisText(b) + " moves along several dims";
    }
  return std::nullopt;
}

int LinearEncoding::warpSize() const {
  return layout.getInDimSize(kLane);
}
int LinearEncoding::numWarps() const {
  return layout.getInDimSize(kWarp);
}
int LinearEncoding::numCTAs() const {
  return layout.getInDimSize(kBlock);
}

LinearLayout LinearEncoding::computeLinearLayout(const Shape &shape) const {
  const std::vector<DimName> canon = standardOutDimNames(rank());
  const std::vector<unsigned> ord = order();
  std::vector<DimName> permuted;
  std::vector<int64_t> permutedShape;
  for (unsigned d : ord) {
    permuted.push_back(canon[d]);
    permutedShape.push_back(shape[d]);
  }
  LinearLayout ll = layout.transposeOuts(permuted);
  ll = ensureLayoutNotSmallerThan(ll, permutedShape);
  ll = ensureLayoutNotLargerThan(ll, permutedShape, /*broadcastRegisters=*/false);
  return ll.transposeOuts(canon);
}

} // namespace ls
