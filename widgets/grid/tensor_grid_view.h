// TensorGridView: the tensor drawn as a grid of cells coloured by owner.
//
// Tensor view: one cell per element, coloured by its first owner's warp,
// lane, register, block or thread (offset or bank for shared layouts),
// labelled T<thread>:<register> when the zoom leaves room. Hardware view:
// one cell per (warp, register) row and lane column, labelled with the
// element it holds. Hover shows an element's coordinates (decimal and
// binary) and every owner; a click selects the thread under the cursor and
// highlights everything it (and its warp) owns; wheel zooms around the
// cursor, drag pans, double-click or `0` fits.
//
// The view never computes layouts: it draws a LayoutResult the document
// evaluated, through a GridPlane, and paints only the exposed cells with the
// level-of-detail rules of GridScenePainter.
//
// While the document computes a large tensor of another shape off-thread,
// setPendingShape() shows the previous picture stretched to the new tensor's
// grid (axes and zoom of the new shape), until setResult() brings the real
// one -- as Qt's mandelbrot example shows its old pixmap scaled.
#pragma once

#include <QWidget>
#include <optional>

#include "grid/grid_scene_painter.h"

namespace ls::ui {

class TensorGridView : public QWidget {
  Q_OBJECT
public:
  explicit TensorGridView(QWidget *parent = nullptr);

  void setResult(LayoutResultPtr result);
  const LayoutResultPtr &result() const { return result_; }
  // A result for a tensor of `shape` is on its way (nullopt: none is): the
  // tensor view shows the current cells scaled to that shape's grid. A new
  // result ends it. Hover and clicks pause meanwhile.
  void setPendingShape(const std::optional<ls::Shape> &shape);
  // The grid the stale picture is drawn on, if one is shown.
  const GridGeometry *pendingGeometry() const {
    return state_.stale ? &state_.stale->geometry : nullptr;
  }
  const GridPlane *plane() const { return state_.plane.get(); }

  void setColorBy(ColorBy mode);
  ColorBy colorBy() const { return state_.colorBy; }
  void setHardwareView(bool on);
  bool hardwareView() const { return kind_ == PlaneKind::Hardware; }
  // Coordinates of the dims before the last two (3-D and larger tensors).
  void setOuterIndex(std::vector<int64_t> outer);
  const std::vector<int64_t> &outerIndex() const { return outer_; }

  void setPalette(const GridPalette &pal);
  const GridPalette &gridPalette() const { return palette_; }
  void setShowTitle(bool on);
  // Drawing for a file (export): the legend leaves out the pointer's hints.
  void setFigure(bool on) { state_.figure = on; }
  void setTitle(const QString &title, const QString &subtitle);
  // A note drawn over the grid (e.g. why the picture is not updated).
  void setMessage(const QString &message);
  // Cell label mode, axis names and the presentation fit (grid_labels.h).
  // With fitLabels, fitting the view picks the largest cell that shows the
  // whole tile and never one smaller than labelCellSize(): a tile too large
  // for the view at that size is shown from its top-left corner with a note
  // (drag, PageUp/PageDown/Home to move), rather than with labels dropped.
  void setLabelOptions(const GridLabelOptions &o);
  const GridLabelOptions &labelOptions() const { return state_.labels; }
  // The smallest cell that shows every label at the presentation font.
  double labelCellSize() const { return painter_.labelCellSize(state_, palette_); }
  // Whether the last fit had to leave part of the tile out of view to keep
  // labels readable (the note says so).
  bool labelsOverflow() const { return !state_.notice.isEmpty(); }
  // The step of a step-through in large type above the grid; "" hides it.
  void setStepOverlay(const QString &text);
  // A cell's label as drawn (mode, and the colour value where colours repeat).
  QString cellLabel(Cell c) const;

  // Highlight from outside (step-through, basis hover); nullopt restores the
  // click selection.
  void setExternalHighlight(std::optional<GridHighlight> h);
  // Selects the thread owning the cell (tensor view) or the location
  // (hardware view), as a click does.
  void selectCell(Cell c);
  // Selects a hardware location as a click on a cell it owns does: its
  // thread's elements outlined (distributed), or its bank / offset (shared).
  void selectLocation(uint64_t location);
  // Tensor view: shows the slice holding the element (3-D and larger) and
  // selects it as a click does. False if the coordinates are not in the
  // tensor.
  bool selectElement(const std::vector<int64_t> &coords);
  void clearSelection();
  const GridHighlight &highlight() const { return state_.highlight; }

  // Zoom and pan.
  void zoomIn();
  void zoomOut();
  void fitToView();
  void setCellSize(double px);
  const GridGeometry &geometry() const { return geo_; }
  // Screen position of a cell's centre (for tests and tools).
  QPointF cellCenter(Cell c) const { return geo_.cellRect(c.row, c.col).center(); }

  // The hover text for a cell (what the tooltip shows).
  QString cellDescription(Cell c) const;
  // Paints the scene as on screen into another device (PNG, SVG export).
  void renderScene(QPainter &p, const QRectF &bounds);
  const GridSceneState &sceneState() const { return state_; }
  QColor drawnColor(Cell c) const;

signals:
  void hoverTextChanged(const QString &text);
  void selectionChanged(const QString &caption);
  void viewChanged();

protected:
  void paintEvent(QPaintEvent *e) override;
  void resizeEvent(QResizeEvent *e) override;
  void mouseMoveEvent(QMouseEvent *e) override;
  void mousePressEvent(QMouseEvent *e) override;
  void mouseReleaseEvent(QMouseEvent *e) override;
  void mouseDoubleClickEvent(QMouseEvent *e) override;
  void wheelEvent(QWheelEvent *e) override;
  void keyPressEvent(QKeyEvent *e) override;
  void leaveEvent(QEvent *e) override;
  bool event(QEvent *e) override;

private:
  void rebuildPlane(bool keepZoom);
  void fitGeometry();
  void dropNotice();
  void fitStale();
  void updateArea();
  void applyHighlight();
  void setHover(std::optional<Cell> c);

  LayoutResultPtr result_;
  PlaneKind kind_ = PlaneKind::Tensor;
  std::vector<int64_t> outer_;
  GridPalette palette_;
  GridScenePainter painter_;
  GridSceneState state_;
  GridGeometry geo_;
  bool fitted_ = true; // follow resizes while the user has not zoomed
  GridHighlight selection_;
  std::optional<GridHighlight> external_;
  std::optional<ls::Shape> pendingShape_;
  QPoint pressPos_;
  QPointF lastDrag_;
  bool dragging_ = false;
  bool pressed_ = false;
};

} // namespace ls::ui
