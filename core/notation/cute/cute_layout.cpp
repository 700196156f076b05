#include "notation/cute/cute_layout.h"

#include <cctype>

#include "encodings/dot_operand.h"
#include "encodings/linear.h"
#include "layout/layout_utils.h"
#include "util/error.h"
#include "util/limits.h"
#include "util/seq_text.h"

namespace ls::notation::cute {

namespace {

// Column-major multipliers of the tile: index = sum coord[d] * mult[d].
std::vector<int64_t> colMajor(const std::vector<int64_t> &sizes) {
  std::vector<int64_t> m(sizes.size(), 1);
  for (size_t d = 1; d < sizes.size(); ++d)
    m[d] = m[d - 1] * sizes[d - 1];
  return m;
}

struct Mode {
  int64_t size;
  int64_t stride;
};

// cute::coalesce of one mode group: neighbours (n1:s1)(n2:s2) merge when
// s2 == n1*s1 (which also joins runs of stride 0); size-1 modes vanish.
std::vector<Mode> coalesce(const std::vector<Mode> &in) {
  std::vector<Mode> out;
  for (const Mode &m : in) {
    if (m.size == 1)
      continue;
    if (!out.empty() && out.back().size * out.back().stride == m.stride)
      out.back().size *= m.size;
    else
      out.push_back(m);
  }
  return out;
}

// CuTe's print: one mode bare, several in parentheses, none as 1:0.
std::pair<std::string, std::string> groupText(const std::vector<Mode> &modes) {
  if (modes.empty())
    return {"1", "0"};
  if (modes.size() == 1)
    return {std::to_string(modes[0].size), std::to_string(modes[0].stride)};
  std::string s = "(", d = "(";
  for (size_t i = 0; i < modes.size(); ++i) {
    s += (i ? "," : "") + std::to_string(modes[i].size);
    d += (i ? "," : "") + std::to_string(modes[i].stride);
  }
  return {s + ")", d + ")"};
}

// A CuTe integer tuple: a leaf or a parenthesised list.
struct Tuple {
  bool leaf = true;
  int64_t value = 0;
  std::vector<Tuple> items;
  size_t column = 0;
};

class TupleParser {
public:
  TupleParser(std::string_view t, const std::string &field) : t_(t), field_(field) {}
  [[noreturn]] void fail(size_t at, const std::string &rule) const {
    throw Error(field_, "1:" + std::to_string(at + 1) + ": " + rule);
  }
  void skip() {
    while (pos_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[pos_])))
      ++pos_;
  }
  bool eat(char c) {
    skip();
    if (pos_ < t_.size() && t_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  Tuple tuple(int depth = 0) {
    skip();
    Tuple t;
    t.column = pos_;
    if (eat('(')) {
      // One recursion per '(': bounded, or a long run of '(' overflows the stack.
      if (depth >= limits::kMaxNestingDepth)
        fail(t.column,
             "tuples nest deeper than " + std::to_string(limits::kMaxNestingDepth) + " levels");
      t.leaf = false;
      do
        t.items.push_back(tuple(depth + 1));
      while (eat(','));
      if (!eat(')'))
        fail(pos_, "expected ')' or ','");
      return t;
    }
    if (pos_ < t_.size() && t_[pos_] == '_')
      ++pos_; // CuTe's static integers print as _4
    size_t b = pos_;
    while (pos_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[pos_])))
      ++pos_;
    if (b == pos_ || pos_ - b > 12)
      fail(t.column, "expected an integer or '('");
    t.value = std::stoll(std::string(t_.substr(b, pos_ - b)));
    return t;
  }
  size_t pos() const { return pos_; }
  bool atEnd() {
    skip();
    return pos_ == t_.size();
  }

private:
  std::string_view t_;
  std::string field_;
  size_t pos_ = 0;
};

void flatten(const Tuple &shape, const Tuple &stride, const TupleParser &p,
             std::vector<Mode> &out) {
  if (shape.leaf != stride.leaf || (!shape.leaf && shape.items.size() != stride.items.size()))
    p.fail(stride.column, "the stride does not have the shape's nesting");
  if (shape.leaf) {
    out.push_back({shape.value, stride.value});
    return;
  }
  for (size_t i = 0; i < shape.items.size(); ++i)
    flatten(shape.items[i], stride.items[i], p, out);
}

} // namespace

std::string distributedToCute(const LinearLayout &ll, const std::vector<int> &dimOrder) {
  std::vector<int64_t> sizes;
  for (const auto &[name, size] : ll.getOutDims())
    sizes.push_back(size);
  std::vector<int64_t> mult(sizes.size(), 0);
  {
    std::vector<int64_t> ordered;
    std::vector<int> order = dimOrder;
    if (order.empty())
      for (size_t d = 0; d < sizes.size(); ++d)
        order.push_back(static_cast<int>(d));
    for (int d : order)
      ordered.push_back(sizes.at(static_cast<size_t>(d)));
    const std::vector<int64_t> m = colMajor(ordered);
    for (size_t i = 0; i < order.size(); ++i)
      mult[static_cast<size_t>(order[i])] = m[i];
  }
  int64_t used = 0;
  std::vector<Mode> thread, value;
  for (const DimName &in : {kRegister, kLane, kWarp, kBlock}) {
    if (!ll.hasInDim(in))
      continue;
    const auto bases = inDimBases(ll, in);
    for (size_t i = 0; i < bases.size(); ++i) {
      int64_t idx = 0;
      for (size_t d = 0; d < bases[i].size(); ++d)
        idx += bases[i][d] * mult[d];
      if (idx & used)
        throw Error("layout", "no CuTe form: basis " + std::string(in) + "[" + std::to_string(i) +
                                  "] = " + seqText(bases[i]) + " (column-major index " +
                                  std::to_string(idx) +
                                  ") shares bits with earlier bases; CuTe adds strides where a "
                                  "linear layout XORs them");
      used |= idx;
      (in == kRegister ? value : thread).push_back({2, idx});
    }
  }
  auto [ts, td] = groupText(coalesce(thread));
  auto [vs, vd] = groupText(coalesce(value));
  return "(" + ts + "," + vs + "):(" + td + "," + vd + ")";
}

