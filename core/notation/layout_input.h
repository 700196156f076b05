// The one entry for a layout written down in any notation.
//
// Users hand the tool layouts in several notations: MLIR attribute or type
// text as Triton prints it (3.6, legacy `#triton_gpu.`, Triton main), and --
// through their own readers under notation/ -- Gluon constructor text and
// CuTe `(shape):(stride)` layouts. readLayoutInput sniffs which notation a
// text is in and dispatches to that notation's reader; every reader returns
// the same LayoutInput (encoding, and the shape / element type when the text
// carries them), so commands, the GUI's paste and the audit need not know
// which notation the user wrote. CuTe text carries only bases: it becomes the
// simplest named encoding with exactly those bases (notation/named_encoding.h),
// else #ttg.linear / #ttg.shared_linear; a swizzled shared layout
// (`Swizzle<...> o ...`) has its own tile, a thread-value layout needs one.
#pragma once

#include <string_view>

#include "notation/mlir/layout_parser.h"

namespace ls::notation {

enum class Notation {
  Mlir,  // #ttg.blocked<{...}>, tensor<...>, !ttg.memdesc<...>
  Gluon, // BlockedLayout(size_per_thread=[...], ...), optional gl./ttgl. prefix
  Cute,  // cute:(shape):(stride), cute:Swizzle<B,M,S> o (shape):(stride)
};

// The notation `text` is written in, judged from its first word.
Notation detectNotation(std::string_view text);
const char *notationName(Notation n);

// What the readers need beyond the text.
struct LayoutInputContext {
  const ir::AliasMap *aliases = nullptr; // #name references (MLIR)
  int threadsPerWarp = 32;               // splits a CuTe thread index into lane/warp/block
  std::optional<Shape> shape;            // the tile shape (CuTe layouts need it)
};

// Reads a layout in any notation. Throws ls::Error naming `field` (the flag
// or form field the text came from) and the rule it broke.
ir::LayoutInput readLayoutInput(std::string_view text, const LayoutInputContext &ctx = {},
                                const std::string &field = "--layout");

} // namespace ls::notation
