// Triton's axis analysis, for the values global accesses are computed from.
#include "audit/axis_info.h"
#include "audit/pointer_strides.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <numeric>

#include "ir/type_printer.h"
#include "notation/mlir/layout_parser.h"
#include "util/ascii.h"
#include "util/error.h"
#include "util/literal.h"

namespace ls::audit {
namespace {

// Triton's highestPowOf2Divisor: 0 is divisible by everything (2^62 there).
constexpr int64_t kMaxDivisor = int64_t{1} << 62;

int64_t highestPow2(int64_t n) {
  if (n == 0 || n == std::numeric_limits<int64_t>::min())
    return kMaxDivisor;
  return std::min(n & -n, kMaxDivisor);
}

// Triton's multiplyDivisor: the product, saturating at 2^62.
int64_t multiplyDivisor(int64_t a, int64_t b) {
  if (a >= kMaxDivisor / std::max<int64_t>(b, 1))
    return kMaxDivisor;
  return a * b;
}

int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }

// The shape of a value's facts: a tensor's dims, one for a scalar.
const std::vector<int64_t> &factShape(const ir::SsaValue &v) {
  static const std::vector<int64_t> scalar{1};
  if (v.type && !v.type->isMemDesc && !v.type->shape.empty())
    return v.type->shape;
  return scalar;
}

AxisFacts pessimistic(size_t rank) {
  AxisFacts f;
  f.contiguity.assign(rank, 1);
  f.divisibility.assign(rank, 1);
  f.constancy.assign(rank, 1);
  return f;
}

// Integers of a hint value: `16 : i32`, `dense<16> : tensor<1xi32>`,
// `dense<[16, 1]> : tensor<2xi32>`.
std::vector<int64_t> hintInts(std::string_view t) {
  std::vector<int64_t> out;
  size_t end = t.find(':');
  std::string_view body = t.substr(0, end);
  for (size_t i = 0; i < body.size();) {
    if (isAsciiDigit(body[i]) || (body[i] == '-' && i + 1 < body.size() && isAsciiDigit(body[i + 1]))) {
      int64_t n = 0;
      auto [p, ec] = std::from_chars(body.data() + i, body.data() + body.size(), n);
      if (ec != std::errc())
        return {};
      out.push_back(n);
      i = size_t(p - body.data());
    } else {
      ++i;
    }
  }
  return out;
}

// A hint list on `rank` dims: one value for all, or one per dim.
bool applyHint(AxisDims &dims, const std::vector<int64_t> &hint) {
  if (hint.size() == 1) {
    dims.assign(dims.size(), hint[0]);
    return true;
  }
  if (hint.size() == dims.size()) {
    dims.assignFrom(hint);
    return true;
  }
  return false;
}

// Triton's divisibility of a value that is one of two (select, max/min, a
// join): where the runs differ in length, their lengths bound it too.
int64_t divisibilityOfEither(const AxisFacts &a, const AxisFacts &b, size_t d) {
  if (a.contiguity[d] == b.contiguity[d] || a.contiguity[d] == kMaxDivisor ||
      b.contiguity[d] == kMaxDivisor)
    return gcd(a.divisibility[d], b.divisibility[d]);
  return gcd(gcd(a.divisibility[d], b.divisibility[d]), gcd(a.contiguity[d], b.contiguity[d]));
}

AxisFacts join(const AxisFacts &a, const AxisFacts &b) {
  AxisFacts j = a;
  for (size_t d = 0; d < j.contiguity.size() && d < b.contiguity.size(); ++d) {
    j.contiguity[d] = gcd(a.contiguity[d], b.contiguity[d]);
    j.divisibility[d] = divisibilityOfEither(a, b, d);
    j.constancy[d] = gcd(a.constancy[d], b.constancy[d]);
  }
  j.constant = a.constant && b.constant && *a.constant == *b.constant ? a.constant : std::nullopt;
  return j;
}

// The predicate of `arith.cmpi <pred>, %a, %b`, read from the op's line.
std::string_view predicateOf(const SourceText &src, const ir::Operation &op) {
  std::string_view s = src.lineText(op.pos.line);
  size_t at = s.find("arith.cmpi ");
  if (at == std::string_view::npos)
    return {};
  s.remove_prefix(at + 11);
  while (!s.empty() && s.front() == ' ')
    s.remove_prefix(1);
  size_t e = 0;
  while (e < s.size() && isAsciiAlnum(s[e]))
    ++e;
  return s.substr(0, e);
}

} // namespace

