#include "notation/gluon/gluon_printer.h"

#include <map>

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
#include "layout/layout_utils.h"
#include "util/seq_text.h"

namespace ls::notation::gluon {

namespace {

std::string py(bool b) {
  return b ? "True" : "False";
}

std::vector<int64_t> outSizes(const LinearLayout &ll) {
  std::vector<int64_t> s;
  for (const auto &[name, size] : ll.getOutDims())
    s.push_back(size);
  return s;
}

using Args = std::map<std::string, std::string>;

// The Gluon argument that carries field `key` (encoding_params' gluon name).
std::string g(EncodingKind kind, const char *key) {
  return encodingParams(kind).at(key).gluon;
}

struct Printer {
  GluonStyle style;
  bool needsAmd = false;

  bool repr() const { return style == GluonStyle::Repr; }
  std::string cls(const std::string &name) const { return (repr() ? "" : "ttgl.") + name; }
  // "Class(name=value, ...)": encoding_params' Gluon class, its arguments in
  // signature order; those not in `args` are left out. AMD classes are
  // imported by name (no ttgl. prefix).
  std::string call(EncodingKind kind, const Args &args) {
    const EncodingParams &p = encodingParams(kind);
    const bool amd = kind == EncodingKind::AmdMfma || kind == EncodingKind::AmdWmma;
    needsAmd = needsAmd || amd;
    std::string s = (amd ? p.gluonClass : cls(p.gluonClass)) + "(";
    bool first = true;
    for (const GluonArg &a : p.gluonArgs) {
      auto it = args.find(a.name);
      if (it == args.end())
        continue;
      s += (first ? "" : ", ") + a.name + "=" + it->second;
      first = false;
    }
    return s + ")";
  }
  // The source form leaves a single CTA's empty cga_layout out (the default);
  // repr() prints every field.
  void cga(Args &args, EncodingKind kind, const CGALayout &c) const {
    if (!c.isSingleCTA() || repr())
      args[g(kind, "CGALayout")] = basesText(c.bases());
  }

