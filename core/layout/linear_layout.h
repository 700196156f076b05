// LinearLayout: a linear map over GF(2) from hardware locations to tensor
// coordinates, with Triton's semantics and names.
//
// # What a linear layout is
//
// A GPU tensor layout says where each tensor element lives: in which register
// of which lane (thread) of which warp of which block (CTA), or at which offset
// of shared memory. Triton describes every such placement as a *linear*
// function L from hardware coordinates to tensor coordinates, where "linear"
// is meant over GF(2): coordinates are bit vectors and + is xor.
//
// A linear function is fixed by its values on powers of two, the *bases*:
//
//   bases[inDim][i] = L(0, ..., inDim = 2^i, ..., 0)
//
// and every other value is the xor of the bases of the set bits:
//
//   L(a ^ b) = L(a) ^ L(b).
//
// Worked example (4 threads t, 4 warps w, a 4x4 tensor): choose
//   L(t=1) = (1,1), L(t=2) = (2,2), L(w=1) = (0,1), L(w=2) = (0,2).
// Then the whole table follows by xor:
//
//            w=0    w=1    w=2    w=3
//     t=0   (0,0)  (0,1)  (0,2)  (0,3)
//     t=1   (1,1)  (1,0)  (1,3)  (1,2)
//     t=2   (2,2)  (2,3)  (2,0)  (2,1)
//     t=3   (3,3)  (3,2)  (3,1)  (3,0)
//
// which is the classic swizzle (t, w) -> (t, w ^ t).
//
// In-dims and out-dims are named ("register", "lane", "warp", "block",
// "offset"; "dim0", "dim1", ...) and ordered minor-to-major; the order only
// matters for reshape/flatten and for printing. Sizes are powers of two.
// Layouts need not be injective (a zero basis means the element is
// replicated, "broadcast") and may be non-surjective when built so
// explicitly.
//
// Storage: all basis vectors of the layout live in one flat array,
// basis i of in-dim d occupying getNumOutDims() consecutive int32 values, so
// that building and combining layouts allocates little.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace ls {

using DimName = std::string;

// Spelling used by Triton's C++ (`S("register")`), so that exported C++
// snippets compile against this library unchanged.
inline DimName S(const char *name) { return DimName(name); }
inline DimName S(std::string name) { return name; }

class LinearLayout {
public:
  using Basis = std::vector<int32_t>;
  // Ordered list of (inDim, bases), as Triton's MapVector.
  using BasesT = std::vector<std::pair<DimName, std::vector<Basis>>>;
  using DimSizes = std::vector<std::pair<DimName, int32_t>>;

  LinearLayout() = default;

  // The 0-dimensional layout that maps everything to 0; the identity of
  // operator*.
  static LinearLayout empty() { return {}; }

  // L(x) = stride * x for x in [0, size).  Requires: size a power of two
  // (size 0 gives empty()), stride a power of two or 0.
  static LinearLayout strided1D(int32_t size, int32_t stride, const DimName &inDim,
                                const DimName &outDim);
  // L(x) = x for x in [0, size).
  static LinearLayout identity1D(int32_t size, const DimName &inDim, const DimName &outDim) {
    return strided1D(size, 1, inDim, outDim);
  }
  // L(x) = 0 for x in [0, size); outDim has size outDimSize (default 1, which
  // keeps the layout surjective).
  static LinearLayout zeros1D(int32_t size, const DimName &inDim, const DimName &outDim,
                              int32_t outDimSize = 1);

  // From bases, inferring each out-dim size as the next power of two above
  // the largest basis value in it.  Requires: the result is surjective
  // (throws ls::Error otherwise).
  LinearLayout(BasesT bases, std::vector<DimName> outDimNames);

  // From bases and explicit out-dim sizes; surjectivity is checked only if
  // requested.
  LinearLayout(BasesT bases, DimSizes outDims, bool requireSurjective);

