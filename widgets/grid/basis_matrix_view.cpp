#include "grid/basis_matrix_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <bit>

#include "grid/grid_palette.h"

namespace ls::ui {

BasisMatrixView::BasisMatrixView(QWidget *parent) : QWidget(parent) {
  setMouseTracking(true);
}

void BasisMatrixView::setFontScale(double s) {
  fontScale_ = s;
  updateGeometry();
  update();
}

void BasisMatrixView::setResult(LayoutResultPtr result) {
  result_ = std::move(result);
  rows_.clear();
  cols_.clear();
  hoverRow_ = -1;
  if (result_ && result_->ownership) {
    const ls::Ownership &own = *result_->ownership;
    for (size_t i = 0; i < own.inDims().size(); ++i)
      for (int b = 0; b < own.inBits()[i]; ++b) {
        Row r;
        r.dim = QString::fromStdString(own.inDims()[i]);
        r.bit = b;
        rows_.push_back(r);
      }
    for (size_t loc = 0; loc < rows_.size(); ++loc) {
      rows_[loc].element = own.elementAt(uint64_t{1} << loc);
      const auto c = own.unpackElement(rows_[loc].element);
      QStringList parts;
      for (int64_t v : c)
        parts << QString::number(v);
      rows_[loc].vector = QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
    }
    // Element bit positions per dim: dim0 is the most significant field.
    const auto &shape = own.shape();
    int shift = 0;
    std::vector<int> dimShift(shape.size());
    for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
      dimShift[d] = shift;
      shift += std::countr_zero(static_cast<uint64_t>(shape[d]));
    }
    for (size_t d = 0; d < shape.size(); ++d)
      for (int b = 0; b < std::countr_zero(static_cast<uint64_t>(shape[d])); ++b)
        cols_.push_back({static_cast<int>(d), b, dimShift[d] + b});
  }
  updateGeometry();
  update();
}

void BasisMatrixView::setStep(std::optional<std::pair<uint64_t, uint64_t>> maskValue) {
  if (maskValue == step_)
    return;
  step_ = maskValue;
  update();
}

bool BasisMatrixView::stepBitSet(int row) const {
  if (!step_ || row < 0 || row >= 64)
    return false;
  const uint64_t bit = uint64_t{1} << row;
  return (step_->first & bit) && (step_->second & bit);
}

bool BasisMatrixView::entry(int row, int col) const {
  return (rows_[row].element >> cols_[col].elemBit) & 1;
}

QString BasisMatrixView::rowName(int row) const {
  return QStringLiteral("%1 %2").arg(rows_[row].dim).arg(rows_[row].bit);
}

GridHighlight BasisMatrixView::highlightFor(const LayoutResult &r, int bit) {
  GridHighlight h;
  h.mode = GridHighlight::Mode::LocationBit;
  h.bit = bit;
  const uint64_t to = r.ownership->elementAt(uint64_t{1} << bit);
  h.arrow = std::make_pair(uint64_t{0}, to);
  if (to == 0)
    h.caption = QStringLiteral("This bit is a broadcast: it moves no element (replication)");
  else
    h.caption = QStringLiteral("Cells whose owner has this bit set; the arrow is L(2^bit)");
  return h;
}

namespace {
const QColor kGroupInk[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b),
                            QColor(0x59, 0xa1, 0x4f), QColor(0xb0, 0x7a, 0xa1),
                            QColor(0x9c, 0x75, 0x5f)};
} // namespace

QString BasisMatrixView::titleText() const {
  return tr("Basis matrix over GF(2): which bits of a tensor coordinate each hardware bit flips");
}

QString BasisMatrixView::keyText(int i) const {
  return i == 0 ? tr("1: setting the row's bit flips this coordinate bit")
                : tr("0: it does not. At the row's end: its vector L(2^bit) in elements "
                     "('broadcast' if it moves none)");
}

double BasisMatrixView::keyTop() const {
  return topMargin() + cell() * static_cast<double>(rows_.size()) + 10 * fontScale_;
}

QRectF BasisMatrixView::keySwatch(int i) const {
  const double c = cell();
  return QRectF(leftMargin() + 1, keyTop() + i * (c + 2 * fontScale_) + 1, c - 2, c - 2);
}

QRectF BasisMatrixView::cellRect(int row, int col) const {
  const double c = cell();
  return QRectF(leftMargin() + col * c + 1, topMargin() + row * c + 1, c - 2, c - 2);
}

QColor BasisMatrixView::inkOf(int row) const {
  int group = 0;
  for (int i = 1; i <= row && i < static_cast<int>(rows_.size()); ++i)
    group += rows_[i].dim != rows_[i - 1].dim;
  return kGroupInk[group % 5];
}

