// Lists as text the way Python prints them -- "[1, 2]", "[[0, 1], [2, 0]]" --
// which is how Gluon's messages and reprs show shapes and bases; with
// `open`/`close` = "{", "}" the same lists read as C++ initializers.
#pragma once

#include <string>
#include <vector>


namespace ls {

template <class T>
std::string seqText(const std::vector<T> &v, const char *open = "[", const char *close = "]") {
  std::string s = open;
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s + close;
}

inline std::string basesText(const std::vector<std::vector<int32_t>> &bases, const char *open = "[",
                             const char *close = "]") {
  std::string s = open;
  for (size_t i = 0; i < bases.size(); ++i)
    s += (i ? ", " : "") + seqText(bases[i], open, close);
  return s + close;
}

} // namespace ls
