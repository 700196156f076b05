// BankHeatmapModel: what the bank heatmap draws, computed once per analysis
// so that painting is only lookups.
//
// One row per wavefront of the chosen warp, in issue order (instruction by
// instruction; within one, group by group; within a group, the k-th
// wavefront serves the k-th distinct word of every bank). One column per
// bank. A cell holds the word that bank serves in that wavefront, the lanes
// that touch it, and its *load*: how many distinct words the bank has to
// serve for that lane group -- 1 is conflict-free, n means the bank
// serialises the group into n wavefronts; 0 means the bank is idle.
//
// Example (f32, 32 lanes down a column of a row-major 32x32 tile): every
// instruction is 32 rows; row k has one busy cell, bank 0 with load 32,
// serving word 32k (byte 128k) to lane k.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/banks/shared_access.h"

namespace ls {

struct HeatmapCell {
  int load = 0;       // distinct words of this bank in the row's lane group; 0 = idle
  int64_t word = -1;  // word served (byte address / 4), -1 if idle
  uint64_t lanes = 0; // lanes touching the word
};

struct HeatmapRow {
  int instruction = 0; // index among the thread's instructions
  int group = 0;       // lane group (phase) within the instruction
  int wavefront = 0;   // k-th wavefront of that group
  uint64_t lanes = 0;  // lanes served in this wavefront
};

class BankHeatmapModel {
public:
  BankHeatmapModel() = default;
  explicit BankHeatmapModel(SharedAccessReport report);

  int rowCount() const { return static_cast<int>(rows_.size()); }
  int bankCount() const { return banks_; }
  const HeatmapRow &row(int r) const { return rows_[static_cast<size_t>(r)]; }
  // Requires 0 <= r < rowCount(), 0 <= bank < bankCount().
  const HeatmapCell &cell(int r, int bank) const {
    return cells_[static_cast<size_t>(r) * static_cast<size_t>(banks_) + static_cast<size_t>(bank)];
  }
  int maxLoad() const { return maxLoad_; }
  bool firstRowOfInstruction(int r) const;

  const SharedAccessReport &report() const { return report_; }

  // "#3" for the first row of instruction 3, "" otherwise.
  std::string rowLabel(int r) const;
  // Hover text: bank, word and byte address, lanes and the tensor elements
  // each lane moves through this word.
  std::string cellText(int r, int bank) const;
  // "ld.shared.v4.b32 x16: 64 wavefronts (ideal 64), 0 conflicts"
  std::string totalsText() const;

private:
  SharedAccessReport report_;
  int banks_ = 0;
  int maxLoad_ = 0;
  std::vector<HeatmapRow> rows_;
  std::vector<HeatmapCell> cells_;
};

} // namespace ls
