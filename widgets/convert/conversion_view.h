// ConversionView: a convert_layout made visible, one warp at a time.
//
// Left, the source layout's registers of one warp (rows = lanes, columns =
// registers); right, the destination's. Every destination register is painted
// in the colour of the source lane it receives its value from, so a warp
// shuffle shows up as colours changing rows, a register permutation as
// colours moving along a row, and a conversion through shared memory as
// colours arriving from another warp (labelled "w<warp>"). In scope mode the
// colour says instead how far the value travels: same thread, same warp
// (shuffle), another warp (shared memory), another CTA.
//
// Clicking a source lane (or a destination register) selects a source lane:
// its registers are outlined and an arrow goes from each of them to every
// destination register it feeds in the shown warp. The header states the
// conversion's class and cost as core computed them; under it a legend says
// what rows, columns and colours mean (every source lane's colour, or the
// four scopes). A cell's tooltip names the move and the conversion's class
// as core classifies it (no-op, register permutation, warp shuffle, through
// shared memory, across CTAs): a value that only changes lane still goes
// through shared memory when the conversion does.
//
// The view takes core values (LayoutConversion, ConversionCost) and draws; it
// computes no layout itself. Painting visits only the exposed cells, labels
// vanish when a cell is narrower than six characters, and arrows are capped.
#pragma once

#include <memory>
#include <vector>

#include <QColor>
#include <QStringList>
#include <QWidget>

#include "analysis/convert/layout_conversion.h"
#include "convert/conversion_view_geometry.h"

namespace ls::ui {

class ConversionView : public QWidget {
  Q_OBJECT
public:
  enum class ColorMode { SourceLane, Scope };

  explicit ConversionView(QWidget *parent = nullptr);

  // Shows `conversion` (block 0, warp 0 first). Titles label the two panels,
  // usually the attribute texts.
  void setConversion(std::shared_ptr<const LayoutConversion> conversion, const ConversionCost &cost,
                     const QString &sourceTitle, const QString &destinationTitle);
  void clear();
  bool hasConversion() const { return conversion_ != nullptr; }
  // The machine the cost assumes ("sm90", "gfx942"), named in the header's
  // first line; "" names none. Takes effect at the next setConversion.
  void setTarget(const QString &target) { target_ = target; }
  QString target() const { return target_; }

  // The warp shown in both panels; clamped to the layout's warps.
  void setWarp(int warp);
  int warp() const { return warp_; }
  // Source lane whose registers are traced; -1 for none.
  void setSelectedLane(int lane);
  int selectedLane() const { return selectedLane_; }
  void setColorMode(ColorMode mode);
  ColorMode colorMode() const { return mode_; }

  // Class and cost, one line each, as the header shows them.
  const QStringList &headerLines() const { return header_; }
  // The legend's text lines (rows and columns; what the colours mean).
  QStringList legendLines() const;
  // Where the legend paints its swatch for lane `i` (source-lane colours) or
  // for MoveScope `i` (scope colours); empty if not painted.
  QRectF legendSwatchRect(int i) const;
  // The conversion's class in words: "through shared memory: ...".
  static QString kindDescription(ConversionKind kind);
  // The moves into the shown warp, lane-major (what the right panel draws).
  const std::vector<RegisterMove> &shownMoves() const { return moves_; }
  // Destination registers of the shown warp fed by the selected source lane.
  std::vector<RegisterMove> selectedMoves() const;

  ConversionViewGeometry cellGeometry() const;
  // The tooltip shown at a point (built on demand): the move into a
  // destination register, or what a source register feeds.
  QString toolTipAt(QPointF p) const;
  // Fill colour of a cell as painted (for tests and legends).
  QColor sourceCellColor(int lane, int reg) const;
  QColor destinationCellColor(int lane, int reg) const;

  static QColor laneColor(int lane, int lanes);
  // The dark corner of a destination cell whose value comes from another
  // warp (or CTA) than the one shown, and where in the cell it is drawn
  // (its top-right triangle, the half of this square above the diagonal).
  static QColor otherWarpColor() { return QColor(25, 25, 25); }
  static QRectF otherWarpMark(const QRectF &cell);
  static QColor scopeColor(MoveScope scope);
  static QString scopeDescription(MoveScope scope);
  // "16384 bytes of shared memory, 1 rep, ..." for a cost.
  static QStringList describeCost(const LayoutConversion &conversion, const ConversionCost &cost);

  QSize sizeHint() const override { return {960, 640}; }
  QSize minimumSizeHint() const override { return {320, 200}; }

signals:
  void laneSelected(int lane);
  void warpChanged(int warp);

protected:
  void paintEvent(QPaintEvent *event) override;
  void mousePressEvent(QMouseEvent *event) override;
  bool event(QEvent *event) override;

private:
  qreal headerHeight() const;
  qreal legendTop() const;
  // The swatches' row: its top, and the label text before it.
  qreal swatchTop() const;
  QString swatchLabel() const;
  void loadMoves();
  bool hasMove(int lane, int reg) const;
  void paintPanel(QPainter &p, const ConversionViewGeometry &g, ConversionViewGeometry::Panel panel,
                  const QRectF &exposed) const;
  void paintArrows(QPainter &p, const ConversionViewGeometry &g) const;

  std::shared_ptr<const LayoutConversion> conversion_;
  ConversionKind kind_ = ConversionKind::NoOp;
  std::vector<RegisterMove> moves_;
  QStringList header_;
  QString sourceTitle_, destinationTitle_;
  QString target_;
  int warp_ = 0;
  int selectedLane_ = -1;
  ColorMode mode_ = ColorMode::SourceLane;
};

} // namespace ls::ui