AxisAnalysis::AxisAnalysis(const ir::Module &module, const SourceText &source)
    : m_(module), src_(source) {
  memo_.reserve(64);
}

int64_t AxisAnalysis::alignment(const AxisFacts &ptr, size_t dim, int elementBits) {
  if (dim >= ptr.divisibility.size() || dim >= ptr.contiguity.size())
    return std::numeric_limits<int64_t>::max(); // not known along that dim: no cap
  const int64_t bytes = std::max(elementBits / 8, 1);
  const int64_t multiple = std::max<int64_t>(ptr.divisibility[dim] / bytes, 1);
  return std::max<int64_t>(1, std::min(multiple, ptr.contiguity[dim]));
}

std::optional<AxisFacts> AxisAnalysis::of(int value) {
  // Each query has the whole work budget (it was spent across the module's
  // queries, so a long kernel's late accesses could go unanalysed).
  *work_ = 0;
  cut_ = false;
  return ofDepth(value, 0);
}

bool AxisAnalysis::definedBefore(int value, int boundary) const {
  const ir::SsaValue &v = m_.values[size_t(value)];
  if (v.definingOp >= 0)
    return v.definingOp < boundary;
  if (v.ownerBlock < 0)
    return false;
  const int region = m_.blocks[size_t(v.ownerBlock)].parentRegion;
  const int owner = region >= 0 ? m_.regions[size_t(region)].parentOp : -1;
  return owner >= 0 && owner < boundary;
}

std::optional<AxisFacts> AxisAnalysis::ofDepth(int value, int depth) {
  if (value < 0)
    return std::nullopt;
  if (depth > 400 || ++*work_ > kWorkBudget) {
    cut_ = true;
    return std::nullopt;
  }
  if (parent_ && definedBefore(value, boundary_)) {
    const bool before = parent_->cut_;
    parent_->cut_ = false;
    std::optional<AxisFacts> f = parent_->ofDepth(value, depth);
    cut_ |= parent_->cut_;
    parent_->cut_ |= before;
    return f;
  }
  auto it = memo_.find(value);
  if (it != memo_.end())
    return it->second;
  const bool before = cut_;
  cut_ = false;
  std::optional<AxisFacts> f = compute(value, depth);
  if (!cut_)
    memo_.emplace(value, f);
  cut_ |= before;
  return f;
}

std::optional<AxisFacts> AxisAnalysis::compute(int value, int depth) {
  if (auto p = pinned_.find(value); p != pinned_.end())
    return p->second;
  const ir::SsaValue &v = m_.values[size_t(value)];
  if (v.isBlockArgument())
    return blockArgument(v, depth);
  if (v.definingOp < 0)
    return std::nullopt;
  const ir::Operation &op = m_.ops[size_t(v.definingOp)];
  std::optional<AxisFacts> f = fromOp(op, v, depth);
  // The op's own hints override what is computed (an op this analysis does
  // not follow starts from Triton's pessimistic state then).
  std::optional<std::string> div, contig, cons;
  for (const auto &[key, text] : op.attributes) // most ops have none
    if (key == "tt.divisibility")
      div = text;
    else if (key == "tt.contiguity")
      contig = text;
    else if (key == "tt.constancy")
      cons = text;
  if (div || contig || cons) {
    if (!f)
      f = pessimistic(factShape(v).size());
    if ((div && !applyHint(f->divisibility, hintInts(*div))) ||
        (contig && !applyHint(f->contiguity, hintInts(*contig))) ||
        (cons && !applyHint(f->constancy, hintInts(*cons))))
      return std::nullopt;
  }
  return f;
}

std::optional<int64_t> AxisAnalysis::constantOfOp(const ir::Operation &op) const {
  return arithConstantValue(op, src_);
}

