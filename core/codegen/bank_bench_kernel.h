// A CUDA microbenchmark that performs exactly the shared-memory accesses of a
// SharedAccessReport pair (the store and the load of one distributed tensor
// to/from one shared layout), so that Nsight Compute can count their
// wavefronts and bank conflicts on a real GPU.
//
// The generated file is self-contained (nvcc -arch=sm_90 bank.cu). Each
// thread reads its byte address for every instruction from a table in
// global memory (global loads never touch the shared-memory counters) and
// issues the very instruction the model serves -- st.shared / ld.shared of
// 1..16 bytes, or stmatrix / ldmatrix .x1/.x2/.x4 [.trans] -- through inline
// PTX, so the compiler can neither merge, split nor drop it. One CTA with
// all the layout's warps runs each kernel; every kernel exists twice, doing
// the accesses once (<1>) and three times (<3>), in launch order
//   0: store<1>  1: store<3>  2: load<1>  3: load<3>
// so that (count<3> - count<1>) / 2 is exactly one pass with any constant
// overhead cancelled. The header comment carries the model's prediction per
// pass (CTA wavefronts and ideal for the store and the load).
#pragma once

#include <string>
#include <vector>

#include "analysis/banks/shared_access.h"

namespace ls {

struct BankBenchCase {
  std::string distributed; // attribute text, for the header comment
  std::string shared;
  std::vector<int64_t> shape;
  std::string dtype;
  const SharedAccessReport *load = nullptr;  // direction Load
  const SharedAccessReport *store = nullptr; // direction Store, same layouts
};

// Largest address table (instructions x threads, per direction) generated.
constexpr int64_t kMaxBenchTableEntries = int64_t{1} << 20;

// The .cu source.  Throws ls::Error("--emit-cuda", ...) if the case needs
// more than kMaxBenchTableEntries addresses or 227 KiB of shared memory.
std::string bankBenchKernel(const BankBenchCase &c);

} // namespace ls
