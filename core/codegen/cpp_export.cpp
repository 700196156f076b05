#include "codegen/cpp_export.h"

#include <map>
#include <sstream>

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
#include "util/error.h"
#include "util/seq_text.h"

namespace ls::codegen {

namespace {

std::string braces(const std::vector<unsigned> &v) { return seqText(v, "{", "}"); }

std::string basesText(const std::vector<LinearLayout::Basis> &bases) {
  return ls::basesText(bases, "{", "}");
}

std::string boolText(bool b) {
  return b ? "true" : "false";
}

// Emits builder calls into `out`, one variable per attribute, parents first.
class BuilderWriter {
public:
  explicit BuilderWriter(std::ostringstream &out) : out_(out) {}

  // Returns the variable holding the attribute.
  std::string emit(const Encoding &enc, const std::string &varHint = "") {
    // Parents and CTA layouts are written while the call is built, so the
    // call text goes out after them.
    const std::string expr = call(enc);
    const std::string var = varHint.empty() ? fresh(prefix(enc.kind())) : varHint;
    out_ << "auto " << var << " = " << expr << ";\n";
    return var;
  }

private:
  std::string fresh(const std::string &base) { return base + std::to_string(counter_++); }

  static std::string prefix(EncodingKind k) {
    switch (k) {
    case EncodingKind::Blocked:
      return "blocked";
    case EncodingKind::Slice:
      return "slice";
    case EncodingKind::NvidiaMma:
    case EncodingKind::AmdMfma:
    case EncodingKind::AmdWmma:
      return "mma";
    case EncodingKind::DotOperand:
      return "dot";
    case EncodingKind::Linear:
      return "linear";
    default:
      return "shared";
    }
  }

  std::string cga(const CGALayout &c) {
    const std::string var = fresh("cga");
    if (c.isSingleCTA()) {
      out_ << "auto " << var << " = CTAEncodingAttr::getDefault(ctx, /*rank=*/" << c.rank()
           << ");\n";
    } else {
      out_ << "auto " << var << " = CTAEncodingAttr::get(\n    ctx, LinearLayout({{S(\"block\"), "
           << basesText(c.bases()) << "}}, {";
      for (int d = 0; d < c.rank(); ++d)
        out_ << (d ? ", " : "") << "S(\"dim" << d << "\")";
      out_ << "}));\n";
    }
    return var;
  }

  std::string linear(const LinearLayout &ll, const std::string &base) {
    const std::string var = fresh(base);
    out_ << cppLinearLayout(ll, var);
    return var;
  }

  // "<Builder>::get(ctx, /*name=*/value, ...)" with encoding_params' builder
  // and argument order; `values` is keyed by each argument's comment name, or
  // by its field key where it has none (CGALayout, parent: variables; "": the
  // LinearLayout variable).
  static std::string builderCall(EncodingKind kind,
                                 const std::map<std::string, std::string> &values) {
    const EncodingParams &p = encodingParams(kind);
    std::string s = p.cppBuilder + "::get(ctx";
    for (const CppArg &a : p.cppArgs)
      s += ", " + (a.comment.empty() ? "" : "/*" + a.comment + "=*/") +
           values.at(a.comment.empty() ? a.key : a.comment);
    return s + ")";
  }

