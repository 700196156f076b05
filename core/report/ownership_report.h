// Text and JSON of ownership questions (analysis/ownership), both ways:
//
//   who holds an element   -> every hardware location holding it, replicas
//                             included: (block, warp, lane, register) for a
//                             distributed layout, (block, offset) for a shared one;
//   what a location holds  -> with some in-dims fixed (a thread's lane, warp
//                             and block; a shared offset and block), the
//                             element at each value of the others (its
//                             registers), in register order;
//   the whole map          -> every element's owners, row-major (`grid --json`).
//
// Locations are written outermost in-dim first ("block 0, warp 1, lane 5,
// register 3"); JSON objects name each in-dim.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/ownership/ownership.h"

namespace ls::report {

// One hardware location: (in-dim, value), outermost in-dim first.
using Location = std::vector<std::pair<DimName, int64_t>>;

struct ElementOwners {
  std::vector<int64_t> element;
  std::vector<Location> owners; // ascending packed location
};

// Requires: `element` inside the layout's shape.
ElementOwners elementOwners(const Ownership &own, const std::vector<int64_t> &element);
std::string elementOwnersText(const ElementOwners &o);
// {"element": [37, 5], "owners": [{"block": 0, "warp": 1, "lane": 5, "register": 3}, ...]}
std::string elementOwnersJson(const ElementOwners &o);

struct HeldElements {
  Location fixed;                  // the in-dims asked for, outermost first
  std::optional<int64_t> thread;   // lane + lanes * warp, when a thread was asked
  std::vector<DimName> varying;    // the other in-dims (e.g. register), outermost first
  std::vector<std::pair<Location, std::vector<int64_t>>> elements; // varying values -> element
};

// Requires: each fixed value below its in-dim's size; in-dims the layout lacks are ignored.
HeldElements elementsAt(const Ownership &own, const std::vector<std::pair<DimName, int64_t>> &fixed);
std::string heldElementsText(const HeldElements &h);
// {"thread"?: 37, "block": 0, "warp": 1, "lane": 5,
//  "elements": [{"register": 0, "element": [4, 8]}, ...]}
std::string heldElementsJson(const HeldElements &h);

// {"shape": [...], "cells": [[owner, ...], ...]}: one list of owners per
// element, elements row-major (dim0 slowest), each owner an object as above.
std::string ownershipGridJson(const Ownership &own);

} // namespace ls::report
