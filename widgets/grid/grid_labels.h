// GridLabelOptions: what the cells and axes of a grid say -- one small value
// handed to GridScenePainter, so that every view that paints a grid (the
// main grid, the compare grid, an arrangement of several tiles) labels alike.
//
//   mode        ThreadRegister "T5:3", Lane "L5", or Fragment "T5:c2": the
//               thread and the PTX fragment register name of an MMA layout
//               ("c0".."c3" for the mma.sync m16n8k16 accumulator, "a0".."a7",
//               "b0".."b3"), as the PTX figures write "T5: {c2, c3}"; see
//               core/analysis/ownership/mma_fragment.h. A layout that is not
//               an MMA layout falls back to ThreadRegister.
//   rowAxis,    names drawn on the row and column headers; empty: automatic
//   colAxis     (M / N / K for MMA operands -- C is M x N, A is M x K, B is
//               K x N -- and dim0 / dim1 otherwise).
//   fitLabels   presentation: the view zooms so that every label shows at the
//               label font (pointSize x the palette's fontScale); a tile that
//               cannot fit at that size is shown from its top-left corner,
//               scrollable, with a note that says so -- labels never vanish.
#pragma once

#include <QString>

namespace ls::ui {

enum class LabelMode { ThreadRegister, Lane, Fragment };

// Stable identifiers for files and settings: "thread", "lane", "fragment".
QString labelModeId(LabelMode m);
LabelMode labelModeFromId(const QString &id, LabelMode fallback = LabelMode::ThreadRegister);
// Menu text: "Thread:Register (T5:3)", ...
QString labelModeName(LabelMode m);

struct GridLabelOptions {
  LabelMode mode = LabelMode::ThreadRegister;
  QString rowAxis, colAxis;
  bool fitLabels = false;
  double pointSize = 8; // label font when fitLabels (before fontScale)
  bool operator==(const GridLabelOptions &) const = default;
};

} // namespace ls::ui
