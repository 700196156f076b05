// The kernel audit: every layout, conversion and memory access a TTGIR
// kernel pays for, read from the module itself.
//
// A kernel author asks "where does my kernel spend its layouts?". The audit
// answers from the module the reader built (ir::Module): it walks every
// function of every module in the file and, per op,
//
//   %v = ... : tensor<128x64xf16, #blocked>     -> Values: the type, its linear
//                                                  layout (Triton's bases), count
//   %c = ttg.convert_layout %v : A -> B         -> Conversions: class + cost of
//                                                  analysis/convert, loop depth
//   %t = ttg.local_load %m : memdesc -> tensor  -> Shared: Triton's
//                                                  bank_conflicts + wavefronts
//   %l = tt.load %p : tensor<..x!tt.ptr<f16>>   -> Global: vector bits, and
//                                                  sectors per warp-instruction
//                                                  where the IR shows strides
//
// then ranks what costs most (findings) with a proposal where the tool has
// one. The machine is the module's: `ttg.target` and `ttg.threads-per-warp`
// choose the bank model and the scratch instructions (AuditOptions::target
// overrides). Nothing here prints; report/audit_report writes JSON and text.
//
// Invariant: every entry names its op by 1-based source line and resolved
// loc; a figure the IR cannot support is absent (std::nullopt), never guessed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/banks/bank_model.h"
#include "analysis/convert/layout_conversion.h"
#include "ir/module_reader.h"
#include "layout/linear_layout.h"

