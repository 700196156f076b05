// Fuzz target: the layout text reader (notation::readLayoutInput), which
// dispatches to the MLIR attribute/type parser (ir::parseLayoutInput /
// parseEncoding), the Gluon constructor reader and the CuTe reader -- what
// `--layout` and the GUI's paste read.
//
// Input: the layout text, optionally preceded by one context line
//   shape=16x8 tpw=64
// that plays the part of --shape and --threads-per-warp (a CuTe layout needs
// the tile shape; the MLIR and Gluon readers ignore it). Without it a CuTe
// text is read on a 16x8 tile with 32 threads per warp.
//
// Round-trip oracles, for every accepted input (MLIR, Gluon or CuTe):
//  - MLIR: where the encoding has a Triton 3.6 spelling, the printed text
//    (ir::printEncoding) parses again, gives the same linear layout (same
//    bases, same order) on the input's shape (or 16 per dim), and printing it
//    again gives the same text byte for byte (a fixed point);
//  - Gluon: where Gluon 3.6 has a class for it, the repr and the source form
//    (notation/gluon/gluon_printer) read back through the Gluon reader to the
//    same bases, and each printed form is a fixed point;
//  - CuTe: a layout read from CuTe text prints back (distributedToCute) to
//    text that reads to the same linear layout on the same tile, and that
//    text is a fixed point.
#include <string>

#include "encodings/encoding.h"
#include "encodings/linear.h"
#include "fuzz_target.h"
#include "notation/cute/cute_layout.h"
#include "notation/gluon/gluon_printer.h"
#include "notation/gluon/gluon_reader.h"
#include "notation/layout_input.h"
#include "notation/mlir/layout_printer.h"

namespace {

using namespace ls;

// A shape to compare bases on when the text carries none: 16 per dim of the
// encoding's rank, small enough to keep the fuzzer fast.
Shape defaultShape(const Encoding &enc) {
  const int rank = enc.rank();
  return Shape(rank > 0 && rank <= 8 ? rank : 1, 16);
}

// Reads the optional "shape=AxB tpw=N" line. False: the line is malformed
// (the input is skipped: it tests the fuzz harness, not the tool).
bool readContext(std::string_view &text, notation::LayoutInputContext &ctx) {
  ctx.shape = Shape{16, 8};
  if (text.substr(0, 6) != "shape=")
    return true;
  const size_t nl = text.find('\n');
  const std::string_view line = text.substr(6, nl == std::string_view::npos ? text.size() : nl - 6);
  text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
  Shape shape;
  size_t i = 0;
  while (true) {
    int64_t v = 0;
    size_t digits = 0;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9' && digits < 12) {
      v = v * 10 + (line[i++] - '0');
      ++digits;
    }
    if (digits == 0)
      return false;
    shape.push_back(v);
    if (i < line.size() && line[i] == 'x') {
      ++i;
      continue;
    }
    break;
  }
  if (line.substr(i, 5) == " tpw=") {
    i += 5;
    int tpw = 0;
    size_t digits = 0;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9' && digits < 5) {
      tpw = tpw * 10 + (line[i++] - '0');
      ++digits;
    }
    ctx.threadsPerWarp = tpw;
  }
  if (i != line.size())
    return false;
  // The CLI validates --shape before any reader sees it; so does the harness.
  if (!fuzz::acceptsOrRejects([&] { validateShape(shape, 0, "--shape"); }))
    return false;
  ctx.shape = shape;
  return true;
}

void checkMlirRoundTrip(std::string_view text, const ir::LayoutInput &in, const Shape &shape) {
  std::string printed;
  if (!fuzz::acceptsOrRejects([&] { printed = ir::printEncoding(*in.encoding); }))
    return; // no 3.6 spelling (legacy-only forms): nothing to round-trip
  // Triton 3.6's own asymmetry: it prints a #ttg.nvmma_shared of rank 3 (a
  // Gluon NVMMASharedLayout(rank=3, cga_layout=[[a, b, c]])) with CGALayout
  // entries of 3 values, and its parser reads that attribute at rank 2 and
  // refuses them ("'CGALayout' entry length does not match rank 2", its
  // verdict on its own lit test). The text is printed and refused as Triton
  // prints and refuses it: nothing to round-trip.
  if (in.encoding->kind() == EncodingKind::NvmmaShared && in.encoding->rank() != 2 &&
      printed.find("CGALayout") != std::string::npos)
    return;
  // Read back as the input was read (the --layout reader: an nvidia_mma whose
  // fields no layout can be computed from is read, as Triton 3.6 reads it,
  // with a warning; also as a slice's or a dot operand's parent).
  EncodingPtr again;
  if (!fuzz::acceptsOrRejects([&] { again = ir::parseLayoutInput(printed).encoding; }))
    fuzz::oracleFailed("printed text does not parse", std::string(text) + "\n-> " + printed);
  std::string reprinted;
  if (!fuzz::acceptsOrRejects([&] { reprinted = ir::printEncoding(*again); }) ||
      reprinted != printed)
    fuzz::oracleFailed("printed text is not a fixed point", printed + "\n-> " + reprinted);
  LinearLayout before, after;
  if (!fuzz::acceptsOrRejects([&] { before = in.encoding->toLinearLayout(shape); }))
    return; // the encoding does not fit this shape
  if (!fuzz::acceptsOrRejects([&] { after = again->toLinearLayout(shape); }) || !(before == after))
    fuzz::oracleFailed("printed text gives other bases", std::string(text) + "\n-> " + printed);
}

