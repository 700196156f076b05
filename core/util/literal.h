// Comparing text with a string literal whose length the compiler knows:
// the bytes are compared inline (a load or two) instead of through
// std::string_view::compare and memcmp, which the readers and the audit
// would otherwise call for every op name that has a literal's length.
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

namespace ls {

template <size_t N> inline bool equalsLiteral(std::string_view s, const char (&lit)[N]) {
  return s.size() == N - 1 && std::memcmp(s.data(), lit, N - 1) == 0;
}

template <size_t N> inline bool startsWithLiteral(std::string_view s, const char (&lit)[N]) {
  return s.size() >= N - 1 && std::memcmp(s.data(), lit, N - 1) == 0;
}

} // namespace ls
