// Stride propagation over make_range/splat/broadcast/addptr/muli chains.
#include "audit/pointer_strides.h"

#include <charconv>
#include <limits>
#include <string>

#include "util/literal.h"

namespace ls::audit {
namespace {

using Strides = std::optional<std::vector<int64_t>>;

// A stride that is a runtime value (a kernel argument times something): it
// propagates through sums and constant factors; pointerStrides answers
// nullopt for a tensor with one, partialPointerStrides names it unknown.
constexpr int64_t kUnknown = std::numeric_limits<int64_t>::min();

// A splat integer constant: `dense<64> : tensor<...>` or `64 : i32`.
std::optional<int64_t> constantOf(const ir::Module &m, const SourceText &src, int value) {
  const ir::SsaValue &v = m.values[value];
  if (v.definingOp < 0)
    return std::nullopt;
  const ir::Operation &op = m.ops[v.definingOp];
  if (equalsLiteral(op.name, "tt.splat") && !op.operands.empty())
    return constantOf(m, src, op.operands[0]);
  return arithConstantValue(op, src);
}

Strides zeros(const ir::SsaValue &v) {
  return std::vector<int64_t>(v.shape().size(), 0);
}

Strides stridesOf(const ir::Module &m, const SourceText &src, int value, int depth);

Strides sum(const ir::Module &m, const SourceText &src, const ir::Operation &op, int depth) {
  if (op.operands.size() < 2)
    return std::nullopt;
  Strides a = stridesOf(m, src, op.operands[0], depth + 1);
  Strides b = stridesOf(m, src, op.operands[1], depth + 1);
  if (!a || !b || a->size() != b->size())
    return std::nullopt;
  for (size_t i = 0; i < a->size(); ++i)
    (*a)[i] = (*a)[i] == kUnknown || (*b)[i] == kUnknown ? kUnknown : (*a)[i] + (*b)[i];
  return a;
}

// A loop-carried value: the strides of its initial value, if the value the
// loop yields back has the same (a pointer advanced by a scalar each step).
Strides loopArgument(const ir::Module &m, const SourceText &src, const ir::SsaValue &v, int depth) {
  const ir::Block &block = m.blocks[v.ownerBlock];
  int loop = m.regions[block.parentRegion].parentOp;
  if (loop < 0 || !equalsLiteral(m.ops[loop].name, "scf.for") || v.argIndex < 1)
    return std::nullopt;
  const ir::Operation &forOp = m.ops[loop];
  size_t init = 3 + size_t(v.argIndex - 1); // lb, ub, step, then inits
  if (init >= forOp.operands.size())
    return std::nullopt;
  Strides s = stridesOf(m, src, forOp.operands[init], depth + 1);
  if (!s || block.operations.empty())
    return std::nullopt;
  const ir::Operation &yield = m.ops[block.operations.back()];
  size_t k = size_t(v.argIndex - 1);
  if (!equalsLiteral(yield.name, "scf.yield") || k >= yield.operands.size())
    return std::nullopt;
  // The yielded value usually is `tt.addptr %arg, %splat`: its strides are
  // the argument's plus zeros. Check that shape without recursing on %arg.
  const ir::SsaValue &y = m.values[yield.operands[k]];
  if (y.definingOp < 0)
    return std::nullopt;
  const ir::Operation &step = m.ops[y.definingOp];
  if ((!equalsLiteral(step.name, "tt.addptr") && !equalsLiteral(step.name, "arith.addi")) ||
      step.operands.size() < 2)
    return std::nullopt;
  int self = static_cast<int>(&v - m.values.data());
  int other = step.operands[0] == self   ? step.operands[1]
              : step.operands[1] == self ? step.operands[0]
                                         : -1;
  if (other < 0)
    return std::nullopt;
  Strides d = stridesOf(m, src, other, depth + 1);
  if (!d || d->size() != s->size())
    return std::nullopt;
  for (int64_t x : *d)
    if (x != 0)
      return std::nullopt;
  return s;
}

Strides stridesOf(const ir::Module &m, const SourceText &src, int value, int depth) {
  if (depth > 64 || value < 0)
    return std::nullopt;
  const ir::SsaValue &v = m.values[value];
  if (v.isBlockArgument())
    return v.type ? loopArgument(m, src, v, depth) : std::nullopt;
  if (!v.type) // a scalar: uniform over the tensor it is splat into
    return std::vector<int64_t>{};
  if (v.definingOp < 0)
    return std::nullopt;
  const ir::Operation &op = m.ops[v.definingOp];
  const std::string &n = op.name;
  if (equalsLiteral(n, "tt.make_range"))
    return std::vector<int64_t>{1};
  if (equalsLiteral(n, "tt.splat") || equalsLiteral(n, "arith.constant"))
    return zeros(v);
  if (equalsLiteral(n, "tt.addptr") || equalsLiteral(n, "arith.addi"))
    return sum(m, src, op, depth);
  if (equalsLiteral(n, "arith.subi") && op.operands.size() == 2 &&
      constantOf(m, src, op.operands[1]))
    return stridesOf(m, src, op.operands[0], depth + 1);
  if (equalsLiteral(n, "arith.muli") && op.operands.size() == 2) {
    for (int k = 0; k < 2; ++k)
      if (std::optional<int64_t> c = constantOf(m, src, op.operands[k])) {
        Strides s = stridesOf(m, src, op.operands[1 - k], depth + 1);
        if (s)
          for (auto &x : *s)
            if (x != kUnknown)
              x *= *c;
        return s;
      }
    // Times a runtime value: uniform times uniform stays uniform; a uniform
    // runtime factor (a splat kernel argument, e.g. a row stride) makes
    // every moving dim's stride unknown and keeps the others 0.
    Strides a = stridesOf(m, src, op.operands[0], depth + 1);
    Strides b = stridesOf(m, src, op.operands[1], depth + 1);
    auto allZero = [](const Strides &s) {
      if (!s)
        return false;
      for (int64_t x : *s)
        if (x)
          return false;
      return true;
    };
    if (allZero(a) && allZero(b))
      return a;
    if (a && b && a->size() == b->size() && (allZero(a) || allZero(b))) {
      Strides out = allZero(a) ? b : a;
      for (auto &x : *out)
        if (x)
          x = kUnknown;
      return out;
    }
    return std::nullopt;
  }
  if (equalsLiteral(n, "tt.broadcast") || equalsLiteral(n, "ttg.convert_layout") ||
      equalsLiteral(n, "arith.extsi") || equalsLiteral(n, "arith.extui") ||
      equalsLiteral(n, "arith.trunci") || equalsLiteral(n, "arith.index_cast")) {
    Strides s = stridesOf(m, src, op.operands.at(0), depth + 1);
    if (s && s->size() != v.shape().size())
      return std::nullopt;
    return s;
  }
  if (equalsLiteral(n, "tt.expand_dims")) {
    Strides s = stridesOf(m, src, op.operands.at(0), depth + 1);
    std::optional<int64_t> axis = op.intAttribute("axis");
    if (!s || !axis || *axis < 0 || size_t(*axis) > s->size())
      return std::nullopt;
    s->insert(s->begin() + *axis, 0);
    return s;
  }
  // Any other op (`rows % M`, a load's values, ...): its tensor varies in a
  // way not followed, in every dim. The dims the rest of the chain adds
  // stride 1 to stay known (`a_ptr + (rows % M)[:, None] * s + cols[None, :]`
  // runs along dim 1).
  if (!v.type->isMemDesc && !v.shape().empty())
    return std::vector<int64_t>(v.shape().size(), kUnknown);
  return std::nullopt;
}

} // namespace

std::optional<int64_t> arithConstantValue(const ir::Operation &op, const SourceText &src) {
  if (!equalsLiteral(op.name, "arith.constant"))
    return std::nullopt;
  // The reader keeps no value for `arith.constant dense<64> : ...`; the
  // op's own line says it.
  std::string_view s = src.lineText(op.pos.line);
  size_t at = s.find("arith.constant ");
  if (at == std::string_view::npos)
    return std::nullopt;
  s.remove_prefix(at + 15);
  if (s.rfind("dense<", 0) == 0)
    s.remove_prefix(6);
  if (s.rfind("true", 0) == 0)
    return 1;
  if (s.rfind("false", 0) == 0)
    return 0;
  int64_t n = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || (end != s.data() + s.size() && *end != '>' && *end != ' '))
    return std::nullopt;
  return n;
}

std::optional<std::vector<int64_t>> pointerStrides(const ir::Module &module, int value,
                                                   const SourceText &source) {
  Strides s = stridesOf(module, source, value, 0);
  if (s && s->size() != module.values[value].shape().size())
    return std::nullopt;
  if (s)
    for (int64_t x : *s)
      if (x == kUnknown)
        return std::nullopt;
  return s;
}

std::optional<std::vector<std::optional<int64_t>>>
partialPointerStrides(const ir::Module &module, int value, const SourceText &source) {
  Strides s = stridesOf(module, source, value, 0);
  if (!s || s->size() != module.values[value].shape().size())
    return std::nullopt;
  std::vector<std::optional<int64_t>> out;
  for (int64_t x : *s)
    out.push_back(x == kUnknown ? std::nullopt : std::optional<int64_t>(x));
  return out;
}

} // namespace ls::audit
