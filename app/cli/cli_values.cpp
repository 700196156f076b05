#include "cli_values.h"

#include "notation/mlir/attr_syntax_parser.h"
#include "layout/layout_utils.h"
#include "util/error.h"

namespace ls::cli {

std::vector<std::vector<int32_t>> parseBasesList(const std::string &text, const std::string &flag) {
  const std::string rule = "expected a list of bases like [[0, 1], [1, 0]]";
  ir::ValuePtr v;
  try {
    ir::SyntaxParser p(text);
    v = p.parseValue();
    p.expectEnd();
  } catch (const Error &) {
    throw Error(flag, rule + ", got '" + text.substr(0, 80) + "'");
  }
  if (v->kind != ir::Value::Kind::List || v->items.size() > 16)
    throw Error(flag, rule + " (at most 16)");
  std::vector<std::vector<int32_t>> out;
  for (const auto &item : v->items) {
    if (item->kind != ir::Value::Kind::List || item->items.size() > static_cast<size_t>(kMaxRank))
      throw Error(flag, rule);
    std::vector<int32_t> basis;
    for (const auto &x : item->items) {
      if (x->kind != ir::Value::Kind::Integer || x->integer < 0 || x->integer > (1 << 30))
        throw Error(flag, "basis entries must be integers from 0 to 2^30");
      basis.push_back(static_cast<int32_t>(x->integer));
    }
    out.push_back(std::move(basis));
  }
  return out;
}

int64_t parseCount(const std::string &text, const std::string &flag) {
  if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos)
    throw Error(flag, "expected a number such as 4, got '" + text.substr(0, 40) + "'");
  return std::stoll(text);
}

} // namespace ls::cli
