// Ownership: which hardware location holds each tensor element, and back.
//
// A layout L maps a hardware location h (the bits of register, lane, warp,
// block -- or offset, block for shared memory -- concatenated minor-to-major)
// to a tensor element e (its coordinates packed row-major, dim0 most
// significant; with power-of-two dims this packing is a bit-field, so
// flat(L(a ^ b)) = flat(L(a)) ^ flat(L(b))).
//
// Forward (h -> e) is an xor of bases. Backward uses the pseudo-inverse P:
// one owner of e is P(e), and every owner is P(e) ^ k for k in the kernel of
// L, so each element of a surjective layout has the same number of owners
// (the replication factor 2^(in bits - rank)). Nothing per element has to be
// stored to answer a query; full tables are built in one Gray-code sweep.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "layout/linear_layout.h"

namespace ls {

// A vector that leaves its elements uninitialised on resize: the tables below
// are written in full right away, so zero-filling tens of megabytes first
// would only double the memory traffic.
template <typename T> struct DefaultInitAllocator : std::allocator<T> {
  template <typename U> struct rebind { using other = DefaultInitAllocator<U>; };
  using std::allocator<T>::allocator;
  template <typename U> void construct(U *p) noexcept { ::new (static_cast<void *>(p)) U; }
  template <typename U, typename... Args> void construct(U *p, Args &&...args) {
    ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
  }
};
using OwnerTable = std::vector<uint32_t, DefaultInitAllocator<uint32_t>>;

class Ownership {
public:
  // Requires: the layout's out-dims are dim0..dim{n-1} (any order).
  explicit Ownership(const LinearLayout &layout);

  const LinearLayout &layout() const { return layout_; }
  int rank() const { return static_cast<int>(shape_.size()); }
  const std::vector<int64_t> &shape() const { return shape_; }
  // In-dim names and their log2 sizes, in packing order (minor first).
  const std::vector<DimName> &inDims() const { return inNames_; }
  const std::vector<int> &inBits() const { return inBits_; }

  int64_t numElements() const { return int64_t{1} << outBitsTotal_; }
  int64_t numLocations() const { return int64_t{1} << inBitsTotal_; }
  // Owners per element (for surjective layouts); 0 if not surjective.
  int64_t replication() const;
  bool isSurjective() const { return layout_.isSurjective(); }

  // Packing of hardware coordinates (one value per in-dim) into a location.
  uint64_t packLocation(const std::vector<int32_t> &coords) const;
  std::vector<int32_t> unpackLocation(uint64_t location) const;
  // Packing of tensor coordinates (dim0..) into an element index.
  uint64_t packElement(const std::vector<int64_t> &coords) const;
  std::vector<int64_t> unpackElement(uint64_t element) const;

  // The element a location holds.
  uint64_t elementAt(uint64_t location) const;
  // Every location holding `element`, ascending; empty if none does.
  std::vector<uint64_t> ownersOf(uint64_t element) const;
  // The owner with all free variables zero; ~0 if no location holds it.
  uint64_t firstOwner(uint64_t element) const;

  // element index for every location (size numLocations()).
  OwnerTable elementTable() const;
  // firstOwner for every element (size numElements()); requires surjective.
  // Large tables are filled by several threads.
  OwnerTable firstOwnerTable() const;

private:
  LinearLayout layout_;
  std::vector<int64_t> shape_;
  std::vector<DimName> inNames_;
  std::vector<int> inBits_;
  int inBitsTotal_ = 0, outBitsTotal_ = 0;
  std::vector<uint64_t> forward_;  // flat element of each location basis
  std::vector<uint64_t> backward_; // flat location of each element-bit basis (pseudo-inverse)
  std::vector<uint64_t> kernel_;   // basis of locations mapping to element 0
  std::vector<int> elemShift_;     // bit position of each dim in the element index
};

} // namespace ls
