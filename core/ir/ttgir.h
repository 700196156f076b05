// Reading layouts out of a TTGIR dump (`#alias = ...` definitions, module
// attributes, and the tensor/memdesc types used in the body).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/mlir/layout_parser.h"

namespace ls::ir {

struct TtgirAlias {
  std::string name; // without '#'
  EncodingPtr encoding;
  size_t line = 0; // 1-based
};

struct TtgirTypeUse {
  EncodingPtr encoding;
  Shape shape;
  std::string elementType;
  bool isMemDesc = false;
  std::string aliasName; // the alias it was written with, if any
  size_t line = 0;
};

struct TtgirModule {
  std::vector<TtgirAlias> layouts; // layout aliases in file order
  AliasMap aliases;                // every attribute alias, for resolving references
  std::vector<TtgirTypeUse> types; // distinct (layout, shape, element) uses, first-use order
  std::optional<int> numWarps, threadsPerWarp, numCTAs;
  std::string target;
};

// Parses the text. Alias definitions that fail to parse raise ls::Error
// naming the alias and line; types in the body that cannot be read are
// skipped (the body may hold constructs this tool does not model).
TtgirModule parseTtgir(std::string_view text);

} // namespace ls::ir
