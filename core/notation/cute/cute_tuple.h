// CuTe's integer tuples as text: `8`, `_8` (a static integer), `(4,(2,2))`.
// One reader for the CuTe notation (cute_layout.cpp) and the C++ export
// (codegen/cute_export.cpp). Errors are ls::Error(field, "1:<column>: rule").
#pragma once

#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/error.h"
#include "util/limits.h"

namespace ls::notation::cute {

// A CuTe integer tuple: a leaf or a parenthesised list.
struct Tuple {
  bool leaf = true;
  int64_t value = 0;
  std::vector<Tuple> items;
  size_t column = 0;
};

class TupleParser {
public:
  TupleParser(std::string_view t, const std::string &field) : t_(t), field_(field) {}
  [[noreturn]] void fail(size_t at, const std::string &rule) const {
    throw Error(field_, "1:" + std::to_string(at + 1) + ": " + rule);
  }
  void skip() {
    while (pos_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[pos_])))
      ++pos_;
  }
  bool eat(char c) {
    skip();
    if (pos_ < t_.size() && t_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  Tuple tuple(int depth = 0) {
    skip();
    Tuple t;
    t.column = pos_;
    if (eat('(')) {
      // One recursion per '(': bounded, or a long run of '(' overflows the stack.
      if (depth >= limits::kMaxNestingDepth)
        fail(t.column,
             "tuples nest deeper than " + std::to_string(limits::kMaxNestingDepth) + " levels");
      t.leaf = false;
      do
        t.items.push_back(tuple(depth + 1));
      while (eat(','));
      if (!eat(')'))
        fail(pos_, "expected ')' or ','");
      return t;
    }
    if (pos_ < t_.size() && t_[pos_] == '_')
      ++pos_; // CuTe's static integers print as _4
    size_t b = pos_;
    while (pos_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[pos_])))
      ++pos_;
    if (b == pos_ || pos_ - b > 12)
      fail(t.column, "expected an integer or '('");
    t.value = std::stoll(std::string(t_.substr(b, pos_ - b)));
    return t;
  }
  size_t pos() const { return pos_; }
  void setPos(size_t p) { pos_ = p; }
  // Consumes `w` (after spaces) if the text continues with it.
  bool word(std::string_view w) {
    skip();
    if (t_.substr(pos_, w.size()) == w) {
      pos_ += w.size();
      return true;
    }
    return false;
  }
  int64_t integer() {
    skip();
    const size_t b = pos_;
    if (pos_ < t_.size() && t_[pos_] == '_')
      ++pos_;
    const size_t d = pos_;
    while (pos_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[pos_])))
      ++pos_;
    if (d == pos_ || pos_ - d > 12)
      fail(b, "expected an integer");
    return std::stoll(std::string(t_.substr(d, pos_ - d)));
  }
  bool atEnd() {
    skip();
    return pos_ == t_.size();
  }
  // `(shape):(stride)`, the rest of the text.
  std::pair<Tuple, Tuple> shapeAndStride() {
    Tuple shape = tuple();
    if (!eat(':'))
      fail(pos_, "expected ':' between the shape and the stride");
    Tuple stride = tuple();
    if (!atEnd())
      fail(pos_, "unexpected text after the stride");
    return {std::move(shape), std::move(stride)};
  }

private:
  std::string_view t_;
  std::string field_;
  size_t pos_ = 0;
};

} // namespace ls::notation::cute
