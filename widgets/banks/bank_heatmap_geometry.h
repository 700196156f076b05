// BankHeatmapGeometry: the cell <-> pixel mapping of the bank heatmap, kept
// apart from painting so tests can check it exactly.
//
// Banks run across (column b starts at left + b * cellWidth), wavefronts run
// down (row r starts at top + r * cellHeight). The left margin holds the
// instruction labels, the top margin the bank numbers.
#pragma once

#include <algorithm>
#include <optional>
#include <utility>

namespace ls::ui {

struct BankHeatmapGeometry {
  int rows = 0;
  int banks = 32;
  int cellWidth = 16;
  int cellHeight = 12;
  int left = 36; // instruction labels
  int top = 16;  // bank numbers

  int width() const { return left + banks * cellWidth + 1; }
  int height() const { return top + rows * cellHeight + 1; }
  int xOfBank(int bank) const { return left + bank * cellWidth; }
  int yOfRow(int row) const { return top + row * cellHeight; }

  // The (row, bank) under a pixel, if any.
  std::optional<std::pair<int, int>> cellAt(int x, int y) const {
    if (x < left || y < top)
      return std::nullopt;
    const int bank = (x - left) / cellWidth, row = (y - top) / cellHeight;
    if (bank >= banks || row >= rows)
      return std::nullopt;
    return std::make_pair(row, bank);
  }

  // Rows and banks that intersect the pixel rectangle [x0, x1) x [y0, y1),
  // as half-open ranges clamped to the grid (empty when first >= last).
  struct Range {
    int firstRow, lastRow, firstBank, lastBank;
  };
  Range visible(int x0, int y0, int x1, int y1) const {
    auto clampTo = [](int v, int hi) { return std::clamp(v, 0, hi); };
    Range r;
    r.firstRow = clampTo((y0 - top) / cellHeight - (y0 < top ? 1 : 0), rows);
    r.lastRow = clampTo((y1 - top + cellHeight - 1) / cellHeight, rows);
    r.firstBank = clampTo((x0 - left) / cellWidth - (x0 < left ? 1 : 0), banks);
    r.lastBank = clampTo((x1 - left + cellWidth - 1) / cellWidth, banks);
    return r;
  }
};

} // namespace ls::ui
