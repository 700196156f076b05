#include "grid/grid_legend.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <functional>

#include "grid/grid_scene_painter.h"

namespace ls::ui {

namespace {

// Items are drawn top to bottom; one that does not fit starts a new column.
class Flow {
public:
  Flow(const QRectF &r, double columnWidth) : r_(r), w_(std::min(columnWidth, r.width())) {
    x_ = r.left();
    y_ = r.top();
  }
  // Reserves `h` pixels; false when no column is left.
  bool take(double h, QRectF *at) {
    if (y_ + h > r_.bottom() && y_ > r_.top()) {
      x_ += w_ + 14;
      y_ = r_.top();
    }
    if (x_ + w_ > r_.right() + 1)
      return false;
    *at = QRectF(x_, y_, w_, h);
    y_ += h;
    return true;
  }
  double width() const { return w_; }
  double y() const { return y_; }

private:
  QRectF r_;
  double w_, x_, y_;
};

} // namespace

void GridLegend::paint(QPainter &p, const QRectF &r, const GridSceneState &s,
                       const GridPalette &pal, bool labelsDrawn) {
  const GridPlane &plane = *s.plane;
  // A repeated colour is told apart by the cell's label only where the
  // labels are drawn and name what the colour does (a shared cell's label is
  // its offset, not its bank).
  const bool labelNamesKey =
      labelsDrawn && !(plane.isShared() && s.colorBy == ColorBy::Bank);
  auto repeatNote = [&](uint64_t n) {
    return labelNamesKey ? QStringLiteral("%1 colours for %2 values: each cell's label names its %3")
                               .arg(pal.distinctColors())
                               .arg(n)
                               .arg(colorByName(s.colorBy).toLower())
                         : QStringLiteral("%1 colours for %2 values: colours repeat")
                               .arg(pal.distinctColors())
                               .arg(n);
  };
  // A label note says how labels read; with none drawn, that they come
  // with larger cells (a figure says nothing of them).
  auto labelNote = [&](const QString &t) {
    if (labelsDrawn)
      return t;
    return s.figure ? QString() : t + QStringLiteral(" (zoom in: the cells are too small now)");
  };
  const QFont f = pal.font(9), fb = pal.font(9, true);
  const QFontMetricsF fm(f), fbm(fb);
  const double line = fm.height() + 3;
  Flow flow(r, 190 * pal.fontScale);
  QRectF at;
  auto text = [&](const QString &t, const QFont &font) {
    const QRectF br =
        QFontMetricsF(font).boundingRect(QRectF(0, 0, flow.width(), 1000), Qt::TextWordWrap, t);
    if (!flow.take(std::max(br.height(), line * 0.5) + 2, &at))
      return false;
    p.setFont(font);
    p.setPen(pal.foreground());
    p.drawText(at, Qt::TextWordWrap, t);
    return true;
  };

  QString head;
  switch (s.colorBy) {
  case ColorBy::Offset:
    head = QStringLiteral("Colour = offset in shared memory");
    break;
  case ColorBy::Bank:
    head = QStringLiteral("Colour = shared-memory bank");
    break;
  case ColorBy::Element:
    head = QStringLiteral("Colour = the element's row");
    break;
  default:
    head = QStringLiteral("Colour = owner's ") + colorByName(s.colorBy).toLower();
    break;
  }
  text(head, fb);
  const uint64_t n = plane.colorKeyCount(s.colorBy);
  const double sw = fm.height();
  if (plane.isSequential(s.colorBy)) {
    if (flow.take(sw + line + 4, &at)) {
      QLinearGradient g(at.left(), 0, at.right() - 10, 0);
      for (int i = 0; i <= 8; ++i)
        g.setColorAt(i / 8.0, QColor(pal.sequential(i / 8.0)));
      p.fillRect(QRectF(at.left(), at.top(), at.width() - 10, sw), g);
      p.setFont(f);
      p.setPen(pal.foreground());
      p.drawText(QPointF(at.left(), at.top() + sw + 2 + fm.ascent()), QStringLiteral("0"));
      const QString last = QString::number(n - 1);
      p.drawText(
          QPointF(at.right() - 10 - fm.horizontalAdvance(last), at.top() + sw + 2 + fm.ascent()),
          last);
    }
  } else {
    // Every key, each with its name, when they fit in the legend; else every
    // key as a small swatch in rows of 8 or 16, each row named by its first
    // value, and the whole range in words. Never a cut list.
    const double room = std::max(0.0, r.bottom() - flow.y());
    const double colW = flow.width();
    const int columns = std::max(1, static_cast<int>((r.width() + 14) / (colW + 14)));
    const uint64_t perColumn = static_cast<uint64_t>(std::max(0.0, (r.height()) / line));
    const uint64_t capacity =
        static_cast<uint64_t>(room / line) + perColumn * static_cast<uint64_t>(columns - 1);
    // Leave room for the notes below (about six lines).
    const bool listAll = n <= 64 && n <= capacity;
    if (listAll) {
      for (uint64_t key = 0; key < n; ++key) {
        if (!flow.take(line, &at))
          break;
        p.fillRect(QRectF(at.left(), at.top(), sw, sw), QColor(pal.categorical(key, n)));
        p.setPen(pal.gridLine());
        p.drawRect(QRectF(at.left(), at.top(), sw, sw));
        p.setPen(pal.foreground());
        p.setFont(f);
        p.drawText(QPointF(at.left() + sw + 6, at.top() + fm.ascent()),
                   plane.colorKeyName(s.colorBy, key));
      }
    } else {
      text(QStringLiteral("%1 \u2013 %2: all %3, in rows")
               .arg(plane.colorKeyName(s.colorBy, 0), plane.colorKeyName(s.colorBy, n - 1))
               .arg(n),
           f);
      if (n > pal.distinctColors())
        text(repeatNote(n), f);
      // Rows of 16 swatches; more per row (smaller swatches) until every
      // value fits in the room left.
      const QFont small = pal.font(7);
      const QFontMetricsF sm(small);
      const double nameW = sm.horizontalAdvance(plane.shortKeyName(s.colorBy, n - 1)) + 6;
      const double roomLeft = std::max(0.0, r.bottom() - flow.y());
      uint64_t perRow = std::min<uint64_t>(n, 16);
      double box = 0, rowH = 0;
      for (;; perRow *= 2) {
        box = std::min(sw, (colW - nameW) / static_cast<double>(perRow));
        rowH = std::max(box, sm.height()) + 1;
        const uint64_t rowsNeeded = (n + perRow - 1) / perRow;
        if (static_cast<double>(rowsNeeded) * rowH <= roomLeft || perRow >= n || box < 2)
          break;
        // Rows shorter than the name column's text can be packed tighter.
        rowH = std::max(box, 1.0);
      }
      const uint64_t rowsNeeded = (n + perRow - 1) / perRow;
      for (uint64_t row = 0; row < rowsNeeded; ++row) {
        if (!flow.take(rowH, &at)) {
          text(QStringLiteral("(%1 more rows: enlarge the view)").arg(rowsNeeded - row), f);
          break;
        }
        p.setFont(small);
        p.setPen(pal.foreground());
        p.drawText(QRectF(at.left(), at.top(), nameW - 4, rowH), Qt::AlignRight | Qt::AlignVCenter,
                   plane.shortKeyName(s.colorBy, row * perRow));
        for (uint64_t j = 0; j < perRow && row * perRow + j < n; ++j)
          p.fillRect(QRectF(at.left() + nameW + static_cast<double>(j) * box, at.top(),
                            std::max(1.0, box - 1), std::max(1.0, box - 1)),
                     QColor(pal.categorical(row * perRow + j, n)));
      }
    }
    if (listAll && n > pal.distinctColors())
      text(repeatNote(n), f);
  }
  flow.take(4, &at);

  QStringList notes;
  const bool tensor = plane.kind() == PlaneKind::Tensor;
  if (tensor && !plane.isShared()) {
    notes << QStringLiteral("Outlines: one thread's elements");
    const auto &frag = plane.fragment();
    switch (plane.effectiveLabelMode(s.labels.mode)) {
    case LabelMode::ThreadRegister:
      notes << labelNote(QStringLiteral("Label T<thread>:<register>"));
      break;
    case LabelMode::Lane:
      notes << labelNote(QStringLiteral("Label L<lane>"));
      break;
    case LabelMode::Fragment:
      notes << labelNote(QStringLiteral("Label T<thread>:%1%2..%1%3, the register within one %4 "
                                        "tile (%5x%6 per warp)")
                             .arg(QLatin1Char(frag.operand))
                             .arg(0)
                             .arg((1 << frag.registerBits) - 1)
                             .arg(QString::fromStdString(frag.instruction))
                             .arg(frag.tileRows)
                             .arg(frag.tileCols));
      break;
    }
    if (s.labels.mode == LabelMode::Fragment && !frag.valid())
      notes << QStringLiteral("(not an MMA layout: no fragment names)");
  }
  if (tensor && plane.isShared())
    notes << QStringLiteral("Lines: breaks between consecutive offsets")
          << labelNote(QStringLiteral("Label: offset in elements"));
  if (!tensor)
    notes << labelNote(QStringLiteral("Label: element coordinates"));
  notes.removeAll(QString());
  if (tensor && plane.replication() > 1)
    notes << QStringLiteral("Replicated: each element is held %1 times").arg(plane.replication());
  const auto &res = plane.result();
  QStringList dims;
  for (int64_t d : res.shape)
    dims << QString::number(d);
  notes << QStringLiteral("%1 elements (%2), %3")
               .arg(plane.ownership().numElements())
               .arg(dims.join(QLatin1Char('x')), res.elementType);
  if (!plane.isShared()) {
    const auto &fl = plane.fields();
    QString hw = QStringLiteral("%1 registers x %2 lanes x %3 warps")
                     .arg(fl.reg.size())
                     .arg(fl.lane.size())
                     .arg(fl.warp.size());
    if (fl.block.bits > 0)
      hw += QStringLiteral(" x %1 CTAs").arg(fl.block.size());
    notes << hw;
  }
  if (!plane.outer().empty()) {
    QStringList o;
    for (size_t d = 0; d < plane.outer().size(); ++d)
      o << QStringLiteral("dim%1 = %2").arg(d).arg(plane.outer()[d]);
    notes << QStringLiteral("Slice: ") + o.join(QStringLiteral(", "));
  }
  if (tensor && !s.figure) // a figure on paper has no pointer
    notes << (plane.isShared() ? QStringLiteral("Hover: where an element lives. Click: its bank")
                               : QStringLiteral("Hover: an element's owners. Click: everything "
                                                "its thread holds"));
  if (!s.highlight.caption.isEmpty())
    notes << s.highlight.caption;
  for (const QString &t : notes)
    if (!text(t, f))
      break;
}

} // namespace ls::ui
