// Writing a layout as Gluon constructor text.
//
// One printer serves two readers of the text. `print --syntax gluon` and
// `export --format gluon` write the source form a Gluon program uses
// (`ttgl.BlockedLayout(...)`, AMD classes imported by name, the CTA layout
// only when there is more than one CTA); the repr form is exactly what
// Gluon 3.6's dataclass repr() prints for the same object (no module prefix,
// every field in declaration order, `cga_layout=[]` included), which is what
// users copy out of a Python session. Both forms read back through
// notation/gluon/gluon_reader into the same encoding.
#pragma once

#include <optional>
#include <string>

#include "encodings/encoding.h"

namespace ls::notation::gluon {

enum class GluonStyle {
  Source, // ttgl.Class(...) as a Gluon program writes it (and export --format gluon)
  Repr,   // Class(...) exactly as Gluon 3.6's repr() prints it
};

struct GluonText {
  std::string text;
  bool needsAmdImport = false; // Source style: AMDMFMALayout/AMDWMMALayout named bare
};

// The constructor expression, or nullopt where Gluon 3.6 has no class for the
// encoding (amd_rotating_shared, mfma version 0, nvmma_shared of an element
// width Gluon rejects, or a parent that has none).
// Postcondition: gluon::readGluon(result->text) builds an encoding with the
// same bases as `enc`.
std::optional<GluonText> printGluon(const Encoding &enc, GluonStyle style = GluonStyle::Source);

} // namespace ls::notation::gluon
