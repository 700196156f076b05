#include "notation/layout_input.h"
#include "cli_common.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {

Shape parseShape(const std::string &text, const std::string &flag) {
  Shape shape;
  if (text.empty())
    throw Error(flag, "is empty; expected dims separated by 'x', e.g. 64x64");
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find('x', i);
    std::string part = text.substr(i, j == std::string::npos ? std::string::npos : j - i);
    if (part.empty() || part.size() > 12 ||
        part.find_first_not_of("0123456789") != std::string::npos)
      throw Error(flag, "'" + text + "' is not a shape; expected positive integers separated by "
                                     "'x', e.g. 64x64");
    shape.push_back(std::stoll(part));
    if (shape.size() > 8)
      throw Error(flag, "at most 8 dimensions are supported");
    if (j == std::string::npos)
      break;
    i = j + 1;
  }
  validateShape(shape, 0, flag);
  return shape;
}

notation::LayoutInputContext layoutContext(const Args &args) {
  notation::LayoutInputContext ctx;
  if (auto s = args.optional("shape"))
    ctx.shape = parseShape(*s);
  // Commands that build layouts check --threads-per-warp with their own rule;
  // here it only splits a CuTe thread index (the CuTe reader checks it).
  if (auto t = args.optional("threads-per-warp"))
    if (!t->empty() && t->size() < 8 && t->find_first_not_of("0123456789") == std::string::npos)
      ctx.threadsPerWarp = std::stoi(*t);
  return ctx;
}

ResolvedLayout resolveLayout(const Args &args, const std::string &layoutFlag, bool requireShape) {
  ResolvedLayout r;
  ir::LayoutInput in =
      notation::readLayoutInput(args.required(layoutFlag), layoutContext(args), "--" + layoutFlag);
  r.encoding = in.encoding;
  r.element = in.element;
  std::optional<Shape> typeShape = in.shape;
  if (in.isMemDesc && in.allocShape && in.shape) {
    // Triton evaluates shared layouts on the trailing dims of the alloc shape.
    Shape alloc = *in.allocShape;
    if (alloc.size() >= in.shape->size())
      typeShape = Shape(alloc.end() - static_cast<long>(in.shape->size()), alloc.end());
  }
  if (auto s = args.optional("shape")) {
    r.shape = parseShape(*s);
    if (typeShape && *typeShape != r.shape)
      throw Error("--shape", "differs from the shape of the type given with --" + layoutFlag);
  } else if (typeShape) {
    r.shape = *typeShape;
    validateShape(r.shape, 0, "--" + layoutFlag);
  } else if (requireShape) {
    throw Error("--shape", "is required (or give --" + layoutFlag + " as a tensor<...> type)");
  }
  if (auto d = args.optional("dtype")) {
    auto e = ir::parseElementType(*d);
    if (r.element && r.element->name != e.name)
      throw Error("--dtype", "differs from the element type of the type given with --" +
                                 layoutFlag);
    r.element = e;
  }
  if (!r.shape.empty())
    validateShape(r.shape, r.encoding->rank(), "--shape");
  return r;
}

ir::Syntax parseSyntaxFlag(const Args &args) {
  auto s = args.optional("syntax");
  if (!s || *s == "3.6")
    return ir::Syntax::Triton36;
  if (*s == "legacy")
    return ir::Syntax::Legacy;
  throw Error("--syntax", "must be 3.6 or legacy, got '" + *s + "'");
}

std::string readFile(const std::string &path, const std::string &flag) {
  std::ifstream f(path, std::ios::binary);
  if (!f)
    throw Error(flag, "cannot read '" + path + "'");
  std::ostringstream ss;
  ss << f.rdbuf();
  std::string s = ss.str();
  if (s.size() > (64u << 20))
    throw Error(flag, "'" + path + "' is larger than 64 MiB");
  return s;
}

void writeOutput(const Args &args, std::ostream &out, const std::string &text) {
  auto path = args.optional("output");
  if (!path) {
    out << text;
    return;
  }
  const std::string tmp = *path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f)
      throw Error("-o", "cannot write '" + *path + "'");
    f << text;
    if (!f.flush())
      throw Error("-o", "cannot write '" + *path + "'");
  }
  if (std::rename(tmp.c_str(), path->c_str()) != 0) {
    std::remove(tmp.c_str());
    throw Error("-o", "cannot write '" + *path + "'");
  }
}

} // namespace ls::cli
