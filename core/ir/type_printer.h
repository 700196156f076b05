// Canonical text of the types a TTGIR value carries, with every alias
// inlined - the text Triton prints for a type when it has no aliases:
//
//   tensor<128x64xf16, #blocked>         ->  tensor<128x64xf16, #ttg.blocked<{...}>>
//   !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
//       ->  !ttg.memdesc<3x128x64xf16, #ttg.nvmma_shared<{...}>, #ttg.shared_memory, mutable>
//
// Two values have the same type exactly when their canonical texts are
// equal, whatever aliases or spacing the file used.
#pragma once

#include <string>

#include "encodings/encoding.h"
#include "notation/mlir/attr_syntax.h"
#include "notation/mlir/layout_parser.h"

namespace ls::ir {

// Requires: `encoding` is the encoding built from type.encoding (or null if
// the type has none or it is not a layout this tool models; then the
// attribute is printed from its syntax, aliases inlined).
// `encodingText`, if given, is the encoding's text already printed (a caller
// printing many types of few layouts prints each layout once).
// Postcondition: Triton 3.6's printing of the type, aliases inlined.
std::string canonicalTypeText(const TypeText &type, const Encoding *encoding,
                              const AliasMap *aliases, bool isTensorDesc = false,
                              const std::string *encodingText = nullptr);

// An attribute's syntax printed back, aliases inlined (for attributes that
// are not layouts: #ttg.shared_memory, #ttng.tensor_memory, `mutable`).
std::string attributeSyntaxText(const Value &v, const AliasMap *aliases, int depth = 0);

// What a pointer (or tensor of pointers) points at: the type a tt.load
// returns. `tensor<128x!tt.ptr<f16>, #b>` -> `tensor<128xf16, #b>`,
// `!tt.ptr<f32, 1>` -> `f32`; a text without `!tt.ptr<` as it is.
std::string pointeeTypeText(const std::string &type);

} // namespace ls::ir
