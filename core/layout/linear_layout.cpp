#include "layout/linear_layout.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstring>
#include <functional>
#include <limits>
#include <mutex>
#include <numeric>

#include "f2/f2matrix.h"
#include "f2/packed_solver.h"
#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"
#include "util/limits.h"

namespace ls {

// --- Dimension names --------------------------------------------------------

namespace {

// Interned names: a fixed-capacity table that readers scan without locking
// (entries never move or change once published); writers append under a mutex.
constexpr size_t kMaxNames = 4096;
// Where the table puts dim8 (after the 15 names it starts with), and the
// first name interned later.
constexpr int kFirstHighDim = 15;
constexpr size_t kFirstInterned = kFirstHighDim + (limits::kMaxRank - 8);

struct NameTable {
  std::array<DimName, kMaxNames> names;
  std::atomic<size_t> count{0};
  std::mutex mutex;
  NameTable() {
    // The names every Triton layout uses come first (cheap to find).
    for (const char *n : {"register", "lane", "warp", "block", "offset", "dim0", "dim1", "dim2",
                          "dim3", "dim4", "dim5", "dim6", "dim7", "row", "col"})
      names[count.fetch_add(1)] = n;
    // dim8.. of the ranks the readers accept (kFirstHighDim on).
    for (int d = 8; d < limits::kMaxRank; ++d)
      names[count.fetch_add(1)] = "dim" + std::to_string(d);
    assert(count.load() == kFirstInterned);
  }
};

NameTable &nameTable() {
  static NameTable table;
  return table;
}

[[noreturn]] void layoutError(const std::string &rule) { throw Error("linear layout", rule); }

// Dimension names are short and differ mostly in length, first or last
// character ("lane"/"warp", "dim0"/"dim1"): check those before comparing
// bytes. Names are never empty (intern refuses them).
inline bool sameName(const DimName &a, const DimName &b) {
  const size_t n = a.size();
  return n == b.size() && n > 0 && a[0] == b[0] && a[n - 1] == b[n - 1] &&
         std::memcmp(a.data(), b.data(), n) == 0;
}

std::string dimList(const std::vector<DimName> &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + v[i];
  return s + "]";
}

bool contains(const std::vector<DimName> &v, const DimName &d) {
  return std::find(v.begin(), v.end(), d) != v.end();
}

std::string joinInts(const int32_t *v, size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    if (i)
      s += ", ";
    s += std::to_string(v[i]);
  }
  return s;
}

void requireSameDimsIgnoringOrder(const std::vector<DimName> &a,
                                  const std::vector<DimName> &b) {
  bool same = a.size() == b.size();
  for (const auto &d : a)
    same = same && contains(b, d);
  if (!same)
    layoutError("dimensions must match, ignoring order, but got " + dimList(a) + " and " +
                dimList(b));
}

void requireSubset(const std::vector<DimName> &small, const std::vector<DimName> &big) {
  for (const auto &d : small)
    if (!contains(big, d))
      layoutError("dimension '" + d + "' is not in " + dimList(big));
}

// Triton's supremum over small id lists: an order-preserving merge, biased
// to x when several merges are possible.
template <typename Id>
int supremumIds(const Id *x, int nx, const Id *y, int ny, Id *out) {
  auto pos = [](const Id *v, int n, Id d) {
    for (int i = 0; i < n; ++i)
      if (v[i] == d)
        return i;
    return -1;
  };
  // Fast paths: one list extends the other.
  if (nx == 0 || (ny <= nx && std::equal(y, y + ny, x))) {
    const Id *src = nx == 0 ? y : x;
    int n = nx == 0 ? ny : nx;
    std::copy(src, src + n, out);
    return n;
  }
  int n = 0;
  auto inResult = [&](Id d) { return pos(out, n, d) >= 0; };
  auto noSupremum = []() { layoutError("dimension orders conflict (no common order exists)"); };
  const int inf = std::numeric_limits<int>::max();
  int i = 0, j = 0;
  while (i < nx || j < ny) {
    while (i < nx && inResult(x[i]))
      ++i;
    while (j < ny && inResult(y[j]))
      ++j;
    if (i >= nx && j >= ny)
      break;
    if (i < nx && j < ny && x[i] == y[j]) {
      if (pos(y, ny, x[i]) < j)
        noSupremum();
      out[n++] = x[i];
      ++i, ++j;
      continue;
    }
    int candX = inf, candY = inf;
    if (i < nx) {
      int p = pos(y, ny, x[i]);
      if (p >= 0 && p >= j)
        candX = p;
    }
    if (j < ny) {
      int p = pos(x, nx, y[j]);
      if (p >= 0 && p >= i)
        candY = p;
    }
    if (i < nx && candX == inf) {
      out[n++] = x[i++];
      continue;
    }
    if (j < ny && candY == inf) {
      out[n++] = y[j++];
      continue;
    }
    if (candX <= candY) {
      if (pos(y, ny, x[i]) < j)
        noSupremum();
      out[n++] = x[i++];
    } else {
      if (pos(x, nx, y[j]) < i)
        noSupremum();
      out[n++] = y[j++];
    }
  }
  return n;
}

// The GF(2) matrix of `l`'s bases, the one packing of bases into matrices
// that rank, free variables and least squares share: one column per basis
// (in-dims in order, bases in order), one row per output bit of `rows`'
// out-dims (in `rows`' order). An out-dim of `rows` that `l` lacks reads as
// zero; values are cut to the row dim's bits.
f2::Matrix basisMatrix(const LinearLayout &l, const LinearLayout &rows) {
  const int nBases = l.getTotalInDimSizeLog2();
  f2::Matrix m(rows.getTotalOutDimSizeLog2(), nBases);
  const auto bases = l.getBases();
  int row = 0;
  for (const auto &[outDim, size] : rows.getOutDims()) {
    const int bits = log2Floor(static_cast<uint64_t>(size));
    if (l.hasOutDim(outDim)) {
      const int o = l.getOutDimIndex(outDim);
      const int keep = std::min(bits, l.getOutDimSizeLog2(outDim));
      int c = 0;
      for (const auto &[inDim, inBases] : bases)
        for (const auto &basis : inBases) {
          for (int j = 0; j < keep; ++j)
            if ((basis[o] >> j) & 1)
              m.set(row + j, c, true);
          ++c;
        }
    }
    row += bits;
  }
  return m;
}

} // namespace

namespace {

// The id of a name already interned, or -1. The callers' hot names are the
// constants of layout_utils.h (kRegister, kLane, ...), known by address;
// they are interned first, in this order, by NameTable().
int knownId(const DimName &d) {
  static const DimName *const constants[] = {&kRegister, &kLane, &kWarp, &kBlock, &kOffset};
  for (int i = 0; i < 5; ++i)
    if (&d == constants[i])
      return i;
  // dim0..dim7 follow them (standardOutDimNames builds its own strings), and
  // copies of the five (getInDimNames) are found by their length and bytes.
  switch (d.size()) {
  case 3:
    if (std::memcmp(d.data(), "row", 3) == 0)
      return 13;
    if (std::memcmp(d.data(), "col", 3) == 0)
      return 14;
    break;
  case 4:
    if (d[0] == 'd' && d[1] == 'i' && d[2] == 'm' && d[3] >= '0' && d[3] <= '9')
      return d[3] <= '7' ? 5 + (d[3] - '0') : kFirstHighDim + (d[3] - '8');
    if (std::memcmp(d.data(), "lane", 4) == 0)
      return 1;
    if (std::memcmp(d.data(), "warp", 4) == 0)
      return 2;
    break;
  case 5:
    if (std::memcmp(d.data(), "block", 5) == 0)
      return 3;
    if (d[0] == 'd' && d[1] == 'i' && d[2] == 'm' && d[3] == '1' && d[4] >= '0' && d[4] <= '9' &&
        10 + (d[4] - '0') < limits::kMaxRank)
      return kFirstHighDim + 2 + (d[4] - '0');
    break;
  case 6:
    if (std::memcmp(d.data(), "offset", 6) == 0)
      return 4;
    break;
  case 8:
    if (std::memcmp(d.data(), "register", 8) == 0)
      return 0;
    break;
  default:
    break;
  }
  const NameTable &t = nameTable();
  // A name the table itself holds (nameOf's references): its index.
  const std::less<const DimName *> before;
  if (!before(&d, t.names.data()) && before(&d, t.names.data() + kMaxNames))
    return static_cast<int>(&d - t.names.data());
  // The names the table starts with are all found above by content.
  const size_t n = t.count.load(std::memory_order_acquire);
  for (size_t i = kFirstInterned; i < n; ++i)
    if (sameName(t.names[i], d))
      return static_cast<int>(i);
  return -1;
}

} // namespace

