#include "tmem/tmem_view.h"

#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>

#include "tmem/tmem_palette.h"

namespace ls::ui {

TmemView::TmemView(QWidget *parent) : TmemGridWidget(parent) {
  geom_.gutter = 58;
  geom_.header = 18;
  geom_.cellWidth = 34;
  geom_.cellHeight = 14;
}

void TmemView::setMap(std::shared_ptr<const TmemMap> map) {
  map_ = std::move(map);
  if (!map_ || cta_ >= map_->numCTAs())
    cta_ = 0;
  relayout();
}

void TmemView::setCta(int cta) {
  if (map_ && cta >= 0 && cta < map_->numCTAs() && cta != cta_) {
    cta_ = cta;
    update();
  }
}

void TmemView::sizeGrid() {
  geom_.rows = map_ ? map_->numLanes() : 0;
  geom_.cols = map_ ? map_->numColumns() * map_->slotsPerColumn() : 0;
  // Gutter: "w1,5 32" names the warps that reach each lane quarter.
  geom_.gutter = QFontMetrics(font()).horizontalAdvance(quarterLabel(3) + " 000") + 8;
}

QString TmemView::quarterLabel(int quarter) const {
  QStringList warps;
  if (map_ && map_->hasRegisters())
    for (int w = 0; w < map_->numWarps(); ++w) {
      const auto [lo, hi] = map_->lanesOfWarp(w);
      if (lo >= 0 && lo / 32 <= quarter && quarter <= hi / 32)
        warps << QString::number(w);
    }
  return warps.isEmpty() ? QString() : "w" + warps.join(',');
}

int TmemView::gridColumn(int column, int slot) const {
  return map_ ? column * map_->slotsPerColumn() + slot : 0;
}

std::optional<std::array<int, 3>> TmemView::slotAt(QPoint p) const {
  if (!map_)
    return std::nullopt;
  auto cell = geom_.cellAt(p);
  if (!cell)
    return std::nullopt;
  const int spc = map_->slotsPerColumn();
  return std::array<int, 3>{cell->row, cell->col / spc, cell->col % spc};
}

QString TmemView::toolTipAt(QPoint p) const {
  auto at = slotAt(p);
  if (!at)
    return {};
  const auto [lane, column, slot] = *at;
  const TmemSlot &s = map_->slot(cta_, lane, column, slot);
  QString where = QString("lane %1, column %2").arg(lane).arg(column);
  if (map_->slotsPerColumn() > 1)
    where += QString(", slot %1").arg(slot);
  if (map_->numCTAs() > 1)
    where = QString("CTA %1, ").arg(cta_) + where;
  if (s.state == TmemSlot::State::Empty)
    return where + "\nempty: holds no element";
  QString text = where + QString("\nelement (%1, %2)").arg(s.dim0).arg(s.dim1);
  if (s.state == TmemSlot::State::Copy)
    text += " (a copy for another lane quarter)";
  if (s.warp >= 0)
    text += QString("\nread by warp %1, lane %2, register %3").arg(s.warp).arg(s.lane).arg(s.reg);
  return text;
}

void TmemView::paintEvent(QPaintEvent *event) {
  QPainter p(this);
  const QRect exposed = event->rect();
  p.fillRect(exposed, palette().color(QPalette::Base));
  if (!map_)
    return;
  p.setRenderHint(QPainter::Antialiasing, false);
  const int spc = map_->slotsPerColumn();
  const GridRange range = geom_.cellsIn(exposed);
  const QFontMetrics fm(font());
  // Level of detail: labels need about six characters, borders a few pixels.
  const CellStyle style = cellStyle(fm);
  for (int row = range.firstRow; row < range.endRow; ++row)
    for (int col = range.firstCol; col < range.endCol; ++col) {
      const TmemSlot &s = map_->slot(cta_, row, col / spc, col % spc);
      const bool empty = s.state == TmemSlot::State::Empty;
      const QColor fill = empty                              ? emptyColor()
                          : s.state == TmemSlot::State::Copy ? copyColor(s.warp)
                                                             : warpColor(s.warp);
      // A black right edge marks each 32-bit column boundary.
      paintCell(p, geom_.cellRect(row, col), fill,
                empty ? std::nullopt : std::make_optional(std::make_pair(s.dim0, s.dim1)), style,
                col % spc == spc - 1);
    }
  // Gutter: lane numbers, and which warps may reach each quarter.
  paintRowLabels(p, range, fm, [this](int row) {
    QString text = QString::number(row);
    if (row % 32 == 0 && !quarterLabel(row / 32).isEmpty())
      text = quarterLabel(row / 32) + " " + text;
    return text;
  });
  // Header: 32-bit column numbers where they fit.
  const int colWidth = geom_.cellWidth * spc;
  const int every = std::max(1, (fm.horizontalAdvance("000") + colWidth) / std::max(1, colWidth));
  for (int col = range.firstCol / spc; col * spc < range.endCol; ++col) {
    if (col % every != 0)
      continue;
    QRect r(geom_.colLeft(col * spc), 0, colWidth * every, geom_.header);
    p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, QString::number(col));
  }
}

void TmemView::mousePressEvent(QMouseEvent *event) {
  auto at = slotAt(event->position().toPoint());
  if (!at) {
    QWidget::mousePressEvent(event);
    return;
  }
  const TmemSlot &s = map_->slot(cta_, (*at)[0], (*at)[1], (*at)[2]);
  if (s.state == TmemSlot::State::Empty)
    return;
  setSelectedElement(std::make_pair(s.dim0, s.dim1));
  emit elementSelected(s.dim0, s.dim1);
}

} // namespace ls::ui
