// Grammar-level parsing of attribute and type text into ir::Value trees.
#pragma once

#include <initializer_list>
#include <string_view>

#include "notation/mlir/attr_lexer.h"
#include "notation/mlir/attr_syntax.h"
#include "util/limits.h"

namespace ls::ir {

// Deepest nesting accepted (lists in lists, attributes in attributes).
constexpr int kMaxNesting = limits::kMaxNestingDepth;
// Longest text accepted for one attribute or type.
constexpr size_t kMaxAttrText = limits::kMaxLayoutTextBytes;

class SyntaxParser {
public:
  explicit SyntaxParser(std::string_view text);

  // Parses one value (attribute, list, integer, ...).
  ValuePtr parseValue(int depth = 0);
  // Parses `#dialect.name<...>` or `#alias`, the lexer positioned at '#'.
  ValuePtr parseAttribute(int depth);
  // Parses `tensor<...>` / `!ttg.memdesc<...>`.
  TypeText parseType();
  // True if the next token starts a type.
  bool atType();

  void expectEnd();
  Lexer &lexer() { return lex_; }
  [[noreturn]] void fail(const std::string &what, size_t offset) const;
  // Where MLIR reports a token it did not expect, the one at `offset`: the
  // end of the token before it.
  size_t afterPrevious(size_t offset) const;

private:
  void expectPunct(const char *p);
  bool acceptPunct(const char *p);
  void parseBody(Value &attr, int depth);
  // `structIntegers`: the body of an attribute Triton declares as a struct
  // of its parameters, whose integers take no `: type` (the list ends there).
  void parseEntries(std::vector<std::pair<std::string, ValuePtr>> &out, const char *close,
                    int depth, bool structIntegers = false);
  // An integer of a struct parameter: the token alone (no `: type` after it).
  ValuePtr parseStructInteger();
  // A struct's list ended before its '}' or '>': the first of `required`
  // (in Triton's order) it does not have, said at the token that ended it.
  void requireStructParameters(const Value &attr, std::initializer_list<const char *> required);
  std::string_view text_;
  Lexer lex_;
};

// A builtin type's keyword as MLIR spells it: i1..iN, si/ui N, f16, bf16,
// f8E4M3FN and the other float formats, index, none.
bool isBuiltinTypeName(std::string_view word);

// A builtin container type's keyword, which its `<...>` follows: tensor,
// vector, memref, complex, tuple.
bool isContainerTypeWord(std::string_view word);

// MLIR's "unknown  type `x` in dialect `tt`" for a type name of Triton's own
// tt or ttg dialect after its '!' (`tt.ptrf32`) that the dialect does not
// have, with `nameAt` where the name starts in `qualified`; "" otherwise.
std::string unknownTritonTypeName(std::string_view qualified, size_t &nameAt);

// A word MLIR's attribute parser starts an attribute with (besides types):
// `true`, `false`, `unit`, `dense`, `array`, `affine_map`, `loc`, ...
bool isMlirAttributeKeyword(std::string_view word);

// MLIR's scan of a pretty dialect attribute's or type's body (`#ttg.x<...>`,
// `!tt.ptr<...>`) before it reads it: from the '<' at `lt` of `text` to its
// matching '>' (across lines, `->` skipped, strings lexed whole). Returns the
// offset after that '>', or npos; then `at` and `message` say MLIR's error
// ("unbalanced '[' character in pretty dialect name": the innermost open
// bracket, at the last string lexed or else the '<'; or a string a line
// ends in).
size_t scanPrettyBody(std::string_view text, size_t lt, size_t &at, std::string &message);

// The whole text is exactly one attribute (no trailing characters).
ValuePtr parseAttributeText(std::string_view text);

} // namespace ls::ir
