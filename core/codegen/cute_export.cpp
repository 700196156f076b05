#include "codegen/cute_export.h"

#include <cctype>
#include <sstream>

#include "encodings/dot_operand.h"
#include "notation/cute/cute_layout.h"
#include "util/error.h"

namespace ls::codegen {
namespace {

// One tuple of CuTe text: an integer or a parenthesised list of tuples.
struct Node {
  bool leaf = true;
  std::string value; // leaf: the integer as written (may be negative)
  std::vector<Node> items;
};

class Reader {
public:
  explicit Reader(std::string_view t) : t_(t) {}
  void skip() {
    while (i_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[i_])))
      ++i_;
  }
  bool eat(std::string_view w) {
    skip();
    if (t_.substr(i_, w.size()) == w) {
      i_ += w.size();
      return true;
    }
    return false;
  }
  Node node(int depth = 0) {
    if (depth > 64)
      throw Error("layout", "CuTe text nests too deep");
    Node n;
    if (eat("(")) {
      n.leaf = false;
      do
        n.items.push_back(node(depth + 1));
      while (eat(","));
      if (!eat(")"))
        throw Error("layout", "CuTe text: expected ')'");
      return n;
    }
    skip();
    const size_t b = i_;
    if (i_ < t_.size() && t_[i_] == '-')
      ++i_;
    while (i_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[i_])))
      ++i_;
    if (b == i_)
      throw Error("layout", "CuTe text: expected an integer");
    n.value = std::string(t_.substr(b, i_ - b));
    return n;
  }
  // Swizzle<B,M,S>, as text "B, M, S".
  std::string swizzle() {
    std::string out;
    for (int k = 0; k < 3; ++k) {
      if (k > 0 && !eat(","))
        throw Error("layout", "CuTe text: expected ',' in Swizzle<B,M,S>");
      out += (k ? ", " : "") + node().value;
    }
    if (!eat(">"))
      throw Error("layout", "CuTe text: expected '>' after Swizzle<B,M,S>");
    return out;
  }
  bool atEnd() {
    skip();
    return i_ == t_.size();
  }

private:
  std::string_view t_;
  size_t i_ = 0;
};

std::string typeOf(const Node &n, const char *tuple) {
  if (n.leaf)
    return "Int<" + n.value + ">";
  std::string out = std::string(tuple) + "<";
  for (size_t k = 0; k < n.items.size(); ++k)
    out += (k ? ", " : "") + typeOf(n.items[k], tuple);
  return out + ">";
}

} // namespace

std::string cuteTypeOf(std::string_view text) {
  Reader r(text);
  std::vector<std::string> swizzles;
  while (r.eat("Swizzle<")) {
    swizzles.push_back(r.swizzle());
    if (!r.eat("o"))
      throw Error("layout", "CuTe text: expected 'o' after the swizzle");
  }
  const Node shape = r.node();
  if (!r.eat(":"))
    throw Error("layout", "CuTe text: expected ':' between the shape and the stride");
  const Node stride = r.node();
  if (!r.atEnd())
    throw Error("layout", "CuTe text: unexpected text after the stride");
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
