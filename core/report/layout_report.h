// Text and JSON of a linear layout, as the CLI, the audit and the GUI's copy
// actions write it.
//
// JSON (docs/CLI.md): one key per in-dim in the layout's own order, each the
// list of that dim's bases in Triton's order, then the tensor shape:
//
//   {"register": [[0, 1]], "lane": [[0, 2], ...], "warp": [...], "block": [], "shape": [64, 64]}
//
// Shared layouts have "offset" and "block"; tensor memory "row" and "col".
#pragma once

#include <string>

#include "layout/layout_utils.h"
#include "util/json_writer.h"

namespace ls::report {

// Writes the layout's bases (one key per in-dim) into an open JSON object.
void writeBases(JsonWriter &w, const LinearLayout &ll);

// {"register": ..., ..., "shape": [...]}: the `linear --json` object.
std::string layoutJson(const LinearLayout &ll, const Shape &shape);

} // namespace ls::report
