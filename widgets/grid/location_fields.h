// LocationFields: the bit fields of a packed hardware location.
//
// Ownership packs a location as its in-dims' values concatenated
// minor-to-major: register | lane | warp | block for distributed layouts,
// offset | block for shared ones. Views colour, label and highlight by these
// fields; slicing bits out of the packed value is all they need, so they do
// not unpack into vectors in the drawing loops.
#pragma once

#include <QString>
#include <cstdint>

#include "analysis/ownership/ownership.h"

namespace ls::ui {

struct BitField {
  int shift = 0;
  int bits = 0;

  int64_t size() const { return int64_t{1} << bits; }
  uint64_t mask() const { return ((uint64_t{1} << bits) - 1) << shift; }
  uint64_t of(uint64_t location) const { return (location >> shift) & ((uint64_t{1} << bits) - 1); }
  uint64_t place(uint64_t value) const { return (value << shift) & mask(); }
};

class LocationFields {
public:
  LocationFields() = default;
  explicit LocationFields(const ls::Ownership &own);

  BitField reg, lane, warp, block, offset;
  bool shared = false;

  // Thread index within the CTA, as Triton numbers them: lane + warp * lanes.
  int64_t thread(uint64_t loc) const {
    return static_cast<int64_t>(lane.of(loc) + (warp.of(loc) << lane.bits));
  }
  // Bits that identify a thread (lane, warp, block) and a warp (warp, block).
  uint64_t threadMask() const { return lane.mask() | warp.mask() | block.mask(); }
  uint64_t warpMask() const { return warp.mask() | block.mask(); }

  // "T5:3" (thread 5, register 3), with a "B1:" prefix when there are several
  // CTAs -- the spelling of Triton's triton-tensor-layout.  Shared: "@17"
  // (offset 17), "B1:@17".
  QString ownerLabel(uint64_t loc) const;
  // "warp 0, lane 5, register 3" (block first when several CTAs).
  QString ownerDescription(uint64_t loc) const;
};

} // namespace ls::ui
