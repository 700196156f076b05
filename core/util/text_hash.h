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
  // The last 0..7 bytes without a byte loop: the text's last eight bytes
  // (overlapping bytes already hashed) when it has eight, else two
  // overlapping four-byte reads, else three single bytes.
  uint64_t tail = 0;
  if (n > 0) {
    if (s.size() >= 8) {
      std::memcpy(&tail, s.data() + s.size() - 8, 8);
    } else if (n >= 4) {
      uint32_t lo, hi;
      std::memcpy(&lo, p, 4);
      std::memcpy(&hi, p + n - 4, 4);
      tail = (uint64_t{hi} << 32) | lo;
    } else {
      tail = uint64_t{static_cast<unsigned char>(p[0])} |
             (uint64_t{static_cast<unsigned char>(p[n / 2])} << 8) |
             (uint64_t{static_cast<unsigned char>(p[n - 1])} << 16) | (uint64_t{n} << 24);
    }
  }
  h = (h ^ tail) * 0xc4ceb9fe1a85ec53ull;
  return static_cast<size_t>(h ^ (h >> 29));
}

struct TextHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return hashText(s); }
};

} // namespace ls