  std::optional<std::string> expr(const Encoding &enc) {
    const EncodingKind k = enc.kind();
    Args a;
    switch (k) {
    case EncodingKind::Blocked: {
      const auto &e = static_cast<const BlockedEncoding &>(enc);
      a = {{g(k, "sizePerThread"), seqText(e.sizePerThread)},
           {g(k, "threadsPerWarp"), seqText(e.threadsPerWarp)},
           {g(k, "warpsPerCTA"), seqText(e.warpsPerCTA)},
           {g(k, "order"), seqText(e.order)}};
      cga(a, k, e.cga);
      return call(k, a);
    }
    case EncodingKind::Slice: {
      const auto &e = static_cast<const SliceEncoding &>(enc);
      auto parent = expr(*e.parent);
      if (!parent)
        return std::nullopt;
      return call(k, {{g(k, "dim"), std::to_string(e.dim)}, {g(k, "parent"), *parent}});
    }
    case EncodingKind::NvidiaMma: {
      const auto &e = static_cast<const NvidiaMmaEncoding &>(enc);
      // versionMajor and versionMinor travel as one [major, minor].
      a = {{g(k, "versionMajor"),
            "[" + std::to_string(e.versionMajor) + ", " + std::to_string(e.versionMinor) + "]"},
           {g(k, "warpsPerCTA"), seqText(e.warpsPerCTA)},
           {g(k, "instrShape"), seqText(e.instrShape)}};
      cga(a, k, e.cga);
      return call(k, a);
    }
    case EncodingKind::DotOperand: {
      const auto &e = static_cast<const DotOperandEncoding &>(enc);
      auto parent = expr(*e.parent);
      if (!parent)
        return std::nullopt;
      return call(k, {{g(k, "opIdx"), std::to_string(e.opIdx)},
                      {g(k, "parent"), *parent},
                      {g(k, "kWidth"), std::to_string(e.kWidth)}});
    }
    case EncodingKind::AmdMfma: {
      const auto &e = static_cast<const AmdMfmaEncoding &>(enc);
      // Gluon checks version in [1, 4] and an (M, N, K) instr_shape.
      if (e.version < 1 || e.version > 4 || e.instrShape.size() != 3)
        return std::nullopt;
      a = {{g(k, "version"), std::to_string(e.version)},
           {g(k, "instrShape"), seqText(e.instrShape)},
           {g(k, "isTransposed"), py(e.isTransposed)},
           {g(k, "warpsPerCTA"), seqText(e.warpsPerCTA)},
           {g(k, "elementBitWidth"), std::to_string(e.elementBitWidth)},
           {g(k, "tilesPerWarp"), seqText(e.tiles())}};
      cga(a, k, e.cga);
      return call(k, a);
    }
    case EncodingKind::AmdWmma: {
      const auto &e = static_cast<const AmdWmmaEncoding &>(enc);
      a = {{g(k, "version"), std::to_string(e.version)},
           {g(k, "isTranspose"), py(e.isTranspose)},
           {g(k, "warpsPerCTA"), seqText(e.warpsPerCTA)},
           {g(k, "instrShape"), seqText(e.instr())},
           {g(k, "tilesPerWarp"), seqText(e.tiles())}};
      cga(a, k, e.cga);
      return call(k, a);
    }
    case EncodingKind::Linear: {
      const auto &ll = static_cast<const LinearEncoding &>(enc).layout;
      return call(k, {{g(k, "register"), basesText(inDimBases(ll, kRegister))},
                      {g(k, "lane"), basesText(inDimBases(ll, kLane))},
                      {g(k, "warp"), basesText(inDimBases(ll, kWarp))},
                      {g(k, "block"), basesText(inDimBases(ll, kBlock))},
                      {"shape", seqText(outSizes(ll))}}); // Gluon's own argument, no field
    }
    case EncodingKind::SwizzledShared: {
      const auto &e = static_cast<const SwizzledSharedEncoding &>(enc);
      if (e.amdRotating)
        return std::nullopt; // no Gluon class in 3.6
      a = {{g(k, "vec"), std::to_string(e.vec)},
           {g(k, "perPhase"), std::to_string(e.perPhase)},
           {g(k, "maxPhase"), std::to_string(e.maxPhase)},
           {g(k, "order"), seqText(e.order)}};
      cga(a, k, e.cga);
      return call(k, a);
    }
    case EncodingKind::NvmmaShared: {
      const auto &e = static_cast<const NvmmaSharedEncoding &>(enc);
      const unsigned w = e.elementBitWidth;
      if (w != 8 && w != 16 && w != 32 && w != 64)
        return std::nullopt;
      a = {{g(k, "swizzlingByteWidth"), std::to_string(e.swizzlingByteWidth)},
           {g(k, "elementBitWidth"), std::to_string(w)},
           {g(k, "rank"), std::to_string(e.rank())},
           {g(k, "transposed"), py(e.transposed)},
           {g(k, "fp4Padded"), py(e.fp4Padded)}};
      cga(a, k, e.cga);
      return call(k, a);
    }
    case EncodingKind::PaddedShared: {
      const auto &e = static_cast<const PaddedSharedEncoding &>(enc);
      std::string pairs = "[";
      for (size_t i = 0; i < e.intervals.size(); ++i)
        pairs += (i ? ", [" : "[") + std::to_string(e.intervals[i]) + ", " +
                 std::to_string(e.paddings[i]) + "]";
      pairs += "]";
      // Gluon 3.6 names the block bases block_bases in its repr and constructor.
      return call(k, {{g(k, "intervals"), pairs},
                      {g(k, "offset"), basesText(inDimBases(e.linearComponent, kOffset))},
                      {g(k, "block"), basesText(inDimBases(e.linearComponent, kBlock))},
                      {g(k, "shape"), seqText(outSizes(e.linearComponent))}});
    }
    case EncodingKind::SharedLinear: {
      const auto &e = static_cast<const SharedLinearEncoding &>(enc);
      return call(k, {{g(k, "offset"), basesText(inDimBases(e.layout, kOffset))},
                      {g(k, "block"), basesText(inDimBases(e.layout, kBlock))},
                      {g(k, "alignment"), std::to_string(e.alignment)}});
    }
    case EncodingKind::TensorMemory: {
      const auto &e = static_cast<const TensorMemoryEncoding &>(enc);
      const bool split = e.ctaSplitM != 1 || e.ctaSplitN != 1;
      // blockM and blockN travel as block=(M, N); CTASplitM/N as cta_split_num.
      a = {{g(k, "blockM"), "(" + std::to_string(e.blockM) + ", " + std::to_string(e.blockN) + ")"},
           {g(k, "colStride"), std::to_string(e.colStride)}};
      if (split)
        a[g(k, "CTASplitM")] =
            "(" + std::to_string(e.ctaSplitM) + ", " + std::to_string(e.ctaSplitN) + ")";
      else if (repr())
        a[g(k, "CTASplitM")] = "None";
      if (e.twoCTAs || repr())
        a[g(k, "twoCTAs")] = py(e.twoCTAs);
      return call(k, a);
    }
    case EncodingKind::TensorMemoryScales: {
      const auto &e = static_cast<const TensorMemoryScalesEncoding &>(enc);
      if (e.ctaSplitM != 1 || e.ctaSplitN != 1)
        a[g(k, "CTASplitM")] =
            "(" + std::to_string(e.ctaSplitM) + ", " + std::to_string(e.ctaSplitN) + ")";
      else if (repr())
        a[g(k, "CTASplitM")] = "None";
      return call(k, a);
    }
    case EncodingKind::AmdRotatingShared:
    case EncodingKind::PartitionedShared: // Triton main only; Gluon 3.6 has no class for it
      break;
    }
    return std::nullopt;
  }
};

} // namespace

std::optional<GluonText> printGluon(const Encoding &enc, GluonStyle style) {
  Printer p{style};
  std::optional<std::string> s = p.expr(enc);
  if (!s)
    return std::nullopt;
  return GluonText{*s, p.needsAmd};
}

} // namespace ls::notation::gluon