namespace ls::audit {

struct AuditOptions {
  std::string target;     // "" = the module's ttg.target; else sm90, gfx942, cuda:90 ...
  bool wavefronts = true; // serve every access through the bank model
};

// One distinct tensor type (canonical text) and the ops producing it.
struct AuditTensor {
  std::string type;   // canonical, layouts inline
  std::string layout; // the layout attribute, canonical
  Shape shape;
  std::optional<LinearLayout> linear; // Triton's bases; absent with `error`
  int count = 0;                      // op results of this type
  int firstLine = 0;
  std::string error;
};

// Where an op sits: line, loc and the loops around it.
struct AuditSite {
  int op = -1;     // index into the module's ops
  int module = 0;  // which module of the file
  int line = 0;    // 1-based
  std::string loc; // "k.py:42:36" or "unknown"
  std::string function;
  int loopDepth = 0; // scf.for / scf.while around the op
  // In a ttg.warp_specialize partition: which (0-based) and its warps
  // (num_warps(N); 0 where not written); -1 outside any partition.
  int partition = -1;
  int partitionWarps = 0;
};

struct AuditConvert {
  AuditSite site;
  std::string src, dst; // canonical type texts
  int elementBits = 32;
  std::optional<ConversionCost> cost; // absent with `error`
  std::string error;
  std::string proposal; // how the conversion could vanish, or ""
  // Why a producer that could make the destination layout is not proposed
  // (its memory read would get worse), or "".
  std::string proposalNote;
};

struct AuditShared {
  AuditSite site;
  std::string op;     // ttg.local_load, ...
  std::string tensor; // register-side type ("" for a memdesc-only operand)
  std::string memdesc;
  int elementBits = 0;
  std::optional<int> conflicts;      // Triton's bankConflictsMemDesc
  std::optional<int64_t> wavefronts; // bank model, one warp, all instructions
  std::optional<int64_t> idealWavefronts;
  std::string instruction;                  // ld.shared / ldmatrix / ds_read ...
  std::optional<int> instructionsPerThread; // of `instruction`, bank model
  // Where the bank model does not know the instruction Triton uses (gfx950's
  // transposing ds_read_b64_tr_b16): what it is, and that no wavefront
  // figure is given ("" otherwise).
  std::string modelNote;
  std::string error;
  // A swizzle for the buffer, or "": Triton's optimal swizzle for one of the
  // buffer's register-side accesses, kept if the buffer's accesses (same
  // memdesc layout and shape) together take fewer wavefronts with it and no
  // more instructions (without a bank model: fewer Triton conflicts).
  std::string proposal;
  std::optional<int> proposedConflicts;      // Triton's count with the proposal
  std::optional<int64_t> proposedWavefronts; // this access's, bank model
  // The buffer's accesses together, now -> with the proposal, and what any
  // access pays for it: "wavefronts 4224 -> 768 over 2 accesses; line 93's
  // ttg.local_store 32 -> 64". "" without a proposal.
  std::string proposalTrade;
  // Why a conflicting access has no proposal ("" if it has one or needs none).
  std::string proposalNote;
};

struct AuditGlobal {
  AuditSite site;
  std::string op;
  std::string type; // the pointer tensor's canonical type (a scalar access: the pointer's)
  bool scalar = false; // a scalar pointer: one element, every lane the same address
  int elementBits = 0;
  // Per thread: what Triton's code generation issues -- the layout's width
  // (layoutVectorBits) narrowed, where Triton's axis analysis of the IR says
  // so, by the pointer's alignment or the mask's constancy (vectorLimit says
  // which, with its figures; "" when the layout decides).
  int vectorBits = 0;
  int layoutVectorBits = 0;
  std::string vectorLimit;
  std::optional<std::vector<int64_t>> strides; // elements, when the IR shows them
  // Without all strides: the dim the IR shows with stride 1 (the vector runs
  // along it), if there is exactly one.
  std::optional<int> contiguousDim;
  std::optional<int64_t> sectorsPerWarp; // per warp-instruction of warp 0 (mean)
  std::optional<int64_t> minSectorsPerWarp;
  // Set where the IR shows the addresses aligned to less than 16 bytes (what
  // Triton knows of an aligned argument): the counts above are from a
  // 32-byte-aligned start, and may be one more per run.
  std::string sectorsNote;
  std::string error;
};

struct AuditFinding {
  AuditSite site;
  std::string kind;    // convert_in_loop, convert, bank_conflict, uncoalesced
  std::string message; // with the figure that makes it costly
  std::string proposal;
  double weight = 0; // ranking key (larger first)
};

struct UnknownOp {
  std::string name;
  int line = 0;
};

// One module of the file: its machine as the audit used it.
struct AuditModule {
  std::string target;     // "cuda:90", "hip:gfx942"
  std::string bankTarget; // the bank model's name
  int numWarps = 0, threadsPerWarp = 32, numCtas = 1;
  int firstLine = 0; // where its `module` (or first op) is
};

struct KernelAudit {
  std::string file;
  // Every module in file order; the fields below are the first module's
  // (a file of several modules for several machines lists each here).
  std::vector<AuditModule> modules;
  std::string target;     // as used: "cuda:90", "hip:gfx942"
  std::string bankTarget; // the bank model's name
  int numWarps = 0, threadsPerWarp = 32, numCtas = 1;
  std::optional<int64_t> sharedDeclared; // ttg.shared
  int64_t sharedAllocated = 0;           // bytes of every local_alloc
  std::vector<std::string> functions;
  std::vector<AuditTensor> tensors;
  std::vector<AuditConvert> converts;
  std::vector<AuditShared> shared;
  std::vector<AuditGlobal> global;
  std::vector<AuditFinding> findings; // ranked, costliest first
  std::vector<UnknownOp> unknownOps;
  // The reader's warnings ("25:12: tt.laod is not an op of Triton 3.6 ..."),
  // then what the audit assumed that the module does not say (a warp width
  // no machine runs), one sentence each.
  std::vector<std::string> warnings;
  int fileWarnings = 0; // how many of `warnings` are the reader's (the first)
  int opCount = 0;
};

// An access the findings call conflicting: more wavefronts than ideal in the
// bank model, else (no model) a Triton count above zero.
bool conflictingAccess(const AuditShared &s);

// Requires: `file` read without errors (callers report file.diagnostics).
// Postcondition: every module and function of the file audited; throws
// ls::Error("--target", ...) only for an unknown override.
KernelAudit auditModules(const ir::ModuleFile &file, const AuditOptions &options = {});

} // namespace ls::audit
