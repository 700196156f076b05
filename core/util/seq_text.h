// Lists as text the way Python prints them -- "[1, 2]", "[[0, 1], [2, 0]]" --
// which is how Gluon's messages and reprs show shapes and bases; with
// `open`/`close` = "{", "}" the same lists read as C++ initializers.
#pragma once

#include <charconv>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>


namespace ls {

// Appends "[a, b, ...]" to `s`, digits written in place (no temporaries:
// the audit prints every layout of a kernel through these).
template <class Range>
void appendSeq(std::string &s, const Range &v, const char *open = "[", const char *close = "]") {
  static_assert(std::is_integral_v<std::decay_t<decltype(*std::begin(v))>>,
                "lists of integers (std::to_string's text)");
  s += open;
  bool first = true;
  for (const auto &x : v) {
    if (!first)
      s += ", ";
    first = false;
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, x);
    s.append(buf, r.ptr);
  }
  s += close;
}

template <class T>
std::string seqText(const std::vector<T> &v, const char *open = "[", const char *close = "]") {
  std::string s;
  appendSeq(s, v, open, close);
  return s;
}

inline std::string basesText(const std::vector<std::vector<int32_t>> &bases, const char *open = "[",
                             const char *close = "]") {
  std::string s = open;
  for (size_t i = 0; i < bases.size(); ++i) {
    if (i)
      s += ", ";
    appendSeq(s, bases[i], open, close);
  }
  return s + close;
}

} // namespace ls
