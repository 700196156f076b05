// Replays fuzz inputs through a target's LLVMFuzzerTestOneInput without
// libFuzzer, so that the normal (gcc) and ASan builds run every regression
// corpus under CTest.
//
//   fuzz_replay_<target> FILE_OR_DIR...
//
// Each input runs once; an input that takes longer than the fuzzers' hang
// limit (1 s, 10 s under the sanitizers' slowdown is allowed via
// LS_REPLAY_LIMIT_MS) fails the run. A crash or sanitizer report ends the
// process with the offending file named on stderr first.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_target.h"

namespace fs = std::filesystem;

int main(int argc, char **argv) {
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const fs::path p(argv[i]);
    if (fs::is_directory(p)) {
      for (const auto &e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file() && e.path().filename().string()[0] != '.')
          inputs.push_back(e.path());
    } else if (fs::is_regular_file(p)) {
      inputs.push_back(p);
    } else {
      std::fprintf(stderr, "no such input: %s\n", argv[i]);
      return 2;
    }
  }
  std::sort(inputs.begin(), inputs.end());
  const char *limitEnv = std::getenv("LS_REPLAY_LIMIT_MS");
  const long limitMs = limitEnv ? std::atol(limitEnv) : 1000;
  int slow = 0;
  for (const fs::path &p : inputs) {
    std::ifstream f(p, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    std::fprintf(stderr, "replay %s (%zu bytes)\n", p.string().c_str(), bytes.size());
    const auto t0 = std::chrono::steady_clock::now();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
    const long ms = static_cast<long>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count());
    if (ms > limitMs) {
      std::fprintf(stderr, "too slow: %s took %ld ms (limit %ld)\n", p.string().c_str(), ms,
                   limitMs);
      ++slow;
    }
  }
  std::printf("%zu inputs replayed, %d too slow\n", inputs.size(), slow);
  return slow == 0 && !inputs.empty() ? 0 : 1;
}