std::optional<AxisFacts> AxisAnalysis::fromOp(const ir::Operation &op, const ir::SsaValue &v,
                                              int depth) {
  const std::string &n = op.name;
  const std::vector<int64_t> &shape = factShape(v);
  const size_t rank = shape.size();
  if (rank > AxisDims::kMaxRank)
    return std::nullopt;
  auto operand = [&](size_t k) -> std::optional<AxisFacts> {
    if (k >= op.operands.size())
      return std::nullopt;
    std::optional<AxisFacts> f = ofDepth(op.operands[k], depth + 1);
    return f;
  };
  if (equalsLiteral(n, "arith.constant")) {
    const std::optional<int64_t> c = constantOfOp(op);
    if (!c) // not one integer (a float, a dense list): Triton's pessimistic state
      return pessimistic(rank);
    AxisFacts f = pessimistic(rank);
    f.divisibility.assign(rank, highestPow2(*c));
    if (v.type && !v.type->shape.empty())
      f.constancy.assignFrom(shape);
    f.constant = c;
    return f;
  }
  // Ops Triton's analysis has no rule for: its pessimistic state.
  if (equalsLiteral(n, "tt.get_program_id") || equalsLiteral(n, "tt.get_num_programs"))
    return pessimistic(rank);
  if (equalsLiteral(n, "tt.make_range")) {
    const std::optional<int64_t> start = op.intAttribute("start"), end = op.intAttribute("end");
    if (!start || !end || rank != 1)
      return std::nullopt;
    AxisFacts f = pessimistic(1);
    f.contiguity[0] = *end - *start;
    f.divisibility[0] = highestPow2(*start);
    return f;
  }
  if (equalsLiteral(n, "tt.splat")) {
    std::optional<AxisFacts> s = operand(0);
    if (!s || s->divisibility.empty())
      return std::nullopt;
    AxisFacts f = pessimistic(rank);
    f.divisibility.assign(rank, s->divisibility[0]);
    f.constancy.assignFrom(shape);
    f.constant = s->constant;
    return f;
  }
  if (equalsLiteral(n, "tt.expand_dims")) {
    std::optional<AxisFacts> s = operand(0);
    const std::optional<int64_t> axis = op.intAttribute("axis");
    if (!s || !axis || *axis < 0 || size_t(*axis) > s->contiguity.size() ||
        s->contiguity.size() + 1 != rank)
      return std::nullopt;
    int64_t div = 1;
    if (s->constant) {
      div = highestPow2(*s->constant);
    } else {
      div = s->contiguity[0] > 1 ? 1 : s->divisibility[0];
      for (size_t d = 1; d < s->contiguity.size(); ++d)
        div = gcd(div, s->contiguity[d] > 1 ? 1 : s->divisibility[d]);
    }
    AxisFacts f = *s;
    f.contiguity.insert(size_t(*axis), 1);
    f.divisibility.insert(size_t(*axis), div);
    f.constancy.insert(size_t(*axis), 1);
    return f;
  }
  if (equalsLiteral(n, "tt.broadcast")) {
    std::optional<AxisFacts> s = operand(0);
    if (!s || op.operands.empty() || s->contiguity.size() != rank)
      return std::nullopt;
    const std::vector<int64_t> &in = factShape(m_.values[size_t(op.operands[0])]);
    if (in.size() != rank)
      return std::nullopt;
    AxisFacts f = *s;
    for (size_t d = 0; d < rank; ++d)
      if (in[d] == 1) {
        f.contiguity[d] = 1;
        f.constancy[d] = shape[d];
      }
    return f;
  }
  // Triton's casts: the operand's facts.
  if (equalsLiteral(n, "ttg.convert_layout") || equalsLiteral(n, "arith.extsi") ||
      equalsLiteral(n, "arith.extui") || equalsLiteral(n, "arith.trunci") ||
      equalsLiteral(n, "tt.bitcast") || equalsLiteral(n, "builtin.unrealized_conversion_cast")) {
    std::optional<AxisFacts> s = operand(0);
    if (!s || s->contiguity.size() != rank)
      return std::nullopt;
    return s;
  }
  // A poison value is never read: the most optimistic facts.
  if (equalsLiteral(n, "ub.poison")) {
    AxisFacts f;
    f.contiguity.assign(rank, kMaxDivisor);
    f.divisibility.assign(rank, kMaxDivisor);
    f.constancy.assign(rank, kMaxDivisor);
    return f;
  }
  // A load's values are not known; runs of equal pointers (and mask) load
  // equal values.
  if (equalsLiteral(n, "tt.load")) {
    AxisFacts f = pessimistic(rank);
    std::optional<AxisFacts> p = operand(0);
    std::optional<AxisFacts> mk;
    if (op.operands.size() > 1)
      mk = operand(1);
    if (p && p->constancy.size() == rank && (op.operands.size() < 2 || (mk && mk->constancy.size() == rank)))
      for (size_t d = 0; d < rank; ++d)
        f.constancy[d] = gcd(p->constancy[d], mk ? mk->constancy[d] : 0);
    return f;
  }
  if (equalsLiteral(n, "arith.select"))
    return select(op, v, depth);
  if (equalsLiteral(n, "scf.if") || equalsLiteral(n, "scf.for"))
    return regionResult(op, v, depth);
  const BinaryKind kind = binaryKind(n);
  if (kind == BinaryKind::None) {
    // An op Triton's analysis has no rule for: its pessimistic state (the
    // op's hints are applied by the caller). Control flow Triton follows
    // and this analysis does not (scf.while), and the AMD backend's own
    // ops (it adds rules for some), are not known.
    if (n.rfind("scf.", 0) == 0 || n.rfind("amdg.", 0) == 0 || n.rfind("amdgpu.", 0) == 0 ||
        op.unknownToTriton36 || op.guessedResultTypes)
      return std::nullopt;
    return pessimistic(rank);
  }
  if (op.operands.size() != 2)
    return std::nullopt;
  std::optional<AxisFacts> a = operand(0), b = operand(1);
  if (!a || !b || a->contiguity.size() != b->contiguity.size())
    return std::nullopt;
  // A scalar op's facts have one dim, as its operands'.
  if (a->contiguity.size() != rank)
    return std::nullopt;
  const bool tensor = v.type && !v.type->isMemDesc && !v.type->shape.empty();
  return binary(kind, op, v, *a, *b, shape, tensor);
}

