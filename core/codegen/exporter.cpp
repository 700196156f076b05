#include "codegen/exporter.h"

#include "analysis/tmem/tmem_design.h"
#include "codegen/cpp_export.h"
#include "codegen/cute_export.h"
#include "codegen/gluon_export.h"
#include "codegen/gluon_probe.h"
#include "codegen/hw_kernels.h"
#include "codegen/kernel_descriptor.h"
#include "codegen/mlir_export.h"
#include "codegen/tmem_export.h"
#include "util/error.h"

namespace ls::codegen {

std::string exportDesign(const ExportDesign &design, ExportFormat format,
                         const ExportOptions &options) {
  if (!design.encoding)
    throw Error("layout", "no layout to export");
  if (design.encoding->isTensorMemory())
    return exportTensorMemoryDesign(design, format, options);
  switch (format) {
  case ExportFormat::Attribute:
    return exportAttribute(design, options);
  case ExportFormat::Module:
    return exportModule(design, options);
  case ExportFormat::Cpp:
    return exportCpp(design, options);
  case ExportFormat::Gluon:
    return exportGluon(design, options);
  case ExportFormat::GluonProbe:
    return exportGluonProbe(design, options);
  case ExportFormat::Descriptor:
    return descriptorJson(describeKernel(design, options));
  case ExportFormat::Cuda:
    return exportHardwareKernel(design, options, KernelDialect::Cuda);
  case ExportFormat::Hip:
    return exportHardwareKernel(design, options, KernelDialect::Hip);
  case ExportFormat::Cute:
    return exportCute(design, options);
  }
  throw InternalError("exportDesign: unknown format");
}

// Tensor-memory layouts: the attribute, and the TMEM snippets of
// codegen/tmem_export (memdesc type and allocation, the Gluon
// TensorMemoryLayout + get_tmem_reg_layout calls, the C++ builders), and a
// CUDA tcgen05.st/ld kernel through the TMEM layout and the register layout of
// its 32x32b access (hw_kernels.h). No HIP kernel: AMD has no tensor memory.
std::string exportTensorMemoryDesign(const ExportDesign &design, ExportFormat format,
                                     const ExportOptions &options) {
  if (format == ExportFormat::Attribute)
    return exportAttribute(design, options);
  TmemDesign tmem;
  tmem.layout = design.encoding;
  tmem.shape = design.shape;
  tmem.element = design.element;
  if (options.numWarps > 0)
    tmem.numWarps = options.numWarps;
  tmem.validate();
  switch (format) {
  case ExportFormat::Module:
    return tmemMlir(tmem);
  case ExportFormat::Gluon:
    return tmemGluon(tmem);
  case ExportFormat::Cpp:
    return tmemCpp(tmem);
  case ExportFormat::GluonProbe:
    return exportGluonProbe(design, options); // says why there is none
  case ExportFormat::Cuda:
    if (options.kernel != "auto")
      throw Error("--kernel", "a tensor-memory layout has one cuda kernel (tcgen05.st/ld); use "
                              "--kernel auto");
    return exportTmemKernel(tmem); // tcgen05.st/ld, sm_100a, compile-checked only
  default:
    throw Error("--format",
                std::string("a tensor-memory layout has no ") + formatName(format) +
                    " export (it is not a thread layout); use mlir, mlir-module, "
                    "gluon, cpp or cuda, or `tmem-reg` for the registers a TMEM load uses");
  }
}

} // namespace ls::codegen
