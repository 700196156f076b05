#include "layout/linear_layout.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <numeric>

#include "f2/f2matrix.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

namespace {

std::string joinInts(std::span<const int32_t> v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(v[i]);
  }
  return s;
}

bool contains(const std::vector<DimName> &v, const DimName &d) {
  return std::find(v.begin(), v.end(), d) != v.end();
}

[[noreturn]] void layoutError(const std::string &rule) {
  throw Error("linear layout", rule);
}

std::string dimList(const std::vector<DimName> &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + v[i];
  return s + "]";
}

void requireSameDimsIgnoringOrder(const std::vector<DimName> &a,
                                  const std::vector<DimName> &b) {
  bool same = a.size() == b.size();
  for (const auto &d : a)
    same = same && contains(b, d);
  if (!same)
    layoutError("dimensions must match, ignoring order, but got " + dimList(a) +
                " and " + dimList(b));
}

void requireSubset(const std::vector<DimName> &small,
                   const std::vector<DimName> &big) {
  for (const auto &d : small)
    if (!contains(big, d))
      layoutError("dimension '" + d + "' is not in " + dimList(big));
}

} // namespace

// --- Construction -----------------------------------------------------------

LinearLayout LinearLayout::strided1D(int32_t size, int32_t stride, DimName inDim,
                                     DimName outDim) {
  if (size == 0)
    return empty();
  if (!isPowerOf2(size))
    layoutError("size " + std::to_string(size) + " must be a power of two");
  if (stride != 0 && !isPowerOf2(stride))
    layoutError("stride " + std::to_string(stride) + " must be a power of two");
  LinearLayout ll;
  ll.outDims_.push_back({std::move(outDim), stride == 0 ? 1 : size * stride});
  int n = log2Floor(size);
  ll.appendInDim(std::move(inDim), n);
  for (int i = 0; i < n; ++i)
    ll.data_[i] = stride << i;
  ll.computeRank();
  return ll;
}

LinearLayout LinearLayout::zeros1D(int32_t size, DimName inDim, DimName outDim,
                                   int32_t outDimSize) {
  if (size == 0)
    return empty();
  if (!isPowerOf2(size))
    layoutError("size " + std::to_string(size) + " must be a power of two");
  if (!isPowerOf2(outDimSize))
    layoutError("out-dim size " + std::to_string(outDimSize) +
                " must be a power of two");
  LinearLayout ll;
  ll.outDims_.push_back({std::move(outDim), outDimSize});
  ll.appendInDim(std::move(inDim), log2Floor(size));
  ll.computeRank();
  return ll;
}

LinearLayout::LinearLayout(BasesT bases, std::vector<DimName> outDimNames) {
  for (auto &name : outDimNames)
    outDims_.push_back({std::move(name), 1});
  for (const auto &[inDim, inDimBases] : bases)
    for (const auto &basis : inDimBases)
      for (size_t i = 0; i < basis.size() && i < outDims_.size(); ++i)
        outDims_[i].second = static_cast<int32_t>(std::max<int64_t>(
            outDims_[i].second, nextPowerOf2(std::max(basis[i], 0))));
  setFromBases(bases);
  checkInvariants(/*requireSurjective=*/true, /*quiet=*/false);
}

LinearLayout::LinearLayout(BasesT bases, DimSizes outDims, bool requireSurjective)
    : outDims_(std::move(outDims)) {
  setFromBases(bases);
  checkInvariants(requireSurjective, /*quiet=*/false);
}

std::optional<LinearLayout> LinearLayout::tryCreate(BasesT bases, DimSizes outDims,
                                                    bool requireSurjective) {
  LinearLayout ll;
  ll.outDims_ = std::move(outDims);
  ll.setFromBases(bases);
  if (!ll.checkInvariants(requireSurjective, /*quiet=*/true))
    return std::nullopt;
  return ll;
}

void LinearLayout::setFromBases(const BasesT &bases) {
  for (const auto &[inDim, inDimBases] : bases) {
    if (inDimIndex(inDim) >= 0)
      layoutError("in-dim '" + inDim + "' is given twice");
    int idx = appendInDim(inDim, static_cast<int32_t>(inDimBases.size()));
    for (size_t i = 0; i < inDimBases.size(); ++i) {
      if (inDimBases[i].size() != outDims_.size())
        layoutError("every basis of in-dim '" + inDim + "' must have " +
                    std::to_string(outDims_.size()) +
                    " components (one per out-dim), but basis " +
                    std::to_string(i) + " has " +
                    std::to_string(inDimBases[i].size()));
      std::copy(inDimBases[i].begin(), inDimBases[i].end(),
                basisPtr(idx, static_cast<int>(i)));
    }
  }
}

int LinearLayout::appendInDim(DimName name, int32_t count) {
  InDim d{std::move(name), totalBases(), count};
  inDims_.push_back(std::move(d));
  data_.resize(data_.size() + static_cast<size_t>(count) * outDims_.size(), 0);
  return static_cast<int>(inDims_.size()) - 1;
}

int32_t LinearLayout::totalBases() const {
  return inDims_.empty() ? 0 : inDims_.back().first + inDims_.back().count;
}

