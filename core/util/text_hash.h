// A hash of text eight bytes at a time, for the hash maps of the readers
// and the audit: type texts, value names, location aliases and bodies are
// hashed once per value or op, and std::hash's byte loop was a tenth of
// reading a kernel. TextHash is transparent: a map keyed by std::string is
// searched with a std::string_view of the source, without building a string.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace ls {

inline size_t hashText(std::string_view s) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ s.size();
  const char *p = s.data();
  size_t n = s.size();
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = (h ^ w) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  uint64_t tail = 0;
  for (size_t i = 0; i < n; ++i)
    tail |= uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
  h = (h ^ tail) * 0xc4ceb9fe1a85ec53ull;
  return static_cast<size_t>(h ^ (h >> 29));
}

struct TextHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return hashText(s); }
};

} // namespace ls
