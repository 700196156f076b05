// The one place a broken oracle property stops the process: libFuzzer saves
// the input as a crash, the replay test fails naming the file.
#include <cstdio>
#include <cstdlib>

#include "fuzz_target.h"

namespace ls::fuzz {

void oracleFailed(const char *what, std::string_view detail) {
  std::fprintf(stderr, "oracle failed: %s\n%.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

} // namespace ls::fuzz
