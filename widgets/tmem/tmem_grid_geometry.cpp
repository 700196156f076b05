#include "tmem/tmem_grid_geometry.h"

#include <algorithm>

namespace ls::ui {

int TmemGridGeometry::rowTop(int row) const {
  const int groups = groupRows > 0 ? row / groupRows : 0;
  return header + row * cellHeight + groups * groupGap;
}

QRect TmemGridGeometry::cellRect(int row, int col) const {
  return QRect(colLeft(col), rowTop(row), cellWidth, cellHeight);
}

std::optional<GridCell> TmemGridGeometry::cellAt(QPoint p) const {
  if (p.x() < gutter || p.y() < header || cellWidth <= 0 || cellHeight <= 0)
    return std::nullopt;
  const int col = (p.x() - gutter) / cellWidth;
  if (col >= cols)
    return std::nullopt;
  // Each group is groupRows cells plus a gap; a click in the gap hits nothing.
  const int y = p.y() - header;
  const int groupHeight = groupRows > 0 ? groupRows * cellHeight + groupGap : 0;
  int row = 0;
  if (groupHeight > 0) {
    const int group = y / groupHeight;
    const int inGroup = y % groupHeight;
    if (inGroup >= groupRows * cellHeight)
      return std::nullopt;
    row = group * groupRows + inGroup / cellHeight;
  } else {
    row = y / cellHeight;
  }
  if (row >= rows)
    return std::nullopt;
  return GridCell{row, col};
}

GridRange TmemGridGeometry::cellsIn(const QRect &exposed) const {
  GridRange r;
  if (rows <= 0 || cols <= 0 || cellWidth <= 0 || cellHeight <= 0)
    return r;
  r.firstCol = std::clamp((exposed.left() - gutter) / cellWidth, 0, cols);
  r.endCol = std::clamp((exposed.right() - gutter) / cellWidth + 1, 0, cols);
  // Rows: floor the top and ceil the bottom through the group structure.
  auto rowAtY = [&](int y) {
    const int groupHeight = groupRows > 0 ? groupRows * cellHeight + groupGap : 0;
    const int yy = std::max(0, y - header);
    if (groupHeight <= 0)
      return yy / cellHeight;
    return (yy / groupHeight) * groupRows + std::min(groupRows - 1, (yy % groupHeight) / cellHeight);
  };
  r.firstRow = std::clamp(rowAtY(exposed.top()), 0, rows);
  r.endRow = std::clamp(rowAtY(exposed.bottom()) + 1, 0, rows);
  return r;
}

int TmemGridGeometry::height() const {
  return rows > 0 ? rowTop(rows - 1) + cellHeight + 1 : header;
}

} // namespace ls::ui
