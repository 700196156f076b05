#include "codegen/gluon_export.h"

#include <optional>
#include <sstream>

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
#include "util/error.h"
#include "layout/layout_utils.h"
#include "util/seq_text.h"

namespace ls::codegen {

namespace {

std::vector<int64_t> outSizes(const LinearLayout &ll) {
  std::vector<int64_t> s;
  for (const auto &[name, size] : ll.getOutDims())
    s.push_back(size);
  return s;
}

std::string py(bool b) {
  return b ? "True" : "False";
}

std::string cgaArg(const CGALayout &cga) {
  return cga.isSingleCTA() ? "" : ", cga_layout=" + basesText(cga.bases());
}

struct GluonWriter {
  bool needsAmd = false;

  // The constructor expression, or nullopt if Gluon 3.6 cannot spell it.
  std::optional<std::string> expr(const Encoding &enc) {
    switch (enc.kind()) {
    case EncodingKind::Blocked: {
      const auto &e = static_cast<const BlockedEncoding &>(enc);
      return "ttgl.BlockedLayout(size_per_thread=" + seqText(e.sizePerThread) +
             ", threads_per_warp=" + seqText(e.threadsPerWarp) +
             ", warps_per_cta=" + seqText(e.warpsPerCTA) + ", order=" + seqText(e.order) +
             cgaArg(e.cga) + ")";
    }
    case EncodingKind::Slice: {
      const auto &e = static_cast<const SliceEncoding &>(enc);
      auto parent = expr(*e.parent);
      if (!parent)
        return std::nullopt;
      return "ttgl.SliceLayout(dim=" + std::to_string(e.dim) + ", parent=" + *parent + ")";
    }
    case EncodingKind::NvidiaMma: {
      const auto &e = static_cast<const NvidiaMmaEncoding &>(enc);
      return "ttgl.NVMMADistributedLayout(version=[" + std::to_string(e.versionMajor) + ", " +
             std::to_string(e.versionMinor) + "], warps_per_cta=" + seqText(e.warpsPerCTA) +
             ", instr_shape=" + seqText(e.instrShape) + cgaArg(e.cga) + ")";
    }
    case EncodingKind::DotOperand: {
      const auto &e = static_cast<const DotOperandEncoding &>(enc);
      auto parent = expr(*e.parent);
      if (!parent)
        return std::nullopt;
      return "ttgl.DotOperandLayout(operand_index=" + std::to_string(e.opIdx) +
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
             ", tiles_per_warp=" + seqText(e.tiles()) + cgaArg(e.cga) + ")";
    }
    case EncodingKind::AmdWmma: {
      const auto &e = static_cast<const AmdWmmaEncoding &>(enc);
      needsAmd = true;
      return "AMDWMMALayout(version=" + std::to_string(e.version) +
             ", transposed=" + py(e.isTranspose) + ", warps_per_cta=" + seqText(e.warpsPerCTA) +
             ", instr_shape=" + seqText(e.instr()) + ", tiles_per_warp=" + seqText(e.tiles()) +
             cgaArg(e.cga) + ")";
    }
    case EncodingKind::Linear: {
      const auto &e = static_cast<const LinearEncoding &>(enc);
      return distributedLinear(e.layout, "");
    }
    case EncodingKind::SwizzledShared: {
      const auto &e = static_cast<const SwizzledSharedEncoding &>(enc);
      return "ttgl.SwizzledSharedLayout(vec=" + std::to_string(e.vec) +
             ", per_phase=" + std::to_string(e.perPhase) +
             ", max_phase=" + std::to_string(e.maxPhase) + ", order=" + seqText(e.order) +
             cgaArg(e.cga) + ")";
    }
    case EncodingKind::NvmmaShared: {
      const auto &e = static_cast<const NvmmaSharedEncoding &>(enc);
      const unsigned w = e.elementBitWidth;
      if (w != 8 && w != 16 && w != 32 && w != 64)
        return std::nullopt;
      return "ttgl.NVMMASharedLayout(swizzle_byte_width=" + std::to_string(e.swizzlingByteWidth) +
             ", element_bitwidth=" + std::to_string(w) + ", rank=" + std::to_string(e.rank()) +
             ", transposed=" + py(e.transposed) + ", fp4_padded=" + py(e.fp4Padded) +
             cgaArg(e.cga) + ")";
    }
    case EncodingKind::PaddedShared: {
      const auto &e = static_cast<const PaddedSharedEncoding &>(enc);
      std::string pairs = "[";
      for (size_t i = 0; i < e.intervals.size(); ++i)
        pairs += (i ? ", [" : "[") + std::to_string(e.intervals[i]) + ", " +
                 std::to_string(e.paddings[i]) + "]";
      pairs += "]";
      return "ttgl.PaddedSharedLayout(interval_padding_pairs=" + pairs +
             ", offset_bases=" + basesText(inDimBases(e.linearComponent, kOffset)) +
             ", block_bases=" + basesText(inDimBases(e.linearComponent, kBlock)) +
             ", shape=" + seqText(outSizes(e.linearComponent)) + ")";
    }
    case EncodingKind::SharedLinear: {
      const auto &e = static_cast<const SharedLinearEncoding &>(enc);
      return sharedLinear(e.layout, e.alignment, "");
    }
    case EncodingKind::AmdRotatingShared: // no Gluon class in 3.6
    case EncodingKind::TensorMemory:
    case EncodingKind::TensorMemoryScales:
      break;
    }
    return std::nullopt;
  }

