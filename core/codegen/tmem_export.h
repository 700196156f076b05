// The TMEM-specific export snippets: a tensor-memory design written as Triton
// IR, as Gluon Python and as Triton C++ -- each one enough to reproduce the
// TMEM layout and the register layout of its load/store in that world.
//
//   MLIR   aliases #tmem and #linear, a ttng.tmem_alloc of the memdesc and a
//          ttng.tmem_load into the register layout (text Triton 3.6 parses);
//   Gluon  TensorMemoryLayout(block=(M, N), col_stride=..) and
//          get_tmem_reg_layout(dtype, shape, layout, num_warps, instr_variant),
//          with the resulting DistributedLinearLayout spelled out;
//   C++    TensorMemoryEncodingAttr::get, MemDescType::get,
//          getDistributedLayoutForTmemLdSt, and the expected LinearLayout.
//
// All three compute the register layout first, so an invalid design throws
// ls::Error (the export command reports it) instead of emitting wrong code.
#pragma once

#include <string>

#include "analysis/tmem/tmem_design.h"

namespace ls::codegen {

std::string tmemMlir(const TmemDesign &design);
std::string tmemGluon(const TmemDesign &design);
std::string tmemCpp(const TmemDesign &design);

// Gluon's name of an element type: f32 -> "gl.float32", f8E4M3FN -> "gl.float8e4nv".
std::string gluonDtype(const ir::ElementType &element);
// MLIR C++ builder of an element type: f32 -> "Float32Type::get(ctx)".
std::string mlirCppType(const ir::ElementType &element);

} // namespace ls::codegen
