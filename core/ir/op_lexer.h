// Tokens of MLIR operation syntax: what the attribute lexer
// (notation/mlir/attr_lexer.h) does not need to know.
//
//   %acc_38:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %y) -> (f32) {
//   ^bb0(%a: f32 loc(#loc3)):
//   tt.func public @kernel(...)
//   %cst = arith.constant dense<0xFF800000> : tensor<128xf32, #blocked>
//
// Value ids (`%name`, `%name#3`), block ids (`^bb0`), symbols (`@f`,
// `@"f"`), the arrow, and any MLIR number (floats, hex, 64-bit integers -
// the attribute lexer refuses those, because no layout field is that large)
// are single tokens here. Types and attributes are read by the attribute
// reader (SyntaxParser) once the op reader knows where they are.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "util/literal.h"

namespace ls::ir {

struct OpToken {
  enum class Kind {
    End,
    ValueId, // %name, %name#N      (text includes '%')
    CaretId, // ^bb0
    AtId,    // @name, @"name"
    HashId,  // #name, #dialect.name (attribute or alias start)
    BangId,  // !dialect.type
    Ident,   // bare-id: tt.load, tensor, to, attributes
    String,  // "..." (text includes the quotes)
    Number,  // 12, -1, 1.5e+00, 0xFF
    Arrow,   // ->
    Punct,   // one character
  };
  Kind kind = Kind::End;
  std::string_view text;
  size_t offset = 0;
  bool newlineBefore = false; // a line break between the previous token and this one
  // Where the lexer stood before the blanks and comments ahead of this token:
  // the end of the previous token, or where seek() put it.
  size_t prevEnd = 0;

  bool is(char c) const { return kind == Kind::Punct && text.size() == 1 && text[0] == c; }
  template <size_t N> bool isIdent(const char (&s)[N]) const {
    return kind == Kind::Ident && equalsLiteral(text, s);
  }
  size_t end() const { return offset + text.size(); }
};

class OpLexer {
public:
  // The text of a std::string: the lexer reads the NUL after its last byte.
  explicit OpLexer(const std::string &text) : text_(text) {}
  OpLexer(std::string &&) = delete; // the text must outlive the lexer

  OpToken next();
  // next() without the token (one copy less where the caller has peeked it).
  void skip() {
    if (havePeek_) {
      havePeek_ = false;
      consumedEnd_ = peeked_.end();
    } else {
      next();
    }
  }
  // Valid until the next call of next(), peek() or seek().
  const OpToken &peek() {
    if (!havePeek_) {
      scan(peeked_);
      havePeek_ = true;
    }
    return peeked_;
  }
  // Requires: pos <= text().size().
  void seek(size_t pos);
  // The lexer's whole state, to look further ahead and come back exactly
  // (the peeked token, its newline flag and the consumed end included).
  struct Mark {
    size_t pos, consumedEnd;
    bool havePeek;
    OpToken peeked;
  };
  Mark mark() const { return {pos_, consumedEnd_, havePeek_, peeked_}; }
  void restore(const Mark &m) {
    pos_ = m.pos;
    consumedEnd_ = m.consumedEnd;
    havePeek_ = m.havePeek;
    peeked_ = m.peeked;
  }
  size_t position() const { return havePeek_ ? peeked_.offset : pos_; }
  // The end of the last token next() returned, or where seek() put the lexer
  // (a peeked token is not consumed).
  size_t consumedEnd() const { return consumedEnd_; }
  std::string_view text() const { return text_; }
  // True if only blanks or a comment remain on the current line after pos.
  bool restOfLineBlank(size_t pos) const;
  // Offset just past the next '\n' at or after pos (text().size() if none).
  size_t nextLineStart(size_t pos) const;
  // Offset just past the bracket that closes the one at `open` (which is one
  // of ( [ { <), skipping strings; npos if unbalanced.
  size_t matchBracket(size_t open) const;

  // Error raised by the lexer: a string the line ends in, a `@` not starting a symbol.
  struct Failure {
    size_t offset;
    const char *what;
  };

private:
  // The token at pos_, consumed, into t. Inline for the commonest case: a
  // one-character punctuation token, after at most one space.
  void scan(OpToken &t) {
    const char *s = text_.data();
    size_t p = pos_;
    if (s[p] == ' ') // the text ends in a NUL: s[p] is readable at p == size
      ++p;
    switch (s[p]) {
    case ',':
    case ':':
    case '(':
    case ')':
    case '=':
    case '{':
    case '}':
    case '[':
    case ']':
    case '<':
    case '>':
    case '*':
      t.newlineBefore = false;
      t.prevEnd = pos_;
      t.offset = p;
      t.kind = OpToken::Kind::Punct;
      t.text = std::string_view(s + p, 1);
      pos_ = p + 1;
      return;
    default:
      scanToken(t);
    }
  }
  void scanToken(OpToken &t); // scan() for every token
  std::string_view text_;
  size_t pos_ = 0;
  size_t consumedEnd_ = 0;
  bool havePeek_ = false;
  OpToken peeked_;
};

} // namespace ls::ir
