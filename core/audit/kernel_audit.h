// The whole-kernel audit: every layout a TTGIR kernel uses and what it costs.
//
// Kernel authors start from a slow kernel, not from a layout. The audit walks
// every module and function of a TTGIR file (core/ir) and gives each op that
// touches a layout its role and its figures, with the op's source line and
// the Python location Triton recorded:
//
//   tensors    every distinct tensor type: its layout, Triton's bases for its
//              shape, and how many op results have it;
//   converts   every ttg.convert_layout: class (no-op, register permutation,
//              warp shuffle, shared memory, across CTAs) and cost, as
//              `convert` computes it, and the loop depth it sits at;
//   shared     every local_alloc with a value, local_load, local_store and
//              async copy into shared memory: Triton's bank_conflicts count and
//              the wavefronts of the module's target; tensor-core and TMA
//              operands are listed with their layouts (no registers to count);
//   global     every tt.load / tt.store / atomic: the vector width its layout
//              allows and, where the IR shows the pointer's strides, the
//              32-byte sectors per warp-instruction (else unknown);
//   findings   the costly ones ranked: conversions through shared memory
//              (weighted by loop depth), conflicting shared accesses,
//              uncoalesced global accesses, each with its figure and a
//              proposal where the tool has one.
//
// The module decides the machine: ttg.target and ttg.threads-per-warp (a
// 64-lane module is AMD); an explicit target overrides.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/banks/bank_model.h"
#include "analysis/convert/conversion_swizzle.h"
#include "ir/module_reader.h"
#include "layout/linear_layout.h"

namespace ls::audit {

// The machine a kernel runs on, as the analyses need it.
struct AuditTarget {
  std::string name;       // "sm90", "gfx942", ...
  std::string triton;     // Triton's spelling: "cuda:90", "hip:gfx942"
  BankTarget banks;       // shared-memory bank model
  ScratchTarget scratch;  // instructions a conversion's scratch buffer may use
};

// `override` (sm90, cuda:90, hip:gfx942, gfx942, ...) wins; else the module's
// ttg.target; else 64 lanes means gfx942 and 32 means sm90.
// Throws ls::Error(field) for a spelling it does not know.
AuditTarget resolveTarget(const std::string &moduleTarget, std::optional<int> threadsPerWarp,
                          const std::optional<std::string> &override,
                          const std::string &field = "--target");

struct Place {
  int line = 0;       // 1-based line of the op
  std::string loc;    // resolved Python location "k.py:42:36", or "unknown"
  int loopDepth = 0;  // enclosing scf.for / scf.while ops
  std::string function;
};

struct TensorRow {
  std::string type; // canonical, layout inline
  std::string layout;
  std::optional<LinearLayout> linear; // absent if the layout could not be evaluated
  std::string error;
  int count = 0;
};

struct ConvertRow {
  Place at;
  std::string src, dst;
  std::string cls;      // conversionKindName, or "unknown"
  std::string costJson; // report::conversionCostJson, or "null"
  std::string summary;  // one line for the text report
  int64_t scratchBytes = 0;
  std::string error;
};

struct SharedRow {
  Place at;
  std::string op;
  std::string tensor;  // canonical register tensor type, "" for tensor-core/TMA operands
  std::string memdesc; // canonical memdesc type
  std::optional<int64_t> conflicts;  // Triton's bank_conflicts
  std::optional<int64_t> wavefronts, idealWavefronts; // one warp, all its instructions
  std::string instruction;
  std::string note; // why a figure is missing
  std::string proposal; // a shared layout without the conflicts, when the search finds one
  int64_t allocBytes = 0; // local_alloc only
};

struct GlobalRow {
  Place at;
  std::string op;
  std::string type; // the pointer tensor's canonical type
  int vectorBits = 0;
  std::optional<std::vector<int64_t>> strides;     // elements, per dim, if the IR shows them
  std::optional<double> sectorsPerWarp;            // per warp-instruction
  std::optional<double> minSectorsPerWarp;
};

struct Finding {
  Place at;
  std::string kind; // "convert_through_shared", "bank_conflicts", "uncoalesced", "convert_shuffle"
  std::string message;
  double score = 0; // ranking weight: bytes moved or replayed, times 8 per loop level
};

struct KernelAudit {
  std::string file;
  AuditTarget target;
  int numWarps = 4, threadsPerWarp = 32, numCtas = 1;
  std::optional<int> declaredShared;  // ttg.shared
  int64_t allocatedShared = 0;        // sum of local_alloc bytes
  int modules = 0, functions = 0, operations = 0;
  std::vector<TensorRow> tensors;
  std::vector<ConvertRow> converts;
  std::vector<SharedRow> shared;
  std::vector<GlobalRow> global;
  std::vector<Finding> findings; // ranked, costliest first
  std::vector<std::string> unknownOps; // op names outside the dialects the audit knows
};

struct AuditOptions {
  std::optional<std::string> target;
};

// Requires: `file` read without errors (check file.diagnostics first).
KernelAudit auditKernel(const ir::ModuleFile &file, const std::string &fileName,
                        const AuditOptions &options = {});

} // namespace ls::audit
