// BankHeatmapView: paints one BankHeatmapModel -- banks across, wavefronts
// down, each cell coloured by its load (idle grey, one word green, more
// words from orange to red; in the colour-blind-safe palette one word blue,
// more from orange to dark vermilion) -- with instruction labels on the left,
// bank numbers on top and the word "bank" in the corner above the labels. Cells grow with the font (presentation mode). Only the
// exposed cells are painted; labels drop out when cells get too small to
// hold them. Hovering a cell shows the model's text
// for it (lanes, addresses, elements).
#pragma once

#include <QColor>
#include <QWidget>

#include "analysis/banks/bank_heatmap_model.h"
#include "banks/bank_heatmap_geometry.h"

namespace ls::ui {

class BankHeatmapView : public QWidget {
  Q_OBJECT
public:
  explicit BankHeatmapView(QWidget *parent = nullptr);

  void setModel(BankHeatmapModel model);
  const BankHeatmapModel &model() const { return model_; }
  const BankHeatmapGeometry &geometryMap() const { return geometry_; }

  // The colour of a cell of load `load` on a ramp whose worst colour is
  // `maxLoad` words (the panel gives both heatmaps and their key one scale).
  static QColor colorFor(int load, int maxLoad, bool colorBlindSafe = false);
  // Presentation mode and View > Colour-blind-safe: blue for one word and an
  // orange-to-vermilion ramp for conflicts instead of green and red.
  void setColorBlindSafe(bool on);
  bool colorBlindSafe() const { return colorBlindSafe_; }
  // The load that gets the ramp's worst colour; 0 (the default) means this
  // model's own worst load.
  void setLoadScale(int maxLoad);
  int loadScale() const;
  // The lane whose cells are outlined (-1: none), and the outline's colour:
  // a 2-pixel frame inside each cell the lane touches.
  void setSelectedLane(int lane);
  int selectedLane() const { return selectedLane_; }
  static QColor selectionColor() { return QColor(20, 90, 220); }
  // The hover text at a widget position ("" outside the cells).
  QString toolTipAt(QPoint pos) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

protected:
  void paintEvent(QPaintEvent *event) override;
  void changeEvent(QEvent *event) override;
  bool event(QEvent *event) override;

private:
  void fitToFont();

  BankHeatmapModel model_;
  BankHeatmapGeometry geometry_;
  int selectedLane_ = -1;
  bool colorBlindSafe_ = false;
  int loadScale_ = 0;
};

} // namespace ls::ui
