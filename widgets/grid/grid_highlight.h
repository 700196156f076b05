// GridHighlight: which cells of a grid view stand out.
//
// A click selects a thread (its elements outlined, its warp in full colour,
// the rest washed out); the step-through reveals lane after lane; hovering a
// basis vector in the basis view shows the elements whose owner has that
// location bit set. All are one value of this type, so the painter has one
// rule: cells are *strong* (full colour, outlined), *normal* (full colour) or
// *dim* (washed out).
//
// Tensor views test elements against bitmaps built by core's
// heldElementsBitmap, which is exact with replication (an element is strong
// if *any* of its owners is selected). Hardware views test the location.
#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace ls::ui {

struct GridHighlight {
  enum class Mode {
    None,
    Sets,        // strong/normal sets below
    LocationBit, // normal: cells whose location has bit `bit` set
    Bank,        // strong: shared cells in bank `bank`
  };
  Mode mode = Mode::None;

  // Mode::Sets. A cell is strong if its element is in strongElements (tensor
  // view) or its location matches strongMask/strongValue (hardware view); the
  // same for normal. Empty bitmaps mean "use the location test".
  std::vector<uint64_t> strongElements, normalElements;
  uint64_t strongMask = 0, strongValue = 0;
  uint64_t normalMask = 0, normalValue = 0;
  bool hasNormal = false;

  int bit = 0;       // Mode::LocationBit
  int64_t bank = -1; // Mode::Bank

  // An arrow from one element to another (basis vectors), if both are drawn.
  std::optional<std::pair<uint64_t, uint64_t>> arrow;

  QString caption; // shown in the legend ("T5: warp 0, lane 5 (16 elements)")

  bool active() const { return mode != Mode::None; }
};

} // namespace ls::ui
