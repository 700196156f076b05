#include "grid/grid_geometry.h"

#include <algorithm>
#include <cmath>

namespace ls::ui {

std::optional<Cell> GridGeometry::cellAt(QPointF p) const {
  if (!area.contains(p) || rows <= 0 || cols <= 0 || cellSize <= 0)
    return std::nullopt;
  const double c = std::floor((p.x() - origin.x()) / cellSize);
  const double r = std::floor((p.y() - origin.y()) / cellSize);
  if (c < 0 || r < 0 || c >= static_cast<double>(cols) || r >= static_cast<double>(rows))
    return std::nullopt;
  return Cell{static_cast<int64_t>(r), static_cast<int64_t>(c)};
}

CellRange GridGeometry::visibleCells(const QRectF &exposed) const {
  const QRectF v = exposed.intersected(area);
  if (v.isEmpty() || rows <= 0 || cols <= 0 || cellSize <= 0)
    return {};
  auto clampTo = [](double x, int64_t hi) {
    return static_cast<int64_t>(std::clamp(x, 0.0, static_cast<double>(hi)));
  };
  CellRange r;
  r.col0 = clampTo(std::floor((v.left() - origin.x()) / cellSize), cols);
  r.col1 = clampTo(std::ceil((v.right() - origin.x()) / cellSize), cols);
  r.row0 = clampTo(std::floor((v.top() - origin.y()) / cellSize), rows);
  r.row1 = clampTo(std::ceil((v.bottom() - origin.y()) / cellSize), rows);
  if (r.isEmpty())
    return {};
  return r;
}

void GridGeometry::fit() {
  if (rows <= 0 || cols <= 0 || area.isEmpty())
    return;
  cellSize =
      std::min(area.width() / static_cast<double>(cols), area.height() / static_cast<double>(rows));
  // Whole pixels per cell when cells are large, so that grid lines stay crisp.
  if (cellSize >= 4)
    cellSize = std::floor(cellSize);
  cellSize = std::clamp(cellSize, kMinCellSize, kMaxCellSize);
  const QSizeF g(cols * cellSize, rows * cellSize);
  origin = QPointF(std::round(area.left() + (area.width() - g.width()) / 2),
                   std::round(area.top() + (area.height() - g.height()) / 2));
}

void GridGeometry::zoomAt(QPointF anchor, double factor) {
  const double next = std::clamp(cellSize * factor, kMinCellSize, kMaxCellSize);
  const double f = next / cellSize;
  origin = anchor + (origin - anchor) * f;
  cellSize = next;
  clampOrigin();
}

void GridGeometry::panBy(QPointF delta) {
  origin += delta;
  clampOrigin();
}

void GridGeometry::clampOrigin() {
  // Keep at least a quarter of the area (or the whole grid, if smaller) in view.
  const QRectF g = gridRect();
  const double keepX = std::min(g.width(), area.width() / 4);
  const double keepY = std::min(g.height(), area.height() / 4);
  double x = origin.x(), y = origin.y();
  x = std::min(x, area.right() - keepX);
  x = std::max(x, area.left() + keepX - g.width());
  y = std::min(y, area.bottom() - keepY);
  y = std::max(y, area.top() + keepY - g.height());
  origin = QPointF(x, y);
}

} // namespace ls::ui
