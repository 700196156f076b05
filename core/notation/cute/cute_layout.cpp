#include "notation/cute/cute_layout.h"
#include "notation/cute/cute_tuple.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <map>

#include "encodings/dot_operand.h"
#include "encodings/linear.h"
#include "encodings/padded_shared.h"
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
  if (enc.isTensorMemory())
    throw Error("layout", "tensor-memory layouts have no CuTe form here (they map TMEM rows and "
                          "columns, not threads or offsets)");
  if (enc.kind() == EncodingKind::PaddedShared)
    throw Error("layout", "padded_shared: the padding is not linear, and its CuTe form is not "
                          "written; the linear component alone would be an approximation");
  if (enc.isShared())
    return sharedToCute(enc.toLinearLayout(shape));
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
  const auto [sh, st] = p.shapeAndStride();
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
      if (size > 1 && stride >= total)
        throw Error(field, name + ": index " + std::to_string(stride) + " (stride " +
                               std::to_string(stride) + ") is outside the " + seqText(shape) +
                               " tile");
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

namespace {

int log2i(int64_t v) {
  return std::countr_zero(static_cast<uint64_t>(v));
}

std::string swizzleText(int b, int m, int s) {
  return "Swizzle<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + ">";
}

} // namespace

std::string sharedToCute(const LinearLayout &ll) {
  std::vector<int64_t> sizes;
  for (const auto &[name, size] : ll.getOutDims())
    sizes.push_back(size);
  const std::vector<int64_t> mult = colMajor(sizes);
  const int64_t total = mult.back() * sizes.back();
  const auto blocks = inDimBases(ll, kBlock);
  for (size_t i = 0; i < blocks.size(); ++i)
    if (std::any_of(blocks[i].begin(), blocks[i].end(), [](int32_t x) { return x != 0; }))
      throw Error("layout", "no CuTe form: basis block[" + std::to_string(i) +
                                "] = " + seqText(blocks[i]) +
                                " moves to another CTA's tile; a CuTe shared layout is one CTA's "
                                "tile (give the shape per CTA)");
  const auto offsets = inDimBases(ll, kOffset);
  const size_t n = offsets.size();
  auto name = [&](size_t o) {
    return "basis offset[" + std::to_string(o) + "] = " + seqText(offsets[o]);
  };
  std::vector<int64_t> c(n);
  {
    // Each basis's column-major index; the offsets must be a bijection onto the tile.
    std::vector<int64_t> span; // reduced rows, for the independence check
    for (size_t o = 0; o < n; ++o) {
      for (size_t d = 0; d < offsets[o].size(); ++d)
        c[o] += offsets[o][d] * mult[d];
      if (c[o] == 0)
        throw Error("layout", "no CuTe form: " + name(o) +
                                  " is zero: two offsets hold one element, and a CuTe layout "
                                  "gives each element one offset");
      int64_t r = c[o];
      for (int64_t row : span)
        r = std::min(r, r ^ row);
      if (r == 0)
        throw Error("layout", "no CuTe form: " + name(o) + " (column-major index " +
                                  std::to_string(c[o]) +
                                  ") is the XOR of earlier bases: two offsets hold one element");
      span.push_back(r);
      std::sort(span.rbegin(), span.rend());
    }
    if (int64_t{1} << n != total)
      throw Error("layout", "no CuTe form: the offsets do not reach every element of the " +
                                seqText(sizes) + " tile");
  }
  // p[o]: the index bit offset o holds before swizzling (the affine part).
  std::vector<int> p(n, -1);
  std::string text;
  // The common case: every swizzled offset is one new bit XOR bits of earlier
  // unswizzled offsets. The XORs commute, and each run of one shift with
  // consecutive sources is one Swizzle<B,M,S> (B <= S).
  bool simple = true;
  {
    std::map<int, int> unswizzled;
    std::map<int, std::vector<std::pair<int, int>>> pairsByShift; // shift -> (source, target)
    int64_t used = 0;
    for (size_t o = 0; o < n && simple; ++o) {
      int64_t rest = c[o];
      std::vector<int> targets;
      if (std::popcount(static_cast<uint64_t>(c[o])) > 1)
        for (int k = 0; k < 63; ++k)
          if (((c[o] >> k) & 1) && unswizzled.count(k)) {
            rest ^= int64_t{1} << k;
            targets.push_back(unswizzled[k]);
          }
      if (std::popcount(static_cast<uint64_t>(rest)) != 1 || (rest & used)) {
        simple = false;
        break;
      }
      used |= rest;
      p[o] = log2i(rest);
      if (targets.empty())
        unswizzled[p[o]] = static_cast<int>(o);
      for (int t : targets)
        pairsByShift[static_cast<int>(o) - t].push_back({static_cast<int>(o), t});
    }
    if (simple)
      for (auto &[shift, pairs] : pairsByShift) {
        std::sort(pairs.begin(), pairs.end());
        size_t i = 0;
        while (i < pairs.size()) {
          size_t j = i + 1;
          while (j < pairs.size() && pairs[j].first == pairs[j - 1].first + 1 &&
                 static_cast<int>(j - i) < shift)
            ++j;
          text += swizzleText(static_cast<int>(j - i), pairs[i].second, shift) + " o ";
          i = j;
        }
      }
  }
  if (!simple) {
    // Any other bijection: choose the affine part (single-bit bases keep their
    // bit, others take their highest free bit), then T = P o L maps offsets to
    // unswizzled offsets; Gauss-Jordan writes T as XORs of one offset bit into
    // another (E_k ... E_1 T = I), each a one-bit Swizzle<1,M,S> (S < 0 XORs a
    // lower bit into a higher one, as CuTe allows), and the swizzle on offsets
    // is T^-1 = E_k o ... o E_1.
    std::fill(p.begin(), p.end(), -1);
    int64_t used = 0;
    for (size_t o = 0; o < n; ++o)
      if (std::popcount(static_cast<uint64_t>(c[o])) == 1 && !(c[o] & used)) {
        p[o] = log2i(c[o]);
        used |= c[o];
      }
    for (size_t o = 0; o < n; ++o)
      if (p[o] < 0 && (c[o] & ~used)) {
        p[o] = 63 - std::countl_zero(static_cast<uint64_t>(c[o] & ~used));
        used |= int64_t{1} << p[o];
      }
    for (size_t o = 0; o < n; ++o)
      if (p[o] < 0) {
        p[o] = std::countr_zero(static_cast<uint64_t>(~used));
        used |= int64_t{1} << p[o];
      }
    std::vector<int> offsetOfBit(64, -1);
    for (size_t o = 0; o < n; ++o)
      offsetOfBit[static_cast<size_t>(p[o])] = static_cast<int>(o);
    std::vector<int64_t> t(n, 0); // column o: T(e_o) over offset bits
    for (size_t o = 0; o < n; ++o)
      for (int b = 0; b < 63; ++b)
        if ((c[o] >> b) & 1)
          t[o] |= int64_t{1} << offsetOfBit[static_cast<size_t>(b)];
    std::vector<std::pair<int, int>> ops; // (source bit, target bit), in the order applied
    auto apply = [&](int src, int tgt) {
      for (int64_t &col : t)
        if ((col >> src) & 1)
          col ^= int64_t{1} << tgt;
      ops.push_back({src, tgt});
    };
    for (size_t j = 0; j < n; ++j) {
      const int jj = static_cast<int>(j);
      if (!((t[j] >> jj) & 1)) {
        int i = jj + 1;
        while (i < static_cast<int>(n) && !((t[j] >> i) & 1))
          ++i;
        apply(i, jj); // exists: T is invertible
      }
      for (int r = 0; r < static_cast<int>(n); ++r)
        if (r != jj && ((t[j] >> r) & 1))
          apply(jj, r);
    }
    // Text order E_k o ... o E_1; neighbours of one shift on consecutive bits
    // (at most |S| of them) are one Swizzle<B,M,S>.
    std::reverse(ops.begin(), ops.end());
    size_t i = 0;
    while (i < ops.size()) {
      const int shift = ops[i].first - ops[i].second;
      size_t j = i + 1;
      while (j < ops.size() && ops[j].first - ops[j].second == shift &&
             ops[j].second == ops[j - 1].second + 1 && static_cast<int>(j - i) < std::abs(shift))
        ++j;
      text += swizzleText(static_cast<int>(j - i), std::min(ops[i].first, ops[i].second), shift) +
              " o ";
      i = j;
    }
  }
  if (text.empty())
    text = swizzleText(0, 0, 0) + " o ";
  std::vector<int> offsetOfBit(64, -1);
  for (size_t o = 0; o < p.size(); ++o)
    offsetOfBit[static_cast<size_t>(p[o])] = static_cast<int>(o);
  std::vector<std::pair<std::string, std::string>> dims;
  for (size_t d = 0; d < sizes.size(); ++d) {
    std::vector<Mode> modes;
    for (int j = 0; (int64_t{1} << j) < sizes[d]; ++j)
      modes.push_back({2, int64_t{1} << offsetOfBit[static_cast<size_t>(log2i(mult[d]) + j)]});
    dims.push_back(groupText(coalesce(modes)));
  }
  if (dims.size() == 1)
    return text + dims[0].first + ":" + dims[0].second;
  std::string sh = "(", st = "(";
  for (size_t d = 0; d < dims.size(); ++d) {
    sh += (d ? "," : "") + dims[d].first;
    st += (d ? "," : "") + dims[d].second;
  }
  return text + sh + "):" + st + ")";
}

