// GridPlane: a layout seen as a 2-D grid of cells, the model behind the grid
// view.
//
// Tensor view: one cell per tensor element. Rows walk dim r-2 and columns
// dim r-1 (a 1-D tensor is one row); the dims before them are fixed at the
// chosen `outer` coordinates (the slice of a 3-D or larger tensor). A cell's
// colour and label come from its first owner.
//
// Hardware view: one cell per hardware location. Distributed layouts: columns
// are lanes, rows are (block, warp, register) with the register fastest --
// the same order as Triton's hardware view -- so a row reads "what register
// r of every lane of warp w holds". Shared layouts: memory as rows of 128
// bytes (the 32 four-byte banks), so a column is a bank position.
//
// Every cell is a pair (location, element). Both are linear in the row and
// column bits, so a window of cells is filled by ownership_batch's one-xor-
// per-cell queries; see core/analysis/ownership_batch.h.
#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "analysis/ownership/mma_fragment.h"
#include "grid/grid_geometry.h"
#include "grid/grid_labels.h"
#include "grid/layout_result.h"
#include "grid/location_fields.h"

namespace ls::ui {

enum class ColorBy { Thread, Warp, Lane, Register, Block, Offset, Bank, Element };
enum class PlaneKind { Tensor, Hardware };

QString colorByName(ColorBy c);
// Stable identifiers for files and settings ("thread", "warp", ...).
QString colorById(ColorBy c);
ColorBy colorByFromId(const QString &id, ColorBy fallback);

class GridPlane {
public:
  // Requires: result with an ownership; outer has one entry per dim before
  // the last two (extra or missing entries are treated as 0, values clamped).
  GridPlane(LayoutResultPtr result, PlaneKind kind, std::vector<int64_t> outer = {});

  const LayoutResult &result() const { return *result_; }
  const LayoutResultPtr &resultPtr() const { return result_; }
  const ls::Ownership &ownership() const { return *result_->ownership; }
  const LocationFields &fields() const { return fields_; }
  PlaneKind kind() const { return kind_; }
  bool isShared() const { return fields_.shared; }
  const std::vector<int64_t> &outer() const { return outer_; }

  int64_t rows() const { return rows_; }
  int64_t cols() const { return cols_; }
  QString rowAxisTitle() const;
  QString colAxisTitle() const;
  QString rowTick(int64_t row) const;
  QString colTick(int64_t col) const;
  // A 1-D tensor longer than 64 elements is drawn in rows of foldWidth()
  // elements (tensor view); 0 when it is not folded.
  int64_t foldWidth() const { return foldBits_ ? int64_t{1} << foldBits_ : 0; }
  // The cell of a tensor element in this plane (tensor view), or nullopt if
  // it is in another slice.
  std::optional<Cell> cellOfElement(uint64_t elem) const;

  // The location and element of one cell (location kNoOwner if unowned).
  uint64_t locationOf(Cell c) const;
  uint64_t elementOf(Cell c) const;

  // Cells (rows[i], cols[j]) -> loc/elem[i * cols.size() + j].
  void sample(std::span<const int64_t> rows, std::span<const int64_t> cols,
              std::vector<uint64_t> &loc, std::vector<uint64_t> &elem) const;

  // The colour modes that make sense for this plane, the first the default.
  std::vector<ColorBy> colorModes() const;
  bool isSequential(ColorBy mode) const { return mode == ColorBy::Offset; }
  uint64_t colorKey(ColorBy mode, uint64_t loc, uint64_t elem) const;
  uint64_t colorKeyCount(ColorBy mode) const;
  QString colorKeyName(ColorBy mode, uint64_t key) const;

  // Whether the boundary between a and its right (or lower) neighbour b is an
  // ownership edge: another thread (tensor view), a break in consecutive
  // offsets (shared), another warp (hardware rows).
  bool edgeBetween(uint64_t aLoc, uint64_t aElem, uint64_t bLoc, uint64_t bElem,
                   bool bIsRight) const;

  // Short cell label: "T5:3" (distributed tensor view), the offset (shared
  // tensor view), the element "3,17" (hardware view). The distributed tensor
  // view follows `mode`: "T5:3", "L5" (lane), or the thread and its MMA
  // fragment register "T5:c2" (ThreadRegister when the layout is not an MMA
  // layout).
  QString cellLabel(uint64_t loc, uint64_t elem, LabelMode mode = LabelMode::ThreadRegister) const;
  // The longest label a cell can have, for the level-of-detail rule.
  QString widestLabel(LabelMode mode = LabelMode::ThreadRegister) const;
  // The mode cells are labelled in: `mode`, unless it does not apply here
  // (fragment names of a layout that is not an MMA layout, any mode on a
  // shared or hardware view).
  LabelMode effectiveLabelMode(LabelMode mode) const;
  // Whether a label in `mode` already names the `colour` value of its cell.
  bool labelCarries(LabelMode mode, ColorBy colour) const;
  // The colour value in a few characters, "T69", "w2", "L5", "r3", "B1".
  QString shortKeyName(ColorBy mode, uint64_t key) const;

  // MMA fragment naming (invalid for other layouts); the tensor view's axis
  // names follow it: M x N for an accumulator, M x K for A, K x N for B.
  const ls::MmaFragment &fragment() const { return fragment_; }
  // Hover text: coordinates in decimal and binary, and every owner.
  QString describe(Cell c) const;

  // Owners per element (1 = no replication).
  int64_t replication() const { return result_->ownership->replication(); }
  // Bank of the element at a shared location (32 banks of 4 bytes).
  int64_t bankOf(uint64_t loc) const;
  int64_t byteAddressOf(uint64_t loc) const;

  // Tensor coordinates of an element, "(3, 17)", and in binary.
  QString coordText(uint64_t elem) const;
  QString coordBinary(uint64_t elem) const;

private:
  uint64_t rowPart(int64_t row) const;
  uint64_t colPart(int64_t col) const;

  LayoutResultPtr result_;
  PlaneKind kind_;
  LocationFields fields_;
  std::vector<int64_t> outer_;
  int64_t rows_ = 1, cols_ = 1;
  int rowDim_ = -1, colDim_ = 0; // tensor dims on the axes (-1: none)
  int rowShift_ = 0, colShift_ = 0;
  uint64_t outerElem_ = 0;
  int memColBits_ = 0; // shared hardware view: log2 of elements per 128-byte row
  // Tensor view of a long 1-D tensor: its elements in rows of 2^foldBits_
  // (element = row * 2^foldBits_ + col), so that the picture is about square
  // instead of one row of sub-pixel cells. 0: not folded.
  int foldBits_ = 0;
  ls::MmaFragment fragment_;
};

} // namespace ls::ui
