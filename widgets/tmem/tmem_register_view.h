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

#include "tmem/tmem_grid_widget.h"

namespace ls::ui {

class TmemRegisterView : public TmemGridWidget {
  Q_OBJECT
public:
  explicit TmemRegisterView(QWidget *parent = nullptr);

  void setMap(std::shared_ptr<const TmemMap> map);
  void setBlock(int block);
  int block() const { return block_; }

  // The gutter text of a warp: "w1 32-63" (the TMEM lanes it reads).
  QString warpLabel(int warp) const;
  QString toolTipAt(QPoint p) const override;

protected:
  void paintEvent(QPaintEvent *event) override;
  void mousePressEvent(QMouseEvent *event) override;
  void sizeGrid() override;

private:
  int block_ = 0;
};

} // namespace ls::ui