LinearLayout::DimId LinearLayout::intern(const DimName &name) {
  if (int id = knownId(name); id >= 0)
    return static_cast<DimId>(id);
  NameTable &t = nameTable();
  size_t n;
  std::lock_guard<std::mutex> lock(t.mutex);
  n = t.count.load(std::memory_order_relaxed);
  for (size_t i = 0; i < n; ++i)
    if (t.names[i] == name)
      return static_cast<DimId>(i);
  if (n >= kMaxNames)
    layoutError("too many distinct dimension names (at most " + std::to_string(kMaxNames) + ")");
  if (name.empty() || name.size() > 64)
    layoutError("dimension names must have 1 to 64 characters");
  t.names[n] = name;
  t.count.store(n + 1, std::memory_order_release);
  return static_cast<DimId>(n);
}

const DimName &LinearLayout::nameOf(DimId id) { return nameTable().names[id]; }

std::vector<DimName> supremum(const std::vector<DimName> &x, const std::vector<DimName> &y) {
  std::vector<uint16_t> xi, yi;
  for (const auto &d : x)
    xi.push_back(static_cast<uint16_t>(std::find(x.begin(), x.end(), d) - x.begin()));
  // Map names to local ids: x's names first, then y's new ones.
  std::vector<DimName> names = x;
  for (const auto &d : y)
    if (!contains(names, d))
      names.push_back(d);
  for (const auto &d : y)
    yi.push_back(static_cast<uint16_t>(std::find(names.begin(), names.end(), d) - names.begin()));
  std::vector<uint16_t> out(names.size());
  int n = supremumIds(xi.data(), static_cast<int>(xi.size()), yi.data(),
                      static_cast<int>(yi.size()), out.data());
  std::vector<DimName> result;
  for (int i = 0; i < n; ++i)
    result.push_back(names[out[i]]);
  return result;
}

// --- Construction -----------------------------------------------------------

int LinearLayout::appendInDim(DimId id, int32_t count) {
  if (nIn_ >= kMaxDims)
    layoutError("at most " + std::to_string(kMaxDims) + " in-dims are supported");
  if (totalBases() + count > 62)
    layoutError("layout too large: at most 2^62 inputs");
  in_[nIn_] = InDim{id, static_cast<uint16_t>(totalBases()), static_cast<uint16_t>(count)};
  data_.resize(data_.size() + static_cast<size_t>(count) * nOut_, 0);
  return nIn_++;
}

void LinearLayout::addOutDim(DimId id, int32_t size) {
  if (nOut_ >= kMaxDims)
    layoutError("at most " + std::to_string(kMaxDims) + " out-dims are supported");
  out_[nOut_++] = OutDim{id, size};
}

LinearLayout LinearLayout::strided1D(int32_t size, int32_t stride, const DimName &inDim,
                                     const DimName &outDim) {
  if (size == 0)
    return empty();
  if (!isPowerOf2(size))
    layoutError("size " + std::to_string(size) + " must be a power of two");
  if (stride != 0 && !isPowerOf2(stride))
    layoutError("stride " + std::to_string(stride) + " must be a power of two");
  if (int64_t{size} * std::max(stride, 1) > (int64_t{1} << 30))
    layoutError("out-dim '" + outDim + "' would exceed 2^30 elements");
  LinearLayout ll;
  ll.addOutDim(intern(outDim), stride == 0 ? 1 : size * stride);
  const int n = log2Floor(static_cast<uint64_t>(size));
  ll.appendInDim(intern(inDim), n);
  for (int i = 0; i < n; ++i)
    ll.data_[i] = stride << i;
  ll.rank_.v.store(stride == 0 ? 0 : n, std::memory_order_relaxed);
  return ll;
}

LinearLayout LinearLayout::zeros1D(int32_t size, const DimName &inDim, const DimName &outDim,
                                   int32_t outDimSize) {
  if (size == 0)
    return empty();
  if (!isPowerOf2(size))
    layoutError("size " + std::to_string(size) + " must be a power of two");
  if (!isPowerOf2(outDimSize))
    layoutError("out-dim size " + std::to_string(outDimSize) + " must be a power of two");
  LinearLayout ll;
  ll.addOutDim(intern(outDim), outDimSize);
  ll.appendInDim(intern(inDim), log2Floor(static_cast<uint64_t>(size)));
  ll.rank_.v.store(0, std::memory_order_relaxed);
  return ll;
}

LinearLayout::LinearLayout(BasesT bases, std::vector<DimName> outDimNames) {
  for (const auto &name : outDimNames)
    addOutDim(intern(name), 1);
  for (const auto &[inDim, inDimBases] : bases)
    for (const auto &basis : inDimBases)
      for (size_t i = 0; i < basis.size() && i < nOut_; ++i)
        out_[i].size = static_cast<int32_t>(
            std::min<int64_t>(int64_t{1} << 31 >> 1,
                              std::max<int64_t>(out_[i].size, nextPowerOf2(std::max(basis[i], 0)))));
  setFromBases(bases);
  checkInvariants(/*requireSurjective=*/true, /*quiet=*/false);
}

LinearLayout::LinearLayout(BasesT bases, DimSizes outDims, bool requireSurjective) {
  for (const auto &[name, size] : outDims)
    addOutDim(intern(name), size);
  setFromBases(bases);
  checkInvariants(requireSurjective, /*quiet=*/false);
}

std::optional<LinearLayout> LinearLayout::tryCreate(BasesT bases, DimSizes outDims,
                                                    bool requireSurjective) {
  LinearLayout ll;
  try {
    for (const auto &[name, size] : outDims)
      ll.addOutDim(intern(name), size);
    ll.setFromBases(bases);
  } catch (const Error &) {
    return std::nullopt;
  }
  if (!ll.checkInvariants(requireSurjective, /*quiet=*/true))
    return std::nullopt;
  return ll;
}

void LinearLayout::setFromBases(const BasesT &bases) {
  for (const auto &[inDim, inDimBases] : bases) {
    DimId id = intern(inDim);
    if (inIndexOf(id) >= 0)
      layoutError("in-dim '" + inDim + "' is given twice");
    if (inDimBases.size() > 62)
      layoutError("in-dim '" + inDim + "' has more than 62 bases");
    int idx = appendInDim(id, static_cast<int32_t>(inDimBases.size()));
    for (size_t i = 0; i < inDimBases.size(); ++i) {
      if (inDimBases[i].size() != nOut_)
        layoutError("every basis of in-dim '" + inDim + "' must have " + std::to_string(nOut_) +
                    " components (one per out-dim), but basis " + std::to_string(i) + " has " +
                    std::to_string(inDimBases[i].size()));
      std::copy(inDimBases[i].begin(), inDimBases[i].end(), basisPtr(idx, static_cast<int>(i)));
    }
  }
}

bool LinearLayout::checkInvariants(bool requireSurjective, bool quiet) {
  auto fail = [&](const std::string &msg) {
    if (quiet)
      return false;
    layoutError(msg);
  };
  for (int i = 0; i < nOut_; ++i) {
    for (int j = 0; j < i; ++j)
      if (out_[j].id == out_[i].id)
        return fail("out-dim '" + nameOf(out_[i].id) + "' is given twice");
    if (!isPowerOf2(out_[i].size))
      return fail("out-dim '" + nameOf(out_[i].id) + "' has size " +
                  std::to_string(out_[i].size) + "; out-dim sizes must be powers of two");
  }
  for (int d = 0; d < nIn_; ++d)
    for (int i = 0; i < in_[d].count; ++i) {
      const int32_t *b = basisPtr(d, i);
      for (int o = 0; o < nOut_; ++o) {
        if (b[o] < 0)
          return fail("basis " + std::to_string(i) + " of in-dim '" + nameOf(in_[d].id) +
                      "' has a negative value");
        if (b[o] >= out_[o].size)
          return fail("basis value " + std::to_string(b[o]) + " of in-dim '" +
                      nameOf(in_[d].id) + "' is not below the size " +
                      std::to_string(out_[o].size) + " of out-dim '" + nameOf(out_[o].id) + "'");
      }
    }
  if (getTotalOutDimSizeLog2() > 62)
    return fail("layout too large: at most 2^62 outputs");
  invalidateRank();
  if (requireSurjective && !isSurjective())
    return fail("the layout is expected to be surjective (every output coordinate reachable "
                "from some input), but it is not:" +
                toString());
  return true;
}

