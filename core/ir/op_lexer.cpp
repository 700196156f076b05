#include "ir/op_lexer.h"

#include <cctype>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace ls::ir {

namespace {

// ASCII character classes by table: the C library's isalnum() is a call
// through the locale per character, and lexing is most of reading a module.
enum : unsigned char { kAlpha = 1, kDigit = 2, kExtra = 4, kDash = 8 };
struct CharTable {
  unsigned char c[256] = {};
  // Blanks other than '\n' (skipped between tokens).
  bool blank[256] = {};
  constexpr CharTable() {
    for (char b : {' ', '\t', '\r', '\f', '\v'})
      blank[static_cast<unsigned char>(b)] = true;
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
// The one-character tokens of MLIR's lexer ('-' alone is its minus).
inline bool isMlirPunct(char c) {
  switch (c) {
  case '(': case ')': case '{': case '}': case '[': case ']': case '<': case '>':
  case '=': case ':': case ',': case '+': case '*': case '?': case '|': case '-':
    return true;
  default:
    return false;
  }
}

} // namespace

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

namespace {

// The first offset at or after i whose byte is a, b or c (n if none),
// sixteen bytes at a time where SSE2 is there: types, attributes and
// locations are mostly other bytes.
size_t findAny(const char *s, size_t n, size_t i, char a, char b, char c) {
#ifdef __SSE2__
  const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), vc = _mm_set1_epi8(c);
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + i));
    const unsigned m = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)), _mm_cmpeq_epi8(v, vc))));
    if (m != 0)
      return i + static_cast<size_t>(__builtin_ctz(m));
  }
#endif
  for (; i < n; ++i)
    if (s[i] == a || s[i] == b || s[i] == c)
      return i;
  return n;
}

// Where the string whose body starts at i ends: the offset of its closing
// quote (a backslash escapes the next byte), or n if it is not closed.
size_t stringEnd(const char *s, size_t n, size_t i) {
  for (i = findAny(s, n, i, '"', '\\', '"'); i < n; i = findAny(s, n, i + 2, '"', '\\', '"'))
    if (s[i] == '"')
      return i;
  return n;
}

// The first offset at or after i whose byte is not a space (n if none),
// sixteen bytes at a time where SSE2 is there: indentation.
size_t skipSpaces(const char *s, size_t n, size_t i) {
#ifdef __SSE2__
  const __m128i sp = _mm_set1_epi8(' ');
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + i));
    const unsigned m = ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, sp))) & 0xFFFFu;
    if (m != 0)
      return i + static_cast<size_t>(__builtin_ctz(m));
  }
#endif
  while (i < n && s[i] == ' ')
    ++i;
  return i;
}

} // namespace

