#include "cli_lists.h"

#include "layout/layout_utils.h"
#include "util/error.h"

namespace ls::cli {

std::vector<int64_t> parseIntList(const std::string &text, const std::string &flag,
                                  bool allowZero) {
  std::vector<int64_t> out;
  size_t i = 0;
  while (true) {
    size_t j = text.find(',', i);
    std::string part = text.substr(i, j == std::string::npos ? std::string::npos : j - i);
    if (part.empty() || part.size() > 12 ||
        part.find_first_not_of("0123456789") != std::string::npos)
      throw Error(flag, "'" + text + "' is not a list of non-negative integers separated by "
                                     "',', e.g. 1,64");
    int64_t v = std::stoll(part);
    if (v >= (int64_t{1} << 40))
      throw Error(flag, "values must be below 2^40");
    if (v == 0 && !allowZero)
      throw Error(flag, "values must be positive");
    out.push_back(v);
    if (out.size() > static_cast<size_t>(kMaxRank))
      throw Error(flag, "at most " + std::to_string(kMaxRank) + " values");
    if (j == std::string::npos)
      break;
    i = j + 1;
  }
  return out;
}

} // namespace ls::cli
