// Reading basis lists such as Gluon's cga_layout ("[[0, 1], [1, 0]]") from
// the command line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ls::cli {

// "[[0, 1], [1, 0]]" or "[]" -> the bases; errors name `flag`.
std::vector<std::vector<int32_t>> parseBasesList(const std::string &text, const std::string &flag);

} // namespace ls::cli
