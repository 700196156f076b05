#include "notation/layout_input.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "encodings/dot_operand.h"
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

// "LINE:COLUMN" of a byte offset in `text` (both from 1).
std::string lineColumnAt(std::string_view text, size_t offset) {
  size_t line = 1, lineStart = 0;
  for (size_t i = 0; i < offset && i < text.size(); ++i)
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  return std::to_string(line) + ":" + std::to_string(offset - lineStart + 1);
}

// The Gluon and CuTe readers count columns in the text they are given (the
// layout without leading blanks or `cute:`, as one run of characters); the
// user's text has those in front and may span lines. Rewrites a reader's
// "1:N: ..." (N counted from `base` in `text`) as the line and column in
// `text` ("3:24: ..." for the 24th character of its third line).
[[noreturn]] void rethrowAtLineColumn(const Error &e, std::string_view text, size_t base) {
  const std::string &r = e.rule();
  if (r.rfind("1:", 0) == 0) {
    size_t end = 2;
    while (end < r.size() && isAsciiDigit(r[end]))
      ++end;
    if (end > 2 && end < 12 && end < r.size() && r[end] == ':') {
      const size_t offset =
          std::min<size_t>(base + std::stoull(r.substr(2, end - 2)) - 1, text.size());
      throw Error(e.field(), lineColumnAt(text, offset) + r.substr(end));
    }
  }
  throw e;
}

// Gluon and CuTe text is ASCII: the first byte above 127 is named with its
// code point and, for the usual look-alikes (full-width punctuation and
// digits, typographic quotes and dashes, a no-break space), the ASCII
// character meant. Throws ls::Error(field, "LINE:COLUMN: ...").
void requireAscii(std::string_view text, const std::string &field) {
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80)
      continue;
    // Decode one UTF-8 sequence (a stray byte is named as a byte).
    uint32_t cp = c;
    size_t n = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    if (n > 0 && i + n < text.size() + 0) {
      cp = c & (0x3F >> n);
      for (size_t k = 1; k <= n; ++k) {
        const unsigned char d = static_cast<unsigned char>(text[i + k]);
        if ((d & 0xC0) != 0x80) {
          cp = c;
          n = 0;
          break;
        }
        cp = (cp << 6) | (d & 0x3F);
      }
    } else {
      n = 0;
    }
    char hex[16];
    std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(cp));
    std::string meant;
    if (cp >= 0xFF01 && cp <= 0xFF5E)
      meant = std::string(1, static_cast<char>(cp - 0xFEE0));
    else if (cp == 0x2212 || cp == 0x2013 || cp == 0x2014)
      meant = "-";
    else if (cp == 0x2018 || cp == 0x2019)
      meant = "'";
    else if (cp == 0x201C || cp == 0x201D)
      meant = "\"";
    else if (cp == 0x00A0 || cp == 0x3000)
      meant = " ";
    std::string rule = lineColumnAt(text, i) + ": " + hex;
    if (n > 0)
      rule += " '" + std::string(text.substr(i, n + 1)) + "'";
    rule += " is not ASCII (layout text is ASCII";
    rule += meant.empty() ? ")" : ": use '" + meant + "')";
    throw Error(field, rule);
  }
}

} // namespace

Notation detectNotation(std::string_view text) {
  std::string_view t = trimAsciiSpace(text);
  // CuTe: with its prefix, or as `print --syntax cute` writes it - a
  // layout `(shape):(stride)` or a swizzled one `Swizzle<B,M,S> o ...`
  // (`Sw<B,M,S> o ...` as CuTe prints it), which no MLIR or Gluon text
  // starts with.
  if (startsWith(t, "cute:") || startsWith(t, "(") || cute::isCuteShared(t))
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

namespace {
// A CuTe layout, `cute:` removed: shared (swizzled) or distributed.
ir::LayoutInput readCute(std::string_view body, const LayoutInputContext &ctx,
                         const std::string &field);
} // namespace

ir::LayoutInput readLayoutInput(std::string_view text, const LayoutInputContext &ctx,
                                const std::string &field) {
  switch (detectNotation(text)) {
  case Notation::Mlir:
    return ir::parseLayoutInput(text, ctx.aliases);
  case Notation::Gluon: {
    requireAscii(text, field);
    const std::string_view body = trimAsciiSpace(text);
    try {
      return gluon::readGluon(body, field);
    } catch (const Error &e) {
      rethrowAtLineColumn(e, text, size_t(body.data() - text.data()));
    }
  }
  case Notation::Cute: {
    requireAscii(text, field);
    std::string_view body = trimAsciiSpace(text);
    if (startsWith(body, "cute:"))
      body.remove_prefix(5);
    try {
      return readCute(body, ctx, field);
    } catch (const Error &e) {
      rethrowAtLineColumn(e, text, size_t(body.data() - text.data()));
    }
  }
  }
  throw Error(field, "unknown notation");
}

namespace {
ir::LayoutInput readCute(std::string_view body, const LayoutInputContext &ctx,
                         const std::string &field) {
  {
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
    // CuTe text carries bases, not an MMA's role: an Ampere accumulator's
    // bases are also a Hopper warpgroup's, and a B operand typed over
    // CUTLASS's (N, K) tile reads as an A operand of the transposed tile.
    const Encoding *e = in.encoding.get();
    const auto *dot = dynamic_cast<const DotOperandEncoding *>(e);
    if (e->kind() == EncodingKind::NvidiaMma || (dot && dot->parent &&
                                                 dot->parent->kind() == EncodingKind::NvidiaMma))
      in.warnings.emplace_back(
          field, std::string("CuTe text carries only bases: ") +
                     (dot ? "a dot operand (opIdx " + std::to_string(dot->opIdx) + ")"
                          : std::string("an Ampere nvidia_mma accumulator")) +
                     " is the simplest Triton layout with them. A Hopper wgmma layout "
                     "(versionMajor = 3) may have the same bases, and a CUTLASS B operand, "
                     "indexed over (N, K), reads as its transposed tile's layout: Gluon and "
                     "Triton's verifier need the layout your kernel uses");
    return in;
  }
}
} // namespace

} // namespace ls::notation
