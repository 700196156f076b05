#include "codegen/gluon_export.h"

#include <optional>
#include <sstream>

#include "encodings/encoding_params.h"
#include "encodings/shared_linear.h"
#include "layout/layout_utils.h"
#include "notation/gluon/gluon_printer.h"
#include "util/error.h"
#include "util/seq_text.h"

namespace ls::codegen {

namespace {

std::vector<int64_t> outSizes(const LinearLayout &ll) {
  std::vector<int64_t> s;
  for (const auto &[name, size] : ll.getOutDims())
    s.push_back(size);
  return s;
}

// The Gluon argument of field `key` of `kind` (encoding_params), with "=".
std::string arg(EncodingKind kind, const char *key) {
  return encodingParams(kind).at(key).gluon + "=";
}

// The multi-line bases forms of `layout_linear`; the one-line constructor
// comes from notation/gluon's printer, which `print --syntax gluon` shares.
struct GluonWriter {
  static std::string distributedLinear(const LinearLayout &ll, const std::string &indent) {
    const std::string sep = indent.empty() ? ", " : ",\n" + indent;
    const std::string open = indent.empty() ? "(" : "(\n" + indent;
    const EncodingKind k = EncodingKind::Linear;
    return "ttgl." + encodingParams(k).gluonClass + open + arg(k, "register") +
           basesText(inDimBases(ll, kRegister)) + sep + arg(k, "lane") +
           basesText(inDimBases(ll, kLane)) + sep + arg(k, "warp") +
           basesText(inDimBases(ll, kWarp)) + sep + arg(k, "block") +
           basesText(inDimBases(ll, kBlock)) + sep + "shape=" + seqText(outSizes(ll)) +
           (indent.empty() ? ")" : ",\n)");
  }

  static std::string sharedLinear(const LinearLayout &ll, unsigned alignment,
                                  const std::string &indent) {
    const std::string sep = indent.empty() ? ", " : ",\n" + indent;
    const std::string open = indent.empty() ? "(" : "(\n" + indent;
    const EncodingKind k = EncodingKind::SharedLinear;
    return "ttgl." + encodingParams(k).gluonClass + open + arg(k, "offset") +
           basesText(inDimBases(ll, kOffset)) + sep + arg(k, "block") +
           basesText(inDimBases(ll, kBlock)) + sep + arg(k, "alignment") +
           std::to_string(alignment) + (indent.empty() ? ")" : ",\n)");
  }
};

} // namespace

std::string exportGluon(const ExportDesign &design, const ExportOptions &options) {
  (void)options;
  const LinearLayout ll = checkedLayout(design);
  const Encoding &enc = *design.encoding;
  if (enc.isTensorMemory())
    throw Error("layout", "tensor-memory layouts are not exported to Gluon yet");
  std::optional<notation::gluon::GluonText> ctor =
      notation::gluon::printGluon(enc, notation::gluon::GluonStyle::Source);
  unsigned alignment = 16;
  if (enc.kind() == EncodingKind::SharedLinear)
    alignment = static_cast<const SharedLinearEncoding &>(enc).alignment;
  const std::string linear = enc.isShared() ? GluonWriter::sharedLinear(ll, alignment, "    ")
                                            : GluonWriter::distributedLinear(ll, "    ");
  const std::string shape = shapeText(design.shape);

  std::ostringstream out;
  out << "# Layout Studio export: Gluon (Triton 3.6)\n"
      << "# Layout: " << ir::printEncoding(enc) << "\n"
      << "# Tensor: tensor<" << shape << "x" << design.element.name << ">\n"
      << "from triton.experimental.gluon import language as ttgl\n";
  if (ctor && ctor->needsAmdImport)
    out << "from triton.experimental.gluon.language.amd import AMDMFMALayout, AMDWMMALayout\n";
  out << "\nshape = " << seqText(design.shape) << "\n\n";
  if (enc.isShared())
    out << "# The same shared layout as explicit offset bases on this shape.\n";
  else
    out << "# The layout as explicit bases on this shape: "
           "ttgl.to_linear_layout(layout, shape) == layout_linear.\n";
  out << "layout_linear = " << linear << "\n\n";
  if (ctor) {
    out << "layout = " << ctor->text << "\n";
  } else {
    out << "# Gluon 3.6 has no constructor for #ttg." << mnemonic(enc.kind())
        << " with these parameters;\n# the bases above are the layout.\n"
        << "layout = layout_linear\n";
  }
  return out.str();
}

} // namespace ls::codegen
