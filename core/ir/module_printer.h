// Printing a Module back as MLIR text in the generic op form:
//
//   %v3, %v4 = "scf.for"(%v0, %v1, %v2) ({
//   ^bb0(%v5: i32, %v6: f32):
//     "scf.yield"(%v6) : (f32) -> ()
//   }) {tt.num_stages = 3 : i32} : (i32, i32, i32) -> (f32) loc("k.py":12:5)
//
// The generic form says everything the reader collected (operands, results
// with types, attributes, regions, blocks, locations) without any op's
// custom syntax, so reading it back must give the same structure: that is
// the round-trip test of the reader. Values are renamed %v<index> so that the
// text is unambiguous whatever names the source used.
#pragma once

#include <string>

#include "ir/module.h"

namespace ls::ir {

// Postcondition: the attribute aliases, then `module attributes {...} {`, the
// body ops in generic form, and `}`.
std::string printModuleGeneric(const Module &m);

// `"f.py":12:5`, `callsite("a":1:2 at "b":3:4)`, `"name"(...)`, `unknown`:
// the text inside loc( ) that reads back to the same Location.
std::string locationText(const Location &loc);

} // namespace ls::ir
