// Self-checking CUDA and HIP test kernels.
//
// A test kernel proves on a real GPU that a layout puts every element where
// Layout Studio says.  It is one self-contained source file (no headers but
// the runtime's), built from a KernelDescriptor:
//
// Distributed layouts: one CTA per block of the layout, warps x lanes
// threads.  Each thread computes, for each of its registers, the element it
// holds by xor-ing the basis tables of its register, lane, warp and block
// bits; it loads that element from global memory into its own slot (one per
// hardware location) and leaves its identity on the element (the lowest
// location holding it, and a count of holders).  The host recomputes all of
// that from the tables, checks the tables against a fingerprint of Layout
// Studio's layout, and compares every location and every element: replicated
// elements must have exactly the expected holders, each holder must have
// loaded the right value.
//
// Shared layouts: each CTA stores every element at the offset the layout
// gives it (padding included), then reads the tensor back through a plain
// distributed layout with the same CTA split, finding each element's offset
// through the layout's pseudo-inverse.  Small element types take several
// rounds so that every element index is compared exactly.
//
// The program prints `PASS: ...` and exits 0, or `FAIL: <first mismatch>` and
// exits 1 (2 for a runtime error).  It compiles without warnings under
// -Wall -Wextra -Werror with nvcc (sm_80, sm_90) and hipcc (gfx90a, gfx940).
// Lanes are the layout's logical lanes (threadIdx.x % lanes), so a 64-lane
// AMD layout also runs on 32-lane NVIDIA warps.
#pragma once

#include <string>

#include "codegen/kernel_descriptor.h"

namespace ls::codegen {

enum class KernelDialect { Cuda, Hip };

std::string testKernelSource(const KernelDescriptor &d, KernelDialect dialect);

// Descriptor + source in one step.  Throws ls::Error for designs a kernel
// cannot check (see describeKernel; shared memory beyond the target's limit).
std::string exportTestKernel(const ExportDesign &design, const ExportOptions &options,
                             KernelDialect dialect);

} // namespace ls::codegen