bool isCuteShared(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  return text.substr(0, 8) == "Swizzle<" || text.substr(0, 3) == "Sw<";
}

LinearLayout readCuteShared(std::string_view text, const std::optional<Shape> &shapeArg,
                            const std::string &field) {
  TupleParser p(text, field);
  struct Swz {
    int64_t b, m, s;
    size_t column;
  };
  std::vector<Swz> swizzles;
  for (;;) {
    p.skip();
    const size_t at = p.pos();
    if (!p.word("Swizzle<") && !p.word("Sw<"))
      break;
    Swz z{0, 0, 0, at};
    // B and M are counts of bits: CuTe asserts both >= 0.
    auto count = [&](const char *name) {
      p.skip();
      const size_t c = p.pos();
      if (p.eat('-'))
        p.fail(c, std::string("Swizzle<B,M,S>: ") + name + " must be >= 0 (a number of bits; " +
                      "CuTe asserts it)");
      return p.integer();
    };
    z.b = count("B");
    if (!p.eat(','))
      p.fail(p.pos(), "expected ',' in Swizzle<B,M,S>");
    z.m = count("M");
    // S may be left out: CuTe's Swizzle<B,M,S = B>.
    if (p.eat(',')) {
      const bool negative = p.eat('-');
      z.s = p.integer() * (negative ? -1 : 1);
    } else {
      z.s = z.b;
    }
    if (!p.eat('>'))
      p.fail(p.pos(), "expected ',' or '>' in Swizzle<B,M,S>");
    // The one rule that fails, named: CuTe's own assertion, then this
    // reader's ranges.
    const std::string head = "Swizzle<" + std::to_string(z.b) + "," + std::to_string(z.m) + "," +
                             std::to_string(z.s) + ">: ";
    if (std::abs(z.s) < z.b)
      p.fail(at, head + "CuTe asserts |S| >= B");
    if (z.b > 20)
      p.fail(at, head + "B is at most 20 here");
    if (z.m > 40)
      p.fail(at, head + "M is at most 40 here");
    if (std::abs(z.s) > 40)
      p.fail(at, head + "|S| is at most 40 here");
    if (z.m + std::abs(z.s) + z.b > 60)
      p.fail(at, head + "M + |S| + B is at most 60 here (the swizzled bits must fit an offset)");
    if (!p.eat('o'))
      p.fail(p.pos(), "expected 'o' (composition) after the swizzle");
    swizzles.push_back(z);
  }
  if (swizzles.empty())
    p.fail(p.pos(), "a CuTe shared layout starts with Swizzle<B,M,S> o");
  // CuTe prints a ComposedLayout's offset between the swizzle and the layout:
  // `_0`, or `smem_ptr[16b](unset)` for CUTLASS's position-independent
  // swizzles (GMMA::Layout_K_SW128_Atom<half_t> prints
  // `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`): the layout is in
  // elements of that many bits, the swizzle in bytes, so its M is moved to
  // element units (recast_layout<uint8_t, uint_bit_t<16>>: M 4 -> 3).
  {
    const size_t save = p.pos();
    p.skip();
    const size_t at = p.pos();
    if (p.word("smem_ptr[")) {
      const int64_t bits = p.integer();
      if (!p.eat('b') || !p.eat(']'))
        p.fail(p.pos(), "expected 'b]' in smem_ptr[<bits>b]");
      if (p.eat('(')) {
        if (!p.word("unset") || !p.eat(')'))
          p.fail(p.pos(), "expected '(unset)' after smem_ptr[<bits>b]");
      }
      if (!p.eat('o'))
        p.fail(p.pos(), "expected 'o' (composition) after smem_ptr[...]");
      if (bits < 1 || bits > 64 || (bits & (bits - 1)))
        p.fail(at + 9, "smem_ptr[" + std::to_string(bits) +
                           "b]: an element of 1, 2, 4, 8, 16, 32 or 64 bits");
      // log2(bits / 8): bytes -> elements.
      int shift = 0;
      for (int64_t b = bits; b > 8; b >>= 1)
        ++shift;
      for (int64_t b = bits; b < 8; b <<= 1)
        --shift;
      for (Swz &z : swizzles) {
        if (z.b > 0 && z.m < shift)
          p.fail(z.column, "Swizzle<" + std::to_string(z.b) + "," + std::to_string(z.m) + "," +
                               std::to_string(z.s) + "> on bytes swizzles inside a " +
                               std::to_string(bits) + "-bit element");
        z.m -= z.b > 0 ? shift : 0;
      }
    } else {
      Tuple t = p.tuple();
      if (t.leaf && p.eat('o')) {
        if (t.value != 0)
          p.fail(at, "a swizzled layout's offset must be 0, got " + std::to_string(t.value));
      } else {
        p.setPos(save);
      }
    }
  }
  const auto [sh, st] = p.shapeAndStride();
  std::vector<std::vector<Mode>> dimModes;
  if (sh.leaf) {
    dimModes.emplace_back();
    flatten(sh, st, p, dimModes.back());
  } else {
    if (st.leaf || st.items.size() != sh.items.size())
      p.fail(st.column, "the stride does not have the shape's nesting");
    for (size_t d = 0; d < sh.items.size(); ++d) {
      dimModes.emplace_back();
      flatten(sh.items[d], st.items[d], p, dimModes.back());
    }
  }
  Shape atom;
  for (size_t d = 0; d < dimModes.size(); ++d) {
    int64_t n = 1;
    for (size_t m = 0; m < dimModes[d].size(); ++m) {
      const int64_t size = dimModes[d][m].size;
      if (size < 1 || (size & (size - 1)))
        throw Error(field, "dim " + std::to_string(d) + " mode " + std::to_string(m) + ": size " +
                               std::to_string(size) +
                               " is not a power of two (a linear layout has one bit per basis)");
      n *= size;
      if (n > (int64_t{1} << 30))
        throw Error(field, "dim " + std::to_string(d) + " is larger than 2^30");
    }
    atom.push_back(n);
  }
  if (atom.size() > static_cast<size_t>(kMaxRank))
    throw Error(field, "more than " + std::to_string(kMaxRank) + " dimensions");
  int64_t atomSize = 1;
  for (int64_t n : atom)
    atomSize *= n;
  if (atomSize > (int64_t{1} << 40))
    throw Error(field, "the tile has more than 2^40 elements");
  // --shape larger than the layout: tile it as CuTe's tile_to_shape does
  // (repeats column-major, each repeat one atom's size further on).
  Shape shape = atom;
  if (shapeArg) {
    if (shapeArg->size() != atom.size())
      throw Error("--shape", "has " + std::to_string(shapeArg->size()) +
                                 " dimensions but the CuTe layout has " +
                                 std::to_string(atom.size()) + " top-level modes");
    int64_t stride = atomSize;
    for (size_t d = 0; d < atom.size(); ++d) {
      const int64_t want = (*shapeArg)[static_cast<size_t>(d)];
      if (want < atom[d] || want % atom[d] != 0 || (want & (want - 1)) || want > (int64_t{1} << 30))
        throw Error("--shape", seqText(*shapeArg) +
                                   " is not a power-of-two multiple of the CuTe "
                                   "layout's tile " +
                                   seqText(atom));
      if (want > atom[d]) {
        dimModes[d].push_back({want / atom[d], stride});
        stride *= want / atom[d];
      }
    }
    shape = *shapeArg;
    if (stride > (int64_t{1} << 40))
      throw Error("--shape", "the tile has more than 2^40 elements");
  }
  const std::vector<int64_t> mult = colMajor(shape);
  const int64_t total = mult.back() * shape.back();
  const int n = log2i(total);
  // Coordinate bit -> offset mask (the affine part).
  std::vector<int64_t> toOffset(static_cast<size_t>(n), 0);
  int64_t used = 0;
  for (size_t d = 0; d < dimModes.size(); ++d) {
    int bit = log2i(mult[d]);
    for (size_t m = 0; m < dimModes[d].size(); ++m) {
      const auto [size, stride] = dimModes[d][m];
      const std::string where = "dim " + std::to_string(d) + " mode " + std::to_string(m);
      if (size > 1 && (stride <= 0 || (stride & (stride - 1))))
        throw Error(field, where + ": stride " + std::to_string(stride) +
                               " is not a power of two (each coordinate bit must land on one "
                               "offset bit)");
      if (size > 1 && stride >= total)
        throw Error(field, where + ": offset " + std::to_string(stride) + " (stride " +
                               std::to_string(stride) + ") is outside the tile's " +
                               std::to_string(total) + " elements");
      for (int64_t j = 1; j < size; j <<= 1, ++bit) {
        const int64_t off = stride * j;
        if (off >= total)
          throw Error(field, where + ": offset " + std::to_string(off) + " (stride " +
                                 std::to_string(stride) + ") is outside the tile's " +
                                 std::to_string(total) + " elements");
        if (off & used)
          throw Error(field, where + ": offset " + std::to_string(off) +
                                 " is already taken by an earlier mode (two elements at one "
                                 "offset)");
        used |= off;
        toOffset[static_cast<size_t>(bit)] = off;
      }
    }
  }
  // Swizzles, the rightmost applied first.
  for (auto it = swizzles.rbegin(); it != swizzles.rend(); ++it) {
    if (it->b == 0)
      continue;
    // CuTe: yyy = B bits at M + max(0,S), moved by S (right; left for S < 0).
    const int64_t yyy = ((int64_t{1} << it->b) - 1) << (it->m + std::max<int64_t>(0, it->s));
    for (int64_t &m : toOffset) {
      m ^= it->s >= 0 ? (m & yyy) >> it->s : (m & yyy) << -it->s;
      if (m >= total)
        throw Error(field, "Swizzle<" + std::to_string(it->b) + "," + std::to_string(it->m) + "," +
                               std::to_string(it->s) + "> moves an element to offset " +
                               std::to_string(m) + ", outside the tile's " + std::to_string(total) +
                               " elements");
    }
  }
  // Invert (coordinate bits -> offset bits) over GF(2).
  std::vector<std::pair<int64_t, int64_t>> rows; // (offset mask, coordinate mask)
  for (int i = 0; i < n; ++i)
    rows.push_back({toOffset[static_cast<size_t>(i)], int64_t{1} << i});
  for (int o = 0; o < n; ++o) {
    size_t piv = static_cast<size_t>(o);
    while (piv < rows.size() && !((rows[piv].first >> o) & 1))
      ++piv;
    if (piv == rows.size())
      throw Error(field, "the layout does not reach offset " + std::to_string(int64_t{1} << o) +
                             " of the tile's " + std::to_string(total) +
                             " elements (a shared layout fills its allocation)");
    std::swap(rows[piv], rows[static_cast<size_t>(o)]);
    for (size_t r = 0; r < rows.size(); ++r)
      if (r != static_cast<size_t>(o) && ((rows[r].first >> o) & 1)) {
        rows[r].first ^= rows[static_cast<size_t>(o)].first;
        rows[r].second ^= rows[static_cast<size_t>(o)].second;
      }
  }
  std::vector<LinearLayout::Basis> offsetBases;
  for (int o = 0; o < n; ++o) {
    const int64_t c = rows[static_cast<size_t>(o)].second;
    LinearLayout::Basis b(shape.size());
    for (size_t d = 0; d < shape.size(); ++d)
      b[d] = static_cast<int32_t>((c / mult[d]) % shape[d]);
    offsetBases.push_back(b);
  }
  LinearLayout::DimSizes outs;
  for (size_t d = 0; d < shape.size(); ++d)
    outs.push_back(
        {standardOutDimNames(static_cast<int>(shape.size()))[d], static_cast<int32_t>(shape[d])});
  return LinearLayout({{kOffset, offsetBases}, {kBlock, {}}}, outs, true);
}

} // namespace ls::notation::cute