int32_t LinearLayout::getRank() const {
  int32_t r = rank_.v.load(std::memory_order_relaxed);
  if (r < 0) {
    r = computeRank();
    rank_.v.store(r, std::memory_order_relaxed);
  }
  return r;
}

int32_t LinearLayout::computeRank() const {
  const int outBits = getTotalOutDimSizeLog2();
  const int nBases = totalBases();
  if (outBits > 64)
    return basisMatrix(*this, *this).reduceToRowEchelon();
  // Xor-basis insertion over packed output bit vectors.
  const std::array<int, kMaxDims> shift = packedOutShifts();
  f2::PackedSolver solver;
  for (int k = 0; k < nBases; ++k)
    solver.add(packedBasis(k, shift));
  return solver.rank();
}

std::array<int, LinearLayout::kMaxDims> LinearLayout::packedOutShifts() const {
  // The fixed dim arrays hold every rank the readers accept (util/limits.h).
  static_assert(kMaxDims == limits::kMaxRank);
  std::array<int, kMaxDims> shift{};
  int acc = 0;
  for (int o = 0; o < nOut_; ++o) {
    shift[o] = acc;
    acc += log2Floor(static_cast<uint64_t>(out_[o].size));
  }
  return shift;
}

uint64_t LinearLayout::packedBasis(int k, const std::array<int, kMaxDims> &shift) const {
  const int32_t *b = data_.data() + static_cast<size_t>(k) * nOut_;
  uint64_t v = 0;
  for (int o = 0; o < nOut_; ++o)
    v |= static_cast<uint64_t>(b[o]) << shift[o];
  return v;
}

// --- Queries ----------------------------------------------------------------

int LinearLayout::inIndexOf(DimId id) const {
  for (int i = 0; i < nIn_; ++i)
    if (in_[i].id == id)
      return i;
  return -1;
}

int LinearLayout::outIndexOf(DimId id) const {
  for (int i = 0; i < nOut_; ++i)
    if (out_[i].id == id)
      return i;
  return -1;
}


int LinearLayout::inDimIndex(const DimName &d) const {
  const int id = knownId(d);
  for (int i = 0; i < nIn_ && id >= 0; ++i)
    if (in_[i].id == id)
      return i;
  return -1;
}

int LinearLayout::outDimIndex(const DimName &d) const {
  const int id = knownId(d);
  for (int i = 0; i < nOut_ && id >= 0; ++i)
    if (out_[i].id == id)
      return i;
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
  out.reserve(nIn_);
  for (int d = 0; d < nIn_; ++d) {
    auto &entry = out.emplace_back(nameOf(in_[d].id), std::vector<Basis>{});
    entry.second.reserve(in_[d].count);
    for (int i = 0; i < in_[d].count; ++i) {
      const int32_t *b = basisPtr(d, i);
      entry.second.emplace_back(b, b + nOut_);
    }
  }
  return out;
}

std::span<const int32_t> LinearLayout::getBasis(const DimName &inDim, int32_t pos) const {
  int d = inDimIndex(inDim);
  if (d < 0)
    layoutError("in-dim '" + inDim + "' is not in the layout");
  if (pos < 0 || pos >= in_[d].count)
    layoutError("in-dim '" + inDim + "' has no basis " + std::to_string(pos));
  return {basisPtr(d, pos), nOut_};
}

std::span<const int32_t> LinearLayout::basesOf(const DimName &inDim) const {
  const int d = inDimIndex(inDim);
  if (d < 0 || in_[d].count == 0)
    return {};
  return {basisPtr(d, 0), static_cast<size_t>(in_[d].count) * static_cast<size_t>(nOut_)};
}

int32_t LinearLayout::getBasis(const DimName &inDim, int32_t pos, const DimName &outDim) const {
  return getBasis(inDim, pos)[getOutDimIndex(outDim)];
}

std::vector<DimName> LinearLayout::getInDimNames() const {
  std::vector<DimName> v;
  v.reserve(nIn_);
  for (int i = 0; i < nIn_; ++i)
    v.push_back(nameOf(in_[i].id));
  return v;
}

std::vector<DimName> LinearLayout::getOutDimNames() const {
  std::vector<DimName> v;
  v.reserve(nOut_);
  for (int i = 0; i < nOut_; ++i)
    v.push_back(nameOf(out_[i].id));
  return v;
}

LinearLayout::DimSizes LinearLayout::getOutDims() const {
  DimSizes v;
  v.reserve(nOut_);
  for (int i = 0; i < nOut_; ++i)
    v.push_back({nameOf(out_[i].id), out_[i].size});
  return v;
}

LinearLayout::DimSizes LinearLayout::getInDims() const {
  DimSizes v;
  for (int i = 0; i < nIn_; ++i) {
    if (in_[i].count > 30)
      layoutError("in-dim '" + nameOf(in_[i].id) + "' has 2^" + std::to_string(in_[i].count) +
                  " values, more than this operation supports (2^30)");
    v.push_back({nameOf(in_[i].id), int32_t{1} << in_[i].count});
  }
  return v;
}

int32_t LinearLayout::getInDimSizeLog2(const DimName &inDim) const {
  int d = inDimIndex(inDim);
  if (d < 0)
    layoutError("in-dim '" + inDim + "' is not in the layout");
  return in_[d].count;
}

int32_t LinearLayout::getInDimSize(const DimName &inDim) const {
  int32_t log2 = getInDimSizeLog2(inDim);
  if (log2 > 30)
    layoutError("in-dim '" + inDim + "' has 2^" + std::to_string(log2) +
                " values, more than this operation supports (2^30)");
  return int32_t{1} << log2;
}

int32_t LinearLayout::getTotalInDimSizeLog2() const { return totalBases(); }

int32_t LinearLayout::getOutDimSizeLog2(const DimName &outDim) const {
  return log2Floor(static_cast<uint64_t>(getOutDimSize(outDim)));
}

int32_t LinearLayout::getOutDimSize(const DimName &outDim) const {
  return out_[getOutDimIndex(outDim)].size;
}

int32_t LinearLayout::getTotalOutDimSizeLog2() const {
  int32_t s = 0;
  for (int i = 0; i < nOut_; ++i)
    s += log2Floor(static_cast<uint64_t>(out_[i].size));
  return s;
}

int32_t LinearLayout::getNumConsecutiveInOut() const {
  if (nIn_ == 0 || nOut_ == 0)
    return 1;
  int consec = 0;
  for (; consec < in_[0].count; ++consec) {
    const int32_t *b = basisPtr(0, consec);
    bool ok = b[0] == (int32_t{1} << consec);
    for (int o = 1; o < nOut_ && ok; ++o)
      ok = b[o] == 0;
    if (!ok)
      break;
  }
  int32_t otherBits = 0;
  for (int d = 0; d < nIn_; ++d)
    for (int i = 0; i < in_[d].count; ++i)
      if (d != 0 || i >= consec)
        otherBits |= basisPtr(d, i)[0];
  int trailingZeros =
      otherBits != 0 ? std::countr_zero(static_cast<uint32_t>(otherBits)) : 31;
  return int32_t{1} << std::min(consec, trailingZeros);
}

LinearLayout::DimSizes LinearLayout::getFreeVariableMasks() const {
  const int nBases = totalBases();
  f2::Matrix m = basisMatrix(*this, *this);
  std::vector<int> pivots;
  m.reduceToRowEchelon(&pivots);
  std::vector<bool> basic(nBases, false);
  for (int c : pivots)
    basic[c] = true;
  DimSizes ret;
  int c = 0;
  for (int d = 0; d < nIn_; ++d) {
    int32_t mask = 0;
    for (int i = 0; i < in_[d].count; ++i, ++c)
      if (!basic[c])
        mask |= int32_t{1} << i;
    ret.push_back({nameOf(in_[d].id), mask});
  }
  return ret;
}

