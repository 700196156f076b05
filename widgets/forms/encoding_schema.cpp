#include "forms/encoding_schema.h"

#include <algorithm>
#include <numeric>

#include "encodings/dot_operand.h"
#include "encodings/encoding_params.h"
#include "encodings/slice.h"
#include "notation/mlir/attr_syntax_parser.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"

namespace ls::ui {

namespace {

using K = ls::EncodingKind;
using T = FieldType;

FieldType fieldType(ls::ValueKind kind) {
  switch (kind) {
  case ls::ValueKind::Int:
    return T::Int;
  case ls::ValueKind::Pow2:
    return T::Pow2;
  case ls::ValueKind::Bool:
    return T::Bool;
  case ls::ValueKind::Choice:
    return T::Choice;
  case ls::ValueKind::UIntList:
    return T::IntList;
  case ls::ValueKind::Pow2List:
    return T::Pow2List;
  case ls::ValueKind::Permutation:
    return T::Permutation;
  case ls::ValueKind::Bases:
  case ls::ValueKind::Cga:
    return T::Bases;
  case ls::ValueKind::Parent:
    return T::Parent;
  case ls::ValueKind::Intervals:
    return T::Intervals;
  }
  return T::Int;
}

// A form field from encoding_params' declaration. Presentation only is
// decided here: a field Triton leaves out at its default shows that default
// (and composes to nothing while it holds it); other optional fields, and the
// alternative groups of padded_shared, may be left empty; a power of two with
// a default is a spin box that starts at it rather than "none".
FieldSpec fromParam(const ls::FieldParam &p) {
  FieldSpec s;
  s.key = QString::fromStdString(p.key);
  s.label = s.key;
  s.type = fieldType(p.kind);
  s.tip = QString::fromStdString(p.tip);
  for (const auto &c : p.choices)
    s.choices << QString::fromStdString(c);
  s.minimum = static_cast<int>(p.minimum);
  s.maximum = static_cast<int>(p.maximum);
  s.placement = p.placement;
  const bool scalar = p.kind == ls::ValueKind::Int || p.kind == ls::ValueKind::Pow2 ||
                      p.kind == ls::ValueKind::Bool || p.kind == ls::ValueKind::Choice;
  if (p.omittedAtDefault && scalar)
    s.defaultValue = QString::fromStdString(p.defaultText);
  s.optional = ((p.optional && p.omittedAtDefault) || p.group != 0) &&
               !(p.kind == ls::ValueKind::Pow2 && !s.defaultValue.isEmpty());
  if (s.optional && s.type == T::Choice)
    s.choices.prepend(QString());
  return s;
}

KindSpec kindFrom(const ls::EncodingParams &p, const char *title) {
  KindSpec k{p.kind, QString::fromStdString(p.mnemonic), QString::fromUtf8(title), p.shared, {}};
  k.tensorMemory = !p.braces;
  // The CTA layout, rarely edited, goes last in the form.
  for (const auto &f : p.fields)
    if (f.kind != ls::ValueKind::Cga)
      k.fields.push_back(fromParam(f));
  for (const auto &f : p.fields)
    if (f.kind == ls::ValueKind::Cga)
      k.fields.push_back(fromParam(f));
  return k;
}

// The kinds the form offers, in menu order, with their titles; the fields
// come from encoding_params.
std::vector<KindSpec> buildSpecs() {
  static const std::pair<K, const char *> kinds[] = {
      {K::Blocked, "Blocked"},
      {K::Slice, "Slice of a parent"},
      {K::NvidiaMma, "NVIDIA MMA (accumulator)"},
      {K::DotOperand, "Dot operand"},
      {K::AmdMfma, "AMD MFMA (CDNA, wave64)"},
      {K::AmdWmma, "AMD WMMA (RDNA, wave32)"},
      {K::Linear, "Linear (bases)"},
      {K::SwizzledShared, "Swizzled shared"},
      {K::AmdRotatingShared, "AMD rotating shared"},
      {K::NvmmaShared, "NVMMA shared (TMA / wgmma)"},
      {K::PaddedShared, "Padded shared"},
      {K::TensorMemory, "Tensor memory"},
      {K::TensorMemoryScales, "Tensor memory scales"},
      {K::SharedLinear, "Shared linear (bases)"},
  };
  std::vector<KindSpec> v;
  for (const auto &[kind, title] : kinds)
    v.push_back(kindFrom(ls::encodingParams(kind), title));
  return v;
}

QString printValue(const ls::ir::Value &v) {
  using VK = ls::ir::Value::Kind;
  switch (v.kind) {
  case VK::Integer:
    return QString::number(v.integer);
  case VK::Bool:
    return v.integer ? QStringLiteral("true") : QStringLiteral("false");
  case VK::Interval:
    return QStringLiteral("%1:+%2").arg(v.integer).arg(v.padding);
  case VK::List: {
    QStringList items;
    for (const auto &i : v.items)
      items << printValue(*i);
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
  }
  default:
    return QString::fromStdString(v.text);
  }
}

QString withoutBrackets(const QString &s) {
  if (s.startsWith(QLatin1Char('[')) && s.endsWith(QLatin1Char(']')))
    return s.mid(1, s.size() - 2);
  return s;
}

QString listText(const std::vector<int> &v) {
  QStringList p;
  for (int x : v)
    p << QString::number(x);
  return p.join(QStringLiteral(", "));
}

std::vector<int> reverseOrder(int rank) {
  std::vector<int> o(rank);
  std::iota(o.rbegin(), o.rend(), 0);
  return o;
}

int pow2AtMost(int64_t v) {
  int p = 1;
  while (static_cast<int64_t>(p) * 2 <= v)
    p *= 2;
  return p;
}

QString linearFrom(const ls::LinearLayout &ll, std::initializer_list<const char *> dims) {
  std::vector<ls::DimName> present;
  for (const char *d : dims)
    if (ll.hasInDim(d))
      present.push_back(d);
  return QString::fromStdString(ls::ir::printBases(ll, present));
}

} // namespace

const std::vector<KindSpec> &kindSpecs() {
  static const std::vector<KindSpec> specs = buildSpecs();
  return specs;
}

const KindSpec *kindSpec(ls::EncodingKind kind) {
  for (const auto &s : kindSpecs())
    if (s.kind == kind)
      return &s;
  return nullptr;
}

const KindSpec *kindSpec(const QString &mnemonic) {
  for (const auto &s : kindSpecs())
    if (s.mnemonic == mnemonic)
      return &s;
  return nullptr;
}

FieldValues readFields(const ls::Encoding &enc) {
  FieldValues out;
  const KindSpec *spec = kindSpec(enc.kind());
  if (!spec)
    return out;
  const std::string text = ls::ir::printEncoding(enc);
  const ls::ir::ValuePtr v = ls::ir::parseAttributeText(text);
  for (const FieldSpec &fs : spec->fields) {
    if (fs.type == T::Parent) {
      ls::EncodingPtr parent;
      if (auto *s = dynamic_cast<const ls::SliceEncoding *>(&enc))
        parent = s->parent;
      if (auto *d = dynamic_cast<const ls::DotOperandEncoding *>(&enc))
        parent = d->parent;
      if (parent)
        out[fs.key] = QString::fromStdString(ls::ir::printEncoding(*parent));
      continue;
    }
    if (fs.type == T::Intervals) {
      if (!v->positional.empty())
        out[fs.key] = withoutBrackets(printValue(*v->positional.front()));
      continue;
    }
    const ls::ir::Value *found = nullptr;
    for (const auto *list : {&v->entries, &v->extraEntries})
      for (const auto &[k, val] : *list)
        if (QString::fromStdString(k) == fs.key)
          found = val.get();
    if (!found) {
      if (!fs.defaultValue.isEmpty())
        out[fs.key] = fs.defaultValue;
      continue;
    }
    QString t = printValue(*found);
    if (fs.type == T::Pow2List || fs.type == T::IntList || fs.type == T::Permutation)
      t = withoutBrackets(t);
    out[fs.key] = t;
  }
  return out;
}

QString composeAttribute(const KindSpec &spec, const FieldValues &values) {
  auto valueOf = [&](const FieldSpec &fs) -> QString {
    const QString v = values.value(fs.key).trimmed();
    if (v.isEmpty() || v == fs.defaultValue)
      return {};
    switch (fs.type) {
    case T::Pow2List:
    case T::IntList:
    case T::Permutation:
      return QLatin1Char('[') + v + QLatin1Char(']');
    case T::Bool:
      // An optional flag is written only when set.
      return fs.optional && v == QLatin1String("false") ? QString() : v;
    default:
      return v;
    }
  };
  QStringList dict, extra;
  QString intervals;
  for (const FieldSpec &fs : spec.fields) {
    const QString v = valueOf(fs);
    if (fs.type == T::Intervals) {
      intervals = v;
      continue;
    }
    if (v.isEmpty())
      continue;
    const QString entry = fs.key + QStringLiteral(" = ") + v;
    if (fs.placement == ls::Placement::AfterBody)
      extra << entry;
    else
      dict << entry;
  }
  if (spec.tensorMemory)
    return QStringLiteral("#ttng.") + spec.mnemonic + QLatin1Char('<') +
           dict.join(QStringLiteral(", ")) + QLatin1Char('>');
  QString s = QStringLiteral("#ttg.") + spec.mnemonic + QLatin1Char('<');
  if (spec.kind == K::PaddedShared)
    s += QLatin1Char('[') + intervals + QStringLiteral("] ");
  s += QLatin1Char('{') + dict.join(QStringLiteral(", ")) + QLatin1Char('}');
  if (!extra.isEmpty())
    s += QStringLiteral(", ") + extra.join(QStringLiteral(", "));
  return s + QLatin1Char('>');
}

QStringList permutationTexts(int rank) {
  std::vector<int> o = reverseOrder(rank);
  QStringList out{listText(o)};
  if (rank > 5 || rank < 2)
    return out;
  std::vector<int> p(rank);
  std::iota(p.begin(), p.end(), 0);
  do {
    const QString t = listText(p);
    if (t != out.front())
      out << t;
  } while (std::next_permutation(p.begin(), p.end()));
  return out;
}

QString defaultAttribute(ls::EncodingKind kind, const DefaultContext &ctx) {
  const int r = std::max(1, ctx.rank);
  const QString order = QLatin1Char('[') + listText(reverseOrder(r)) + QLatin1Char(']');
  std::vector<int> warps(r, 1);
  warps[0] = ctx.numWarps;
  const QString warpList = QLatin1Char('[') + listText(warps) + QLatin1Char(']');
  auto lastDim = [&](int i) -> int64_t {
    return i < static_cast<int>(ctx.shape.size()) ? ctx.shape[i] : 64;
  };
  switch (kind) {
  case K::Blocked: {
    std::vector<int> spt(r, 1), tpw(r, 1);
    spt[r - 1] = std::min<int>(4, pow2AtMost(lastDim(r - 1)));
    if (r == 1) {
      tpw[0] = ctx.threadsPerWarp;
    } else {
      tpw[r - 1] = std::min<int>(ctx.threadsPerWarp,
                                 pow2AtMost(std::max<int64_t>(1, lastDim(r - 1) / spt[r - 1])));
      tpw[r - 2] = ctx.threadsPerWarp / tpw[r - 1];
    }
    return QStringLiteral("#ttg.blocked<{sizePerThread = [%1], threadsPerWarp = [%2], "
                          "warpsPerCTA = %3, order = %4}>")
        .arg(listText(spt), listText(tpw), warpList, order);
  }
  case K::Slice: {
    DefaultContext parent = ctx;
    parent.rank = r + 1;
    parent.shape.insert(parent.shape.begin(), 64);
    return QStringLiteral("#ttg.slice<{dim = 0, parent = %1}>")
        .arg(defaultAttribute(K::Blocked, parent));
  }
  case K::NvidiaMma:
    return QStringLiteral("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                          "%1, instrShape = %2}>")
        .arg(warpList, r == 3 ? QStringLiteral("[1, 16, 8]") : QStringLiteral("[16, 8]"));
  case K::DotOperand:
    return QStringLiteral("#ttg.dot_op<{opIdx = 0, parent = %1, kWidth = %2}>")
        .arg(defaultAttribute(K::NvidiaMma, ctx))
        .arg(std::max(1, 32 / std::max(1, ctx.elementBits)));
  case K::AmdMfma:
    return QStringLiteral("#ttg.amd_mfma<{version = 3, warpsPerCTA = %1, instrShape = [32, 32, "
                          "8], isTransposed = false}>")
        .arg(warpList);
  case K::AmdWmma:
    return QStringLiteral("#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = %1}>")
        .arg(warpList);
  case K::Linear: {
    if (ctx.current && ctx.current->hasInDim("register"))
      return QStringLiteral("#ttg.linear<{") +
             linearFrom(*ctx.current, {"register", "lane", "warp", "block"}) + QStringLiteral("}>");
    auto enc = ls::ir::parseEncoding(defaultAttribute(K::Blocked, ctx).toStdString());
    const ls::LinearLayout ll = enc->toLinearLayout(ctx.shape);
    return QStringLiteral("#ttg.linear<{") + linearFrom(ll, {"register", "lane", "warp", "block"}) +
           QStringLiteral("}>");
  }
  case K::SwizzledShared:
    return QStringLiteral("#ttg.swizzled_shared<{vec = %1, perPhase = 1, maxPhase = 8, order = "
                          "%2}>")
        .arg(std::max(1, 128 / std::max(1, ctx.elementBits)))
        .arg(order);
  case K::AmdRotatingShared:
    return QStringLiteral("#ttg.amd_rotating_shared<{vec = %1, perPhase = 1, maxPhase = 16, "
                          "order = %2}>")
        .arg(std::max(1, 64 / std::max(1, ctx.elementBits)))
        .arg(order);
  case K::NvmmaShared:
    return QStringLiteral("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                          "elementBitWidth = %1%2}>")
        .arg(ctx.elementBits)
        .arg(r == 2 ? QString() : QStringLiteral(", rank = %1").arg(r));
  case K::PaddedShared: {
    QStringList dims;
    for (int d = 0; d < r; ++d)
      dims << QString::number(lastDim(d));
    return QStringLiteral("#ttg.padded_shared<[32:+4] {order = %1, shape = [%2]}>")
        .arg(order, dims.join(QStringLiteral(", ")));
  }
  case K::SharedLinear: {
    if (ctx.current && ctx.current->hasInDim("offset"))
      return QStringLiteral("#ttg.shared_linear<{") +
             linearFrom(*ctx.current, {"offset", "block"}) + QStringLiteral("}, alignment = 16>");
    auto enc = ls::ir::parseEncoding(defaultAttribute(K::SwizzledShared, ctx).toStdString());
    const ls::LinearLayout ll = enc->toLinearLayout(ctx.shape);
    return QStringLiteral("#ttg.shared_linear<{") + linearFrom(ll, {"offset", "block"}) +
           QStringLiteral("}, alignment = 16>");
  }
  case K::TensorMemory: {
    // The accumulator Triton would pick for a tile of this shape: 128 rows
    // if there are that many, up to 256 columns, one element per 32-bit
    // column for narrow types (colStride = 32 / bitwidth).
    const int64_t m = r >= 2 ? lastDim(r - 2) : 128, n = lastDim(r - 1);
    const int bits = std::clamp(ctx.elementBits, 8, 32);
    return QStringLiteral("#ttng.tensor_memory_encoding<blockM = %1, blockN = %2, colStride = "
                          "%3>")
        .arg(m >= 128 ? 128 : 64)
        .arg(std::clamp<int64_t>(pow2AtMost(std::max<int64_t>(1, n)), 1, 256))
        .arg(std::min(4, 32 / bits));
  }
  case K::TensorMemoryScales:
    return QStringLiteral("#ttng.tensor_memory_scales_encoding<>");
  }
  return defaultAttribute(K::Blocked, ctx);
}

} // namespace ls::ui
