// What an export is made from, and the knobs every exporter shares.
//
// A *design* is what a user has drawn in Layout Studio: one encoding (a
// Triton layout attribute), the tensor shape it is evaluated on, and the
// element type. Exporters turn a design into text for the tool that will
// consume it: Triton's MLIR parser, Triton's C++ API, Gluon's Python
// constructors, nvcc or hipcc. Every exporter validates the design first and
// throws ls::Error (naming the field and the rule) instead of writing a file
// that its consumer would reject.
//
// The *target* decides the hardware facts a kernel or module needs: NVIDIA
// (`cuda:90`: 32-lane warps) or AMD (`hip:gfx942`: 64-lane wavefronts on
// CDNA, 32 on RDNA). When the user does not name one, the encoding picks it
// (an amd_mfma layout lives on a CDNA GPU, an nvidia_mma one on Hopper).
#pragma once

#include <string>
#include <vector>

#include "encodings/encoding.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"

namespace ls::codegen {

enum class ExportFormat {
  Attribute,  // the layout attribute, one line (mlir)
  Module,     // a complete TTGIR module exercising the layout (mlir-module)
  Cpp,        // Triton C++: LinearLayout construction + the attribute's builder call
  Gluon,      // Gluon Python constructors
  GluonProbe, // a Python probe: Triton's code generation checks the tool's table (gluon_probe.h)
  Descriptor, // kernel descriptor, JSON
  Cuda,       // CUDA kernel whose answer the GPU decides (.cu, codegen/hw_kernels.h)
  Hip,        // HIP kernel (.hip), compile-checked only
  Cute,       // CuTe (CUTLASS 3.x) C++ layout types (codegen/cute_export.h)
};

// Every format, in the order the GUI shows them.
const std::vector<ExportFormat> &allFormats();
// The CLI spelling: "mlir", "mlir-module", "cpp", "gluon", "gluon-probe", "descriptor", "cuda",
// "hip", "cute".
const char *formatName(ExportFormat format);
// A short title for tabs and menus ("MLIR attribute", "C++", ...).
const char *formatTitle(ExportFormat format);
// The usual file suffix (".mlir", ".ttgir", ".cpp", ".py", ".json", ".cu", ".hip").
const char *formatSuffix(ExportFormat format);
// Parses a CLI spelling; throws ls::Error naming `field` otherwise.
ExportFormat parseFormat(const std::string &text, const std::string &field = "--format");

struct ExportDesign {
  EncodingPtr encoding;
  Shape shape;
  ir::ElementType element{"f16", 16};
};

// A GPU target in Triton's spelling: "cuda:90", "cuda:80", "hip:gfx942" ...
struct Target {
  std::string backend; // "cuda" or "hip"
  std::string arch;    // "90", "gfx942"
  int threadsPerWarp = 32;

  bool isCuda() const { return backend == "cuda"; }
  bool isHip() const { return backend == "hip"; }
  std::string text() const { return backend + ":" + arch; }
};

// Parses "cuda:<sm>" or "hip:gfx<arch>"; CDNA (gfx9*) wavefronts have 64
// lanes, RDNA (gfx10*, gfx11*, gfx12*) 32.  Throws ls::Error naming `field`.
Target parseTarget(const std::string &text, const std::string &field = "--target");

struct ExportOptions {
  ir::Syntax syntax = ir::Syntax::Triton36;
  // Warps per CTA for modules and kernels of layouts that do not fix it
  // (shared layouts); 0 = 4.  A distributed layout's own count always wins,
  // and a different explicit value is an error.
  int numWarps = 0;
  // Empty = chosen from the encoding (see defaultTarget).
  std::string target;
  // cuda/hip: which kernel (codegen/hw_kernels.h): "auto", "copy" or "mma".
  std::string kernel = "auto";
};

// The target an encoding naturally runs on: amd_mfma / amd_rotating_shared
// -> hip:gfx942, amd_wmma -> hip:gfx1100 / gfx1200 / gfx1250 by version,
// a 64-lane distributed layout -> hip:gfx942, everything else cuda:90.
Target defaultTarget(const Encoding &encoding);
// options.target if given, else defaultTarget.
Target resolveTarget(const Encoding &encoding, const ExportOptions &options);

// The element type a design gets when none is given: the width the encoding
// names (nvmma_shared elementBitWidth, amd_mfma elementBitWidth 64 -> f64),
// else f16.
ir::ElementType defaultElementType(const Encoding &encoding);

// Checks what every exporter needs: an encoding, a shape that suits it, and
// an element type that agrees with the encoding (nvmma_shared's
// elementBitWidth); returns the layout on that shape.
LinearLayout checkedLayout(const ExportDesign &design);

// Warps per CTA the export uses: the layout's own for distributed layouts,
// options.numWarps (default 4) for shared ones.  Throws if an explicit
// --num-warps contradicts the layout.
int exportNumWarps(const Encoding &encoding, const ExportOptions &options);

} // namespace ls::codegen
