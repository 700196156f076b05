// GridPalette: the colours of the grid views.
//
// Three kinds of scale, each with a normal and a colour-blind-safe variant:
//   categorical(i, n)  owners (warps, lanes, threads, registers, blocks,
//                      banks): Tableau 10 normally, Okabe-Ito in the
//                      colour-blind-safe palette; beyond the base set the hues
//                      repeat at other lightness levels, then by golden-ratio
//                      hue steps so that neighbours always differ;
//   sequential(t)      offsets in shared memory (t in [0, 1]): viridis, which
//                      is readable with every colour-vision deficiency;
//   textOn(bg)         black or white, whichever contrasts more.
// The palette also carries the presentation settings (high contrast, larger
// type), so that the screen, PNG and SVG exports draw alike.
#pragma once

#include <QColor>
#include <QFont>
#include <QRgb>
#include <cstdint>

namespace ls::ui {

class GridPalette {
public:
  bool colorBlindSafe = false;
  bool highContrast = false;
  double fontScale = 1.0;

  QRgb categorical(uint64_t index, uint64_t count) const;
  // How many values categorical() tells apart: the base hues, lighter, then
  // darker (30 Tableau, 21 Okabe-Ito). Beyond that the hues are golden-ratio
  // steps that neighbouring cells tell apart but a reader cannot match to a
  // legend entry, so the cell label carries the value instead.
  uint64_t distinctColors() const { return colorBlindSafe ? 21 : 30; }
  QRgb sequential(double t) const;
  static QRgb textOn(QRgb background);

  // Colours of the chrome.
  QColor background() const { return highContrast ? Qt::white : QColor(250, 250, 250); }
  QColor foreground() const { return highContrast ? Qt::black : QColor(40, 40, 40); }
  QColor gridLine() const { return highContrast ? QColor(0, 0, 0, 110) : QColor(0, 0, 0, 40); }
  QColor ownerEdge() const { return highContrast ? Qt::black : QColor(20, 20, 20, 200); }
  QColor highlight() const { return highContrast ? QColor(0, 0, 0) : QColor(20, 20, 20); }
  QColor hover() const { return highContrast ? QColor(0, 90, 255) : QColor(0, 110, 255); }
  // Cells outside a highlight are washed toward this colour.
  QColor dimmed() const { return QColor(255, 255, 255); }
  double dimAmount() const { return highContrast ? 0.8 : 0.72; }

  QFont font(double pointSize, bool bold = false) const;
  QFont monoFont(double pointSize) const;

  static QRgb mix(QRgb a, QRgb b, double t);
};

} // namespace ls::ui
