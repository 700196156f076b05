#include "ir/module.h"

#include <cctype>
#include <charconv>
#include <functional>

namespace ls::ir {

const Shape &SsaValue::shape() const {
  static const Shape kNone;
  return type ? type->shape : kNone;
}

bool Operation::hasAttribute(const std::string &key) const {
  for (const auto &[k, v] : attributes)
    if (k == key)
      return true;
  return false;
}

std::optional<std::string> Operation::attribute(const std::string &key) const {
  for (const auto &[k, v] : attributes)
    if (k == key)
      return v;
  return std::nullopt;
}

std::optional<int64_t> Operation::intAttribute(const std::string &key) const {
  auto v = attribute(key);
  if (!v || v->empty())
    return std::nullopt;
  // "16 : i32", "-1", "true" is not an integer.
  size_t p = 0;
  bool neg = (*v)[0] == '-';
  if (neg)
    ++p;
  if (p >= v->size() || !std::isdigit(static_cast<unsigned char>((*v)[p])))
    return std::nullopt;
  // Decimal, or MLIR's hex (`0x40 : i32`).
  const bool hex = v->compare(p, 2, "0x") == 0 && p + 2 < v->size() &&
                   std::isxdigit(static_cast<unsigned char>((*v)[p + 2]));
  if (hex)
    p += 2;
  int64_t r = 0;
  while (p < v->size() && (hex ? std::isxdigit(static_cast<unsigned char>((*v)[p]))
                               : std::isdigit(static_cast<unsigned char>((*v)[p])))) {
    if (r > (int64_t{1} << 56))
      return std::nullopt;
    const char c = (*v)[p++];
    r = r * (hex ? 16 : 10) + (std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (c | 0x20) - 'a' + 10);
  }
  while (p < v->size() && (*v)[p] == ' ')
    ++p;
  if (p < v->size() && (*v)[p] != ':')
    return std::nullopt;
  return neg ? -r : r;
}

std::optional<std::vector<int64_t>> Operation::intArrayAttribute(const std::string &key) const {
  auto v = attribute(key);
  if (!v || v->rfind("array<", 0) != 0 || v->back() != '>')
    return std::nullopt;
  const std::string_view body = std::string_view(*v).substr(6, v->size() - 7);
  const size_t colon = body.find(':');
  std::vector<int64_t> out;
  if (colon == std::string_view::npos)
    return out; // `array<i32>`: no elements
  std::string_view rest = body.substr(colon + 1);
  for (;;) {
    while (!rest.empty() && rest.front() == ' ')
      rest.remove_prefix(1);
    if (rest.empty())
      return out;
    int64_t n = 0;
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
    if (ec != std::errc())
      return std::nullopt;
    out.push_back(n);
    rest.remove_prefix(size_t(end - rest.data()));
    while (!rest.empty() && rest.front() == ' ')
      rest.remove_prefix(1);
    if (!rest.empty()) {
      if (rest.front() != ',')
        return std::nullopt;
      rest.remove_prefix(1);
    }
  }
}

std::optional<std::string> Operation::stringAttribute(const std::string &key) const {
  auto v = attribute(key);
  if (!v || v->size() < 2 || v->front() != '"' || v->back() != '"')
    return std::nullopt;
  return v->substr(1, v->size() - 2);
}

std::vector<int> Module::walk() const {
  std::vector<int> out;
  std::function<void(int)> visitOp = [&](int op) {
    for (int r : ops[op].regions)
      for (int b : regions[r].blocks)
        for (int inner : blocks[b].operations) {
          out.push_back(inner);
          visitOp(inner);
        }
  };
  if (moduleOp >= 0)
    visitOp(moduleOp);
  return out;
}

int Module::opAtLine(int line) const {
  for (int op : walk())
    if (ops[op].pos.line == line)
      return op;
  return -1;
}

int Module::findValue(const std::string &name) const {
  for (size_t i = 0; i < values.size(); ++i)
    if (values[i].name == name)
      return static_cast<int>(i);
  return -1;
}

} // namespace ls::ir