bool LinearLayout::checkInvariants(bool requireSurjective, bool quiet) {
  auto fail = [&](const std::string &msg) {
    if (quiet)
      return false;
    layoutError(msg);
  };
  for (size_t i = 0; i < outDims_.size(); ++i) {
    for (size_t j = 0; j < i; ++j)
      if (outDims_[j].first == outDims_[i].first)
        return fail("out-dim '" + outDims_[i].first + "' is given twice");
    if (!isPowerOf2(outDims_[i].second))
      return fail("out-dim '" + outDims_[i].first + "' has size " +
                  std::to_string(outDims_[i].second) +
                  "; out-dim sizes must be powers of two");
  }
  const size_t nOut = outDims_.size();
  for (size_t d = 0; d < inDims_.size(); ++d) {
    for (int i = 0; i < inDims_[d].count; ++i) {
      const int32_t *b = basisPtr(static_cast<int>(d), i);
      for (size_t o = 0; o < nOut; ++o) {
        if (b[o] < 0)
          return fail("basis " + std::to_string(i) + " of in-dim '" +
                      inDims_[d].name + "' has a negative value");
        if (b[o] >= outDims_[o].second)
          return fail("basis value " + std::to_string(b[o]) + " of in-dim '" +
                      inDims_[d].name + "' is not below the size " +
                      std::to_string(outDims_[o].second) + " of out-dim '" +
                      outDims_[o].first + "'");
      }
    }
  }
  if (getTotalInDimSizeLog2() > 62 || getTotalOutDimSizeLog2() > 62)
    return fail("layout too large: at most 2^62 inputs and outputs");
  computeRank();
  if (requireSurjective && !isSurjective())
    return fail("the layout is expected to be surjective (every output "
                "coordinate reachable from some input), but it is not:" +
                toString());
  return true;
}

void LinearLayout::computeRank() {
  const int outBits = getTotalOutDimSizeLog2();
  const size_t nOut = outDims_.size();
  const int nBases = totalBases();
  if (outBits <= 64) {
    // Xor-basis insertion over packed output bit vectors.
    std::array<int, 64> shift{};
    int acc = 0;
    for (size_t o = 0; o < nOut; ++o) {
      shift[o < 64 ? o : 63] = acc;
      acc += log2Floor(static_cast<uint64_t>(outDims_[o].second));
    }
    std::array<uint64_t, 64> pivot{};
    int rank = 0;
    for (int k = 0; k < nBases; ++k) {
      const int32_t *b = data_.data() + static_cast<size_t>(k) * nOut;
      uint64_t v = 0;
      for (size_t o = 0; o < nOut; ++o)
        v |= static_cast<uint64_t>(b[o]) << shift[o];
      while (v) {
        int top = 63 - std::countl_zero(v);
        if (!pivot[top]) {
          pivot[top] = v;
          ++rank;
          break;
        }
        v ^= pivot[top];
      }
    }
    rank_ = rank;
    return;
  }
  f2::Matrix m(outBits, nBases);
  int row = 0;
  for (size_t o = 0; o < nOut; ++o) {
    int bits = log2Floor(static_cast<uint64_t>(outDims_[o].second));
    for (int k = 0; k < nBases; ++k) {
      int32_t v = data_[static_cast<size_t>(k) * nOut + o];
      for (int j = 0; j < bits; ++j)
        if ((v >> j) & 1)
          m.set(row + j, k, true);
    }
    row += bits;
  }
  rank_ = m.reduceToRowEchelon();
}

// --- Queries ----------------------------------------------------------------

int LinearLayout::inDimIndex(const DimName &d) const {
  for (size_t i = 0; i < inDims_.size(); ++i)
    if (inDims_[i].name == d)
      return static_cast<int>(i);
  return -1;
}

int LinearLayout::outDimIndex(const DimName &d) const {
  for (size_t i = 0; i < outDims_.size(); ++i)
    if (outDims_[i].first == d)
      return static_cast<int>(i);
  return -1;
}

int32_t LinearLayout::getOutDimIndex(const DimName &outDim) const {
  int i = outDimIndex(outDim);
  if (i < 0)
    layoutError("out-dim '" + outDim + "' is not in the layout");
  return i;
}

LinearLayout::BasesT LinearLayout::getBases() const {
  BasesT out;
  out.reserve(inDims_.size());
  for (size_t d = 0; d < inDims_.size(); ++d) {
    auto &entry = out.emplace_back(inDims_[d].name, std::vector<Basis>{});
    for (int i = 0; i < inDims_[d].count; ++i) {
      const int32_t *b = basisPtr(static_cast<int>(d), i);
      entry.second.emplace_back(b, b + outDims_.size());
    }
  }
  return out;
}

std::span<const int32_t> LinearLayout::getBasis(const DimName &inDim,
                                                int32_t pos) const {
  int d = inDimIndex(inDim);
  if (d < 0)
    layoutError("in-dim '" + inDim + "' is not in the layout");
  if (pos < 0 || pos >= inDims_[d].count)
    layoutError("in-dim '" + inDim + "' has no basis " + std::to_string(pos));
  return {basisPtr(d, pos), outDims_.size()};
}

int32_t LinearLayout::getBasis(const DimName &inDim, int32_t pos,
                               const DimName &outDim) const {
  return getBasis(inDim, pos)[getOutDimIndex(outDim)];
}

std::vector<DimName> LinearLayout::getInDimNames() const {
  std::vector<DimName> v;
  v.reserve(inDims_.size());
  for (const auto &d : inDims_)
    v.push_back(d.name);
  return v;
}

std::vector<DimName> LinearLayout::getOutDimNames() const {
  std::vector<DimName> v;
  v.reserve(outDims_.size());
  for (const auto &d : outDims_)
    v.push_back(d.first);
  return v;
}

LinearLayout::DimSizes LinearLayout::getInDims() const {
  DimSizes v;
  for (const auto &d : inDims_)
    v.push_back({d.name, int32_t{1} << d.count});
  return v;
}

