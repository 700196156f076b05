#include "notation/gluon/gluon_printer.h"

#include "encodings/amd_mfma.h"
#include "encodings/amd_wmma.h"
#include "encodings/blocked.h"
#include "encodings/dot_operand.h"
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

struct Printer {
  GluonStyle style;
  bool needsAmd = false;

  bool repr() const { return style == GluonStyle::Repr; }
  std::string cls(const char *name) const { return (repr() ? "" : "ttgl.") + std::string(name); }
  // The source form leaves a single CTA's empty cga_layout out (the default);
  // repr() prints every field.
  std::string cga(const CGALayout &c) const {
    if (c.isSingleCTA() && !repr())
      return "";
    return ", cga_layout=" + basesText(c.bases());
  }

  std::optional<std::string> expr(const Encoding &enc) {
    switch (enc.kind()) {
    case EncodingKind::Blocked: {
      const auto &e = static_cast<const BlockedEncoding &>(enc);
      return cls("BlockedLayout") + "(size_per_thread=" + seqText(e.sizePerThread) +
             ", threads_per_warp=" + seqText(e.threadsPerWarp) +
             ", warps_per_cta=" + seqText(e.warpsPerCTA) + ", order=" + seqText(e.order) +
             cga(e.cga) + ")";
    }
    case EncodingKind::Slice: {
      const auto &e = static_cast<const SliceEncoding &>(enc);
      auto parent = expr(*e.parent);
      if (!parent)
        return std::nullopt;
      return cls("SliceLayout") + "(dim=" + std::to_string(e.dim) + ", parent=" + *parent + ")";
    }
    case EncodingKind::NvidiaMma: {
      const auto &e = static_cast<const NvidiaMmaEncoding &>(enc);
      return cls("NVMMADistributedLayout") + "(version=[" + std::to_string(e.versionMajor) + ", " +
             std::to_string(e.versionMinor) + "], warps_per_cta=" + seqText(e.warpsPerCTA) +
             ", instr_shape=" + seqText(e.instrShape) + cga(e.cga) + ")";
    }
    case EncodingKind::DotOperand: {
      const auto &e = static_cast<const DotOperandEncoding &>(enc);
      auto parent = expr(*e.parent);
      if (!parent)
        return std::nullopt;
      return cls("DotOperandLayout") + "(operand_index=" + std::to_string(e.opIdx) +
             ", parent=" + *parent + ", k_width=" + std::to_string(e.kWidth) + ")";
    }
    case EncodingKind::AmdMfma: {
      const auto &e = static_cast<const AmdMfmaEncoding &>(enc);
      // Gluon checks version in [1, 4] and an (M, N, K) instr_shape.
      if (e.version < 1 || e.version > 4 || e.instrShape.size() != 3)
        return std::nullopt;
      needsAmd = true;
      return "AMDMFMALayout(version=" + std::to_string(e.version) +
             ", instr_shape=" + seqText(e.instrShape) + ", transposed=" + py(e.isTransposed) +
             ", warps_per_cta=" + seqText(e.warpsPerCTA) +
             ", element_bitwidth=" + std::to_string(e.elementBitWidth) +
             ", tiles_per_warp=" + seqText(e.tiles()) + cga(e.cga) + ")";
    }
    case EncodingKind::AmdWmma: {
      const auto &e = static_cast<const AmdWmmaEncoding &>(enc);
      needsAmd = true;
      return "AMDWMMALayout(version=" + std::to_string(e.version) +
             ", transposed=" + py(e.isTranspose) + ", warps_per_cta=" + seqText(e.warpsPerCTA) +
             ", instr_shape=" + seqText(e.instr()) + ", tiles_per_warp=" + seqText(e.tiles()) +
             cga(e.cga) + ")";
    }
    case EncodingKind::Linear: {
      const auto &ll = static_cast<const LinearEncoding &>(enc).layout;
      return cls("DistributedLinearLayout") + "(reg_bases=" + basesText(inDimBases(ll, kRegister)) +
             ", lane_bases=" + basesText(inDimBases(ll, kLane)) +
             ", warp_bases=" + basesText(inDimBases(ll, kWarp)) +
             ", block_bases=" + basesText(inDimBases(ll, kBlock)) +
             ", shape=" + seqText(outSizes(ll)) + ")";
    }
    case EncodingKind::SwizzledShared: {
      const auto &e = static_cast<const SwizzledSharedEncoding &>(enc);
      if (e.amdRotating)
        return std::nullopt; // no Gluon class in 3.6
      return cls("SwizzledSharedLayout") + "(vec=" + std::to_string(e.vec) +
             ", per_phase=" + std::to_string(e.perPhase) +
             ", max_phase=" + std::to_string(e.maxPhase) + ", order=" + seqText(e.order) +
             cga(e.cga) + ")";
    }
    case EncodingKind::NvmmaShared: {
      const auto &e = static_cast<const NvmmaSharedEncoding &>(enc);
      const unsigned w = e.elementBitWidth;
      if (w != 8 && w != 16 && w != 32 && w != 64)
        return std::nullopt;
      return cls("NVMMASharedLayout") +
             "(swizzle_byte_width=" + std::to_string(e.swizzlingByteWidth) +
             ", element_bitwidth=" + std::to_string(w) + ", rank=" + std::to_string(e.rank()) +
             ", transposed=" + py(e.transposed) + ", fp4_padded=" + py(e.fp4Padded) + cga(e.cga) +
             ")";
    }
    case EncodingKind::PaddedShared: {
      const auto &e = static_cast<const PaddedSharedEncoding &>(enc);
      std::string pairs = "[";
      for (size_t i = 0; i < e.intervals.size(); ++i)
        pairs += (i ? ", [" : "[") + std::to_string(e.intervals[i]) + ", " +
                 std::to_string(e.paddings[i]) + "]";
      pairs += "]";
      return cls("PaddedSharedLayout") + "(interval_padding_pairs=" + pairs +
             ", offset_bases=" + basesText(inDimBases(e.linearComponent, kOffset)) +
             ", block_bases=" + // Gluon 3.6 names them so in its repr and constructor
             basesText(inDimBases(e.linearComponent, kBlock)) +
             ", shape=" + seqText(outSizes(e.linearComponent)) + ")";
    }
    case EncodingKind::SharedLinear: {
      const auto &e = static_cast<const SharedLinearEncoding &>(enc);
      return cls("SharedLinearLayout") +
             "(offset_bases=" + basesText(inDimBases(e.layout, kOffset)) +
             ", block_bases=" + basesText(inDimBases(e.layout, kBlock)) +
             ", alignment=" + std::to_string(e.alignment) + ")";
    }
    case EncodingKind::TensorMemory: {
      const auto &e = static_cast<const TensorMemoryEncoding &>(enc);
      const bool split = e.ctaSplitM != 1 || e.ctaSplitN != 1;
      std::string s = cls("TensorMemoryLayout") + "(block=(" + std::to_string(e.blockM) + ", " +
                      std::to_string(e.blockN) + "), col_stride=" + std::to_string(e.colStride);
      if (split)
        s += ", cta_split_num=(" + std::to_string(e.ctaSplitM) + ", " +
             std::to_string(e.ctaSplitN) + ")";
      else if (repr())
        s += ", cta_split_num=None";
      if (e.twoCTAs || repr())
        s += ", two_ctas=" + py(e.twoCTAs);
      return s + ")";
    }
    case EncodingKind::TensorMemoryScales: {
      const auto &e = static_cast<const TensorMemoryScalesEncoding &>(enc);
      if (e.ctaSplitM != 1 || e.ctaSplitN != 1)
        return cls("TensorMemoryScalesLayout") + "(cta_split_num=(" + std::to_string(e.ctaSplitM) +
               ", " + std::to_string(e.ctaSplitN) + "))";
      return cls("TensorMemoryScalesLayout") + (repr() ? "(cta_split_num=None)" : "()");
    }
    case EncodingKind::AmdRotatingShared:
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
