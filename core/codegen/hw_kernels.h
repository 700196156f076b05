// CUDA and HIP kernels whose answer the hardware decides (docs/export.md,
// "cuda and hip kernels").
//
// Every kernel carries Layout Studio's table for the design as ONE constant
// array between the lines `// LS_TABLE begin` and `// LS_TABLE end` (one
// entry per hardware location, the flat row-major element it holds; or, for
// shared memory, one entry per offset), so that a script can corrupt one
// entry and watch the kernel fail.  The program prints `PASS: ...` and exits
// 0, or `FAIL: <first difference>` and exits 1 (2 for a runtime error).
//
// Which kernel a design gets (`--kernel auto`):
//   nvidia_mma v2 and dot_op of it  -> mma.sync: operands and accumulators
//       placed in registers by the tool's ownership maps of A, B and C; the
//       tensor cores' product must equal the host's, and a run with
//       index-valued inputs shows which register holds which element;
//   nvmma_shared (16-bit), nvidia_mma v3 -> wgmma.mma_async (sm_90a) reading
//       A and B from shared memory written at the tool's offsets, with the
//       descriptor Triton's attribute implies;
//   swizzled_shared (16-bit, 16-byte rows) -> ldmatrix/stmatrix at the tool's
//       shared addresses; the fragments must be the dot-operand layout's registers;
//   any other distributed layout (or `--kernel copy`) -> a copy kernel
//       global -> registers -> global through the layout, checking every
//       element arrives exactly as often as the layout replicates it, and
//       printing the predicted 32-byte sectors per request for Nsight Compute.
//   tensor_memory_encoding (f32, 32x32b)  -> tcgen05.st/ld round trip (sm_100a,
//       compile-checked only: exportTmemKernel);
// HIP (compile-checked only: no AMD GPU here): amd_mfma -> MFMA builtins,
//   amd_wmma version 1 -> __builtin_amdgcn_wmma_f32_16x16x16_f16_w32 (gfx1100),
//   else the copy kernel.
#pragma once

#include <string>

#include "analysis/tmem/tmem_design.h"
#include "codegen/export_options.h"

namespace ls::codegen {

enum class KernelDialect { Cuda, Hip };

// Which kernel --kernel names: "auto" (by the layout's kind), "copy", "mma", "ldmatrix".
enum class KernelChoice { Auto, Copy, Mma, Ldmatrix };
KernelChoice parseKernelChoice(const std::string &text, const std::string &field = "--kernel");

std::string exportHardwareKernel(const ExportDesign &design, const ExportOptions &options,
                                 KernelDialect dialect);

// A tensor-memory design (#ttng.tensor_memory_encoding, 32-bit elements, one
// CTA, the 32x32b access): a CUDA kernel for sm_100a that stores every thread's
// registers (the tool's register layout) into TMEM with tcgen05.st, reads every
// TMEM cell back with tcgen05.ld and checks it against the tool's TMEM layout,
// then reloads the registers.  Compile-checked only (no Blackwell GPU here).
std::string exportTmemKernel(const TmemDesign &design);

} // namespace ls::codegen
