#include "tmem/tmem_register_view.h"

#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>

#include "tmem/tmem_palette.h"
#include "tooltip_event.h"

namespace ls::widgets {

TmemRegisterView::TmemRegisterView(QWidget *parent) : QWidget(parent) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  geom_.gutter = 92;
  geom_.header = 18;
  geom_.cellWidth = 40;
  geom_.cellHeight = 14;
}

void TmemRegisterView::setMap(std::shared_ptr<const TmemMap> map) {
  map_ = std::move(map);
  if (!map_ || block_ >= map_->numBlocks())
    block_ = 0;
  relayout();
}

void TmemRegisterView::setBlock(int block) {
  if (map_ && block >= 0 && block < map_->numBlocks() && block != block_) {
    block_ = block;
    update();
  }
}

int TmemRegisterView::labelWidth() const {
  if (!map_)
    return 0;
  const QString widest = QString("%1,%2").arg(map_->shape0() - 1).arg(map_->shape1() - 1);
  return QFontMetrics(font()).horizontalAdvance(widest) + 4;
}

void TmemRegisterView::setCellSize(int registerWidth, int threadHeight) {
  autoSize_ = false;
  geom_.cellWidth = std::max(1, registerWidth);
  geom_.cellHeight = std::max(1, threadHeight);
  relayout();
}

void TmemRegisterView::setSelectedElement(std::optional<std::pair<int, int>> element) {
  if (selected_ != element) {
    selected_ = element;
    update();
  }
}

void TmemRegisterView::relayout() {
  const bool has = map_ && map_->hasRegisters();
  geom_.rows = has ? map_->numThreads() : 0;
  geom_.cols = has ? map_->numRegisters() : 0;
  geom_.groupRows = 32;
  if (autoSize_ && map_)
    geom_.cellWidth = std::max(16, labelWidth());
  updateGeometry();
  resize(sizeHint());
  update();
}

QSize TmemRegisterView::sizeHint() const {
  return QSize(geom_.width(), geom_.height());
}

QString TmemRegisterView::warpLabel(int warp) const {
  if (!map_)
    return {};
  const auto [lo, hi] = map_->lanesOfWarp(warp);
  if (lo < 0)
    return QString("w%1").arg(warp);
  return QString("w%1 %2-%3").arg(warp).arg(lo).arg(hi);
}

QString TmemRegisterView::toolTipAt(QPoint p) const {
  if (!map_ || !map_->hasRegisters())
    return {};
  auto cell = geom_.cellAt(p);
  if (!cell)
    return {};
  const int warp = cell->row / 32, lane = cell->row % 32;
  const TmemRegisterCell &c = map_->registerCell(block_, cell->row, cell->col);
  QString text = QString("warp %1, lane %2, register %3").arg(warp).arg(lane).arg(cell->col);
  if (map_->numBlocks() > 1)
    text = QString("block %1, ").arg(block_) + text;
  text += QString("\nelement (%1, %2)").arg(c.dim0).arg(c.dim1);
  if (c.tmemLane >= 0) {
    text += QString("\nTMEM lane %1, column %2").arg(c.tmemLane).arg(c.column);
    if (map_->slotsPerColumn() > 1)
      text += QString(", slot %1").arg(c.slot);
    if (map_->numCTAs() > 1)
      text += QString(" (CTA %1)").arg(c.cta);
  }
  return text;
}

void TmemRegisterView::paintEvent(QPaintEvent *event) {
  QPainter p(this);
  const QRect exposed = event->rect();
  p.fillRect(exposed, palette().color(QPalette::Base));
  if (!map_ || !map_->hasRegisters())
    return;
  p.setRenderHint(QPainter::Antialiasing, false);
  const GridRange range = geom_.cellsIn(exposed);
  const QFontMetrics fm(font());
  const bool labels = geom_.cellWidth >= labelWidth() && geom_.cellHeight >= fm.height() - 2;
  const bool borders = geom_.cellWidth >= 4 && geom_.cellHeight >= 4;
  const QColor grid = palette().color(QPalette::Mid);
  for (int row = range.firstRow; row < range.endRow; ++row) {
    const QColor fill = warpColor(row / 32);
    for (int col = range.firstCol; col < range.endCol; ++col) {
      const TmemRegisterCell &c = map_->registerCell(block_, row, col);
      const QRect r = geom_.cellRect(row, col);
      p.fillRect(r, fill);
      if (borders) {
        p.setPen(grid);
        p.drawLine(r.topRight(), r.bottomRight());
        p.drawLine(r.bottomLeft(), r.bottomRight());
      }
      if (labels) {
        p.setPen(fill.lightness() > 140 ? Qt::black : Qt::white);
        p.drawText(r, Qt::AlignCenter, QString("%1,%2").arg(c.dim0).arg(c.dim1));
      }
      if (selected_ && c.dim0 == selected_->first && c.dim1 == selected_->second) {
        p.setPen(QPen(selectionColor(), 2));
        p.drawRect(r.adjusted(1, 1, -1, -1));
      }
    }
  }
  p.setPen(palette().color(QPalette::Text));
  const int labelEvery = std::max(1, (fm.height() + geom_.cellHeight - 1) / geom_.cellHeight);
  for (int row = range.firstRow; row < range.endRow; ++row) {
    if (row % labelEvery != 0 && row % 32 != 0)
      continue;
    QRect r(0, geom_.rowTop(row), geom_.gutter - 4, std::max(geom_.cellHeight, fm.height()));
    p.drawText(r, Qt::AlignRight | Qt::AlignTop,
               row % 32 == 0 ? warpLabel(row / 32) : QString("l%1").arg(row % 32));
  }
  const int every = std::max(1, (fm.horizontalAdvance("r00") + geom_.cellWidth) / geom_.cellWidth);
  for (int col = range.firstCol; col < range.endCol; ++col) {
    if (col % every != 0)
      continue;
    QRect r(geom_.colLeft(col), 0, geom_.cellWidth * every, geom_.header);
    p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, QString("r%1").arg(col));
  }
}

void TmemRegisterView::mousePressEvent(QMouseEvent *event) {
  if (!map_ || !map_->hasRegisters())
    return;
  auto cell = geom_.cellAt(event->position().toPoint());
  if (!cell) {
    QWidget::mousePressEvent(event);
    return;
  }
  const TmemRegisterCell &c = map_->registerCell(block_, cell->row, cell->col);
  setSelectedElement(std::make_pair(c.dim0, c.dim1));
  emit elementSelected(c.dim0, c.dim1);
}

bool TmemRegisterView::event(QEvent *event) {
  return ui::showToolTip(this, event, [this](QPoint p) { return toolTipAt(p); }) ||
         QWidget::event(event);
}

} // namespace ls::widgets
