#include "codegen/exporter.h"

#include "codegen/cpp_export.h"
#include "codegen/gluon_export.h"
#include "codegen/kernel_descriptor.h"
#include "codegen/mlir_export.h"
#include "codegen/test_kernel.h"
#include "util/error.h"

namespace ls::codegen {

std::string exportDesign(const ExportDesign &design, ExportFormat format,
                         const ExportOptions &options) {
  if (!design.encoding)
    throw Error("layout", "no layout to export");
  if (design.encoding->kind() == EncodingKind::TensorMemory)
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
  case ExportFormat::Descriptor:
    return descriptorJson(describeKernel(design, options));
  case ExportFormat::Cuda:
    return exportTestKernel(design, options, KernelDialect::Cuda);
  case ExportFormat::Hip:
    return exportTestKernel(design, options, KernelDialect::Hip);
  }
  throw InternalError("exportDesign: unknown format");
}

// Plug-in point for codegen/tmem_export.*: route the formats it implements
// there.  The attribute needs nothing TMEM-specific.
std::string exportTensorMemoryDesign(const ExportDesign &design, ExportFormat format,
                                     const ExportOptions &options) {
  if (format == ExportFormat::Attribute)
    return exportAttribute(design, options);
  throw Error("--format", std::string("tensor-memory layouts cannot be exported as ") +
                              formatName(format) + " yet (only mlir)");
}

} // namespace ls::codegen
