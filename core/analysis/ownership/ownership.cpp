#include "analysis/ownership/ownership.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <thread>

#include "f2/f2matrix.h"
#include "util/bits.h"
#include "util/error.h"
#include "util/limits.h"

namespace ls {

Ownership::Ownership(const LinearLayout &layout) : layout_(layout) {
  const auto outs = layout.getOutDims();
  const int rank = static_cast<int>(outs.size());
  // Standard dim order dim0..dim{rank-1}.
  std::vector<DimName> std;
  for (int i = 0; i < rank; ++i)
    std.push_back("dim" + std::to_string(i));
  for (const auto &[n, s] : outs)
    if (std::find(std.begin(), std.end(), n) == std.end())
      throw Error("layout", "out-dims must be dim0..dim" + std::to_string(rank - 1) +
                                ", found '" + n + "'");
  layout_ = layout.transposeOuts(std);
  for (const auto &[n, s] : layout_.getOutDims())
    shape_.push_back(s);
  // dim0 is the most significant field of the element index.
  elemShift_.assign(rank, 0);
  int acc = 0;
  for (int d = rank - 1; d >= 0; --d) {
    elemShift_[d] = acc;
    acc += log2Floor(static_cast<uint64_t>(shape_[d]));
  }
  outBitsTotal_ = acc;
  if (outBitsTotal_ > limits::kMaxOwnershipLog2)
    throw Error("shape", "ownership maps support at most 2^" +
                             std::to_string(limits::kMaxOwnershipLog2) + " elements");
  for (const auto &[n, s] : layout_.getInDims()) {
    inNames_.push_back(n);
    inBits_.push_back(log2Floor(static_cast<uint64_t>(s)));
  }
  inBitsTotal_ = layout_.getTotalInDimSizeLog2();
  if (inBitsTotal_ > 32)
    throw Error("layout", "ownership maps support at most 2^32 hardware locations");

  for (const auto &[n, bases] : layout_.getBases())
    for (const auto &b : bases) {
      uint64_t e = 0;
      for (int d = 0; d < rank; ++d)
        e |= static_cast<uint64_t>(b[d]) << elemShift_[d];
      forward_.push_back(e);
    }

  // Matrix: rows = element bits, cols = location bits.
  f2::Matrix m(outBitsTotal_, inBitsTotal_);
  for (int c = 0; c < inBitsTotal_; ++c)
    for (int r = 0; r < outBitsTotal_; ++r)
      if ((forward_[c] >> r) & 1)
        m.set(r, c, true);
  for (const auto &v : m.nullSpace()) {
    uint64_t k = 0;
    for (int c = 0; c < inBitsTotal_; ++c)
      if (v[c])
        k |= uint64_t{1} << c;
    kernel_.push_back(k);
  }
  // Pseudo-inverse per element bit: solve L x = e_r (free variables zero).
  f2::Matrix rhs(outBitsTotal_, outBitsTotal_);
  for (int r = 0; r < outBitsTotal_; ++r)
    rhs.set(r, r, true);
  backward_.assign(outBitsTotal_, ~uint64_t{0});
  f2::Matrix aug = m.concatColumns(rhs);
  std::vector<int> pivots;
  int rank2 = aug.reduceToRowEchelon(&pivots);
  // Row i: x[pivot_i] = combination of rhs columns set in that row.
  std::vector<uint64_t> solution(outBitsTotal_, 0);
  bool reachable = true;
  for (int i = 0; i < rank2; ++i) {
    int p = pivots[i];
    if (p >= inBitsTotal_) {
      reachable = false;
      continue;
    }
    for (int r = 0; r < outBitsTotal_; ++r)
      if (aug.get(i, inBitsTotal_ + r))
        solution[r] |= uint64_t{1} << p;
  }
  if (reachable)
    backward_ = solution;
  else
    for (int r = 0; r < outBitsTotal_; ++r) {
      // Keep per-bit solutions; queries verify with a forward check.
      backward_[r] = solution[r];
    }
}

int64_t Ownership::replication() const {
  return isSurjective() ? (int64_t{1} << kernel_.size()) : 0;
}

uint64_t Ownership::packLocation(const std::vector<int32_t> &coords) const {
  require(coords.size() == inBits_.size(), "Ownership::packLocation: wrong arity");
  uint64_t loc = 0;
  int shift = 0;
  for (size_t i = 0; i < coords.size(); ++i) {
    loc |= static_cast<uint64_t>(coords[i]) << shift;
    shift += inBits_[i];
  }
  return loc;
}

std::vector<int32_t> Ownership::unpackLocation(uint64_t location) const {
  std::vector<int32_t> c;
  int shift = 0;
  for (int b : inBits_) {
    c.push_back(static_cast<int32_t>((location >> shift) & ((uint64_t{1} << b) - 1)));
    shift += b;
  }
  return c;
}

uint64_t Ownership::packElement(const std::vector<int64_t> &coords) const {
  require(coords.size() == shape_.size(), "Ownership::packElement: wrong arity");
  uint64_t e = 0;
  for (size_t d = 0; d < coords.size(); ++d)
    e |= static_cast<uint64_t>(coords[d]) << elemShift_[d];
  return e;
}

std::vector<int64_t> Ownership::unpackElement(uint64_t element) const {
  std::vector<int64_t> c(shape_.size());
  for (size_t d = 0; d < shape_.size(); ++d)
    c[d] = static_cast<int64_t>((element >> elemShift_[d]) & (static_cast<uint64_t>(shape_[d]) - 1));
  return c;
}

uint64_t Ownership::elementAt(uint64_t location) const {
  uint64_t e = 0;
  for (int i = 0; location; ++i, location >>= 1)
    if (location & 1)
      e ^= forward_[i];
  return e;
}

uint64_t Ownership::firstOwner(uint64_t element) const {
  uint64_t loc = 0;
  uint64_t e = element;
  for (int r = 0; e; ++r, e >>= 1)
    if (e & 1)
      loc ^= backward_[r];
  if (elementAt(loc) != element)
    return ~uint64_t{0};
  return loc;
}

std::vector<uint64_t> Ownership::ownersOf(uint64_t element) const {
  uint64_t first = firstOwner(element);
  if (first == ~uint64_t{0})
    return {};
  std::vector<uint64_t> owners;
  owners.reserve(size_t{1} << kernel_.size());
  const size_t n = size_t{1} << kernel_.size();
  uint64_t cur = first;
  owners.push_back(cur);
  for (size_t g = 1; g < n; ++g) {
    cur ^= kernel_[std::countr_zero(g)];
    owners.push_back(cur);
  }
  std::sort(owners.begin(), owners.end());
  return owners;
}

namespace {
// Fills table[x] = xor of basis[i] over the set bits i of x, for every x, in
// increasing order: going from x-1 to x flips bits 0..ctz(x), so one xor with
// the prefix xor of those bases suffices and the writes stay sequential.
OwnerTable xorTable(const std::vector<uint64_t> &basis, int bits) {
  // Low bits: a small table of every combination; high bits: one xor per
  // block, then a vectorisable xor of the block with the small table.
  const int low = std::min(bits, 10);
  const size_t lowSize = size_t{1} << low;
  std::vector<uint32_t> lowTable(lowSize, 0);
  for (size_t x = 1; x < lowSize; ++x) {
    int bit = std::countr_zero(x);
    lowTable[x] = lowTable[x & (x - 1)] ^ static_cast<uint32_t>(basis[bit]);
  }
  const size_t blocks = size_t{1} << (bits - low);
  OwnerTable table(lowSize * blocks);
  auto fill = [&](size_t hBegin, size_t hEnd) {
    for (size_t h = hBegin; h < hEnd; ++h) {
      uint32_t base = 0;
      for (size_t v = h, i = static_cast<size_t>(low); v; v >>= 1, ++i)
        if (v & 1)
          base ^= static_cast<uint32_t>(basis[i]);
      uint32_t *dst = table.data() + h * lowSize;
      for (size_t x = 0; x < lowSize; ++x)
        dst[x] = base ^ lowTable[x];
    }
  };
  // Tables of a million entries or more are split across threads.
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const size_t nThreads = table.size() >= (size_t{1} << 20) ? std::min<size_t>({hw, 8, blocks}) : 1;
  if (nThreads <= 1) {
    fill(0, blocks);
    return table;
  }
  std::vector<std::thread> workers;
  const size_t per = (blocks + nThreads - 1) / nThreads;
  for (size_t t = 1; t < nThreads; ++t)
    workers.emplace_back(fill, std::min(blocks, t * per), std::min(blocks, (t + 1) * per));
  fill(0, std::min(blocks, per));
  for (auto &w : workers)
    w.join();
  return table;
}
} // namespace

OwnerTable Ownership::elementTable() const { return xorTable(forward_, inBitsTotal_); }

OwnerTable Ownership::firstOwnerTable() const {
  if (!isSurjective())
    throw Error("layout", "not every element has an owner (the layout is not surjective)");
  return xorTable(backward_, outBitsTotal_);
}

} // namespace ls
