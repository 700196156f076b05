#include "grid/grid_scene_painter.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPaintEngine>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "analysis/ownership/ownership_batch.h"
#include "grid/grid_legend.h"

namespace ls::ui {

namespace {

constexpr double kLegendWidth = 190;
constexpr double kMargin = 10;

// Smallest power of two n with n * cellSize >= spacing.
int64_t tickStep(double cellSize, double spacing) {
  int64_t step = 1;
  while (static_cast<double>(step) * cellSize < spacing && step < (int64_t{1} << 40))
    step *= 2;
  return step;
}

} // namespace

SceneLayout GridScenePainter::layout(const QRectF &bounds, const GridSceneState &s,
                                     const GridPalette &pal) const {
  SceneLayout l;
  QRectF r = bounds.adjusted(kMargin, kMargin, -kMargin, -kMargin);
  if (s.showTitle) {
    const QFontMetricsF big(pal.font(12, true)), mono(pal.monoFont(9));
    const double h = big.height() + mono.height() * 2 + 8;
    l.title = QRectF(r.left(), r.top(), r.width(), h);
    r.setTop(r.top() + h + 4);
  }
  if (!s.notice.isEmpty()) {
    // A note about the picture (labels larger than the view), above the grid.
    const QFontMetricsF fm(pal.font(9));
    const double h =
        fm.boundingRect(QRectF(0, 0, r.width() - 16, 1000), Qt::TextWordWrap, s.notice).height() +
        10;
    l.notice = QRectF(r.left(), r.top(), r.width(), h);
    r.setTop(r.top() + h + 4);
  }
  if (!s.stepOverlay.isEmpty()) {
    // The step in large type, between the title and the grid.
    const double h = QFontMetricsF(pal.font(20, true)).height() + 10;
    l.step = QRectF(r.left(), r.top(), r.width(), h);
    r.setTop(r.top() + h + 4);
  }
  if (s.showLegend) {
    // On the right when there is room; below the grid in narrow views (two
    // designs side by side), where it flows into columns.
    const double w = kLegendWidth * pal.fontScale;
    const double h = 118 * pal.fontScale;
    // Also on the right when that gives a tall tile larger cells (an MMA
    // accumulator of 16 x 8 in presentation).
    bool right = r.width() >= 4 * w;
    if (!right && s.plane && r.width() - w - kMargin >= 200) {
      const double rows = static_cast<double>(std::max<int64_t>(1, s.plane->rows()));
      const double cols = static_cast<double>(std::max<int64_t>(1, s.plane->cols()));
      const double cellRight = std::min((r.width() - w - kMargin) / cols, r.height() / rows);
      const double cellBelow = std::min(r.width() / cols, (r.height() - h - kMargin) / rows);
      right = cellRight > cellBelow * 1.1;
    }
    if (right) {
      l.legend = QRectF(r.right() - w, r.top(), w, r.height());
      r.setRight(r.right() - w - kMargin);
    } else {
      l.legend = QRectF(r.left(), r.bottom() - h, r.width(), h);
      r.setBottom(r.bottom() - h - kMargin);
    }
  }
  const QFontMetricsF fm(pal.font(8));
  double rowTickW = fm.horizontalAdvance(QStringLiteral("0000"));
  if (s.plane && s.plane->rows() > 0)
    rowTickW = std::max(rowTickW, fm.horizontalAdvance(s.plane->rowTick(s.plane->rows() - 1)));
  const double axisTitle = QFontMetricsF(pal.font(9, true)).height();
  const double left = axisTitle + rowTickW + 10;
  const double top = axisTitle + fm.height() + 8;
  l.colAxis = QRectF(r.left() + left, r.top(), r.width() - left, top);
  l.rowAxis = QRectF(r.left(), r.top() + top, left, r.height() - top);
  l.grid = QRectF(r.left() + left, r.top() + top, r.width() - left, r.height() - top);
  return l;
}

GridScenePainter::CellState GridScenePainter::stateOf(const GridSceneState &s, uint64_t loc,
                                                      uint64_t elem) const {
  const GridHighlight &h = s.highlight;
  switch (h.mode) {
  case GridHighlight::Mode::None:
    return CellState::Normal;
  case GridHighlight::Mode::LocationBit:
    return loc != ls::kNoOwner && ((loc >> h.bit) & 1) ? CellState::Normal : CellState::Dim;
  case GridHighlight::Mode::Bank:
    return loc != ls::kNoOwner && s.plane->bankOf(loc) == h.bank ? CellState::Strong
                                                                 : CellState::Dim;
  case GridHighlight::Mode::Sets:
    break;
  }
  const bool tensor = s.plane->kind() == PlaneKind::Tensor;
  auto inSet = [&](const std::vector<uint64_t> &bits, uint64_t mask, uint64_t value) {
    if (tensor && !bits.empty())
      return ls::bitmapTest(bits, elem);
    return loc != ls::kNoOwner && (loc & mask) == value;
  };
  if (inSet(h.strongElements, h.strongMask, h.strongValue))
    return CellState::Strong;
  if (h.hasNormal && inSet(h.normalElements, h.normalMask, h.normalValue))
    return CellState::Normal;
  return CellState::Dim;
}

QRgb GridScenePainter::cellColor(const GridSceneState &s, const GridPalette &pal, uint64_t loc,
                                 uint64_t elem) const {
  const GridPlane &plane = *s.plane;
  QRgb c;
  if (loc == ls::kNoOwner) {
    c = qRgb(200, 200, 200);
  } else {
    const uint64_t key = plane.colorKey(s.colorBy, loc, elem);
    const uint64_t n = plane.colorKeyCount(s.colorBy);
    c = plane.isSequential(s.colorBy)
            ? pal.sequential(n > 1 ? static_cast<double>(key) / static_cast<double>(n - 1) : 0)
            : pal.categorical(key, n);
  }
  if (stateOf(s, loc, elem) == CellState::Dim)
    c = GridPalette::mix(c, pal.dimmed().rgb(), pal.dimAmount());
  return c;
}

QFont GridScenePainter::labelFont(const GridSceneState &s, const GridPalette &pal,
                                  double cellSize) const {
  if (s.labels.fitLabels)
    return pal.font(s.labels.pointSize);
  return pal.font(std::clamp(7.5 + (cellSize - 40) / 20, 7.5, 11.0));
}

bool GridScenePainter::labelCarriesColour(const GridSceneState &s, const GridPalette &pal) const {
  if (!s.plane || s.plane->isSequential(s.colorBy))
    return false;
  return s.plane->colorKeyCount(s.colorBy) > pal.distinctColors() &&
         !s.plane->labelCarries(s.labels.mode, s.colorBy);
}

QString GridScenePainter::labelFor(const GridSceneState &s, const GridPalette &pal, uint64_t loc,
                                   uint64_t elem) const {
  const GridPlane &plane = *s.plane;
  QString t = plane.cellLabel(loc, elem, s.labels.mode);
  if (loc != ls::kNoOwner && labelCarriesColour(s, pal))
    t += QLatin1Char(' ') + plane.shortKeyName(s.colorBy, plane.colorKey(s.colorBy, loc, elem));
  return t;
}

namespace {

QString widestOf(const GridSceneState &s, bool withKey) {
  QString w = s.plane->widestLabel(s.labels.mode);
  if (withKey) {
    const uint64_t n = s.plane->colorKeyCount(s.colorBy);
    w += QLatin1Char(' ') + s.plane->shortKeyName(s.colorBy, n > 0 ? n - 1 : 0);
  }
  return w;
}

} // namespace

namespace {

// "T5:c2" -> "T5\nc2": split at the last ':' or ' ', for two-line labels.
QString twoLines(const QString &t) {
  const qsizetype i = std::max(t.lastIndexOf(QLatin1Char(':')), t.lastIndexOf(QLatin1Char(' ')));
  if (i <= 0 || i + 1 >= t.size())
    return t;
  return t.left(i) + QLatin1Char('\n') + t.mid(i + 1);
}

struct LabelNeed {
  double oneLine = 0, twoLines = 0;
};

LabelNeed labelNeed(const QFontMetricsF &fm, const QString &widest) {
  LabelNeed n;
  n.oneLine = std::ceil(std::max(fm.horizontalAdvance(widest) + 8, fm.height() + 4));
  const QStringList parts = twoLines(widest).split(QLatin1Char('\n'));
  double w = 0;
  for (const QString &p : parts)
    w = std::max(w, fm.horizontalAdvance(p));
  n.twoLines = parts.size() == 2 ? std::ceil(std::max(w + 8, 2 * fm.height() + 4)) : n.oneLine;
  return n;
}

} // namespace

double GridScenePainter::labelCellSize(const GridSceneState &s, const GridPalette &pal) const {
  if (!s.plane)
    return 0;
  const QFontMetricsF fm(pal.font(s.labels.pointSize));
  const LabelNeed n = labelNeed(fm, widestOf(s, labelCarriesColour(s, pal)));
  return std::min(n.oneLine, n.twoLines);
}

bool GridScenePainter::labelsOnTwoLines(const GridSceneState &s, const GridPalette &pal) const {
  if (!s.plane || !s.labels.fitLabels)
    return false;
  const QFontMetricsF fm(pal.font(s.labels.pointSize));
  const LabelNeed n = labelNeed(fm, widestOf(s, labelCarriesColour(s, pal)));
  return n.twoLines < n.oneLine;
}

bool GridScenePainter::labelsVisible(const GridSceneState &s, const GridPalette &pal,
                                     double cellSize) const {
  if (!s.plane)
    return false;
  if (s.labels.fitLabels)
    return cellSize >= labelCellSize(s, pal) - 0.5;
  const QFontMetricsF fm(pal.font(7.5));
  // About six character widths for the usual T<thread>:<register>; never
  // less than the widest label itself.
  const double need = std::max(fm.horizontalAdvance(widestOf(s, labelCarriesColour(s, pal))) + 4,
                               3 * fm.averageCharWidth());
  return cellSize >= need && cellSize >= fm.height() + 2;
}

QString GridScenePainter::rowAxisName(const GridSceneState &s) {
  if (!s.labels.rowAxis.isEmpty() && s.plane && s.plane->kind() == PlaneKind::Tensor)
    return s.labels.rowAxis;
  return s.plane ? s.plane->rowAxisTitle() : QString();
}

QString GridScenePainter::colAxisName(const GridSceneState &s) {
  if (!s.labels.colAxis.isEmpty() && s.plane && s.plane->kind() == PlaneKind::Tensor)
    return s.labels.colAxis;
  return s.plane ? s.plane->colAxisTitle() : QString();
}

void GridScenePainter::paint(QPainter &p, const QRectF &bounds, const QRectF &exposed,
                             const GridGeometry &geo, const GridSceneState &s,
                             const GridPalette &pal) {
  const SceneLayout l = layout(bounds, s, pal);
  p.fillRect(exposed.intersected(bounds), pal.background());
  if (s.showTitle && l.title.intersects(exposed))
    paintTitle(p, l.title, s, pal);
  if (s.plane) {
    paintAxes(p, l, geo, s, pal);
    if (geo.area.intersects(exposed)) {
      if (s.stale)
        paintStale(p, exposed, geo, *s.stale);
      else
        paintCells(p, exposed, geo, s, pal);
    }
    if (s.showLegend && l.legend.intersects(exposed))
      GridLegend::paint(p, l.legend, s, pal, labelsVisible(s, pal, geo.cellSize));
  }
  if (!l.step.isEmpty() && l.step.intersects(exposed))
    paintStep(p, l.step, s, pal);
  if (!s.message.isEmpty())
    paintNote(p, l, s, s.message, QColor(255, 236, 200), QColor(200, 90, 0), QColor(120, 40, 0),
              pal.font(9, true));
  if (!l.notice.isEmpty() && l.notice.intersects(exposed)) {
    p.fillRect(l.notice, QColor(225, 238, 255));
    p.fillRect(QRectF(l.notice.left(), l.notice.top(), 6, l.notice.height()), QColor(0, 90, 200));
    p.setFont(pal.font(9));
    p.setPen(QColor(0, 40, 110));
    p.drawText(l.notice.adjusted(14, 5, -4, -5), Qt::TextWordWrap, s.notice);
  }
}

void GridScenePainter::paintNote(QPainter &p, const SceneLayout &l, const GridSceneState &s,
                                 const QString &message, QColor fill, QColor edge, QColor ink,
                                 const QFont &f) {
  // In the legend column when there is one, so the picture stays visible;
  // else along the bottom of the grid.
  const QRectF col = s.showLegend && !l.legend.isEmpty()
                         ? l.legend
                         : QRectF(l.grid.left(), l.grid.bottom() - 80, l.grid.width(), 80);
  const QRectF text =
      QFontMetricsF(f).boundingRect(col.adjusted(8, 0, -8, 0), Qt::TextWordWrap, message);
  const QRectF box(col.left(), col.bottom() - text.height() - 16, col.width(), text.height() + 12);
  p.fillRect(box, fill);
  p.setPen(QPen(edge, 1.5));
  p.setBrush(Qt::NoBrush);
  p.drawRect(box);
  p.setFont(f);
  p.setPen(ink);
  p.drawText(box.adjusted(8, 6, -8, -6), Qt::TextWordWrap, message);
}

void GridScenePainter::paintStep(QPainter &p, const QRectF &r, const GridSceneState &s,
                                 const GridPalette &pal) {
  // A bar in the highlight's blue, then the step in large bold type.
  p.fillRect(r, pal.background());
  p.fillRect(QRectF(r.left(), r.top() + 4, 6, r.height() - 8), pal.hover());
  // 20 pt, smaller (down to 11 pt) when the view is too narrow for it.
  QFont f = pal.font(20, true);
  for (double pt = 20;
       pt > 11 && QFontMetricsF(f).horizontalAdvance(s.stepOverlay) > r.width() - 16; pt -= 1)
    f = pal.font(pt - 1, true);
  p.setFont(f);
  p.setPen(pal.foreground());
  p.drawText(r.adjusted(16, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
             QFontMetricsF(f).elidedText(s.stepOverlay, Qt::ElideRight, r.width() - 16));
}

QString gridTitleLine(const QString &title, const QString &subtitle, const QFontMetricsF &fm,
                      double width) {
  QString head = title;
  // The subtitle (kind, shape, warps: also in the legend) only where the
  // whole line fits; the name comes first.
  if (!subtitle.isEmpty() && fm.horizontalAdvance(head + QStringLiteral("   ") + subtitle) <= width)
    head += QStringLiteral("   ") + subtitle;
  if (fm.horizontalAdvance(head) <= width)
    return head;
  // A design's name ends in what tells it apart ("ttg.local_store (line
  // 149)"): that parenthesis stays whole, the text before it is elided.
  const int paren = head.lastIndexOf(QStringLiteral(" ("));
  if (paren > 0 && head.endsWith(QLatin1Char(')'))) {
    const QString tail = head.mid(paren);
    const double room = width - fm.horizontalAdvance(tail);
    if (room > fm.horizontalAdvance(QStringLiteral("ttg.\u2026")))
      return fm.elidedText(head.left(paren), Qt::ElideMiddle, room) + tail;
  }
  // Elided in the middle at word boundaries: whole words from both ends
  // ("no swizzle (vec 1, … sits in one bank"), never half a word.
  const QStringList words = head.split(QLatin1Char(' '));
  const QString dots = QStringLiteral(" \u2026 ");
  int front = 0, back = 0; // words kept from each end
  auto text = [&](int f, int b) {
    return words.mid(0, f).join(QLatin1Char(' ')) + dots +
           words.mid(words.size() - b).join(QLatin1Char(' '));
  };
  for (bool grew = true; grew && front + back < words.size();) {
    grew = false;
    if (front + back < words.size() && fm.horizontalAdvance(text(front + 1, back)) <= width) {
      ++front;
      grew = true;
    }
    if (front + back < words.size() && fm.horizontalAdvance(text(front, back + 1)) <= width) {
      ++back;
      grew = true;
    }
  }
  if (front == 0 || back == 0) // words too long for that: characters, in the middle
    return fm.elidedText(head, Qt::ElideMiddle, width);
  return text(front, back);
}

std::pair<QString, QString> gridAttributeLines(const QString &attr, const QFontMetricsF &fm,
                                               double width) {
  if (fm.horizontalAdvance(attr) <= width)
    return {attr, QString()};
  int fits = 0;
  while (fits < attr.size() && fm.horizontalAdvance(attr.left(fits + 1)) <= width)
    ++fits;
  // Best after a field ("[8, 1], "), else after any comma or space, else
  // at the last character that fits.
  auto breakAt = [&](auto good) {
    for (int k = fits; k > fits / 2; --k)
      if (good(k))
        return k;
    return -1;
  };
  int cut = breakAt([&](int k) {
    return k >= 3 && attr[k - 1] == QLatin1Char(' ') && attr[k - 2] == QLatin1Char(',') &&
           (attr[k - 3] == QLatin1Char(']') || attr[k - 3] == QLatin1Char('>'));
  });
  if (cut < 0)
    cut = breakAt([&](int k) { return attr[k - 1] == QLatin1Char(',') || attr[k - 1] == QLatin1Char(' '); });
  if (cut < 0)
    cut = fits;
  cut = std::max(cut, 1);
  // Cut at the end, never in the middle: a middle cut can read as another
  // valid attribute ("[2, 16…4, 1]"); the whole text is in the tooltip and
  // in vector exports.
  return {attr.left(cut), fm.elidedText(attr.mid(cut).trimmed(), Qt::ElideRight, width - 20)};
}

void GridScenePainter::paintTitle(QPainter &p, const QRectF &r, const GridSceneState &s,
                                  const GridPalette &pal) {
  p.setPen(pal.foreground());
  const QFont big = pal.font(12, true);
  const QFontMetricsF bfm(big);
  p.setFont(big);
  p.drawText(QRectF(r.left(), r.top(), r.width(), bfm.height()), Qt::AlignLeft | Qt::AlignVCenter,
             gridTitleLine(s.title, s.subtitle, bfm, r.width()));
  if (!s.plane)
    return;
  const QFont mono = pal.monoFont(9);
  p.setFont(mono);
  const QFontMetricsF mfm(mono);
  const auto [line1, line2] = gridAttributeLines(s.plane->result().attribute, mfm, r.width());
  p.setPen(pal.highContrast ? Qt::black : QColor(70, 70, 90));
  const double y = r.top() + bfm.height() + 4;
  p.drawText(QRectF(r.left(), y, r.width(), mfm.height()), Qt::AlignLeft, line1);
  if (!line2.isEmpty())
    p.drawText(QRectF(r.left() + 20, y + mfm.height(), r.width() - 20, mfm.height()), Qt::AlignLeft,
               line2);
}

void GridScenePainter::paintAxes(QPainter &p, const SceneLayout &l, const GridGeometry &geo,
                                 const GridSceneState &s, const GridPalette &pal) {
  const GridPlane &plane = *s.plane;
  const CellRange vis = geo.visibleCells();
  const QFont tickFont = pal.font(8);
  const QFontMetricsF fm(tickFont);
  const QFont titleFont = pal.font(9, true);
  const QFontMetricsF tfm(titleFont);
  p.setPen(pal.foreground());

  // Column axis: title above, ticks below it.
  p.setFont(titleFont);
  const QRectF gr = geo.gridRect().intersected(geo.area);
  // The column axis sits on the grid: a grid centred below the top of its
  // area (a short tensor in a tall view) takes its axis down with it.
  const QRectF colAxis = l.colAxis.translated(0, std::max(0.0, gr.top() - geo.area.top()));
  const QString colTitle = colAxisName(s) + QStringLiteral("  \u2192");
  p.drawText(QRectF(gr.left(), colAxis.top(), std::max(gr.width(), 200.0), tfm.height()),
             Qt::AlignLeft | Qt::AlignVCenter, colTitle);
  if (!rowAxisName(s).isEmpty() && plane.rows() > 1) {
    p.save();
    p.translate(l.rowAxis.left(), gr.top());
    p.rotate(90);
    p.drawText(QRectF(0, -tfm.height(), std::max(gr.height(), 200.0), tfm.height()),
               Qt::AlignLeft | Qt::AlignVCenter, rowAxisName(s) + QStringLiteral("  \u2192"));
    p.restore();
  }
  if (vis.isEmpty())
    return;
  p.setFont(tickFont);
  const double tickY = colAxis.bottom() - fm.height() - 2;
  double maxTick = fm.horizontalAdvance(plane.colTick(plane.cols() - 1));
  const int64_t cstep = tickStep(geo.cellSize, maxTick + 12);
  for (int64_t c = (vis.col0 + cstep - 1) / cstep * cstep; c < vis.col1; c += cstep) {
    const QRectF cr = geo.cellRect(0, c);
    if (cr.center().x() < geo.area.left() || cr.center().x() > geo.area.right())
      continue;
    const QString t = plane.colTick(c);
    const double w = fm.horizontalAdvance(t);
    const double x = geo.cellSize >= w ? cr.center().x() - w / 2 : cr.left();
    p.drawText(QPointF(x, tickY + fm.ascent()), t);
    p.drawLine(QPointF(cr.left(), colAxis.bottom() - 2), QPointF(cr.left(), colAxis.bottom()));
  }
  if (plane.rows() <= 1)
    return;
  const int64_t rstep = tickStep(geo.cellSize, fm.height() + 4);
  for (int64_t r = (vis.row0 + rstep - 1) / rstep * rstep; r < vis.row1; r += rstep) {
    const QRectF cr = geo.cellRect(r, 0);
    if (cr.center().y() < geo.area.top() || cr.center().y() > geo.area.bottom())
      continue;
    const double y = geo.cellSize >= fm.height() ? cr.center().y() - fm.height() / 2 : cr.top();
    p.drawText(QRectF(l.rowAxis.left(), y, l.rowAxis.width() - 6, fm.height()),
               Qt::AlignRight | Qt::AlignVCenter, plane.rowTick(r));
  }
}

QImage GridScenePainter::lastCellPicture(QRectF *cells) const {
  if (cacheImage_.isNull() || lastDrawn_.isEmpty())
    return {};
  if (cells)
    *cells = lastCells_;
  return cacheImage_.copy(QRect(QPoint(0, 0), lastDrawn_));
}

void GridScenePainter::paintStale(QPainter &p, const QRectF &exposed, const GridGeometry &geo,
                                  const StalePicture &stale) {
  const double cs = geo.cellSize;
  const QRectF target(geo.origin.x() + stale.cells.x() * cs, geo.origin.y() + stale.cells.y() * cs,
                      stale.cells.width() * cs, stale.cells.height() * cs);
  p.save();
  p.setClipRect(exposed.intersected(geo.area).intersected(geo.gridRect()));
  p.setRenderHint(QPainter::SmoothPixmapTransform, false);
  p.drawImage(target, stale.image);
  p.restore();
}

void GridScenePainter::paintCells(QPainter &p, const QRectF &exposed, const GridGeometry &geo,
                                  const GridSceneState &s, const GridPalette &pal) {
  const GridPlane &plane = *s.plane;
  const QRectF clip = exposed.intersected(geo.area).intersected(geo.gridRect());
  if (clip.isEmpty())
    return;
  const CellRange vis = geo.visibleCells(clip);
  if (vis.isEmpty())
    return;
  const double cs = geo.cellSize;

  // Which cells to sample: every visible cell (plus one to the right and
  // below, for edges), or one per pixel when cells are smaller than a pixel.
  CacheKey key;
  key.plane = s.plane;
  key.colorBy = s.colorBy;
  key.highlightSerial = s.highlightSerial;
  key.cb = pal.colorBlindSafe;
  key.hc = pal.highContrast;
  QRectF target;
  const bool perCell = cs >= 1;
  if (perCell) {
    for (int64_t r = vis.row0; r < std::min(vis.row1 + 1, plane.rows()); ++r)
      key.rows.push_back(r);
    for (int64_t c = vis.col0; c < std::min(vis.col1 + 1, plane.cols()); ++c)
      key.cols.push_back(c);
    target = QRectF(geo.origin.x() + vis.col0 * cs, geo.origin.y() + vis.row0 * cs,
                    vis.colCount() * cs, vis.rowCount() * cs);
  } else {
    const QRect px = clip.toAlignedRect().intersected(geo.gridRect().toAlignedRect());
    for (int y = px.top(); y <= px.bottom(); ++y)
      key.rows.push_back(std::clamp<int64_t>(static_cast<int64_t>((y + 0.5 - geo.origin.y()) / cs),
                                             0, plane.rows() - 1));
    for (int x = px.left(); x <= px.right(); ++x)
      key.cols.push_back(std::clamp<int64_t>(static_cast<int64_t>((x + 0.5 - geo.origin.x()) / cs),
                                             0, plane.cols() - 1));
    target = QRectF(px);
  }
  if (key.rows.empty() || key.cols.empty())
    return;
  const size_t nr = key.rows.size(), nc = key.cols.size();
  if (!(key == cacheKey_)) {
    plane.sample(key.rows, key.cols, cacheLoc_, cacheElem_);
    cacheImage_ = QImage(static_cast<int>(nc), static_cast<int>(nr), QImage::Format_RGB32);
    for (size_t i = 0; i < nr; ++i) {
      auto *line = reinterpret_cast<QRgb *>(cacheImage_.scanLine(static_cast<int>(i)));
      for (size_t j = 0; j < nc; ++j)
        line[j] = cellColor(s, pal, cacheLoc_[i * nc + j], cacheElem_[i * nc + j]);
    }
    cacheKey_ = std::move(key);
  }
  const size_t rowsDrawn = perCell ? static_cast<size_t>(vis.rowCount()) : nr;
  const size_t colsDrawn = perCell ? static_cast<size_t>(vis.colCount()) : nc;
  lastDrawn_ = QSize(static_cast<int>(colsDrawn), static_cast<int>(rowsDrawn));
  lastCells_ = QRectF((target.left() - geo.origin.x()) / cs, (target.top() - geo.origin.y()) / cs,
                      target.width() / cs, target.height() / cs);

  p.save();
  p.setClipRect(geo.area);
  p.setRenderHint(QPainter::SmoothPixmapTransform, false);
  p.setRenderHint(QPainter::Antialiasing, false);
  // Vector devices (SVG, PDF) get one rectangle per cell, so that exported
  // cells stay shapes that scale, not one embedded image (up to 2^16 cells).
  const QPaintEngine *engine = p.paintEngine();
  const bool vector = perCell && engine && rowsDrawn * colsDrawn <= (size_t{1} << 16) &&
                      (engine->type() == QPaintEngine::SVG || engine->type() == QPaintEngine::Pdf ||
                       engine->type() == QPaintEngine::Picture);
  if (vector) {
    for (size_t i = 0; i < rowsDrawn; ++i)
      for (size_t j = 0; j < colsDrawn; ++j)
        p.fillRect(
            geo.cellRect(vis.row0 + static_cast<int64_t>(i), vis.col0 + static_cast<int64_t>(j)),
            QColor::fromRgb(cacheImage_.pixel(static_cast<int>(j), static_cast<int>(i))));
  } else {
    p.drawImage(target, cacheImage_,
                QRectF(0, 0, static_cast<double>(colsDrawn), static_cast<double>(rowsDrawn)));
  }

  auto locAt = [&](size_t i, size_t j) { return cacheLoc_[i * nc + j]; };
  auto elemAt = [&](size_t i, size_t j) { return cacheElem_[i * nc + j]; };
  const GridHighlight &h = s.highlight;

  if (perCell && cs >= 6) {
    // Thin grid lines between all cells.
    QVector<QLineF> lines;
    const QRectF t = target;
    for (int64_t c = vis.col0; c <= vis.col1; ++c) {
      const double x = geo.origin.x() + c * cs;
      lines.append(QLineF(x, t.top(), x, t.bottom()));
    }
    for (int64_t r = vis.row0; r <= vis.row1; ++r) {
      const double y = geo.origin.y() + r * cs;
      lines.append(QLineF(t.left(), y, t.right(), y));
    }
    p.setPen(QPen(pal.gridLine(), 0));
    p.drawLines(lines);
  }
  if (perCell && cs >= 4) {
    // Ownership edges: where the owning thread (or run of offsets) changes.
    QVector<QLineF> edges;
    for (size_t i = 0; i < rowsDrawn; ++i)
      for (size_t j = 0; j < colsDrawn; ++j) {
        const QRectF cr =
            geo.cellRect(vis.row0 + static_cast<int64_t>(i), vis.col0 + static_cast<int64_t>(j));
        if (j + 1 < nc &&
            plane.edgeBetween(locAt(i, j), elemAt(i, j), locAt(i, j + 1), elemAt(i, j + 1), true))
          edges.append(QLineF(cr.topRight(), cr.bottomRight()));
        if (i + 1 < nr &&
            plane.edgeBetween(locAt(i, j), elemAt(i, j), locAt(i + 1, j), elemAt(i + 1, j), false))
          edges.append(QLineF(cr.bottomLeft(), cr.bottomRight()));
      }
    const double w =
        std::clamp(cs / (pal.highContrast ? 6.0 : 9.0), 1.0, pal.highContrast ? 3.0 : 2.2);
    QColor edge = pal.ownerEdge();
    if (cs < 16 && !pal.highContrast)
      edge.setAlpha(150);
    p.setPen(QPen(edge, w));
    p.drawLines(edges);
  }
  if (perCell && cs >= 16 && plane.kind() == PlaneKind::Tensor && plane.replication() > 1) {
    // Replicated elements: a small corner triangle.
    QPainterPath marks;
    const double m = std::min(cs * 0.22, 8.0);
    for (size_t i = 0; i < rowsDrawn; ++i)
      for (size_t j = 0; j < colsDrawn; ++j) {
        const QRectF cr =
            geo.cellRect(vis.row0 + static_cast<int64_t>(i), vis.col0 + static_cast<int64_t>(j));
        marks.moveTo(cr.topRight());
        marks.lineTo(cr.topRight() + QPointF(-m, 0));
        marks.lineTo(cr.topRight() + QPointF(0, m));
        marks.closeSubpath();
      }
    p.fillPath(marks, QColor(0, 0, 0, pal.highContrast ? 170 : 90));
  }
  if (perCell && labelsVisible(s, pal, cs)) {
    p.setFont(labelFont(s, pal, cs));
    const bool two = labelsOnTwoLines(s, pal);
    for (size_t i = 0; i < rowsDrawn; ++i)
      for (size_t j = 0; j < colsDrawn; ++j) {
        const QRectF cr =
            geo.cellRect(vis.row0 + static_cast<int64_t>(i), vis.col0 + static_cast<int64_t>(j));
        const QRgb bg = cacheImage_.pixel(static_cast<int>(j), static_cast<int>(i));
        p.setPen(QColor(GridPalette::textOn(bg)));
        const QString t = labelFor(s, pal, locAt(i, j), elemAt(i, j));
        p.drawText(cr, Qt::AlignCenter, two ? twoLines(t) : t);
      }
  }
  if (perCell && h.active()) {
    // Outline each group of strong cells as one shape: a line wherever a
    // strong cell meets a cell that is not.
    std::vector<char> strong(nr * nc);
    for (size_t i = 0; i < nr; ++i)
      for (size_t j = 0; j < nc; ++j)
        strong[i * nc + j] = stateOf(s, locAt(i, j), elemAt(i, j)) == CellState::Strong;
    auto isStrong = [&](int64_t i, int64_t j) {
      // Beyond the sampled window: the grid border counts as "not strong";
      // off-screen neighbours are clipped anyway.
      if (i < 0 || j < 0 || i >= static_cast<int64_t>(nr) || j >= static_cast<int64_t>(nc))
        return false;
      return strong[static_cast<size_t>(i) * nc + static_cast<size_t>(j)] != 0;
    };
    QVector<QLineF> outline;
    for (size_t i = 0; i < rowsDrawn; ++i)
      for (size_t j = 0; j < colsDrawn; ++j) {
        if (!strong[i * nc + j])
          continue;
        const auto r = static_cast<int64_t>(i), c = static_cast<int64_t>(j);
        const QRectF cr = geo.cellRect(vis.row0 + r, vis.col0 + c);
        if (!isStrong(r - 1, c))
          outline.append(QLineF(cr.topLeft(), cr.topRight()));
        if (!isStrong(r + 1, c))
          outline.append(QLineF(cr.bottomLeft(), cr.bottomRight()));
        if (!isStrong(r, c - 1))
          outline.append(QLineF(cr.topLeft(), cr.bottomLeft()));
        if (!isStrong(r, c + 1))
          outline.append(QLineF(cr.topRight(), cr.bottomRight()));
      }
    // A white halo under a dark line stands out on every cell colour.
    const double w = std::clamp(cs / 5, 1.5, 3.0);
    p.setPen(QPen(Qt::white, w + 2.5, Qt::SolidLine, Qt::SquareCap));
    p.drawLines(outline);
    p.setPen(QPen(pal.highlight(), w, Qt::SolidLine, Qt::SquareCap));
    p.drawLines(outline);
  }
  if (h.arrow && plane.kind() == PlaneKind::Tensor) {
    auto cellOf = [&](uint64_t e) -> std::optional<QPointF> {
      const auto c = plane.cellOfElement(e);
      if (!c)
        return std::nullopt;
      return geo.cellRect(c->row, c->col).center();
    };
    auto a = cellOf(h.arrow->first), b = cellOf(h.arrow->second);
    if (a && b && *a != *b) {
      p.setRenderHint(QPainter::Antialiasing, true);
      p.setPen(QPen(pal.hover(), 3, Qt::SolidLine, Qt::RoundCap));
      p.drawLine(*a, *b);
      const QLineF l(*b, *a);
      QLineF w1 = l, w2 = l;
      w1.setLength(12);
      w2.setLength(12);
      w1.setAngle(l.angle() + 25);
      w2.setAngle(l.angle() - 25);
      p.drawLine(w1);
      p.drawLine(w2);
      p.setBrush(pal.hover());
      p.drawEllipse(*a, 4, 4);
    }
  }
  if (s.hover && vis.contains(*s.hover)) {
    p.setPen(QPen(pal.hover(), 2.5));
    p.setBrush(Qt::NoBrush);
    const QRectF hr = geo.cellRect(s.hover->row, s.hover->col);
    p.drawRect(cs >= 6 ? hr.adjusted(1, 1, -1, -1) : hr.adjusted(-2, -2, 2, 2));
  }
  p.restore();
}

} // namespace ls::ui
