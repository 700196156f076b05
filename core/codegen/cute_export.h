// CuTe (CUTLASS 3.x) C++ types of a design: the thread-value layout of a
// distributed layout, or the swizzled composition of a shared one, as
// compile-time types a CUTLASS kernel can use (`export --format cute`).
//
// The layouts are the ones `print --syntax cute` writes (notation/cute):
//   ((8,16),(8,4)):((512,1),(64,16))
//     -> Layout<Shape<Shape<Int<8>, Int<16>>, Shape<Int<8>, Int<4>>>,
//               Stride<Stride<Int<512>, Int<1>>, Stride<Int<64>, Int<16>>>>
//   Swizzle<3,3,3> o (64,64):(64,1)
//     -> decltype(composition(Swizzle<3, 3, 3>{},
//                             Layout<Shape<Int<64>, Int<64>>, Stride<Int<64>, Int<1>>>{}))
// with a comment saying what the layout maps (CuTe's column-major tile index;
// thread = lane + lanes * warp; the B operand of an NVIDIA MMA over CUTLASS's
// (N, K) tile). Throws ls::Error where the layout has no CuTe form.
#pragma once

#include <string>
#include <string_view>

#include "codegen/export_options.h"

namespace ls::codegen {

std::string exportCute(const ExportDesign &design, const ExportOptions &options);

// The C++ type of one CuTe layout text as notation/cute writes it (a
// `(shape):(stride)` layout, or `Swizzle<B,M,S> o ... o (shape):(stride)`).
// Throws ls::Error("layout", ...) for text it does not read.
std::string cuteTypeOf(std::string_view cuteText);

} // namespace ls::codegen