int32_t LinearLayout::getInDimSizeLog2(const DimName &inDim) const {
  int d = inDimIndex(inDim);
  if (d < 0)
    layoutError("in-dim '" + inDim + "' is not in the layout");
  return inDims_[d].count;
}

int32_t LinearLayout::getTotalInDimSizeLog2() const { return totalBases(); }

int32_t LinearLayout::getOutDimSizeLog2(const DimName &outDim) const {
  return log2Floor(static_cast<uint64_t>(getOutDimSize(outDim)));
}

int32_t LinearLayout::getOutDimSize(const DimName &outDim) const {
  return outDims_[getOutDimIndex(outDim)].second;
}

int32_t LinearLayout::getTotalOutDimSizeLog2() const {
  int32_t s = 0;
  for (const auto &d : outDims_)
    s += log2Floor(static_cast<uint64_t>(d.second));
  return s;
}

int32_t LinearLayout::getNumConsecutiveInOut() const {
  if (inDims_.empty() || outDims_.empty())
    return 1;
  const size_t nOut = outDims_.size();
  int consec = 0;
  for (; consec < inDims_[0].count; ++consec) {
    const int32_t *b = basisPtr(0, consec);
    bool ok = b[0] == (int32_t{1} << consec);
    for (size_t o = 1; o < nOut && ok; ++o)
      ok = b[o] == 0;
    if (!ok)
      break;
  }
  int32_t otherBits = 0;
  for (size_t d = 0; d < inDims_.size(); ++d)
    for (int i = 0; i < inDims_[d].count; ++i)
      if (d != 0 || i >= consec)
        otherBits |= basisPtr(static_cast<int>(d), i)[0];
  int trailingZeros = otherBits != 0 ? std::countr_zero(static_cast<uint32_t>(otherBits)) : 31;
  return int32_t{1} << std::min(consec, trailingZeros);
}

LinearLayout::DimSizes LinearLayout::getFreeVariableMasks() const {
  const int outBits = getTotalOutDimSizeLog2();
  const int nBases = totalBases();
  f2::Matrix m(outBits, nBases);
  int row = 0;
  const size_t nOut = outDims_.size();
  for (size_t o = 0; o < nOut; ++o) {
    int bits = log2Floor(static_cast<uint64_t>(outDims_[o].second));
    for (int k = 0; k < nBases; ++k) {
      int32_t v = data_[static_cast<size_t>(k) * nOut + o];
      for (int j = 0; j < bits; ++j)
        if ((v >> j) & 1)
          m.set(row + j, k, true);
    }
    row += bits;
  }
  std::vector<int> pivots;
  m.reduceToRowEchelon(&pivots);
  std::vector<bool> basic(nBases, false);
  for (int c : pivots)
    basic[c] = true;
  DimSizes ret;
  int c = 0;
  for (const auto &d : inDims_) {
    int32_t mask = 0;
    for (int i = 0; i < d.count; ++i, ++c)
      if (!basic[c])
        mask |= int32_t{1} << i;
    ret.push_back({d.name, mask});
  }
  return ret;
}

LinearLayout::DimSizes LinearLayout::apply(const DimSizes &ins) const {
  std::vector<DimName> names;
  for (const auto &[n, v] : ins)
    names.push_back(n);
  requireSameDimsIgnoringOrder(names, getInDimNames());
  std::vector<int32_t> inVals(inDims_.size(), 0), outVals(outDims_.size(), 0);
  for (const auto &[n, v] : ins)
    inVals[inDimIndex(n)] = v;
  applyIndexed(inVals.data(), outVals.data());
  DimSizes ret;
  for (size_t o = 0; o < outDims_.size(); ++o)
    ret.push_back({outDims_[o].first, outVals[o]});
  return ret;
}

void LinearLayout::applyIndexed(const int32_t *ins, int32_t *outs) const {
  const size_t nOut = outDims_.size();
  std::fill(outs, outs + nOut, 0);
  for (size_t d = 0; d < inDims_.size(); ++d) {
    uint32_t v = static_cast<uint32_t>(ins[d]);
    for (int i = 0; i < inDims_[d].count && v; ++i, v >>= 1) {
      if (v & 1) {
        const int32_t *b = basisPtr(static_cast<int>(d), i);
        for (size_t o = 0; o < nOut; ++o)
          outs[o] ^= b[o];
      }
    }
  }
}

// --- Transforms -------------------------------------------------------------

LinearLayout LinearLayout::transposeIns(const std::vector<DimName> &newOrder) const {
  requireSameDimsIgnoringOrder(newOrder, getInDimNames());
  LinearLayout ll;
  ll.outDims_ = outDims_;
  const size_t nOut = outDims_.size();
  ll.data_.reserve(data_.size());
  for (const auto &name : newOrder) {
    int src = inDimIndex(name);
    int dst = ll.appendInDim(name, inDims_[src].count);
    if (inDims_[src].count)
      std::copy(basisPtr(src, 0), basisPtr(src, 0) + inDims_[src].count * nOut,
                ll.basisPtr(dst, 0));
  }
  ll.rank_ = rank_;
  return ll;
}

LinearLayout LinearLayout::transposeOuts(const std::vector<DimName> &newOrder) const {
  requireSameDimsIgnoringOrder(newOrder, getOutDimNames());
  std::vector<int> perm;
  LinearLayout ll;
  for (const auto &name : newOrder) {
    int o = outDimIndex(name);
    perm.push_back(o);
    ll.outDims_.push_back(outDims_[o]);
  }
  ll.inDims_ = inDims_;
  ll.data_.resize(data_.size());
  const size_t nOut = outDims_.size();
  const int n = totalBases();
  for (int k = 0; k < n; ++k)
    for (size_t o = 0; o < nOut; ++o)
      ll.data_[k * nOut + o] = data_[k * nOut + perm[o]];
  ll.rank_ = rank_;
  return ll;
}

