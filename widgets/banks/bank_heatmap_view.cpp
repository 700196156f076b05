#include "banks/bank_heatmap_view.h"

#include <QPaintEvent>
#include <QPainter>
#include <algorithm>

#include "common/tooltip_event.h"

namespace ls::ui {

BankHeatmapView::BankHeatmapView(QWidget *parent) : QWidget(parent) {
  setMouseTracking(true);
  setAttribute(Qt::WA_OpaquePaintEvent);
  fitToFont();
}

void BankHeatmapView::fitToFont() {
  // Cells and margins grow with the font (presentation mode) so that bank
  // numbers and instruction labels keep fitting; at the default font they
  // are the geometry's defaults (16 x 12 cells).
  const QFontMetrics fm(font());
  const BankHeatmapGeometry d;
  geometry_.cellWidth = std::max(d.cellWidth, fm.horizontalAdvance(QStringLiteral("00")));
  geometry_.cellHeight = std::max(d.cellHeight, fm.height() - 3);
  // The left margin holds "#00" and, in the corner, the word "bank".
  geometry_.left = std::max(d.left, std::max(fm.horizontalAdvance(QStringLiteral("#00")),
                                             fm.horizontalAdvance(QStringLiteral("bank"))) +
                                        6);
  geometry_.top = std::max(d.top, fm.height());
}

void BankHeatmapView::changeEvent(QEvent *event) {
  if (event->type() == QEvent::FontChange) {
    fitToFont();
    resize(sizeHint());
    updateGeometry();
    update();
  }
  QWidget::changeEvent(event);
}

void BankHeatmapView::setModel(BankHeatmapModel model) {
  model_ = std::move(model);
  geometry_.rows = model_.rowCount();
  geometry_.banks = std::max(1, model_.bankCount());
  // The view sits in a QScrollArea with widgetResizable off, which never
  // resizes its widget from the size hint: without this the view keeps the
  // zero size it had when the area adopted it and no cell is ever drawn.
  resize(sizeHint());
  updateGeometry();
  update();
}

QColor BankHeatmapView::colorFor(int load, int maxLoad, bool colorBlindSafe) {
  if (load <= 0)
    return QColor(236, 236, 236); // idle bank
  if (load == 1) // one word: conflict-free
    return colorBlindSafe ? QColor(0, 114, 178) : QColor(92, 184, 92);
  // 2 words orange ... the worst load deep red (colour-blind-safe: Okabe and
  // Ito's orange to a dark vermilion, never against green).
  const double t = maxLoad > 2 ? std::min(1.0, double(load - 2) / double(maxLoad - 2)) : 1.0;
  if (colorBlindSafe)
    return QColor(int(230 - 110 * t), int(159 - 119 * t), int(0 + 0 * t));
  return QColor(int(245 - 60 * t), int(160 - 130 * t), int(50 - 20 * t));
}

void BankHeatmapView::setColorBlindSafe(bool on) {
  if (on == colorBlindSafe_)
    return;
  colorBlindSafe_ = on;
  update();
}

void BankHeatmapView::setLoadScale(int maxLoad) {
  if (maxLoad == loadScale_)
    return;
  loadScale_ = maxLoad;
  update();
}

int BankHeatmapView::loadScale() const {
  return loadScale_ > 0 ? loadScale_ : model_.maxLoad();
}

QString BankHeatmapView::toolTipAt(QPoint pos) const {
  auto cell = geometry_.cellAt(pos.x(), pos.y());
  if (!cell)
    return {};
  return QString::fromStdString(model_.cellText(cell->first, cell->second));
}

QSize BankHeatmapView::sizeHint() const {
  return {geometry_.width(), geometry_.height()};
}
QSize BankHeatmapView::minimumSizeHint() const {
  return {geometry_.width(), 60};
}

void BankHeatmapView::setSelectedLane(int lane) {
  if (lane == selectedLane_)
    return;
  selectedLane_ = lane;
  update();
}

void BankHeatmapView::paintEvent(QPaintEvent *event) {
  QPainter p(this);
  const QRect exposed = event->rect();
  p.fillRect(exposed, palette().base());
  p.setRenderHint(QPainter::Antialiasing, false);
  const auto &g = geometry_;
  const auto range =
      g.visible(exposed.left(), exposed.top(), exposed.right() + 1, exposed.bottom() + 1);
  const int maxLoad = loadScale();
  // Cells.
  for (int r = range.firstRow; r < range.lastRow; ++r)
    for (int b = range.firstBank; b < range.lastBank; ++b)
      p.fillRect(g.xOfBank(b), g.yOfRow(r), g.cellWidth - 1, g.cellHeight - 1,
                 colorFor(model_.cell(r, b).load, maxLoad, colorBlindSafe_));
  // The selected lane's cells: a frame inside each (the fill stays visible).
  if (selectedLane_ >= 0 && selectedLane_ < 64) {
    const QColor frame = selectionColor();
    const int w = g.cellWidth - 1, h = g.cellHeight - 1, t = std::min(2, std::min(w, h) / 3);
    for (int r = range.firstRow; r < range.lastRow; ++r)
      for (int b = range.firstBank; b < range.lastBank; ++b) {
        if (!((model_.cell(r, b).lanes >> selectedLane_) & 1))
          continue;
        const int x = g.xOfBank(b), y = g.yOfRow(r);
        p.fillRect(x, y, w, t, frame);
        p.fillRect(x, y + h - t, w, t, frame);
        p.fillRect(x, y, t, h, frame);
        p.fillRect(x + w - t, y, t, h, frame);
      }
  }
  // Instruction boundaries and labels; labels vanish when cells are tiny.
  const QFontMetrics fm(font());
  const bool labels = g.cellHeight >= fm.height() - 4 && g.cellWidth >= fm.horizontalAdvance("00");
  p.setPen(palette().text().color());
  for (int r = range.firstRow; r < range.lastRow; ++r) {
    if (!model_.firstRowOfInstruction(r))
      continue;
    p.drawLine(g.left - 2, g.yOfRow(r), g.xOfBank(g.banks), g.yOfRow(r));
    if (labels)
      p.drawText(QRect(0, g.yOfRow(r), g.left - 4, g.cellHeight), Qt::AlignRight | Qt::AlignVCenter,
                 QString::fromStdString(model_.rowLabel(r)));
  }
  if (labels && exposed.top() < g.top && g.rows > 0) {
    // The columns' name, in the corner over the instruction labels.
    p.drawText(QRect(0, 0, g.left - 4, g.top), Qt::AlignRight | Qt::AlignVCenter,
               QStringLiteral("bank"));
  }
  if (labels && exposed.top() < g.top) {
    // Every bank number when they fit, else every 2nd, 4th, ... (never
    // run together: "10111213" reads as nothing).
    const int widest = fm.horizontalAdvance(QString::number(std::max(0, g.banks - 1))) + 3;
    int step = 1;
    while (step < g.banks && step * g.cellWidth < widest)
      step *= 2;
    for (int b = range.firstBank - range.firstBank % step; b < range.lastBank; b += step)
      p.drawText(QRect(g.xOfBank(b) + g.cellWidth / 2 - step * g.cellWidth / 2, 0,
                       step * g.cellWidth, g.top),
                 Qt::AlignCenter, QString::number(b));
  }
}

bool BankHeatmapView::event(QEvent *event) {
  return ui::showToolTip(this, event, [this](QPoint p) { return toolTipAt(p); }) ||
         QWidget::event(event);
}

} // namespace ls::ui