QSize BasisMatrixView::sizeHint() const {
  GridPalette pal;
  pal.fontScale = fontScale_;
  const QFontMetricsF title(pal.font(8, true)), small(pal.font(7));
  double w = leftMargin() + cell() * (cols_.size() + 1) + 90 * fontScale_;
  w = std::max(w, title.horizontalAdvance(titleText()) + 8);
  for (int i = 0; i < 2; ++i)
    w = std::max(w, leftMargin() + cell() + 6 * fontScale_ + small.horizontalAdvance(keyText(i)) + 8);
  const double keyHeight = rows_.empty() ? 0 : 2 * (cell() + 2 * fontScale_) + 10 * fontScale_;
  return QSize(static_cast<int>(w),
               static_cast<int>(topMargin() + cell() * (rows_.size() + 1) + keyHeight));
}

int BasisMatrixView::rowAt(QPointF p) const {
  const double y = p.y() - topMargin();
  if (y < 0)
    return -1;
  const int r = static_cast<int>(y / cell());
  return r < static_cast<int>(rows_.size()) ? r : -1;
}

void BasisMatrixView::paintEvent(QPaintEvent *) {
  QPainter p(this);
  GridPalette pal;
  pal.fontScale = fontScale_;
  p.fillRect(rect(), palette().base());
  p.setPen(palette().text().color());
  if (rows_.empty()) {
    p.drawText(rect(), Qt::AlignCenter, tr("No layout"));
    return;
  }
  const double c = cell(), left = leftMargin(), top = topMargin();
  p.setFont(pal.font(8, true));
  p.drawText(QRectF(4, 2 * fontScale_, width() - 8, titleHeight()), Qt::AlignLeft | Qt::AlignVCenter,
             titleText());
  const QFont small = pal.font(7);
  p.setFont(small);
  // Column header: the dim above its group, the bit number above each column.
  for (size_t j = 0; j < cols_.size(); ++j) {
    const double x = left + j * c;
    if (j == 0 || cols_[j].dim != cols_[j - 1].dim)
      p.drawText(QPointF(x, top - 18 * fontScale_), QStringLiteral("dim%1").arg(cols_[j].dim));
    p.drawText(QRectF(x, top - 14 * fontScale_, c, 12 * fontScale_), Qt::AlignCenter,
               QString::number(cols_[j].bit));
  }
  int group = -1;
  for (size_t i = 0; i < rows_.size(); ++i) {
    const double y = top + i * c;
    if (i == 0 || rows_[i].dim != rows_[i - 1].dim)
      ++group;
    const QColor ink = kGroupInk[group % 5];
    if (step_ && i < 64 && (step_->first >> i) & 1) {
      // The step's bits: set ones in the step colour, cleared ones tinted.
      p.fillRect(QRectF(0, y, left - 2, c),
                 stepBitSet(static_cast<int>(i)) ? stepColor() : QColor(0, 0, 0, 22));
      if (stepBitSet(static_cast<int>(i)))
        p.fillRect(QRectF(left + cols_.size() * c + 2, y + 1, 4, c - 2), stepColor());
    }
    if (static_cast<int>(i) == hoverRow_)
      p.fillRect(QRectF(0, y, width(), c), QColor(0, 110, 255, 40));
    p.setPen(ink);
    p.drawText(QRectF(2, y, left - 6, c), Qt::AlignRight | Qt::AlignVCenter,
               rowName(static_cast<int>(i)));
    for (size_t j = 0; j < cols_.size(); ++j) {
      const QRectF cr = cellRect(static_cast<int>(i), static_cast<int>(j));
      if (entry(static_cast<int>(i), static_cast<int>(j)))
        p.fillRect(cr, ink);
      else
        p.fillRect(cr, QColor(0, 0, 0, 18));
    }
    p.setPen(rows_[i].element == 0 ? QColor(150, 150, 150) : palette().text().color());
    p.drawText(QRectF(left + cols_.size() * c + 6, y, 200, c), Qt::AlignLeft | Qt::AlignVCenter,
               rows_[i].element == 0 ? rows_[i].vector + tr(" broadcast") : rows_[i].vector);
  }
  // Separators between dims.
  p.setPen(QPen(QColor(0, 0, 0, 90), 1));
  for (size_t j = 1; j < cols_.size(); ++j)
    if (cols_[j].dim != cols_[j - 1].dim)
      p.drawLine(QPointF(left + j * c, top), QPointF(left + j * c, top + rows_.size() * c));
  // Key: a filled and an empty cell, drawn as the matrix draws them.
  p.setFont(small);
  for (int i = 0; i < 2; ++i) {
    const QRectF sw = keySwatch(i);
    p.fillRect(sw, i == 0 ? kGroupInk[0] : QColor(0, 0, 0, 18));
    p.setPen(palette().text().color());
    p.drawText(QRectF(sw.right() + 6 * fontScale_, sw.top() - 1, width() - sw.right(), c),
               Qt::AlignLeft | Qt::AlignVCenter, keyText(i));
  }
}

void BasisMatrixView::mouseMoveEvent(QMouseEvent *e) {
  const int r = rowAt(e->position());
  if (r == hoverRow_)
    return;
  hoverRow_ = r;
  update();
  if (r >= 0)
    emit basisHovered(r);
  else
    emit basisLeft();
}

void BasisMatrixView::leaveEvent(QEvent *) {
  if (hoverRow_ >= 0) {
    hoverRow_ = -1;
    update();
    emit basisLeft();
  }
}

} // namespace ls::ui