LinearLayout LinearLayout::reshapeIns(const DimSizes &newInDims) const {
  int64_t total = 1;
  for (const auto &[n, s] : newInDims) {
    if (!isPowerOf2(s))
      layoutError("new in-dim '" + n + "' size " + std::to_string(s) +
                  " must be a power of two");
    total *= s;
  }
  if (total != getTotalInDimSize())
    layoutError("reshapeIns must keep the total input size " +
                std::to_string(getTotalInDimSize()));
  LinearLayout ll;
  ll.outDims_ = outDims_;
  for (const auto &[n, s] : newInDims) {
    if (ll.inDimIndex(n) >= 0)
      layoutError("in-dim '" + n + "' is given twice");
    ll.appendInDim(n, log2Floor(static_cast<uint64_t>(s)));
  }
  ll.data_ = data_;
  ll.rank_ = rank_;
  return ll;
}

LinearLayout LinearLayout::reshapeOuts(const DimSizes &newOutDims) const {
  int64_t total = 1;
  for (const auto &[n, s] : newOutDims) {
    if (!isPowerOf2(s))
      layoutError("new out-dim '" + n + "' size " + std::to_string(s) +
                  " must be a power of two");
    total *= s;
  }
  if (total != getTotalOutDimSize())
    layoutError("reshapeOuts must keep the total output size " +
                std::to_string(getTotalOutDimSize()));
  const size_t nOut = outDims_.size();
  std::vector<int> shifts;
  int acc = 0;
  for (const auto &d : outDims_) {
    shifts.push_back(acc);
    acc += log2Floor(static_cast<uint64_t>(d.second));
  }
  LinearLayout ll;
  ll.outDims_ = newOutDims;
  ll.inDims_ = inDims_;
  const size_t nNew = newOutDims.size();
  const int n = totalBases();
  ll.data_.assign(static_cast<size_t>(n) * nNew, 0);
  for (int k = 0; k < n; ++k) {
    uint64_t flat = 0;
    for (size_t o = 0; o < nOut; ++o)
      flat |= static_cast<uint64_t>(data_[k * nOut + o]) << shifts[o];
    for (size_t o = 0; o < nNew; ++o) {
      ll.data_[k * nNew + o] = static_cast<int32_t>(flat % newOutDims[o].second);
      flat /= static_cast<uint64_t>(newOutDims[o].second);
    }
  }
  ll.rank_ = rank_;
  return ll;
}

LinearLayout LinearLayout::flattenIns() const {
  if (inDims_.empty())
    return reshapeIns({});
  return reshapeIns({{inDims_[0].name, static_cast<int32_t>(getTotalInDimSize())}});
}

LinearLayout LinearLayout::flattenOuts() const {
  if (outDims_.empty())
    return reshapeOuts({});
  return reshapeOuts({{outDims_[0].first, static_cast<int32_t>(getTotalOutDimSize())}});
}

LinearLayout LinearLayout::concatIns(const LinearLayout &other) const {
  if (outDims_ != other.outDims_)
    layoutError("concatIns needs the same out-dims and sizes");
  BasesT b = getBases();
  for (auto &entry : other.getBases())
    b.push_back(std::move(entry));
  return LinearLayout(std::move(b), outDims_, /*requireSurjective=*/false);
}

LinearLayout LinearLayout::concatOuts(const LinearLayout &other) const {
  if (getInDims() != other.getInDims())
    layoutError("concatOuts needs the same in-dims and sizes");
  BasesT a = getBases(), b = other.getBases();
  for (size_t d = 0; d < a.size(); ++d)
    for (size_t i = 0; i < a[d].second.size(); ++i)
      a[d].second[i].insert(a[d].second[i].end(), b[d].second[i].begin(),
                            b[d].second[i].end());
  DimSizes outs = outDims_;
  outs.insert(outs.end(), other.outDims_.begin(), other.outDims_.end());
  return LinearLayout(std::move(a), std::move(outs), /*requireSurjective=*/false);
}

LinearLayout LinearLayout::resizeInDim(const DimName &inDim, int32_t newSize) const {
  if (!isPowerOf2(newSize) || newSize > getInDimSize(inDim))
    layoutError("resizeInDim: new size " + std::to_string(newSize) +
                " must be a power of two no larger than " +
                std::to_string(getInDimSize(inDim)));
  BasesT b = getBases();
  for (auto &[n, v] : b)
    if (n == inDim)
      v.resize(log2Floor(static_cast<uint64_t>(newSize)));
  return LinearLayout(std::move(b), outDims_, /*requireSurjective=*/false);
}

LinearLayout LinearLayout::resizeOutDim(const DimName &outDim, int32_t newSize) const {
  int o = getOutDimIndex(outDim);
  if (!isPowerOf2(newSize) || newSize > outDims_[o].second)
    layoutError("resizeOutDim: new size " + std::to_string(newSize) +
                " must be a power of two no larger than " +
                std::to_string(outDims_[o].second));
  LinearLayout ll = *this;
  const size_t nOut = outDims_.size();
  for (int k = 0; k < totalBases(); ++k)
    if (ll.data_[k * nOut + o] >= newSize)
      ll.data_[k * nOut + o] = 0;
  ll.outDims_[o].second = newSize;
  ll.computeRank();
  return ll;
}

