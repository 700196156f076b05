// The one entry point of core/codegen: a design and a format in, text out.
//
// The CLI's `export` command, the GUI's Export panel and the tests all call
// exportDesign, so a format behaves the same everywhere.  Every failure is an
// ls::Error naming the field at fault; nothing is written for a design its
// consumer would reject.
//
// Tensor memory (#ttng.tensor_memory_encoding) maps TMEM rows and columns,
// not threads; its exports (TMEM load/store modules, tcgen05 kernels) belong
// to codegen/tmem_export.*, plugged in at exportTensorMemoryDesign.  Until
// then a TMEM design exports its attribute only.
#pragma once

#include <string>

#include "codegen/export_options.h"

namespace ls::codegen {

std::string exportDesign(const ExportDesign &design, ExportFormat format,
                         const ExportOptions &options = {});

// The tensor-memory branch of exportDesign (see above).
std::string exportTensorMemoryDesign(const ExportDesign &design, ExportFormat format,
                                     const ExportOptions &options);

} // namespace ls::codegen
