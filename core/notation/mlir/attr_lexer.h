// Tokens of MLIR attribute and type text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ls::ir {

struct Token {
  enum class Kind { End, Hash, Bang, Ident, Integer, String, Punct };
  Kind kind = Kind::End;
  std::string text; // identifier / punctuation / string contents
  int64_t value = 0;
  size_t offset = 0;
};

class Lexer {
public:
  explicit Lexer(std::string_view text) : text_(text) {}
  Token next();
  Token peek();
  size_t position() const { return havePeek_ ? peeked_.offset : pos_; }
  void seek(size_t pos) {
    pos_ = pos;
    havePeek_ = false;
  }
  std::string_view text() const { return text_; }

private:
  void skipSpaceAndComments();
  std::string_view text_;
  size_t pos_ = 0;
  bool havePeek_ = false;
  Token peeked_;
};

// "at offset N near '...'", for messages.
std::string describeOffset(std::string_view text, size_t offset);

} // namespace ls::ir
