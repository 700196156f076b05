// Small power-of-two helpers shared by the engine.
#pragma once

#include <bit>
#include <cstdint>

namespace ls {

constexpr bool isPowerOf2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

// log2 of a power of two (floor log2 otherwise); log2(0) is defined as 0.
constexpr int log2Floor(uint64_t v) {
  return v == 0 ? 0 : 63 - std::countl_zero(v);
}

// Smallest power of two strictly greater than v (LLVM's NextPowerOf2).
constexpr int64_t nextPowerOf2(int64_t v) {
  return v <= 0 ? 1 : int64_t{1} << (log2Floor(static_cast<uint64_t>(v)) + 1);
}

} // namespace ls
