// The C++ export test's cases: each exported snippet compiled verbatim inside
// a function returning the LinearLayout it builds (ls::LinearLayout) and the
// text of the encoding its Triton builder calls make (through the stand-ins of
// cpp_export_stubs.h).
#pragma once

#include <string>
#include <vector>

#include "cpp_export_stubs.h"
#include "layout/linear_layout.h"

namespace ls_test {

struct Built {
  ls::LinearLayout layout;
  std::string encodingText;
};

struct CppCase {
  const char *attr;      // as written in the case file
  const char *canonical; // Triton 3.6's printed form
  const char *shape;
  std::vector<int32_t> dims;
  ls::LinearLayout::BasesT expected; // Triton 3.6's bases (oracle) or the CLI's
  Built (*build)(ttg::MLIRContext *ctx);
};

const std::vector<CppCase> &cppCases();

} // namespace ls_test
