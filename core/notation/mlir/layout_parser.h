// Turning attribute text into encodings.
//
// Accepts every layout attribute Triton 3.6 prints (#ttg.blocked, slice,
// nvidia_mma, dot_op, amd_mfma, amd_wmma, linear, swizzled_shared,
// nvmma_shared, amd_rotating_shared, padded_shared, shared_linear), the
// legacy #triton_gpu. prefix and CTAsPerCGA / CTASplitNum / CTAOrder fields,
// nested parents written inline or by alias, and whole tensor / memdesc
// types. Errors name the field and the rule.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "encodings/encoding.h"
#include "notation/mlir/attr_syntax.h"

namespace ls::ir {

// Aliases from a TTGIR file: "#blocked" -> its attribute syntax.
using AliasMap = std::map<std::string, ValuePtr>;

// Element types by their MLIR spelling.
struct ElementType {
  std::string name; // canonical MLIR spelling, e.g. "f16", "f8E4M3FN"
  int bits = 0;
};
// Accepts MLIR spellings (f16, bf16, f8E5M2, i1 ...) and the CLI's short names
// (f8); throws ls::Error naming `field` for anything else.
ElementType parseElementType(const std::string &text, const std::string &field = "--dtype");

// Collects the warnings of buildEncoding while alive (one per thread at a
// time; nested collectors hand theirs back to the outer one).
class WarningCollector {
public:
  WarningCollector();
  ~WarningCollector();
  WarningCollector(const WarningCollector &) = delete;
  WarningCollector &operator=(const WarningCollector &) = delete;
  std::vector<std::pair<std::string, std::string>> take() { return std::move(items_); }
  static void add(const std::string &field, const std::string &what);

private:
  std::vector<std::pair<std::string, std::string>> items_;
  WarningCollector *outer_;
};

// Builds an encoding from syntax. `aliases` resolves `#name` references.
EncodingPtr buildEncoding(const Value &v, const AliasMap *aliases = nullptr, int depth = 0);

// The whole text is one attribute.
EncodingPtr parseEncoding(std::string_view text, const AliasMap *aliases = nullptr);

// What --layout accepts: an attribute, or a tensor/memdesc type carrying one.
struct LayoutInput {
  EncodingPtr encoding;
  std::optional<Shape> shape;         // from the type
  std::optional<ElementType> element; // from the type
  bool isMemDesc = false;
  std::optional<Shape> allocShape; // memdesc only
  // What Triton 3.6 accepts oddly (an ignored key, an odd default), each
  // {field, what it means}: the CLI prints `warning: field: what`.
  std::vector<std::pair<std::string, std::string>> warnings;
};
LayoutInput parseLayoutInput(std::string_view text, const AliasMap *aliases = nullptr);

} // namespace ls::ir
