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

#include <functional>
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
  // What Triton 3.6 accepts oddly in the file's layouts (an ignored key, an
  // odd default: the parser's warnings), each at the alias or first type
  // using it, "#name: field: what" or "type T: field: what". Not errors:
  // the file reads as Triton reads it.
  Diagnostics warnings;
  std::shared_ptr<const AliasMap> aliases; // every `#name = #attr` of the file
  std::vector<LayoutAlias> layoutAliases;  // the layout ones, in file order
  LocationTable locations;                 // every `#loc = loc(...)` of the file
  // Reading stopped at a bound of util/limits.h (text size, operations,
  // values, unreadable lines): the last diagnostic says which, and there
  // are no modules. Callers report it as an error, not a warning.
  bool stopped = false;
  bool cancelled = false; // stopped because the progress callback said so

  // True if the text holds at least one operation, a written `module`
  // (even an empty one) or an alias: an MLIR text at all.
  bool looksLikeMlir() const;
};

// Largest text read (bigger texts give one diagnostic and no modules).
constexpr size_t kMaxModuleText = size_t{64} << 20;
// So do texts of more than limits::kMaxOps operations or limits::kMaxValues
// values, and texts with more than limits::kMaxDiagnostics unreadable lines:
// each is one diagnostic at the line:column where reading stopped.

// Told how far reading got (bytes of the text, of `total`) about every
// 64 KiB; returning false cancels the read (stopped and cancelled set, one
// diagnostic "reading cancelled", no modules). The GUI reads a large paste
// or kernel file on a worker thread and shows this as its progress.
using ReadProgress = std::function<bool(size_t done, size_t total)>;

// Postcondition: never throws ls::Error; every problem is in `diagnostics`.
ModuleFile readModuleFile(std::string text, const ReadProgress &progress = {});

} // namespace ls::ir