  std::string call(const Encoding &enc) {
    const EncodingKind k = enc.kind();
    if (encodingParams(k).cppBuilder.empty())
      throw Error("layout", std::string("no C++ builder export for #ttg.") + mnemonic(k));
    switch (k) {
    case EncodingKind::Blocked: {
      const auto &e = static_cast<const BlockedEncoding &>(enc);
      std::string c = cga(e.cga);
      return builderCall(k, {{"sizePerThread", braces(e.sizePerThread)},
                             {"threadsPerWarp", braces(e.threadsPerWarp)},
                             {"warpsPerCTA", braces(e.warpsPerCTA)},
                             {"order", braces(e.order)},
                             {"CGALayout", c}});
    }
    case EncodingKind::Slice: {
      const auto &e = static_cast<const SliceEncoding &>(enc);
      std::string parent = emit(*e.parent);
      return builderCall(k, {{"dim", std::to_string(e.dim)}, {"parent", parent}});
    }
    case EncodingKind::NvidiaMma: {
      const auto &e = static_cast<const NvidiaMmaEncoding &>(enc);
      std::string c = cga(e.cga);
      return builderCall(k, {{"versionMajor", std::to_string(e.versionMajor)},
                             {"versionMinor", std::to_string(e.versionMinor)},
                             {"warpsPerCTA", braces(e.warpsPerCTA)},
                             {"CGALayout", c},
                             {"instrShape", braces(e.instrShape)}});
    }
    case EncodingKind::DotOperand: {
      const auto &e = static_cast<const DotOperandEncoding &>(enc);
      std::string parent = emit(*e.parent);
      return builderCall(k, {{"opIdx", std::to_string(e.opIdx)},
                             {"parent", parent},
                             {"kWidth", std::to_string(e.kWidth)}});
    }
    case EncodingKind::AmdMfma: {
      const auto &e = static_cast<const AmdMfmaEncoding &>(enc);
      std::string c = cga(e.cga);
      return builderCall(k, {{"version", std::to_string(e.version)},
                             {"warpsPerCTA", braces(e.warpsPerCTA)},
                             {"instrShape", braces(e.instrShape)},
                             {"isTransposed", boolText(e.isTransposed)},
                             {"CGALayout", c},
                             {"tilesPerWarp", braces(e.tiles())},
                             {"elementBitWidth", std::to_string(e.elementBitWidth)}});
    }
    case EncodingKind::AmdWmma: {
      const auto &e = static_cast<const AmdWmmaEncoding &>(enc);
      std::string c = cga(e.cga);
      return builderCall(k, {{"version", std::to_string(e.version)},
                             {"isTransposed", boolText(e.isTranspose)},
                             {"warpsPerCTA", braces(e.warpsPerCTA)},
                             {"tilesPerWarp", braces(e.tiles())},
                             {"CGALayout", c},
                             {"instrShape", braces(e.instr())}});
    }
    case EncodingKind::Linear: {
      const auto &e = static_cast<const LinearEncoding &>(enc);
      return builderCall(k, {{"", linear(e.layout, "bases")}});
    }
    case EncodingKind::SwizzledShared:
    case EncodingKind::AmdRotatingShared: {
      const auto &e = static_cast<const SwizzledSharedEncoding &>(enc);
      std::string c = cga(e.cga);
      return builderCall(k, {{"vec", std::to_string(e.vec)},
                             {"perPhase", std::to_string(e.perPhase)},
                             {"maxPhase", std::to_string(e.maxPhase)},
                             {"order", braces(e.order)},
                             {"CGALayout", c}});
    }
    case EncodingKind::NvmmaShared: {
      const auto &e = static_cast<const NvmmaSharedEncoding &>(enc);
      std::string c = cga(e.cga);
      return builderCall(k, {{"swizzlingByteWidth", std::to_string(e.swizzlingByteWidth)},
                             {"transposed", boolText(e.transposed)},
                             {"elementBitWidth", std::to_string(e.elementBitWidth)},
                             {"fp4Padded", boolText(e.fp4Padded)},
                             {"CGALayout", c}});
    }
    case EncodingKind::PaddedShared: {
      const auto &e = static_cast<const PaddedSharedEncoding &>(enc);
      std::string comp = linear(e.linearComponent, "component");
      return builderCall(
          k, {{"intervals", braces(e.intervals)}, {"paddings", braces(e.paddings)}, {"", comp}});
    }
    case EncodingKind::SharedLinear: {
      const auto &e = static_cast<const SharedLinearEncoding &>(enc);
      std::string bases = linear(e.layout, "bases");
      return builderCall(k, {{"", bases}, {"layoutAlignment", std::to_string(e.alignment)}});
    }
    case EncodingKind::TensorMemory:
    case EncodingKind::TensorMemoryScales:
      break;
    }
    throw Error("layout", std::string("no C++ builder export for #ttg.") + mnemonic(k));
  }

  std::ostringstream &out_;
  int counter_ = 0;
};

} // namespace

std::string cppLinearLayout(const LinearLayout &ll, const std::string &var) {
  std::ostringstream out;
  out << "LinearLayout " << var << "(\n    {";
  const auto bases = ll.getBases();
  for (size_t i = 0; i < bases.size(); ++i)
    out << (i ? ",\n     " : "") << "{S(\"" << bases[i].first << "\"), "
        << basesText(bases[i].second) << "}";
  out << "},\n    ";
  // The short form infers each out size as the next power of two above the
  // largest basis value; it matches whenever the layout is surjective.
  auto inferred = LinearLayout::tryCreate(
      bases,
      [&] {
        LinearLayout::DimSizes sizes;
        for (const auto &[name, size] : ll.getOutDims()) {
          int32_t s = 1;
          for (const auto &[in, bs] : bases)
            for (const auto &b : bs)
              while (s <= b[static_cast<size_t>(ll.getOutDimIndex(name))])
                s *= 2;
          sizes.push_back({name, s});
        }
        return sizes;
      }(),
      /*requireSurjective=*/true);
  const auto outs = ll.getOutDims();
  if (inferred && *inferred == ll) {
    out << "{";
    for (size_t i = 0; i < outs.size(); ++i)
      out << (i ? ", " : "") << "S(\"" << outs[i].first << "\")";
    out << "});\n";
  } else {
    out << "{";
    for (size_t i = 0; i < outs.size(); ++i)
      out << (i ? ", " : "") << "{S(\"" << outs[i].first << "\"), " << outs[i].second << "}";
    out << "},\n    /*requireSurjective=*/" << (ll.isSurjective() ? "true" : "false") << ");\n";
  }
  return out.str();
}

std::string exportCpp(const ExportDesign &design, const ExportOptions &options) {
  (void)options;
  const LinearLayout ll = checkedLayout(design);
  const Encoding &enc = *design.encoding;
  std::ostringstream out;
  std::string shape;
  for (size_t i = 0; i < design.shape.size(); ++i)
    shape += (i ? "x" : "") + std::to_string(design.shape[i]);
  out << "// Layout Studio export: Triton 3.6 C++\n"
      << "// Layout: " << ir::printEncoding(enc) << "\n"
      << "// Tensor: tensor<" << shape << "x" << design.element.name << ">\n"
      << "//\n"
      << "// Inside Triton: namespace mlir::triton::gpu, `ctx` is the MLIRContext *, and\n"
      << "// S(name) is StringAttr::get(ctx, name) as in Triton's unit tests.  Layout\n"
      << "// Studio's core takes the LinearLayout form unchanged (ls::LinearLayout, ls::S).\n\n"
      << "// toLinearLayout(shape, encoding):\n"
      << cppLinearLayout(ll, "layout") << "\n"
      << "// The encoding attribute:\n";
  BuilderWriter(out).emit(enc, "encoding");
  return out.str();
}

} // namespace ls::codegen
