// `print`: the canonical attribute text (Triton 3.6 or legacy syntax), or the
// layout in another notation (Gluon constructor text).
#include "cli_common.h"
#include "encodings/dot_operand.h"
#include "layout/layout_utils.h"
#include "notation/cute/cute_layout.h"
#include "notation/gluon/gluon_printer.h"
#include "notation/layout_input.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls::cli {
namespace {

int runPrint(const Args &args, std::ostream &out) {
  ir::LayoutInput in = readLayoutFlag(args, "layout");
  const auto other = args.optional("syntax");
  if (other && (*other == "gluon" || *other == "gluon-repr")) {
    auto g = notation::gluon::printGluon(*in.encoding, *other == "gluon"
                                                           ? notation::gluon::GluonStyle::Source
                                                           : notation::gluon::GluonStyle::Repr);
    if (!g)
      throw Error("--syntax", "Gluon 3.6 has no layout class for " +
                                  ir::printEncoding(*in.encoding) +
                                  "; `export --format gluon` gives its bases");
    out << g->text << "\n";
    return 0;
  }
  if (other && *other == "cute") {
    const auto shape = args.optional("shape");
    if (!shape && !in.shape)
      throw Error("--shape",
                  "is required for --syntax cute (a CuTe layout is a function on one tile)");
    const Shape s = shape ? parseShape(*shape) : *in.shape;
    out << notation::cute::encodingToCute(*in.encoding, s) << "\n";
    // The B operand is written as CUTLASS writes it, over its (N, K) tile:
    // read back as it is, it is a layout of that tile, not of Triton's K x N.
    if (in.encoding->kind() == EncodingKind::DotOperand && s.size() == 2) {
      const auto &d = static_cast<const DotOperandEncoding &>(*in.encoding);
      if (d.opIdx == 1 && d.parent->kind() == EncodingKind::NvidiaMma)
        warn("warning: --syntax cute: operand B is written as CUTLASS's BLayout, over the (N, K) "
             "tile (" + std::to_string(s[1]) + "x" + std::to_string(s[0]) +
             ", the transpose of Triton's " + shapeText(s) +
             "); read back with --shape " + shapeText(s) + " it is another layout");
    }
    return 0;
  }
  if (other && *other != "3.6" && *other != "legacy" && *other != "main")
    throw Error("--syntax", "must be 3.6, legacy, main, gluon, gluon-repr or cute, got '" +
                                *other + "'");
  const ir::Syntax syntax = parseSyntaxFlag(args);
  const std::string printed = ir::printEncoding(*in.encoding, syntax);
  out << printed << "\n";
  // An nvmma_shared of another rank than 2 has CGALayout entries of that
  // rank, and Triton 3.6's parser reads them at rank 2.
  if (syntax == ir::Syntax::Triton36 && in.encoding->kind() == EncodingKind::NvmmaShared &&
      in.encoding->rank() != 2 && printed.find("CGALayout") != std::string::npos)
    warn("warning: a rank-" + std::to_string(in.encoding->rank()) +
         " nvmma_shared's CGALayout entries have " + std::to_string(in.encoding->rank()) +
         " values, and Triton 3.6's parser reads #ttg.nvmma_shared's CGALayout at rank 2: it "
         "refuses this text (\"'CGALayout' entry length does not match rank 2\"), as this tool "
         "does");
  if (syntax == ir::Syntax::Legacy) // what that text cannot carry is said, not dropped
    for (const std::string &loss : ir::legacyLosses(*in.encoding))
      warn("warning: --syntax legacy: " + loss);
  return 0;
}

CommandRegistration
    reg({"print",
         "print the layout attribute in canonical Triton text",
         {kFileOption,
          {"layout", true, "layout attribute or tensor/memdesc type"},
          {"shape", true, "tile shape: needed by --syntax cute and by CuTe input"},
          {"syntax", true,
           "cute (thread-value layout of a distributed layout, Swizzle<B,M,S> o (shape):(stride) "
           "of a shared one; needs --shape), 3.6 (default), legacy (#triton_gpu. with CTA triple), "
           "main (Triton main after 3.6: amd_wmma ctaLayout, generic_linear), gluon "
           "(ttgl.Class(...)) or gluon-repr (as Gluon's repr() prints it)"}},
         false,
         runPrint});

} // namespace
} // namespace ls::cli
