#include "convert/conversion_view_geometry.h"

#include <algorithm>
#include <cmath>

namespace ls::ui {

ConversionViewGeometry::ConversionViewGeometry(QSizeF size, int lanes, int sourceRegs,
                                               int destinationRegs, qreal headerHeight)
    : lanes_(std::max(lanes, 1)), srcRegs_(std::max(sourceRegs, 1)),
      dstRegs_(std::max(destinationRegs, 1)) {
  const qreal top = headerHeight + kAxisLabel;
  const qreal availW = std::max<qreal>(size.width() - 2 * kMargin - 2 * kAxisLabel - kGap, 2);
  const qreal availH = std::max<qreal>(size.height() - top - kMargin, 1);
  // Both panels share one cell size so that registers line up visually.
  cellW_ = std::clamp<qreal>(availW / (srcRegs_ + dstRegs_), 1, kMaxCell);
  cellH_ = std::clamp<qreal>(availH / lanes_, 1, kMaxCell);
  const qreal x0 = kMargin + kAxisLabel;
  source_ = QRectF(x0, top, cellW_ * srcRegs_, cellH_ * lanes_);
  destination_ = QRectF(source_.right() + kGap + kAxisLabel, top, cellW_ * dstRegs_,
                        cellH_ * lanes_);
}

QRectF ConversionViewGeometry::cellRect(Panel panel, int lane, int reg) const {
  const QRectF r = panelRect(panel);
  return QRectF(r.left() + reg * cellW_, r.top() + lane * cellH_, cellW_, cellH_);
}

std::optional<ConversionViewGeometry::Hit> ConversionViewGeometry::hitTest(QPointF p) const {
  for (Panel panel : {Panel::Source, Panel::Destination}) {
    const QRectF r = panelRect(panel);
    if (!r.contains(p))
      continue;
    const int reg = std::min(static_cast<int>((p.x() - r.left()) / cellW_), registers(panel) - 1);
    const int lane = std::min(static_cast<int>((p.y() - r.top()) / cellH_), lanes_ - 1);
    return Hit{panel, lane, reg};
  }
  return std::nullopt;
}

ConversionViewGeometry::Range ConversionViewGeometry::visibleCells(Panel panel,
                                                                   const QRectF &rect) const {
  const QRectF r = panelRect(panel).intersected(rect);
  if (r.isEmpty())
    return {0, -1, 0, -1};
  const QRectF p = panelRect(panel);
  auto clampTo = [](qreal v, int hi) { return std::clamp(static_cast<int>(v), 0, hi); };
  return {clampTo(std::floor((r.top() - p.top()) / cellH_), lanes_ - 1),
          clampTo(std::ceil((r.bottom() - p.top()) / cellH_) - 1, lanes_ - 1),
          clampTo(std::floor((r.left() - p.left()) / cellW_), registers(panel) - 1),
          clampTo(std::ceil((r.right() - p.left()) / cellW_) - 1, registers(panel) - 1)};
}

} // namespace ls::ui
