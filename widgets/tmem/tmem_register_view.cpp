#include "tmem/tmem_register_view.h"

#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>

#include "tmem/tmem_palette.h"

namespace ls::ui {

TmemRegisterView::TmemRegisterView(QWidget *parent) : TmemGridWidget(parent) {
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

void TmemRegisterView::sizeGrid() {
  const bool has = map_ && map_->hasRegisters();
  geom_.rows = has ? map_->numThreads() : 0;
  geom_.cols = has ? map_->numRegisters() : 0;
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
  const CellStyle style = cellStyle(fm);
  for (int row = range.firstRow; row < range.endRow; ++row) {
    const QColor fill = warpColor(row / 32);
    for (int col = range.firstCol; col < range.endCol; ++col) {
      const TmemRegisterCell &c = map_->registerCell(block_, row, col);
      paintCell(p, geom_.cellRect(row, col), fill, std::make_pair(c.dim0, c.dim1), style);
    }
  }
  paintRowLabels(p, range, fm, [this](int row) {
    return row % 32 == 0 ? warpLabel(row / 32) : QString("l%1").arg(row % 32);
  });
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

} // namespace ls::ui