LinearLayout LinearLayout::resize(const DimName &inDim, int32_t newSize) const {
  if (!isPowerOf2(newSize) || newSize < getInDimSize(inDim))
    layoutError("resize: new size " + std::to_string(newSize) +
                " must be a power of two no smaller than " +
                std::to_string(getInDimSize(inDim)));
  BasesT b = getBases();
  for (auto &[n, v] : b)
    if (n == inDim)
      v.resize(log2Floor(static_cast<uint64_t>(newSize)), Basis(outDims_.size(), 0));
  return LinearLayout(std::move(b), outDims_, /*requireSurjective=*/false);
}

LinearLayout LinearLayout::squeezeIns(const DimName &dim) const {
  if (getInDimSize(dim) != 1)
    layoutError("squeezeIns: in-dim '" + dim + "' must have size 1");
  DimSizes dims;
  for (const auto &d : inDims_)
    if (d.name != dim)
      dims.push_back({d.name, int32_t{1} << d.count});
  return reshapeIns(dims);
}

LinearLayout LinearLayout::squeezeOuts(const DimName &dim) const {
  if (getOutDimSize(dim) != 1)
    layoutError("squeezeOuts: out-dim '" + dim + "' must have size 1");
  DimSizes dims;
  for (const auto &d : outDims_)
    if (d.first != dim)
      dims.push_back(d);
  return reshapeOuts(dims);
}

LinearLayout LinearLayout::renameInDim(const DimName &oldName,
                                       const DimName &newName) const {
  int d = inDimIndex(oldName);
  if (d < 0)
    layoutError("in-dim '" + oldName + "' is not in the layout");
  if (oldName != newName && inDimIndex(newName) >= 0)
    layoutError("in-dim '" + newName + "' already exists");
  LinearLayout ll = *this;
  ll.inDims_[d].name = newName;
  return ll;
}

LinearLayout LinearLayout::removeZeroBasesAlongDim(const DimName &inDim) const {
  BasesT b = getBases();
  for (auto &[n, v] : b) {
    if (n != inDim)
      continue;
    std::vector<Basis> kept;
    for (auto &basis : v)
      if (std::any_of(basis.begin(), basis.end(), [](int32_t x) { return x != 0; }))
        kept.push_back(std::move(basis));
    v = std::move(kept);
  }
  return LinearLayout(std::move(b), outDims_, /*requireSurjective=*/false);
}

LinearLayout LinearLayout::sublayout(const std::vector<DimName> &inDimNames,
                                     const std::vector<DimName> &outDimNames) const {
  requireSubset(inDimNames, getInDimNames());
  requireSubset(outDimNames, getOutDimNames());
  std::vector<int> keep;
  LinearLayout ll;
  for (size_t o = 0; o < outDims_.size(); ++o) {
    if (contains(outDimNames, outDims_[o].first)) {
      keep.push_back(static_cast<int>(o));
      ll.outDims_.push_back(outDims_[o]);
    }
  }
  for (size_t d = 0; d < inDims_.size(); ++d) {
    if (!contains(inDimNames, inDims_[d].name))
      continue;
    int dst = ll.appendInDim(inDims_[d].name, inDims_[d].count);
    for (int i = 0; i < inDims_[d].count; ++i) {
      const int32_t *src = basisPtr(static_cast<int>(d), i);
      int32_t *out = ll.basisPtr(dst, i);
      for (size_t k = 0; k < keep.size(); ++k)
        out[k] = src[keep[k]];
    }
  }
  ll.computeRank();
  return ll;
}

bool LinearLayout::sublayoutIsZero(const std::vector<DimName> &inDimNames,
                                   const std::vector<DimName> &outDimNames) const {
  LinearLayout s = sublayout(inDimNames, outDimNames);
  return std::all_of(s.data_.begin(), s.data_.end(), [](int32_t v) { return v == 0; });
}

bool LinearLayout::squareSublayoutIsIdentity(const std::vector<DimName> &dimNames) const {
  if (dimNames.empty())
    return true;
  for (const auto &d : dimNames)
    if (!hasInDim(d) || !hasOutDim(d) || getInDimSize(d) != getOutDimSize(d))
      return false;
  LinearLayout s = sublayout(dimNames, dimNames).flattenIns().flattenOuts();
  for (int i = 0; i < s.totalBases(); ++i)
    if (s.data_[i] != (int32_t{1} << i))
      return false;
  return true;
}

bool LinearLayout::isTrivialOver(const std::vector<DimName> &dimNames) const {
  for (const auto &d : dimNames)
    if (!hasInDim(d) && !hasOutDim(d))
      return false;
  std::vector<DimName> restIn, restOut;
  for (const auto &d : getInDimNames())
    if (!contains(dimNames, d))
      restIn.push_back(d);
  for (const auto &d : getOutDimNames())
    if (!contains(dimNames, d))
      restOut.push_back(d);
  return squareSublayoutIsIdentity(dimNames) && sublayoutIsZero(restIn, dimNames) &&
         sublayoutIsZero(dimNames, restOut);
}

std::optional<LinearLayout> LinearLayout::quotient(const std::vector<DimName> &dimNames) const {
  if (!isTrivialOver(dimNames))
    return std::nullopt;
  std::vector<DimName> restIn, restOut;
  for (const auto &d : getInDimNames())
    if (!contains(dimNames, d))
      restIn.push_back(d);
  for (const auto &d : getOutDimNames())
    if (!contains(dimNames, d))
      restOut.push_back(d);
  return sublayout(restIn, restOut);
}