  // Fallible construction: nullopt instead of an exception.
  static std::optional<LinearLayout> tryCreate(BasesT bases, DimSizes outDims,
                                               bool requireSurjective);

  // --- Queries --------------------------------------------------------------

  bool isSurjective() const { return getRank() == getTotalOutDimSizeLog2(); }
  bool isInjective() const { return getRank() == getTotalInDimSizeLog2(); }
  bool isInvertible() const {
    return isSurjective() && getTotalInDimSizeLog2() == getTotalOutDimSizeLog2();
  }
  // Rank of the basis matrix (number of linearly independent bases),
  // computed on first use.
  int32_t getRank() const;

  // Materialised copy of the bases in Triton's nested form.
  BasesT getBases() const;
  // getBasis(inDim, i) = L(0, ..., inDim = 2^i, ..., 0).
  std::span<const int32_t> getBasis(const DimName &inDim, int32_t pos) const;
  int32_t getBasis(const DimName &inDim, int32_t pos,
                   const DimName &outDim) const;
  // Every basis of inDim in one span: basis i is the getNumOutDims() values
  // from i * getNumOutDims() (empty if there is no such in-dim). One name
  // lookup for a loop over the bases, instead of one per basis.
  std::span<const int32_t> basesOf(const DimName &inDim) const;

  // In minor-to-major order.
  std::vector<DimName> getInDimNames() const;
  std::vector<DimName> getOutDimNames() const;
  // The name of out-dim i (0 <= i < getNumOutDims()), without copying.
  const DimName &outDimName(int i) const { return nameOf(out_[i].id); }
  DimSizes getOutDims() const;
  DimSizes getInDims() const;

  bool hasInDim(const DimName &d) const { return inDimIndex(d) >= 0; }
  bool hasOutDim(const DimName &d) const { return outDimIndex(d) >= 0; }
  int32_t getNumInDims() const { return nIn_; }
  int32_t getNumOutDims() const { return nOut_; }
  // Position of outDim among getOutDimNames(); throws if absent.
  int32_t getOutDimIndex(const DimName &outDim) const;

  int32_t getInDimSizeLog2(const DimName &inDim) const;
  // Throws ls::Error if the size does not fit in 31 bits (use the log2).
  int32_t getInDimSize(const DimName &inDim) const;
  int32_t getTotalInDimSizeLog2() const;
  int64_t getTotalInDimSize() const {
    return int64_t{1} << getTotalInDimSizeLog2();
  }
  int32_t getOutDimSizeLog2(const DimName &outDim) const;
  int32_t getOutDimSize(const DimName &outDim) const;
  int32_t getTotalOutDimSizeLog2() const;
  int64_t getTotalOutDimSize() const {
    return int64_t{1} << getTotalOutDimSizeLog2();
  }

  // The largest V such that V consecutive values of the first in-dim map to V
  // consecutive values of the first out-dim (see Triton's LinearLayout.h).
  int32_t getNumConsecutiveInOut() const;

  // For each in-dim, a bitmask of the input bits that can change without
  // changing the output (0 everywhere iff injective).
  DimSizes getFreeVariableMasks() const;

  // L(ins).  Requires: ins names exactly the in-dims (any order).
  DimSizes apply(const DimSizes &ins) const;
  // Fast path: input values given per in-dim in getInDimNames() order, output
  // values written per out-dim in getOutDimNames() order.
  void applyIndexed(const int32_t *ins, int32_t *outs) const;

