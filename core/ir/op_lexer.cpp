#include "ir/op_lexer.h"

#include <cctype>

namespace ls::ir {

namespace {

// ASCII character classes by table: the C library's isalnum() is a call
// through the locale per character, and lexing is most of reading a module.
enum : unsigned char { kAlpha = 1, kDigit = 2, kExtra = 4, kDash = 8 };
struct CharTable {
  unsigned char c[256] = {};
  // Blanks other than '\n' (skipped between tokens), and the characters
  // matchBracket must look at (quotes and brackets).
  bool blank[256] = {};
  bool bracketish[256] = {};
  constexpr CharTable() {
    for (char b : {' ', '\t', '\r', '\f', '\v'})
      blank[static_cast<unsigned char>(b)] = true;
    for (char b : {'"', '(', ')', '[', ']', '{', '}', '<', '>'})
      bracketish[static_cast<unsigned char>(b)] = true;
    for (int i = 'a'; i <= 'z'; ++i)
      c[i] = kAlpha;
    for (int i = 'A'; i <= 'Z'; ++i)
      c[i] = kAlpha;
    for (int i = '0'; i <= '9'; ++i)
      c[i] = kDigit;
    c[int('_')] = kAlpha;
    c[int('$')] = kExtra;
    c[int('.')] = kExtra;
    c[int('-')] = kDash;
  }
};
constexpr CharTable kChars;

inline unsigned char cls(char c) { return kChars.c[static_cast<unsigned char>(c)]; }
inline bool isIdStart(char c) { return (cls(c) & kAlpha) != 0; }
inline bool isIdChar(char c) { return (cls(c) & (kAlpha | kDigit | kExtra)) != 0; }
// MLIR suffix-id characters (value and block names).
inline bool isSuffixChar(char c) { return cls(c) != 0; }
inline bool isDigit(char c) { return (cls(c) & kDigit) != 0; }

} // namespace

const OpToken &OpLexer::peek() {
  if (!havePeek_) {
    peeked_ = scan();
    havePeek_ = true;
  }
  return peeked_;
}

void OpLexer::seek(size_t pos) {
  pos_ = pos;
  consumedEnd_ = pos;
  havePeek_ = false;
}

bool OpLexer::restOfLineBlank(size_t pos) const {
  while (pos < text_.size() && text_[pos] != '\n') {
    char c = text_[pos];
    if (c == '/' && pos + 1 < text_.size() && text_[pos + 1] == '/')
      return true;
    if (c != ' ' && c != '\t' && c != '\r')
      return false;
    ++pos;
  }
  return true;
}

size_t OpLexer::nextLineStart(size_t pos) const {
  size_t nl = text_.find('\n', pos);
  return nl == std::string_view::npos ? text_.size() : nl + 1;
}

size_t OpLexer::matchBracket(size_t open) const {
  // Only the bracket kind that opened counts toward depth, except that '<'
  // of an arrow "->" never closes. Strings are skipped.
  char o = text_[open];
  char c = o == '(' ? ')' : o == '[' ? ']' : o == '{' ? '}' : '>';
  int depth = 0;
  const char *s = text_.data();
  for (size_t i = open; i < text_.size(); ++i) {
    const char ch = s[i];
    if (!kChars.bracketish[static_cast<unsigned char>(ch)])
      continue;
    if (ch == '"') {
      for (++i; i < text_.size() && text_[i] != '"'; ++i)
        if (text_[i] == '\\')
          ++i;
      continue;
    }
    if (ch == o) {
      ++depth;
    } else if (ch == c) {
      if (c == '>' && i > 0 && text_[i - 1] == '-')
        continue;
      if (--depth == 0)
        return i + 1;
    }
  }
  return std::string_view::npos;
}

OpToken OpLexer::next() {
  if (havePeek_) {
    havePeek_ = false;
    consumedEnd_ = peeked_.end();
    return peeked_;
  }
  OpToken t = scan();
  consumedEnd_ = t.end();
  return t;
}

OpToken OpLexer::scan() {
  OpToken t;
  t.prevEnd = pos_;
  // Skip blanks and // comments, noting line breaks.
  {
    const char *s = text_.data();
    const size_t n = text_.size();
    size_t p = pos_;
    while (p < n) {
      const char c = s[p];
      if (kChars.blank[static_cast<unsigned char>(c)]) {
        ++p;
      } else if (c == '\n') {
        t.newlineBefore = true;
        ++p;
      } else if (c == '/' && p + 1 < n && s[p + 1] == '/') {
        while (p < n && s[p] != '\n')
          ++p;
      } else {
        break;
      }
    }
    pos_ = p;
  }
  t.offset = pos_;
  if (pos_ >= text_.size()) {
    t.kind = OpToken::Kind::End;
    return t;
  }
  size_t start = pos_;
  char c = text_[pos_];
  auto finish = [&](OpToken::Kind k) {
    t.kind = k;
    t.text = text_.substr(start, pos_ - start);
    return t;
  };
  auto readString = [&]() {
    ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') {
      if (text_[pos_] == '\\')
        ++pos_;
      ++pos_;
    }
    if (pos_ >= text_.size() || text_[pos_] != '"')
      throw Failure{start, "unterminated string"};
    ++pos_;
  };
  if (c == '%' || c == '^') {
    ++pos_;
    while (pos_ < text_.size() && isSuffixChar(text_[pos_]))
      ++pos_;
    if (c == '%' && pos_ + 1 < text_.size() && text_[pos_] == '#' && isDigit(text_[pos_ + 1])) {
      ++pos_;
      while (pos_ < text_.size() && isDigit(text_[pos_]))
        ++pos_;
    }
    if (pos_ == start + 1)
      return finish(OpToken::Kind::Punct);
    return finish(c == '%' ? OpToken::Kind::ValueId : OpToken::Kind::CaretId);
  }
  if (c == '@') {
    ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '"')
      readString();
    else
      while (pos_ < text_.size() && isSuffixChar(text_[pos_]))
        ++pos_;
    return finish(pos_ == start + 1 ? OpToken::Kind::Punct : OpToken::Kind::AtId);
  }
  if (c == '#' || c == '!') {
    ++pos_;
    while (pos_ < text_.size() && isSuffixChar(text_[pos_]))
      ++pos_;
    if (pos_ == start + 1)
      return finish(OpToken::Kind::Punct);
    return finish(c == '#' ? OpToken::Kind::HashId : OpToken::Kind::BangId);
  }
  if (c == '"') {
    readString();
    return finish(OpToken::Kind::String);
  }
  if (c == '-' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '>') {
    pos_ += 2;
    return finish(OpToken::Kind::Arrow);
  }
  if (isDigit(c) || (c == '-' && pos_ + 1 < text_.size() && isDigit(text_[pos_ + 1]))) {
    if (c == '-')
      ++pos_;
    if (text_[pos_] == '0' && pos_ + 1 < text_.size() && text_[pos_ + 1] == 'x') {
      pos_ += 2;
      while (pos_ < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[pos_])))
        ++pos_;
      return finish(OpToken::Kind::Number);
    }
    while (pos_ < text_.size() && isDigit(text_[pos_]))
      ++pos_;
    if (pos_ + 1 < text_.size() && text_[pos_] == '.' && isDigit(text_[pos_ + 1])) {
      ++pos_;
      while (pos_ < text_.size() && isDigit(text_[pos_]))
        ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      size_t q = pos_ + 1;
      if (q < text_.size() && (text_[q] == '+' || text_[q] == '-'))
        ++q;
      if (q < text_.size() && isDigit(text_[q])) {
        pos_ = q;
        while (pos_ < text_.size() && isDigit(text_[pos_]))
          ++pos_;
      }
    }
    return finish(OpToken::Kind::Number);
  }
  if (isIdStart(c)) {
    while (pos_ < text_.size() && isIdChar(text_[pos_]))
      ++pos_;
    return finish(OpToken::Kind::Ident);
  }
  ++pos_;
  return finish(OpToken::Kind::Punct);
}

} // namespace ls::ir