  static std::string distributedLinear(const LinearLayout &ll, const std::string &indent) {
    const std::string sep = indent.empty() ? ", " : ",\n" + indent;
    const std::string open = indent.empty() ? "(" : "(\n" + indent;
    return "ttgl.DistributedLinearLayout" + open +
           "reg_bases=" + basesText(inDimBases(ll, kRegister)) + sep +
           "lane_bases=" + basesText(inDimBases(ll, kLane)) + sep +
           "warp_bases=" + basesText(inDimBases(ll, kWarp)) + sep +
           "block_bases=" + basesText(inDimBases(ll, kBlock)) + sep +
           "shape=" + seqText(outSizes(ll)) + (indent.empty() ? ")" : ",\n)");
  }

  static std::string sharedLinear(const LinearLayout &ll, unsigned alignment,
                                  const std::string &indent) {
    const std::string sep = indent.empty() ? ", " : ",\n" + indent;
    const std::string open = indent.empty() ? "(" : "(\n" + indent;
    return "ttgl.SharedLinearLayout" + open + "offset_bases=" + basesText(inDimBases(ll, kOffset)) +
           sep + "block_bases=" + basesText(inDimBases(ll, kBlock)) + sep +
           "alignment=" + std::to_string(alignment) + (indent.empty() ? ")" : ",\n)");
  }
};

} // namespace

std::string exportGluon(const ExportDesign &design, const ExportOptions &options) {
  (void)options;
  const LinearLayout ll = checkedLayout(design);
  const Encoding &enc = *design.encoding;
  if (enc.isTensorMemory())
    throw Error("layout", "tensor-memory layouts are not exported to Gluon yet");
  GluonWriter w;
  std::optional<std::string> ctor = w.expr(enc);
  unsigned alignment = 16;
  if (enc.kind() == EncodingKind::SharedLinear)
    alignment = static_cast<const SharedLinearEncoding &>(enc).alignment;
  const std::string linear = enc.isShared() ? GluonWriter::sharedLinear(ll, alignment, "    ")
                                            : GluonWriter::distributedLinear(ll, "    ");
  std::string shape;
  for (size_t i = 0; i < design.shape.size(); ++i)
    shape += (i ? "x" : "") + std::to_string(design.shape[i]);

  std::ostringstream out;
  out << "# Layout Studio export: Gluon (Triton 3.6)\n"
      << "# Layout: " << ir::printEncoding(enc) << "\n"
      << "# Tensor: tensor<" << shape << "x" << design.element.name << ">\n"
      << "from triton.experimental.gluon import language as ttgl\n";
  if (w.needsAmd)
    out << "from triton.experimental.gluon.language.amd import AMDMFMALayout, AMDWMMALayout\n";
  out << "\nshape = " << seqText(design.shape) << "\n\n";
  if (enc.isShared())
    out << "# The same shared layout as explicit offset bases on this shape.\n";
  else
    out << "# The layout as explicit bases on this shape: "
           "ttgl.to_linear_layout(layout, shape) == layout_linear.\n";
  out << "layout_linear = " << linear << "\n\n";
  if (ctor) {
    out << "layout = " << *ctor << "\n";
  } else {
    out << "# Gluon 3.6 has no constructor for #ttg." << mnemonic(enc.kind())
        << " with these parameters;\n# the bases above are the layout.\n"
        << "layout = layout_linear\n";
  }
  return out.str();
}

} // namespace ls::codegen
