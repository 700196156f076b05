// Character classes of the "C" locale, without the C library's call through
// the current locale per character (the readers class every byte of a
// kernel; the GUI sets the locale from the environment).
#pragma once

#include <string_view>

namespace ls {

inline bool isAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
inline bool isAsciiDigit(char c) { return c >= '0' && c <= '9'; }
inline bool isAsciiHexDigit(char c) {
  return isAsciiDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
// The text without the blanks (isAsciiSpace) at either end.
inline std::string_view trimAsciiSpace(std::string_view s) {
  while (!s.empty() && isAsciiSpace(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && isAsciiSpace(s.back()))
    s.remove_suffix(1);
  return s;
}
inline bool isAsciiAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isAsciiDigit(c);
}

} // namespace ls
