// BankHeatmapKey: the colour key under the bank heatmaps -- a swatch per
// load the heatmaps colour (idle, one word, and the conflict ramp from two
// words to the worst load shown), each named, in the colours the views use
// for the same scale and palette. Wraps onto more lines when narrow.
#pragma once

#include <QRect>
#include <QString>
#include <QWidget>
#include <vector>

namespace ls::ui {

class BankHeatmapKey : public QWidget {
  Q_OBJECT
public:
  explicit BankHeatmapKey(QWidget *parent = nullptr);

  // The worst load of the heatmaps the key explains (the ramp's end).
  void setScale(int maxLoad);
  int scale() const { return scale_; }
  void setColorBlindSafe(bool on);

  // The loads with a swatch, in order: 0 (idle), 1 (one word), then the
  // conflict ramp: 2, up to three loads between, and the scale (2 alone when
  // the scale is 2 or less).
  std::vector<int> loads() const;
  // The swatch of loads()[i] and its label, laid out for the current width.
  QRect swatchRect(int i) const;
  QString label(int i) const;

  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override;
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

protected:
  void paintEvent(QPaintEvent *event) override;

private:
  struct Item {
    QRect swatch;
    QRect text;
  };
  std::vector<Item> layoutFor(int width) const;

  int scale_ = 1;
  bool colorBlindSafe_ = false;
};

} // namespace ls::ui
