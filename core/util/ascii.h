// Character classes of the "C" locale, without the C library's call through
// the current locale per character (the readers class every byte of a
// kernel; the GUI sets the locale from the environment).
#pragma once

namespace ls {

inline bool isAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
inline bool isAsciiDigit(char c) { return c >= '0' && c <= '9'; }
inline bool isAsciiAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isAsciiDigit(c);
}

} // namespace ls
