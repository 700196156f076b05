// GridLegend: the key of a grid view -- what the colours mean, what the
// outlines and marks mean, the tensor and thread counts, the current
// selection -- painted into a rectangle on the right of the grid, or in a
// strip below it when the view is narrow (items then flow into columns).
#pragma once

#include <QPainter>

#include "grid/grid_palette.h"

namespace ls::ui {

struct GridSceneState;

class GridLegend {
public:
  // `labelsDrawn`: whether the cells carry their labels at the view's zoom
  // (the legend speaks of labels only as they are).
  static void paint(QPainter &p, const QRectF &r, const GridSceneState &s, const GridPalette &pal,
                    bool labelsDrawn = true);
};

} // namespace ls::ui
