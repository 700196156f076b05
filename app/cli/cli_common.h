// Shared helpers of the CLI commands: reading --layout/--shape/--dtype and
// writing layouts as JSON.
#pragma once

#include <optional>
#include <string>

#include "cli_command.h"
#include "encodings/encoding.h"
#include "notation/layout_input.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"

namespace ls::cli {

// "64x64" -> {64, 64}; errors name `flag`.
Shape parseShape(const std::string &text, const std::string &flag = "--shape");
// What notation readers need from the flags: --shape (CuTe tiles) and
// --threads-per-warp (CuTe thread split, default 32).
notation::LayoutInputContext layoutContext(const Args &args);

struct ResolvedLayout {
  EncodingPtr encoding;
  Shape shape;                          // the shape the layout is evaluated on
  std::optional<ir::ElementType> element;
};

// --layout with --shape (required unless the layout is given as a type).
ResolvedLayout resolveLayout(const Args &args, const std::string &layoutFlag = "layout",
                             bool requireShape = true);

// --syntax 3.6 (default) | legacy.
ir::Syntax parseSyntaxFlag(const Args &args);

// Reads a whole file (for --file); errors name the flag.
std::string readFile(const std::string &path, const std::string &flag);
// Writes to -o FILE atomically, or to `out`.
void writeOutput(const Args &args, std::ostream &out, const std::string &text);

} // namespace ls::cli