size_t OpLexer::matchBracket(size_t open) const {
  // Only the bracket kind that opened counts toward depth, except that '<'
  // of an arrow "->" never closes. Strings are skipped.
  const char o = text_[open];
  const char c = o == '(' ? ')' : o == '[' ? ']' : o == '{' ? '}' : '>';
  int depth = 0;
  const char *s = text_.data();
  const size_t n = text_.size();
  for (size_t i = findAny(s, n, open, o, c, '"'); i < n; i = findAny(s, n, i + 1, o, c, '"')) {
    const char ch = s[i];
    if (ch == '"') {
      i = stringEnd(s, n, i + 1);
    } else if (ch == o) {
      ++depth;
    } else if (!(c == '>' && i > 0 && s[i - 1] == '-')) { // ch == c
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
  OpToken t;
  scan(t);
  consumedEnd_ = t.end();
  return t;
}

void OpLexer::scanToken(OpToken &t) {
  t.newlineBefore = false;
  t.prevEnd = pos_;
  const char *s = text_.data();
  const size_t n = text_.size();
  size_t p = pos_;
  // Skip blanks and // comments, noting line breaks. The text ends in a NUL
  // (s[n] == 0), which no character class holds: the loops over a class stop
  // there without a bound check.
  for (;;) {
    const char c = s[p];
    if (c == ' ' && s[p + 1] == ' ') {
      p = skipSpaces(s, n, p + 2);
    } else if (kChars.blank[static_cast<unsigned char>(c)]) {
      ++p;
    } else if (c == '\n') {
      t.newlineBefore = true;
      ++p;
    } else if (c == '/' && s[p + 1] == '/') {
      while (p < n && s[p] != '\n')
        ++p;
    } else {
      break;
    }
  }
  t.offset = p;
  if (p >= n) {
    pos_ = p;
    t.kind = OpToken::Kind::End;
    t.text = {};
    return;
  }
  const size_t start = p;
  const char c = s[p];
  auto finish = [&](OpToken::Kind k) {
    pos_ = p;
    t.kind = k;
    t.text = std::string_view(s + start, p - start);
  };
  auto skipWhile = [&](auto pred) {
    while (pred(s[p]))
      ++p;
  };
  auto readString = [&]() {
    ++p;
    while (p < n && s[p] != '"' && s[p] != '\n') {
      if (s[p] == '\\')
        ++p;
      ++p;
    }
    if (p >= n || s[p] != '"') {
      pos_ = p;
      // MLIR says it where the line (or the text) ends.
      throw Failure{p, "expected '\"' in string literal"};
    }
    ++p;
  };
  if (c == '%' || c == '^') {
    ++p;
    // MLIR's suffix-id: digits alone (`%3`: `%3i32` is `%3` then `i32`), or
    // a letter or id punctuation followed by letters, digits, punctuation.
    if (p < n && isDigit(s[p]))
      skipWhile(isDigit);
    else
      skipWhile(isSuffixChar);
    if (c == '%' && p + 1 < n && s[p] == '#' && isDigit(s[p + 1])) {
      ++p;
      skipWhile(isDigit);
    }
    // MLIR's lexer refuses a prefix with no name after it, where it is.
    if (p == start + 1)
      throw Failure{start, c == '%' ? "invalid SSA name" : "invalid block name"};
    return finish(c == '%' ? OpToken::Kind::ValueId : OpToken::Kind::CaretId);
  }
  if (isIdStart(c)) {
    skipWhile(isIdChar);
    return finish(OpToken::Kind::Ident);
  }
  if (c == '@') {
    ++p;
    // MLIR's lexer: a symbol is `@"..."` or starts with a letter or '_'.
    if (p >= n || !(s[p] == '"' || s[p] == '_' || std::isalpha(static_cast<unsigned char>(s[p]))))
      throw Failure{p, "@ identifier expected to start with letter or '_'"};
    if (p < n && s[p] == '"')
      readString();
    else
      skipWhile(isSuffixChar);
    return finish(p == start + 1 ? OpToken::Kind::Punct : OpToken::Kind::AtId);
  }
  if (c == '#' || c == '!') {
    ++p;
    // MLIR's suffix-id, as for '%': digits alone (`#4oc12` is `#4` then `oc12`).
    if (p < n && isDigit(s[p]))
      skipWhile(isDigit);
    else
      skipWhile(isSuffixChar);
    if (p == start + 1)
      throw Failure{start, c == '#' ? "invalid attribute name" : "invalid type identifier"};
    return finish(c == '#' ? OpToken::Kind::HashId : OpToken::Kind::BangId);
  }
  if (c == '"') {
    readString();
    return finish(OpToken::Kind::String);
  }
  if (c == '-' && p + 1 < n && s[p + 1] == '>') {
    p += 2;
    return finish(OpToken::Kind::Arrow);
  }
  if (isDigit(c) || (c == '-' && p + 1 < n && isDigit(s[p + 1]))) {
    if (c == '-')
      ++p;
    if (s[p] == '0' && p + 1 < n && s[p + 1] == 'x') {
      p += 2;
      skipWhile([](char x) { return std::isxdigit(static_cast<unsigned char>(x)) != 0; });
      return finish(OpToken::Kind::Number);
    }
    skipWhile(isDigit);
    // MLIR's float: digits '.' digits (none too: `1.`), then an exponent
    // (none without the '.': `1e0` is 1 then `e0`).
    bool fraction = false;
    if (p < n && s[p] == '.' && !(s[p + 1] == '.' && s[p + 2] == '.')) {
      ++p;
      skipWhile(isDigit);
      fraction = true;
    }
    if (fraction && p < n && (s[p] == 'e' || s[p] == 'E')) {
      size_t q = p + 1;
      if (q < n && (s[q] == '+' || s[q] == '-'))
        ++q;
      if (q < n && isDigit(s[q])) {
        p = q;
        skipWhile(isDigit);
      }
    }
    return finish(OpToken::Kind::Number);
  }
  // MLIR's lexer: '.' starts only an ellipsis (said after the first dot);
  // a character that starts no token of MLIR's ('$', ';', a lone '/', ...)
  // is refused where it is.
  if (c == '.') {
    if (s[p + 1] != '.' || s[p + 2] != '.')
      throw Failure{start + 1, "expected three consecutive dots for an ellipsis"};
    p += 3;
    return finish(OpToken::Kind::Punct);
  }
  if (!isMlirPunct(c))
    throw Failure{start, "unexpected character"};
  ++p;
  return finish(OpToken::Kind::Punct);
}

} // namespace ls::ir