LinearLayout::DimSizes LinearLayout::apply(const DimSizes &ins) const {
  std::vector<DimName> names;
  for (const auto &[n, v] : ins)
    names.push_back(n);
  requireSameDimsIgnoringOrder(names, getInDimNames());
  std::vector<int32_t> inVals(nIn_, 0), outVals(nOut_, 0);
  for (const auto &[n, v] : ins)
    inVals[inDimIndex(n)] = v;
  applyIndexed(inVals.data(), outVals.data());
  DimSizes ret;
  for (int o = 0; o < nOut_; ++o)
    ret.push_back({nameOf(out_[o].id), outVals[o]});
  return ret;
}

void LinearLayout::applyIndexed(const int32_t *ins, int32_t *outs) const {
  std::fill(outs, outs + nOut_, 0);
  for (int d = 0; d < nIn_; ++d) {
    uint32_t v = static_cast<uint32_t>(ins[d]);
    for (int i = 0; i < in_[d].count && v; ++i, v >>= 1) {
      if (v & 1) {
        const int32_t *b = basisPtr(d, i);
        for (int o = 0; o < nOut_; ++o)
          outs[o] ^= b[o];
      }
    }
  }
}

LinearLayout LinearLayout::shrinkOutDims(const std::vector<int64_t> &shape,
                                         bool broadcastRegisters) const {
  if (static_cast<int>(shape.size()) != nOut_)
    layoutError("shrinkOutDims: the shape has " + std::to_string(shape.size()) +
                " entries but the layout has " + std::to_string(nOut_) + " out-dims");
  LinearLayout ll = *this;
  const int regIdx = inIndexOf(intern("register"));
  uint64_t dropped = 0; // register basis indices to remove
  struct Entry {
    int16_t inIdx, basisIdx;
    int32_t value;
  };
  std::array<Entry, 64> sorted{};
  for (int o = 0; o < nOut_; ++o) {
    int64_t actual = out_[o].size;
    const int64_t desired = shape[o];
    if (actual <= desired)
      continue;
    int n = 0;
    for (int d = 0; d < nIn_; ++d)
      for (int i = 0; i < in_[d].count; ++i)
        if (int32_t v = ll.basisPtr(d, i)[o]; v != 0) {
          if (!isPowerOf2(v))
            throw Error("layout", "cannot broadcast " + nameOf(out_[o].id) + " down to " +
                                      std::to_string(desired) + ": basis value " +
                                      std::to_string(v) + " of '" + nameOf(in_[d].id) +
                                      "' is not a power of two");
          sorted[n++] = Entry{static_cast<int16_t>(d), static_cast<int16_t>(i), v};
        }
    // Largest first; equal values keep their order (Triton's sort is an
    // insertion sort, hence stable, on lists this short).
    std::stable_sort(sorted.begin(), sorted.begin() + n,
                     [](const Entry &a, const Entry &b) { return a.value > b.value; });
    for (int k = 0; k < n && actual > desired; ++k, actual >>= 1) {
      const Entry &e = sorted[k];
      if (!broadcastRegisters && e.inIdx == regIdx)
        dropped |= uint64_t{1} << e.basisIdx;
      else
        ll.basisPtr(e.inIdx, e.basisIdx)[o] = 0;
    }
  }
  for (int o = 0; o < nOut_; ++o)
    ll.out_[o].size = static_cast<int32_t>(std::min<int64_t>(out_[o].size, shape[o]));
  if (dropped) {
    // Rebuild without the dropped register bases.
    LinearLayout out;
    out.nOut_ = ll.nOut_;
    out.out_ = ll.out_;
    out.data_.reserve(ll.data_.size());
    for (int d = 0; d < nIn_; ++d) {
      int kept = 0;
      for (int i = 0; i < ll.in_[d].count; ++i)
        kept += !(d == regIdx && ((dropped >> i) & 1));
      int dst = out.appendInDim(ll.in_[d].id, kept);
      int k = 0;
      for (int i = 0; i < ll.in_[d].count; ++i)
        if (!(d == regIdx && ((dropped >> i) & 1)))
          std::copy(ll.basisPtr(d, i), ll.basisPtr(d, i) + nOut_, out.basisPtr(dst, k++));
    }
    ll = std::move(out);
  }
  // Duplicated bases leave a value that no longer fits (Triton aborts here).
  if (!ll.checkInvariants(/*requireSurjective=*/false, /*quiet=*/true))
    throw Error("layout", "cannot broadcast the layout down to the shape: it has duplicated "
                          "bases along a dimension that must shrink (Triton 3.6 rejects this "
                          "layout for this shape)");
  return ll;
}

LinearLayout LinearLayout::growOutDims(const std::vector<int64_t> &shape) const {
  if (static_cast<int>(shape.size()) != nOut_)
    layoutError("growOutDims: the shape has " + std::to_string(shape.size()) +
                " entries but the layout has " + std::to_string(nOut_) + " out-dims");
  if (nIn_ == 0)
    layoutError("growOutDims: the layout has no in-dim to grow");
  // Extra bases, in out-dim order: actual, 2*actual, ..., desired/2.
  std::array<int, kMaxDims> extra{};
  int totalExtra = 0;
  for (int o = 0; o < nOut_; ++o) {
    const int64_t actual = out_[o].size, desired = shape[o];
    if (desired <= actual)
      continue;
    if (desired % actual != 0 || !isPowerOf2(desired))
      throw Error("shape", "size " + std::to_string(desired) + " of " + nameOf(out_[o].id) +
                               " is not a power-of-two multiple of the layout's " +
                               std::to_string(actual));
    if (desired > (int64_t{1} << 30))
      layoutError("out-dim '" + nameOf(out_[o].id) + "' would exceed 2^30 elements");
    extra[o] = log2Floor(static_cast<uint64_t>(desired / actual));
    totalExtra += extra[o];
  }
  if (totalExtra == 0)
    return *this;
  LinearLayout ll;
  ll.nOut_ = nOut_;
  ll.out_ = out_;
  ll.data_.reserve(data_.size() + static_cast<size_t>(totalExtra) * nOut_);
  for (int d = 0; d < nIn_; ++d) {
    const int add = d == 0 ? totalExtra : 0;
    int dst = ll.appendInDim(in_[d].id, in_[d].count + add);
    if (in_[d].count)
      std::copy(basisPtr(d, 0), basisPtr(d, 0) + in_[d].count * nOut_, ll.basisPtr(dst, 0));
    if (add) {
      int k = in_[d].count;
      for (int o = 0; o < nOut_; ++o)
        for (int j = 0; j < extra[o]; ++j)
          ll.basisPtr(dst, k++)[o] = out_[o].size << j;
    }
  }
  for (int o = 0; o < nOut_; ++o)
    ll.out_[o].size = static_cast<int32_t>(out_[o].size) << extra[o];
  return ll;
}

LinearLayout LinearLayout::transposeOutsLike(const LinearLayout &reference) const {
  if (reference.nOut_ != nOut_)
    requireSameDimsIgnoringOrder(reference.getOutDimNames(), getOutDimNames());
  std::array<int, kMaxDims> perm{};
  for (int k = 0; k < nOut_; ++k) {
    int o = outIndexOf(reference.out_[k].id);
    if (o < 0)
      requireSameDimsIgnoringOrder(reference.getOutDimNames(), getOutDimNames());
    perm[k] = o;
  }
  return permutedOuts(perm);
}

LinearLayout LinearLayout::permutedOuts(const std::array<int, kMaxDims> &perm) const {
  LinearLayout ll;
  for (int k = 0; k < nOut_; ++k)
    ll.out_[k] = out_[perm[k]];
  ll.nOut_ = nOut_;
  ll.nIn_ = nIn_;
  ll.in_ = in_;
  ll.data_.resize(data_.size());
  const int n = totalBases();
  for (int b = 0; b < n; ++b)
    for (int o = 0; o < nOut_; ++o)
      ll.data_[b * nOut_ + o] = data_[b * nOut_ + perm[o]];
  ll.rank_ = rank_;
  return ll;
}

