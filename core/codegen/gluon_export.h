// Gluon export: the layout as Triton 3.6's Gluon Python constructors.
//
// Each encoding maps to its Gluon class with Gluon's parameter names
// (triton/experimental/gluon/language/_layouts.py and amd/_layouts.py):
//
//   blocked        ttgl.BlockedLayout(size_per_thread, threads_per_warp,
//                                     warps_per_cta, order, cga_layout)
//   slice          ttgl.SliceLayout(dim, parent)
//   nvidia_mma     ttgl.NVMMADistributedLayout(version=[major, minor],
//                                              warps_per_cta, instr_shape, cga_layout)
//   dot_op         ttgl.DotOperandLayout(operand_index, parent, k_width)
//   amd_mfma       AMDMFMALayout(version, instr_shape, transposed, warps_per_cta,
//                                element_bitwidth, tiles_per_warp, cga_layout)
//   amd_wmma       AMDWMMALayout(version, transposed, warps_per_cta, instr_shape,
//                                tiles_per_warp, cga_layout)
//   linear         ttgl.DistributedLinearLayout(reg_bases, lane_bases, warp_bases,
//                                               block_bases, shape)
//   swizzled       ttgl.SwizzledSharedLayout(vec, per_phase, max_phase, order, cga_layout)
//   nvmma_shared   ttgl.NVMMASharedLayout(swizzle_byte_width, element_bitwidth, rank,
//                                         transposed, fp4_padded, cga_layout)
//   padded_shared  ttgl.PaddedSharedLayout(interval_padding_pairs, offset_bases,
//                                          block_bases, shape)
//   shared_linear  ttgl.SharedLinearLayout(offset_bases, block_bases, alignment)
//
// The snippet binds `shape`, `layout` (the constructor above) and
// `layout_linear`: the same layout as explicit bases on the shape
// (DistributedLinearLayout, or SharedLinearLayout for shared layouts), which
// is what `ttgl.to_linear_layout(layout, shape)` returns for distributed ones.
// Layouts Gluon 3.6 has no class for (amd_rotating_shared) or cannot express
// (the pre-3.4 amd_mfma form with version 0) are exported as their bases.
#pragma once

#include <string>

#include "codegen/export_options.h"

namespace ls::codegen {

std::string exportGluon(const ExportDesign &design, const ExportOptions &options);

} // namespace ls::codegen
