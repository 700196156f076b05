// Comma-separated integer lists for flags such as --contiguity 1,64.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ls::cli {

// "1,64" -> {1, 64}; at most kMaxRank (20) values, each < 2^40; errors name `flag`.
std::vector<int64_t> parseIntList(const std::string &text, const std::string &flag,
                                  bool allowZero = false);

} // namespace ls::cli
