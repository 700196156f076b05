// The bounds on what the tool accepts from outside, in one place.
//
// Users paste whatever their compiler printed and open files from other
// machines; without bounds a stray "1048576x1048576x1048576" or a thousand
// nested slices turns into an out-of-memory kill or a stack overflow instead
// of an `error:` line. Every reader checks its input against the numbers
// below and throws ls::Error naming the field and the bound, so the CLI
// prints one `error: <field>: <rule>` line (exit 2) and the GUI shows the
// message next to the field. docs/limits.md lists each bound with the time
// and peak memory measured at the largest accepted input and one past it
// (tests/app/cli/check_limits.py measures and checks them).
//
// The numbers leave Triton's own ranges far behind (a CTA holds at most 2^20
// elements of one tensor, ranks stop at 5, parents nest 2 deep), so no real
// layout is refused; they are chosen so that the largest accepted input of
// each still answers in about a second within a few hundred MiB.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ls::limits {

// Dims of a tensor shape (--shape, tensor<...>, a design's "shape") and of a
// layout's lists; also the in/out dims a LinearLayout holds. Triton's largest
// tensor has 2^20 elements, so rank 20 (all dims 2) is the most any Triton
// value has; its tt.sort really reshapes 1024 elements to rank 10.
inline constexpr int kMaxRank = 20;
// One dim of a shape, and any size or basis value in an attribute: 2^30.
inline constexpr int kMaxDimLog2 = 30;
// Elements of one tensor a layout is evaluated on: 2^40. Layouts are
// evaluated per basis (log-sized), so this costs no memory by itself.
inline constexpr int kMaxTensorLog2 = 40;
// Bases of one input dim of a linear layout (its size is 2^bases).
inline constexpr int kMaxBasesPerDim = 30;
// Elements of a printed or drawn ownership grid (grid, owner --json, the GUI
// map): 2^20 cells; the GUI's 8192x8192 heat map is drawn per pixel instead.
inline constexpr int64_t kMaxGridCells = int64_t{1} << 20;
// Elements of an ownership map (bank and sector analyses walk them): 2^32.
inline constexpr int kMaxOwnershipLog2 = 32;
// Nesting of attribute syntax ([...], {...}, <...>) and of #ttg.slice /
// #ttg.dot_op parents -- the readers recurse once per level.
inline constexpr int kMaxNestingDepth = 64;
// Text of one attribute, type or paste (bytes): 4 MiB.
inline constexpr size_t kMaxLayoutTextBytes = size_t{1} << 22;
// A kernel (TTGIR) file or a .lstudio document (bytes): 64 MiB.
inline constexpr int64_t kMaxFileBytes = int64_t{64} << 20;
// Designs of one document.
inline constexpr int kMaxDesigns = 1000;
// Operations of one kernel (TTGIR) file or paste: 2^20. Triton's largest
// kernels hold a few 10^4 ops; the reader needs about 250 bytes per op, so a
// 64 MiB file of one-word lines (33 M ops, some 8 GiB) would otherwise be an
// out-of-memory kill.
inline constexpr int64_t kMaxOps = int64_t{1} << 20;
// Values (op results, block arguments) of one file: 2^21.
inline constexpr int64_t kMaxValues = int64_t{1} << 21;
// Results of one op (`%r:N = ...`, all groups together): 1024. Triton's ops
// have a few (an scf.for one per loop-carried value); without the bound one
// 20-byte line `%r:999999 = a.b` defined a million values (fuzz_module).
inline constexpr int kMaxResultsPerOp = 1024;
// Unreadable lines the module reader records before it stops: a binary or
// foreign file otherwise costs one diagnostic per line.
inline constexpr int kMaxDiagnostics = 1000;

} // namespace ls::limits
