// The one entry point of core/codegen: a design and a format in, text out.
//
// The CLI's `export` command, the GUI's Export panel and the tests all call
// exportDesign, so a format behaves the same everywhere.  Every failure is an
// ls::Error naming the field at fault; nothing is written for a design its
// consumer would reject.
//
// Tensor memory (#ttng.tensor_memory_encoding and its scales form) maps TMEM
// rows and columns, not threads; exportDesign hands such designs to
// codegen/tmem_export (exportTensorMemoryDesign), which writes the TMEM
// memdesc, Gluon and C++ forms and refuses the thread-layout kernels.
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
