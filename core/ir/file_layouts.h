// Every layout a TTGIR file uses, with the lines that use it.
//
// Triton names most layouts with an alias (`#blocked`, `#mma`) but writes
// many inline in types, above all the derived ones:
//
//   %a = ttg.convert_layout %x : tensor<128x64xf16, #blocked>
//            -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
//
// fileLayouts lists each layout alias (file order) and then each distinct
// layout written inline (first-use order), both in canonical text, and for
// each the values whose type carries it: the line that defines the value
// (an op's result or a block argument) and the type in canonical text. It
// is what `layouts --file` prints and what the GUI paste turns into designs.
#pragma once

#include <string>
#include <vector>

#include "encodings/encoding.h"
#include "ir/module_reader.h"
#include "notation/mlir/layout_printer.h"

namespace ls::ir {

struct FileLayoutUse {
  int line = 0;         // where the value of this type is defined
  std::string typeText; // canonical, the layout inline
  Shape shape;
  std::string elementType;
  bool isMemDesc = false;
  bool isTensorDesc = false;
  // The shape the layout is evaluated on: the type's shape, or for a memdesc
  // with more dims than the layout (a multi-buffer allocation) its trailing
  // dims, as Triton does.
  Shape layoutShape;
  bool shapeFits = false; // layoutShape is valid for the layout (rank, sizes)
};

struct FileLayout {
  std::string alias; // without '#'; empty for a layout written inline
  EncodingPtr encoding;
  std::string layoutText;          // canonical text (Triton 3.6's unless asked for another)
  int line = 0;                    // the alias definition, or the first use of an inline layout
  std::vector<FileLayoutUse> uses; // distinct (line, type), by line
};

// Postcondition: aliases first (file order, only those that are layouts this
// tool builds), then inline layouts (first-use order); no two inline entries
// share a layoutText. Layouts with no spelling in `syntax` (Triton main's
// partitioned_shared in 3.6 text) are left out; `unspelled`, if given, gets
// {line, "#alias: why"} (or "inline layout: why") for each.
std::vector<FileLayout> fileLayouts(const ModuleFile &f, Syntax syntax = Syntax::Triton36,
                                    std::vector<std::pair<int, std::string>> *unspelled = nullptr);

} // namespace ls::ir
