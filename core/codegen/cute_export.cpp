#include "codegen/cute_export.h"

#include <cctype>
#include <sstream>

#include "encodings/dot_operand.h"
#include "notation/cute/cute_layout.h"
#include "notation/cute/cute_tuple.h"
#include "util/error.h"

namespace ls::codegen {
namespace {

using notation::cute::Tuple;
using notation::cute::TupleParser;

std::string typeOf(const Tuple &n, const char *tuple) {
  if (n.leaf)
    return "Int<" + std::to_string(n.value) + ">";
  std::string out = std::string(tuple) + "<";
  for (size_t k = 0; k < n.items.size(); ++k)
    out += (k ? ", " : "") + typeOf(n.items[k], tuple);
  return out + ">";
}

} // namespace

std::string cuteTypeOf(std::string_view text) {
  TupleParser p(text, "layout");
  std::vector<std::string> swizzles;
  while (p.word("Swizzle<")) {
    // Swizzle<B,M,S>, as text "B, M, S" (S may be negative).
    std::string bms;
    for (int k = 0; k < 3; ++k) {
      if (k > 0 && !p.eat(','))
        p.fail(p.pos(), "expected ',' in Swizzle<B,M,S>");
      const bool negative = p.eat('-');
      bms += (k ? ", " : "") + std::string(negative ? "-" : "") + std::to_string(p.integer());
    }
    if (!p.eat('>'))
      p.fail(p.pos(), "expected '>' after Swizzle<B,M,S>");
    if (!p.eat('o'))
      p.fail(p.pos(), "expected 'o' after the swizzle");
    swizzles.push_back(bms);
  }
  const auto [shape, stride] = p.shapeAndStride();
  std::string layout = "Layout<" + typeOf(shape, "Shape") + ", " + typeOf(stride, "Stride") + ">";
  if (swizzles.empty())
    return layout;
  // The rightmost swizzle applies first: composition(S1, composition(S2, L)).
  std::string out = layout + "{}";
  for (size_t k = swizzles.size(); k-- > 0;)
    out = "composition(Swizzle<" + swizzles[k] + ">{}, " + out + ")";
  return "decltype(" + out + ")";
}

std::string exportCute(const ExportDesign &design, const ExportOptions &options) {
  const Encoding &enc = *design.encoding;
  const std::string cute = notation::cute::encodingToCute(enc, design.shape);
  const std::string attr = ir::printEncoding(enc, options.syntax);
  std::string shapeText;
  for (size_t d = 0; d < design.shape.size(); ++d)
    shapeText += (d ? "x" : "") + std::to_string(design.shape[d]);
  std::ostringstream o;
  o << "// " << attr << "\n// on " << shapeText << " x " << design.element.name
    << ", as CuTe types (CUTLASS 3.x). Layout Studio: `layout-studio-cli print --syntax cute`\n"
    << "// gives the same layout as text: " << cute << "\n";
  const bool shared = enc.isShared();
  if (shared) {
    o << "// A shared layout: tile coordinate -> element offset in shared memory, the swizzle on\n"
         "// element offsets (the rightmost applied first).\n";
  } else {
    const int lanes = enc.warpSize();
    o << "// A thread-value layout: (thread, value) -> the element's column-major index in the\n"
         "// tile (dim0 fastest, CuTe's convention); thread = lane + "
      << lanes << " * warp, value = register.\n";
    if (const auto *dot = dynamic_cast<const DotOperandEncoding *>(&enc);
        dot && dot->opIdx == 1 && dot->parent && dot->parent->kind() == EncodingKind::NvidiaMma)
      o << "// The B operand of an NVIDIA MMA is indexed over CUTLASS's (N, K) tile, not Triton's\n"
           "// (K, N).\n";
  }
  o << "#pragma once\n\n#include <cute/layout.hpp>\n";
  if (shared)
    o << "#include <cute/swizzle.hpp>\n#include <cute/swizzle_layout.hpp>\n";
  o << "\nnamespace layout_studio {\nusing namespace cute;\n\n"
    << "using " << (shared ? "SmemLayout" : "TVLayout") << " = " << cuteTypeOf(cute) << ";\n\n"
    << "} // namespace layout_studio\n";
  return o.str();
}

} // namespace ls::codegen