std::vector<DimName> supremum(const std::vector<DimName> &x,
                              const std::vector<DimName> &y) {
  std::vector<DimName> result;
  auto pos = [](const std::vector<DimName> &v, const DimName &d) {
    auto it = std::find(v.begin(), v.end(), d);
    return it == v.end() ? -1 : static_cast<int>(it - v.begin());
  };
  auto noSupremum = [&]() {
    layoutError("dimension orders " + dimList(x) + " and " + dimList(y) +
                " conflict (no common order exists)");
  };
  const int inf = std::numeric_limits<int>::max();
  size_t i = 0, j = 0;
  while (i < x.size() || j < y.size()) {
    while (i < x.size() && contains(result, x[i]))
      ++i;
    while (j < y.size() && contains(result, y[j]))
      ++j;
    if (i >= x.size() && j >= y.size())
      break;
    if (i < x.size() && j < y.size() && x[i] == y[j]) {
      if (pos(y, x[i]) < static_cast<int>(j))
        noSupremum();
      result.push_back(x[i]);
      ++i, ++j;
      continue;
    }
    int candX = inf, candY = inf;
    if (i < x.size()) {
      int p = pos(y, x[i]);
      if (p >= 0 && p >= static_cast<int>(j))
        candX = p;
    }
    if (j < y.size()) {
      int p = pos(x, y[j]);
      if (p >= 0 && p >= static_cast<int>(i))
        candY = p;
    }
    if (i < x.size() && candX == inf) {
      result.push_back(x[i++]);
      continue;
    }
    if (j < y.size() && candY == inf) {
      result.push_back(y[j++]);
      continue;
    }
    if (candX <= candY) {
      if (pos(y, x[i]) < static_cast<int>(j))
        noSupremum();
      result.push_back(x[i++]);
    } else {
      if (pos(x, y[j]) < static_cast<int>(i))
        noSupremum();
      result.push_back(y[j++]);
    }
  }
  return result;
}

LinearLayout operator*(const LinearLayout &inner, const LinearLayout &outer) {
  const std::vector<DimName> inNames =
      supremum(inner.getInDimNames(), outer.getInDimNames());
  const std::vector<DimName> outNames =
      supremum(inner.getOutDimNames(), outer.getOutDimNames());

  LinearLayout ll;
  const size_t nOut = outNames.size();
  std::vector<int> innerOut(nOut), outerOut(nOut), shift(nOut);
  for (size_t o = 0; o < nOut; ++o) {
    innerOut[o] = inner.outDimIndex(outNames[o]);
    outerOut[o] = outer.outDimIndex(outNames[o]);
    int innerLog = innerOut[o] >= 0
                       ? log2Floor(static_cast<uint64_t>(inner.outDims_[innerOut[o]].second))
                       : 0;
    int outerLog = outerOut[o] >= 0
                       ? log2Floor(static_cast<uint64_t>(outer.outDims_[outerOut[o]].second))
                       : 0;
    shift[o] = innerLog;
    if (innerLog + outerLog > 30)
      layoutError("out-dim '" + outNames[o] + "' would exceed 2^30 elements");
    ll.outDims_.push_back({outNames[o], int32_t{1} << (innerLog + outerLog)});
  }
  size_t totalCount = 0;
  for (const auto &name : inNames) {
    int a = inner.inDimIndex(name), b = outer.inDimIndex(name);
    totalCount += (a >= 0 ? inner.inDims_[a].count : 0) + (b >= 0 ? outer.inDims_[b].count : 0);
  }
  ll.inDims_.reserve(inNames.size());
  ll.data_.reserve(totalCount * nOut);
  for (const auto &name : inNames) {
    int a = inner.inDimIndex(name), b = outer.inDimIndex(name);
    int na = a >= 0 ? inner.inDims_[a].count : 0;
    int nb = b >= 0 ? outer.inDims_[b].count : 0;
    int dst = ll.appendInDim(name, na + nb);
    for (int i = 0; i < na; ++i) {
      const int32_t *src = inner.basisPtr(a, i);
      int32_t *out = ll.basisPtr(dst, i);
      for (size_t o = 0; o < nOut; ++o)
        out[o] = innerOut[o] >= 0 ? src[innerOut[o]] : 0;
    }
    for (int i = 0; i < nb; ++i) {
      const int32_t *src = outer.basisPtr(b, i);
      int32_t *out = ll.basisPtr(dst, na + i);
      for (size_t o = 0; o < nOut; ++o)
        out[o] = outerOut[o] >= 0 ? (src[outerOut[o]] << shift[o]) : 0;
    }
  }
  ll.computeRank();
  return ll;
}

std::optional<LinearLayout> divideLeft(const LinearLayout &a, const LinearLayout &b) {
  for (const auto &d : b.getInDimNames())
    if (!a.hasInDim(d))
      return std::nullopt;
  for (const auto &d : b.getOutDimNames())
    if (!a.hasOutDim(d))
      return std::nullopt;
  LinearLayout::DimSizes cOut;
  for (const auto &[d, sizeA] : a.outDims_) {
    int32_t sizeB = b.hasOutDim(d) ? b.getOutDimSize(d) : 1;
    if (sizeA % sizeB != 0)
      return std::nullopt;
    cOut.push_back({d, sizeA / sizeB});
  }
  LinearLayout::BasesT cBases;
  for (const auto &inDim : a.getInDimNames()) {
    int inA = a.getInDimSizeLog2(inDim);
    int inB = b.hasInDim(inDim) ? b.getInDimSizeLog2(inDim) : 0;
    if (inA < inB)
      return std::nullopt;
    for (int i = 0; i < inB; ++i)
      for (const auto &[outDim, size] : a.outDims_) {
        int expected = b.hasOutDim(outDim) ? b.getBasis(inDim, i, outDim) : 0;
        if (a.getBasis(inDim, i, outDim) != expected)
          return std::nullopt;
      }
    auto &entry = cBases.emplace_back(inDim, std::vector<LinearLayout::Basis>{});
    for (int i = inB; i < inA; ++i) {
      LinearLayout::Basis basis;
      for (const auto &[outDim, size] : cOut) {
        int sizeB = b.hasOutDim(outDim) ? b.getOutDimSize(outDim) : 1;
        int v = a.getBasis(inDim, i, outDim);
        if (v % sizeB != 0)
          return std::nullopt;
        basis.push_back(v / sizeB);
      }
      entry.second.push_back(std::move(basis));
    }
  }
  auto c = LinearLayout::tryCreate(std::move(cBases), std::move(cOut),
                                   a.isSurjective() && b.isSurjective());
  if (!c || b * *c != a)
    return std::nullopt;
  return c;
}

