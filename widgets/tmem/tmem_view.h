// TmemView: tensor memory as the hardware sees it -- 128 lanes (rows) by the
// 32-bit columns one CTA allocates, each column split into its element slots
// (one f32, two f16, four f8). A slot shows the element it holds ("i,j" when
// there is room) in the colour of the warp whose TMEM access reads it;
// copies (the same element in another lane quarter) are paler, empty slots
// grey. Lane quarters (lanes 0-31, 32-63, ...) are separated by a gap: warp
// w may only touch quarter w % 4.
//
// The view draws a TmemMap computed by ls_core; it does no layout math.
// Clicking a slot selects its element (elementSelected); the selection is
// outlined wherever the element sits.
#pragma once

#include <QWidget>
#include <array>
#include <memory>
#include <optional>

#include "analysis/tmem_map.h"
#include "tmem/tmem_grid_geometry.h"

namespace ls::widgets {

class TmemView : public QWidget {
  Q_OBJECT
public:
  explicit TmemView(QWidget *parent = nullptr);

  void setMap(std::shared_ptr<const TmemMap> map);
  const TmemMap *map() const { return map_.get(); }
  void setCta(int cta);
  int cta() const { return cta_; }
  // Pixels per slot (width) and per lane (height); until called, cells are
  // as wide as the tensor's widest "i,j" label.
  void setCellSize(int slotWidth, int laneHeight);
  void setSelectedElement(std::optional<std::pair<int, int>> element);

  const TmemGridGeometry &gridGeometry() const { return geom_; }
  // Grid column <-> (32-bit column, slot).
  int gridColumn(int column, int slot) const;
  // The slot under a pixel: (lane, column, slot).
  std::optional<std::array<int, 3>> slotAt(QPoint p) const;
  // Tooltip text for a pixel (built on demand); empty outside the grid.
  QString toolTipAt(QPoint p) const;
  // The warps whose access reaches lane quarter q ("w1,5"); empty if none.
  QString quarterLabel(int quarter) const;

  QSize sizeHint() const override;

signals:
  void elementSelected(int dim0, int dim1);

protected:
  void paintEvent(QPaintEvent *event) override;
  void mousePressEvent(QMouseEvent *event) override;
  bool event(QEvent *event) override;

private:
  void relayout();
  // Pixels the widest "i,j" label of the tensor needs.
  int labelWidth() const;

  std::shared_ptr<const TmemMap> map_;
  int cta_ = 0;
  TmemGridGeometry geom_;
  bool autoSize_ = true; // cells as wide as the widest label until setCellSize
  std::optional<std::pair<int, int>> selected_;
};

} // namespace ls::widgets
