#include "forms/encoding_schema.h"

#include <algorithm>
#include <numeric>

#include "encodings/dot_operand.h"
#include "encodings/slice.h"
#include "notation/mlir/attr_syntax_parser.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"

namespace ls::ui {

namespace {

using K = ls::EncodingKind;
using T = FieldType;

FieldSpec f(const char *key, T type, const char *tip, bool optional = false,
            QStringList choices = {}) {
  FieldSpec s;
  s.key = QString::fromLatin1(key);
  s.label = s.key;
  s.type = type;
  s.tip = QString::fromUtf8(tip);
  s.optional = optional;
  s.choices = std::move(choices);
  return s;
}

FieldSpec cga() {
  return f("CGALayout", T::Bases,
           "How the CTAs of a cluster split the tensor: basis i is the tile CTA 2^i holds. "
           "Empty = one CTA.",
           true);
}

std::vector<KindSpec> buildSpecs() {
  std::vector<KindSpec> v;
  v.push_back(
      {K::Blocked,
       "blocked",
       "Blocked",
       false,
       {f("sizePerThread", T::Pow2List, "Contiguous elements each thread holds per dim"),
        f("threadsPerWarp", T::Pow2List, "Lanes along each dim; the product is the warp size"),
        f("warpsPerCTA", T::Pow2List, "Warps along each dim; the product is num-warps"),
        f("order", T::Permutation, "Dims from fastest- to slowest-varying"), cga()}});
  v.push_back({K::Slice,
               "slice",
               "Slice of a parent",
               false,
               {f("dim", T::Int, "The parent dim that is removed"),
                f("parent", T::Parent, "The distributed layout being sliced")}});
  v.push_back(
      {K::NvidiaMma,
       "nvidia_mma",
       "NVIDIA MMA (accumulator)",
       false,
       {f("versionMajor", T::Choice, "2 = Ampere mma.sync, 3 = Hopper wgmma", false, {"2", "3"}),
        f("versionMinor", T::Int, "Minor version (0)"),
        f("warpsPerCTA", T::Pow2List, "Warps along each dim; the product is num-warps"),
        f("instrShape", T::IntList, "[16, 8] for v2; [16, N, K] for v3"), cga()}});
  v.push_back(
      {K::DotOperand,
       "dot_op",
       "Dot operand",
       false,
       {f("opIdx", T::Choice, "0 = operand A (M x K), 1 = operand B (K x N)", false, {"0", "1"}),
        f("parent", T::Parent, "The layout of the dot's result"),
        f("kWidth", T::Int,
          "Consecutive K elements per thread per instruction (none for a blocked parent)", true)}});
  v.push_back(
      {K::AmdMfma,
       "amd_mfma",
       "AMD MFMA (CDNA, wave64)",
       false,
       {f("version", T::Choice, "CDNA generation (3 = MI300)", false, {"1", "2", "3", "4"}),
        f("warpsPerCTA", T::Pow2List, "Warps along each dim; the product is num-warps"),
        f("instrShape", T::IntList, "[M, N, K] of the instruction: 32x32 or 16x16 (or 4x64)"),
        f("isTransposed", T::Bool, "Lanes walk N first (the result is stored transposed)"),
        f("tilesPerWarp", T::Pow2List, "Instruction tiles per warp along each dim", true),
        f("elementBitWidth", T::Choice, "64 for fp64 MFMA", true, {"", "32", "64"}), cga()}});
  v.push_back(
      {K::AmdWmma,
       "amd_wmma",
       "AMD WMMA (RDNA, wave32)",
       false,
       {f("version", T::Choice, "1 = RDNA3, 2 = RDNA4, 3 = gfx1250", false, {"1", "2", "3"}),
        f("isTranspose", T::Bool, "Swap the roles of M and N"),
        f("warpsPerCTA", T::Pow2List, "Warps along each dim; the product is num-warps"),
        f("tilesPerWarp", T::Pow2List, "Instruction tiles per warp along each dim", true),
        f("instrShape", T::IntList, "[M, N, K]; empty = [16, 16, 16]", true), cga()}});
  v.push_back({K::Linear,
               "linear",
               "Linear (bases)",
               false,
               {f("register", T::Bases, "L(register = 2^i) for each i"),
                f("lane", T::Bases, "L(lane = 2^i)"), f("warp", T::Bases, "L(warp = 2^i)"),
                f("block", T::Bases, "L(block = 2^i)")}});
  v.push_back({K::SwizzledShared,
               "swizzled_shared",
               "Swizzled shared",
               true,
               {f("vec", T::Pow2, "Elements moved together by the swizzle"),
                f("perPhase", T::Pow2, "Rows that share one phase"),
                f("maxPhase", T::Pow2, "Number of distinct phases"),
                f("order", T::Permutation, "Dims from fastest- to slowest-varying"), cga()}});
  v.push_back({K::AmdRotatingShared,
               "amd_rotating_shared",
               "AMD rotating shared",
               true,
               {f("vec", T::Pow2, "Elements moved together by the swizzle"),
                f("perPhase", T::Pow2, "Rows that share one phase"),
                f("maxPhase", T::Pow2, "Number of distinct phases"),
                f("order", T::Permutation, "Dims from fastest- to slowest-varying"), cga()}});
  v.push_back(
      {K::NvmmaShared,
       "nvmma_shared",
       "NVMMA shared (TMA / wgmma)",
       true,
       {f("swizzlingByteWidth", T::Choice, "Swizzle span in bytes (0 = none)", false,
          {"0", "32", "64", "128"}),
        f("transposed", T::Bool, "dim0 is the contiguous dim"),
        f("elementBitWidth", T::Choice, "Bits per element", false, {"4", "8", "16", "32", "64"}),
        f("fp4Padded", T::Bool, "Each 8 fp4 pairs padded to 16 bytes", true),
        f("rank", T::Int, "Tensor rank when not 2 (single CTA)", true), cga()}});
  v.push_back({K::PaddedShared,
               "padded_shared",
               "Padded shared",
               true,
               {f("intervals", T::Intervals,
                  "interval:+padding pairs: after every interval elements, pad that many"),
                f("order", T::Permutation, "Dims from fastest- to slowest-varying", true),
                f("shape", T::IntList, "Shape of the identity component", true),
                f("offset", T::Bases, "L(offset = 2^i), instead of order and shape", true),
                f("block", T::Bases, "L(block = 2^i)", true)}});
  auto pow2 = [](const char *key, const char *tip, int maximum, const char *defaultValue) {
    FieldSpec s = f(key, T::Pow2, tip);
    s.minimum = 1;
    s.maximum = maximum;
    s.defaultValue = QString::fromLatin1(defaultValue);
    return s;
  };
  KindSpec tmem{K::TensorMemory,
                "tensor_memory_encoding",
                "Tensor memory",
                false,
                {f("blockM", T::Choice,
                   "Rows of one block: 128 (row r = lane r) or 64 (16-row slabs, one per lane "
                   "quarter)",
                   false, {"64", "128"}),
                 pow2("blockN", "Columns of one block (a power of two, at most 512)", 512, ""),
                 f("colStride", T::Choice,
                   "Element slots between row neighbours: 1 packs 32/bitwidth elements per "
                   "32-bit column; bitwidth x colStride <= 32",
                   false, {"1", "2", "4"}),
                 pow2("CTASplitM", "CTAs the tile is split over along M", 16, "1"),
                 pow2("CTASplitN", "CTAs the tile is split over along N", 16, "1"),
                 f("twoCTAs", T::Bool, "cta_group::2: one MMA over a pair of CTAs", true)}};
  tmem.tensorMemory = true;
  v.push_back(tmem);
  KindSpec scales{K::TensorMemoryScales,
                  "tensor_memory_scales_encoding",
                  "Tensor memory scales",
                  false,
                  {pow2("CTASplitM", "CTAs the scales are split over along M", 16, "1"),
                   pow2("CTASplitN", "CTAs the scales are split over along N", 16, "1")}};
  scales.tensorMemory = true;
  v.push_back(scales);
  v.push_back({K::SharedLinear,
               "shared_linear",
               "Shared linear (bases)",
               true,
               {f("offset", T::Bases, "L(offset = 2^i) for each i"),
                f("block", T::Bases, "L(block = 2^i)", true),
                f("alignment", T::Int, "Alignment of the allocation in bytes")}});
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
    if (spec.kind == K::SharedLinear && fs.key == QLatin1String("alignment"))
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