std::string encodingToCute(const Encoding &enc, const Shape &shape) {
  // CUTLASS's MMA traits index the B operand as an (N, K) tile; Triton's
  // dot operand 1 is (K, N). Writing it with N fastest gives CUTLASS's BLayout.
  std::vector<int> order;
  if (enc.kind() == EncodingKind::DotOperand && shape.size() == 2) {
    const auto &d = static_cast<const DotOperandEncoding &>(enc);
    if (d.opIdx == 1 && d.parent->kind() == EncodingKind::NvidiaMma)
      order = {1, 0};
  }
  return distributedToCute(enc.toLinearLayout(shape), order);
}

LinearLayout readCuteDistributed(std::string_view text, const Shape &shape, int threadsPerWarp,
                                 const std::string &field) {
  TupleParser p(text, field);
  const Tuple sh = p.tuple();
  if (!p.eat(':'))
    p.fail(p.pos(), "expected ':' between the shape and the stride");
  const Tuple st = p.tuple();
  if (!p.atEnd())
    p.fail(p.pos(), "unexpected text after the stride");
  if (sh.leaf || sh.items.size() != 2)
    p.fail(sh.column, "a thread-value layout has two top-level modes: (threads, values)");
  if (st.leaf || st.items.size() != 2)
    p.fail(st.column, "the stride does not have the shape's nesting (two top-level modes)");
  if (shape.empty())
    throw Error("--shape", "a CuTe layout needs the tile shape");
  const std::vector<int64_t> mult = colMajor(shape);
  const int64_t total = mult.back() * shape.back();
  if (threadsPerWarp < 1 || threadsPerWarp > 1024 || (threadsPerWarp & (threadsPerWarp - 1)))
    throw Error("--threads-per-warp",
                "must be a power of two up to 1024, got " + std::to_string(threadsPerWarp));
  int lanesLog2 = 0;
  while ((1 << lanesLog2) < threadsPerWarp)
    ++lanesLog2;
  std::vector<std::vector<int32_t>> groups[2];
  int64_t used = 0;
  for (int g = 0; g < 2; ++g) {
    std::vector<Mode> modes;
    flatten(sh.items[g], st.items[g], p, modes);
    for (size_t m = 0; m < modes.size(); ++m) {
      const auto [size, stride] = modes[m];
      const std::string name = std::string(g ? "value" : "thread") + " mode " + std::to_string(m);
      if (size < 1 || (size & (size - 1)))
        throw Error(field, name + ": size " + std::to_string(size) +
                               " is not a power of two (a linear layout has one bit per basis)");
      for (int64_t j = 1; j < size; j <<= 1) {
        const int64_t idx = stride * j;
        if (idx >= total)
          throw Error(field, name + ": index " + std::to_string(idx) + " (stride " +
                                 std::to_string(stride) + ") is outside the " + seqText(shape) +
                                 " tile");
        if (idx & used)
          throw Error(field, name + ": index " + std::to_string(idx) +
                                 " shares bits with earlier modes; only strides with disjoint "
                                 "bits are linear over GF(2)");
        used |= idx;
        std::vector<int32_t> coord(shape.size());
        for (size_t d = 0; d < shape.size(); ++d)
          coord[d] = static_cast<int32_t>((idx / mult[d]) % shape[d]);
        groups[g].push_back(coord);
      }
    }
  }
  if (used != total - 1)
    throw Error(field, "the layout does not reach every element of the " + seqText(shape) +
                           " tile (a distributed layout covers its tile)");
  std::vector<std::vector<int32_t>> lane, warp;
  const std::vector<int32_t> zero(shape.size(), 0);
  for (size_t i = 0; i < groups[0].size(); ++i)
    (static_cast<int>(i) < lanesLog2 ? lane : warp).push_back(groups[0][i]);
  while (static_cast<int>(lane.size()) < lanesLog2)
    lane.push_back(zero); // fewer threads than a warp: the rest hold copies
  LinearLayout ll = LinearEncoding::fromBases(groups[1], lane, warp, {});
  std::vector<int64_t> got;
  for (const auto &[n, s] : ll.getOutDims())
    got.push_back(s);
  got.resize(shape.size(), 1);
  if (got != shape || ll.getNumOutDims() != static_cast<int>(shape.size()))
    throw Error(field, "the layout covers a " + seqText(got) + " tile, not the " + seqText(shape) +
                           " of --shape");
  return ll;
}

} // namespace ls::notation::cute