  // Triton's ensureLayoutNotLargerThan, in place of the out-dim sizes: each
  // out-dim (in out-dim order) is shrunk to shape[i] by zeroing its largest
  // basis components, largest first (ties keep in-dim then basis order); with
  // broadcastRegisters=false the register bases chosen are removed instead.
  // Throws ls::Error when duplicated bases leave a value that no longer fits.
  [[nodiscard]] LinearLayout shrinkOutDims(const std::vector<int64_t> &shape,
                                           bool broadcastRegisters) const;
  // Triton's ensureLayoutNotSmallerThan: each out-dim (in out-dim order)
  // smaller than shape[i] grows to it by appending identity bases to the
  // first in-dim (register or offset), i.e. wrapping into more registers.
  // Requires: shape[i] a multiple of the out-dim size where it is larger.
  [[nodiscard]] LinearLayout growOutDims(const std::vector<int64_t> &shape) const;
  // The same layout with out-dims in `reference`'s out-dim order.
  // Requires: both have the same out-dim names.
  [[nodiscard]] LinearLayout transposeOutsLike(const LinearLayout &reference) const;

  // --- Transforms (all return new layouts) ----------------------------------

  // Reorder dims; cosmetic except for reshape/flatten/printing.
  [[nodiscard]] LinearLayout transposeIns(const std::vector<DimName> &newOrder) const;
  [[nodiscard]] LinearLayout transposeOuts(const std::vector<DimName> &newOrder) const;

  // Flatten the in-dims (minor-to-major) and split them into newInDims.
  // Requires: same total size, power-of-two sizes.
  [[nodiscard]] LinearLayout reshapeIns(const DimSizes &newInDims) const;
  [[nodiscard]] LinearLayout reshapeOuts(const DimSizes &newOutDims) const;
  // Reshape to one in (out) dim named like the first one.
  [[nodiscard]] LinearLayout flattenIns() const;
  [[nodiscard]] LinearLayout flattenOuts() const;

  // Requires: same out-dims and sizes, disjoint in-dims.  The result's in-dims
  // are this layout's followed by other's.
  [[nodiscard]] LinearLayout concatIns(const LinearLayout &other) const;
  // Requires: same in-dims and sizes, disjoint out-dims.
  [[nodiscard]] LinearLayout concatOuts(const LinearLayout &other) const;

  // Keep the first log2(newSize) bases of inDim.  Requires newSize <= size.
  [[nodiscard]] LinearLayout resizeInDim(const DimName &inDim, int32_t newSize) const;
  // Shrink outDim to newSize, zeroing basis values >= newSize.
  [[nodiscard]] LinearLayout resizeOutDim(const DimName &outDim, int32_t newSize) const;
  // Grow inDim to newSize with zero (broadcast) bases.
  [[nodiscard]] LinearLayout resize(const DimName &inDim, int32_t newSize) const;

  // Remove a size-1 in (out) dim.
  [[nodiscard]] LinearLayout squeezeIns(const DimName &dim) const;
  [[nodiscard]] LinearLayout squeezeOuts(const DimName &dim) const;
  // Rename an in-dim (keeps position).  Requires: newName is not already used.
  [[nodiscard]] LinearLayout renameInDim(const DimName &oldName,
                                         const DimName &newName) const;
  // The layout with inDim's bases replaced by its bases order[0], order[1],
  // ... (each an index of one of them; repeats and omissions allowed). The
  // same layout if there is no such in-dim.
  // Requires: 0 <= order[k] < getInDimSizeLog2(inDim).
  [[nodiscard]] LinearLayout selectBases(const DimName &inDim, const std::vector<int> &order) const;
  // Remove the zero bases of an in-dim.
  [[nodiscard]] LinearLayout removeZeroBasesAlongDim(const DimName &inDim) const;

  // Only these in/out dims: other in-dims are dropped (treated as 0), other
  // out-dims omitted.  Out sizes unchanged; dim order follows this layout.
  [[nodiscard]] LinearLayout sublayout(const std::vector<DimName> &inDimNames,
                                       const std::vector<DimName> &outDimNames) const;
  bool sublayoutIsZero(const std::vector<DimName> &inDimNames,
                       const std::vector<DimName> &outDimNames) const;
  // Is the square sublayout on dimNames the identity (in size == out size,
  // flattened bases 1, 2, 4, ...)?
  bool squareSublayoutIsIdentity(const std::vector<DimName> &dimNames) const;