std::optional<LinearLayout> divideRight(const LinearLayout &a, const LinearLayout &b) {
  for (const auto &d : b.getInDimNames())
    if (!a.hasInDim(d))
      return std::nullopt;
  for (const auto &d : b.getOutDimNames())
    if (!a.hasOutDim(d))
      return std::nullopt;
  LinearLayout::DimSizes cOut;
  for (const auto &[d, sizeA] : a.outDims_) {
    int32_t sizeB = b.hasOutDim(d) ? b.getOutDimSize(d) : 1;
    if (sizeA % sizeB != 0)
      return std::nullopt;
    cOut.push_back({d, sizeA / sizeB});
  }
  LinearLayout::BasesT cBases;
  for (const auto &inDim : a.getInDimNames()) {
    int inA = a.getInDimSizeLog2(inDim);
    int inB = b.hasInDim(inDim) ? b.getInDimSizeLog2(inDim) : 0;
    int inC = inA - inB;
    if (inC < 0)
      return std::nullopt;
    auto &entry = cBases.emplace_back(inDim, std::vector<LinearLayout::Basis>{});
    for (int i = 0; i < inC; ++i) {
      LinearLayout::Basis basis;
      for (const auto &[outDim, size] : cOut)
        basis.push_back(a.getBasis(inDim, i, outDim));
      entry.second.push_back(std::move(basis));
    }
    for (int i = inC; i < inA; ++i) {
      for (const auto &outDim : b.getOutDimNames()) {
        int sizeC = 1;
        for (const auto &[n, s] : cOut)
          if (n == outDim)
            sizeC = s;
        int v = a.getBasis(inDim, i, outDim);
        if (v % sizeC != 0 || v / sizeC != b.getBasis(inDim, i - inC, outDim))
          return std::nullopt;
      }
    }
  }
  auto c = LinearLayout::tryCreate(std::move(cBases), std::move(cOut),
                                   a.isSurjective() && b.isSurjective());
  if (!c || *c * b != a)
    return std::nullopt;
  return c;
}

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  requireSameDimsIgnoringOrder(getOutDimNames(), outer.getInDimNames());
  for (const auto &[d, size] : outDims_)
    if (size > outer.getInDimSize(d))
      layoutError("compose: out-dim '" + d + "' (size " + std::to_string(size) +
                  ") does not fit the outer layout's in-dim (size " +
                  std::to_string(outer.getInDimSize(d)) + ")");
  LinearLayout ll;
  ll.outDims_ = outer.outDims_;
  const size_t nOut = outDims_.size();
  std::vector<int> outerIn(nOut);
  for (size_t o = 0; o < nOut; ++o)
    outerIn[o] = outer.inDimIndex(outDims_[o].first);
  std::vector<int32_t> ins(outer.inDims_.size());
  for (size_t d = 0; d < inDims_.size(); ++d) {
    int dst = ll.appendInDim(inDims_[d].name, inDims_[d].count);
    for (int i = 0; i < inDims_[d].count; ++i) {
      std::fill(ins.begin(), ins.end(), 0);
      const int32_t *b = basisPtr(static_cast<int>(d), i);
      for (size_t o = 0; o < nOut; ++o)
        ins[outerIn[o]] = b[o];
      outer.applyIndexed(ins.data(), ll.basisPtr(dst, i));
    }
  }
  ll.computeRank();
  return ll;
}

