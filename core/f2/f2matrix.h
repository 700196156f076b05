// A dense matrix over GF(2), the two-element field where + is xor and * is and.
//
// This is the small elimination engine under LinearLayout: a layout with
// in-dims of total log2-size n and out-dims of total log2-size m is an m x n
// matrix whose column j is the j-th basis vector, written bit by bit. Rank
// tells surjectivity and injectivity, the reduced row-echelon form (RREF)
// gives free variables and solutions of A X = B.
//
// Storage: rows of packed 64-bit words (an Eigen array, row-major), bit c of a
// row is column c. Column 0 is the least significant bit of word 0, which
// matches how Triton packs a layout's matrix for f2reduce.
//
// Worked example (4x4, the swizzle L(t, w) = (t, w ^ t) of LinearLayout.h):
//   columns = bases L(t=1), L(t=2), L(w=1), L(w=2); rows = output bits
//   | 1 0 0 0 |      rank 4: invertible, so every (x, y) has exactly one
//   | 0 1 0 0 |      owner (t, w).
//   | 1 0 1 0 |
//   | 0 1 0 1 |
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace ls::f2 {

class Matrix {
public:
  Matrix() = default;
  Matrix(int rows, int cols);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int wordsPerRow() const { return words_; }

  bool get(int r, int c) const {
    return (words_at(r)[c >> 6] >> (c & 63)) & 1u;
  }
  void set(int r, int c, bool v) {
    uint64_t bit = uint64_t{1} << (c & 63);
    uint64_t &w = words_at(r)[c >> 6];
    w = v ? (w | bit) : (w & ~bit);
  }

  // Row r as packed words (wordsPerRow() of them).
  uint64_t *words_at(int r) { return data_.data() + static_cast<size_t>(r) * words_; }
  const uint64_t *words_at(int r) const {
    return data_.data() + static_cast<size_t>(r) * words_;
  }

  bool rowIsZero(int r) const;
  // Index of the lowest set column of row r, or -1 if the row is zero.
  int lowestSetColumn(int r) const;

  // row[dst] ^= row[src]
  void xorRowInto(int dst, int src);
  void swapRows(int a, int b);

  // Reduces the matrix in place to reduced row-echelon form: every nonzero
  // row has a pivot (its lowest set column), pivots are the only set bit of
  // their column, and nonzero rows come first ordered by pivot column.
  // Returns the rank. If `pivotCols` is given it receives the pivot column of
  // each of the first rank rows.
  int reduceToRowEchelon(std::vector<int> *pivotCols = nullptr);

  // Rank of the matrix (does not modify it).
  [[nodiscard]] int rank() const;

  // A basis of the null space {x : M x = 0}, one column vector per entry,
  // each of length cols().
  [[nodiscard]] std::vector<std::vector<bool>> nullSpace() const;

  // Horizontal concatenation [this | other]; row counts must match.
  [[nodiscard]] Matrix concatColumns(const Matrix &other) const;

  bool operator==(const Matrix &o) const;
  bool operator!=(const Matrix &o) const { return !(*this == o); }

  // Rows as strings of 0/1, column 0 first (debugging and tests).
  std::string toString() const;

private:
  int rows_ = 0, cols_ = 0, words_ = 0;
  Eigen::Array<uint64_t, Eigen::Dynamic, 1> data_;
};

// Least-squares style solve over GF(2): finds X (cols(A) x cols(B)) with
// A X = B, choosing 0 for every free variable (the solution Triton's
// LinearLayout::lstsq picks). Returns nullopt when some column of B is not in
// the column space of A.
std::optional<Matrix> solve(const Matrix &a, const Matrix &b);

} // namespace ls::f2
