#include "notation/mlir/layout_parser.h"

#include <algorithm>
#include <map>
#include <set>

#include "encodings/amd_mfma.h"
#include "encodings/amd_wmma.h"
#include "encodings/blocked.h"
#include "encodings/dot_operand.h"
#include "encodings/encoding_params.h"
#include "encodings/linear.h"
#include "encodings/nvidia_mma.h"
#include "encodings/nvmma_shared.h"
#include "encodings/padded_shared.h"
#include "encodings/shared_linear.h"
#include "encodings/slice.h"
#include "encodings/swizzled_shared.h"
#include "encodings/tensor_memory.h"
#include "encodings/tensor_memory_scales.h"
#include "notation/mlir/attr_syntax_parser.h"
#include "util/bits.h"
#include "util/error.h"
#include "util/limits.h"

namespace ls::ir {

namespace {

using Entries = std::vector<std::pair<std::string, ValuePtr>>;

const Value *find(const Entries &e, const std::string &key) {
  for (const auto &[k, v] : e)
    if (k == key)
      return v.get();
  return nullptr;
}

[[noreturn]] void fieldError(const std::string &field, const std::string &rule) {
  throw Error(field, rule);
}

int64_t readInt(const Value &v, const std::string &field, int64_t lo, int64_t hi) {
  if (v.kind != Value::Kind::Integer)
    fieldError(field, "expected an integer");
  if (v.integer < lo || v.integer > hi)
    fieldError(field, "must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                          ", got " + std::to_string(v.integer));
  return v.integer;
}

unsigned readUInt(const Value &v, const std::string &field) {
  return static_cast<unsigned>(readInt(v, field, 0, int64_t{1} << 30));
}

bool readBool(const Value &v, const std::string &field) {
  if (v.kind == Value::Kind::Bool)
    return v.integer != 0;
  if (v.kind == Value::Kind::Integer && (v.integer == 0 || v.integer == 1))
    return v.integer != 0;
  fieldError(field, "expected true or false");
}

std::vector<unsigned> readUIntList(const Value &v, const std::string &field) {
  if (v.kind != Value::Kind::List)
    fieldError(field, "expected a list of integers like [1, 2]");
  if (v.items.size() > 20)
    fieldError(field, "at most 20 entries");
  std::vector<unsigned> out;
  for (const auto &item : v.items)
    out.push_back(readUInt(*item, field));
  return out;
}

std::vector<std::vector<int32_t>> readBases(const Value &v, const std::string &field) {
  if (v.kind != Value::Kind::List)
    fieldError(field, "expected a list of bases like [[0, 1], [1, 0]]");
  if (v.items.size() > 40)
    fieldError(field, "at most 40 bases");
  std::vector<std::vector<int32_t>> out;
  for (const auto &item : v.items) {
    if (item->kind != Value::Kind::List)
      fieldError(field, "each basis must be a list of integers like [0, 1]");
    std::vector<int32_t> b;
    for (const auto &x : item->items)
      b.push_back(static_cast<int32_t>(readInt(*x, field, 0, (int64_t{1} << 30) - 1)));
    out.push_back(std::move(b));
  }
  return out;
}

void checkKeys(const Entries &e, const std::string &attr, std::initializer_list<const char *> ok) {
  for (const auto &[k, v] : e) {
    bool known = false;
    for (const char *o : ok)
      known = known || k == o;
    if (!known) {
      std::string list;
      for (const char *o : ok)
        list += (list.empty() ? "" : ", ") + std::string(o);
      fieldError(k, "unknown field of #ttg." + attr + " (expected " + list + ")");
    }
  }
}

// Keys not in encoding_params' table for this placement (and group) are refused.
void checkKeys(const Entries &e, const EncodingParams &p, Placement placement = Placement::Body,
               int group = -1) {
  const std::vector<std::string> ok = p.acceptedKeys(placement, group);
  for (const auto &[k, v] : e)
    if (std::find(ok.begin(), ok.end(), k) == ok.end()) {
      std::string list;
      for (const auto &o : ok)
        list += (list.empty() ? "" : ", ") + o;
      fieldError(k, "unknown field of " + p.attrName() + " (expected " + list + ")");
    }
}

// The value of table field `key`. Absent: "is required in #d.m" for a required
// field; else the table's default (parsed once), or nullptr where the default
// is per dim or the CTA layout (the caller's empty value means it).
const Value *field(const Entries &e, const EncodingParams &p, const std::string &key) {
  if (const Value *v = find(e, key))
    return v;
  const FieldParam &f = p.at(key);
  if (!f.optional)
    fieldError(key, "is required in " + p.attrName());
  if (f.defaultText.empty() || f.kind == ValueKind::Cga || (f.perDim() && f.defaultText[0] != '['))
    return nullptr;
  static const std::map<std::string, ValuePtr> defaults = [] {
    std::map<std::string, ValuePtr> m;
    for (const auto &enc : allEncodingParams())
      for (const auto &fp : enc.fields)
        if (!fp.defaultText.empty() && !m.count(fp.defaultText))
          m[fp.defaultText] = SyntaxParser(fp.defaultText).parseValue();
    return m;
  }();
  return defaults.at(f.defaultText).get();
}

const Value &requireKey(const Entries &e, const std::string &key, const std::string &attr) {
  const Value *v = find(e, key);
  if (!v)
    fieldError(key, "is required in #ttg." + attr);
  return *v;
}

// CGALayout = [[...]] or the legacy triple; single CTA if neither.
CGALayout readCGA(const Entries &e, int rank) {
  // Every distributed and shared layout reads its CTA layout with the rank
  // its lists gave; the engine's dim names stop at limits::kMaxRank.
  if (rank > limits::kMaxRank)
    fieldError("rank", "a layout has at most " + std::to_string(limits::kMaxRank) +
                           " dims; this one has " + std::to_string(rank));
  const Value *bases = find(e, "CGALayout");
  const Value *per = find(e, "CTAsPerCGA");
  const Value *split = find(e, "CTASplitNum");
  const Value *order = find(e, "CTAOrder");
  if (bases && (per || split || order))
    fieldError("CGALayout", "give either CGALayout or CTAsPerCGA/CTASplitNum/CTAOrder, not both");
  if (bases) {
    auto b = readBases(*bases, "CGALayout");
    for (size_t i = 0; i < b.size(); ++i)
      if (static_cast<int>(b[i].size()) != rank)
        fieldError("CGALayout", "entry " + std::to_string(i) + " has " +
                                    std::to_string(b[i].size()) +
                                    " values; it must match the rank " + std::to_string(rank));
    return CGALayout(rank, std::move(b));
  }
  if (per || split || order) {
    if (!per || !split || !order)
      fieldError(!per ? "CTAsPerCGA" : !split ? "CTASplitNum" : "CTAOrder",
                 "the legacy CTA layout needs all of CTAsPerCGA, CTASplitNum and CTAOrder");
    auto p = readUIntList(*per, "CTAsPerCGA");
    if (static_cast<int>(p.size()) != rank)
      fieldError("CTAsPerCGA", "must have " + std::to_string(rank) + " entries");
    return CGALayout::fromLegacy(p, readUIntList(*split, "CTASplitNum"),
                                 readUIntList(*order, "CTAOrder"));
  }
  return CGALayout::singleCTA(rank);
}

const Entries &dictOf(const Value &v, const std::string &attr) {
  if (!v.hasBody)
    fieldError("#ttg." + attr, "expected <{...}> with the layout's fields");
  if (!v.positional.empty())
    fieldError("#ttg." + attr, "expected <{key = value, ...}>");
  return v.entries;
}

EncodingPtr resolveParent(const Value *v, const AliasMap *aliases, int depth,
                          const std::string &field) {
  if (!v)
    fieldError(field, "is required");
  if (v->kind != Value::Kind::Attr && v->kind != Value::Kind::AliasRef)
    fieldError(field, "expected a layout attribute such as #ttg.blocked<{...}> or an alias");
  return buildEncoding(*v, aliases, depth + 1);
}

EncodingPtr buildBlocked(const Entries &e) {
  const EncodingParams &P = encodingParams(EncodingKind::Blocked);
  checkKeys(e, P);
  auto enc = std::make_shared<BlockedEncoding>();
  enc->sizePerThread = readUIntList(*field(e, P, "sizePerThread"), "sizePerThread");
  enc->threadsPerWarp = readUIntList(*field(e, P, "threadsPerWarp"), "threadsPerWarp");
  enc->warpsPerCTA = readUIntList(*field(e, P, "warpsPerCTA"), "warpsPerCTA");
  enc->order = readUIntList(*field(e, P, "order"), "order");
  enc->cga = readCGA(e, static_cast<int>(enc->sizePerThread.size()));
  return enc;
}

EncodingPtr buildNvidiaMma(const Entries &e) {
  const EncodingParams &P = encodingParams(EncodingKind::NvidiaMma);
  checkKeys(e, P);
  auto enc = std::make_shared<NvidiaMmaEncoding>();
  enc->versionMajor = readUInt(*field(e, P, "versionMajor"), "versionMajor");
  enc->versionMinor = readUInt(*field(e, P, "versionMinor"), "versionMinor");
  enc->warpsPerCTA = readUIntList(*field(e, P, "warpsPerCTA"), "warpsPerCTA");
  enc->instrShape = readUIntList(*field(e, P, "instrShape"), "instrShape");
  enc->cga = readCGA(e, static_cast<int>(enc->warpsPerCTA.size()));
  return enc;
}

EncodingPtr buildMfma(const Entries &e, bool legacyDialect) {
  const EncodingParams &P = encodingParams(EncodingKind::AmdMfma);
  checkKeys(e, P);
  auto enc = std::make_shared<AmdMfmaEncoding>();
  if (const Value *v = find(e, "version"))
    enc->version = readUInt(*v, "version");
  else if (const Value *v = find(e, "versionMajor")) {
    // #triton_gpu. text (Triton <= 3.1) named it versionMajor. Triton 3.6
    // ignores that key under #ttg. and leaves version = 0; so do we.
    if (legacyDialect)
      enc->version = readUInt(*v, "versionMajor");
    else
      enc->version = 0;
  } else
    fieldError("version", "is required in " + P.attrName());
  enc->warpsPerCTA = readUIntList(*field(e, P, "warpsPerCTA"), "warpsPerCTA");
  enc->instrShape = readUIntList(*field(e, P, "instrShape"), "instrShape");
  if (enc->instrShape.size() == 2 && legacyDialect) {
    // Older Triton printed [M, N]; K does not change the layout. Use the
    // fp16 instruction's K so that the 3.6 text is well formed.
    unsigned m = enc->instrShape[0];
    enc->instrShape.push_back(m == 32 ? 8 : m == 16 ? 16 : 4);
  }
  if (enc->instrShape.size() != 3 && enc->instrShape.size() != 2)
    fieldError("instrShape", "must be [M, N, K]");
  enc->isTransposed = readBool(*field(e, P, "isTransposed"), "isTransposed");
  if (const Value *v = field(e, P, "tilesPerWarp"))
    enc->tilesPerWarp = readUIntList(*v, "tilesPerWarp");
  if (!enc->tilesPerWarp.empty() &&
      std::all_of(enc->tilesPerWarp.begin(), enc->tilesPerWarp.end(), [](unsigned t) { return t == 1; }))
    enc->tilesPerWarp.clear();
  enc->elementBitWidth = readUInt(*field(e, P, "elementBitWidth"), "elementBitWidth");
  enc->cga = readCGA(e, static_cast<int>(enc->warpsPerCTA.size()));
  return enc;
}

EncodingPtr buildWmma(const Entries &e) {
  const EncodingParams &P = encodingParams(EncodingKind::AmdWmma);
  checkKeys(e, P);
  auto enc = std::make_shared<AmdWmmaEncoding>();
  enc->version = readUInt(*field(e, P, "version"), "version");
  enc->isTranspose = readBool(*field(e, P, "isTranspose"), "isTranspose");
  enc->warpsPerCTA = readUIntList(*field(e, P, "warpsPerCTA"), "warpsPerCTA");
  if (const Value *v = field(e, P, "tilesPerWarp"))
    enc->tilesPerWarp = readUIntList(*v, "tilesPerWarp");
  if (!enc->tilesPerWarp.empty() &&
      std::all_of(enc->tilesPerWarp.begin(), enc->tilesPerWarp.end(), [](unsigned t) { return t == 1; }))
    enc->tilesPerWarp.clear();
  enc->instrShape = readUIntList(*field(e, P, "instrShape"), "instrShape");
  if (enc->instrShape == readUIntList(*field({}, P, "instrShape"), "instrShape"))
    enc->instrShape.clear(); // the default: AmdWmmaEncoding keeps it empty
  enc->cga = readCGA(e, static_cast<int>(enc->warpsPerCTA.size()));
  return enc;
}

EncodingPtr buildSlice(const Entries &e, const AliasMap *aliases, int depth) {
  const EncodingParams &P = encodingParams(EncodingKind::Slice);
  checkKeys(e, P);
  auto enc = std::make_shared<SliceEncoding>();
  enc->dim = readUInt(*field(e, P, "dim"), "dim");
  enc->parent = resolveParent(find(e, "parent"), aliases, depth, "parent");
  if (enc->parent->isShared())
    fieldError("parent", "a slice needs a distributed parent, not a shared layout");
  return enc;
}

EncodingPtr buildDot(const Entries &e, const AliasMap *aliases, int depth) {
  const EncodingParams &P = encodingParams(EncodingKind::DotOperand);
  checkKeys(e, P);
  auto enc = std::make_shared<DotOperandEncoding>();
  enc->opIdx = readUInt(*field(e, P, "opIdx"), "opIdx");
  enc->parent = resolveParent(find(e, "parent"), aliases, depth, "parent");
  enc->kWidth = readUInt(*field(e, P, "kWidth"), "kWidth");
  return enc;
}

EncodingPtr buildLinear(const Entries &e) {
  const EncodingParams &P = encodingParams(EncodingKind::Linear);
  checkKeys(e, P);
  auto enc = std::make_shared<LinearEncoding>();
  enc->layout = LinearEncoding::fromBases(
      readBases(*field(e, P, "register"), "register"), readBases(*field(e, P, "lane"), "lane"),
      readBases(*field(e, P, "warp"), "warp"), readBases(*field(e, P, "block"), "block"));
  return enc;
}

EncodingPtr buildSwizzled(const Entries &e, bool rotating) {
  const EncodingParams &P =
      encodingParams(rotating ? EncodingKind::AmdRotatingShared : EncodingKind::SwizzledShared);
  checkKeys(e, P);
  auto enc = std::make_shared<SwizzledSharedEncoding>();
  enc->amdRotating = rotating;
  enc->vec = readUInt(*field(e, P, "vec"), "vec");
  enc->perPhase = readUInt(*field(e, P, "perPhase"), "perPhase");
  enc->maxPhase = readUInt(*field(e, P, "maxPhase"), "maxPhase");
  enc->order = readUIntList(*field(e, P, "order"), "order");
  enc->cga = readCGA(e, static_cast<int>(enc->order.size()));
  return enc;
}

EncodingPtr buildNvmmaShared(const Entries &e) {
  const EncodingParams &P = encodingParams(EncodingKind::NvmmaShared);
  checkKeys(e, P);
  auto enc = std::make_shared<NvmmaSharedEncoding>();
  enc->swizzlingByteWidth = readUInt(*field(e, P, "swizzlingByteWidth"), "swizzlingByteWidth");
  enc->transposed = readBool(*field(e, P, "transposed"), "transposed");
  enc->elementBitWidth = readUInt(*field(e, P, "elementBitWidth"), "elementBitWidth");
  enc->fp4Padded = readBool(*field(e, P, "fp4Padded"), "fp4Padded");
  const FieldParam &rankParam = P.at("rank");
  const int rank =
      static_cast<int>(readInt(*field(e, P, "rank"), "rank", rankParam.minimum, rankParam.maximum));
  enc->cga = readCGA(e, rank);
  return enc;
}

// The old #triton_gpu.shared / #ttg.shared encoding (Triton <= 3.2): a
// swizzled layout, or with hasLeadingOffset an NVMMA one.
EncodingPtr buildOldShared(const Entries &e) {
  checkKeys(e, "shared", {"vec", "perPhase", "maxPhase", "order", "hasLeadingOffset", "CTAsPerCGA",
                          "CTASplitNum", "CTAOrder", "CGALayout"});
  unsigned vec = readUInt(requireKey(e, "vec", "shared"), "vec");
  unsigned perPhase = readUInt(requireKey(e, "perPhase", "shared"), "perPhase");
  unsigned maxPhase = readUInt(requireKey(e, "maxPhase", "shared"), "maxPhase");
  auto order = readUIntList(requireKey(e, "order", "shared"), "order");
  bool leading = false;
  if (const Value *v = find(e, "hasLeadingOffset"))
    leading = readBool(*v, "hasLeadingOffset");
  CGALayout cga = readCGA(e, static_cast<int>(order.size()));
  if (!leading) {
    auto enc = std::make_shared<SwizzledSharedEncoding>();
    enc->vec = vec;
    enc->perPhase = perPhase;
    enc->maxPhase = maxPhase;
    enc->order = order;
    enc->cga = cga;
    return enc;
  }
  auto enc = std::make_shared<NvmmaSharedEncoding>();
  if (perPhase == 4 && maxPhase == 2)
    enc->swizzlingByteWidth = 32;
  else if (perPhase == 2 && maxPhase == 4)
    enc->swizzlingByteWidth = 64;
  else if (perPhase == 1 && maxPhase == 8)
    enc->swizzlingByteWidth = 128;
  else if (maxPhase == 1)
    enc->swizzlingByteWidth = 0;
  else
    fieldError("perPhase", "with hasLeadingOffset, (perPhase, maxPhase) must be (4, 2), (2, 4) "
                           "or (1, 8)");
  if (vec == 0 || 128 % vec != 0)
    fieldError("vec", "with hasLeadingOffset, vec * element bits must be 128");
  enc->elementBitWidth = enc->swizzlingByteWidth == 0 ? 16 : 128 / vec;
  enc->transposed = order.size() >= 2 && order[0] == 0;
  enc->cga = cga;
  return enc;
}

LinearLayout readSharedBases(const Entries &e, const std::string &attr, bool blockOptional) {
  auto offset = readBases(requireKey(e, "offset", attr), "offset");
  std::vector<std::vector<int32_t>> block;
  if (const Value *v = find(e, "block"))
    block = readBases(*v, "block");
  else if (!blockOptional)
    fieldError("block", "is required in #ttg." + attr);
  int rank = !offset.empty() ? static_cast<int>(offset[0].size())
             : !block.empty() ? static_cast<int>(block[0].size())
                              : 0;
  if (rank == 0)
    fieldError("offset", "an empty layout is not supported");
  for (const auto *list : {&offset, &block})
    for (const auto &b : *list)
      if (static_cast<int>(b.size()) != rank)
        fieldError(list == &offset ? "offset" : "block",
                   "every basis must have " + std::to_string(rank) + " entries");
  LinearLayout::DimSizes sizes;
  auto names = standardOutDimNames(rank);
  for (int d = 0; d < rank; ++d) {
    int64_t s = 1;
    for (const auto *list : {&offset, &block})
      for (const auto &b : *list)
        while (s <= b[d])
          s *= 2;
    sizes.push_back({names[d], static_cast<int32_t>(s)});
  }
  auto ll = LinearLayout::tryCreate({{kOffset, offset}, {kBlock, block}}, sizes, true);
  if (!ll)
    fieldError("offset", "the bases must reach every element of the tensor they span "
                         "(the layout must be surjective)");
  return *ll;
}

EncodingPtr buildSharedLinear(const Value &v) {
  if (!v.hasBody)
    fieldError("#ttg.shared_linear", "expected <{offset = [...], ...}, alignment = N>");
  const EncodingParams &P = encodingParams(EncodingKind::SharedLinear);
  checkKeys(v.entries, P);
  auto enc = std::make_shared<SharedLinearEncoding>();
  enc->layout = readSharedBases(v.entries, "shared_linear", P.at("block").optional);
  const Value *align = find(v.extraEntries, "alignment");
  if (!align)
    fieldError("alignment", "is required after the braces: #ttg.shared_linear<{...}, alignment = 16>");
  checkKeys(v.extraEntries, P, Placement::AfterBody);
  enc->alignment = readUInt(*align, "alignment");
  return enc;
}

EncodingPtr buildPadded(const Value &v) {
  if (!v.hasBody || v.positional.size() != 1 || v.positional[0]->kind != Value::Kind::List)
    fieldError("#ttg.padded_shared", "expected <[interval:+padding, ...] {...}>");
  auto enc = std::make_shared<PaddedSharedEncoding>();
  for (const auto &item : v.positional[0]->items) {
    if (item->kind != Value::Kind::Interval)
      fieldError("padded_shared", "each entry of [...] must be interval:+padding, e.g. 32:+4");
    if (item->integer <= 0 || item->integer > (int64_t{1} << 30) || item->padding <= 0 ||
        item->padding > (int64_t{1} << 20))
      fieldError("padded_shared", "interval and padding must be positive");
    enc->intervals.push_back(static_cast<unsigned>(item->integer));
    enc->paddings.push_back(static_cast<unsigned>(item->padding));
  }
  const Entries &e = v.entries;
  const EncodingParams &P = encodingParams(EncodingKind::PaddedShared);
  if (find(e, "offset") || find(e, "block")) {
    checkKeys(e, P, Placement::Body, P.at("offset").group);
    enc->linearComponent = readSharedBases(e, "padded_shared", P.at("block").optional);
  } else {
    checkKeys(e, P, Placement::Body, P.at("order").group);
    auto order = readUIntList(*field(e, P, "order"), "order");
    auto shape = readUIntList(*field(e, P, "shape"), "shape");
    enc->linearComponent = PaddedSharedEncoding::identityComponent(order, shape);
  }
  return enc;
}

EncodingPtr buildTensorMemory(const Value &v) {
  if (!v.hasBody || !v.positional.empty())
    fieldError("#ttng.tensor_memory_encoding",
               "expected <blockM = .., blockN = .., colStride = ..>");
  const Entries &e = v.entries;
  const EncodingParams &P = encodingParams(EncodingKind::TensorMemory);
  checkKeys(e, P);
  auto enc = std::make_shared<TensorMemoryEncoding>();
  enc->blockM = readUInt(*field(e, P, "blockM"), "blockM");
  enc->blockN = readUInt(*field(e, P, "blockN"), "blockN");
  if (const Value *c = find(e, "colStride"))
    enc->colStride = readUInt(*c, "colStride");
  else if (const Value *u = find(e, "unpacked")) // Triton <= 3.4 spelling
    enc->colStride = readBool(*u, "unpacked") ? 2 : 1; // unpacked 16-bit: one element per 32-bit column
  else
    fieldError("colStride", "is required in " + P.attrName());
  enc->ctaSplitM = readUInt(*field(e, P, "CTASplitM"), "CTASplitM");
  enc->ctaSplitN = readUInt(*field(e, P, "CTASplitN"), "CTASplitN");
  enc->twoCTAs = readBool(*field(e, P, "twoCTAs"), "twoCTAs");
  return enc;
}

// `<>` or `<CTASplitM = m, CTASplitN = n>` (either may be omitted).
EncodingPtr buildTensorMemoryScales(const Value &v) {
  if (!v.hasBody || !v.positional.empty())
    fieldError("#ttng.tensor_memory_scales_encoding",
               "expected <> or <CTASplitM = .., CTASplitN = ..>");
  const Entries &e = v.entries;
  const EncodingParams &P = encodingParams(EncodingKind::TensorMemoryScales);
  checkKeys(e, P);
  auto enc = std::make_shared<TensorMemoryScalesEncoding>();
  enc->ctaSplitM = readUInt(*field(e, P, "CTASplitM"), "CTASplitM");
  enc->ctaSplitN = readUInt(*field(e, P, "CTASplitN"), "CTASplitN");
  return enc;
}

} // namespace

ElementType parseElementType(const std::string &text, const std::string &field) {
  static const std::vector<std::pair<std::string, ElementType>> table = {
      {"f8", {"f8E4M3FN", 8}},       {"f8E4M3FN", {"f8E4M3FN", 8}}, {"f8E5M2", {"f8E5M2", 8}},
      {"f8E4M3FNUZ", {"f8E4M3FNUZ", 8}}, {"f8E5M2FNUZ", {"f8E5M2FNUZ", 8}},
      {"f8E4M3B11FNUZ", {"f8E4M3B11FNUZ", 8}},
      {"bf16", {"bf16", 16}},        {"f16", {"f16", 16}},          {"f32", {"f32", 32}},
      {"tf32", {"tf32", 32}},        {"f64", {"f64", 64}},          {"i1", {"i1", 1}},
      {"i8", {"i8", 8}},             {"i16", {"i16", 16}},          {"i32", {"i32", 32}},
      {"i64", {"i64", 64}},          {"fp16", {"f16", 16}},         {"fp32", {"f32", 32}},
      {"fp64", {"f64", 64}},         {"u8", {"i8", 8}},
  };
  for (const auto &[k, v] : table)
    if (k == text)
      return v;
  if (text.rfind("!tt.ptr<", 0) == 0)
    return {text, 64};
  throw Error(field, "unknown element type '" + text +
                         "'; use f8, bf16, f16, f32, f64, i1, i8, i16, i32 or i64");
}

EncodingPtr buildEncoding(const Value &v, const AliasMap *aliases, int depth) {
  if (depth > kMaxNesting)
    throw Error("attribute text", "layouts nested deeper than " + std::to_string(kMaxNesting) +
                                      " levels");
  if (v.kind == Value::Kind::AliasRef) {
    if (!aliases)
      throw Error("#" + v.text, "is an alias; paste its definition or the whole TTGIR file");
    auto it = aliases->find(v.text);
    if (it == aliases->end())
      throw Error("#" + v.text, "is not defined in the TTGIR text");
    return buildEncoding(*it->second, aliases, depth + 1);
  }
  if (v.kind != Value::Kind::Attr)
    throw Error("layout", "expected an attribute like #ttg.blocked<{...}>");
  const std::string &d = v.dialect;
  if (d == "ttng" || d == "triton_nvidia_gpu") {
    if (v.name == "tensor_memory_encoding")
      return buildTensorMemory(v);
    if (v.name == "tensor_memory_scales_encoding")
      return buildTensorMemoryScales(v);
    throw Error("#" + d + "." + v.name, "is not a layout encoding this tool knows");
  }
  if (d != "ttg" && d != "triton_gpu")
    throw Error("#" + d + "." + v.name, "unknown dialect '" + d + "'; expected #ttg. or #triton_gpu.");
  const std::string &n = v.name;
  if (n == "padded_shared")
    return buildPadded(v);
  if (n == "shared_linear")
    return buildSharedLinear(v);
  if (n == "blocked")
    return buildBlocked(dictOf(v, n));
  if (n == "slice")
    return buildSlice(dictOf(v, n), aliases, depth);
  if (n == "nvidia_mma" || n == "mma")
    return buildNvidiaMma(dictOf(v, n));
  if (n == "dot_op")
    return buildDot(dictOf(v, n), aliases, depth);
  if (n == "amd_mfma")
    return buildMfma(dictOf(v, n), d == "triton_gpu");
  if (n == "amd_wmma")
    return buildWmma(dictOf(v, n));
  if (n == "linear")
    return buildLinear(dictOf(v, n));
  if (n == "swizzled_shared")
    return buildSwizzled(dictOf(v, n), false);
  if (n == "amd_rotating_shared")
    return buildSwizzled(dictOf(v, n), true);
  if (n == "nvmma_shared")
    return buildNvmmaShared(dictOf(v, n));
  if (n == "shared")
    return buildOldShared(dictOf(v, n));
  std::vector<std::string> known; // the #ttg. encodings of encoding_params
  for (const EncodingParams &p : allEncodingParams())
    if (p.dialect == "ttg")
      known.push_back(p.mnemonic);
  std::string list;
  for (size_t i = 0; i < known.size(); ++i)
    list += (i == 0 ? "" : i + 1 == known.size() ? " or " : ", ") + known[i];
  throw Error("#" + d + "." + n, "unknown layout; expected " + list);
}

EncodingPtr parseEncoding(std::string_view text, const AliasMap *aliases) {
  ValuePtr v = parseAttributeText(text);
  EncodingPtr enc = buildEncoding(*v, aliases, 0);
  enc->validate();
  return enc;
}

LayoutInput parseLayoutInput(std::string_view text, const AliasMap *aliases) {
  SyntaxParser p(text);
  LayoutInput in;
  if (p.atType()) {
    TypeText t = p.parseType();
    p.expectEnd();
    if (!t.encoding)
      throw Error("--layout", "the type has no layout encoding");
    in.encoding = buildEncoding(*t.encoding, aliases, 0);
    in.shape = Shape(t.shape.begin(), t.shape.end());
    in.element = parseElementType(t.elementType, "element type");
    in.isMemDesc = t.isMemDesc;
    if (!t.allocShape.empty())
      in.allocShape = Shape(t.allocShape.begin(), t.allocShape.end());
  } else {
    ValuePtr v = p.parseAttribute(0);
    p.expectEnd();
    in.encoding = buildEncoding(*v, aliases, 0);
  }
  in.encoding->validate();
  return in;
}

} // namespace ls::ir