// --- Transforms -------------------------------------------------------------

LinearLayout LinearLayout::transposeIns(const std::vector<DimName> &newOrder) const {
  requireSameDimsIgnoringOrder(newOrder, getInDimNames());
  LinearLayout ll;
  ll.nOut_ = nOut_;
  ll.out_ = out_;
  ll.data_.reserve(data_.size());
  for (const auto &name : newOrder) {
    int src = inDimIndex(name);
    int dst = ll.appendInDim(in_[src].id, in_[src].count);
    if (in_[src].count)
      std::copy(basisPtr(src, 0), basisPtr(src, 0) + in_[src].count * nOut_, ll.basisPtr(dst, 0));
  }
  ll.rank_ = rank_;
  return ll;
}

LinearLayout LinearLayout::transposeOuts(const std::vector<DimName> &newOrder) const {
  if (static_cast<int>(newOrder.size()) != nOut_)
    requireSameDimsIgnoringOrder(newOrder, getOutDimNames());
  std::array<int, kMaxDims> perm{};
  for (size_t k = 0; k < newOrder.size(); ++k) {
    int o = outIndexOf(intern(newOrder[k]));
    if (o < 0)
      requireSameDimsIgnoringOrder(newOrder, getOutDimNames());
    for (size_t j = 0; j < k; ++j)
      if (perm[j] == o)
        requireSameDimsIgnoringOrder(newOrder, getOutDimNames());
    perm[k] = o;
  }
  return permutedOuts(perm);
}

LinearLayout LinearLayout::reshapeIns(const DimSizes &newInDims) const {
  int64_t total = 1;
  for (const auto &[n, s] : newInDims) {
    if (!isPowerOf2(s))
      layoutError("new in-dim '" + n + "' size " + std::to_string(s) + " must be a power of two");
    total *= s;
  }
  if (total != getTotalInDimSize())
    layoutError("reshapeIns must keep the total input size " + std::to_string(getTotalInDimSize()));
  LinearLayout ll;
  ll.nOut_ = nOut_;
  ll.out_ = out_;
  for (const auto &[n, s] : newInDims) {
    DimId id = intern(n);
    if (ll.inIndexOf(id) >= 0)
      layoutError("in-dim '" + n + "' is given twice");
    ll.appendInDim(id, log2Floor(static_cast<uint64_t>(s)));
  }
  ll.data_ = data_;
  ll.rank_ = rank_;
  return ll;
}

LinearLayout LinearLayout::reshapeOuts(const DimSizes &newOutDims) const {
  int64_t total = 1;
  for (const auto &[n, s] : newOutDims) {
    if (!isPowerOf2(s))
      layoutError("new out-dim '" + n + "' size " + std::to_string(s) + " must be a power of two");
    total *= s;
  }
  if (total != getTotalOutDimSize())
    layoutError("reshapeOuts must keep the total output size " +
                std::to_string(getTotalOutDimSize()));
  const std::array<int, kMaxDims> shifts = packedOutShifts();
  LinearLayout ll;
  for (const auto &[n, s] : newOutDims)
    ll.addOutDim(intern(n), s);
  ll.nIn_ = nIn_;
  ll.in_ = in_;
  const size_t nNew = newOutDims.size();
  const int n = totalBases();
  // The sizes are powers of two: each new out-dim takes the next log2(size)
  // bits of the packed basis (a shift and a mask, not a division).
  std::array<int, kMaxDims> bits{};
  for (size_t o = 0; o < nNew && o < bits.size(); ++o)
    bits[o] = log2Floor(static_cast<uint64_t>(newOutDims[o].second));
  ll.data_.assign(static_cast<size_t>(n) * nNew, 0);
  for (int k = 0; k < n; ++k) {
    uint64_t flat = packedBasis(k, shifts);
    for (size_t o = 0; o < nNew; ++o) {
      ll.data_[k * nNew + o] = static_cast<int32_t>(flat & ((uint64_t{1} << bits[o]) - 1));
      flat >>= bits[o];
    }
  }
  ll.rank_ = rank_;
  return ll;
}

LinearLayout LinearLayout::flattenIns() const {
  if (nIn_ == 0)
    return reshapeIns({});
  return reshapeIns({{nameOf(in_[0].id), static_cast<int32_t>(getTotalInDimSize())}});
}

LinearLayout LinearLayout::flattenOuts() const {
  if (nOut_ == 0)
    return reshapeOuts({});
  return reshapeOuts({{nameOf(out_[0].id), static_cast<int32_t>(getTotalOutDimSize())}});
}

LinearLayout LinearLayout::concatIns(const LinearLayout &other) const {
  if (getOutDims() != other.getOutDims())
    layoutError("concatIns needs the same out-dims and sizes");
  BasesT b = getBases();
  for (auto &entry : other.getBases())
    b.push_back(std::move(entry));
  return LinearLayout(std::move(b), getOutDims(), /*requireSurjective=*/false);
}

LinearLayout LinearLayout::concatOuts(const LinearLayout &other) const {
  if (getInDims() != other.getInDims())
    layoutError("concatOuts needs the same in-dims and sizes");
  BasesT a = getBases(), b = other.getBases();
  for (size_t d = 0; d < a.size(); ++d)
    for (size_t i = 0; i < a[d].second.size(); ++i)
      a[d].second[i].insert(a[d].second[i].end(), b[d].second[i].begin(), b[d].second[i].end());
  DimSizes outs = getOutDims();
  for (const auto &o : other.getOutDims())
    outs.push_back(o);
  return LinearLayout(std::move(a), std::move(outs), /*requireSurjective=*/false);
}

LinearLayout LinearLayout::resizeInDim(const DimName &inDim, int32_t newSize) const {
  if (!isPowerOf2(newSize) || newSize > getInDimSize(inDim))
    layoutError("resizeInDim: new size " + std::to_string(newSize) +
                " must be a power of two no larger than " + std::to_string(getInDimSize(inDim)));
  BasesT b = getBases();
  for (auto &[n, v] : b)
    if (n == inDim)
      v.resize(log2Floor(static_cast<uint64_t>(newSize)));
  return LinearLayout(std::move(b), getOutDims(), /*requireSurjective=*/false);
}

LinearLayout LinearLayout::resizeOutDim(const DimName &outDim, int32_t newSize) const {
  int o = getOutDimIndex(outDim);
  if (!isPowerOf2(newSize) || newSize > out_[o].size)
    layoutError("resizeOutDim: new size " + std::to_string(newSize) +
                " must be a power of two no larger than " + std::to_string(out_[o].size));
  LinearLayout ll = *this;
  for (int k = 0; k < totalBases(); ++k)
    if (ll.data_[k * nOut_ + o] >= newSize)
      ll.data_[k * nOut_ + o] = 0;
  ll.out_[o].size = newSize;
  ll.invalidateRank();
  return ll;
}

LinearLayout LinearLayout::resize(const DimName &inDim, int32_t newSize) const {
  if (!isPowerOf2(newSize) || newSize < getInDimSize(inDim))
    layoutError("resize: new size " + std::to_string(newSize) +
                " must be a power of two no smaller than " + std::to_string(getInDimSize(inDim)));
  BasesT b = getBases();
  for (auto &[n, v] : b)
    if (n == inDim)
      v.resize(log2Floor(static_cast<uint64_t>(newSize)), Basis(nOut_, 0));
  return LinearLayout(std::move(b), getOutDims(), /*requireSurjective=*/false);
}

LinearLayout LinearLayout::squeezeIns(const DimName &dim) const {
  if (getInDimSize(dim) != 1)
    layoutError("squeezeIns: in-dim '" + dim + "' must have size 1");
  DimSizes dims;
  for (int d = 0; d < nIn_; ++d)
    if (nameOf(in_[d].id) != dim)
      dims.push_back({nameOf(in_[d].id), int32_t{1} << in_[d].count});
  return reshapeIns(dims);
}

LinearLayout LinearLayout::squeezeOuts(const DimName &dim) const {
  if (getOutDimSize(dim) != 1)
    layoutError("squeezeOuts: out-dim '" + dim + "' must have size 1");
  DimSizes dims;
  for (const auto &d : getOutDims())
    if (d.first != dim)
      dims.push_back(d);
  return reshapeOuts(dims);
}

