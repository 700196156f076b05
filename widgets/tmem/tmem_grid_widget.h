// TmemGridWidget: what the two TMEM grids (TmemView, tensor memory by lane
// and slot; TmemRegisterView, registers by thread) have in common -- the
// TmemMap they draw, the cell geometry sized to the widest "i,j" label until
// setCellSize, the selected element outlined in both, a cell's fill / grid
// lines / label / outline at one level of detail, the gutter's row labels,
// and tooltips built on demand.
#pragma once

#include <QWidget>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "analysis/tmem/tmem_map.h"
#include "tmem/tmem_grid_geometry.h"

class QFontMetrics;
class QPainter;

namespace ls::ui {

class TmemGridWidget : public QWidget {
  Q_OBJECT
public:
  explicit TmemGridWidget(QWidget *parent = nullptr);

  const TmemMap *map() const { return map_.get(); }
  // Pixels per cell; until called, cells are as wide as the tensor's widest
  // "i,j" label.
  void setCellSize(int width, int height);
  void setSelectedElement(std::optional<std::pair<int, int>> element);

  const TmemGridGeometry &gridGeometry() const { return geom_; }
  // Tooltip text for a pixel (built on demand); empty outside the grid.
  virtual QString toolTipAt(QPoint p) const = 0;
  QSize sizeHint() const override;

signals:
  void elementSelected(int dim0, int dim1);

protected:
  // Sets geom_.rows / cols (and the gutter if it depends on the map).
  virtual void sizeGrid() = 0;
  // sizeGrid, then the automatic cell width, and a repaint.
  void relayout();
  // Pixels the widest "i,j" label of the tensor needs.
  int labelWidth() const;

  // Level of detail for painting at the current cell size.
  struct CellStyle {
    bool labels = false;  // "i,j" fits
    bool borders = false; // grid lines fit
    QColor grid;
  };
  CellStyle cellStyle(const QFontMetrics &fm) const;
  // One cell: fill, grid lines (a black right edge if `strongRightEdge`),
  // the element's "i,j" and the selection outline when it holds `element`.
  void paintCell(QPainter &p, const QRect &r, const QColor &fill,
                 std::optional<std::pair<int, int>> element, const CellStyle &style,
                 bool strongRightEdge = false) const;
  // Gutter labels, right-aligned: every row that has room, and the first row
  // of each group of 32.
  void paintRowLabels(QPainter &p, const GridRange &range, const QFontMetrics &fm,
                      const std::function<QString(int row)> &text) const;

  bool event(QEvent *event) override;

  std::shared_ptr<const TmemMap> map_;
  TmemGridGeometry geom_;
  bool autoSize_ = true;
  std::optional<std::pair<int, int>> selected_;
};

} // namespace ls::ui
