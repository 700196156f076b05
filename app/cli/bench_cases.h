// The fixed set of engine timings that `layout-studio-cli bench` reports, so
// that the same cases can be timed against Triton's own engine
// (tools/gpu/bench/triton_bench.py uses the same attribute texts and shapes).
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace ls {

struct BenchCase {
  std::string name;      // e.g. "blocked 128x128"
  std::string what;      // "toLinearLayout", "ownership map", ...
  std::string attribute; // the layout (for the Triton side-by-side)
  std::vector<int64_t> shape;
  std::string unit;      // "us" or "ms"
  std::function<void()> run;
};

// Cases are self-contained (each run() parses nothing: it converts an
// already-built encoding), so the timings are of the engine alone.
std::vector<BenchCase> standardBenchCases();

struct BenchResult {
  std::string name, what, unit;
  double value = 0; // median per run in `unit`
  long iterations = 0;
};

// Times each case for about `secondsPerCase` (median of repeated batches).
std::vector<BenchResult> runBench(const std::vector<BenchCase> &cases, double secondsPerCase);

} // namespace ls
