#include "f2/f2matrix.h"

#include <bit>
#include <utility>

#include "util/error.h"

namespace ls::f2 {

Matrix::Matrix(int rows, int cols)
    : rows_(rows), cols_(cols), words_(cols == 0 ? 0 : (cols + 63) / 64) {
  require(rows >= 0 && cols >= 0, "f2::Matrix: negative size");
  data_ = Eigen::Array<uint64_t, Eigen::Dynamic, 1>::Zero(
      static_cast<Eigen::Index>(rows) * words_);
}

bool Matrix::rowIsZero(int r) const {
  const uint64_t *w = words_at(r);
  for (int i = 0; i < words_; ++i)
    if (w[i])
      return false;
  return true;
}

int Matrix::lowestSetColumn(int r) const {
  const uint64_t *w = words_at(r);
  for (int i = 0; i < words_; ++i)
    if (w[i])
      return i * 64 + std::countr_zero(w[i]);
  return -1;
}

void Matrix::xorRowInto(int dst, int src) {
  uint64_t *d = words_at(dst);
  const uint64_t *s = words_at(src);
  for (int i = 0; i < words_; ++i)
    d[i] ^= s[i];
}

void Matrix::swapRows(int a, int b) {
  if (a == b)
    return;
  uint64_t *x = words_at(a);
  uint64_t *y = words_at(b);
  for (int i = 0; i < words_; ++i)
    std::swap(x[i], y[i]);
}

int Matrix::reduceToRowEchelon(std::vector<int> *pivotCols) {
  int rank = 0;
  if (pivotCols)
    pivotCols->clear();
  for (int c = 0; c < cols_ && rank < rows_; ++c) {
    const int word = c >> 6;
    const uint64_t bit = uint64_t{1} << (c & 63);
    int pivot = -1;
    for (int r = rank; r < rows_; ++r) {
      if (words_at(r)[word] & bit) {
        pivot = r;
        break;
      }
    }
    if (pivot < 0)
      continue;
    swapRows(rank, pivot);
    for (int r = 0; r < rows_; ++r)
      if (r != rank && (words_at(r)[word] & bit))
        xorRowInto(r, rank);
    if (pivotCols)
      pivotCols->push_back(c);
    ++rank;
  }
  return rank;
}

int Matrix::rank() const {
  Matrix copy = *this;
  return copy.reduceToRowEchelon();
}

std::vector<std::vector<bool>> Matrix::nullSpace() const {
  Matrix m = *this;
  std::vector<int> pivots;
  int rank = m.reduceToRowEchelon(&pivots);
  std::vector<bool> isPivot(cols_, false);
  for (int c : pivots)
    isPivot[c] = true;
  std::vector<std::vector<bool>> basis;
  for (int free = 0; free < cols_; ++free) {
    if (isPivot[free])
      continue;
    std::vector<bool> v(cols_, false);
    v[free] = true;
    // Row i of the RREF reads x[pivot_i] + sum(free columns set) = 0.
    for (int i = 0; i < rank; ++i)
      if (m.get(i, free))
        v[pivots[i]] = true;
    basis.push_back(std::move(v));
  }
  return basis;
}

Matrix Matrix::concatColumns(const Matrix &other) const {
  require(rows_ == other.rows_, "f2::Matrix::concatColumns: row counts differ");
  Matrix out(rows_, cols_ + other.cols_);
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c)
      if (get(r, c))
        out.set(r, c, true);
    for (int c = 0; c < other.cols_; ++c)
      if (other.get(r, c))
        out.set(r, cols_ + c, true);
  }
  return out;
}

bool Matrix::operator==(const Matrix &o) const {
  return rows_ == o.rows_ && cols_ == o.cols_ && (data_ == o.data_).all();
}

std::string Matrix::toString() const {
  std::string s;
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c)
      s += get(r, c) ? '1' : '0';
    s += '\n';
  }
  return s;
}

std::optional<Matrix> solve(const Matrix &a, const Matrix &b) {
  require(a.rows() == b.rows(), "f2::solve: A and B need the same row count");
  Matrix m = a.concatColumns(b);
  std::vector<int> pivots;
  int rank = m.reduceToRowEchelon(&pivots);
  Matrix x(a.cols(), b.cols());
  for (int i = 0; i < rank; ++i) {
    int p = pivots[i];
    if (p >= a.cols())
      return std::nullopt; // a pivot in B's part: B is not in A's column space
    for (int c = 0; c < b.cols(); ++c)
      if (m.get(i, a.cols() + c))
        x.set(p, c, true);
  }
  return x;
}

} // namespace ls::f2
