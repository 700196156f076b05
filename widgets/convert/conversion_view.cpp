#include "convert/conversion_view.h"

#include <algorithm>
#include <cmath>

#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>

#include "common/tooltip_event.h"
#include "util/error.h"

namespace ls::ui {

namespace {

using Panel = ConversionViewGeometry::Panel;

constexpr int kMaxArrows = 512;

QString loc(const HardwareLocation &l, bool withWarp) {
  return (withWarp ? QStringLiteral("w%1 ").arg(l.warp) : QString()) +
         QStringLiteral("T%1:r%2").arg(l.lane).arg(l.reg);
}

} // namespace

ConversionView::ConversionView(QWidget *parent) : QWidget(parent) {
  setMouseTracking(false);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void ConversionView::setConversion(std::shared_ptr<const LayoutConversion> conversion,
                                   const ConversionCost &cost, const QString &sourceTitle,
                                   const QString &destinationTitle) {
  conversion_ = std::move(conversion);
  kind_ = cost.kind;
  sourceTitle_ = sourceTitle;
  destinationTitle_ = destinationTitle;
  header_ = conversion_ ? describeCost(*conversion_, cost) : QStringList();
  if (!header_.isEmpty() && !target_.isEmpty())
    header_.front() = tr("on %1: ").arg(target_) + header_.front();
  warp_ = 0;
  selectedLane_ = -1;
  loadMoves();
  update();
}

void ConversionView::loadMoves() {
  moves_.clear();
  if (!conversion_)
    return;
  try {
    moves_ = conversion_->movesInto(0, warp_);
  } catch (const Error &e) {
    // Too many registers to draw: the header still states class and cost.
    const QString line = tr("registers not drawn: %1").arg(QString::fromStdString(e.what()));
    if (!header_.contains(line))
      header_ << line;
  }
}

bool ConversionView::hasMove(int lane, int reg) const {
  return conversion_ && !moves_.empty() && lane >= 0 && lane < conversion_->numLanes() &&
         reg >= 0 && reg < conversion_->destinationRegisters();
}

void ConversionView::clear() {
  conversion_.reset();
  moves_.clear();
  header_.clear();
  update();
}

void ConversionView::setWarp(int warp) {
  if (!conversion_)
    return;
  warp = std::clamp(warp, 0, conversion_->numWarps() - 1);
  if (warp == warp_)
    return;
  warp_ = warp;
  loadMoves();
  update();
  emit warpChanged(warp_);
}

void ConversionView::setSelectedLane(int lane) {
  if (conversion_)
    lane = std::clamp(lane, -1, conversion_->numLanes() - 1);
  if (lane == selectedLane_)
    return;
  selectedLane_ = lane;
  update();
  emit laneSelected(lane);
}

void ConversionView::setColorMode(ColorMode mode) {
  mode_ = mode;
  update();
}

std::vector<RegisterMove> ConversionView::selectedMoves() const {
  std::vector<RegisterMove> out;
  for (const RegisterMove &m : moves_)
    if (m.from.lane == selectedLane_ && m.from.warp == warp_ && m.from.block == 0)
      out.push_back(m);
  return out;
}

namespace {
constexpr qreal kSwatch = 12; // legend swatch height (and widest lane swatch)
constexpr qreal kLegendGap = 6;
} // namespace

qreal ConversionView::legendTop() const {
  return ConversionViewGeometry::kMargin + fontMetrics().lineSpacing() * header_.size() +
         (conversion_ ? kLegendGap : 0);
}

qreal ConversionView::swatchTop() const {
  return legendTop() + fontMetrics().lineSpacing() * legendLines().size();
}

qreal ConversionView::headerHeight() const {
  if (!conversion_)
    return legendTop();
  const qreal rowTop = mode_ == ColorMode::Scope
                           ? legendSwatchRect(int(MoveScope::OtherCta)).top() -
                                 std::max<qreal>(0, (fontMetrics().height() - kSwatch) / 2)
                           : swatchTop();
  return rowTop + std::max<qreal>(kSwatch, fontMetrics().height()) + kLegendGap;
}

QStringList ConversionView::legendLines() const {
  if (!conversion_)
    return {};
  const int lanes = conversion_->numLanes();
  return {tr("Rows: lanes 0\u2013%1 of warp %2.").arg(lanes - 1).arg(warp_),
          tr("Columns: source registers r0\u2013r%1 (left), destination registers r0\u2013r%2 "
             "(right).")
              .arg(conversion_->sourceRegisters() - 1)
              .arg(conversion_->destinationRegisters() - 1),
          mode_ == ColorMode::SourceLane
              ? tr("Colour: the source lane a value comes from. A dark corner: from another "
                   "warp (\u201cw<k>\u201d, warp k, where the cell has room).")
              : tr("Colour: how far a value travels (the conversion: %1).")
                    .arg(QString::fromLatin1(conversionKindName(kind_)))};
}

QString ConversionView::swatchLabel() const {
  return mode_ == ColorMode::SourceLane ? tr("source lane") : QString();
}

QRectF ConversionView::legendSwatchRect(int i) const {
  if (!conversion_)
    return {};
  const QFontMetricsF fm(font());
  const qreal top = swatchTop() + std::max<qreal>(0, (fm.height() - kSwatch) / 2);
  qreal x = ConversionViewGeometry::kMargin;
  if (mode_ == ColorMode::SourceLane) {
    const int lanes = conversion_->numLanes();
    if (i < 0 || i >= lanes)
      return {};
    // "source lane 0 [strip] 31": every lane has its swatch, none is cut.
    x += fm.horizontalAdvance(swatchLabel() + QStringLiteral(" 0 "));
    const qreal room =
        width() - x - fm.horizontalAdvance(QStringLiteral(" 63")) - ConversionViewGeometry::kMargin;
    const qreal w = std::clamp<qreal>(room / lanes, 2, kSwatch);
    return QRectF(x + i * w, top, w, kSwatch);
  }
  if (i < 0 || i > int(MoveScope::OtherCta))
    return {};
  // Swatch, its words, a gap; a scope that does not fit starts a new row.
  qreal y = top;
  for (int k = 0;; ++k) {
    const qreal need = kSwatch + 4 + fm.horizontalAdvance(scopeDescription(MoveScope(k)));
    if (x > ConversionViewGeometry::kMargin &&
        x + need > width() - ConversionViewGeometry::kMargin) {
      x = ConversionViewGeometry::kMargin;
      y += std::max<qreal>(kSwatch, fm.lineSpacing());
    }
    if (k == i)
      return QRectF(x, y, kSwatch, kSwatch);
    x += need + 16;
  }
}

QString ConversionView::kindDescription(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::NoOp:
    return tr("no-op: every thread already holds these elements in these registers");
  case ConversionKind::RegisterPermutation:
    return tr("register permutation: each thread renames its own registers; nothing leaves the "
              "thread");
  case ConversionKind::WarpShuffle:
    return tr("warp shuffle: values move between the lanes of each warp, without shared memory");
  case ConversionKind::SharedMemory:
    return tr("through shared memory: every warp stores its values and loads the destination's "
              "(with a barrier between)");
  case ConversionKind::AcrossCtas:
    return tr("across CTAs: values move between the CTAs of a cluster (distributed shared "
              "memory)");
  }
  return {};
}

ConversionViewGeometry ConversionView::cellGeometry() const {
  const int lanes = conversion_ ? conversion_->numLanes() : 1;
  const int srcRegs = conversion_ ? conversion_->sourceRegisters() : 1;
  const int dstRegs = conversion_ ? conversion_->destinationRegisters() : 1;
  return ConversionViewGeometry(QSizeF(size()), lanes, srcRegs, dstRegs, headerHeight());
}

QColor ConversionView::laneColor(int lane, int lanes) {
  // Hues spread around the wheel; neighbouring lanes alternate light/dark so
  // that lanes 0 and 1 stay distinguishable even with 64 lanes.
  const int hue = lanes > 0 ? (lane * 360 / lanes) % 360 : 0;
  return QColor::fromHsv(hue, 120, lane % 2 ? 200 : 245);
}

QColor ConversionView::scopeColor(MoveScope scope) {
  switch (scope) {
  case MoveScope::SameThread:
    return QColor(0x8f, 0xd1, 0x8a); // green: free
  case MoveScope::SameWarp:
    return QColor(0x7f, 0xb2, 0xe5); // blue: shuffle
  case MoveScope::OtherWarp:
    return QColor(0xf2, 0xb0, 0x5e); // orange: shared memory
  case MoveScope::OtherCta:
    return QColor(0xe0, 0x6c, 0x6c); // red: distributed shared memory
  }
  return Qt::gray;
}

QString ConversionView::scopeDescription(MoveScope scope) {
  switch (scope) {
  case MoveScope::SameThread:
    return tr("same thread (register rename)");
  case MoveScope::SameWarp:
    return tr("another lane of the warp (shuffle)");
  case MoveScope::OtherWarp:
    return tr("another warp (shared memory)");
  case MoveScope::OtherCta:
    return tr("another CTA (distributed shared memory)");
  }
  return {};
}

QStringList ConversionView::describeCost(const LayoutConversion &c, const ConversionCost &cost) {
  QStringList lines;
  QString moved;
  for (const auto &d : c.movedDims())
    moved += (moved.isEmpty() ? "" : ", ") + QString::fromStdString(d);
  lines << tr("%1 (moves %2)%3")
               .arg(QString::fromLatin1(conversionKindName(cost.kind)),
                    moved.isEmpty() ? tr("nothing") : moved,
                    c.isTrivial() ? tr("; trivial for Triton") : QString());
  if (cost.shuffle) {
    const WarpShufflePlan &s = *cost.shuffle;
    lines << tr("%1 shuffle round(s) and %2 select(s) per thread (%3, %4 register/lane "
                "transposition(s), lane permutation %5)")
                 .arg(s.shuffles)
                 .arg(s.selects)
                 .arg(QString::fromStdString(s.method))
                 .arg(s.mixedTranspositions.size())
                 .arg(s.lanePermutationIsTrivial ? tr("trivial") : tr("non-trivial"));
  }
  if (cost.scratch) {
    const ConversionScratch &s = *cost.scratch;
    lines << tr("%1 bytes of shared memory, %2 rep(s); per thread %3 %4 (x%5), %6 %7 (x%8); "
                "bank conflicts %9")
                 .arg(s.bytes)
                 .arg(s.reps)
                 .arg(s.storesPerThread)
                 .arg(QString::fromStdString(s.storeInstruction))
                 .arg(s.storeVectorElems)
                 .arg(s.loadsPerThread)
                 .arg(QString::fromStdString(s.loadInstruction))
                 .arg(s.loadVectorElems)
                 .arg(s.conflicts
                          ? tr("store %1, load %2").arg(s.conflicts->store).arg(s.conflicts->load)
                          : tr("unknown"));
  }
  if (cost.kind == ConversionKind::AcrossCtas)
    lines << tr("across CTAs: distributed shared memory and cluster barriers (NVIDIA, blocked, "
                "mma and slice layouts only); not costed");
  return lines;
}

QColor ConversionView::sourceCellColor(int lane, int /*reg*/) const {
  if (!conversion_)
    return palette().color(QPalette::Base);
  if (mode_ == ColorMode::Scope)
    return palette().color(QPalette::AlternateBase);
  return laneColor(lane, conversion_->numLanes());
}

QRectF ConversionView::otherWarpMark(const QRectF &cell) {
  const qreal side = std::max<qreal>(3, std::floor(std::min(cell.width(), cell.height()) * 0.45));
  return QRectF(cell.right() - side, cell.top(), side, side);
}

QColor ConversionView::destinationCellColor(int lane, int reg) const {
  if (!hasMove(lane, reg))
    return palette().color(QPalette::Base);
  const RegisterMove &m =
      moves_[static_cast<size_t>(lane) * conversion_->destinationRegisters() + reg];
  if (mode_ == ColorMode::Scope)
    return scopeColor(m.scope);
  return laneColor(m.from.lane, conversion_->numLanes());
}

void ConversionView::paintPanel(QPainter &p, const ConversionViewGeometry &g, Panel panel,
                                const QRectF &exposed) const {
  const auto range = g.visibleCells(panel, exposed);
  const QFontMetricsF fm(font());
  const bool labels = g.cellWidth() >= 6 * fm.averageCharWidth() && g.cellHeight() >= fm.height();
  const bool gridLines = g.cellWidth() >= 4 && g.cellHeight() >= 4;
  const int dstRegs = conversion_->destinationRegisters();
  p.setRenderHint(QPainter::Antialiasing, false);
  for (int lane = range.firstLane; lane <= range.lastLane; ++lane)
    for (int reg = range.firstReg; reg <= range.lastReg; ++reg) {
      const QRectF r = g.cellRect(panel, lane, reg);
      const bool src = panel == Panel::Source;
      p.fillRect(r, src ? sourceCellColor(lane, reg) : destinationCellColor(lane, reg));
      if (gridLines) {
        p.setPen(QColor(0, 0, 0, 40));
        p.drawRect(r.adjusted(0, 0, -1, -1));
      }
      // A value from another warp (or CTA) than the one shown: a dark corner,
      // seen at any zoom (the "w<k>" label needs room the cells rarely have).
      if (!src && mode_ == ColorMode::SourceLane && hasMove(lane, reg)) {
        const RegisterMove &m = moves_[static_cast<size_t>(lane) * dstRegs + reg];
        if (m.from.warp != warp_ || m.from.block != 0) {
          const QRectF mark = otherWarpMark(r);
          const QPointF corner[3] = {mark.topLeft(), mark.topRight(), mark.bottomRight()};
          p.setPen(Qt::NoPen);
          p.setBrush(otherWarpColor());
          p.drawPolygon(corner, 3);
          p.setBrush(Qt::NoBrush);
        }
      }
      if (!labels)
        continue;
      QString text;
      if (src) {
        text = QStringLiteral("r%1").arg(reg);
      } else if (hasMove(lane, reg)) {
        const RegisterMove &m = moves_[static_cast<size_t>(lane) * dstRegs + reg];
        const bool otherWarp = m.from.warp != warp_ || m.from.block != 0;
        text = loc(m.from, otherWarp);
        // Too narrow for the whole name: the warp when it is another one
        // (what the corner marks), else the lane.
        if (fm.horizontalAdvance(text) > r.width() - 2)
          text = otherWarp ? QStringLiteral("w%1").arg(m.from.warp)
                           : QStringLiteral("T%1").arg(m.from.lane);
      }
      p.setPen(palette().color(QPalette::Text));
      p.drawText(r, Qt::AlignCenter, text);
    }
}

void ConversionView::paintArrows(QPainter &p, const ConversionViewGeometry &g) const {
  if (selectedLane_ < 0)
    return;
  const int srcRegs = conversion_->sourceRegisters();
  p.setRenderHint(QPainter::Antialiasing, false);
  QPen outline(palette().color(QPalette::Highlight), 2);
  p.setPen(outline);
  p.setBrush(Qt::NoBrush);
  for (int reg = 0; reg < srcRegs; ++reg)
    p.drawRect(g.cellRect(Panel::Source, selectedLane_, reg).adjusted(1, 1, -1, -1));
  const std::vector<RegisterMove> sel = selectedMoves();
  for (const RegisterMove &m : sel)
    p.drawRect(g.cellRect(Panel::Destination, m.to.lane, m.to.reg).adjusted(1, 1, -1, -1));
  p.setRenderHint(QPainter::Antialiasing, true);
  QColor arrow = palette().color(QPalette::Highlight);
  arrow.setAlpha(150);
  p.setPen(QPen(arrow, 1));
  int drawn = 0;
  for (const RegisterMove &m : sel) {
    if (++drawn > kMaxArrows)
      break;
    const QRectF a = g.cellRect(Panel::Source, m.from.lane, m.from.reg);
    const QRectF b = g.cellRect(Panel::Destination, m.to.lane, m.to.reg);
    p.drawLine(QPointF(a.center().x(), a.center().y()), QPointF(b.left() + 2, b.center().y()));
  }
}

void ConversionView::paintEvent(QPaintEvent *event) {
  QPainter p(this);
  p.fillRect(event->rect(), palette().color(QPalette::Window));
  if (!conversion_) {
    p.setPen(palette().color(QPalette::Text));
    p.drawText(rect(), Qt::AlignCenter, tr("No conversion"));
    return;
  }
  const ConversionViewGeometry g = cellGeometry();
  const QFontMetricsF fm(font());
  p.setPen(palette().color(QPalette::Text));
  qreal y = ConversionViewGeometry::kMargin + fm.ascent();
  for (const QString &line : header_) {
    p.drawText(QPointF(ConversionViewGeometry::kMargin, y), line);
    y += fm.lineSpacing();
  }
  // The legend: what rows, columns and colours mean, then the swatches.
  y = legendTop() + fm.ascent();
  for (const QString &line : legendLines()) {
    p.drawText(QPointF(ConversionViewGeometry::kMargin, y),
               fm.elidedText(line, Qt::ElideRight, width() - 2 * ConversionViewGeometry::kMargin));
    y += fm.lineSpacing();
  }
  const qreal textY = swatchTop() + fm.ascent();
  if (mode_ == ColorMode::SourceLane) {
    const int lanes = conversion_->numLanes();
    p.drawText(QPointF(ConversionViewGeometry::kMargin, textY),
               swatchLabel() + QStringLiteral(" 0"));
    for (int l = 0; l < lanes; ++l)
      p.fillRect(legendSwatchRect(l), laneColor(l, lanes));
    p.drawText(QPointF(legendSwatchRect(lanes - 1).right() + fm.horizontalAdvance(QLatin1Char(' ')),
                       textY),
               QString::number(lanes - 1));
  } else {
    for (int k = 0; k <= int(MoveScope::OtherCta); ++k) {
      const QRectF r = legendSwatchRect(k);
      p.fillRect(r, scopeColor(MoveScope(k)));
      p.drawText(QPointF(r.right() + 4, textY + (r.top() - legendSwatchRect(0).top())),
                 scopeDescription(MoveScope(k)));
    }
  }
  for (Panel panel : {Panel::Source, Panel::Destination}) {
    // (The source panel's grid lines left a faint pen behind.)
    p.setPen(palette().color(QPalette::Text));
    const QRectF r = g.panelRect(panel);
    const QString title =
        (panel == Panel::Source ? tr("source, warp %1: ") : tr("destination, warp %1: "))
            .arg(warp_) +
        (panel == Panel::Source ? sourceTitle_ : destinationTitle_);
    const qreal titleWidth = std::max<qreal>(r.width() + ConversionViewGeometry::kAxisLabel, 40);
    p.drawText(QPointF(r.left() - ConversionViewGeometry::kAxisLabel, r.top() - fm.descent() - 4),
               fm.elidedText(title, Qt::ElideRight, titleWidth));
    // Lane numbers: every lane when they fit, else every eighth.
    const int step = g.cellHeight() >= fm.height() ? 1 : 8;
    for (int lane = 0; lane < g.lanes(); lane += step) {
      const QRectF c = g.cellRect(panel, lane, 0);
      if (c.bottom() < event->rect().top() || c.top() > event->rect().bottom())
        continue;
      p.drawText(QRectF(c.left() - ConversionViewGeometry::kAxisLabel, c.top(),
                        ConversionViewGeometry::kAxisLabel - 3, std::max(c.height(), fm.height())),
                 Qt::AlignRight | Qt::AlignVCenter, QString::number(lane));
    }
    paintPanel(p, g, panel, QRectF(event->rect()));
  }
  paintArrows(p, g);
}

void ConversionView::mousePressEvent(QMouseEvent *event) {
  if (!conversion_)
    return;
  const auto hit = cellGeometry().hitTest(event->position());
  if (!hit) {
    setSelectedLane(-1);
    return;
  }
  if (hit->panel == Panel::Source) {
    setSelectedLane(hit->lane);
  } else if (hasMove(hit->lane, hit->reg)) {
    const RegisterMove &m =
        moves_[static_cast<size_t>(hit->lane) * conversion_->destinationRegisters() + hit->reg];
    setSelectedLane(m.from.warp == warp_ && m.from.block == 0 ? m.from.lane : -1);
  }
}

QString ConversionView::toolTipAt(QPointF pos) const {
  if (!conversion_)
    return {};
  const auto hit = cellGeometry().hitTest(pos);
  if (!hit)
    return {};
  if (hit->panel == Panel::Source) {
    int sent = 0;
    for (const RegisterMove &m : moves_)
      if (m.from.warp == warp_ && m.from.lane == hit->lane && m.from.reg == hit->reg)
        ++sent;
    return tr("source w%1 T%2:r%3 feeds %4 destination register(s) of this warp\nconversion: %5")
        .arg(warp_)
        .arg(hit->lane)
        .arg(hit->reg)
        .arg(sent)
        .arg(kindDescription(kind_));
  }
  if (!hasMove(hit->lane, hit->reg))
    return {};
  const RegisterMove &m =
      moves_[static_cast<size_t>(hit->lane) * conversion_->destinationRegisters() + hit->reg];
  QStringList coords;
  for (int32_t c : conversion_->elementAt(m.to))
    coords << QString::number(c);
  return tr("destination %1 <- source %2: %3; element (%4)\nconversion: %5")
      .arg(loc(m.to, true), loc(m.from, true), scopeDescription(m.scope), coords.join(", "),
           kindDescription(kind_));
}

bool ConversionView::event(QEvent *event) {
  return ui::showToolTip(this, event, [this](QPoint p) { return toolTipAt(p); }) ||
         QWidget::event(event);
}

} // namespace ls::ui
