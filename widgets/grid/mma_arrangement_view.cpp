#include "grid/mma_arrangement_view.h"

#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "analysis/ownership/ownership_batch.h"

namespace ls::ui {

namespace {

constexpr double kMargin = 16;      // around the picture
constexpr double kGap = 8;          // between a title and its matrix, and between matrices
constexpr double kMaxExtent = 6000; // cells of A + C across, B + C down, at most this

QString roleName(MmaRole r) {
  switch (r) {
  case MmaRole::A:
    return QStringLiteral("A (M\u00d7K)");
  case MmaRole::B:
    return QStringLiteral("B (K\u00d7N)");
  case MmaRole::C:
    return QStringLiteral("C (M\u00d7N)");
  }
  return {};
}

QString shapeText(const ls::Shape &shape) {
  QStringList parts;
  for (int64_t s : shape)
    parts << QString::number(s);
  return parts.join(QLatin1Char('x'));
}

// Wraps at spaces (attributes have one after every comma).
QRectF wrapped(const QFont &f, double width, const QString &text) {
  return QFontMetricsF(f).boundingRect(QRectF(0, 0, width, 1e6),
                                       Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
}

} // namespace

double titleBlockHeight(const QString &head, const QString &attribute, double width,
                        const GridPalette &pal) {
  double h = wrapped(pal.font(11, true), width, head).height();
  if (!attribute.isEmpty())
    h += 2 + wrapped(pal.monoFont(8.5), width, attribute).height();
  return h;
}

void paintTitleBlock(QPainter &p, const QRectF &r, const QString &head, const QString &attribute,
                     const GridPalette &pal) {
  const QFont big = pal.font(11, true), mono = pal.monoFont(8.5);
  const QRectF hr = wrapped(big, r.width(), head);
  p.setPen(pal.foreground());
  p.setFont(big);
  p.drawText(QRectF(r.left(), r.top(), r.width(), hr.height() + 1),
             Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, head);
  if (attribute.isEmpty())
    return;
  const QRectF ar = wrapped(mono, r.width(), attribute);
  p.setPen(pal.highContrast ? Qt::black : QColor(70, 70, 90));
  p.setFont(mono);
  p.drawText(QRectF(r.left(), r.top() + hr.height() + 2, r.width(), ar.height() + 1),
             Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, attribute);
}

MmaArrangementView::MmaArrangementView(QWidget *parent) : QWidget(parent) {
  setMouseTracking(true);
  setMinimumSize(320, 240);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void MmaArrangementView::setArrangement(MmaArrangement arrangement) {
  arrangement_ = std::move(arrangement);
  selected_.reset();
  relayout();
}

void MmaArrangementView::setGridPalette(const GridPalette &pal) {
  palette_ = pal;
  relayout();
}

const MmaArrangementView::Part *MmaArrangementView::part(MmaRole role) const {
  const Part &p = parts_[static_cast<size_t>(role)];
  return p.plane ? &p : nullptr;
}

const GridPlane *MmaArrangementView::plane(MmaRole role) const {
  const Part *p = part(role);
  return p ? p->plane.get() : nullptr;
}

QString MmaArrangementView::titleText(MmaRole role) const {
  const Part *p = part(role);
  return p ? p->head + QLatin1Char(' ') + p->attribute : QString();
}

std::pair<QString, QString> MmaArrangementView::axisTitles(MmaRole role) const {
  const Part *p = part(role);
  if (!p || !p->plane)
    return {};
  return {GridScenePainter::rowAxisName(p->state), GridScenePainter::colAxisName(p->state)};
}

void MmaArrangementView::relayout() {
  const LayoutResultPtr results[3] = {arrangement_.a, arrangement_.b, arrangement_.c};
  for (int i = 0; i < 3; ++i) {
    Part &p = parts_[i];
    p = Part{};
    if (!results[i] || !results[i]->ownership || results[i]->shape.size() != 2)
      continue;
    p.plane = std::make_shared<GridPlane>(results[i], PlaneKind::Tensor);
    p.state.plane = p.plane;
    // Threads in every register matrix, so that a thread has one colour in
    // all three; offsets in shared memory.
    p.state.colorBy = p.plane->isShared() ? p.plane->colorModes().front() : ColorBy::Thread;
    p.state.showTitle = false;
    p.state.showLegend = false;
    // The axes are the role's: A is M x K, B is K x N, C is M x N (the
    // matrix's own fragment names or dim0/dim1 would not say so).
    static const char *const kRows[3] = {"M", "K", "M"}, *const kCols[3] = {"K", "N", "N"};
    p.state.labels.rowAxis = QString::fromLatin1(kRows[i]);
    p.state.labels.colAxis = QString::fromLatin1(kCols[i]);
    const LayoutResult &r = *results[i];
    p.head = QStringLiteral("%1  %2  %3 %4")
                 .arg(roleName(static_cast<MmaRole>(i)), r.designName, shapeText(r.shape),
                      r.elementType);
    if (p.plane->isShared())
      p.head += QStringLiteral("  (shared memory; cells show offsets)");
    p.attribute = r.attribute;
  }
  Part &A = parts_[0], &B = parts_[1], &C = parts_[2];

  // One cell size for all three, large enough for every label.
  double cs = 24;
  for (const Part &p : parts_)
    while (p.plane && cs < 160 && !p.painter.labelsVisible(p.state, palette_, cs))
      cs += 2;
  // A fifth more than the tightest fit, so labels never touch; but large
  // tiles get smaller cells (labels give way) so that the picture stays
  // within kMaxExtent units a side.
  cs = std::round(cs * 1.2);
  int64_t across = 0, down = 0;
  if (C.plane) {
    across = C.plane->cols() + (A.plane ? A.plane->cols() : 0);
    down = C.plane->rows() + (B.plane ? B.plane->rows() : 0);
  }
  const int64_t cells = std::max<int64_t>({across, down, 1});
  cs = std::max(1.0, std::min(cs, kMaxExtent / static_cast<double>(cells)));
  cellSize_ = cs;

  struct Box {
    double offL = 0, offT = 0, w = 0, h = 0, tw = 0, th = 0;
    int64_t rows = 0, cols = 0;
  };
  auto boxOf = [&](const Part &p, double minTitleWidth) {
    Box b;
    if (!p.plane)
      return b;
    const SceneLayout l = p.painter.layout(QRectF(0, 0, 1e5, 1e5), p.state, palette_);
    b.offL = l.grid.left();
    b.offT = l.grid.top();
    b.rows = p.plane->rows();
    b.cols = p.plane->cols();
    b.w = b.offL + b.cols * cs + 10;
    b.h = b.offT + b.rows * cs + 10;
    b.tw = std::max(b.w, minTitleWidth * palette_.fontScale);
    return b;
  };
  Box a = boxOf(A, 240), b = boxOf(B, 320), c = boxOf(C, 320);

  // Horizontal: A's column, then C with B's columns over C's.
  const double leftW = std::max(a.w, a.tw);
  double xC = kMargin + leftW + kGap;
  if (b.offL > c.offL + kGap) // keep B clear of A's column
    xC += b.offL - c.offL - kGap;
  const double gridX = xC + c.offL;
  const double xB = gridX - b.offL;
  const double width =
      std::max({xC + std::max(c.w, c.tw), xB + std::max(b.w, b.tw), 2 * kMargin + 400}) + kMargin;

  // Titles wrap to their blocks' widths.
  a.th = A.plane ? titleBlockHeight(A.head, A.attribute, a.tw, palette_) : 0;
  b.th = B.plane ? titleBlockHeight(B.head, B.attribute, b.tw, palette_) : 0;
  c.th = C.plane ? titleBlockHeight(C.head, C.attribute, c.tw, palette_) : 0;
  const QFont hf = palette_.font(13, true), nf = palette_.font(10);
  const double textW = width - 2 * kMargin;
  double headH = wrapped(hf, textW, arrangement_.heading).height();
  if (!arrangement_.note.isEmpty())
    headH += 4 + wrapped(nf, textW, arrangement_.note).height();
  headingRect_ = QRectF(kMargin, kMargin, textW, headH);

  // Vertical: B (and A's title) above C's top edge.
  const double top = kMargin + headH + 2 * kGap;
  const double band = std::max(b.th + kGap + b.h, a.th + kGap + a.offT - c.offT);
  const double yC = top + band;
  const double gridY = yC + c.offT;
  auto place = [&](Part &p, const Box &bx, double gx, double gy, QRectF title) {
    if (!p.plane)
      return;
    p.geo.area = QRectF(gx, gy, bx.cols * cs, bx.rows * cs);
    p.geo.rows = bx.rows;
    p.geo.cols = bx.cols;
    p.geo.cellSize = cs;
    p.geo.origin = p.geo.area.topLeft();
    p.bounds = QRectF(gx - bx.offL, gy - bx.offT, bx.w, bx.h);
    p.title = title;
  };
  const double xA = kMargin + leftW - a.w;
  place(A, a, xA + a.offL, gridY,
        QRectF(kMargin + leftW - a.tw, gridY - a.offT - kGap - a.th, a.tw, a.th));
  place(B, b, gridX, yC - b.h + b.offT, QRectF(xB, yC - b.h - kGap - b.th, b.tw, b.th));
  place(C, c, gridX, gridY, QRectF(xC, yC + c.h + kGap, c.tw, c.th));
  const double bottom =
      std::max({yC + c.h + kGap + c.th, A.plane ? A.bounds.bottom() : 0.0, top + 200}) + kMargin;
  sceneSize_ = QSizeF(width, bottom);
  selectThread(selected_);
  update();
}

QTransform MmaArrangementView::sceneTransform(const QRectF &bounds) const {
  const double s =
      std::min(bounds.width() / sceneSize_.width(), bounds.height() / sceneSize_.height());
  QTransform t;
  t.translate(bounds.left() + (bounds.width() - sceneSize_.width() * s) / 2,
              bounds.top() + (bounds.height() - sceneSize_.height() * s) / 2);
  t.scale(s, s);
  return t;
}

void MmaArrangementView::renderScene(QPainter &p, const QRectF &bounds) {
  p.save();
  p.fillRect(bounds, palette_.background());
  p.setTransform(sceneTransform(bounds), true);
  const QFont hf = palette_.font(13, true), nf = palette_.font(10);
  p.setPen(palette_.foreground());
  p.setFont(hf);
  const QRectF hr = wrapped(hf, headingRect_.width(), arrangement_.heading);
  p.drawText(QRectF(headingRect_.left(), headingRect_.top(), headingRect_.width(), hr.height() + 1),
             Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, arrangement_.heading);
  if (!arrangement_.note.isEmpty()) {
    p.setFont(nf);
    p.drawText(QRectF(headingRect_.left(), headingRect_.top() + hr.height() + 4,
                      headingRect_.width(), headingRect_.height()),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, arrangement_.note);
  }
  for (Part &part : parts_) {
    if (!part.plane)
      continue;
    paintTitleBlock(p, part.title, part.head, part.attribute, palette_);
    part.painter.paint(p, part.bounds, part.bounds, part.geo, part.state, palette_);
  }
  p.restore();
}

QRectF MmaArrangementView::sceneCellRect(MmaRole role, int64_t row, int64_t col) const {
  const Part *p = part(role);
  return p ? p->geo.cellRect(row, col) : QRectF();
}

QRectF MmaArrangementView::cellRect(MmaRole role, int64_t row, int64_t col) const {
  return sceneTransform(QRectF(rect())).mapRect(sceneCellRect(role, row, col));
}

QRgb MmaArrangementView::cellColor(MmaRole role, int64_t row, int64_t col) const {
  const Part *p = part(role);
  if (!p)
    return 0;
  const Cell c{row, col};
  return p->painter.cellColor(p->state, palette_, p->plane->locationOf(c), p->plane->elementOf(c));
}

QString MmaArrangementView::cellLabel(MmaRole role, int64_t row, int64_t col) const {
  const Part *p = part(role);
  if (!p)
    return {};
  const Cell c{row, col};
  return p->plane->cellLabel(p->plane->locationOf(c), p->plane->elementOf(c));
}

std::optional<int64_t> MmaArrangementView::threadOf(MmaRole role, int64_t row, int64_t col) const {
  const Part *p = part(role);
  if (!p || p->plane->isShared())
    return std::nullopt;
  const uint64_t loc = p->plane->locationOf({row, col});
  if (loc == ls::kNoOwner)
    return std::nullopt;
  return p->plane->fields().thread(loc);
}

void MmaArrangementView::selectThread(std::optional<int64_t> thread) {
  selected_ = thread;
  for (Part &p : parts_) {
    if (!p.plane)
      continue;
    GridHighlight h;
    if (thread && !p.plane->isShared()) {
      const LocationFields &f = p.plane->fields();
      h.mode = GridHighlight::Mode::Sets;
      h.strongMask = f.lane.mask() | f.warp.mask();
      h.strongValue = f.lane.place(static_cast<uint64_t>(*thread) & (f.lane.size() - 1)) |
                      f.warp.place(static_cast<uint64_t>(*thread) >> f.lane.bits);
    }
    p.state.highlight = h;
    ++p.state.highlightSerial;
  }
  update();
}

std::optional<std::pair<MmaRole, Cell>> MmaArrangementView::hit(QPointF widgetPos) const {
  bool ok = false;
  const QPointF s = sceneTransform(QRectF(rect())).inverted(&ok).map(widgetPos);
  if (!ok)
    return std::nullopt;
  for (int i = 0; i < 3; ++i)
    if (parts_[i].plane)
      if (auto c = parts_[i].geo.cellAt(s))
        return std::make_pair(static_cast<MmaRole>(i), *c);
  return std::nullopt;
}

void MmaArrangementView::paintEvent(QPaintEvent *) {
  QPainter p(this);
  p.setRenderHint(QPainter::TextAntialiasing, true);
  renderScene(p, QRectF(rect()));
}

void MmaArrangementView::mouseMoveEvent(QMouseEvent *e) {
  const auto h = hit(e->position());
  QString text;
  if (h) {
    const Part &p = parts_[static_cast<size_t>(h->first)];
    text = roleName(h->first) + QStringLiteral(": ") + p.plane->describe(h->second);
  }
  setToolTip(text);
  emit hoverTextChanged(text);
}

void MmaArrangementView::mousePressEvent(QMouseEvent *e) {
  const auto h = hit(e->position());
  selectThread(h ? threadOf(h->first, h->second.row, h->second.col) : std::nullopt);
}

} // namespace ls::ui
