// TmemGridGeometry: the cell <-> pixel mapping of the TMEM and register grids,
// a plain value so that tests check it without painting.
//
// A grid has a left gutter (lane or thread labels) and a top header (column
// or register numbers), then rows x cols cells of cellWidth x cellHeight
// pixels. Every `groupRows` rows (a lane quarter, a warp) a separator of
// `groupGap` pixels is inserted so that the quarters read as blocks.
#pragma once

#include <QPoint>
#include <QRect>
#include <optional>

namespace ls::ui {

struct GridCell {
  int row = 0;
  int col = 0;
  bool operator==(const GridCell &o) const { return row == o.row && col == o.col; }
};

// Inclusive-exclusive cell range [firstRow, endRow) x [firstCol, endCol).
struct GridRange {
  int firstRow = 0, endRow = 0, firstCol = 0, endCol = 0;
  bool isEmpty() const { return firstRow >= endRow || firstCol >= endCol; }
};

struct TmemGridGeometry {
  int gutter = 64;      // pixels left of column 0
  int header = 18;      // pixels above row 0
  int cellWidth = 24;
  int cellHeight = 14;
  int rows = 0;
  int cols = 0;
  int groupRows = 32;   // rows per lane quarter / warp
  int groupGap = 3;

  // Top edge of `row` (separators included).
  int rowTop(int row) const;
  int colLeft(int col) const { return gutter + col * cellWidth; }
  QRect cellRect(int row, int col) const;
  // The cell under a pixel, if any.
  std::optional<GridCell> cellAt(QPoint p) const;
  // The cells that intersect `exposed` (clamped to the grid).
  GridRange cellsIn(const QRect &exposed) const;
  // Whole widget size.
  int width() const { return gutter + cols * cellWidth + 1; }
  int height() const;
};

} // namespace ls::ui
