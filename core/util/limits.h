// The bounds on what the tool accepts from outside, in one place.
//
// Users paste whatever their compiler printed and open files from other
// machines; without bounds a stray "1048576x1048576" or a million-deep
// nesting of slices turns into an out-of-memory kill or a stack overflow
// instead of an `error:` line. Every reader checks its input against the
// numbers below and throws ls::Error naming the field and the bound, so the
// CLI prints one `error: <field>: <rule>` line (exit 2) and the GUI shows the
// message next to the field. docs/limits.md lists each bound with the time
// and peak memory measured at the largest accepted input
// (tests/core/util/tst_limits.cpp checks them).
//
// The numbers leave Triton's own ranges far behind (Triton tensors hold at
// most 2^20 elements per CTA; ranks are at most 5; parents nest 2 deep), so
// no real layout is refused.
#pragma once

#include <cstdint>

namespace ls::limits {

// Dims of a tensor shape (--shape, tensor<...>, a design's "shape").
inline constexpr int kMaxRank = 8;
// Elements of one tensor: 2^30. Layouts are evaluated per basis (log-sized),
// but the grid, the bank and the sector analyses walk elements.
inline constexpr int64_t kMaxTensorElements = int64_t{1} << 30;
// One dim of a shape (each is a power of two at most this).
inline constexpr int64_t kMaxDimSize = int64_t{1} << 30;
// Bases of one input dim of a linear layout (log2 of its size): 2^30 values.
inline constexpr int kMaxBasesPerDim = 30;
// Nesting of #ttg.slice / #ttg.dot_op parents and of attribute syntax
// ([...], {...}, <...>) -- the readers recurse once per level.
inline constexpr int kMaxNestingDepth = 64;
// Text one paste or --layout value may hold (bytes).
inline constexpr int64_t kMaxLayoutTextBytes = int64_t{1} << 20;
// A kernel (TTGIR) file or a .lstudio document (bytes).
inline constexpr int64_t kMaxFileBytes = int64_t{64} << 20;
// Operations (lines with an op) of one kernel file.
inline constexpr int64_t kMaxOps = 1'000'000;
// Designs of one document.
inline constexpr int kMaxDesigns = 1000;

} // namespace ls::limits
