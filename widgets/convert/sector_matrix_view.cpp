#include "convert/sector_matrix_view.h"

#include <algorithm>
#include <cmath>

#include <QPaintEvent>
#include <QPainter>

#include "common/tooltip_event.h"

namespace ls::ui {

SectorMatrixGeometry::SectorMatrixGeometry(QSizeF size, int lanes, int columns)
    : lanes_(std::max(lanes, 1)), columns_(std::max(columns, 1)) {
  const qreal availW = std::max<qreal>(size.width() - 2 * kMargin - kLaneLabel, 1);
  const qreal availH = std::max<qreal>(size.height() - 2 * kMargin - kSectorLabel, 1);
  cellW_ = std::clamp<qreal>(availW / columns_, 1, kMaxCell);
  cellH_ = std::clamp<qreal>(availH / lanes_, 1, kMaxCell);
  matrix_ =
      QRectF(kMargin + kLaneLabel, kMargin + kSectorLabel, cellW_ * columns_, cellH_ * lanes_);
}

QRectF SectorMatrixGeometry::cellRect(int lane, int column) const {
  return QRectF(matrix_.left() + column * cellW_, matrix_.top() + lane * cellH_, cellW_, cellH_);
}

std::optional<SectorMatrixGeometry::Hit> SectorMatrixGeometry::hitTest(QPointF p) const {
  if (!matrix_.contains(p))
    return std::nullopt;
  return Hit{std::min(static_cast<int>((p.y() - matrix_.top()) / cellH_), lanes_ - 1),
             std::min(static_cast<int>((p.x() - matrix_.left()) / cellW_), columns_ - 1)};
}

SectorMatrixView::SectorMatrixView(QWidget *parent) : QWidget(parent) {
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void SectorMatrixView::setInstruction(const GlobalInstruction &instruction) {
  instr_ = instruction;
  update();
}

void SectorMatrixView::clear() {
  instr_ = GlobalInstruction();
  update();
}

SectorMatrixGeometry SectorMatrixView::cellGeometry() const {
  return SectorMatrixGeometry(QSizeF(size()), static_cast<int>(instr_.lanes.size()),
                              static_cast<int>(instr_.sectors.size()));
}

bool SectorMatrixView::laneHitsColumn(int lane, int column) const {
  if (lane < 0 || lane >= static_cast<int>(instr_.lanes.size()) || column < 0 ||
      column >= static_cast<int>(instr_.sectors.size()))
    return false;
  const GlobalLaneAccess &l = instr_.lanes[lane];
  const int64_t s = instr_.sectors[column];
  return s >= l.firstSector && s <= l.lastSector;
}

QColor SectorMatrixView::cellColor(int lane, int column) const {
  return laneHitsColumn(lane, column) ? hitColor() : palette().color(QPalette::Base);
}

void SectorMatrixView::paintEvent(QPaintEvent *event) {
  QPainter p(this);
  p.fillRect(event->rect(), palette().color(QPalette::Window));
  if (!hasInstruction()) {
    p.setPen(palette().color(QPalette::Text));
    p.drawText(rect(), Qt::AlignCenter, tr("No access"));
    return;
  }
  const SectorMatrixGeometry g = cellGeometry();
  const int lanes = static_cast<int>(instr_.lanes.size());
  const int columns = static_cast<int>(instr_.sectors.size());
  const QRectF exposed = QRectF(event->rect()).intersected(g.matrixRect());
  p.setRenderHint(QPainter::Antialiasing, false);
  if (!exposed.isEmpty()) {
    const QRectF m = g.matrixRect();
    const int l0 =
        std::clamp(static_cast<int>((exposed.top() - m.top()) / g.cellHeight()), 0, lanes - 1);
    const int l1 =
        std::clamp(static_cast<int>(std::ceil((exposed.bottom() - m.top()) / g.cellHeight())) - 1,
                   0, lanes - 1);
    const int c0 =
        std::clamp(static_cast<int>((exposed.left() - m.left()) / g.cellWidth()), 0, columns - 1);
    const int c1 =
        std::clamp(static_cast<int>(std::ceil((exposed.right() - m.left()) / g.cellWidth())) - 1, 0,
                   columns - 1);
    const bool gridLines = g.cellWidth() >= 4 && g.cellHeight() >= 4;
    for (int lane = l0; lane <= l1; ++lane)
      for (int c = c0; c <= c1; ++c) {
        const QRectF r = g.cellRect(lane, c);
        p.fillRect(r, cellColor(lane, c));
        if (gridLines) {
          p.setPen(QColor(0, 0, 0, 40));
          p.drawRect(r.adjusted(0, 0, -1, -1));
        }
      }
  }
  // Axis labels; they thin out when cells are small.
  const QFontMetricsF fm(font());
  p.setPen(palette().color(QPalette::Text));
  const int laneStep = g.cellHeight() >= fm.height() ? 1 : 8;
  for (int lane = 0; lane < lanes; lane += laneStep) {
    const QRectF c = g.cellRect(lane, 0);
    p.drawText(QRectF(SectorMatrixGeometry::kMargin, c.top(), SectorMatrixGeometry::kLaneLabel - 3,
                      std::max(c.height(), fm.height())),
               Qt::AlignRight | Qt::AlignVCenter, QString::number(lane));
  }
  const qreal labelWidth = fm.horizontalAdvance(QString::number(instr_.sectors.back())) + 4;
  const int colStep = std::max(1, static_cast<int>(std::ceil(labelWidth / g.cellWidth())));
  for (int c = 0; c < columns; c += colStep) {
    const QRectF r = g.cellRect(0, c);
    p.drawText(QRectF(r.left(), SectorMatrixGeometry::kMargin, labelWidth,
                      SectorMatrixGeometry::kSectorLabel),
               Qt::AlignLeft | Qt::AlignVCenter, QString::number(instr_.sectors[c]));
  }
}

bool SectorMatrixView::event(QEvent *event) {
  return ui::showToolTip(
             this, event,
             [this](QPoint p) {
               const auto hit = hasInstruction() ? cellGeometry().hitTest(p)
                                                 : std::optional<SectorMatrixGeometry::Hit>();
               if (!hit)
                 return QString();
               const GlobalLaneAccess &l = instr_.lanes[hit->lane];
               return tr("lane %1: bytes %2..%3; sector %4 %5")
                   .arg(l.lane)
                   .arg(l.firstByte)
                   .arg(l.firstByte + l.bytes - 1)
                   .arg(instr_.sectors[hit->column])
                   .arg(laneHitsColumn(hit->lane, hit->column) ? tr("hit") : tr("not hit"));
             }) ||
         QWidget::event(event);
}

} // namespace ls::ui