namespace {

// Solves A X = B as Triton's LinearLayout::lstsq does: X maps B's in-dims to
// A's in-dims, free variables set to zero.  Requires Im(B) within Im(A).
LinearLayout lstsq(const LinearLayout &a, const LinearLayout &b) {
  const int colsA = a.getTotalInDimSizeLog2();
  const int colsB = b.getTotalInDimSizeLog2();
  const int rows = a.getTotalOutDimSizeLog2();
  f2::Matrix ma(rows, colsA), mb(rows, colsB);
  int row = 0;
  for (const auto &[outDim, size] : a.getOutDims()) {
    const int bitsA = log2Floor(static_cast<uint64_t>(size));
    const int bitsB = b.hasOutDim(outDim) ? b.getOutDimSizeLog2(outDim) : 0;
    int c = 0;
    for (const auto &[inDim, bases] : a.getBases())
      for (const auto &basis : bases) {
        int32_t v = basis[a.getOutDimIndex(outDim)];
        for (int j = 0; j < bitsA; ++j)
          if ((v >> j) & 1)
            ma.set(row + j, c, true);
        ++c;
      }
    if (bitsB) {
      c = 0;
      int ob = b.getOutDimIndex(outDim);
      for (const auto &[inDim, bases] : b.getBases())
        for (const auto &basis : bases) {
          int32_t v = basis[ob];
          for (int j = 0; j < std::min(bitsA, bitsB); ++j)
            if ((v >> j) & 1)
              mb.set(row + j, c, true);
          ++c;
        }
    }
    row += bitsA;
  }
  std::optional<f2::Matrix> x = f2::solve(ma, mb);
  if (!x)
    layoutError("invertAndCompose: some output of the layout is not reachable "
                "by the layout being inverted");
  LinearLayout::BasesT flat;
  DimName inDim1D = b.getNumInDims() ? b.getInDimNames()[0] : DimName("in");
  DimName outDim1D = a.getNumInDims() ? a.getInDimNames()[0] : DimName("out");
  auto &bs = flat.emplace_back(inDim1D, std::vector<LinearLayout::Basis>{}).second;
  for (int c = 0; c < colsB; ++c) {
    int32_t v = 0;
    for (int r = 0; r < colsA; ++r)
      if (x->get(r, c))
        v |= int32_t{1} << r;
    bs.push_back({v});
  }
  LinearLayout ret(std::move(flat),
                   LinearLayout::DimSizes{{outDim1D, static_cast<int32_t>(a.getTotalInDimSize())}},
                   /*requireSurjective=*/false);
  return ret.reshapeIns(b.getInDims()).reshapeOuts(a.getInDims());
}

} // namespace

LinearLayout LinearLayout::invertAndCompose(const LinearLayout &outer) const {
  const std::vector<DimName> outNames = getOutDimNames();
  requireSameDimsIgnoringOrder(outNames, outer.getOutDimNames());
  const LinearLayout &b = *this;
  const LinearLayout a = outer.transposeOuts(outNames);
  for (const auto &d : outNames)
    if (a.getOutDimSize(d) < b.getOutDimSize(d))
      layoutError("invertAndCompose: out-dim '" + d + "' of the outer layout (size " +
                  std::to_string(a.getOutDimSize(d)) + ") is smaller than ours (size " +
                  std::to_string(b.getOutDimSize(d)) + ")");

  // Dims on which both layouts agree map as the identity (no data movement).
  std::vector<DimName> identityDims;
  for (const auto &d : a.getInDimNames())
    if (b.hasInDim(d) &&
        a.sublayout({d}, outNames) == b.sublayout({d}, outNames))
      identityDims.push_back(d);
  std::vector<DimName> aRest, bRest;
  for (const auto &d : a.getInDimNames())
    if (!contains(identityDims, d))
      aRest.push_back(d);
  for (const auto &d : b.getInDimNames())
    if (!contains(identityDims, d))
      bRest.push_back(d);
  if (aRest.empty() != bRest.empty())
    layoutError("invertAndCompose: the layouts differ only on dims one of them lacks");
  LinearLayout ret = aRest.empty()
                         ? LinearLayout::empty()
                         : lstsq(a.sublayout(aRest, outNames), b.sublayout(bRest, outNames));
  for (const auto &d : identityDims)
    ret *= identity1D(a.getInDimSize(d), d, d);
  return ret.transposeIns(b.getInDimNames()).transposeOuts(a.getInDimNames());
}

LinearLayout LinearLayout::invert() const {
  if (!isInvertible())
    layoutError("the layout is not invertible (it must be surjective with as "
                "many inputs as outputs)");
  return pseudoinvert();
}

LinearLayout LinearLayout::pseudoinvert() const {
  LinearLayout identity = empty();
  for (const auto &[d, size] : outDims_)
    identity *= identity1D(size, d, d);
  return identity.invertAndCompose(*this);
}

// --- Printing and equality --------------------------------------------------

std::string LinearLayout::toString() const {
  std::string outDimsStr = "[";
  for (size_t o = 0; o < outDims_.size(); ++o) {
    if (o)
      outDimsStr += ", ";
    outDimsStr += outDims_[o].first + " (size " + std::to_string(outDims_[o].second) + ")";
  }
  outDimsStr += "]";
  if (inDims_.empty())
    return outDims_.empty() ? "\n(empty layout)"
                            : "\n(empty layout with out-dims " + outDimsStr + ")";
  std::string ret = "\n";
  for (size_t d = 0; d < inDims_.size(); ++d) {
    const auto &in = inDims_[d];
    if (in.count == 0) {
      ret += " - " + in.name + " is a size 1 dimension\n";
      continue;
    }
    ret += " - ";
    for (int i = 0; i < in.count; ++i) {
      if (i)
        ret += "\n   ";
      ret += in.name + "=" + std::to_string(int64_t{1} << i) + " -> (" +
             joinInts({basisPtr(static_cast<int>(d), i), outDims_.size()}) + ")";
    }
    ret += "\n";
  }
  ret += "where out dims are: " + outDimsStr;
  return ret;
}

bool LinearLayout::equalIgnoringOutDimSizes(const LinearLayout &other) const {
  if (outDims_.size() != other.outDims_.size() || inDims_.size() != other.inDims_.size())
    return false;
  for (size_t o = 0; o < outDims_.size(); ++o)
    if (outDims_[o].first != other.outDims_[o].first)
      return false;
  for (size_t d = 0; d < inDims_.size(); ++d)
    if (inDims_[d].name != other.inDims_[d].name || inDims_[d].count != other.inDims_[d].count)
      return false;
  return data_ == other.data_;
}

bool operator==(const LinearLayout &a, const LinearLayout &b) {
  return a.equalIgnoringOutDimSizes(b) && a.outDims_ == b.outDims_;
}

} // namespace ls
