#include "encodings/encoding_params.h"

#include <cctype>
#include <stdexcept>

namespace ls {

namespace {

using V = ValueKind;
using K = EncodingKind;

// A required field.
FieldParam req(const char *key, V kind, const char *gluon, const char *tip) {
  FieldParam f;
  f.key = key;
  f.kind = kind;
  f.gluon = gluon;
  f.tip = tip;
  return f;
}

// An optional field: absent means `def`; `omitted`: Triton leaves it out of
// the text when it holds `def`.
FieldParam opt(const char *key, V kind, const char *def, bool omitted, const char *gluon,
               const char *tip) {
  FieldParam f = req(key, kind, gluon, tip);
  f.optional = true;
  f.defaultText = def;
  f.omittedAtDefault = omitted;
  return f;
}

FieldParam choice(FieldParam f, std::vector<std::string> choices) {
  f.kind = V::Choice;
  f.choices = std::move(choices);
  return f;
}

FieldParam range(FieldParam f, int64_t lo, int64_t hi) {
  f.minimum = lo;
  f.maximum = hi;
  return f;
}

FieldParam inGroup(FieldParam f, int group) {
  f.group = group;
  return f;
}

FieldParam placed(FieldParam f, Placement p) {
  f.placement = p;
  return f;
}

FieldParam cga() {
  return opt("CGALayout", V::Cga, "[]", true, "cga_layout",
             "How the CTAs of a cluster split the tensor: basis i is the tile CTA 2^i holds. "
             "Empty = one CTA.");
}

FieldParam warpsPerCTA() {
  return req("warpsPerCTA", V::Pow2List, "warps_per_cta",
             "Warps along each dim; the product is num-warps");
}

FieldParam tilesPerWarp() {
  return opt("tilesPerWarp", V::Pow2List, "1", true, "tiles_per_warp",
             "Instruction tiles per warp along each dim");
}

const std::vector<std::string> kLegacyCta = {"CTAsPerCGA", "CTASplitNum", "CTAOrder"};

std::vector<GluonArg> args(std::initializer_list<const char *> required,
                           std::initializer_list<const char *> optional) {
  std::vector<GluonArg> v;
  for (const char *n : required)
    v.push_back({n, true});
  for (const char *n : optional)
    v.push_back({n, false});
  return v;
}

// Sets what Gluon says of argument `name`: its default, its tuple form.
std::vector<GluonArg> with(std::vector<GluonArg> v, const char *name, const char *defaultText,
                           const char *tupleText) {
  for (GluonArg &a : v)
    if (a.name == name) {
      a.defaultText = defaultText;
      a.tupleText = tupleText;
    }
  return v;
}

std::vector<EncodingParams> build() {
  std::vector<EncodingParams> v;
  auto add = [&](EncodingParams p) { v.push_back(std::move(p)); };

  add({K::Blocked,
       "ttg",
       "blocked",
       true,
       false,
       {req("sizePerThread", V::Pow2List, "size_per_thread",
            "Contiguous elements each thread holds per dim"),
        req("threadsPerWarp", V::Pow2List, "threads_per_warp",
            "Lanes along each dim; the product is the warp size"),
        warpsPerCTA(),
        req("order", V::Permutation, "order", "Dims from fastest- to slowest-varying"), cga()},
       kLegacyCta,
       "BlockedLayout",
       args({"size_per_thread", "threads_per_warp", "warps_per_cta", "order"}, {"cga_layout"}),
       "BlockedEncodingAttr",
       {{"sizePerThread", "sizePerThread"},
        {"threadsPerWarp", "threadsPerWarp"},
        {"warpsPerCTA", "warpsPerCTA"},
        {"order", "order"},
        {"CGALayout", ""}}});

  add({K::Slice,
       "ttg",
       "slice",
       true,
       false,
       {req("dim", V::Int, "dim", "The parent dim that is removed"),
        req("parent", V::Parent, "parent", "The distributed layout being sliced")},
       {},
       "SliceLayout",
       args({"dim", "parent"}, {}),
       "SliceEncodingAttr",
       {{"dim", "dim"}, {"parent", ""}}});

  add({K::NvidiaMma,
       "ttg",
       "nvidia_mma",
       true,
       false,
       {choice(req("versionMajor", V::Choice, "version", "2 = Ampere mma.sync, 3 = Hopper wgmma"),
               {"2", "3"}),
        opt("versionMinor", V::Int, "0", false, "version", "Minor version (0)"), warpsPerCTA(),
        cga(), req("instrShape", V::UIntList, "instr_shape", "[16, 8] for v2; [16, N, K] for v3")},
       kLegacyCta,
       "NVMMADistributedLayout",
       with(args({"version", "warps_per_cta", "instr_shape"}, {"cga_layout"}), "version", "",
            "[major, minor]"),
       "NvidiaMmaEncodingAttr",
       {{"versionMajor", "versionMajor"},
        {"versionMinor", "versionMinor"},
        {"warpsPerCTA", "warpsPerCTA"},
        {"CGALayout", ""},
        {"instrShape", "instrShape"}}});

  add({K::DotOperand,
       "ttg",
       "dot_op",
       true,
       false,
       {choice(req("opIdx", V::Choice, "operand_index",
                   "0 = operand A (M x K), 1 = operand B (K x N)"),
               {"0", "1"}),
        req("parent", V::Parent, "parent", "The layout of the dot's result"),
        opt("kWidth", V::Int, "0", true, "k_width",
            "Consecutive K elements per thread per instruction (none for a blocked parent)")},
       {},
       "DotOperandLayout",
       args({"operand_index", "parent"}, {"k_width"}),
       "DotOperandEncodingAttr",
       {{"opIdx", "opIdx"}, {"parent", ""}, {"kWidth", "kWidth"}}});

  std::vector<std::string> mfmaLegacy = {"versionMajor", "versionMinor"};
  mfmaLegacy.insert(mfmaLegacy.end(), kLegacyCta.begin(), kLegacyCta.end());
  add({K::AmdMfma,
       "ttg",
       "amd_mfma",
       true,
       false,
       {choice(req("version", V::Choice, "version", "CDNA generation (3 = MI300)"),
               {"1", "2", "3", "4"}),
        warpsPerCTA(),
        req("instrShape", V::UIntList, "instr_shape",
            "[M, N, K] of the instruction: 32x32 or 16x16 (or 4x64)"),
        req("isTransposed", V::Bool, "transposed",
            "Lanes walk N first (the result is stored transposed)"),
        cga(), tilesPerWarp(),
        choice(
            opt("elementBitWidth", V::Choice, "32", true, "element_bitwidth", "64 for fp64 MFMA"),
            {"32", "64"})},
       mfmaLegacy,
       "AMDMFMALayout",
       args({"version", "instr_shape", "transposed", "warps_per_cta"},
            {"element_bitwidth", "tiles_per_warp", "cga_layout"}),
       "AMDMfmaEncodingAttr",
       {{"version", "version"},
        {"warpsPerCTA", "warpsPerCTA"},
        {"instrShape", "instrShape"},
        {"isTransposed", "isTransposed"},
        {"CGALayout", ""},
        {"tilesPerWarp", "tilesPerWarp"},
        {"elementBitWidth", "elementBitWidth"}}});

  add({K::AmdWmma,
       "ttg",
       "amd_wmma",
       true,
       false,
       {choice(req("version", V::Choice, "version", "1 = RDNA3, 2 = RDNA4, 3 = gfx1250"),
               {"1", "2", "3"}),
        opt("isTranspose", V::Bool, "false", false, "transposed", "Swap the roles of M and N"),
        warpsPerCTA(), cga(), tilesPerWarp(),
        opt("instrShape", V::UIntList, "[16, 16, 16]", true, "instr_shape",
            "[M, N, K]; empty = [16, 16, 16]")},
       kLegacyCta,
       "AMDWMMALayout",
       args({"version", "transposed", "warps_per_cta"},
            {"instr_shape", "tiles_per_warp", "cga_layout"}),
       "AMDWmmaEncodingAttr",
       {{"version", "version"},
        {"isTranspose", "isTransposed"},
        {"warpsPerCTA", "warpsPerCTA"},
        {"tilesPerWarp", "tilesPerWarp"},
        {"CGALayout", ""},
        {"instrShape", "instrShape"}}});

  add({K::Linear,
       "ttg",
       "linear",
       true,
       false,
       {req("register", V::Bases, "reg_bases", "L(register = 2^i) for each i"),
        req("lane", V::Bases, "lane_bases", "L(lane = 2^i)"),
        req("warp", V::Bases, "warp_bases", "L(warp = 2^i)"),
        req("block", V::Bases, "block_bases", "L(block = 2^i)")},
       {},
       "DistributedLinearLayout",
       args({"reg_bases", "lane_bases", "warp_bases", "block_bases", "shape"}, {}),
       "LinearEncodingAttr",
       {{"", ""}}});

  const std::vector<FieldParam> swizzled = {
      req("vec", V::Pow2, "vec", "Elements moved together by the swizzle"),
      req("perPhase", V::Pow2, "per_phase", "Rows that share one phase"),
      req("maxPhase", V::Pow2, "max_phase", "Number of distinct phases"),
      req("order", V::Permutation, "order", "Dims from fastest- to slowest-varying"), cga()};
  const std::vector<CppArg> swizzledCpp = {{"vec", "vec"},
                                           {"perPhase", "perPhase"},
                                           {"maxPhase", "maxPhase"},
                                           {"order", "order"},
                                           {"CGALayout", ""}};
  add({K::SwizzledShared, "ttg", "swizzled_shared", true, true, swizzled, kLegacyCta,
       "SwizzledSharedLayout", args({"vec", "per_phase", "max_phase", "order"}, {"cga_layout"}),
       "SwizzledSharedEncodingAttr", swizzledCpp});

  add({K::NvmmaShared,
       "ttg",
       "nvmma_shared",
       true,
       true,
       {choice(req("swizzlingByteWidth", V::Choice, "swizzle_byte_width",
                   "Swizzle span in bytes (0 = none)"),
               {"0", "32", "64", "128"}),
        opt("transposed", V::Bool, "false", false, "transposed", "dim0 is the contiguous dim"),
        choice(req("elementBitWidth", V::Choice, "element_bitwidth", "Bits per element"),
               {"4", "8", "16", "32", "64"}),
        opt("fp4Padded", V::Bool, "false", true, "fp4_padded",
            "Each 8 fp4 pairs padded to 16 bytes"),
        range(opt("rank", V::Int, "2", true, "rank", "Tensor rank when not 2 (single CTA)"), 1, 8),
        cga()},
       kLegacyCta,
       "NVMMASharedLayout",
       args({"swizzle_byte_width", "element_bitwidth"},
            {"rank", "transposed", "fp4_padded", "cga_layout"}),
       "NVMMASharedEncodingAttr",
       {{"swizzlingByteWidth", "swizzlingByteWidth"},
        {"transposed", "transposed"},
        {"elementBitWidth", "elementBitWidth"},
        {"fp4Padded", "fp4Padded"},
        {"CGALayout", ""}}});

  add({K::AmdRotatingShared,
       "ttg",
       "amd_rotating_shared",
       true,
       true,
       swizzled,
       kLegacyCta,
       "",
       {},
       "AMDRotatingSharedEncodingAttr",
       swizzledCpp});

  add({K::PaddedShared,
       "ttg",
       "padded_shared",
       true,
       true,
       {placed(req("intervals", V::Intervals, "interval_padding_pairs",
                   "interval:+padding pairs: after every interval elements, pad that many"),
               Placement::Positional),
        inGroup(req("order", V::Permutation, "", "Dims from fastest- to slowest-varying"), 1),
        inGroup(req("shape", V::UIntList, "shape", "Shape of the identity component"), 1),
        inGroup(
            req("offset", V::Bases, "offset_bases", "L(offset = 2^i), instead of order and shape"),
            2),
        inGroup(req("block", V::Bases, "block_bases", "L(block = 2^i)"), 2)},
       {},
       "PaddedSharedLayout",
       // Triton's padded_shared always spells block.
       with(args({"interval_padding_pairs", "offset_bases"}, {"block_bases", "shape"}),
            "block_bases", "[]", ""),
       "PaddedSharedEncodingAttr",
       {{"intervals", "intervals"}, {"intervals", "paddings"}, {"", ""}}});

  add({K::SharedLinear,
       "ttg",
       "shared_linear",
       true,
       true,
       {req("offset", V::Bases, "offset_bases", "L(offset = 2^i) for each i"),
        opt("block", V::Bases, "[]", true, "block_bases", "L(block = 2^i)"),
        placed(req("alignment", V::Int, "alignment", "Alignment of the allocation in bytes"),
               Placement::AfterBody)},
       {},
       "SharedLinearLayout",
       with(args({"offset_bases"}, {"block_bases", "alignment"}), "alignment", "16", ""),
       "SharedLinearEncodingAttr",
       {{"", ""}, {"alignment", "layoutAlignment"}}});

  add({K::TensorMemory,
       "ttng",
       "tensor_memory_encoding",
       false,
       false,
       {choice(req("blockM", V::Choice, "block",
                   "Rows of one block: 128 (row r = lane r) or 64 (16-row slabs, one per lane "
                   "quarter)"),
               {"64", "128"}),
        range(req("blockN", V::Pow2, "block", "Columns of one block (a power of two, at most 512)"),
              1, 512),
        choice(req("colStride", V::Choice, "col_stride",
                   "Element slots between row neighbours: 1 packs 32/bitwidth elements per "
                   "32-bit column; bitwidth x colStride <= 32"),
               {"1", "2", "4"}),
        range(opt("CTASplitM", V::Pow2, "1", true, "cta_split_num",
                  "CTAs the tile is split over along M"),
              1, 16),
        range(opt("CTASplitN", V::Pow2, "1", true, "cta_split_num",
                  "CTAs the tile is split over along N"),
              1, 16),
        opt("twoCTAs", V::Bool, "false", true, "two_ctas",
            "cta_group::2: one MMA over a pair of CTAs")},
       {"unpacked"},
       "TensorMemoryLayout",
       with(with(args({"block", "col_stride"}, {"cta_split_num", "two_ctas"}), "block", "",
                 "(M, N)"),
            "cta_split_num", "", "(M, N)"),
       "",
       {}});

  add({K::TensorMemoryScales,
       "ttng",
       "tensor_memory_scales_encoding",
       false,
       false,
       {range(opt("CTASplitM", V::Pow2, "1", true, "cta_split_num",
                  "CTAs the scales are split over along M"),
              1, 16),
        range(opt("CTASplitN", V::Pow2, "1", true, "cta_split_num",
                  "CTAs the scales are split over along N"),
              1, 16)},
       {},
       "TensorMemoryScalesLayout",
       with(args({}, {"cta_split_num"}), "cta_split_num", "", "(M, N)"),
       "",
       {}});
  // Triton 3.6 reads these with a struct parser that skips unknown keys.
  for (EncodingParams &p : v)
    p.unknownKeysIgnored = p.kind == K::NvidiaMma || p.kind == K::AmdMfma ||
                           p.kind == K::AmdWmma || p.kind == K::Linear;
  return v;
}

// The integers of a list text: "[1, 1]" -> {"1", "1"}; "" for non-lists.
std::vector<std::string> listItems(std::string_view text) {
  std::vector<std::string> items;
  if (text.size() < 2 || text.front() != '[' || text.back() != ']')
    return items;
  std::string cur;
  for (char c : text.substr(1, text.size() - 2)) {
    if (c == ',') {
      items.push_back(cur);
      cur.clear();
    } else if (!std::isspace(static_cast<unsigned char>(c))) {
      cur += c;
    }
  }
  if (!cur.empty() || !items.empty())
    items.push_back(cur);
  return items;
}

} // namespace

bool FieldParam::isDefault(std::string_view text) const {
  if (defaultText.empty())
    return false;
  if (text == defaultText)
    return true;
  if (!perDim() || defaultText.front() == '[')
    return false;
  const auto items = listItems(text);
  if (items.empty())
    return false;
  for (const auto &i : items)
    if (i != defaultText)
      return false;
  return true;
}

const FieldParam *EncodingParams::field(std::string_view key) const {
  for (const auto &f : fields)
    if (f.key == key)
      return &f;
  return nullptr;
}

const FieldParam &EncodingParams::at(std::string_view key) const {
  if (const FieldParam *f = field(key))
    return *f;
  throw std::logic_error("encoding_params: " + attrName() + " has no field " + std::string(key));
}

std::vector<std::string> EncodingParams::acceptedKeys(Placement placement, int group) const {
  std::vector<std::string> keys;
  for (const auto &f : fields)
    if (f.placement == placement && (group < 0 || f.group == 0 || f.group == group))
      keys.push_back(f.key);
  if (placement == Placement::Body)
    keys.insert(keys.end(), legacyKeys.begin(), legacyKeys.end());
  return keys;
}

const std::vector<EncodingParams> &allEncodingParams() {
  static const std::vector<EncodingParams> table = build();
  return table;
}

const EncodingParams &encodingParams(EncodingKind kind) {
  for (const auto &p : allEncodingParams())
    if (p.kind == kind)
      return p;
  throw std::logic_error("encoding_params: no entry for an encoding kind");
}

const EncodingParams *findEncodingParams(std::string_view mnemonic) {
  for (const auto &p : allEncodingParams())
    if (p.mnemonic == mnemonic)
      return &p;
  return nullptr;
}

const EncodingParams *findGluonClass(std::string_view gluonClass) {
  for (const auto &p : allEncodingParams())
    if (!p.gluonClass.empty() && p.gluonClass == gluonClass)
      return &p;
  return nullptr;
}

std::string gluonNameOfKey(std::string_view key) {
  for (const auto &p : allEncodingParams())
    if (const FieldParam *f = p.field(key); f && !f->gluon.empty())
      return f->gluon;
  return "";
}

} // namespace ls
