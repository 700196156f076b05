// ConversionViewGeometry: where ConversionView draws each register.
//
// The view shows one warp of a conversion as two hardware grids side by side:
// the source (rows = lanes, columns = source registers) and the destination
// (rows = lanes, columns = destination registers), under a header with the
// conversion's class and cost. Keeping the cell <-> pixel mapping in this
// plain struct lets tests check positions and hits without painting.
#pragma once

#include <optional>

#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace ls::ui {

struct ConversionViewGeometry {
  enum class Panel { Source, Destination };
  struct Hit {
    Panel panel;
    int lane;
    int reg;
  };

  // Requires: lanes, sourceRegs, destinationRegs >= 1.
  ConversionViewGeometry(QSizeF size, int lanes, int sourceRegs, int destinationRegs,
                         qreal headerHeight);

  QRectF panelRect(Panel panel) const { return panel == Panel::Source ? source_ : destination_; }
  QRectF cellRect(Panel panel, int lane, int reg) const;
  // The cell under a point, if any.
  std::optional<Hit> hitTest(QPointF p) const;
  // Lanes / registers whose cells intersect `rect` (inclusive ranges, clamped);
  // first > last when none do.
  struct Range {
    int firstLane, lastLane, firstReg, lastReg;
  };
  Range visibleCells(Panel panel, const QRectF &rect) const;

  qreal cellWidth() const { return cellW_; }
  qreal cellHeight() const { return cellH_; }
  int lanes() const { return lanes_; }
  int registers(Panel panel) const { return panel == Panel::Source ? srcRegs_ : dstRegs_; }

  static constexpr qreal kMargin = 8;
  static constexpr qreal kGap = 48;       // between the panels, room for the arrows' bend
  static constexpr qreal kAxisLabel = 28; // lane numbers left of each panel, titles above
  static constexpr qreal kMaxCell = 40;

private:
  int lanes_, srcRegs_, dstRegs_;
  qreal cellW_ = 1, cellH_ = 1;
  QRectF source_, destination_;
};

} // namespace ls::ui