AxisAnalysis::BinaryKind AxisAnalysis::binaryKind(const std::string &n) {
  static const std::pair<std::string_view, BinaryKind> kinds[] = {
      {"arith.addi", BinaryKind::Add},    {"arith.subi", BinaryKind::Sub},
      {"tt.addptr", BinaryKind::AddPtr},  {"arith.muli", BinaryKind::Mul},
      {"arith.divsi", BinaryKind::Div},   {"arith.divui", BinaryKind::Div},
      {"arith.remsi", BinaryKind::Rem},   {"arith.remui", BinaryKind::Rem},
      {"arith.andi", BinaryKind::And},    {"arith.ori", BinaryKind::Or},
      {"arith.xori", BinaryKind::Xor},    {"arith.shli", BinaryKind::Shl},
      {"arith.shrui", BinaryKind::Shr},   {"arith.shrsi", BinaryKind::Shr},
      {"arith.maxsi", BinaryKind::Max},   {"arith.maxui", BinaryKind::Max},
      {"arith.minsi", BinaryKind::Min},   {"arith.minui", BinaryKind::Min},
      {"arith.cmpi", BinaryKind::Cmp},
  };
  for (const auto &[name, kind] : kinds)
    if (n == name)
      return kind;
  return BinaryKind::None;
}