  // True if the layout is the identity on dimNames and does not mix them
  // with other dims.
  bool isTrivialOver(const std::vector<DimName> &dimNames) const;
  // If isTrivialOver(dimNames), the sublayout on the remaining dims.
  std::optional<LinearLayout> quotient(const std::vector<DimName> &dimNames) const;

  // Direct sum: `inner` acts on the low bits, `outer` on the high bits of
  // shared dims.  Dim order is the supremum of both orders (biased to inner).
  // Requires: shared dims appear in the same relative order.
  // Postcondition: surjective if both are.
  friend LinearLayout operator*(const LinearLayout &inner, const LinearLayout &outer);
  // Same product, reusing the storage of a temporary inner layout.
  friend LinearLayout operator*(LinearLayout &&inner, const LinearLayout &outer);
  LinearLayout &operator*=(const LinearLayout &outer);

  // C with A == B * C (divideLeft) or A == C * B (divideRight), if it exists.
  friend std::optional<LinearLayout> divideLeft(const LinearLayout &a,
                                                const LinearLayout &b);
  friend std::optional<LinearLayout> divideRight(const LinearLayout &a,
                                                 const LinearLayout &b);

  // outer(this(x)).  Requires: this's out-dims == outer's in-dims (any order),
  // with this->outSize(d) <= outer.inSize(d).
  [[nodiscard]] LinearLayout compose(const LinearLayout &outer) const;

  // C such that this(x) == outer(C(x)), choosing C(x) with free variables 0
  // and keeping dims on which both layouts agree as the identity (Triton's
  // broadcasting heuristic).  Requires: same out-dim names, outer surjective
  // onto each out-dim at least as large as ours.
  [[nodiscard]] LinearLayout invertAndCompose(const LinearLayout &outer) const;
  // The same, always by the dim-by-dim definition (sublayouts, lstsq,
  // transposes): the reference the packed path of invertAndCompose is tested
  // against, and the path that names what is wrong when there is no answer.
  [[nodiscard]] LinearLayout invertAndComposeByDims(const LinearLayout &outer) const;
  // Requires: isInvertible().
  [[nodiscard]] LinearLayout invert() const;
  // B with this(B(x)) == x on the image.
  [[nodiscard]] LinearLayout pseudoinvert() const;

  // Triton's LinearLayout::toString(), byte for byte.
  std::string toString() const;

  friend bool operator==(const LinearLayout &a, const LinearLayout &b);
  friend bool operator!=(const LinearLayout &a, const LinearLayout &b) {
    return !(a == b);
  }
  bool equalIgnoringOutDimSizes(const LinearLayout &other) const;

private:
  // Dimension names are interned to small ids so that combining layouts
  // compares integers and allocates nothing but the basis array.
  using DimId = uint16_t;
  // In-dims and out-dims per layout: out-dims reach kMaxRank (layout_utils.h),
  // and building a rank-r layout passes through r in-dims.
  static constexpr int kMaxDims = 20;
  struct InDim {
    DimId id = 0;
    uint16_t first = 0; // index of its first basis in data_
    uint16_t count = 0; // number of bases (log2 of the size)
  };
  struct OutDim {
    DimId id = 0;
    int32_t size = 1;
  };

  static DimId intern(const DimName &name);
  static const DimName &nameOf(DimId id);

  int inDimIndex(const DimName &d) const;
  int outDimIndex(const DimName &d) const;
  int inIndexOf(DimId id) const;
  int outIndexOf(DimId id) const;
  const int32_t *basisPtr(int inIdx, int i) const {
    return data_.data() + static_cast<size_t>(in_[inIdx].first + i) * nOut_;
  }
  int32_t *basisPtr(int inIdx, int i) {
    return data_.data() + static_cast<size_t>(in_[inIdx].first + i) * nOut_;
  }
  int32_t totalBases() const { return nIn_ ? in_[nIn_ - 1].first + in_[nIn_ - 1].count : 0; }

