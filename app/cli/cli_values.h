// Reading the values of the Blackwell commands' flags: basis lists such as
// Gluon's cga_layout ("[[0, 1], [1, 0]]") and counts (--num-warps, --k).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ls::cli {

// "[[0, 1], [1, 0]]" or "[]" -> the bases; errors name `flag`.
std::vector<std::vector<int32_t>> parseBasesList(const std::string &text, const std::string &flag);

// A count of at most six digits ("4", "128"); errors name `flag`.
int64_t parseCount(const std::string &text, const std::string &flag);

} // namespace ls::cli
