// BasisMatrixView: the layout as its GF(2) matrix.
//
// One row per hardware bit (register 0, 1, ..., then lane, warp and block
// bits -- offset and block for shared layouts), one column per bit of a
// tensor coordinate (dim0 bit 0, bit 1, ..., then dim1 ...). A filled cell
// means that setting the row's hardware bit flips that coordinate bit; the
// row is therefore the basis vector L(2^i) written in binary, and its value
// is printed at the end of the row. All-zero rows are broadcast bits
// (replication). Hovering a row asks the grid view to highlight the
// elements that bit moves. A title above says what the matrix is and a key
// below what a filled and an empty cell and the row's end mean, so a
// screenshot of the panel explains itself.
#pragma once

#include <QWidget>
#include <optional>

#include "grid/grid_highlight.h"
#include "grid/layout_result.h"

namespace ls::ui {

class BasisMatrixView : public QWidget {
  Q_OBJECT
public:
  explicit BasisMatrixView(QWidget *parent = nullptr);

  void setResult(LayoutResultPtr result);
  const LayoutResultPtr &result() const { return result_; }
  void setFontScale(double s);

  int rowCount() const { return static_cast<int>(rows_.size()); }
  int columnCount() const { return static_cast<int>(cols_.size()); }
  // The matrix entry (row = location bit, column as drawn).
  bool entry(int row, int col) const;
  // "lane 2" for a row.
  QString rowName(int row) const;
  // The highlight a hovered row shows in the grid view: the cells whose owner
  // has the bit set, and an arrow from L(0) to L(2^bit).
  static GridHighlight highlightFor(const LayoutResult &r, int locationBit);

  // The step of a step-through: the location bits it fixes (mask) and their
  // values. Rows of a fixed bit that is 1 are filled in the step colour,
  // rows fixed at 0 are tinted, so the basis view reads "lane 5 = lane bits
  // 0 and 2". nullopt: no step.
  void setStep(std::optional<std::pair<uint64_t, uint64_t>> maskValue);
  // Whether location bit `row` is set in the shown step (false: not set or
  // not fixed by it).
  bool stepBitSet(int row) const;
  static QColor stepColor() { return QColor(255, 196, 0); }

  // The title line drawn above the matrix, and the key's two entries below
  // it: their swatches (0: a filled cell, 1: an empty one) and texts.
  QString titleText() const;
  QRectF keySwatch(int i) const;
  QString keyText(int i) const;
  // Where cell (row, col) is drawn (its fill, inside the grid lines).
  QRectF cellRect(int row, int col) const;
  // The colour a filled cell of `row` is drawn in (its group's ink).
  QColor inkOf(int row) const;

  QSize sizeHint() const override;

signals:
  void basisHovered(int locationBit);
  void basisLeft();

protected:
  void paintEvent(QPaintEvent *e) override;
  void mouseMoveEvent(QMouseEvent *e) override;
  void leaveEvent(QEvent *e) override;

private:
  struct Row {
    QString dim;
    int bit = 0;
    uint64_t element = 0; // L(2^bit) packed
    QString vector;       // "(0, 4)"
  };
  struct Col {
    int dim = 0;
    int bit = 0;
    int elemBit = 0; // bit position in the packed element index
  };
  int rowAt(QPointF p) const;
  double cell() const { return 16 * fontScale_; }
  double leftMargin() const { return 70 * fontScale_; }
  double titleHeight() const { return 18 * fontScale_; }
  double topMargin() const { return titleHeight() + 34 * fontScale_; }
  double keyTop() const;

  LayoutResultPtr result_;
  std::vector<Row> rows_;
  std::vector<Col> cols_;
  int hoverRow_ = -1;
  std::optional<std::pair<uint64_t, uint64_t>> step_;
  double fontScale_ = 1.0;
};

} // namespace ls::ui
