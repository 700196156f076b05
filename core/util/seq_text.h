// Lists as text the way Python prints them -- "[1, 2]", "[[0, 1], [2, 0]]" --
// which is how Gluon's messages and reprs show shapes and bases; with
// `open`/`close` = "{", "}" the same lists read as C++ initializers.
#pragma once

#include <string>
#include <vector>

#include "layout/linear_layout.h"

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

// The bases of one in-dim (empty if the layout has no such dim).
inline std::vector<std::vector<int32_t>> inDimBases(const LinearLayout &ll, const DimName &inDim) {
  std::vector<std::vector<int32_t>> out;
  if (ll.hasInDim(inDim))
    for (int i = 0; i < ll.getInDimSizeLog2(inDim); ++i) {
      auto b = ll.getBasis(inDim, i);
      out.emplace_back(b.begin(), b.end());
    }
  return out;
}

} // namespace ls
