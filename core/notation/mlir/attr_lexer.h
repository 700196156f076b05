// Tokens of MLIR attribute and type text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "util/error.h"

namespace ls::ir {

struct Token {
  enum class Kind { End, Hash, Bang, Ident, Integer, String, Punct };
  Kind kind = Kind::End;
  std::string text; // identifier / punctuation / string contents
  int64_t value = 0;
  size_t offset = 0;

  bool isPunct(const char *p) const { return kind == Kind::Punct && text == p; }
};

class Lexer {
public:
  explicit Lexer(std::string_view text) : text_(text) {}
  Token next();
  // next() without the token.
  void skip() {
    if (havePeek_)
      havePeek_ = false;
    else
      next();
  }
  // Valid until the next call of next(), peek() or seek().
  const Token &peek();
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

// "at LINE:COLUMN near '...'" (1-based; one-line text is line 1), for messages.
std::string describeOffset(std::string_view text, size_t offset);

// An error in attribute or type text that remembers where it is, so that a
// reader of a whole file can report the file's line:column (offset plus where
// the text began) rather than the position inside the piece it handed over.
class SyntaxError : public Error {
public:
  // Requires: offset <= text.size().
  SyntaxError(std::string_view text, size_t offset, const std::string &problem,
              std::string field = "attribute text");
  size_t offset() const { return offset_; }
  // The problem without the position: "expected ']' near '}>'".
  const std::string &problem() const { return problem_; }

private:
  size_t offset_;
  std::string problem_;
};

} // namespace ls::ir
