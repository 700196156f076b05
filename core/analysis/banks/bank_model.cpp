#include "analysis/banks/bank_model.h"

#include <algorithm>
#include <array>

#include "util/error.h"

namespace ls {

BankTarget BankTarget::byName(const std::string &name, const std::string &field) {
  BankTarget t;
  t.name = name;
  if (name == "sm80") {
    t.stmatrix = false; // stmatrix needs sm90
  } else if (name == "sm90" || name == "sm100" || name == "sm120") {
  } else if (name == "gfx90a" || name == "gfx942" || name == "gfx950" || name == "gfx1100" ||
             name == "gfx1200") {
    // CDNA (gfx90a/942/950) and RDNA (gfx11/12) LDS: 32 banks of 4 bytes,
    // 64 on gfx950.
    t.vendor = Vendor::Amd;
    t.banks = name == "gfx950" ? 64 : 32;
    t.ldmatrix = t.stmatrix = false;
    t.pairedLoads = false;
  } else {
    std::string list;
    for (const auto &n : names())
      list += (list.empty() ? "" : ", ") + n;
    throw Error(field, "unknown target '" + name + "'; expected one of " + list);
  }
  return t;
}

std::vector<std::string> BankTarget::names() {
  return {"sm80", "sm90", "sm100", "sm120", "gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1200"};
}

namespace {

uint64_t rangeMask(int first, int count) {
  uint64_t m = 0;
  for (int i = first; i < first + count && i < 64; ++i)
    m |= uint64_t{1} << i;
  return m;
}

// Consecutive groups of `size` lanes covering laneCount lanes.
std::vector<uint64_t> consecutive(int laneCount, int size) {
  std::vector<uint64_t> g;
  size = std::max(1, std::min(size, laneCount));
  for (int first = 0; first < laneCount; first += size)
    g.push_back(rangeMask(first, size));
  return g;
}

// True if every active lane n accesses what lane n ^ partner accesses (and
// that lane is active too).
bool pairedBy(std::span<const LaneAccess> accesses, int partner) {
  std::array<int64_t, 64> addr;
  addr.fill(-1);
  for (const auto &a : accesses)
    if (a.lane >= 0 && a.lane < 64)
      addr[static_cast<size_t>(a.lane)] = a.byteAddress;
  for (const auto &a : accesses) {
    int other = a.lane ^ partner;
    if (other >= 64 || addr[static_cast<size_t>(other)] != a.byteAddress)
      return false;
  }
  return !accesses.empty();
}

} // namespace

std::vector<uint64_t> laneGroups(const BankTarget &target, InstructionClass cls,
                                 AccessDirection direction, int accessBytes, int laneCount,
                                 std::span<const LaneAccess> accesses) {
  const int lineBytes = target.banks * target.bankBytes;
  if (cls == InstructionClass::Matrix)
    return consecutive(laneCount, 8); // one 8x8 matrix: 8 rows of 16 bytes
  const int unit = std::max(accessBytes, target.bankBytes);
  int size = lineBytes / unit;
  if (target.vendor == Vendor::Nvidia) {
    if (target.pairedLoads && direction == AccessDirection::Load && accessBytes >= 8 &&
        (pairedBy(accesses, 1) || pairedBy(accesses, 2)))
      size *= 2;
    return consecutive(laneCount, size);
  }
  if (direction == AccessDirection::Load && accessBytes == 16 && laneCount == 64) {
    // ds_read_b128: interleaved phases.
    std::vector<uint64_t> g;
    if (target.banks == 32) {
      const int firsts[4][2] = {{0, 20}, {4, 16}, {8, 28}, {12, 24}};
      for (int half = 0; half < 64; half += 32)
        for (const auto &f : firsts)
          g.push_back(rangeMask(half + f[0], 4) | rangeMask(half + f[1], 4));
    } else {
      const int firsts[2][4] = {{0, 12, 20, 24}, {4, 8, 16, 28}};
      for (int half = 0; half < 64; half += 32)
        for (const auto &f : firsts)
          g.push_back(rangeMask(half + f[0], 4) | rangeMask(half + f[1], 4) |
                      rangeMask(half + f[2], 4) | rangeMask(half + f[3], 4));
    }
    return g;
  }
  return consecutive(laneCount, size);
}

InstructionWavefronts serveInstruction(const BankTarget &target, InstructionClass cls,
                                       AccessDirection direction, int accessBytes, int laneCount,
                                       std::span<const LaneAccess> accesses, bool detail) {
  require(laneCount >= 1 && laneCount <= 64, "serveInstruction: 1..64 lanes");
  InstructionWavefronts out;
  const std::vector<uint64_t> groups =
      laneGroups(target, cls, direction, accessBytes, laneCount, accesses);
  const int banks = target.banks;
  const int wordBytes = target.bankBytes;

  struct Touch {
    int64_t word;
    uint64_t lanes;
    int bank; // word % banks, computed once (the sort compares it often)
  };
  // At most 64 lanes x 4 words of 16-byte accesses.
  std::array<Touch, 64 * 4> touches;
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    const uint64_t gmask = groups[gi];
    size_t n = 0;
    uint64_t active = 0;
    for (const auto &a : accesses) {
      if (a.lane < 0 || a.lane >= 64 || !((gmask >> a.lane) & 1))
        continue;
      active |= uint64_t{1} << a.lane;
      const int64_t first = a.byteAddress / wordBytes;
      const int64_t last = (a.byteAddress + std::max(a.bytes, 1) - 1) / wordBytes;
      for (int64_t w = first; w <= last && n < touches.size(); ++w)
        touches[n++] = {w, uint64_t{1} << a.lane, static_cast<int>(w % banks)};
    }
    if (!active)
      continue;
    // Distinct words ordered by (bank, word); lanes of equal words merged.
    std::sort(touches.begin(), touches.begin() + static_cast<long>(n),
              [](const Touch &x, const Touch &y) {
                return x.bank != y.bank ? x.bank < y.bank : x.word < y.word;
              });
    size_t m = 0;
    for (size_t i = 0; i < n; ++i) {
      if (m > 0 && touches[m - 1].word == touches[i].word)
        touches[m - 1].lanes |= touches[i].lanes;
      else
        touches[m++] = touches[i];
    }
    LaneGroup group;
    group.lanes = active;
    group.wordsPerBank.assign(static_cast<size_t>(banks), 0);
    for (size_t i = 0; i < m; ++i)
      ++group.wordsPerBank[static_cast<size_t>(touches[i].bank)];
    group.wavefronts = *std::max_element(group.wordsPerBank.begin(), group.wordsPerBank.end());
    out.wavefronts += group.wavefronts;
    out.ideal += 1;
    if (detail) {
      // Wavefront k serves the k-th distinct word of every bank.
      const int gIndex = static_cast<int>(out.groups.size());
      std::vector<Wavefront> fronts(static_cast<size_t>(group.wavefronts));
      for (auto &f : fronts)
        f.group = gIndex;
      int rank = 0;
      for (size_t i = 0; i < m; ++i) {
        const int bank = touches[i].bank;
        rank = (i > 0 && touches[i - 1].bank == bank) ? rank + 1 : 0;
        Wavefront &f = fronts[static_cast<size_t>(rank)];
        f.cells.push_back({bank, touches[i].word, touches[i].lanes});
        f.lanes |= touches[i].lanes;
      }
      for (auto &f : fronts)
        out.fronts.push_back(std::move(f));
    }
    out.groups.push_back(std::move(group));
  }
  return out;
}

int targetLanes(const BankTarget &t) {
  if (t.vendor == Vendor::Nvidia)
    return 32;
  const std::string &n = t.name;
  const bool rdna =
      n.rfind("gfx10", 0) == 0 || n.rfind("gfx11", 0) == 0 || n.rfind("gfx12", 0) == 0;
  return rdna ? 32 : 64;
}

void checkTargetLanes(const BankTarget &t, int lanes, const std::string &field) {
  const int want = targetLanes(t);
  if (lanes == want)
    return;
  const std::string who = lanes == 64   ? " (64 lanes are CDNA's: gfx90a, gfx942, gfx950)"
                          : lanes == 32 ? " (32 lanes are NVIDIA's and RDNA's: sm80..sm120, "
                                          "gfx1100, gfx1200)"
                                        : "";
  throw Error(field, "has " + std::to_string(lanes) + " lanes per warp; " + t.name + " runs " +
                         std::to_string(want) + "-lane warps" + who);
}

} // namespace ls
