#include "analysis/banks/bank_heatmap_model.h"

#include "util/seq_text.h"

#include <algorithm>
#include <bit>
#include <sstream>

namespace ls {
namespace {

std::string laneText(uint64_t mask) {
  std::string s;
  for (int l = 0; l < 64; ++l)
    if ((mask >> l) & 1) {
      // Runs a..b print as a-b.
      int e = l;
      while (e + 1 < 64 && ((mask >> (e + 1)) & 1))
        ++e;
      s += (s.empty() ? "" : ", ") + std::to_string(l) + (e > l ? "-" + std::to_string(e) : "");
      l = e;
    }
  return s;
}

} // namespace

BankHeatmapModel::BankHeatmapModel(SharedAccessReport report) : report_(std::move(report)) {
  banks_ = report_.target.banks;
  for (const InstructionDetail &in : report_.instructions) {
    std::vector<int> rank(in.served.groups.size(), 0);
    for (const Wavefront &f : in.served.fronts) {
      const size_t g = static_cast<size_t>(f.group);
      rows_.push_back({in.index, f.group, rank[g]++, f.lanes});
      const size_t base = cells_.size();
      cells_.resize(base + static_cast<size_t>(banks_));
      for (const BankCell &c : f.cells) {
        HeatmapCell &cell = cells_[base + static_cast<size_t>(c.bank)];
        cell.load = in.served.groups[g].wordsPerBank[static_cast<size_t>(c.bank)];
        cell.word = c.word;
        cell.lanes = c.lanes;
        maxLoad_ = std::max(maxLoad_, cell.load);
      }
    }
  }
}

bool BankHeatmapModel::firstRowOfInstruction(int r) const {
  return r == 0 ||
         rows_[static_cast<size_t>(r - 1)].instruction != rows_[static_cast<size_t>(r)].instruction;
}

std::string BankHeatmapModel::rowLabel(int r) const {
  return firstRowOfInstruction(r) ? "#" + std::to_string(rows_[static_cast<size_t>(r)].instruction)
                                  : std::string();
}

std::string BankHeatmapModel::cellText(int r, int bank) const {
  const HeatmapRow &row = rows_[static_cast<size_t>(r)];
  const HeatmapCell &c = cell(r, bank);
  std::ostringstream o;
  o << "instruction " << row.instruction << ", group " << row.group << ", wavefront "
    << row.wavefront + 1 << "\nbank " << bank;
  if (c.load == 0) {
    o << ": idle";
    return o.str();
  }
  const int64_t wordBytes = report_.target.bankBytes;
  o << ": word " << c.word << " (byte " << c.word * wordBytes << "), " << c.load
    << (c.load == 1 ? " word" : " distinct words") << " in this group\nlanes " << laneText(c.lanes);
  // The elements each lane moves through this word.
  const SharedAccessPlan &p = report_.plan;
  const int eb = report_.elementBytes;
  const int perLane = p.accessBytes / eb;
  const int64_t lo = c.word * wordBytes, hi = lo + wordBytes;
  int shown = 0;
  for (int lane = 0; lane < 64 && shown < 8; ++lane) {
    if (!((c.lanes >> lane) & 1))
      continue;
    const int32_t first = p.offset(row.instruction, lane, report_.warp);
    const int64_t base = report_.byteAddress(first);
    std::string elems;
    for (int j = 0; j < std::max(perLane, 1); ++j) {
      const int64_t b = base + int64_t{j} * eb;
      if (b + eb <= lo || b >= hi)
        continue;
      elems += (elems.empty() ? "" : " ") + seqText(report_.elementAt(first + j), "(", ")");
    }
    o << "\n  lane " << lane << ": " << elems;
    ++shown;
  }
  if (shown == 8 && std::popcount(c.lanes) > 8)
    o << "\n  ...";
  return o.str();
}

std::string BankHeatmapModel::totalsText() const {
  std::ostringstream o;
  o << report_.instruction << " x" << report_.instructionsPerThread() << ": " << report_.wavefronts
    << " wavefronts (ideal " << report_.idealWavefronts << "), " << report_.conflicts()
    << (report_.conflicts() == 1 ? " conflict" : " conflicts");
  return o.str();
}

} // namespace ls
