// What Triton's axis analysis (lib/Analysis/AxisInfo.cpp) knows of the
// values a global access's pointers and mask are computed from, and so how
// wide a vector its code generation may use.
//
// Per dim of a value:
//   contiguity   the length of the runs of consecutive values (1, 2, 3, ...)
//   divisibility the largest power of two dividing the first value of every
//                run (bytes for pointers)
//   constancy    the length of the runs of equal values
// Function arguments take their `tt.divisibility` / `tt.contiguity` /
// `tt.constancy` hints (else 1), an op's own hint attributes override what is
// computed, and the rules are Triton's visitors, one by one: make_range,
// splat, integer constants, expand_dims, broadcast, add/sub/addptr, mul,
// div, rem, shl, shr, max/min, cmpi, select, the logical ops, casts, layout
// conversions, a load's values, poison; scf.for induction variables,
// loop-carried values (joined to a fixed point) and loop results, and
// scf.if results (its yields joined). Any other op of the dialects Triton
// 3.6 has takes Triton's pessimistic state (1 everywhere), as Triton's
// analysis gives it; scf.while, the AMD backend's own ops (its analysis adds
// rules for some) and ops Triton 3.6 does not have are not known: nothing is
// guessed for them.
//
// Triton's load/store lowering then issues vectors of
//   min(128 / element bits, the layout's contiguous elements per thread,
//       min(divisibility / element bytes, contiguity) of the pointer,
//       constancy of the mask)
// elements along the pointer layout's fastest dim.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/module.h"
#include "util/source_text.h"

namespace ls::audit {

// Per-dim figures of one value, held inline (the analysis copies facts at
// every op; a rank above kMaxRank is not followed).
class AxisDims {
public:
  static constexpr size_t kMaxRank = 8;
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  int64_t &operator[](size_t i) { return v_[i]; }
  int64_t operator[](size_t i) const { return v_[i]; }
  void assign(size_t n, int64_t x) {
    n_ = std::min(n, kMaxRank);
    for (size_t i = 0; i < n_; ++i)
      v_[i] = x;
  }
  template <class Seq> void assignFrom(const Seq &s) {
    n_ = std::min(s.size(), kMaxRank);
    for (size_t i = 0; i < n_; ++i)
      v_[i] = s[i];
  }
  // Inserts x before position i (no-op past kMaxRank).
  void insert(size_t i, int64_t x) {
    if (n_ == kMaxRank)
      return;
    for (size_t k = n_; k > i; --k)
      v_[k] = v_[k - 1];
    v_[i] = x;
    ++n_;
  }
  bool operator==(const AxisDims &o) const {
    return n_ == o.n_ && std::equal(v_.begin(), v_.begin() + std::ptrdiff_t(n_), o.v_.begin());
  }

private:
  std::array<int64_t, kMaxRank> v_{};
  size_t n_ = 0;
};

struct AxisFacts {
  AxisDims contiguity, divisibility, constancy; // one per dim (a scalar: one)
  std::optional<int64_t> constant;              // every element this value

  bool operator==(const AxisFacts &o) const {
    return contiguity == o.contiguity && divisibility == o.divisibility &&
           constancy == o.constancy && constant == o.constant;
  }
};

class AxisAnalysis {
public:
  // Requires: `source` is the text `module` was read from (constants and
  // predicates are read from their lines).
  AxisAnalysis(const ir::Module &module, const SourceText &source);

  // The facts of a value, or nullopt where some op on the way is not one
  // this analysis follows.
  std::optional<AxisFacts> of(int value);

  // The elements per vector Triton may use along `dim` for a pointer tensor
  // with these facts: min(divisibility / element bytes, contiguity), at
  // least 1 (no limit for a dim the facts do not have).
  static int64_t alignment(const AxisFacts &ptr, size_t dim, int elementBits);

private:
  std::optional<AxisFacts> compute(int value, int depth);
  std::optional<AxisFacts> ofDepth(int value, int depth);
  std::optional<AxisFacts> fromOp(const ir::Operation &op, const ir::SsaValue &v, int depth);
  // The two-operand integer ops Triton has rules for.
  enum class BinaryKind { None, Add, Sub, AddPtr, Mul, Div, Rem, And, Or, Xor, Shl, Shr, Max, Min, Cmp };
  static BinaryKind binaryKind(const std::string &name);
  std::optional<AxisFacts> binary(BinaryKind kind, const ir::Operation &op, const ir::SsaValue &v,
                                  const AxisFacts &a, const AxisFacts &b,
                                  const std::vector<int64_t> &shape, bool tensor);
  std::optional<AxisFacts> select(const ir::Operation &op, const ir::SsaValue &v, int depth);
  std::optional<AxisFacts> regionResult(const ir::Operation &op, const ir::SsaValue &v, int depth);
  std::optional<AxisFacts> blockArgument(const ir::SsaValue &v, int depth);
  std::optional<AxisFacts> functionArgument(const ir::SsaValue &v) const;
  std::optional<int64_t> constantOfOp(const ir::Operation &op) const;

  // Whether a value is defined before op `boundary` (a value or block
  // argument of an op written earlier, which a loop's body cannot change).
  bool definedBefore(int value, int boundary) const;

  const ir::Module &m_;
  const SourceText &src_;
  std::unordered_map<int, std::optional<AxisFacts>> memo_;
  // A loop body's evaluation: values defined before the loop (`boundary_`,
  // the scf.for's op index) are the enclosing analysis's.
  AxisAnalysis *parent_ = nullptr;
  int boundary_ = -1;
  // Work of one query (of()), shared with its loop-body evaluations: past the
  // budget every answer is "not known" (loops of many loop-carried values
  // nest fixed points; a kernel must never make the audit hang).
  std::shared_ptr<int64_t> work_ = std::make_shared<int64_t>(0);
  static constexpr int64_t kWorkBudget = 200000;
  // Set when an answer of the current query was cut short (depth or work):
  // such answers are not remembered, so a later query reaching the value by
  // a shorter path computes it whole.
  bool cut_ = false;
  // Loop-carried values held at an assumed state while their loop body is
  // evaluated (the fixed point's iterate).
  std::map<int, AxisFacts> pinned_;
};

} // namespace ls::audit
