// TmemRegisterView: the register side of a TMEM load or store. One row per
// thread (warp * 32 + lane, warps separated by a gap), one column per
// register; a cell shows the element that register carries ("i,j") in its
// warp's colour. The gutter says which TMEM lanes each warp reaches
// ("w1 32-63"): warps 0..3 own the four lane quarters, further warps share
// them and split the columns.
//
// It draws the register half of a TmemMap; clicking selects the element
// (elementSelected), which TmemView outlines in tensor memory.
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

#include "analysis/tmem_map.h"
#include "tmem/tmem_grid_geometry.h"

namespace ls::widgets {

class TmemRegisterView : public QWidget {
  Q_OBJECT
public:
  explicit TmemRegisterView(QWidget *parent = nullptr);

  void setMap(std::shared_ptr<const TmemMap> map);
  void setBlock(int block);
  int block() const { return block_; }
  void setCellSize(int registerWidth, int threadHeight);
  void setSelectedElement(std::optional<std::pair<int, int>> element);

  const TmemGridGeometry &gridGeometry() const { return geom_; }
  // The gutter text of a warp: "w1 32-63" (the TMEM lanes it reads).
  QString warpLabel(int warp) const;
  QString toolTipAt(QPoint p) const;
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
  int block_ = 0;
  TmemGridGeometry geom_;
  bool autoSize_ = true; // cells as wide as the widest label until setCellSize
  std::optional<std::pair<int, int>> selected_;
};

} // namespace ls::widgets