std::optional<AxisFacts> AxisAnalysis::binary(BinaryKind kind, const ir::Operation &op,
                                              const ir::SsaValue &v, const AxisFacts &a,
                                              const AxisFacts &b, const std::vector<int64_t> &shape,
                                              bool tensor) {
  const size_t rank = shape.size();
  AxisFacts f = pessimistic(rank);
  if (kind == BinaryKind::Cmp) {
    // Runs of equal results. A scalar comparison: Triton's pessimistic state.
    const std::string_view pred = predicateOf(src_, op);
    if (pred.empty())
      return std::nullopt;
    if (!tensor)
      return f;
    const bool gt = pred == "sgt" || pred == "ugt", le = pred == "sle" || pred == "ule",
               lt = pred == "slt" || pred == "ult", ge = pred == "sge" || pred == "uge";
    for (size_t d = 0; d < rank; ++d) {
      int64_t c = 1;
      if (a.constant && b.constant) {
        c = a.constancy[d];
      } else {
        c = gcd(a.constancy[d], b.constancy[d]);
        // One side constant along the dim, the other contiguous.
        if ((gt || le) && a.constancy[d] == shape[d])
          c = std::max(c, gcd(b.contiguity[d], gcd(a.divisibility[d], b.divisibility[d])));
        else if ((lt || ge) && b.constancy[d] == shape[d])
          c = std::max(c, gcd(a.contiguity[d], gcd(a.divisibility[d], b.divisibility[d])));
      }
      f.constancy[d] = c;
    }
    if (a.constant && b.constant) {
      const int64_t x = *a.constant, y = *b.constant;
      const uint64_t ux = uint64_t(x), uy = uint64_t(y);
      bool r = false;
      if (pred == "eq") r = x == y;
      else if (pred == "ne") r = x != y;
      else if (pred == "slt") r = x < y;
      else if (pred == "sle") r = x <= y;
      else if (pred == "sgt") r = x > y;
      else if (pred == "sge") r = x >= y;
      else if (pred == "ult") r = ux < uy;
      else if (pred == "ule") r = ux <= uy;
      else if (pred == "ugt") r = ux > uy;
      else if (pred == "uge") r = ux >= uy;
      else return f;
      f.constant = r ? 1 : 0;
    }
    return f;
  }
  if (kind == BinaryKind::Max || kind == BinaryKind::Min) {
    if (a.constant && b.constant) {
      f.constant = kind == BinaryKind::Max ? std::max(*a.constant, *b.constant)
                                           : std::min(*a.constant, *b.constant);
      return f;
    }
    return join(a, b); // runs common to both (no constant: not both are)
  }
  // The pointee's bytes of tt.addptr (its offsets count elements).
  int64_t elemBytes = 1;
  if (kind == BinaryKind::AddPtr) {
    const std::string pointer = v.type ? v.type->elementType : std::string(v.typeText);
    try {
      elemBytes = std::max(1, ir::parseElementType(ir::pointeeTypeText(pointer)).bits / 8);
    } catch (const Error &) {
      if (ir::pointeeTypeText(pointer).rfind("!tt.ptr", 0) == 0)
        elemBytes = 8;
      else
        return std::nullopt;
    }
  }
  const std::optional<int64_t> ca = a.constant, cb = b.constant;
  // The value when both sides are constant (or the rule makes it one).
  std::optional<int64_t> constant;
  int64_t r = 0;
  switch (kind) {
  case BinaryKind::Add:
  case BinaryKind::AddPtr: {
    int64_t scaled = 0;
    if (ca && cb && !__builtin_mul_overflow(*cb, elemBytes, &scaled) &&
        !__builtin_add_overflow(*ca, scaled, &r))
      constant = r;
    break;
  }
  case BinaryKind::Sub:
    if (ca && cb && !__builtin_sub_overflow(*ca, *cb, &r))
      constant = r;
    break;
  case BinaryKind::Mul:
    if (ca && cb && !__builtin_mul_overflow(*ca, *cb, &r))
      constant = r;
    break;
  case BinaryKind::Div:
    if (ca && cb && *cb != 0 && !(*ca == std::numeric_limits<int64_t>::min() && *cb == -1))
      constant = *ca / *cb;
    break;
  case BinaryKind::Rem:
    if (ca && cb && *cb != 0 && !(*ca == std::numeric_limits<int64_t>::min() && *cb == -1))
      constant = *ca % *cb;
    else if (cb && *cb == 1)
      constant = 0; // x % 1
    break;
  case BinaryKind::And:
    if (ca && cb)
      constant = *ca & *cb;
    break;
  case BinaryKind::Or:
    if (ca && cb)
      constant = *ca | *cb;
    break;
  case BinaryKind::Xor:
    if (ca && cb)
      constant = *ca ^ *cb;
    break;
  case BinaryKind::Shl:
    if (ca && cb && *cb >= 0 && *cb < 63)
      constant = int64_t(uint64_t(*ca) << *cb);
    break;
  case BinaryKind::Shr:
    if (ca && cb && *cb >= 0 && *cb < 63)
      constant = *ca >> *cb;
    break;
  default:
    break;
  }
  if (constant) {
    // Triton's binary ops: a constant result is one run of equal values.
    for (size_t d = 0; d < rank; ++d) {
      f.contiguity[d] = 1;
      f.constancy[d] = std::max(a.constancy[d], b.constancy[d]);
      f.divisibility[d] = highestPow2(*constant);
    }
    f.constant = constant;
    return f;
  }
  auto isOne = [](const std::optional<int64_t> &c) { return c && *c == 1; };
  for (size_t d = 0; d < rank; ++d) {
    const bool contiguousA = tensor && a.contiguity[d] == shape[d];
    const bool constantB = tensor && b.constancy[d] == shape[d];
    int64_t contiguity = 1, divisibility = 1, constancy = gcd(a.constancy[d], b.constancy[d]);
    switch (kind) {
    case BinaryKind::Add:
    case BinaryKind::AddPtr:
      contiguity = std::max(gcd(a.constancy[d], b.contiguity[d]), gcd(a.contiguity[d], b.constancy[d]));
      divisibility = gcd(a.divisibility[d], kind == BinaryKind::AddPtr
                                                ? multiplyDivisor(b.divisibility[d], elemBytes)
                                                : b.divisibility[d]);
      break;
    case BinaryKind::Sub:
      // A run minus a run is not increasing.
      contiguity = gcd(a.contiguity[d], b.constancy[d]);
      divisibility = gcd(a.divisibility[d], b.divisibility[d]);
      break;
    case BinaryKind::Mul: {
      contiguity = std::max(isOne(cb) ? a.contiguity[d] : 1, isOne(ca) ? b.contiguity[d] : 1);
      // A run's first value 2^n is not a multiple of 2^n past it.
      const int64_t da = a.contiguity[d] > 1 && !isOne(cb) ? 1 : a.divisibility[d];
      const int64_t db = b.contiguity[d] > 1 && !isOne(ca) ? 1 : b.divisibility[d];
      divisibility = multiplyDivisor(da, db);
      break;
    }
    case BinaryKind::Div:
      contiguity = isOne(cb) ? a.contiguity[d] : 1;
      if (!tensor)
        constancy = 1;
      else if (contiguousA && constantB)
        // A run divided by one value: runs of gcd(run, divisors) equal results.
        constancy = std::max(constancy, gcd(a.contiguity[d], gcd(a.divisibility[d], b.divisibility[d])));
      if (ca && *ca == 0)
        divisibility = a.divisibility[d];
      else if (isOne(cb))
        divisibility = a.divisibility[d];
      else if (cb && *cb != std::numeric_limits<int64_t>::min() && *cb != 0 &&
               (std::abs(*cb) & (std::abs(*cb) - 1)) == 0 && a.contiguity[d] == 1)
        divisibility = std::max<int64_t>(1, a.divisibility[d] / std::abs(*cb));
      break;
    case BinaryKind::Rem:
      if (tensor && contiguousA && constantB)
        contiguity = gcd(a.contiguity[d], gcd(a.divisibility[d], b.divisibility[d]));
      if (b.constancy[d] > 1)
        divisibility = gcd(a.divisibility[d], b.divisibility[d]);
      if (!tensor)
        constancy = 1;
      else if (isOne(cb))
        constancy = shape[d];
      break;
    case BinaryKind::Shl: {
      contiguity = cb && *cb == 0 ? a.contiguity[d] : 1;
      const int64_t shift = cb ? *cb : 0;
      if (shift < 0 || shift > 62)
        return std::nullopt;
      const int64_t da = a.contiguity[d] > 1 && shift ? 1 : a.divisibility[d];
      divisibility = multiplyDivisor(da, int64_t{1} << shift);
      break;
    }
    case BinaryKind::Shr:
      contiguity = cb && *cb == 0 ? a.contiguity[d] : 1;
      if (cb) {
        if (*cb < 0 || *cb > 62)
          return std::nullopt;
        const int64_t da = a.contiguity[d] > 1 && *cb ? 1 : a.divisibility[d];
        divisibility = std::max<int64_t>(1, da / (int64_t{1} << *cb));
      }
      break;
    default: // the logical ops: runs of equal values only
      break;
    }
    f.contiguity[d] = contiguity;
    f.divisibility[d] = divisibility;
    f.constancy[d] = constancy;
  }
  return f;
}

