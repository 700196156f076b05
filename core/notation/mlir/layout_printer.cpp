#include "notation/mlir/layout_printer.h"

#include <initializer_list>
#include <string_view>

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
#include "util/error.h"
#include "util/seq_text.h"

namespace ls::ir {

std::string printList(const std::vector<unsigned> &v) {
  return seqText(v);
}

namespace {

// Triton 3.6: ", CGALayout = [[...]]" unless single-CTA. Legacy: the triple
// unless it is the default (one CTA).
std::string cgaText(const CGALayout &cga, Syntax syntax, const std::vector<unsigned> &order) {
  if (syntax != Syntax::Legacy)
    return cga.isSingleCTA() ? "" : ", CGALayout = " + basesText(cga.bases());
  // Legacy text always carries the triple (Triton 2.x/3.0 printed it even
  // when trivial, and every triton_gpu-era parser accepts it).
  auto legacy = cga.toLegacy(order);
  if (!legacy)
    throw Error("CGALayout", "this CTA layout " + basesText(cga.bases()) +
                                 " has no CTAsPerCGA/CTASplitNum/CTAOrder spelling for older "
                                 "Triton");
  return ", CTAsPerCGA = " + printList(legacy->ctasPerCGA) +
         ", CTASplitNum = " + printList(legacy->ctaSplitNum) +
         ", CTAOrder = " + printList(legacy->ctaOrder);
}

std::vector<unsigned> reverseIota(int rank) {
  return matrixOrder(rank, true);
}

void requireLegacy(bool ok, const std::string &field, const std::string &why) {
  if (!ok)
    throw Error(field, "has no spelling in older Triton: " + why);
}

std::string prefix(Syntax s) {
  return s != Syntax::Legacy ? "#ttg." : "#triton_gpu.";
}

std::string boolText(bool b) {
  return b ? "true" : "false";
}

// "key = value, ..." in encoding_params' order. Fields not in `values`, and
// those Triton leaves out at their default, are skipped; a CGA field's value
// is cgaText's whole fragment (", CGALayout = ..." or the legacy triple).
// `values` is a handful of fields: found by a scan, without building a map.
std::string fieldsText(EncodingKind kind,
                       std::initializer_list<std::pair<std::string_view, std::string>> values) {
  std::string s;
  for (const FieldParam &f : encodingParams(kind).fields) {
    const std::string *value = nullptr;
    for (const auto &[key, text] : values)
      if (key == f.key) {
        value = &text;
        break;
      }
    if (!value || (f.omittedAtDefault && f.isDefault(*value)))
      continue;
    if (f.kind == ValueKind::Cga) {
      s.append(*value, s.empty() && !value->empty() ? 2 : 0);
    } else {
      if (!s.empty())
        s += ", ";
      s += f.key;
      s += " = ";
      s += *value;
    }
  }
  return s;
}

} // namespace

std::string printBases(const LinearLayout &ll, const std::vector<DimName> &inDims) {
  std::string s;
  for (const auto &d : inDims) {
    if (!s.empty())
      s += ", ";
    s += d;
    s += " = [";
    const int n = ll.getInDimSizeLog2(d);
    for (int i = 0; i < n; ++i) {
      if (i)
        s += ", ";
      appendSeq(s, ll.getBasis(d, i));
    }
    s += ']';
  }
  return s;
}

std::vector<std::string> legacyLosses(const Encoding &enc) {
  std::vector<std::string> out;
  // A parent is written in the same text: its losses are the layout's.
  if (enc.kind() == EncodingKind::DotOperand)
    if (const auto &parent = static_cast<const DotOperandEncoding &>(enc).parent)
      out = legacyLosses(*parent);
  if (enc.kind() == EncodingKind::Slice)
    if (const auto &parent = static_cast<const SliceEncoding &>(enc).parent)
      out = legacyLosses(*parent);
  if (enc.kind() == EncodingKind::AmdMfma) {
    const auto &e = static_cast<const AmdMfmaEncoding &>(enc);
    // The K the legacy reader supplies for [M, N].
    if (e.instrShape.size() == 3) {
      const unsigned k = AmdMfmaEncoding::legacyInstrK(e.instrShape[0]);
      if (e.instrShape[2] != k)
        out.push_back("instrShape: older Triton writes [M, N] only; read back, K is " +
                      std::to_string(k) + ", not " + std::to_string(e.instrShape[2]) +
                      " (the same bases)");
    }
  }
  if (enc.kind() == EncodingKind::NvmmaShared) {
    const auto &e = static_cast<const NvmmaSharedEncoding &>(enc);
    if (e.swizzlingByteWidth == 0 && e.elementBitWidth != 16)
      out.push_back("elementBitWidth: older Triton's unswizzled shared text has no element "
                    "width; read back, it is 16, not " + std::to_string(e.elementBitWidth) +
                    " (the same bases)");
  }
  return out;
}

std::string printEncoding(const Encoding &enc, Syntax syntax) {
  const std::string p = prefix(syntax);
  switch (enc.kind()) {
  case EncodingKind::Blocked: {
    auto &e = static_cast<const BlockedEncoding &>(enc);
    return p + "blocked<{" +
           fieldsText(enc.kind(), {{"sizePerThread", printList(e.sizePerThread)},
                                   {"threadsPerWarp", printList(e.threadsPerWarp)},
                                   {"warpsPerCTA", printList(e.warpsPerCTA)},
                                   {"order", printList(e.order)},
                                   {"CGALayout", cgaText(e.cga, syntax, reverseIota(e.rank()))}}) +
           "}>";
  }
  case EncodingKind::Slice: {
    auto &e = static_cast<const SliceEncoding &>(enc);
    return p + "slice<{" +
           fieldsText(enc.kind(), {{"dim", std::to_string(e.dim)},
                                   {"parent", printEncoding(*e.parent, syntax)}}) +
           "}>";
  }
  case EncodingKind::NvidiaMma: {
    auto &e = static_cast<const NvidiaMmaEncoding &>(enc);
    return p + "nvidia_mma<{" +
           fieldsText(enc.kind(), {{"versionMajor", std::to_string(e.versionMajor)},
                                   {"versionMinor", std::to_string(e.versionMinor)},
                                   {"warpsPerCTA", printList(e.warpsPerCTA)},
                                   {"CGALayout", cgaText(e.cga, syntax, reverseIota(e.rank()))},
                                   {"instrShape", printList(e.instrShape)}}) +
           "}>";
  }
  case EncodingKind::DotOperand: {
    auto &e = static_cast<const DotOperandEncoding &>(enc);
    return p + "dot_op<{" +
           fieldsText(enc.kind(), {{"opIdx", std::to_string(e.opIdx)},
                                   {"parent", printEncoding(*e.parent, syntax)},
                                   {"kWidth", std::to_string(e.kWidth)}}) +
           "}>";
  }
  case EncodingKind::AmdMfma: {
    auto &e = static_cast<const AmdMfmaEncoding &>(enc);
    if (syntax == Syntax::Legacy) {
      requireLegacy(e.tilesPerWarp.empty(), "tilesPerWarp", "tiles per warp came with Triton 3.4");
      requireLegacy(e.elementBitWidth == 32, "elementBitWidth", "fp64 mfma layouts came later");
      // Triton 3.0/3.1: versionMajor/versionMinor and a two-entry instrShape.
      return p + "amd_mfma<{versionMajor = " + std::to_string(e.version) +
             ", versionMinor = 0, warpsPerCTA = " + printList(e.warpsPerCTA) +
             ", instrShape = " + printList({e.instrShape[0], e.instrShape[1]}) +
             ", isTransposed = " + boolText(e.isTransposed) +
             cgaText(e.cga, syntax, reverseIota(e.rank())) + "}>";
    }
    return p + "amd_mfma<{" +
           fieldsText(enc.kind(), {{"version", std::to_string(e.version)},
                                   {"warpsPerCTA", printList(e.warpsPerCTA)},
                                   {"instrShape", printList(e.instrShape)},
                                   {"isTransposed", boolText(e.isTransposed)},
                                   {"CGALayout", cgaText(e.cga, syntax, reverseIota(e.rank()))},
                                   {"tilesPerWarp", printList(e.tiles())},
                                   {"elementBitWidth", std::to_string(e.elementBitWidth)}}) +
           "}>";
  }
  case EncodingKind::AmdWmma: {
    auto &e = static_cast<const AmdWmmaEncoding &>(enc);
    if (syntax == Syntax::Legacy) {
      requireLegacy(!e.isTranspose, "isTranspose", "transposed wmma layouts came later");
      requireLegacy(e.tilesPerWarp.empty(), "tilesPerWarp", "tiles per warp came later");
      requireLegacy(e.instrShape.empty(), "instrShape", "wmma instruction shapes came later");
      return p + "amd_wmma<{version = " + std::to_string(e.version) +
             ", warpsPerCTA = " + printList(e.warpsPerCTA) +
             cgaText(e.cga, syntax, reverseIota(e.rank())) + "}>";
    }
    if (e.mainCta && syntax != Syntax::Main)
      throw Error("ctaLayout",
                  "this amd_wmma layout (Triton main's ctaLayout = {" +
                      printBases(*e.mainCta, e.mainCta->getInDimSizeLog2(kRegister) > 0
                                                 ? std::vector<DimName>{kRegister, kWarp}
                                                 : std::vector<DimName>{kWarp}) +
                      "}) has no Triton 3.6 spelling: 3.6 has warpsPerCTA and "
                      "tilesPerWarp only, laid out N first, then M, with one tile "
                      "along M; print it with --syntax main");
    if (syntax == Syntax::Main) {
      auto cta = e.mainCtaLayout();
      if (!cta)
        throw Error("tilesPerWarp", "a Triton 3.6 amd_wmma layout with more than one tile along M "
                                    "has no Triton main spelling (main places every tile before "
                                    "the registers that cover the tensor)");
      std::vector<DimName> ins;
      for (const auto &d : {kRegister, kWarp})
        if (cta->getInDimSizeLog2(d) > 0)
          ins.push_back(d);
      std::string s = p + "amd_wmma<{version = " + std::to_string(e.version) +
                      ", isTranspose = " + boolText(e.isTranspose) + ", ctaLayout = {" +
                      printBases(*cta, ins) + "}";
      // The rank is the bases' length; with no basis (one warp, one tile)
      // a rank other than 2 is written out.
      if (ins.empty() && e.rank() != 2)
        s += ", rank = " + std::to_string(e.rank());
      s += cgaText(e.cga, syntax, reverseIota(e.rank()));
      if (!e.instrShape.empty())
        s += ", instrShape = " + printList(e.instrShape);
      return s + "}>";
    }
    return p + "amd_wmma<{" +
           fieldsText(enc.kind(), {{"version", std::to_string(e.version)},
                                   {"isTranspose", boolText(e.isTranspose)},
                                   {"warpsPerCTA", printList(e.warpsPerCTA)},
                                   {"CGALayout", cgaText(e.cga, syntax, reverseIota(e.rank()))},
                                   {"tilesPerWarp", printList(e.tiles())},
                                   {"instrShape", printList(e.instr())}}) +
           "}>";
  }
  case EncodingKind::Linear: {
    auto &e = static_cast<const LinearEncoding &>(enc);
    std::string name = "linear";
    if (e.generic) {
      if (syntax == Syntax::Main)
        name = "generic_linear";
      else if (auto why = e.notPlainLinear())
        throw Error("generic_linear", "has no Triton " +
                                          std::string(syntax == Syntax::Legacy ? "3.1" : "3.6") +
                                          " spelling: " + *why +
                                          " (#ttg.linear forbids it); print it with --syntax main");
    }
    return p + name + "<{" + printBases(e.layout, {kRegister, kLane, kWarp, kBlock}) + "}>";
  }
  case EncodingKind::SwizzledShared:
  case EncodingKind::AmdRotatingShared: {
    auto &e = static_cast<const SwizzledSharedEncoding &>(enc);
    auto fields = [&](const std::vector<unsigned> &cgaOrder) {
      return "{" + fieldsText(enc.kind(), {{"vec", std::to_string(e.vec)},
                                           {"perPhase", std::to_string(e.perPhase)},
                                           {"maxPhase", std::to_string(e.maxPhase)},
                                           {"order", printList(e.order)},
                                           {"CGALayout", cgaText(e.cga, syntax, cgaOrder)}});
    };
    if (syntax == Syntax::Legacy) {
      requireLegacy(!e.amdRotating, "amd_rotating_shared", "rotating shared layouts came later");
      return p + "shared<" + fields(reverseIota(e.rank())) + ", hasLeadingOffset = false}>";
    }
    return p + (e.amdRotating ? "amd_rotating_shared<" : "swizzled_shared<") + fields(e.order) +
           "}>";
  }
  case EncodingKind::NvmmaShared: {
    auto &e = static_cast<const NvmmaSharedEncoding &>(enc);
    const int r = e.rank();
    if (syntax == Syntax::Legacy) {
      if (e.fp4Padded)
        throw Error("fp4Padded", "older Triton has no spelling for padded fp4 shared layouts");
      std::vector<unsigned> order =
          e.transposed ? std::vector<unsigned>{0, 1} : std::vector<unsigned>{1, 0};
      for (int d = 2; d < r; ++d)
        order.push_back(static_cast<unsigned>(d));
      if (r != 2)
        throw Error("rank", "older Triton spells nvmma_shared layouts only for rank 2");
      return p + "shared<{vec = " + std::to_string(e.vec()) +
             ", perPhase = " + std::to_string(e.perPhase()) +
             ", maxPhase = " + std::to_string(e.maxPhase()) + ", order = " + printList(order) +
             cgaText(e.cga, syntax, reverseIota(r)) + ", hasLeadingOffset = true}>";
    }
    // rank is written only for a single CTA (CGALayout's bases give it otherwise).
    const std::string rank = encodingParams(enc.kind()).at("rank").defaultText;
    return p + "nvmma_shared<{" +
           fieldsText(enc.kind(), {{"swizzlingByteWidth", std::to_string(e.swizzlingByteWidth)},
                                   {"transposed", boolText(e.transposed)},
                                   {"elementBitWidth", std::to_string(e.elementBitWidth)},
                                   {"fp4Padded", boolText(e.fp4Padded)},
                                   {"rank", e.cga.isSingleCTA() ? std::to_string(r) : rank},
                                   {"CGALayout", cgaText(e.cga, syntax, reverseIota(r))}}) +
           "}>";
  }
  case EncodingKind::PaddedShared: {
    auto &e = static_cast<const PaddedSharedEncoding &>(enc);
    requireLegacy(syntax != Syntax::Legacy, "padded_shared", "padded shared layouts came with 3.5");
    std::string s = p + "padded_shared<[";
    for (size_t i = 0; i < e.intervals.size(); ++i)
      s += (i ? ", " : "") + std::to_string(e.intervals[i]) + ":+" + std::to_string(e.paddings[i]);
    s += "] {";
    if (e.isIdentityForm()) {
      std::vector<unsigned> shape;
      for (const auto &[n, sz] : e.linearComponent.getOutDims())
        shape.push_back(static_cast<unsigned>(sz));
      s += fieldsText(enc.kind(), {{"order", printList(e.order())}, {"shape", printList(shape)}});
    } else {
      s += printBases(e.linearComponent, {kOffset, kBlock});
    }
    return s + "}>";
  }
  case EncodingKind::SharedLinear: {
    auto &e = static_cast<const SharedLinearEncoding &>(enc);
    requireLegacy(syntax != Syntax::Legacy, "shared_linear", "shared linear layouts came later");
    std::vector<DimName> ins = {kOffset};
    if (e.layout.getInDimSize(kBlock) > 1)
      ins.push_back(kBlock);
    return p + "shared_linear<{" + printBases(e.layout, ins) +
           "}, alignment = " + std::to_string(e.alignment) + ">";
  }
  case EncodingKind::PartitionedShared: {
    auto &e = static_cast<const PartitionedSharedEncoding &>(enc);
    if (syntax != Syntax::Main)
      throw Error("#ttg.partitioned_shared",
                  "Triton main's partitioned shared layout (pieces of a tensor in separate "
                  "buffers) has no Triton " +
                      std::string(syntax == Syntax::Legacy ? "3.1" : "3.6") +
                      " spelling; print it with --syntax main");
    return p + "partitioned_shared<{numPartitions = " + std::to_string(e.numPartitions) +
           ", numGroups = " + std::to_string(e.numGroups) +
           ", partitionDim = " + std::to_string(e.partitionDim) +
           ", partitionLayout = " + printEncoding(*e.partitionLayout, syntax) + "}>";
  }
  case EncodingKind::TensorMemory: {
    auto &e = static_cast<const TensorMemoryEncoding &>(enc);
    requireLegacy(syntax != Syntax::Legacy, "tensor_memory_encoding",
                  "tensor memory came with Blackwell support after the #triton_gpu era");
    const std::string tp = "#ttng.";
    return tp + "tensor_memory_encoding<" +
           fieldsText(enc.kind(), {{"blockM", std::to_string(e.blockM)},
                                   {"blockN", std::to_string(e.blockN)},
                                   {"colStride", std::to_string(e.colStride)},
                                   {"CTASplitM", std::to_string(e.ctaSplitM)},
                                   {"CTASplitN", std::to_string(e.ctaSplitN)},
                                   {"twoCTAs", boolText(e.twoCTAs)}}) +
           ">";
  }
  case EncodingKind::TensorMemoryScales: {
    auto &e = static_cast<const TensorMemoryScalesEncoding &>(enc);
    requireLegacy(syntax != Syntax::Legacy, "tensor_memory_scales_encoding",
                  "tensor memory came with Blackwell support after the #triton_gpu era");
    // TableGen struct(params): default-valued parameters are omitted.
    return "#ttng.tensor_memory_scales_encoding<" +
           fieldsText(enc.kind(), {{"CTASplitM", std::to_string(e.ctaSplitM)},
                                   {"CTASplitN", std::to_string(e.ctaSplitN)}}) +
           ">";
  }
  }
  throw Error("layout", "unknown encoding kind");
}

} // namespace ls::ir
