#include "tmem/tmem_view.h"

#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>

#include "tmem/tmem_palette.h"
#include "tooltip_event.h"

namespace ls::widgets {

TmemView::TmemView(QWidget *parent) : QWidget(parent) {
  setMouseTracking(false);
  setAttribute(Qt::WA_OpaquePaintEvent);
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

int TmemView::labelWidth() const {
  if (!map_)
    return 0;
  const QString widest = QString("%1,%2").arg(map_->shape0() - 1).arg(map_->shape1() - 1);
  return QFontMetrics(font()).horizontalAdvance(widest) + 4;
}

void TmemView::setCellSize(int slotWidth, int laneHeight) {
  autoSize_ = false;
  geom_.cellWidth = std::max(1, slotWidth);
  geom_.cellHeight = std::max(1, laneHeight);
  relayout();
}

void TmemView::setSelectedElement(std::optional<std::pair<int, int>> element) {
  if (selected_ != element) {
    selected_ = element;
    update();
  }
}

void TmemView::relayout() {
  geom_.rows = map_ ? map_->numLanes() : 0;
  geom_.cols = map_ ? map_->numColumns() * map_->slotsPerColumn() : 0;
  geom_.groupRows = 32;
  if (autoSize_ && map_)
    geom_.cellWidth = std::max(16, labelWidth());
  // Gutter: "w1,5 32" names the warps that reach each lane quarter.
  geom_.gutter = QFontMetrics(font()).horizontalAdvance(quarterLabel(3) + " 000") + 8;
  updateGeometry();
  resize(sizeHint());
  update();
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

QSize TmemView::sizeHint() const {
  return QSize(geom_.width(), geom_.height());
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
  const bool labels = geom_.cellWidth >= labelWidth() && geom_.cellHeight >= fm.height() - 2;
  const bool borders = geom_.cellWidth >= 4 && geom_.cellHeight >= 4;
  const QColor grid = palette().color(QPalette::Mid);
  for (int row = range.firstRow; row < range.endRow; ++row)
    for (int col = range.firstCol; col < range.endCol; ++col) {
      const TmemSlot &s = map_->slot(cta_, row, col / spc, col % spc);
      const QRect r = geom_.cellRect(row, col);
      QColor fill = s.state == TmemSlot::State::Empty  ? emptyColor()
                    : s.state == TmemSlot::State::Copy ? copyColor(s.warp)
                                                       : warpColor(s.warp);
      p.fillRect(r, fill);
      if (borders) {
        p.setPen(grid);
        p.drawLine(r.topRight(), r.bottomRight());
        p.drawLine(r.bottomLeft(), r.bottomRight());
        if (col % spc == spc - 1) { // 32-bit column boundary
          p.setPen(QPen(Qt::black, 1));
          p.drawLine(r.topRight(), r.bottomRight());
        }
      }
      if (labels && s.state != TmemSlot::State::Empty) {
        p.setPen(fill.lightness() > 140 ? Qt::black : Qt::white);
        p.drawText(r, Qt::AlignCenter, QString("%1,%2").arg(s.dim0).arg(s.dim1));
      }
      if (selected_ && s.state != TmemSlot::State::Empty && s.dim0 == selected_->first &&
          s.dim1 == selected_->second) {
        p.setPen(QPen(selectionColor(), 2));
        p.drawRect(r.adjusted(1, 1, -1, -1));
      }
    }
  // Gutter: lane numbers, and which warps may reach each quarter.
  p.setPen(palette().color(QPalette::Text));
  const int labelEvery = std::max(1, (fm.height() + geom_.cellHeight - 1) / geom_.cellHeight);
  for (int row = range.firstRow; row < range.endRow; ++row) {
    if (row % labelEvery != 0 && row % 32 != 0)
      continue;
    QRect r(0, geom_.rowTop(row), geom_.gutter - 4, std::max(geom_.cellHeight, fm.height()));
    QString text = QString::number(row);
    if (row % 32 == 0 && !quarterLabel(row / 32).isEmpty())
      text = quarterLabel(row / 32) + " " + text;
    p.drawText(r, Qt::AlignRight | Qt::AlignTop, text);
  }
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

bool TmemView::event(QEvent *event) {
  return ui::showToolTip(this, event, [this](QPoint p) { return toolTipAt(p); }) ||
         QWidget::event(event);
}

} // namespace ls::widgets
