#include "tmem/tmem_grid_widget.h"

#include <QPainter>

#include "tmem/tmem_palette.h"
#include "common/tooltip_event.h"

namespace ls::ui {

TmemGridWidget::TmemGridWidget(QWidget *parent) : QWidget(parent) {
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void TmemGridWidget::setCellSize(int width, int height) {
  autoSize_ = false;
  geom_.cellWidth = std::max(1, width);
  geom_.cellHeight = std::max(1, height);
  relayout();
}

void TmemGridWidget::setSelectedElement(std::optional<std::pair<int, int>> element) {
  if (selected_ != element) {
    selected_ = element;
    update();
  }
}

QSize TmemGridWidget::sizeHint() const {
  return QSize(geom_.width(), geom_.height());
}

void TmemGridWidget::relayout() {
  sizeGrid();
  geom_.groupRows = 32;
  if (autoSize_ && map_)
    geom_.cellWidth = std::max(16, labelWidth());
  updateGeometry();
  resize(sizeHint());
  update();
}

int TmemGridWidget::labelWidth() const {
  if (!map_)
    return 0;
  const QString widest = QString("%1,%2").arg(map_->shape0() - 1).arg(map_->shape1() - 1);
  return QFontMetrics(font()).horizontalAdvance(widest) + 4;
}

TmemGridWidget::CellStyle TmemGridWidget::cellStyle(const QFontMetrics &fm) const {
  CellStyle s;
  s.labels = geom_.cellWidth >= labelWidth() && geom_.cellHeight >= fm.height() - 2;
  s.borders = geom_.cellWidth >= 4 && geom_.cellHeight >= 4;
  s.grid = palette().color(QPalette::Mid);
  return s;
}

void TmemGridWidget::paintCell(QPainter &p, const QRect &r, const QColor &fill,
                               std::optional<std::pair<int, int>> element, const CellStyle &style,
                               bool strongRightEdge) const {
  p.fillRect(r, fill);
  if (style.borders) {
    p.setPen(style.grid);
    p.drawLine(r.topRight(), r.bottomRight());
    p.drawLine(r.bottomLeft(), r.bottomRight());
    if (strongRightEdge) {
      p.setPen(QPen(Qt::black, 1));
      p.drawLine(r.topRight(), r.bottomRight());
    }
  }
  if (!element)
    return;
  if (style.labels) {
    p.setPen(fill.lightness() > 140 ? Qt::black : Qt::white);
    p.drawText(r, Qt::AlignCenter, QString("%1,%2").arg(element->first).arg(element->second));
  }
  if (selected_ == element) {
    p.setPen(QPen(selectionColor(), 2));
    p.drawRect(r.adjusted(1, 1, -1, -1));
  }
}

void TmemGridWidget::paintRowLabels(QPainter &p, const GridRange &range, const QFontMetrics &fm,
                                    const std::function<QString(int row)> &text) const {
  p.setPen(palette().color(QPalette::Text));
  const int labelEvery = std::max(1, (fm.height() + geom_.cellHeight - 1) / geom_.cellHeight);
  for (int row = range.firstRow; row < range.endRow; ++row) {
    if (row % labelEvery != 0 && row % 32 != 0)
      continue;
    QRect r(0, geom_.rowTop(row), geom_.gutter - 4, std::max(geom_.cellHeight, fm.height()));
    p.drawText(r, Qt::AlignRight | Qt::AlignTop, text(row));
  }
}

bool TmemGridWidget::event(QEvent *event) {
  return ui::showToolTip(this, event, [this](QPoint p) { return toolTipAt(p); }) ||
         QWidget::event(event);
}

} // namespace ls::ui