// arith.select: a constant condition picks a side; otherwise runs common to
// both sides (and, for a tensor condition, to the condition's runs).
std::optional<AxisFacts> AxisAnalysis::select(const ir::Operation &op, const ir::SsaValue &v, int depth) {
  if (op.operands.size() != 3)
    return std::nullopt;
  std::optional<AxisFacts> c = ofDepth(op.operands[0], depth + 1);
  std::optional<AxisFacts> a = ofDepth(op.operands[1], depth + 1), b = ofDepth(op.operands[2], depth + 1);
  const size_t rank = factShape(v).size();
  if (!c || !a || !b || a->contiguity.size() != rank || b->contiguity.size() != rank)
    return std::nullopt;
  if (c->constant)
    return *c->constant == 0 ? b : a;
  const ir::SsaValue &cond = m_.values[size_t(op.operands[0])];
  const bool scalarCond = !(cond.type && !cond.type->isMemDesc && !cond.type->shape.empty());
  if (!scalarCond && c->constancy.size() != rank)
    return std::nullopt;
  // Either side's facts (a join), cut to the condition's runs.
  AxisFacts f = join(*a, *b);
  if (!scalarCond)
    for (size_t d = 0; d < rank; ++d) {
      f.constancy[d] = gcd(f.constancy[d], c->constancy[d]);
      f.contiguity[d] = gcd(f.contiguity[d], c->constancy[d]);
    }
  return f;
}

