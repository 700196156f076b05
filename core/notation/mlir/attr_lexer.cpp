#include "notation/mlir/attr_lexer.h"

#include "util/ascii.h"
#include "util/error.h"

namespace ls::ir {

namespace {

std::string nearText(std::string_view text, size_t offset) {
  if (offset >= text.size())
    return "at the end of the text";
  size_t end = std::min(text.size(), offset + 16);
  // Up to the end of the line: a type missing its '>' at the end of a line.
  end = std::min(end, std::min(text.size(), text.find('\n', offset)));
  if (end == offset)
    return "at the end of the line";
  std::string near(text.substr(offset, end - offset));
  for (char &c : near)
    if (static_cast<unsigned char>(c) < 32)
      c = ' ';
  return "near '" + near + "'";
}

} // namespace

std::string describeOffset(std::string_view text, size_t offset) {
  if (offset >= text.size())
    return "at the end of the text";
  // Only on the error path, so a linear count is fine here; whole files go
  // through SourceText's line table instead.
  size_t line = 1, lineStart = 0;
  for (size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  return "at " + std::to_string(line) + ":" + std::to_string(offset - lineStart + 1) + " " +
         nearText(text, offset);
}

SyntaxError::SyntaxError(std::string_view text, size_t offset, const std::string &problem,
                         std::string field)
    : Error(std::move(field), problem + " " + describeOffset(text, offset)), offset_(offset),
      problem_(problem + " " + nearText(text, offset)) {}

void Lexer::skipSpaceAndComments() {
  while (pos_ < text_.size()) {
    char c = text_[pos_];
    if (isAsciiSpace(c)) {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
      while (pos_ < text_.size() && text_[pos_] != '\n')
        ++pos_;
    } else {
      break;
    }
  }
}

const Token &Lexer::peek() {
  if (!havePeek_) {
    peeked_ = next();
    havePeek_ = true;
  }
  return peeked_;
}

namespace {
// Outside strings, MLIR attribute text is ASCII: a byte above 127 is most
// likely a look-alike letter pasted from a document ('ö', a typographic quote).
constexpr const char *kNonAscii =
    "a non-ASCII character (outside a string, layout text is ASCII: a look-alike letter?)";
} // namespace

Token Lexer::next() {
  if (havePeek_) {
    havePeek_ = false;
    return std::move(peeked_);
  }
  skipSpaceAndComments();
  Token t;
  t.offset = pos_;
  if (pos_ >= text_.size())
    return t;
  char c = text_[pos_];
  auto isIdentChar = [](char ch) {
    return isAsciiAlnum(ch) || ch == '_' || ch == '$';
  };
  // MLIR's lexer: '%' with no name after it.
  if (c == '%' && !(pos_ + 1 < text_.size() && (isAsciiAlnum(text_[pos_ + 1]) || text_[pos_ + 1] == '_' ||
                                               text_[pos_ + 1] == '$' || text_[pos_ + 1] == '.' ||
                                               text_[pos_ + 1] == '-')))
    throw SyntaxError(text_, pos_, "invalid SSA name");
  if (c == '#') {
    ++pos_;
    t.kind = Token::Kind::Hash;
    t.text = "#";
    return t;
  }
  if (c == '!') {
    ++pos_;
    t.kind = Token::Kind::Bang;
    t.text = "!";
    return t;
  }
  if (c == '"') {
    ++pos_;
    // Most strings hold no escape: one copy.
    const size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\\' && text_[pos_] != '\n')
      ++pos_;
    std::string s(text_.substr(start, pos_ - start));
    while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size())
        ++pos_;
      s += text_[pos_++];
    }
    // A string ends on its line: MLIR says so where the line (or the text) ends.
    if (pos_ >= text_.size() || text_[pos_] != '"')
      throw SyntaxError(text_, pos_, "expected '\"' in string literal");
    ++pos_;
    t.kind = Token::Kind::String;
    t.text = std::move(s);
    return t;
  }
  if (isAsciiDigit(c) || (c == '-' && pos_ + 1 < text_.size() && isAsciiDigit(text_[pos_ + 1]))) {
    bool neg = c == '-';
    if (neg)
      ++pos_;
    size_t start = pos_;
    int64_t v = 0;
    // MLIR's hexadecimal integer (`0x1F`), as it reads one in any attribute.
    if (text_[pos_] == '0' && pos_ + 2 < text_.size() && text_[pos_ + 1] == 'x' &&
        isAsciiHexDigit(text_[pos_ + 2])) {
      pos_ += 2;
      while (pos_ < text_.size() && isAsciiHexDigit(text_[pos_])) {
        if (v > (int64_t{1} << 40))
          throw SyntaxError(text_, start, "number too large");
        const char h = text_[pos_++];
        v = v * 16 + (isAsciiDigit(h) ? h - '0' : (h | 0x20) - 'a' + 10);
      }
      t.kind = Token::Kind::Integer;
      t.value = neg ? -v : v;
      t.text.assign(text_.substr(t.offset, pos_ - t.offset));
      return t;
    }
    while (pos_ < text_.size() && isAsciiDigit(text_[pos_])) {
      if (v > (int64_t{1} << 40))
        throw SyntaxError(text_, start, "number too large");
      v = v * 10 + (text_[pos_] - '0');
      ++pos_;
    }
    t.kind = Token::Kind::Integer;
    t.value = neg ? -v : v;
    t.text.assign(text_.substr(t.offset, pos_ - t.offset));
    return t;
  }
  if (isIdentChar(c)) {
    size_t start = pos_;
    while (pos_ < text_.size() &&
           (isIdentChar(text_[pos_]) || text_[pos_] == '.' || text_[pos_] == '-'))
      ++pos_;
    if (pos_ < text_.size() && (static_cast<unsigned char>(text_[pos_]) & 0x80))
      throw SyntaxError(text_, pos_, kNonAscii);
    t.kind = Token::Kind::Ident;
    t.text.assign(text_.substr(start, pos_ - start));
    return t;
  }
  if (static_cast<unsigned char>(c) & 0x80)
    throw SyntaxError(text_, pos_, kNonAscii);
  // MLIR's lexer: '.' starts only an ellipsis (`.parent` is refused just
  // after the dot).
  if (c == '.' && !(pos_ + 1 < text_.size() && isAsciiDigit(text_[pos_ + 1])) &&
      text_.compare(pos_, 3, "...") != 0)
    throw SyntaxError(text_, pos_ + 1, "expected three consecutive dots for an ellipsis");
  // MLIR's lexer: '@' starts a symbol name (a letter, '_' or a string next).
  if (c == '@' && !(pos_ + 1 < text_.size() &&
                    ((isAsciiAlnum(text_[pos_ + 1]) && !isAsciiDigit(text_[pos_ + 1])) ||
                     text_[pos_ + 1] == '_' || text_[pos_ + 1] == '"')))
    throw SyntaxError(text_, pos_ + 1, "@ identifier expected to start with letter or '_'");
  ++pos_;
  t.kind = Token::Kind::Punct;
  t.text.assign(1, c);
  return t;
}

} // namespace ls::ir
