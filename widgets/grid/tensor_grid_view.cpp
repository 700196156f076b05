#include "grid/tensor_grid_view.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <bit>
#include <cmath>

#include "analysis/ownership/ownership_batch.h"
#include "common/tooltip_event.h"

namespace ls::ui {

namespace {

// Bitmaps are exact but cost one step per location visited; beyond this
// many the view falls back to testing first owners.
constexpr int64_t kMaxBitmapWork = int64_t{1} << 24;

} // namespace

TensorGridView::TensorGridView(QWidget *parent) : QWidget(parent) {
  setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMinimumSize(240, 200);
}

void TensorGridView::setResult(LayoutResultPtr result) {
  const bool sameGrid = result_ && result && result_->shape == result->shape &&
                        result_->isShared() == result->isShared();
  result_ = std::move(result);
  selection_ = {};
  state_.stale.reset();
  pendingShape_.reset();
  rebuildPlane(sameGrid);
}

void TensorGridView::setPendingShape(const std::optional<ls::Shape> &shape) {
  if (shape == pendingShape_)
    return;
  pendingShape_ = shape;
  // Only a tensor view of another shape has a new grid to know in advance
  // (the hardware view's rows depend on the layout being computed).
  if (!shape || shape->empty() || !state_.plane || !result_ || kind_ != PlaneKind::Tensor ||
      *shape == result_->shape) {
    if (state_.stale) {
      state_.stale.reset();
      update();
    }
    return;
  }
  const int64_t rows = shape->size() >= 2 ? (*shape)[shape->size() - 2] : 1;
  const int64_t cols = shape->back();
  StalePicture st;
  // From whatever is on screen: the picture already stretched, or the cells.
  int64_t fromRows = geo_.rows, fromCols = geo_.cols;
  QRectF cells;
  if (state_.stale) {
    st.image = state_.stale->image;
    cells = state_.stale->cells;
    fromRows = state_.stale->geometry.rows;
    fromCols = state_.stale->geometry.cols;
  } else {
    st.image = painter_.lastCellPicture(&cells);
    if (st.image.isNull() && !size().isEmpty()) {
      // Never painted (hidden): sample the cells once, off screen.
      QImage scratch(size(), QImage::Format_RGB32);
      QPainter p(&scratch);
      painter_.paint(p, QRectF(rect()), QRectF(rect()), geo_, state_, palette_);
      p.end();
      st.image = painter_.lastCellPicture(&cells);
    }
  }
  if (st.image.isNull() || fromRows <= 0 || fromCols <= 0)
    return;
  const double sy = static_cast<double>(rows) / static_cast<double>(fromRows);
  const double sx = static_cast<double>(cols) / static_cast<double>(fromCols);
  st.cells = QRectF(cells.x() * sx, cells.y() * sy, cells.width() * sx, cells.height() * sy);
  st.geometry = geo_;
  st.geometry.rows = rows;
  st.geometry.cols = cols;
  state_.stale = std::move(st);
  fitStale();
  setHover(std::nullopt);
  update();
}

void TensorGridView::fitStale() {
  if (!state_.stale)
    return;
  // The new result arrives fitted (its grid differs), so the stand-in is too.
  state_.stale->geometry.area = geo_.area;
  state_.stale->geometry.fit();
}

void TensorGridView::rebuildPlane(bool keepZoom) {
  if (!result_ || !result_->ownership) {
    state_.plane.reset();
    update();
    return;
  }
  const auto oldRows = geo_.rows, oldCols = geo_.cols;
  state_.plane = std::make_shared<const GridPlane>(result_, kind_, outer_);
  outer_ = state_.plane->outer();
  const auto modes = state_.plane->colorModes();
  if (std::find(modes.begin(), modes.end(), state_.colorBy) == modes.end())
    state_.colorBy = modes.front();
  geo_.rows = state_.plane->rows();
  geo_.cols = state_.plane->cols();
  updateArea();
  if (!keepZoom || fitted_ || oldRows != geo_.rows || oldCols != geo_.cols)
    fitToView();
  applyHighlight();
  emit viewChanged();
}

void TensorGridView::updateArea() {
  const SceneLayout l = painter_.layout(QRectF(rect()), state_, palette_);
  geo_.area = l.grid;
  if (fitted_)
    fitGeometry(); // sets the area again
  else
    geo_.clampOrigin();
  fitStale();
}

void TensorGridView::fitGeometry() {
  // Twice at most: a note takes a band above the grid, so the fit is redone
  // in what is left when the note comes or goes.
  for (int pass = 0; pass < 2; ++pass) {
    geo_.area = painter_.layout(QRectF(rect()), state_, palette_).grid;
    geo_.fit();
    QString notice;
    if (state_.labels.fitLabels && state_.plane && kind_ == PlaneKind::Tensor &&
        geo_.rows > 0 && geo_.cols > 0 && !geo_.area.isEmpty()) {
      const double need = painter_.labelCellSize(state_, palette_);
      if (geo_.cellSize < need) {
        // Readable labels first: the tile from its top-left corner, the rest
        // a drag away -- and say so.
        geo_.cellSize = std::min(need, GridGeometry::kMaxCellSize);
        geo_.origin = QPointF(std::ceil(geo_.area.left()), std::ceil(geo_.area.top()));
        geo_.clampOrigin();
        const int64_t fitRows =
            std::min(geo_.rows, static_cast<int64_t>(geo_.area.height() / need));
        const int64_t fitCols = std::min(geo_.cols, static_cast<int64_t>(geo_.area.width() / need));
        notice = tr("Labels need %1 px cells at this font: %2 x %3 of the %4 x %5 cells fit. Drag "
                    "or PageDown for the rest; zoom out to see all without labels.")
                     .arg(need, 0, 'f', 0)
                     .arg(std::max<int64_t>(fitRows, 0))
                     .arg(std::max<int64_t>(fitCols, 0))
                     .arg(geo_.rows)
                     .arg(geo_.cols);
      }
    }
    const bool same = notice.isEmpty() == state_.notice.isEmpty();
    state_.notice = notice;
    if (same)
      break;
  }
}

void TensorGridView::dropNotice() {
  if (state_.notice.isEmpty())
    return;
  state_.notice.clear();
  geo_.area = painter_.layout(QRectF(rect()), state_, palette_).grid;
  geo_.clampOrigin();
}

void TensorGridView::setLabelOptions(const GridLabelOptions &o) {
  if (o == state_.labels)
    return;
  state_.labels = o;
  if (!state_.labels.fitLabels)
    dropNotice();
  updateArea();
  update();
  emit viewChanged();
}

void TensorGridView::setStepOverlay(const QString &text) {
  if (text == state_.stepOverlay)
    return;
  state_.stepOverlay = text;
  updateArea();
  update();
}

QString TensorGridView::cellLabel(Cell c) const {
  if (!state_.plane)
    return {};
  return painter_.labelFor(state_, palette_, state_.plane->locationOf(c),
                           state_.plane->elementOf(c));
}

void TensorGridView::setColorBy(ColorBy mode) {
  if (state_.plane) {
    const auto modes = state_.plane->colorModes();
    if (std::find(modes.begin(), modes.end(), mode) == modes.end())
      return;
  }
  state_.colorBy = mode;
  update();
  emit viewChanged();
}

void TensorGridView::setHardwareView(bool on) {
  const PlaneKind k = on ? PlaneKind::Hardware : PlaneKind::Tensor;
  if (k == kind_)
    return;
  kind_ = k;
  selection_ = {};
  fitted_ = true;
  rebuildPlane(false);
}

void TensorGridView::setOuterIndex(std::vector<int64_t> outer) {
  outer_ = std::move(outer);
  selection_ = {};
  rebuildPlane(true);
}

void TensorGridView::setPalette(const GridPalette &pal) {
  palette_ = pal;
  updateArea();
  update();
}

void TensorGridView::setShowTitle(bool on) {
  state_.showTitle = on;
  updateArea();
  update();
}

void TensorGridView::setTitle(const QString &title, const QString &subtitle) {
  state_.title = title;
  state_.subtitle = subtitle;
  update();
}

void TensorGridView::setMessage(const QString &message) {
  if (state_.message == message)
    return;
  state_.message = message;
  update();
}

void TensorGridView::setExternalHighlight(std::optional<GridHighlight> h) {
  external_ = std::move(h);
  applyHighlight();
}

void TensorGridView::applyHighlight() {
  state_.highlight = external_ ? *external_ : selection_;
  ++state_.highlightSerial;
  update();
}

void TensorGridView::clearSelection() {
  selection_ = {};
  applyHighlight();
  emit selectionChanged(QString());
}

void TensorGridView::selectCell(Cell c) {
  const GridPlane *plane = state_.plane.get();
  if (!plane || c.row < 0 || c.col < 0 || c.row >= plane->rows() || c.col >= plane->cols())
    return;
  const uint64_t loc = plane->locationOf(c);
  if (loc == ls::kNoOwner) {
    clearSelection();
    return;
  }
  selectLocation(loc);
}

bool TensorGridView::selectElement(const std::vector<int64_t> &coords) {
  if (!result_ || coords.size() != result_->shape.size())
    return false;
  for (size_t d = 0; d < coords.size(); ++d)
    if (coords[d] < 0 || coords[d] >= result_->shape[d])
      return false;
  const int r = static_cast<int>(coords.size());
  if (kind_ == PlaneKind::Hardware) {
    const GridPlane *plane = state_.plane.get();
    if (!plane)
      return false;
    const ls::Ownership &own = plane->ownership();
    selectLocation(own.firstOwner(own.packElement(coords)));
    return true;
  }
  if (r > 2) {
    std::vector<int64_t> outer(coords.begin(), coords.end() - 2);
    if (outer != outer_)
      setOuterIndex(outer);
  }
  selectCell({r >= 2 ? coords[r - 2] : 0, coords[r - 1]});
  return true;
}

void TensorGridView::selectLocation(uint64_t loc) {
  const GridPlane *plane = state_.plane.get();
  if (!plane || loc == ls::kNoOwner)
    return;
  const LocationFields &f = plane->fields();
  const ls::Ownership &own = plane->ownership();
  GridHighlight h;
  if (plane->isShared()) {
    if (plane->kind() == PlaneKind::Tensor) {
      h.mode = GridHighlight::Mode::Bank;
      h.bank = plane->bankOf(loc);
      h.caption = QStringLiteral("Bank %1: every element in the same bank (outlined)").arg(h.bank);
    } else {
      h.mode = GridHighlight::Mode::Sets;
      h.strongMask = f.offset.mask() | f.block.mask();
      h.strongValue = loc & h.strongMask;
      h.caption = QStringLiteral("Offset %1 holds %2")
                      .arg(f.offset.of(loc))
                      .arg(plane->coordText(own.elementAt(loc)));
    }
  } else {
    h.mode = GridHighlight::Mode::Sets;
    h.strongMask = f.threadMask();
    h.strongValue = loc & h.strongMask;
    h.normalMask = f.warpMask();
    h.normalValue = loc & h.normalMask;
    h.hasNormal = true;
    int64_t count = int64_t{1} << f.reg.bits;
    if (plane->kind() == PlaneKind::Tensor) {
      // Exact sets, so that replicated elements count for every owner.
      if (ls::heldElementsWork(own, h.strongMask) <= kMaxBitmapWork) {
        h.strongElements = ls::heldElementsBitmap(own, h.strongMask, h.strongValue);
        count = 0;
        for (uint64_t w : h.strongElements)
          count += std::popcount(w);
      }
      if (ls::heldElementsWork(own, h.normalMask) <= kMaxBitmapWork)
        h.normalElements = ls::heldElementsBitmap(own, h.normalMask, h.normalValue);
    }
    QString who = QStringLiteral("T%1 (warp %2, lane %3)")
                      .arg(f.thread(loc))
                      .arg(f.warp.of(loc))
                      .arg(f.lane.of(loc));
    if (f.block.bits > 0)
      who.prepend(QStringLiteral("block %1, ").arg(f.block.of(loc)));
    h.caption = who + QStringLiteral(": %1 distinct elements (outlined); the rest of warp %2 in "
                                     "full colour")
                          .arg(count)
                          .arg(f.warp.of(loc));
  }
  selection_ = std::move(h);
  applyHighlight();
  emit selectionChanged(selection_.caption);
}

void TensorGridView::zoomIn() {
  fitted_ = false;
  dropNotice();
  geo_.zoomAt(geo_.area.center(), 1.5);
  update();
  emit viewChanged();
}

void TensorGridView::zoomOut() {
  fitted_ = false;
  dropNotice();
  geo_.zoomAt(geo_.area.center(), 1 / 1.5);
  update();
  emit viewChanged();
}

void TensorGridView::fitToView() {
  fitted_ = true;
  fitGeometry();
  update();
  emit viewChanged();
}

void TensorGridView::setCellSize(double px) {
  fitted_ = false;
  dropNotice();
  geo_.zoomAt(geo_.area.center(), px / geo_.cellSize);
  update();
  emit viewChanged();
}

QString TensorGridView::cellDescription(Cell c) const {
  return state_.plane ? state_.plane->describe(c) : QString();
}

QColor TensorGridView::drawnColor(Cell c) const {
  if (!state_.plane)
    return {};
  return QColor(painter_.cellColor(state_, palette_, state_.plane->locationOf(c),
                                   state_.plane->elementOf(c)));
}

void TensorGridView::renderScene(QPainter &p, const QRectF &bounds) {
  GridScenePainter fresh; // its own cache: the export may have other bounds
  GridGeometry g = geo_;
  const SceneLayout l = fresh.layout(bounds, state_, palette_);
  g.origin += l.grid.topLeft() - geo_.area.topLeft();
  g.area = l.grid;
  GridSceneState s = state_;
  s.hover.reset();
  s.stale.reset(); // an export shows the result it has, at its own grid
  fresh.paint(p, bounds, bounds, g, s, palette_);
}

void TensorGridView::paintEvent(QPaintEvent *e) {
  QPainter p(this);
  painter_.paint(p, QRectF(rect()), QRectF(e->rect()), state_.stale ? state_.stale->geometry : geo_,
                 state_, palette_);
}

void TensorGridView::resizeEvent(QResizeEvent *) {
  updateArea();
}

void TensorGridView::setHover(std::optional<Cell> c) {
  if (c == state_.hover)
    return;
  state_.hover = c;
  update();
  emit hoverTextChanged(c ? cellDescription(*c) : QString());
}

void TensorGridView::mouseMoveEvent(QMouseEvent *e) {
  const QPointF pos = e->position();
  if (pressed_ && !dragging_ && (e->pos() - pressPos_).manhattanLength() > 4) {
    dragging_ = true;
    setCursor(Qt::ClosedHandCursor);
  }
  if (dragging_) {
    fitted_ = false;
    geo_.panBy(pos - lastDrag_);
    lastDrag_ = pos;
    update();
    return;
  }
  setHover(state_.stale ? std::nullopt : geo_.cellAt(pos));
}

void TensorGridView::mousePressEvent(QMouseEvent *e) {
  if (e->button() != Qt::LeftButton)
    return;
  pressed_ = true;
  dragging_ = false;
  pressPos_ = e->pos();
  lastDrag_ = e->position();
}

void TensorGridView::mouseReleaseEvent(QMouseEvent *e) {
  if (e->button() != Qt::LeftButton)
    return;
  const bool wasDrag = dragging_;
  pressed_ = dragging_ = false;
  unsetCursor();
  if (wasDrag) {
    emit viewChanged();
    return;
  }
  if (state_.stale) // the picture is a stand-in: nothing to select yet
    return;
  if (auto c = geo_.cellAt(e->position()))
    selectCell(*c);
  else
    clearSelection();
}

void TensorGridView::mouseDoubleClickEvent(QMouseEvent *) {
  fitToView();
}

void TensorGridView::wheelEvent(QWheelEvent *e) {
  const double steps = e->angleDelta().y() / 120.0;
  if (steps == 0)
    return;
  fitted_ = false;
  dropNotice();
  geo_.zoomAt(e->position(), std::pow(1.25, steps));
  update();
  emit viewChanged();
}

void TensorGridView::keyPressEvent(QKeyEvent *e) {
  switch (e->key()) {
  case Qt::Key_Plus:
  case Qt::Key_Equal:
    zoomIn();
    return;
  case Qt::Key_Minus:
    zoomOut();
    return;
  case Qt::Key_0:
    fitToView();
    return;
  case Qt::Key_Escape:
    clearSelection();
    return;
  case Qt::Key_PageDown:
  case Qt::Key_PageUp: {
    // Scroll a tile larger than the view (presentation labels) by a page.
    const double dy = geo_.area.height() * 0.9 * (e->key() == Qt::Key_PageDown ? -1 : 1);
    const bool keepNotice = fitted_;
    fitted_ = false;
    geo_.panBy(QPointF(0, dy));
    if (!keepNotice)
      dropNotice();
    update();
    emit viewChanged();
    return;
  }
  case Qt::Key_Home:
    fitToView();
    return;
  default:
    QWidget::keyPressEvent(e);
  }
}

void TensorGridView::leaveEvent(QEvent *) {
  setHover(std::nullopt);
}

bool TensorGridView::event(QEvent *e) {
  return showToolTip(this, e,
                     [this](QPoint p) {
                       const auto c = geo_.cellAt(p);
                       if (c)
                         return cellDescription(*c);
                       // Outside the cells (the title): the whole attribute,
                       // which the title may have to cut.
                       return plane() ? plane()->result().attribute : QString();
                     }) ||
         QWidget::event(e);
}

} // namespace ls::ui