// The results of scf.if (its branches' yields joined) and scf.for (its
// loop-carried value's fixed point).
std::optional<AxisFacts> AxisAnalysis::regionResult(const ir::Operation &op, const ir::SsaValue &v,
                                                    int depth) {
  const size_t k = size_t(v.resultIndex);
  if (v.resultIndex < 0)
    return std::nullopt;
  if (equalsLiteral(op.name, "scf.for")) {
    if (op.regions.empty())
      return std::nullopt;
    const ir::Region &body = m_.regions[size_t(op.regions[0])];
    if (body.blocks.empty())
      return std::nullopt;
    const ir::Block &block = m_.blocks[size_t(body.blocks[0])];
    if (k + 1 >= block.arguments.size())
      return std::nullopt;
    return ofDepth(block.arguments[k + 1], depth + 1);
  }
  if (op.regions.size() != 2)
    return std::nullopt; // an scf.if without an else yields nothing
  std::optional<AxisFacts> joined;
  for (int r : op.regions) {
    const ir::Region &region = m_.regions[size_t(r)];
    if (region.blocks.size() != 1)
      return std::nullopt;
    const ir::Block &block = m_.blocks[size_t(region.blocks[0])];
    if (block.operations.empty())
      return std::nullopt;
    const ir::Operation &yield = m_.ops[size_t(block.operations.back())];
    if (!equalsLiteral(yield.name, "scf.yield") || k >= yield.operands.size())
      return std::nullopt;
    std::optional<AxisFacts> y = ofDepth(yield.operands[k], depth + 1);
    if (!y || (joined && y->contiguity.size() != joined->contiguity.size()))
      return std::nullopt;
    joined = joined ? join(*joined, *y) : *y;
  }
  return joined;
}

