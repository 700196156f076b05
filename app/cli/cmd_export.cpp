// `export`: a design as MLIR, C++, Gluon, a Gluon probe (Triton checks the
// tool's table on a GPU), a kernel descriptor, or a CUDA/HIP kernel whose
// answer the hardware decides (docs/export.md).
#include "cli_common.h"
#include "codegen/exporter.h"
#include "codegen/hw_kernels.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls::cli {
namespace {

int runExport(const Args &args, std::ostream &out) {
  const codegen::ExportFormat format = codegen::parseFormat(args.required("format"));
  ResolvedLayout r = resolveLayout(args);
  codegen::ExportDesign design;
  design.encoding = r.encoding;
  design.shape = r.shape;
  design.element = r.element ? *r.element : codegen::defaultElementType(*r.encoding);
  codegen::ExportOptions options;
  options.syntax = parseSyntaxFlag(args);
  if (auto n = flagOrModule(args, "num-warps")) { // --file's ttg.num-warps by default
    if (n->empty() || n->size() > 3 || n->find_first_not_of("0123456789") != std::string::npos)
      throw Error("--num-warps", "must be a power of two between 1 and 64, got '" + *n + "'");
    options.numWarps = std::stoi(*n);
    if (options.numWarps == 0)
      throw Error("--num-warps", "must be a power of two between 1 and 64, got 0");
  }
  if (auto t = flagOrModule(args, "target")) {
    const codegen::Target target = codegen::parseTarget(*t);
    // A distributed layout runs on machines with its warp width only.
    if (!design.encoding->isShared() && design.encoding->warpSize() != target.threadsPerWarp)
      throw Error("--target", *t + " runs " + std::to_string(target.threadsPerWarp) +
                                  "-lane warps; the layout has " +
                                  std::to_string(design.encoding->warpSize()) + " lanes per warp");
    options.target = target.text();
  }
  if (auto k = args.optional("kernel")) {
    (void)codegen::parseKernelChoice(*k);
    options.kernel = *k;
  }
  // Everything is generated before -o touches the file system.
  writeOutput(args, out, codegen::exportDesign(design, format, options));
  if (options.syntax == ir::Syntax::Legacy &&
      (format == codegen::ExportFormat::Attribute || format == codegen::ExportFormat::Module))
    for (const std::string &loss : ir::legacyLosses(*design.encoding))
      warn("warning: --syntax legacy: " + loss);
  return 0;
}

CommandRegistration reg(
    {"export",
     "export a layout as MLIR, C++, Gluon, a Gluon probe, a kernel descriptor, a CUDA/HIP "
     "kernel or CuTe types",
     {kFileOption,
      {"layout", true, "layout attribute or tensor/memdesc type"},
      {"shape", true, "tensor shape, e.g. 64x64"},
      {"format", true,
       "mlir (attribute), mlir-module (TTGIR), cpp, gluon, gluon-probe (Python: Triton checks the "
       "table on a GPU), descriptor (JSON), cuda, hip, cute (CUTLASS 3.x C++ layout types)"},
      {"dtype", true, "element type (default: from the layout, else f16)"},
      {"syntax", true, "3.6 (default), legacy or main, for mlir and mlir-module"},
      {"num-warps", true, "warps per CTA for shared layouts (default 4)"},
      {"target", true, "sm90, gfx942, ... or cuda:<sm> / hip:gfx<arch> (default: from the layout)"},
      {"kernel", true,
       "cuda/hip: auto (default: mma.sync, wgmma or copy by the layout's kind), copy, mma"},
      {"output", true, "-o FILE: write there (atomically) instead of stdout"}},
     false,
     runExport});

} // namespace
} // namespace ls::cli
