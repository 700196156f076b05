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

#include <array>
#include <optional>

#include "tmem/tmem_grid_widget.h"

namespace ls::ui {

class TmemView : public TmemGridWidget {
  Q_OBJECT
public:
  explicit TmemView(QWidget *parent = nullptr);

  void setMap(std::shared_ptr<const TmemMap> map);
  void setCta(int cta);
  int cta() const { return cta_; }

  // Grid column <-> (32-bit column, slot).
  int gridColumn(int column, int slot) const;
  // The slot under a pixel: (lane, column, slot).
  std::optional<std::array<int, 3>> slotAt(QPoint p) const;
  QString toolTipAt(QPoint p) const override;
  // The warps whose access reaches lane quarter q ("w1,5"); empty if none.
  QString quarterLabel(int quarter) const;

protected:
  void paintEvent(QPaintEvent *event) override;
  void mousePressEvent(QMouseEvent *event) override;
  void sizeGrid() override;

private:
  int cta_ = 0;
};

} // namespace ls::ui