  // The same layout with out-dim k taken from out-dim perm[k] (a permutation
  // of 0..nOut_-1); used by the transposeOuts variants.
  LinearLayout permutedOuts(const std::array<int, kMaxDims> &perm) const;
  // invertAndCompose on packed bits (outer's outputs and bases fit 62 bits):
  // identity dims found by comparing bases, then one elimination of outer's
  // other bases. nullopt where invertAndComposeByDims would throw, or the
  // sizes do not fit; that path then answers.
  std::optional<LinearLayout> composePacked(const LinearLayout &outer) const;
  // isTrivialOver on the dims it names, as masks of in-dim and out-dim
  // indices: 1 trivial, 0 not, -1 when a named in-dim (also an out-dim) or
  // the flattened named outputs pass 2^30 (the by-name definition then
  // answers, and refuses, as it always did).
  int trivialOverMasks(const std::vector<DimName> &dimNames, uint32_t &inMask,
                       uint32_t &outMask) const;
  // The in-dims and out-dims whose bits are set, in this layout's order.
  LinearLayout sublayoutByMasks(uint32_t inKeep, uint32_t outKeep) const;
  // Appends an in-dim with `count` zero bases; returns its index.
  int appendInDim(DimId id, int32_t count);
  void addOutDim(DimId id, int32_t size);
  void setFromBases(const BasesT &bases);
  // Validates (throws ls::Error unless `quiet`) and computes rank_.
  bool checkInvariants(bool requireSurjective, bool quiet);
  int32_t computeRank() const;
  // Where each out-dim's bits start when all outputs are packed into one
  // word (out-dims in order), and basis k (flat, in-dim order) so packed.
  // Requires: getTotalOutDimSizeLog2() <= 64 for packedBasis.
  std::array<int, kMaxDims> packedOutShifts() const;
  uint64_t packedBasis(int k, const std::array<int, kMaxDims> &shifts) const;
  void invalidateRank() { rank_.v.store(-1, std::memory_order_relaxed); }
  // The common case of operator*: `outer` is one in-dim -> one out-dim that
  // this layout already has (identity1D, zeros1D, strided1D of an existing
  // dim); appends its bases in place. Returns false if it does not apply.
  bool appendProductInPlace(const LinearLayout &outer);

  std::array<InDim, kMaxDims> in_{};
  std::array<OutDim, kMaxDims> out_{};
  uint8_t nIn_ = 0, nOut_ = 0;
  std::vector<int32_t> data_;
  // Cached rank; -1 until computed. Relaxed atomic so that concurrent readers
  // of one layout may both compute it (the value is deterministic).
  struct CachedRank {
    std::atomic<int32_t> v{-1};
    CachedRank() = default;
    CachedRank(const CachedRank &o) : v(o.v.load(std::memory_order_relaxed)) {}
    CachedRank &operator=(const CachedRank &o) {
      v.store(o.v.load(std::memory_order_relaxed), std::memory_order_relaxed);
      return *this;
    }
  };
  mutable CachedRank rank_;

  friend LinearLayout identityStandardND(const DimName &, const std::vector<unsigned> &,
                                         const std::vector<unsigned> &);
  friend LinearLayout
  identityStandardNDProduct(const std::vector<std::pair<DimName, const std::vector<unsigned> *>> &,
                            const std::vector<unsigned> &);

};

LinearLayout operator*(const LinearLayout &inner, const LinearLayout &outer);
LinearLayout operator*(LinearLayout &&inner, const LinearLayout &outer);
std::optional<LinearLayout> divideLeft(const LinearLayout &a, const LinearLayout &b);
std::optional<LinearLayout> divideRight(const LinearLayout &a, const LinearLayout &b);

// Order-preserving union of two dim lists, biased toward `x` when ambiguous
// (Triton's `supremum`).  Throws ls::Error if the orders conflict.
std::vector<DimName> supremum(const std::vector<DimName> &x,
                              const std::vector<DimName> &y);

} // namespace ls
