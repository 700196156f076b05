// MmaArrangementView: the three matrices of one MMA in one picture, as the
// PTX manual's fragment figures and CuTe's print_latex draw them:
//
//                     B (K x N)
//        A (M x K)    C (M x N)
//
// Rows of A line up with rows of C, columns of B with columns of C, and A's
// K axis has the same length as B's. Every cell is coloured and labelled by
// its owner through the grid's own painter (GridScenePainter), one per
// matrix, all with one cell size, so thread 5 has the same colour and the
// label T5:<register> in A, B and C. A click on a cell outlines its thread's
// cells in all three. Shared-memory operands (Hopper's B, tcgen05's A and B)
// show their offsets.
//
// The picture is laid out at its natural size (cells large enough for the
// labels at the palette's font) and scaled uniformly to fit the widget;
// renderScene draws the same into any painter -- PNG, SVG, PDF -- with
// every title in full (wrapped, never elided).
#pragma once

#include <QWidget>
#include <array>
#include <optional>

#include "grid/grid_scene_painter.h"

namespace ls::ui {

enum class MmaRole { A = 0, B = 1, C = 2 };

struct MmaArrangement {
  LayoutResultPtr a, b, c;
  QString heading; // "mma.sync m16n8k16 (f16): C = A x B", one line
  QString note;    // an extra line under the heading (may be empty)
};

// A title block: a bold line and a monospaced attribute, both wrapped to
// `width` (nothing elided). Returns the height it takes.
double titleBlockHeight(const QString &head, const QString &attribute, double width,
                        const GridPalette &pal);
void paintTitleBlock(QPainter &p, const QRectF &r, const QString &head, const QString &attribute,
                     const GridPalette &pal);

class MmaArrangementView : public QWidget {
  Q_OBJECT
public:
  explicit MmaArrangementView(QWidget *parent = nullptr);

  void setArrangement(MmaArrangement arrangement);
  const MmaArrangement &arrangement() const { return arrangement_; }
  void setGridPalette(const GridPalette &pal);
  const GridPalette &gridPalette() const { return palette_; }

  // The picture at its natural size, in scene units (1 unit = 1 pixel at
  // scale 1).
  QSizeF sceneSize() const { return sceneSize_; }
  double cellSize() const { return cellSize_; }
  // Draws the picture scaled uniformly to fit `bounds`, centred.
  void renderScene(QPainter &p, const QRectF &bounds);
  // The transform renderScene applies for `bounds` (scene -> bounds).
  QTransform sceneTransform(const QRectF &bounds) const;

  // Scene coordinates of a cell of A, B or C (row, col of that matrix).
  QRectF sceneCellRect(MmaRole role, int64_t row, int64_t col) const;
  // Widget coordinates of the same cell as drawn now.
  QRectF cellRect(MmaRole role, int64_t row, int64_t col) const;
  // The colour the painter gives the cell, and its label.
  QRgb cellColor(MmaRole role, int64_t row, int64_t col) const;
  QString cellLabel(MmaRole role, int64_t row, int64_t col) const;
  // The thread owning the cell (nullopt for shared operands).
  std::optional<int64_t> threadOf(MmaRole role, int64_t row, int64_t col) const;
  const GridPlane *plane(MmaRole role) const;
  // The whole title of each matrix as drawn ("A  16x16 f16  #ttg.dot_op<...>").
  QString titleText(MmaRole role) const;
  // The axis titles drawn over and beside a matrix: its role's ("K", "N").
  std::pair<QString, QString> axisTitles(MmaRole role) const;

  // Outlines every cell of `thread` in A, B and C (nullopt clears).
  void selectThread(std::optional<int64_t> thread);
  std::optional<int64_t> selectedThread() const { return selected_; }

signals:
  void hoverTextChanged(const QString &text);

protected:
  void paintEvent(QPaintEvent *e) override;
  void mouseMoveEvent(QMouseEvent *e) override;
  void mousePressEvent(QMouseEvent *e) override;

private:
  struct Part {
    std::shared_ptr<const GridPlane> plane;
    GridSceneState state;
    GridScenePainter painter;
    GridGeometry geo; // scene coordinates
    QRectF bounds;    // the painter's bounds (axes and cells)
    QRectF title;     // the title block
    QString head, attribute;
  };
  void relayout();
  std::optional<std::pair<MmaRole, Cell>> hit(QPointF widgetPos) const;
  const Part *part(MmaRole role) const;

  MmaArrangement arrangement_;
  GridPalette palette_;
  std::array<Part, 3> parts_;
  QSizeF sceneSize_{400, 300};
  QRectF headingRect_;
  double cellSize_ = 36;
  std::optional<int64_t> selected_;
};

} // namespace ls::ui
