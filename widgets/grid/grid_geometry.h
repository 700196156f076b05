// GridGeometry: where each cell of a grid lands on screen, and back.
//
// The grid view draws a virtual grid of `rows` x `cols` square cells (up to
// millions per side) into the rectangle `area`. `cellSize` is the zoom (pixels
// per cell, fractional below one when zoomed far out) and `origin` is the pan:
// the screen position of cell (0, 0)'s top-left corner. Everything the view
// paints or hit-tests goes through this struct, which is tested without
// painting:
//
//   cellRect(r, c) = [origin.x + c * cellSize, origin.y + r * cellSize] + cellSize
//   cellAt(p)      = floor((p - origin) / cellSize), if inside the grid
//   visibleCells(exposed) = the cells that intersect exposed & area
//                           (floor of the first, ceil of the last, clamped)
#pragma once

#include <QPointF>
#include <QRectF>
#include <cstdint>
#include <optional>

namespace ls::ui {

struct Cell {
  int64_t row = 0;
  int64_t col = 0;
  bool operator==(const Cell &) const = default;
};

// Half-open [row0, row1) x [col0, col1); empty when row0 >= row1 or col0 >= col1.
struct CellRange {
  int64_t row0 = 0, row1 = 0, col0 = 0, col1 = 0;
  bool isEmpty() const { return row0 >= row1 || col0 >= col1; }
  int64_t rowCount() const { return row1 - row0; }
  int64_t colCount() const { return col1 - col0; }
  bool contains(const Cell &c) const {
    return c.row >= row0 && c.row < row1 && c.col >= col0 && c.col < col1;
  }
  bool operator==(const CellRange &) const = default;
};

struct GridGeometry {
  QRectF area; // where cells may be drawn (widget coordinates)
  int64_t rows = 0, cols = 0;
  double cellSize = 16; // pixels per cell
  QPointF origin;       // top-left of cell (0, 0)

  // Zoom limits: a whole 2^26-cell side fits at the smallest, and one cell
  // can fill a presentation screen at the largest.
  static constexpr double kMinCellSize = 1.0 / 65536;
  static constexpr double kMaxCellSize = 400;

  QRectF cellRect(int64_t row, int64_t col) const {
    return {origin.x() + col * cellSize, origin.y() + row * cellSize, cellSize, cellSize};
  }
  // The whole grid on screen (possibly much larger than area).
  QRectF gridRect() const { return {origin.x(), origin.y(), cols * cellSize, rows * cellSize}; }
  // The cell under p, if p is inside area and inside the grid.
  std::optional<Cell> cellAt(QPointF p) const;
  // Cells intersecting exposed & area & the grid.
  CellRange visibleCells(const QRectF &exposed) const;
  CellRange visibleCells() const { return visibleCells(area); }

  // Largest cell size that shows the whole grid in area, centred.
  void fit();
  // Zoom by `factor` keeping the grid point under `anchor` fixed.
  void zoomAt(QPointF anchor, double factor);
  // Pan by a screen delta, keeping at least part of the grid in view.
  void panBy(QPointF delta);
  // Keeps the grid overlapping area (after zoom/pan/resize).
  void clampOrigin();
};

} // namespace ls::ui
