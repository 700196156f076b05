#include "notation/layout_input.h"

#include <cctype>

#include "encodings/linear.h"
#include "notation/cute/cute_layout.h"
#include "notation/gluon/gluon_reader.h"
#include "notation/named_encoding.h"
#include "util/ascii.h"
#include "util/error.h"

namespace ls::notation {

namespace {

bool startsWith(std::string_view t, std::string_view p) {
  return t.substr(0, p.size()) == p;
}

} // namespace

Notation detectNotation(std::string_view text) {
  std::string_view t = trimAsciiSpace(text);
  // CuTe: with its prefix, or as `print --syntax cute` writes it - a
  // layout `(shape):(stride)` or a swizzled one `Swizzle<B,M,S> o ...`,
  // which no MLIR or Gluon text starts with.
  if (startsWith(t, "cute:") || startsWith(t, "(") || startsWith(t, "Swizzle<"))
    return Notation::Cute;
  // MLIR text starts with '#', '!' or a builtin type keyword; Gluon with an
  // identifier followed by '(' (BlockedLayout(...), gl.BlockedLayout(...),
  // gl.constexpr(...)).
  if (t.empty() || t.front() == '#' || t.front() == '!' || startsWith(t, "tensor<"))
    return Notation::Mlir;
  size_t i = 0;
  while (i < t.size() &&
         (std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_' || t[i] == '.'))
    ++i;
  if (i > 0 && i < t.size() && (t[i] == '(' || std::isspace(static_cast<unsigned char>(t[i]))))
    return Notation::Gluon;
  return Notation::Mlir;
}

const char *notationName(Notation n) {
  switch (n) {
  case Notation::Mlir:
    return "MLIR";
  case Notation::Gluon:
    return "Gluon";
  case Notation::Cute:
    return "CuTe";
  }
  return "?";
}

ir::LayoutInput readLayoutInput(std::string_view text, const LayoutInputContext &ctx,
                                const std::string &field) {
  switch (detectNotation(text)) {
  case Notation::Mlir:
    return ir::parseLayoutInput(text, ctx.aliases);
  case Notation::Gluon:
    return gluon::readGluon(trimAsciiSpace(text), field);
  case Notation::Cute: {
    std::string_view body = trimAsciiSpace(text);
    if (startsWith(body, "cute:"))
      body.remove_prefix(5);
    ir::LayoutInput in;
    if (cute::isCuteShared(body)) {
      // The tile is the layout's own unless --shape tiles it further.
      const LinearLayout ll = cute::readCuteShared(body, ctx.shape, field);
      Shape shape;
      for (const auto &[n, s] : ll.getOutDims())
        shape.push_back(s);
      in.encoding = simplestEncoding(ll, shape);
      in.shape = shape;
      return in;
    }
    if (!ctx.shape)
      throw Error("--shape", "a CuTe layout needs the tile shape (--shape)");
    in.encoding = simplestEncoding(
        cute::readCuteDistributed(body, *ctx.shape, ctx.threadsPerWarp, field), *ctx.shape);
    in.shape = ctx.shape;
    return in;
  }
  }
  throw Error(field, "unknown notation");
}

} // namespace ls::notation
