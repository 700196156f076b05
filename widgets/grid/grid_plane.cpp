#include "grid/grid_plane.h"
#include "grid/grid_labels.h"

#include <algorithm>
#include <bit>

#include "analysis/ownership/ownership_batch.h"
#include "encodings/padded_shared.h"
#include "util/bits.h"

namespace ls::ui {

QString colorByName(ColorBy c) {
  switch (c) {
  case ColorBy::Thread:
    return QStringLiteral("Thread");
  case ColorBy::Warp:
    return QStringLiteral("Warp");
  case ColorBy::Lane:
    return QStringLiteral("Lane");
  case ColorBy::Register:
    return QStringLiteral("Register");
  case ColorBy::Block:
    return QStringLiteral("Block (CTA)");
  case ColorBy::Offset:
    return QStringLiteral("Offset");
  case ColorBy::Bank:
    return QStringLiteral("Bank");
  case ColorBy::Element:
    return QStringLiteral("Element row");
  }
  return {};
}

QString colorById(ColorBy c) {
  return colorByName(c).section(' ', 0, 0).toLower();
}

ColorBy colorByFromId(const QString &id, ColorBy fallback) {
  for (ColorBy c : {ColorBy::Thread, ColorBy::Warp, ColorBy::Lane, ColorBy::Register,
                    ColorBy::Block, ColorBy::Offset, ColorBy::Bank, ColorBy::Element})
    if (colorById(c) == id)
      return c;
  return fallback;
}

GridPlane::GridPlane(LayoutResultPtr result, PlaneKind kind, std::vector<int64_t> outer)
    : result_(std::move(result)), kind_(kind), fields_(*result_->ownership) {
  const ls::Ownership &own = *result_->ownership;
  const auto &shape = own.shape();
  const int rank = own.rank();
  const int nOuter = std::max(0, rank - 2);
  outer.resize(static_cast<size_t>(nOuter), 0);
  for (int d = 0; d < nOuter; ++d)
    outer[d] = std::clamp<int64_t>(outer[d], 0, shape[d] - 1);
  outer_ = std::move(outer);

  colDim_ = rank - 1;
  rowDim_ = rank >= 2 ? rank - 2 : -1;
  auto shiftOf = [&](int d) {
    if (d < 0 || shape[d] <= 1)
      return 0;
    std::vector<int64_t> unit(rank, 0);
    unit[d] = 1;
    return std::countr_zero(own.packElement(unit));
  };
  rowShift_ = shiftOf(rowDim_);
  colShift_ = shiftOf(colDim_);
  std::vector<int64_t> base(rank, 0);
  for (int d = 0; d < nOuter; ++d)
    base[d] = outer_[d];
  outerElem_ = own.packElement(base);

  if (kind_ == PlaneKind::Tensor) {
    rows_ = rowDim_ >= 0 ? shape[rowDim_] : 1;
    cols_ = shape[colDim_];
    // A long 1-D tensor (a softmax row, a reduction's result) folds into
    // rows of 2^ceil(n/2) elements (at least 16): 1024 elements are 32 x 32
    // cells, not one row a pixel tall. The element stays linear in the
    // row and column bits (row bits above the column's).
    if (rowDim_ < 0 && cols_ > 64 && std::has_single_bit(static_cast<uint64_t>(cols_))) {
      const int n = std::countr_zero(static_cast<uint64_t>(cols_));
      foldBits_ = std::max(4, (n + 1) / 2);
      rows_ = cols_ >> foldBits_;
      cols_ = int64_t{1} << foldBits_;
    }
  } else if (!fields_.shared) {
    cols_ = fields_.lane.size();
    rows_ = own.numLocations() / cols_;
  } else {
    // 32 banks x 32 bits = 1024 bits per memory row.
    const int elemBits = std::max(1, result_->elementBits);
    memColBits_ = std::min(log2Floor(static_cast<uint64_t>(std::max(1, 1024 / elemBits))),
                           fields_.offset.bits);
    cols_ = int64_t{1} << memColBits_;
    rows_ = own.numLocations() / cols_;
  }
  if (!fields_.shared && !result_->isTensorMemory()) {
    const ls::Encoding *enc =
        result_->distributed ? result_->distributed.get() : result_->encoding.get();
    if (enc)
      fragment_ = ls::mmaFragment(*enc, own.layout(), result_->elementBits);
  }
}

uint64_t GridPlane::rowPart(int64_t row) const {
  if (kind_ == PlaneKind::Tensor)
    return outerElem_ | (static_cast<uint64_t>(row) << (foldBits_ ? colShift_ + foldBits_
                                                                   : rowShift_));
  if (fields_.shared)
    return static_cast<uint64_t>(row) << memColBits_;
  const uint64_t r = static_cast<uint64_t>(row);
  return fields_.reg.place(r) | fields_.warp.place(r >> fields_.reg.bits) |
         fields_.block.place(r >> (fields_.reg.bits + fields_.warp.bits));
}

uint64_t GridPlane::colPart(int64_t col) const {
  if (kind_ == PlaneKind::Tensor)
    return static_cast<uint64_t>(col) << colShift_;
  if (fields_.shared)
    return static_cast<uint64_t>(col);
  return fields_.lane.place(static_cast<uint64_t>(col));
}

uint64_t GridPlane::locationOf(Cell c) const {
  if (kind_ == PlaneKind::Tensor)
    return ownership().firstOwner(rowPart(c.row) | colPart(c.col));
  return rowPart(c.row) | colPart(c.col);
}

uint64_t GridPlane::elementOf(Cell c) const {
  if (kind_ == PlaneKind::Tensor)
    return rowPart(c.row) | colPart(c.col);
  return ownership().elementAt(rowPart(c.row) | colPart(c.col));
}

void GridPlane::sample(std::span<const int64_t> rows, std::span<const int64_t> cols,
                       std::vector<uint64_t> &loc, std::vector<uint64_t> &elem) const {
  std::vector<uint64_t> rp(rows.size()), cp(cols.size());
  for (size_t i = 0; i < rows.size(); ++i)
    rp[i] = rowPart(rows[i]);
  for (size_t j = 0; j < cols.size(); ++j)
    cp[j] = colPart(cols[j]);
  // The "other" side of each cell, by the same xor: parts are disjoint bits.
  auto combine = [&](std::vector<uint64_t> &out) {
    out.resize(rows.size() * cols.size());
    for (size_t i = 0; i < rows.size(); ++i)
      for (size_t j = 0; j < cols.size(); ++j)
        out[i * cols.size() + j] = rp[i] | cp[j];
  };
  if (kind_ == PlaneKind::Tensor) {
    ls::firstOwnersOnGrid(ownership(), rp, cp, loc);
    combine(elem);
  } else {
    ls::elementsOnGrid(ownership(), rp, cp, elem);
    combine(loc);
  }
}

std::vector<ColorBy> GridPlane::colorModes() const {
  if (kind_ == PlaneKind::Hardware)
    return {ColorBy::Element};
  if (fields_.shared) {
    std::vector<ColorBy> m = {ColorBy::Offset, ColorBy::Bank};
    if (fields_.block.bits > 0)
      m.push_back(ColorBy::Block);
    return m;
  }
  return {ColorBy::Warp, ColorBy::Thread, ColorBy::Lane, ColorBy::Register, ColorBy::Block};
}

uint64_t GridPlane::colorKey(ColorBy mode, uint64_t loc, uint64_t elem) const {
  switch (mode) {
  case ColorBy::Thread:
    return static_cast<uint64_t>(fields_.thread(loc));
  case ColorBy::Warp:
    return fields_.warp.of(loc);
  case ColorBy::Lane:
    return fields_.lane.of(loc);
  case ColorBy::Register:
    return fields_.reg.of(loc);
  case ColorBy::Block:
    return fields_.block.of(loc);
  case ColorBy::Offset:
    return fields_.offset.of(loc);
  case ColorBy::Bank:
    return static_cast<uint64_t>(bankOf(loc));
  case ColorBy::Element: {
    const auto &shape = ownership().shape();
    const int d = rowDim_ >= 0 ? rowDim_ : colDim_;
    const int shift = d == rowDim_ ? rowShift_ : colShift_;
    return (elem >> shift) & static_cast<uint64_t>(shape[d] - 1);
  }
  }
  return 0;
}

uint64_t GridPlane::colorKeyCount(ColorBy mode) const {
  switch (mode) {
  case ColorBy::Thread:
    return uint64_t{1} << (fields_.lane.bits + fields_.warp.bits);
  case ColorBy::Warp:
    return fields_.warp.size();
  case ColorBy::Lane:
    return fields_.lane.size();
  case ColorBy::Register:
    return fields_.reg.size();
  case ColorBy::Block:
    return fields_.block.size();
  case ColorBy::Offset:
    return fields_.offset.size();
  case ColorBy::Bank:
    return 32;
  case ColorBy::Element: {
    const auto &shape = ownership().shape();
    return static_cast<uint64_t>(shape[rowDim_ >= 0 ? rowDim_ : colDim_]);
  }
  }
  return 1;
}

QString GridPlane::colorKeyName(ColorBy mode, uint64_t key) const {
  switch (mode) {
  case ColorBy::Thread:
    return QStringLiteral("T%1").arg(key);
  case ColorBy::Warp:
    return QStringLiteral("warp %1").arg(key);
  case ColorBy::Lane:
    return QStringLiteral("lane %1").arg(key);
  case ColorBy::Register:
    return QStringLiteral("register %1").arg(key);
  case ColorBy::Block:
    return QStringLiteral("block %1").arg(key);
  case ColorBy::Offset:
    return QStringLiteral("offset %1").arg(key);
  case ColorBy::Bank:
    return QStringLiteral("bank %1").arg(key);
  case ColorBy::Element:
    return QStringLiteral("dim%1 = %2").arg(rowDim_ >= 0 ? rowDim_ : colDim_).arg(key);
  }
  return {};
}

bool GridPlane::edgeBetween(uint64_t aLoc, uint64_t aElem, uint64_t bLoc, uint64_t bElem,
                            bool bIsRight) const {
  if (aLoc == ls::kNoOwner || bLoc == ls::kNoOwner)
    return aLoc != bLoc;
  if (kind_ == PlaneKind::Tensor) {
    if (!fields_.shared)
      return (aLoc & fields_.threadMask()) != (bLoc & fields_.threadMask());
    return bIsRight && fields_.offset.of(bLoc) != fields_.offset.of(aLoc) + 1;
  }
  if (fields_.shared)
    return fields_.block.of(aLoc) != fields_.block.of(bLoc);
  return !bIsRight && (aLoc & fields_.warpMask()) != (bLoc & fields_.warpMask());
}

QString GridPlane::coordText(uint64_t elem) const {
  const auto c = ownership().unpackElement(elem);
  QStringList parts;
  for (int64_t v : c)
    parts << QString::number(v);
  return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

QString GridPlane::coordBinary(uint64_t elem) const {
  const auto c = ownership().unpackElement(elem);
  const auto &shape = ownership().shape();
  QStringList parts;
  for (size_t d = 0; d < c.size(); ++d) {
    const int bits = std::max(1, log2Floor(static_cast<uint64_t>(shape[d])));
    parts << QStringLiteral("0b") + QString::number(c[d], 2).rightJustified(bits, QLatin1Char('0'));
  }
  return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

LabelMode GridPlane::effectiveLabelMode(LabelMode mode) const {
  if (kind_ == PlaneKind::Hardware || fields_.shared)
    return LabelMode::ThreadRegister;
  if (mode == LabelMode::Fragment && !fragment_.valid())
    return LabelMode::ThreadRegister;
  return mode;
}

bool GridPlane::labelCarries(LabelMode mode, ColorBy colour) const {
  if (kind_ == PlaneKind::Hardware || fields_.shared)
    return true; // these labels are not owner labels; colours there are few or sequential
  const bool oneWarp = fields_.warp.bits == 0 && fields_.block.bits == 0;
  switch (effectiveLabelMode(mode)) {
  case LabelMode::ThreadRegister:
    return colour == ColorBy::Thread || colour == ColorBy::Register ||
           (colour == ColorBy::Lane && oneWarp) || (colour == ColorBy::Block);
  case LabelMode::Lane:
    return colour == ColorBy::Lane || (colour == ColorBy::Thread && oneWarp);
  case LabelMode::Fragment:
    return colour == ColorBy::Thread || (colour == ColorBy::Lane && oneWarp) ||
           colour == ColorBy::Block ||
           (colour == ColorBy::Register && fragment_.registerBits == fields_.reg.bits);
  }
  return false;
}

QString GridPlane::shortKeyName(ColorBy mode, uint64_t key) const {
  switch (mode) {
  case ColorBy::Thread:
    return QStringLiteral("T%1").arg(key);
  case ColorBy::Warp:
    return QStringLiteral("w%1").arg(key);
  case ColorBy::Lane:
    return QStringLiteral("L%1").arg(key);
  case ColorBy::Register:
    return QStringLiteral("r%1").arg(key);
  case ColorBy::Block:
    return QStringLiteral("B%1").arg(key);
  default:
    return QString::number(key);
  }
}

QString GridPlane::cellLabel(uint64_t loc, uint64_t elem, LabelMode mode) const {
  if (kind_ == PlaneKind::Hardware) {
    QString t = coordText(elem);
    return t.mid(1, t.size() - 2).remove(QLatin1Char(' '));
  }
  if (loc == ls::kNoOwner)
    return QStringLiteral("-");
  if (fields_.shared)
    return QString::number(fields_.offset.of(loc));
  switch (effectiveLabelMode(mode)) {
  case LabelMode::ThreadRegister:
    break;
  case LabelMode::Lane: {
    QString s = QStringLiteral("L%1").arg(fields_.lane.of(loc));
    if (fields_.block.bits > 0)
      s.prepend(QStringLiteral("B%1:").arg(fields_.block.of(loc)));
    return s;
  }
  case LabelMode::Fragment: {
    // As the PTX figures: the thread, then the fragment register it holds.
    QString s = QStringLiteral("T%1:").arg(fields_.thread(loc)) +
                QString::fromStdString(fragment_.name(fields_.reg.of(loc)));
    if (fields_.block.bits > 0)
      s.prepend(QStringLiteral("B%1:").arg(fields_.block.of(loc)));
    return s;
  }
  }
  return fields_.ownerLabel(loc);
}

QString GridPlane::widestLabel(LabelMode mode) const {
  const ls::Ownership &own = ownership();
  if (kind_ == PlaneKind::Hardware) {
    std::vector<int64_t> last;
    for (int64_t s : own.shape())
      last.push_back(s - 1);
    return cellLabel(0, own.packElement(last));
  }
  const uint64_t all = static_cast<uint64_t>(own.numLocations() - 1);
  return cellLabel(all, 0, mode);
}

int64_t GridPlane::byteAddressOf(uint64_t loc) const {
  int64_t off = static_cast<int64_t>(fields_.offset.of(loc));
  if (auto *p = dynamic_cast<const ls::PaddedSharedEncoding *>(result_->encoding.get()))
    off = p->paddedOffset(off);
  return off * std::max(1, result_->elementBits) / 8;
}

int64_t GridPlane::bankOf(uint64_t loc) const {
  return (byteAddressOf(loc) / 4) % 32;
}

QString GridPlane::rowAxisTitle() const {
  if (kind_ == PlaneKind::Hardware)
    return fields_.shared ? QStringLiteral("shared memory, 128-byte rows")
                          : QStringLiteral("warp : register");
  if (foldBits_)
    return QStringLiteral("dim0, rows of %1").arg(int64_t{1} << foldBits_);
  if (rowDim_ < 0)
    return QString();
  if (fragment_.valid())
    return QString::fromStdString(fragment_.rowAxis);
  return QStringLiteral("dim%1").arg(rowDim_);
}

QString GridPlane::colAxisTitle() const {
  if (kind_ == PlaneKind::Hardware)
    return fields_.shared ? QStringLiteral("offset within the row") : QStringLiteral("lane");
  if (foldBits_)
    return QStringLiteral("dim0 + column");
  if (fragment_.valid())
    return QString::fromStdString(fragment_.colAxis);
  return QStringLiteral("dim%1").arg(colDim_);
}

QString GridPlane::rowTick(int64_t row) const {
  if (kind_ == PlaneKind::Tensor || fields_.shared) {
    if (kind_ == PlaneKind::Hardware)
      return QString::number(row << memColBits_);
    return QString::number(row << foldBits_); // a folded row: its first element
  }
  const uint64_t loc = rowPart(row);
  QString s = QStringLiteral("w%1:r%2").arg(fields_.warp.of(loc)).arg(fields_.reg.of(loc));
  if (fields_.block.bits > 0)
    s.prepend(QStringLiteral("b%1:").arg(fields_.block.of(loc)));
  return s;
}

QString GridPlane::colTick(int64_t col) const {
  return QString::number(col);
}

std::optional<Cell> GridPlane::cellOfElement(uint64_t elem) const {
  const ls::Ownership &own = ownership();
  const auto c = own.unpackElement(elem);
  const int rank = own.rank();
  for (int d = 0; d + 2 < rank; ++d)
    if (c[size_t(d)] != outer_[size_t(d)])
      return std::nullopt;
  if (foldBits_)
    return Cell{c[0] >> foldBits_, c[0] & ((int64_t{1} << foldBits_) - 1)};
  return Cell{rank >= 2 ? c[size_t(rank - 2)] : 0, c[size_t(rank - 1)]};
}

QString GridPlane::describe(Cell c) const {
  if (c.row < 0 || c.col < 0 || c.row >= rows_ || c.col >= cols_)
    return {};
  const ls::Ownership &own = ownership();
  const uint64_t elem = elementOf(c);
  const QString coords = QStringLiteral("element %1 = %2").arg(coordText(elem), coordBinary(elem));
  if (kind_ == PlaneKind::Hardware) {
    const uint64_t loc = rowPart(c.row) | colPart(c.col);
    QString s = fields_.ownerDescription(loc) + QStringLiteral(" (") + fields_.ownerLabel(loc) +
                QStringLiteral(")\nholds ") + coords;
    if (fields_.shared)
      s += QStringLiteral("\nbyte %1, bank %2").arg(byteAddressOf(loc)).arg(bankOf(loc));
    return s;
  }
  const std::vector<uint64_t> owners = own.ownersOf(elem);
  QString s = coords;
  if (owners.empty())
    return s + QStringLiteral("\nno owner (the layout does not reach this element)");
  s += QStringLiteral("\n%1 owner%2:").arg(owners.size()).arg(owners.size() == 1 ? "" : "s");
  const size_t shown = std::min<size_t>(owners.size(), 16);
  for (size_t i = 0; i < shown; ++i) {
    s += QStringLiteral("\n  ") + fields_.ownerLabel(owners[i]) + QStringLiteral("  ") +
         fields_.ownerDescription(owners[i]);
    if (fields_.shared)
      s +=
          QStringLiteral(", byte %1, bank %2").arg(byteAddressOf(owners[i])).arg(bankOf(owners[i]));
  }
  if (shown < owners.size())
    s += QStringLiteral("\n  ... and %1 more").arg(owners.size() - shown);
  return s;
}

} // namespace ls::ui

namespace ls::ui {

QString labelModeId(LabelMode m) {
  switch (m) {
  case LabelMode::ThreadRegister:
    return QStringLiteral("thread");
  case LabelMode::Lane:
    return QStringLiteral("lane");
  case LabelMode::Fragment:
    return QStringLiteral("fragment");
  }
  return {};
}

LabelMode labelModeFromId(const QString &id, LabelMode fallback) {
  for (LabelMode m : {LabelMode::ThreadRegister, LabelMode::Lane, LabelMode::Fragment})
    if (labelModeId(m) == id)
      return m;
  return fallback;
}

QString labelModeName(LabelMode m) {
  switch (m) {
  case LabelMode::ThreadRegister:
    return QStringLiteral("Thread:Register (T5:3)");
  case LabelMode::Lane:
    return QStringLiteral("Lane Only (L5)");
  case LabelMode::Fragment:
    return QStringLiteral("MMA Fragment Registers (T5:c2)");
  }
  return {};
}

} // namespace ls::ui
