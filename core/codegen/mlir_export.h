// MLIR exports: the layout attribute, and a whole TTGIR module that uses it.
//
// The attribute is the canonical text Triton 3.6 prints (or the spelling of
// older Triton with Syntax::Legacy), ready to paste after `#name = ` in a
// TTGIR file.
//
// The module is the smallest program that makes Triton build everything the
// layout implies.  For a distributed layout L on 64x64 f16:
//
//   offsets in a plain blocked layout     (make_range, expand_dims, muli, addi)
//   pointers converted to L               (ttg.convert_layout)
//   tt.load in L                          (each thread loads L's elements)
//   values converted back to blocked      (ttg.convert_layout)
//   tt.store                              (out[i] = in[i])
//
// For a shared layout the middle becomes ttg.local_alloc into that layout
// and ttg.local_load back.  The module attributes (num-warps, threads-per-
// warp, num-ctas, target) come from the design, so `triton.compile(path)`
// on the saved .ttgir lowers it for the target with no further input.
#pragma once

#include <string>

#include "codegen/export_options.h"

namespace ls::codegen {

// The attribute text followed by a newline.
std::string exportAttribute(const ExportDesign &design, const ExportOptions &options);

// A complete TTGIR module.  Throws ls::Error for designs Triton could not
// compile: a pointer element type, more than 2^20 elements (Triton's largest
// tensor), a lane count the target's warps do not have.
std::string exportModule(const ExportDesign &design, const ExportOptions &options);

} // namespace ls::codegen
