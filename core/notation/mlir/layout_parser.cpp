#include "notation/mlir/layout_parser.h"

#include <algorithm>
#include <functional>
#include <cctype>
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
#include "encodings/partitioned_shared.h"
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
thread_local WarningCollector *gCollector = nullptr;
} // namespace

WarningCollector::WarningCollector() : outer_(gCollector) {
  gCollector = this;
}
WarningCollector::~WarningCollector() {
  gCollector = outer_;
  if (outer_)
    for (auto &w : items_)
      outer_->items_.push_back(std::move(w));
}
void WarningCollector::add(const std::string &field, const std::string &what) {
  if (!gCollector)
    return;
  for (const auto &w : gCollector->items_)
    if (w.first == field && w.second == what)
      return;
  gCollector->items_.push_back({field, what});
}

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

// Keys not in encoding_params' table for this placement (and group) are
// refused; where Triton 3.6's parser skips unknown keys (the table's
// unknownKeysIgnored), they are skipped with a warning.
void checkKeys(const Entries &e, const EncodingParams &p, Placement placement = Placement::Body,
               int group = -1, std::initializer_list<const char *> alsoKnown = {}) {
  std::vector<std::string> ok = p.acceptedKeys(placement, group);
  for (const auto &[k, v] : e)
    if (std::find(ok.begin(), ok.end(), k) == ok.end() &&
        std::find(alsoKnown.begin(), alsoKnown.end(), k) == alsoKnown.end()) {
      if (p.unknownKeysIgnored) {
        WarningCollector::add(k, "not a field of " + p.attrName() + "; Triton 3.6 ignores it");
        continue;
      }
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

// Whether the attribute being built is written #triton_gpu. (Triton <= 3.1),
// whose CTA layout is the CTAsPerCGA / CTASplitNum / CTAOrder triple.
thread_local bool gLegacyDialect = false;

// CGALayout = [[...]] or the legacy triple; single CTA if neither. Under
// #ttg. Triton 3.6 knows only CGALayout: the parsers that refuse unknown keys
// (blocked, shared layouts) refuse the triple; those that skip them (mma,
// mfma, wmma: `tripleIgnored`) read one CTA.
CGALayout readCGA(const Entries &e, int rank, bool tripleIgnored = false) {
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
  if ((per || split || order) && !gLegacyDialect) {
    const std::string key = per ? "CTAsPerCGA" : split ? "CTASplitNum" : "CTAOrder";
    if (!tripleIgnored)
      fieldError(key, "unexpected key in #ttg. text (Triton 3.6 writes CGALayout = [[...]]; the "
                      "CTAsPerCGA/CTASplitNum/CTAOrder triple is #triton_gpu. spelling)");
    WarningCollector::add(key, "Triton 3.6 ignores the CTAsPerCGA/CTASplitNum/CTAOrder triple "
                               "under #ttg. and reads one CTA (write CGALayout = [[...]])");
    return CGALayout::singleCTA(rank);
  }
  if (per || split || order) {
    if (!per || !split || !order)
      fieldError(!per     ? "CTAsPerCGA"
                 : !split ? "CTASplitNum"
                          : "CTAOrder",
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
  checkKeys(e, encodingParams(EncodingKind::NvidiaMma));
  auto enc = std::make_shared<NvidiaMmaEncoding>();
  enc->versionMajor = readUInt(requireKey(e, "versionMajor", "nvidia_mma"), "versionMajor");
  if (const Value *v = find(e, "versionMinor"))
    enc->versionMinor = readUInt(*v, "versionMinor");
  enc->warpsPerCTA = readUIntList(requireKey(e, "warpsPerCTA", "nvidia_mma"), "warpsPerCTA");
  enc->instrShape = readUIntList(requireKey(e, "instrShape", "nvidia_mma"), "instrShape");
  enc->cga = readCGA(e, static_cast<int>(enc->warpsPerCTA.size()), true);
  return enc;
}

EncodingPtr buildMfma(const Entries &e, bool legacyDialect) {
  checkKeys(e, encodingParams(EncodingKind::AmdMfma));
  auto enc = std::make_shared<AmdMfmaEncoding>();
  if (const Value *v = find(e, "version"))
    enc->version = readUInt(*v, "version");
  else if (const Value *v = find(e, "versionMajor")) {
    // #triton_gpu. text (Triton <= 3.1) named it versionMajor. Triton 3.6
    // ignores that key under #ttg. and leaves version = 0; so do we.
    if (legacyDialect)
      enc->version = readUInt(*v, "versionMajor");
    else {
      enc->version = 0;
      WarningCollector::add("versionMajor", "Triton 3.6 ignores versionMajor in #ttg.amd_mfma "
                                            "and reads version = 0 (write version = N)");
    }
  } else {
    enc->version = 0;
    WarningCollector::add("version", "missing; Triton 3.6 reads version = 0 (no MFMA generation: "
                                     "give version = 1..4 for CDNA1..CDNA4)");
  }
  enc->warpsPerCTA = readUIntList(requireKey(e, "warpsPerCTA", "amd_mfma"), "warpsPerCTA");
  enc->instrShape = readUIntList(requireKey(e, "instrShape", "amd_mfma"), "instrShape");
  if (enc->instrShape.size() == 2 && legacyDialect) {
    // Older Triton printed [M, N]; K does not change the layout. Use the
    // fp16 instruction's K so that the 3.6 text is well formed.
    enc->instrShape.push_back(AmdMfmaEncoding::legacyInstrK(enc->instrShape[0]));
  }
  if (enc->instrShape.size() != 3 && enc->instrShape.size() != 2)
    fieldError("instrShape", "must be [M, N, K]");
  if (const Value *v = find(e, "isTransposed"))
    enc->isTransposed = readBool(*v, "isTransposed");
  else
    WarningCollector::add("isTransposed", "missing; Triton 3.6 leaves it unset (undefined); "
                                          "read as false");
  if (const Value *v = find(e, "tilesPerWarp"))
    enc->tilesPerWarp = readUIntList(*v, "tilesPerWarp");
  if (!enc->tilesPerWarp.empty() && std::all_of(enc->tilesPerWarp.begin(), enc->tilesPerWarp.end(),
                                                [](unsigned t) { return t == 1; }))
    enc->tilesPerWarp.clear();
  if (const Value *v = find(e, "elementBitWidth"))
    enc->elementBitWidth = readUInt(*v, "elementBitWidth");
  enc->cga = readCGA(e, static_cast<int>(enc->warpsPerCTA.size()), true);
  return enc;
}

// Triton main's amd_wmma spelling: ctaLayout = {register = [..], warp = [..]}.
void readMainWmmaCta(const Entries &e, const Value &mainCta, AmdWmmaEncoding &enc) {
  if (find(e, "warpsPerCTA") || find(e, "tilesPerWarp"))
    fieldError("ctaLayout", "give either ctaLayout (Triton main) or warpsPerCTA/tilesPerWarp "
                            "(Triton 3.6), not both");
  if (mainCta.kind != Value::Kind::Dict)
    fieldError("ctaLayout", "expected {register = [...], warp = [...]}");
  checkKeys(mainCta.entries, "amd_wmma ctaLayout", {"register", "warp"});
  std::vector<std::vector<int32_t>> reg;
  std::vector<std::vector<int32_t>> warp; // one warp: no basis, and main may leave it out
  if (const Value *w = find(mainCta.entries, "warp"))
    warp = readBases(*w, "ctaLayout.warp");
  if (const Value *r = find(mainCta.entries, "register"))
    reg = readBases(*r, "ctaLayout.register");
  // The rank: `rank` where written, else the bases' length (a batched
  // wmma, rank 3, writes three entries per basis), else 2.
  int rank = !warp.empty() ? static_cast<int>(warp[0].size())
             : !reg.empty() ? static_cast<int>(reg[0].size())
                            : 2;
  if (const Value *r = find(e, "rank"))
    rank = static_cast<int>(readInt(*r, "rank", 2, 3));
  if (rank != 2 && rank != 3)
    fieldError("ctaLayout", "an amd_wmma layout has rank 2 or 3 (every basis 2 or 3 entries)");
  LinearLayout::DimSizes sizes;
  const auto names = standardOutDimNames(rank);
  for (int d = 0; d < rank; ++d) {
    int32_t sz = 1;
    for (const auto *list : {&reg, &warp})
      for (const auto &b : *list) {
        if (static_cast<int>(b.size()) != rank)
          fieldError(list == &reg ? "ctaLayout.register" : "ctaLayout.warp",
                     "every basis must have " + std::to_string(rank) + " entries");
        while (sz <= b[d])
          sz *= 2;
      }
    sizes.push_back({names[d], sz});
  }
  auto cta = LinearLayout::tryCreate({{kRegister, reg}, {kWarp, warp}}, sizes,
                                     /*requireSurjective=*/false);
  if (!cta)
    fieldError("ctaLayout", "the bases do not form a linear layout");
  WarningCollector::add("ctaLayout", "Triton main's amd_wmma spelling; Triton 3.6 ignores "
                                     "ctaLayout and reads warpsPerCTA = [] (`print` gives the "
                                     "3.6 spelling when there is one)");
  if (auto grid = AmdWmmaEncoding::gridOf(*cta)) {
    enc.warpsPerCTA = grid->first;
    enc.tilesPerWarp = grid->second;
    return;
  }
  // Any rank: the 3.6 fields (warps and tiles per dim, powers of two) whose
  // main spelling is this ctaLayout, found by trying each split of the warp
  // and register bases over the dims (a handful; only when reading text).
  {
    auto splits = [rank](int log2Total) {
      std::vector<std::vector<unsigned>> out;
      std::vector<int> e(size_t(rank), 0);
      std::function<void(int, int)> go = [&](int d, int left) {
        if (d == rank - 1) {
          e[size_t(d)] = left;
          std::vector<unsigned> v;
          for (int x : e)
            v.push_back(1u << x);
          out.push_back(v);
          return;
        }
        for (int k = 0; k <= left; ++k) {
          e[size_t(d)] = k;
          go(d + 1, left - k);
        }
      };
      go(0, log2Total);
      return out;
    };
    AmdWmmaEncoding probe = enc;
    for (const auto &w : splits(cta->getInDimSizeLog2(kWarp)))
      for (const auto &t : splits(cta->getInDimSizeLog2(kRegister))) {
        probe.warpsPerCTA = w;
        probe.tilesPerWarp = t;
        probe.mainCta.reset();
        if (auto c = probe.mainCtaLayout(); c && *c == *cta) {
          enc.warpsPerCTA = w;
          enc.tilesPerWarp = std::all_of(t.begin(), t.end(), [](unsigned x) { return x == 1; })
                                 ? std::vector<unsigned>{}
                                 : t;
          return;
        }
      }
  }
  enc.mainCta = *cta;
  std::vector<unsigned> perDim(rank, 1);
  for (int i = 0; i < cta->getInDimSizeLog2(kWarp); ++i) {
    auto b = cta->getBasis(kWarp, i);
    for (int d = 0; d < rank; ++d)
      if (b[d] != 0) {
        perDim[d] *= 2;
        break;
      }
  }
  enc.warpsPerCTA = perDim;
}

EncodingPtr buildWmma(const Entries &e) {
  const Value *mainCta = find(e, "ctaLayout");
  // ctaLayout and rank: Triton main's spelling (readMainWmmaCta).
  checkKeys(e, encodingParams(EncodingKind::AmdWmma), Placement::Body, -1, {"ctaLayout", "rank"});
  auto enc = std::make_shared<AmdWmmaEncoding>();
  enc->version = readUInt(requireKey(e, "version", "amd_wmma"), "version");
  if (const Value *v = find(e, "isTranspose"))
    enc->isTranspose = readBool(*v, "isTranspose");
  if (mainCta)
    readMainWmmaCta(e, *mainCta, *enc);
  else
    enc->warpsPerCTA = readUIntList(requireKey(e, "warpsPerCTA", "amd_wmma"), "warpsPerCTA");
  if (const Value *v = find(e, "tilesPerWarp"))
    enc->tilesPerWarp = readUIntList(*v, "tilesPerWarp");
  if (!enc->tilesPerWarp.empty() && std::all_of(enc->tilesPerWarp.begin(), enc->tilesPerWarp.end(),
                                                [](unsigned t) { return t == 1; }))
    enc->tilesPerWarp.clear();
  if (const Value *v = find(e, "instrShape")) {
    enc->instrShape = readUIntList(*v, "instrShape");
    if (enc->instrShape == std::vector<unsigned>{16, 16, 16})
      enc->instrShape.clear();
  }
  enc->cga = readCGA(e, static_cast<int>(enc->warpsPerCTA.size()), true);
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
  if (enc->parent->isTensorMemory()) // (Triton's parser: "expected a distributed encoding trait")
    fieldError("parent", "a slice needs a distributed parent, not a tensor memory layout");
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

EncodingPtr buildLinear(const Entries &e, bool generic = false) {
  checkKeys(e, encodingParams(EncodingKind::Linear));
  auto enc = std::make_shared<LinearEncoding>();
  enc->generic = generic;
  enc->layout =
      LinearEncoding::fromBases(readBases(requireKey(e, "register", "linear"), "register"),
                                readBases(requireKey(e, "lane", "linear"), "lane"),
                                readBases(requireKey(e, "warp", "linear"), "warp"),
                                readBases(requireKey(e, "block", "linear"), "block"), generic);
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
  checkKeys(e, encodingParams(EncodingKind::NvmmaShared));
  auto enc = std::make_shared<NvmmaSharedEncoding>();
  enc->swizzlingByteWidth =
      readUInt(requireKey(e, "swizzlingByteWidth", "nvmma_shared"), "swizzlingByteWidth");
  if (const Value *v = find(e, "transposed"))
    enc->transposed = readBool(*v, "transposed");
  if (const Value *v = find(e, "elementBitWidth"))
    enc->elementBitWidth = readUInt(*v, "elementBitWidth");
  else {
    enc->elementBitWidth = 16;
    WarningCollector::add("elementBitWidth",
                          "missing; Triton 3.6 leaves it unset (an undefined value that it "
                          "prints back); read as 16");
  }
  if (const Value *v = find(e, "fp4Padded"))
    enc->fp4Padded = readBool(*v, "fp4Padded");
  int rank = 2;
  if (const Value *v = find(e, "rank"))
    rank = static_cast<int>(readInt(*v, "rank", 1, 8));
  enc->cga = readCGA(e, rank);
  return enc;
}

// The old #triton_gpu.shared / #ttg.shared encoding (Triton <= 3.2): a
// swizzled layout, or with hasLeadingOffset an NVMMA one.
EncodingPtr buildOldShared(const Entries &e) {
  checkKeys(e, "shared",
            {"vec", "perPhase", "maxPhase", "order", "hasLeadingOffset", "CTAsPerCGA",
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
  int rank = !offset.empty()  ? static_cast<int>(offset[0].size())
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
    fieldError("alignment",
               "is required after the braces: #ttg.shared_linear<{...}, alignment = 16>");
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
    // Triton 3.6 reports "Unexpected attribute" for other keys here but
    // goes on and reads the bases: a warning, not an error.
    for (const auto &[k, val] : e)
      if (k != "offset" && k != "block")
        WarningCollector::add(k, "not a field of the #ttg.padded_shared {offset, block} form; "
                                 "Triton 3.6 reports it and ignores it");
    enc->linearComponent = readSharedBases(e, "padded_shared", /*blockOptional=*/false);
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
  if (find(e, "unpacked")) // Triton <= 3.4 spelling; 3.6's struct parser refuses it
    fieldError("unpacked",
               "Triton 3.6 has no such parameter (it was Triton 3.4's); write colStride "
               "= 2 for unpacked 16-bit elements, colStride = 1 for packed ones");
  if (const Value *c = find(e, "colStride"))
    enc->colStride = readUInt(*c, "colStride");
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

// Triton main's #ttg.partitioned_shared: its parser refuses unknown keys and
// reads missing integers as 0 (which its verifier then refuses).
EncodingPtr buildPartitioned(const Entries &e, const AliasMap *aliases, int depth) {
  auto enc = std::make_shared<PartitionedSharedEncoding>();
  checkKeys(e, "partitioned_shared",
            {"numPartitions", "numGroups", "partitionDim", "partitionLayout"});
  if (const Value *v = find(e, "numPartitions"))
    enc->numPartitions = readUInt(*v, "numPartitions");
  if (const Value *v = find(e, "numGroups"))
    enc->numGroups = readUInt(*v, "numGroups");
  if (const Value *v = find(e, "partitionDim"))
    enc->partitionDim = readUInt(*v, "partitionDim");
  const Value *inner = find(e, "partitionLayout");
  if (!inner)
    fieldError("partitionLayout", "is missing (Triton main: 'missing partitionLayout')");
  enc->partitionLayout = resolveParent(inner, aliases, depth, "partitionLayout");
  if (!enc->partitionLayout->isShared() || enc->partitionLayout->isTensorMemory())
    fieldError("partitionLayout", "must be a shared layout (Triton main: 'partitionLayout must be "
                                  "a SharedEncodingTrait')");
  return enc;
}

} // namespace

ElementType parseElementType(const std::string &text, const std::string &field) {
  static const std::vector<std::pair<std::string, ElementType>> table = {
      {"f8", {"f8E4M3FN", 8}},
      {"f8E4M3FN", {"f8E4M3FN", 8}},
      {"f8E5M2", {"f8E5M2", 8}},
      {"f8E4M3FNUZ", {"f8E4M3FNUZ", 8}},
      {"f8E5M2FNUZ", {"f8E5M2FNUZ", 8}},
      {"f8E4M3B11FNUZ", {"f8E4M3B11FNUZ", 8}},
      {"bf16", {"bf16", 16}},
      {"f16", {"f16", 16}},
      {"f32", {"f32", 32}},
      {"tf32", {"tf32", 32}},
      {"f64", {"f64", 64}},
      {"i1", {"i1", 1}},
      {"i8", {"i8", 8}},
      {"i16", {"i16", 16}},
      {"i32", {"i32", 32}},
      {"i64", {"i64", 64}},
      {"fp16", {"f16", 16}},
      {"fp32", {"f32", 32}},
      {"fp64", {"f64", 64}},
      {"u8", {"i8", 8}},
  };
  for (const auto &[k, v] : table)
    if (k == text)
      return v;
  if (text.rfind("!tt.ptr<", 0) == 0)
    return {text, 64};
  // Any other MLIR integer or float spelling in a type (i4, f4E2M1FN, f6E3M2FN, ...).
  if (field == "element type" && text.size() >= 2 && text.size() < 24 &&
      (text[0] == 'i' || text[0] == 'f') && std::isdigit(static_cast<unsigned char>(text[1]))) {
    size_t k = 1;
    int bits = 0;
    while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k])) && bits < 1000)
      bits = bits * 10 + (text[k++] - '0');
    bool ok = bits >= 1 && bits <= 128 && (text[0] == 'f' || k == text.size());
    for (size_t j = k; j < text.size() && ok; ++j)
      ok = std::isalnum(static_cast<unsigned char>(text[j])) != 0;
    if (ok)
      return {text, bits};
  }
  throw Error(field, "unknown element type '" + text +
                         "'; use f8, bf16, f16, f32, f64, i1, i8, i16, i32 or i64");
}

EncodingPtr buildEncoding(const Value &v, const AliasMap *aliases, int depth) {
  if (depth > kMaxNesting)
    throw Error("attribute text",
                "layouts nested deeper than " + std::to_string(kMaxNesting) + " levels");
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
  struct DialectScope {
    bool saved = gLegacyDialect;
    explicit DialectScope(bool legacy) { gLegacyDialect = legacy; }
    ~DialectScope() { gLegacyDialect = saved; }
  } dialectScope(d == "triton_gpu");
  if (d == "ttng" || d == "triton_nvidia_gpu") {
    if (v.name == "tensor_memory_encoding")
      return buildTensorMemory(v);
    if (v.name == "tensor_memory_scales_encoding")
      return buildTensorMemoryScales(v);
    throw Error("#" + d + "." + v.name, "is not a layout encoding this tool knows");
  }
  if (d != "ttg" && d != "triton_gpu")
    throw Error("#" + d + "." + v.name,
                "unknown dialect '" + d + "'; expected #ttg. or #triton_gpu.");
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
  if (n == "generic_linear") { // Triton main
    auto enc = buildLinear(dictOf(v, n), /*generic=*/true);
    WarningCollector::add("#ttg.generic_linear",
                          "Triton main's layout; Triton 3.6 does not have it (`print` gives "
                          "its #ttg.linear spelling when it has one)");
    return enc;
  }
  if (n == "partitioned_shared") // Triton main
    return buildPartitioned(dictOf(v, n), aliases, depth);
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

namespace {

// Triton 3.6's rules for a layout inside a type (its tensor verifier and the
// Triton ops' operand checks): ranks agree, a tensor holds a distributed
// layout, dims are powers of two, at most 2^20 elements.
// `inModule`: the type comes with a TTGIR file's aliases, where Triton's rules
// hold for it; a lone `tensor<SHAPExT, #shared>` on the command line is this
// tool's shorthand for a shared layout with its shape (a warning says so).
void checkTypeAndLayout(const TypeText &t, const Encoding &enc, bool inModule) {
  const std::string what = t.isMemDesc ? "!ttg.memdesc" : "tensor";
  if (!t.isMemDesc && !t.isTensorDesc && (enc.isShared() || enc.isTensorMemory())) {
    if (inModule)
      fieldError("tensor", "a tensor<> type needs a distributed layout (Triton 3.6: "
                           "'Non-distributed layout is not allowed in tensor type'); shared and "
                           "tensor-memory layouts go in !ttg.memdesc<>");
    WarningCollector::add("tensor", "Triton 3.6 refuses a shared or tensor-memory layout in "
                                    "tensor<>; read as the layout with the tensor's shape "
                                    "(Triton writes !ttg.memdesc<...>)");
  }
  if (t.isMemDesc && t.trailing.empty())
    fieldError("!ttg.memdesc", "the memory space is missing: write "
                               "!ttg.memdesc<SHAPExT, LAYOUT, #ttg.shared_memory[, mutable]>");
  // A memdesc may carry leading buffer dims: the layout describes its
  // trailing dims.
  const size_t rank = static_cast<size_t>(enc.rank());
  if (t.isTensorDesc) // Triton 3.6 does not check the block type's layout
    return;
  if (!t.isMemDesc ? t.shape.size() != rank : t.shape.size() < rank)
    fieldError(what, "the layout has rank " + std::to_string(rank) + ", but the " + what +
                         " has rank " + std::to_string(t.shape.size()));
  if (auto *pad = dynamic_cast<const PaddedSharedEncoding *>(&enc); pad && t.isMemDesc) {
    // Triton's memdesc verifier: the padded layout's shape is the trailing dims.
    const auto outs = pad->linearComponent.getOutDims();
    if (t.shape.size() != rank && t.shape.size() != rank + 1)
      fieldError("!ttg.memdesc", "the padded_shared layout has rank " + std::to_string(rank) +
                                     "; the memdesc must have that rank or one more, got " +
                                     std::to_string(t.shape.size()));
    // A subview (`..., 2x32x32>`) is checked against its allocation's shape.
    const std::vector<int64_t> &full = t.allocShape.size() >= rank ? t.allocShape : t.shape;
    const size_t lead = full.size() - rank;
    for (size_t d = 0; d < rank; ++d)
      if (full[lead + d] != outs[d].second)
        fieldError("!ttg.memdesc", "dim " + std::to_string(lead + d) + " is " +
                                       std::to_string(full[lead + d]) +
                                       ", but the padded_shared layout's shape has " +
                                       std::to_string(outs[d].second));
  }
  if (t.isMemDesc || enc.isShared())
    return;
  int64_t n = 1;
  for (int64_t d : t.shape) {
    if (d <= 0 || (d & (d - 1)) != 0)
      fieldError("tensor", "every dim must be a power of two (Triton 3.6: 'Number of elements "
                           "must be power-of-two'), got " +
                               std::to_string(d));
    n *= d;
    if (n > (int64_t{1} << 20))
      fieldError("tensor", "at most 1048576 elements (2^20) in a Triton tensor");
  }
}

} // namespace

LayoutInput parseLayoutInput(std::string_view text, const AliasMap *aliases) {
  WarningCollector warnings;
  SyntaxParser p(text);
  LayoutInput in;
  std::optional<TypeText> type;
  if (p.atType()) {
    type = p.parseType();
    p.expectEnd();
    const TypeText &t = *type;
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
  try {
    in.encoding->validate();
  } catch (const Error &e) {
    // Triton 3.6's verifier of #ttg.nvidia_mma checks none of its fields: it
    // reads the attribute, and fails only when a layout is asked of it.
    const Encoding *root = in.encoding.get();
    for (;;) {
      if (auto *d = dynamic_cast<const DotOperandEncoding *>(root))
        root = d->parent.get();
      else if (auto *sl = dynamic_cast<const SliceEncoding *>(root))
        root = sl->parent.get();
      else
        break;
    }
    if (root->kind() != EncodingKind::NvidiaMma || e.field() == "kWidth" || e.field() == "opIdx")
      throw;
    // The dot operand's own rules still hold (Triton's DotOperandEncodingAttr::verify).
    for (const Encoding *x = in.encoding.get(); x != root;) {
      if (auto *d = dynamic_cast<const DotOperandEncoding *>(x)) {
        if (d->parent.get() == root) {
          auto &mma = static_cast<const NvidiaMmaEncoding &>(*root);
          const bool known = mma.versionMajor == 2 || mma.versionMajor == 3;
          if (!known && d->kWidth != 0)
            throw Error("kWidth", "can only be non-zero for an Ampere (v2) or Hopper (v3) "
                                  "nvidia_mma parent");
          if (known && d->kWidth == 0)
            throw Error("kWidth", "is required for an nvidia_mma parent (a power of two up to 64; 0 means absent)");
          if (mma.versionMajor == 3 && d->opIdx != 0)
            throw Error("opIdx", "Hopper wgmma reads operand B from shared memory; only "
                                 "opIdx = 0 has a register layout");
        }
        x = d->parent.get();
      } else if (auto *sl = dynamic_cast<const SliceEncoding *>(x)) {
        x = sl->parent.get();
      } else {
        break;
      }
    }
    WarningCollector::add(e.field(), e.rule() + " (Triton 3.6 reads this attribute, but no "
                                                "layout can be computed from it)");
  }
  if (type)
    checkTypeAndLayout(*type, *in.encoding, aliases != nullptr);
  in.warnings = warnings.take();
  return in;
}

} // namespace ls::ir
