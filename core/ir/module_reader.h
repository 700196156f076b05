// Reading TTGIR/MLIR text into Modules.
//
// The reader is MLIR's OperationParser in miniature: the attribute and type
// reader (notation/mlir) reads what sits inside types and aliases; on top of
// it this reader knows operations, SSA names and their scopes, blocks and
// regions, and locations. It knows the *shape* of MLIR op syntax, not each
// op: an op it has never heard of reads from its shape (results, name,
// operands, attribute dictionaries, regions, trailing types, loc) like any
// other. Where an op's printed form does not say its result type (tt.load
// prints the pointer type, arith.cmpi the operand type) a short table in the
// reader says how Triton derives it.
//
// It never throws for bad text. Each malformed line becomes a Diagnostic
// with its line:column and the reader resumes at the next line, so one
// broken line never hides the other 300 ops. A file may hold several
// `module { }` ops; ops outside any module go to an implicit one, as
// `mlir-opt` does for a lit-test fragment.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/location.h"
#include "ir/module.h"
#include "util/diagnostics.h"
#include "util/source_text.h"

namespace ls::ir {

struct ModuleFile {
  SourceText source;
  std::vector<Module> modules;
  Diagnostics diagnostics;
  std::shared_ptr<const AliasMap> aliases; // every `#name = #attr` of the file
  std::vector<LayoutAlias> layoutAliases;  // the layout ones, in file order
  LocationTable locations;                 // every `#loc = loc(...)` of the file

  // True if the text holds at least one operation or alias (an MLIR text at all).
  bool looksLikeMlir() const;
};

// Largest text read (bigger texts give one diagnostic and no modules).
constexpr size_t kMaxModuleText = size_t{64} << 20;

// Postcondition: never throws ls::Error; every problem is in `diagnostics`.
ModuleFile readModuleFile(std::string text);

} // namespace ls::ir