LinearLayout LinearLayout::renameInDim(const DimName &oldName, const DimName &newName) const {
  int d = inDimIndex(oldName);
  if (d < 0)
    layoutError("in-dim '" + oldName + "' is not in the layout");
  if (oldName != newName && inDimIndex(newName) >= 0)
    layoutError("in-dim '" + newName + "' already exists");
  LinearLayout ll = *this;
  ll.in_[d].id = intern(newName);
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
  return LinearLayout(std::move(b), getOutDims(), /*requireSurjective=*/false);
}

LinearLayout LinearLayout::selectBases(const DimName &inDim, const std::vector<int> &order) const {
  const int d = inDimIndex(inDim);
  if (d < 0)
    return *this;
  for (int k : order)
    if (k < 0 || k >= in_[d].count)
      layoutError("selectBases: basis " + std::to_string(k) + " of in-dim '" + inDim +
                  "' does not exist");
  if (order.size() > 62)
    layoutError("in-dim '" + inDim + "' has more than 62 bases");
  LinearLayout ll;
  for (int o = 0; o < nOut_; ++o)
    ll.addOutDim(out_[o].id, out_[o].size);
  for (int e = 0; e < nIn_; ++e) {
    const int count = e == d ? static_cast<int>(order.size()) : in_[e].count;
    const int dst = ll.appendInDim(in_[e].id, count);
    for (int i = 0; i < count; ++i) {
      const int32_t *src = basisPtr(e, e == d ? order[static_cast<size_t>(i)] : i);
      std::copy(src, src + nOut_, ll.basisPtr(dst, i));
    }
  }
  ll.invalidateRank();
  return ll;
}

LinearLayout LinearLayout::sublayout(const std::vector<DimName> &inDimNames,
                                     const std::vector<DimName> &outDimNames) const {
  requireSubset(inDimNames, getInDimNames());
  requireSubset(outDimNames, getOutDimNames());
  uint32_t inKeep = 0, outKeep = 0;
  for (int o = 0; o < nOut_; ++o)
    if (contains(outDimNames, nameOf(out_[o].id)))
      outKeep |= uint32_t{1} << o;
  for (int d = 0; d < nIn_; ++d)
    if (contains(inDimNames, nameOf(in_[d].id)))
      inKeep |= uint32_t{1} << d;
  return sublayoutByMasks(inKeep, outKeep);
}