void checkGluonRoundTrip(std::string_view text, const ir::LayoutInput &in, const Shape &shape) {
  for (const auto style :
       {notation::gluon::GluonStyle::Repr, notation::gluon::GluonStyle::Source}) {
    std::optional<notation::gluon::GluonText> printed;
    if (!fuzz::acceptsOrRejects(
            [&] { printed = notation::gluon::printGluon(*in.encoding, style); }) ||
        !printed)
      return; // Gluon 3.6 has no class for it
    ir::LayoutInput again;
    if (!fuzz::acceptsOrRejects([&] { again = notation::gluon::readGluon(printed->text); }))
      fuzz::oracleFailed("printed Gluon text does not read back",
                         std::string(text) + "\n-> " + printed->text);
    std::optional<notation::gluon::GluonText> reprinted;
    if (!fuzz::acceptsOrRejects(
            [&] { reprinted = notation::gluon::printGluon(*again.encoding, style); }) ||
        !reprinted || reprinted->text != printed->text)
      fuzz::oracleFailed("printed Gluon text is not a fixed point",
                         printed->text + "\n-> " + (reprinted ? reprinted->text : "(none)"));
    LinearLayout before, after;
    if (!fuzz::acceptsOrRejects([&] { before = in.encoding->toLinearLayout(shape); }))
      return;
    if (!fuzz::acceptsOrRejects([&] { after = again.encoding->toLinearLayout(shape); }) ||
        !(before == after))
      fuzz::oracleFailed("printed Gluon text gives other bases",
                         std::string(text) + "\n-> " + printed->text);
  }
}

// CuTe in -> CuTe out -> CuTe in: the same bases, and the printed text is a
// fixed point. The reader may name the layout (blocked, nvmma_shared, ...)
// when one has the same bases; the round trip is on its linear layout.
void checkCuteRoundTrip(std::string_view text, const ir::LayoutInput &in,
                        const notation::LayoutInputContext &ctx) {
  const bool shared = in.encoding->isShared();
  std::optional<Shape> tile = in.shape ? in.shape : ctx.shape;
  if (!tile && !shared)
    fuzz::oracleFailed("a CuTe thread-value layout was read without a tile", text);
  LinearLayout ll;
  if (!fuzz::acceptsOrRejects([&] {
        ll = in.encoding->toLinearLayout(tile ? *tile : defaultShape(*in.encoding));
      }))
    fuzz::oracleFailed("a layout read from CuTe has no linear layout", text);
  auto print = [&](const LinearLayout &l) {
    return shared ? notation::cute::sharedToCute(l) : notation::cute::distributedToCute(l);
  };
  std::string printed;
  if (!fuzz::acceptsOrRejects([&] { printed = print(ll); }))
    fuzz::oracleFailed("a layout read from CuTe has no CuTe text", text);
  LinearLayout again;
  if (!fuzz::acceptsOrRejects([&] {
        again = shared ? notation::cute::readCuteShared(printed, tile)
                       : notation::cute::readCuteDistributed(printed, *tile, ctx.threadsPerWarp);
      }))
    fuzz::oracleFailed("printed CuTe text does not read back",
                       std::string(text) + "\n-> " + printed);
  if (!(again == ll))
    fuzz::oracleFailed("printed CuTe text gives other bases",
                       std::string(text) + "\n-> " + printed);
  std::string reprinted;
  if (!fuzz::acceptsOrRejects([&] { reprinted = print(again); }) || reprinted != printed)
    fuzz::oracleFailed("printed CuTe text is not a fixed point", printed + "\n-> " + reprinted);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text = fuzz::asText(data, size);
  notation::LayoutInputContext ctx;
  if (!readContext(text, ctx))
    return 0;
  ir::LayoutInput in;
  if (!fuzz::acceptsOrRejects([&] { in = notation::readLayoutInput(text, ctx); }) || !in.encoding)
    return 0;
  const Shape shape = in.shape ? *in.shape : defaultShape(*in.encoding);
  checkMlirRoundTrip(text, in, shape);
  checkGluonRoundTrip(text, in, shape);
  if (notation::detectNotation(text) == notation::Notation::Cute)
    checkCuteRoundTrip(text, in, ctx);
  return 0;
}
