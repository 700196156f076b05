// SectorMatrixView: which lanes of one warp instruction hit which 32-byte
// sectors of global memory.
//
// Rows are lanes, columns the distinct sectors the instruction touches, in
// address order. A filled cell means the lane's vector lies (partly) in that
// sector. A coalesced access is a staircase of short runs covering few
// columns; a strided one is a diagonal over many. Geometry lives in
// SectorMatrixGeometry so tests check cells without painting.
#pragma once

#include <optional>

#include <QColor>
#include <QRectF>
#include <QWidget>

#include "analysis/global/global_access.h"

namespace ls::ui {

struct SectorMatrixGeometry {
  SectorMatrixGeometry(QSizeF size, int lanes, int columns);
  QRectF cellRect(int lane, int column) const;
  QRectF matrixRect() const { return matrix_; }
  struct Hit {
    int lane, column;
  };
  std::optional<Hit> hitTest(QPointF p) const;
  qreal cellWidth() const { return cellW_; }
  qreal cellHeight() const { return cellH_; }

  static constexpr qreal kMargin = 6;
  static constexpr qreal kLaneLabel = 26;   // lane numbers on the left
  static constexpr qreal kSectorLabel = 18; // sector numbers on top
  static constexpr qreal kMaxCell = 24;

private:
  int lanes_, columns_;
  qreal cellW_ = 1, cellH_ = 1;
  QRectF matrix_;
};

class SectorMatrixView : public QWidget {
  Q_OBJECT
public:
  explicit SectorMatrixView(QWidget *parent = nullptr);

  void setInstruction(const GlobalInstruction &instruction);
  void clear();
  const GlobalInstruction &instruction() const { return instr_; }
  bool hasInstruction() const { return !instr_.lanes.empty(); }

  SectorMatrixGeometry cellGeometry() const;
  // Does `lane` touch the sector of `column` (an index into instruction().sectors)?
  bool laneHitsColumn(int lane, int column) const;
  QColor cellColor(int lane, int column) const;

  static QColor hitColor() { return QColor(0x3d, 0x7e, 0xc8); }

  QSize sizeHint() const override { return {420, 360}; }

protected:
  void paintEvent(QPaintEvent *event) override;
  bool event(QEvent *event) override;

private:
  GlobalInstruction instr_;
};

} // namespace ls::ui