LinearLayout LinearLayout::sublayoutByMasks(uint32_t inKeep, uint32_t outKeep) const {
  std::array<int, kMaxDims> keep{};
  int nKeep = 0;
  LinearLayout ll;
  for (int o = 0; o < nOut_; ++o)
    if ((outKeep >> o) & 1) {
      keep[nKeep++] = o;
      ll.addOutDim(out_[o].id, out_[o].size);
    }
  for (int d = 0; d < nIn_; ++d) {
    if (!((inKeep >> d) & 1))
      continue;
    int dst = ll.appendInDim(in_[d].id, in_[d].count);
    for (int i = 0; i < in_[d].count; ++i) {
      const int32_t *src = basisPtr(d, i);
      int32_t *out = ll.basisPtr(dst, i);
      for (int k = 0; k < nKeep; ++k)
        out[k] = src[keep[k]];
    }
  }
  ll.invalidateRank();
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

int LinearLayout::trivialOverMasks(const std::vector<DimName> &dimNames, uint32_t &inMask,
                                   uint32_t &outMask) const {
  inMask = outMask = 0;
  bool square = true; // every named dim is an in-dim and an out-dim of one size
  int namedOutLog = 0;
  for (const auto &d : dimNames) {
    const int i = inDimIndex(d), o = outDimIndex(d);
    if (i < 0 && o < 0)
      return 0;
    if (i >= 0)
      inMask |= uint32_t{1} << i;
    if (o >= 0)
      outMask |= uint32_t{1} << o;
    if (i < 0 || o < 0 || (int64_t{1} << in_[i].count) != out_[o].size)
      square = false;
    // An in-dim past 2^30 values: the definition refuses it (getInDimSize).
    if (i >= 0 && o >= 0 && in_[i].count > 30)
      return -1;
  }
  if (!dimNames.empty()) {
    if (!square)
      return 0;
    for (int o = 0; o < nOut_; ++o)
      if ((outMask >> o) & 1)
        namedOutLog += log2Floor(static_cast<uint64_t>(out_[o].size));
    if (namedOutLog > 30)
      return -1;
    // The square sublayout, flattened (first dims minor), is the identity:
    // its j-th basis is 1 << j.
    int j = 0;
    for (int d = 0; d < nIn_; ++d) {
      if (!((inMask >> d) & 1))
        continue;
      for (int b = 0; b < in_[d].count; ++b, ++j) {
        const int32_t *src = basisPtr(d, b);
        int64_t flat = 0, scale = 1;
        for (int o = 0; o < nOut_; ++o)
          if ((outMask >> o) & 1) {
            flat += int64_t{src[o]} * scale;
            scale *= out_[o].size;
          }
        if (flat != (int64_t{1} << j))
          return 0;
      }
    }
  }
  // Named in-dims reach no other out-dim, and other in-dims no named out-dim.
  for (int d = 0; d < nIn_; ++d) {
    const bool namedIn = (inMask >> d) & 1;
    for (int b = 0; b < in_[d].count; ++b) {
      const int32_t *src = basisPtr(d, b);
      for (int o = 0; o < nOut_; ++o)
        if (namedIn != (((outMask >> o) & 1) != 0) && src[o] != 0)
          return 0;
    }
  }
  return 1;
}

bool LinearLayout::isTrivialOver(const std::vector<DimName> &dimNames) const {
  uint32_t inMask, outMask;
  if (int fast = trivialOverMasks(dimNames, inMask, outMask); fast >= 0)
    return fast == 1;
  std::vector<DimName> restIn, restOut;
  for (const auto &d : getInDimNames())
    if (!contains(dimNames, d))
      restIn.push_back(d);
  for (const auto &d : getOutDimNames())
    if (!contains(dimNames, d))
      restOut.push_back(d);
  std::vector<DimName> inSet, outSet;
  for (const auto &d : dimNames) {
    if (hasInDim(d))
      inSet.push_back(d);
    if (hasOutDim(d))
      outSet.push_back(d);
  }
  return squareSublayoutIsIdentity(dimNames) && sublayoutIsZero(restIn, outSet) &&
         sublayoutIsZero(inSet, restOut);
}

std::optional<LinearLayout> LinearLayout::quotient(const std::vector<DimName> &dimNames) const {
  uint32_t inMask, outMask;
  const int fast = trivialOverMasks(dimNames, inMask, outMask);
  if (fast == 0 || (fast < 0 && !isTrivialOver(dimNames)))
    return std::nullopt;
  // The in-dims and out-dims that dimNames does not name.
  const uint32_t all = (uint32_t{1} << kMaxDims) - 1;
  return sublayoutByMasks(~inMask & all, ~outMask & all);
}

bool LinearLayout::appendProductInPlace(const LinearLayout &outer) {
  if (outer.nIn_ != 1 || outer.nOut_ != 1 || nIn_ == 0)
    return false;
  const int o = outIndexOf(outer.out_[0].id);
  if (o < 0)
    return false; // a new out-dim changes every basis' length
  int d = inIndexOf(outer.in_[0].id);
  const int k = outer.in_[0].count;
  const int shift = log2Floor(static_cast<uint64_t>(out_[o].size));
  const int outerLog = log2Floor(static_cast<uint64_t>(outer.out_[0].size));
  if (shift + outerLog > 30)
    layoutError("out-dim '" + nameOf(out_[o].id) + "' would exceed 2^30 elements");
  if (d < 0) {
    // A new in-dim goes last (the supremum appends it).
    d = appendInDim(outer.in_[0].id, k);
  } else if (k > 0) {
    if (totalBases() + k > 62)
      layoutError("layout too large: at most 2^62 inputs");
    const size_t at = static_cast<size_t>(in_[d].first + in_[d].count) * nOut_;
    data_.insert(data_.begin() + static_cast<std::ptrdiff_t>(at), static_cast<size_t>(k) * nOut_, 0);
    in_[d].count = static_cast<uint16_t>(in_[d].count + k);
    for (int e = d + 1; e < nIn_; ++e)
      in_[e].first = static_cast<uint16_t>(in_[e].first + k);
  }
  for (int i = 0; i < k; ++i)
    basisPtr(d, in_[d].count - k + i)[o] = outer.basisPtr(0, i)[0] << shift;
  out_[o].size <<= outerLog;
  invalidateRank();
  return true;
}

LinearLayout &LinearLayout::operator*=(const LinearLayout &outer) {
  if (!appendProductInPlace(outer))
    *this = *this * outer;
  return *this;
}

LinearLayout operator*(LinearLayout &&inner, const LinearLayout &outer) {
  if (inner.appendProductInPlace(outer))
    return std::move(inner);
  return static_cast<const LinearLayout &>(inner) * outer;
}

LinearLayout operator*(const LinearLayout &inner, const LinearLayout &outer) {
  using DimId = LinearLayout::DimId;
  constexpr int kMax = LinearLayout::kMaxDims;
  std::array<DimId, kMax> ai{}, bi{}, ao{}, bo{};
  for (int i = 0; i < inner.nIn_; ++i)
    ai[i] = inner.in_[i].id;
  for (int i = 0; i < outer.nIn_; ++i)
    bi[i] = outer.in_[i].id;
  for (int i = 0; i < inner.nOut_; ++i)
    ao[i] = inner.out_[i].id;
  for (int i = 0; i < outer.nOut_; ++i)
    bo[i] = outer.out_[i].id;
  std::array<DimId, 2 * kMax> inNames{}, outNames{};
  const int nInNames = supremumIds(ai.data(), inner.nIn_, bi.data(), outer.nIn_, inNames.data());
  const int nOutNames =
      supremumIds(ao.data(), inner.nOut_, bo.data(), outer.nOut_, outNames.data());
  if (nInNames > kMax || nOutNames > kMax)
    layoutError("at most " + std::to_string(kMax) + " dims per layout are supported");

  LinearLayout ll;
  std::array<int, kMax> innerOut{}, outerOut{}, shift{};
  for (int o = 0; o < nOutNames; ++o) {
    innerOut[o] = inner.outIndexOf(outNames[o]);
    outerOut[o] = outer.outIndexOf(outNames[o]);
    int innerLog =
        innerOut[o] >= 0 ? log2Floor(static_cast<uint64_t>(inner.out_[innerOut[o]].size)) : 0;
    int outerLog =
        outerOut[o] >= 0 ? log2Floor(static_cast<uint64_t>(outer.out_[outerOut[o]].size)) : 0;
    shift[o] = innerLog;
    if (innerLog + outerLog > 30)
      layoutError("out-dim '" + LinearLayout::nameOf(outNames[o]) +
                  "' would exceed 2^30 elements");
    ll.addOutDim(outNames[o], int32_t{1} << (innerLog + outerLog));
  }
  const int nOut = nOutNames;
  size_t totalCount = 0;
  for (int k = 0; k < nInNames; ++k) {
    int a = inner.inIndexOf(inNames[k]), b = outer.inIndexOf(inNames[k]);
    totalCount += (a >= 0 ? inner.in_[a].count : 0) + (b >= 0 ? outer.in_[b].count : 0);
  }
  ll.data_.reserve(totalCount * nOut);
  for (int k = 0; k < nInNames; ++k) {
    int a = inner.inIndexOf(inNames[k]), b = outer.inIndexOf(inNames[k]);
    int na = a >= 0 ? inner.in_[a].count : 0;
    int nb = b >= 0 ? outer.in_[b].count : 0;
    int dst = ll.appendInDim(inNames[k], na + nb);
    for (int i = 0; i < na; ++i) {
      const int32_t *src = inner.basisPtr(a, i);
      int32_t *out = ll.basisPtr(dst, i);
      for (int o = 0; o < nOut; ++o)
        out[o] = innerOut[o] >= 0 ? src[innerOut[o]] : 0;
    }
    for (int i = 0; i < nb; ++i) {
      const int32_t *src = outer.basisPtr(b, i);
      int32_t *out = ll.basisPtr(dst, na + i);
      for (int o = 0; o < nOut; ++o)
        out[o] = outerOut[o] >= 0 ? (src[outerOut[o]] << shift[o]) : 0;
    }
  }
  ll.invalidateRank();
  return ll;
}

namespace {
// The out-dims of C in A == B * C or A == C * B: B's dims must all be in A,
// and each of A's out sizes divisible by B's.
std::optional<LinearLayout::DimSizes> quotientOutDims(const LinearLayout &a,
                                                      const LinearLayout &b) {
  for (const auto &d : b.getInDimNames())
    if (!a.hasInDim(d))
      return std::nullopt;
  for (const auto &d : b.getOutDimNames())
    if (!a.hasOutDim(d))
      return std::nullopt;
  LinearLayout::DimSizes cOut;
  for (const auto &[d, sizeA] : a.getOutDims()) {
    int32_t sizeB = b.hasOutDim(d) ? b.getOutDimSize(d) : 1;
    if (sizeA % sizeB != 0)
      return std::nullopt;
    cOut.push_back({d, sizeA / sizeB});
  }
  return cOut;
}
} // namespace

std::optional<LinearLayout> divideLeft(const LinearLayout &a, const LinearLayout &b) {
  // On dim indices (the by-name steps of quotientOutDims and the bases):
  // b's dims must all be a's, each of a's out sizes divisible by b's; b's
  // bases start each in-dim of a; the rest, divided by b's sizes, are C's.
  using DimId = LinearLayout::DimId;
  constexpr int kMax = LinearLayout::kMaxDims;
  for (int d = 0; d < b.nIn_; ++d)
    if (a.inIndexOf(b.in_[d].id) < 0)
      return std::nullopt;
  std::array<int, kMax> bOut{}; // a's out-dim o is b's out-dim bOut[o], or -1
  std::array<int32_t, kMax> sizeB{};
  int shared = 0;
  for (int o = 0; o < a.nOut_; ++o) {
    bOut[o] = b.outIndexOf(a.out_[o].id);
    sizeB[o] = bOut[o] >= 0 ? b.out_[bOut[o]].size : 1;
    shared += bOut[o] >= 0 ? 1 : 0;
  }
  if (shared != b.nOut_)
    return std::nullopt;
  LinearLayout c;
  for (int o = 0; o < a.nOut_; ++o) {
    if (a.out_[o].size % sizeB[o] != 0)
      return std::nullopt;
    c.addOutDim(a.out_[o].id, a.out_[o].size / sizeB[o]);
  }
  for (int d = 0; d < a.nIn_; ++d) {
    const DimId id = a.in_[d].id;
    const int bd = b.inIndexOf(id);
    const int inA = a.in_[d].count, inB = bd >= 0 ? b.in_[bd].count : 0;
    if (inA < inB)
      return std::nullopt;
    for (int i = 0; i < inB; ++i) {
      const int32_t *pa = a.basisPtr(d, i), *pb = b.basisPtr(bd, i);
      for (int o = 0; o < a.nOut_; ++o)
        if (pa[o] != (bOut[o] >= 0 ? pb[bOut[o]] : 0))
          return std::nullopt;
    }
    const int dst = c.appendInDim(id, inA - inB);
    for (int i = inB; i < inA; ++i) {
      const int32_t *pa = a.basisPtr(d, i);
      int32_t *pc = c.basisPtr(dst, i - inB);
      for (int o = 0; o < a.nOut_; ++o) {
        if (pa[o] % sizeB[o] != 0)
          return std::nullopt;
        pc[o] = pa[o] / sizeB[o];
      }
    }
  }
  if (!c.checkInvariants(a.isSurjective() && b.isSurjective(), /*quiet=*/true) || b * c != a)
    return std::nullopt;
  return c;
}

std::optional<LinearLayout> divideRight(const LinearLayout &a, const LinearLayout &b) {
  auto maybeOut = quotientOutDims(a, b);
  if (!maybeOut)
    return std::nullopt;
  LinearLayout::DimSizes cOut = std::move(*maybeOut);
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
  for (int o = 0; o < nOut_; ++o)
    if (out_[o].size > outer.getInDimSize(nameOf(out_[o].id)))
      layoutError("compose: out-dim '" + nameOf(out_[o].id) + "' (size " +
                  std::to_string(out_[o].size) +
                  ") does not fit the outer layout's in-dim (size " +
                  std::to_string(outer.getInDimSize(nameOf(out_[o].id))) + ")");
  LinearLayout ll;
  ll.nOut_ = outer.nOut_;
  ll.out_ = outer.out_;
  std::array<int, kMaxDims> outerIn{};
  for (int o = 0; o < nOut_; ++o)
    outerIn[o] = outer.inIndexOf(out_[o].id);
  std::array<int32_t, kMaxDims> ins{};
  for (int d = 0; d < nIn_; ++d) {
    int dst = ll.appendInDim(in_[d].id, in_[d].count);
    for (int i = 0; i < in_[d].count; ++i) {
      ins.fill(0);
      const int32_t *b = basisPtr(d, i);
      for (int o = 0; o < nOut_; ++o)
        ins[outerIn[o]] = b[o];
      outer.applyIndexed(ins.data(), ll.basisPtr(dst, i));
    }
  }
  ll.invalidateRank();
  return ll;
}

namespace {

// Solves A X = B as Triton's LinearLayout::lstsq does: X maps B's in-dims to
// A's in-dims, free variables set to zero.  Requires Im(B) within Im(A).
LinearLayout lstsq(const LinearLayout &a, const LinearLayout &b) {
  const int colsA = a.getTotalInDimSizeLog2();
  const int colsB = b.getTotalInDimSizeLog2();
  const f2::Matrix ma = basisMatrix(a, a), mb = basisMatrix(b, a);
  std::optional<f2::Matrix> x = f2::solve(ma, mb);
  if (!x)
    layoutError("invertAndCompose: some output of the layout is not reachable by the layout "
                "being inverted");
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

std::optional<LinearLayout> LinearLayout::composePacked(const LinearLayout &a) const {
  const LinearLayout &b = *this;
  if (a.nOut_ != b.nOut_)
    return std::nullopt;
  // b's out-dim o is a's toA[o]; a must be at least as large on each.
  std::array<int, kMaxDims> toA{};
  bool sameSizes = true;
  for (int o = 0; o < b.nOut_; ++o) {
    toA[o] = a.outIndexOf(b.out_[o].id);
    if (toA[o] < 0 || a.out_[toA[o]].size < b.out_[o].size)
      return std::nullopt;
    sameSizes = sameSizes && a.out_[toA[o]].size == b.out_[o].size;
  }
  const std::array<int, kMaxDims> shift = a.packedOutShifts();
  int outBits = 0;
  for (int o = 0; o < a.nOut_; ++o)
    outBits += log2Floor(static_cast<uint64_t>(a.out_[o].size));
  if (outBits > 62 || a.totalBases() > 62)
    return std::nullopt;
  for (int j = 0; j < a.nIn_; ++j)
    if (a.in_[j].count > 30)
      return std::nullopt; // an out-dim of 2^31 or more: the general path says why not
  auto packedB = [&](int i, int t) {
    const int32_t *bb = b.basisPtr(i, t);
    uint64_t v = 0;
    for (int o = 0; o < b.nOut_; ++o)
      v |= static_cast<uint64_t>(bb[o]) << shift[toA[o]];
    return v;
  };
  // Identity dims: in both, and the same sublayout onto every out-dim (the
  // same bases and, as LinearLayout equality asks, the same out-dim sizes).
  std::array<bool, kMaxDims> identityA{}, identityB{};
  int restA = 0, restB = b.nIn_;
  for (int j = 0; j < a.nIn_; ++j) {
    const int i = b.inIndexOf(a.in_[j].id);
    bool same = sameSizes && i >= 0 && a.in_[j].count == b.in_[i].count;
    for (int t = 0; same && t < a.in_[j].count; ++t)
      same = packedB(i, t) == a.packedBasis(a.in_[j].first + t, shift);
    identityA[j] = same;
    if (same) {
      identityB[i] = true;
      --restB;
    } else {
      ++restA;
    }
  }
  if ((restA == 0) != (restB == 0))
    return std::nullopt; // "the layouts differ only on dims one of them lacks"
  f2::PackedSolver solver; // column c: a's c-th basis outside the identity dims
  std::array<uint8_t, 64> colDim{}, colBit{};
  for (int j = 0; j < a.nIn_; ++j)
    if (!identityA[j])
      for (int t = 0; t < a.in_[j].count; ++t) {
        colDim[solver.columns()] = static_cast<uint8_t>(j);
        colBit[solver.columns()] = static_cast<uint8_t>(t);
        solver.add(a.packedBasis(a.in_[j].first + t, shift));
      }
  LinearLayout r;
  for (int j = 0; j < a.nIn_; ++j)
    r.addOutDim(a.in_[j].id, int32_t{1} << a.in_[j].count);
  for (int i = 0; i < b.nIn_; ++i) {
    const int idx = r.appendInDim(b.in_[i].id, b.in_[i].count);
    const int j = a.inIndexOf(b.in_[i].id);
    for (int t = 0; t < b.in_[i].count; ++t) {
      int32_t *rb = r.basisPtr(idx, t);
      if (identityB[i]) {
        rb[j] = int32_t{1} << t;
        continue;
      }
      const std::optional<uint64_t> x = solver.solve(packedB(i, t));
      if (!x)
        return std::nullopt; // "not reachable by the layout being inverted"
      for (uint64_t m = *x; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        rb[colDim[c]] |= int32_t{1} << colBit[c];
      }
    }
  }
  return r;
}

LinearLayout LinearLayout::invertAndCompose(const LinearLayout &outer) const {
  if (auto fast = composePacked(outer))
    return std::move(*fast);
  return invertAndComposeByDims(outer);
}

LinearLayout LinearLayout::invertAndComposeByDims(const LinearLayout &outer) const {
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
    if (b.hasInDim(d) && a.sublayout({d}, outNames) == b.sublayout({d}, outNames))
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
    layoutError("the layout is not invertible (it must be surjective with as many inputs as "
                "outputs)");
  return pseudoinvert();
}

LinearLayout LinearLayout::pseudoinvert() const {
  LinearLayout identity = empty();
  for (int o = 0; o < nOut_; ++o)
    identity *= identity1D(out_[o].size, nameOf(out_[o].id), nameOf(out_[o].id));
  return identity.invertAndCompose(*this);
}

// --- Printing and equality --------------------------------------------------

std::string LinearLayout::toString() const {
  std::string outDimsStr = "[";
  for (int o = 0; o < nOut_; ++o) {
    if (o)
      outDimsStr += ", ";
    outDimsStr += nameOf(out_[o].id) + " (size " + std::to_string(out_[o].size) + ")";
  }
  outDimsStr += "]";
  if (nIn_ == 0)
    return nOut_ == 0 ? "\n(empty layout)" : "\n(empty layout with out-dims " + outDimsStr + ")";
  std::string ret = "\n";
  for (int d = 0; d < nIn_; ++d) {
    const DimName &name = nameOf(in_[d].id);
    if (in_[d].count == 0) {
      ret += " - " + name + " is a size 1 dimension\n";
      continue;
    }
    ret += " - ";
    for (int i = 0; i < in_[d].count; ++i) {
      if (i)
        ret += "\n   ";
      ret += name + "=" + std::to_string(int64_t{1} << i) + " -> (" +
             joinInts(basisPtr(d, i), nOut_) + ")";
    }
    ret += "\n";
  }
  ret += "where out dims are: " + outDimsStr;
  return ret;
}

bool LinearLayout::equalIgnoringOutDimSizes(const LinearLayout &other) const {
  if (nOut_ != other.nOut_ || nIn_ != other.nIn_)
    return false;
  for (int o = 0; o < nOut_; ++o)
    if (out_[o].id != other.out_[o].id)
      return false;
  for (int d = 0; d < nIn_; ++d)
    if (in_[d].id != other.in_[d].id || in_[d].count != other.in_[d].count)
      return false;
  return data_ == other.data_;
}

bool operator==(const LinearLayout &a, const LinearLayout &b) {
  if (!a.equalIgnoringOutDimSizes(b))
    return false;
  for (int o = 0; o < a.nOut_; ++o)
    if (a.out_[o].size != b.out_[o].size)
      return false;
  return true;
}

} // namespace ls
