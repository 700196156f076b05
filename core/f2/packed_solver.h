// Gaussian elimination over GF(2) on columns packed into 64-bit words: the
// small, allocation-free twin of f2::Matrix for systems of at most 64
// columns and 64 rows (a layout's bases, packed by out-dim).
//
// Columns are added in order; a column that is a combination of earlier
// ones is not a pivot. solve(b) writes b as a combination of pivot columns
// only (the others' bits are 0) - the choice Triton's lstsq makes - or says
// b is outside their span.
//
//   PackedSolver s;
//   s.add(0b011); s.add(0b110); s.add(0b101);  // the third is dependent
//   s.rank() == 2; s.solve(0b101) == 0b011;    // columns 0 and 1
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

namespace ls::f2 {

class PackedSolver {
public:
  // Adds column number columns() (fewer than 64 so far). Returns whether it
  // is independent of the earlier columns.
  bool add(uint64_t column) {
    uint64_t combo = uint64_t{1} << columns_++;
    while (column) {
      const int top = 63 - std::countl_zero(column);
      if (!pivot_[top]) {
        pivot_[top] = column;
        combo_[top] = combo;
        ++rank_;
        return true;
      }
      column ^= pivot_[top];
      combo ^= combo_[top];
    }
    return false;
  }

  int columns() const { return columns_; }
  int rank() const { return rank_; }

  // x with bit c set for each column c used: the xor of those columns is b.
  std::optional<uint64_t> solve(uint64_t b) const {
    uint64_t x = 0;
    while (b) {
      const int top = 63 - std::countl_zero(b);
      if (!pivot_[top])
        return std::nullopt;
      b ^= pivot_[top];
      x ^= combo_[top];
    }
    return x;
  }

private:
  // pivot_[t]: a combination (combo_[t], one bit per column) of the pivot
  // columns whose highest set bit is t.
  std::array<uint64_t, 64> pivot_{}, combo_{};
  int columns_ = 0, rank_ = 0;
};

} // namespace ls::f2
