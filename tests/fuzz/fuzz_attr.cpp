// Fuzz target: the layout text reader (notation::readLayoutInput), which
// dispatches to the MLIR attribute/type parser (ir::parseLayoutInput /
// parseEncoding), the Gluon constructor reader and the CuTe reader -- what
// `--layout` and the GUI's paste read.
//
// Round-trip oracle for every accepted input whose encoding has a Triton 3.6
// spelling: the printed text (notation/mlir/layout_printer) parses again,
// gives the same linear layout (same bases, same order) on the input's shape
// (or a small default shape), and printing it again gives the same text
// byte for byte (the printed text is a fixed point).
#include <string>

#include "fuzz_target.h"
#include "notation/layout_input.h"
#include "notation/mlir/layout_printer.h"

namespace {

// A shape to compare bases on when the text carries none: 16 per dim of the
// encoding's rank, small enough to keep the fuzzer fast.
ls::Shape defaultShape(const ls::Encoding &enc) {
  const int rank = enc.rank();
  return ls::Shape(rank > 0 && rank <= 8 ? rank : 1, 16);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace ls;
  const std::string_view text = fuzz::asText(data, size);
  ir::LayoutInput in;
  if (!fuzz::acceptsOrRejects([&] { in = notation::readLayoutInput(text); }) || !in.encoding)
    return 0;
  std::string printed;
  if (!fuzz::acceptsOrRejects([&] { printed = ir::printEncoding(*in.encoding); }))
    return 0; // no 3.6 spelling (legacy-only forms): nothing to round-trip
  EncodingPtr again;
  if (!fuzz::acceptsOrRejects([&] { again = ir::parseEncoding(printed); }))
    fuzz::oracleFailed("printed text does not parse", std::string(text) + "\n-> " + printed);
  std::string reprinted;
  if (!fuzz::acceptsOrRejects([&] { reprinted = ir::printEncoding(*again); }) ||
      reprinted != printed)
    fuzz::oracleFailed("printed text is not a fixed point", printed + "\n-> " + reprinted);
  const Shape shape = in.shape ? *in.shape : defaultShape(*in.encoding);
  LinearLayout before, after;
  if (!fuzz::acceptsOrRejects([&] { before = in.encoding->toLinearLayout(shape); }))
    return 0; // the encoding does not fit this shape
  if (!fuzz::acceptsOrRejects([&] { after = again->toLinearLayout(shape); }) || !(before == after))
    fuzz::oracleFailed("printed text gives other bases", std::string(text) + "\n-> " + printed);
  return 0;
}
