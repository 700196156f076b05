#include "audit/pointer_strides.h"

#include <string>

namespace ls::audit {

namespace {

// A value's known affine form: strides per dim (empty for scalars) and, when
// the value is one known constant everywhere, that constant.
struct Affine {
  std::vector<int64_t> strides;
  std::optional<int64_t> constant;
};

int rankOf(const ir::Module &m, int v) { return static_cast<int>(m.values[v].shape().size()); }

// `dense<16> : tensor<...>` / `16 : i32` -> 16.
std::optional<int64_t> constantValue(const ir::Operation &op) {
  auto text = op.attribute("value");
  if (!text)
    return std::nullopt;
  std::string t = *text;
  if (t.rfind("dense<", 0) == 0)
    t = t.substr(6);
  size_t i = 0;
  bool neg = false;
  if (i < t.size() && t[i] == '-') {
    neg = true;
    ++i;
  }
  if (i >= t.size() || !std::isdigit(static_cast<unsigned char>(t[i])))
    return std::nullopt;
  int64_t v = 0;
  for (; i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])); ++i) {
    v = v * 10 + (t[i] - '0');
    if (v > (int64_t{1} << 40))
      return std::nullopt;
  }
  if (i < t.size() && (t[i] == '.' || t[i] == 'e'))
    return std::nullopt; // a float
  return neg ? -v : v;
}

class Tracer {
public:
  explicit Tracer(const ir::Module &m) : m_(m) {}

  std::optional<Affine> trace(int v, int depth = 0) {
    if (v < 0 || depth > 64)
      return std::nullopt;
    const ir::SsaValue &val = m_.values[v];
    const int rank = rankOf(m_, v);
    if (val.isBlockArgument())
      return traceBlockArgument(val, depth);
    const ir::Operation &op = m_.ops[val.definingOp];
    const std::string &n = op.name;
    auto operand = [&](size_t k) -> std::optional<Affine> {
      return k < op.operands.size() ? trace(op.operands[k], depth + 1) : std::nullopt;
    };
    if (n == "arith.constant") {
      Affine a{std::vector<int64_t>(rank, 0), constantValue(op)};
      return a;
    }
    if (n == "tt.make_range") {
      if (rank != 1)
        return std::nullopt;
      return Affine{{1}, std::nullopt};
    }
    if (n == "tt.splat") {
      auto s = operand(0);
      Affine a{std::vector<int64_t>(rank, 0), s ? s->constant : std::nullopt};
      return a;
    }
    if (n == "tt.get_program_id" || n == "tt.get_num_programs")
      return Affine{std::vector<int64_t>(rank, 0), std::nullopt};
    if (n == "tt.expand_dims") {
      auto a = operand(0);
      auto axis = op.intAttribute("axis");
      if (!a || !axis || *axis < 0 || *axis > static_cast<int64_t>(a->strides.size()))
        return std::nullopt;
      a->strides.insert(a->strides.begin() + *axis, 0);
      return a;
    }
    if (n == "tt.broadcast" || n == "ttg.convert_layout" || n == "arith.extsi" ||
        n == "arith.extui" || n == "arith.trunci" || n == "arith.index_cast") {
      auto a = operand(0);
      if (!a || (rank && static_cast<int>(a->strides.size()) != rank))
        return rank && a && a->strides.empty() ? std::nullopt : a;
      return a;
    }
    if (n == "arith.addi" || n == "tt.addptr") {
      auto a = operand(0), b = operand(1);
      if (!a || !b)
        return std::nullopt;
      return add(*a, *b, rank);
    }
    if (n == "arith.muli") {
      auto a = operand(0), b = operand(1);
      if (!a || !b)
        return std::nullopt;
      if (b->constant)
        return scale(*a, *b->constant, rank);
      if (a->constant)
        return scale(*b, *a->constant, rank);
      // Uniform times uniform stays uniform (pid * BLOCK).
      if (allZero(*a) && allZero(*b))
        return Affine{std::vector<int64_t>(rank, 0), std::nullopt};
      return std::nullopt;
    }
    // Scalar uniform values: arguments, pointers, products of them.
    if (rank == 0 && (n == "arith.subi" || n == "arith.divsi" || n == "arith.remsi" ||
                      n == "arith.maxsi" || n == "arith.minsi"))
      return Affine{{}, std::nullopt};
    return std::nullopt;
  }

private:
  static bool allZero(const Affine &a) {
    for (int64_t s : a.strides)
      if (s != 0)
        return false;
    return true;
  }

  static std::optional<Affine> add(const Affine &a, const Affine &b, int rank) {
    // A scalar (rank 0) operand adds nothing per element (tt.addptr on a scalar pointer).
    if (rank == 0)
      return Affine{{}, std::nullopt};
    const std::vector<int64_t> za(rank, 0);
    const auto &sa = a.strides.empty() ? za : a.strides;
    const auto &sb = b.strides.empty() ? za : b.strides;
    if (static_cast<int>(sa.size()) != rank || static_cast<int>(sb.size()) != rank)
      return std::nullopt;
    Affine out{std::vector<int64_t>(rank), std::nullopt};
    for (int d = 0; d < rank; ++d)
      out.strides[d] = sa[d] + sb[d];
    if (a.constant && b.constant)
      out.constant = *a.constant + *b.constant;
    return out;
  }

  static std::optional<Affine> scale(const Affine &a, int64_t c, int rank) {
    if (rank == 0)
      return Affine{{}, a.constant ? std::optional<int64_t>(*a.constant * c) : std::nullopt};
    if (static_cast<int>(a.strides.size()) != rank)
      return std::nullopt;
    Affine out = a;
    for (int64_t &s : out.strides)
      s *= c;
    if (out.constant)
      *out.constant *= c;
    return out;
  }

  std::optional<Affine> traceBlockArgument(const ir::SsaValue &val, int depth) {
    const ir::Block &b = m_.blocks[val.ownerBlock];
    const ir::Region &r = m_.regions[b.parentRegion];
    if (r.parentOp < 0)
      return std::nullopt;
    const ir::Operation &owner = m_.ops[r.parentOp];
    const int rank = static_cast<int>(val.shape().size());
    if (owner.name == "tt.func")
      return rank == 0 ? std::optional<Affine>(Affine{{}, std::nullopt}) : std::nullopt;
    if (owner.name == "scf.for") {
      // ^bb0(%iv, %iter...): operands are lb, ub, step, init...
      if (val.argIndex == 0)
        return Affine{{}, std::nullopt};
      const size_t k = 3 + static_cast<size_t>(val.argIndex - 1);
      if (k < owner.operands.size())
        return trace(owner.operands[k], depth + 1);
    }
    return std::nullopt;
  }

  const ir::Module &m_;
};

} // namespace

std::optional<std::vector<int64_t>> pointerStrides(const ir::Module &m, int value) {
  Tracer t(m);
  auto a = t.trace(value);
  if (!a || a->strides.size() != m.values[value].shape().size())
    return std::nullopt;
  return a->strides;
}

} // namespace ls::audit