std::optional<AxisFacts> AxisAnalysis::blockArgument(const ir::SsaValue &v, int depth) {
  const ir::Block &block = m_.blocks[size_t(v.ownerBlock)];
  const int owner = block.parentRegion >= 0 ? m_.regions[size_t(block.parentRegion)].parentOp : -1;
  if (owner < 0)
    return std::nullopt;
  const ir::Operation &op = m_.ops[size_t(owner)];
  if (equalsLiteral(op.name, "tt.func"))
    return functionArgument(v);
  if (!equalsLiteral(op.name, "scf.for") || op.operands.size() < 3)
    return std::nullopt;
  if (v.argIndex == 0) {
    // The induction variable: lb + k * step.
    std::optional<AxisFacts> lb = ofDepth(op.operands[0], depth + 1),
                             step = ofDepth(op.operands[2], depth + 1);
    if (!lb || !step || lb->divisibility.empty() || step->divisibility.empty())
      return std::nullopt;
    AxisFacts f = pessimistic(1);
    f.divisibility[0] = gcd(lb->divisibility[0], step->divisibility[0]);
    return f;
  }
  // A loop-carried value: its initial value joined with what the body
  // yields back, to a fixed point (each round evaluates the body afresh
  // with the argument held at the joined state).
  const size_t k = size_t(v.argIndex - 1);
  if (3 + k >= op.operands.size() || block.operations.empty())
    return std::nullopt;
  const ir::Operation &yield = m_.ops[size_t(block.operations.back())];
  if (!equalsLiteral(yield.name, "scf.yield") || k >= yield.operands.size())
    return std::nullopt;
  std::optional<AxisFacts> state = ofDepth(op.operands[3 + k], depth + 1);
  if (!state)
    return std::nullopt;
  const int self = static_cast<int>(&v - m_.values.data());
  for (int round = 0; round < 4; ++round) {
    AxisAnalysis body(m_, src_);
    body.pinned_ = pinned_;
    body.pinned_[self] = *state;
    body.parent_ = this;
    body.boundary_ = owner;
    body.work_ = work_;
    std::optional<AxisFacts> y = body.ofDepth(yield.operands[k], depth + 1);
    cut_ |= body.cut_;
    if (!y || y->contiguity.size() != state->contiguity.size())
      return std::nullopt;
    AxisFacts j = join(*state, *y);
    if (j == *state)
      return state;
    state = j;
  }
  return std::nullopt;
}

std::optional<AxisFacts> AxisAnalysis::functionArgument(const ir::SsaValue &v) const {
  if (factShape(v).size() > AxisDims::kMaxRank)
    return std::nullopt;
  AxisFacts f = pessimistic(factShape(v).size());
  // The argument's attribute dictionary, after its type in the header:
  // `%x: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc(...)`.
  const std::string_view line = src_.lineText(v.pos.line);
  size_t i = v.pos.column > 0 ? size_t(v.pos.column - 1) : 0;
  if (i >= line.size() || line[i] != '%')
    return f;
  ++i;
  while (i < line.size() && line[i] != ':' && line[i] != ',' && line[i] != ')')
    ++i;
  if (i >= line.size() || line[i] != ':')
    return f;
  int depth = 0;
  for (++i; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '<' || c == '(' || c == '[')
      ++depth;
    else if (c == '>' || c == ')' || c == ']') {
      if (depth == 0)
        return f;
      --depth;
    } else if (depth == 0 && (c == ',' || c == '{'))
      break;
    else if (depth == 0 && line.substr(i, 4) == "loc(")
      return f;
  }
  if (i >= line.size() || line[i] != '{')
    return f;
  const size_t close = line.find('}', i);
  if (close == std::string_view::npos)
    return f;
  const std::string_view dict = line.substr(i + 1, close - i - 1);
  auto hint = [&](std::string_view key, AxisDims &dims) {
    for (size_t at = dict.find(key); at != std::string_view::npos; at = dict.find(key, at + 1)) {
      size_t e = at + key.size();
      while (e < dict.size() && dict[e] == ' ')
        ++e;
      if (e >= dict.size() || dict[e] != '=')
        continue;
      size_t stop = dict.find(',', e);
      // A dense<[a, b]> list holds commas: to its closing '>'.
      if (const size_t dense = dict.find("dense<", e); dense != std::string_view::npos &&
                                                       (stop == std::string_view::npos || dense < stop))
        stop = dict.find('>', dense);
      applyHint(dims, hintInts(dict.substr(e + 1, stop == std::string_view::npos
                                                      ? std::string_view::npos
                                                      : stop - e - 1)));
      return;
    }
  };
  hint("tt.divisibility", f.divisibility);
  hint("tt.contiguity", f.contiguity);
  hint("tt.constancy", f.constancy);
  return f;
}

} // namespace ls::audit
