#include "analysis/global/global_access.h"

#include <algorithm>
#include <array>
#include <type_traits>

#include "layout/layout_utils.h"
#include "util/error.h"

namespace ls {

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int d = static_cast<int>(shape.size()) - 2; d >= 0; --d)
    s[d] = s[d + 1] * shape[d + 1];
  return s;
}

namespace {

constexpr int kSectorBytes = 32;

int dimIndex(const DimName &name) {
  // Out-dims of distributed layouts are named dim0, dim1, ...
  if (name.rfind("dim", 0) != 0)
    throw Error("layout", "out-dim '" + name + "' is not a tensor dim");
  return std::stoi(name.substr(3));
}

} // namespace

GlobalAccess::GlobalAccess(const LinearLayout &layout, int elementBits,
                           std::vector<int64_t> strides, int maxVectorElems)
    : layout_(layout), strides_(std::move(strides)) {
  const std::vector<DimName> ins = layout_.getInDimNames();
  if (ins.size() < 3 || ins[0] != kRegister || ins[1] != kLane || ins[2] != kWarp)
    throw Error("layout", "is not a distributed layout; global loads and stores come from "
                          "registers");
  if (elementBits < 1 || elementBits > 64)
    throw Error("--dtype", "element width must be 1 to 64 bits");
  // Sub-byte elements (i1) are stored as bytes.
  elemBytes_ = std::max(1, elementBits / 8);

  std::vector<int64_t> shape(layout_.getNumOutDims(), 1);
  for (const auto &[name, size] : layout_.getOutDims()) {
    int d = dimIndex(name);
    if (d < 0 || d >= static_cast<int>(shape.size()))
      throw Error("layout", "unexpected out-dim '" + name + "'");
    shape[d] = size;
  }
  if (strides_.empty())
    strides_ = rowMajorStrides(shape);
  if (strides_.size() != shape.size())
    throw Error("--strides", "needs one stride per tensor dim (" + std::to_string(shape.size()) +
                                 "), got " + std::to_string(strides_.size()));
  for (int64_t s : strides_)
    if (s < 0 || s > (int64_t{1} << 40))
      throw Error("--strides", "strides must be between 0 and 2^40 elements");
  // Byte offsets must fit comfortably in 64 bits.
  double maxOffset = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    maxOffset += double(shape[d] - 1) * double(strides_[d]) * 8.0;
  if (maxOffset > double(int64_t{1} << 60))
    throw Error("--strides", "the tensor would span more than 2^60 bytes");

  regs_ = layout_.getInDimSize(kRegister);
  lanes_ = layout_.getInDimSize(kLane);
  warps_ = layout_.getInDimSize(kWarp);
  if (int64_t{regs_} * lanes_ * warps_ > kMaxLocations)
    throw Error("shape", "too many registers per CTA to analyse (more than 2^22)");

  for (const auto &[name, size] : layout_.getOutDims())
    outStrides_.push_back(strides_[dimIndex(name)]);

  // Element offsets of every location of the first CTA. Coordinates are
  // linear over GF(2): those of (warp, lane, register) are those of
  // (warp, lane, 0) xor those of (0, 0, register), so each thread applies
  // the layout once and each register only xors.
  const size_t nOut = outStrides_.size();
  std::vector<int32_t> regCoords(static_cast<size_t>(regs_) * nOut);
  for (int32_t r = 0; r < regs_; ++r) {
    const int32_t in[4] = {r, 0, 0, 0};
    layout_.applyIndexed(in, regCoords.data() + r * nOut);
  }
  std::vector<int64_t> offsets(static_cast<size_t>(regs_) * lanes_ * warps_);
  std::array<int32_t, kMaxRank> base{};
  // One thread's offsets, with the rank known at compile time for tensors of
  // rank 1 to 3 (the loop over dims is most of the work otherwise).
  auto threadOffsets = [&]<size_t N>(std::integral_constant<size_t, N>, int64_t *o) {
    const size_t n = N == 0 ? nOut : N;
    for (int32_t r = 0; r < regs_; ++r) {
      const int32_t *rc = regCoords.data() + r * n;
      int64_t off = 0;
      for (size_t d = 0; d < n; ++d)
        off += int64_t{base[d] ^ rc[d]} * outStrides_[d];
      o[r] = off;
    }
  };
  for (int32_t w = 0; w < warps_; ++w)
    for (int32_t l = 0; l < lanes_; ++l) {
      const int32_t in[4] = {0, l, w, 0};
      layout_.applyIndexed(in, base.data());
      int64_t *o = offsets.data() + (static_cast<size_t>(w) * lanes_ + l) * regs_;
      switch (nOut) {
      case 1:
        threadOffsets(std::integral_constant<size_t, 1>{}, o);
        break;
      case 2:
        threadOffsets(std::integral_constant<size_t, 2>{}, o);
        break;
      case 3:
        threadOffsets(std::integral_constant<size_t, 3>{}, o);
        break;
      default:
        threadOffsets(std::integral_constant<size_t, 0>{}, o);
      }
    }

  // Largest vector that every thread can use for every register group.
  int maxVec = std::max(1, 16 / elemBytes_);
  if (maxVectorElems > 0)
    maxVec = std::min(maxVec, maxVectorElems);
  vector_ = 1;
  for (int v = std::min(maxVec, regs_); v > 1; v /= 2) {
    bool ok = true;
    for (size_t t = 0; ok && t < static_cast<size_t>(lanes_) * warps_; ++t) {
      const int64_t *o = offsets.data() + t * regs_;
      for (int r0 = 0; ok && r0 < regs_; r0 += v) {
        if (o[r0] % v != 0)
          ok = false;
        for (int j = 1; ok && j < v; ++j)
          if (o[r0 + j] != o[r0] + j)
            ok = false;
      }
    }
    if (ok) {
      vector_ = v;
      break;
    }
  }

  // An instruction whose lanes' offsets are those of warp 0's first
  // instruction plus one delta D (the usual case: registers and warps step
  // along other bits than lanes) covers as many sectors as any other such
  // instruction whose D * elemBytes is the same modulo the sector size, and
  // as many bytes: both are counted once per residue.
  struct Counted {
    int64_t sectors = -1, uniqueBytes = 0;
  };
  std::array<Counted, kSectorBytes> byResidue{};
  std::vector<int64_t> sectors, elems;
  // A lane's vector starts at a multiple of the vector width (the check
  // above), so two lanes' vectors are the same elements or none in common:
  // the distinct elements are the distinct first elements times the width.
  auto countInstruction = [&](int32_t w, int32_t i, GlobalInstructionSummary &s) {
    sectors.clear();
    elems.clear();
    for (int32_t l = 0; l < lanes_; ++l) {
      const int64_t first = offsets[(static_cast<size_t>(w) * lanes_ + l) * regs_ + i * vector_];
      const int64_t firstByte = first * elemBytes_;
      const int64_t lastByte = firstByte + int64_t{vector_} * elemBytes_ - 1;
      for (int64_t sec = firstByte / kSectorBytes; sec <= lastByte / kSectorBytes; ++sec)
        sectors.push_back(sec);
      elems.push_back(first);
    }
    std::sort(sectors.begin(), sectors.end());
    sectors.erase(std::unique(sectors.begin(), sectors.end()), sectors.end());
    std::sort(elems.begin(), elems.end());
    elems.erase(std::unique(elems.begin(), elems.end()), elems.end());
    s.sectors = static_cast<int64_t>(sectors.size());
    s.uniqueBytes = static_cast<int64_t>(elems.size()) * vector_ * elemBytes_;
  };
  for (int32_t w = 0; w < warps_; ++w)
    for (int32_t i = 0; i < instructionsPerThread(); ++i) {
      const int64_t delta = offsets[static_cast<size_t>(w) * lanes_ * regs_ + i * vector_] -
                            offsets[0];
      bool translated = true;
      for (int32_t l = 1; translated && l < lanes_; ++l)
        translated = offsets[(static_cast<size_t>(w) * lanes_ + l) * regs_ + i * vector_] -
                         offsets[static_cast<size_t>(l) * regs_] ==
                     delta;
      const size_t residue =
          static_cast<size_t>(((delta * elemBytes_) % kSectorBytes + kSectorBytes) % kSectorBytes);
      GlobalInstructionSummary s;
      s.warp = w;
      s.index = i;
      if (translated && byResidue[residue].sectors >= 0) {
        s.sectors = byResidue[residue].sectors;
        s.uniqueBytes = byResidue[residue].uniqueBytes;
      } else {
        countInstruction(w, i, s);
        if (translated)
          byResidue[residue] = {s.sectors, s.uniqueBytes};
      }
      s.minSectors = (s.uniqueBytes + kSectorBytes - 1) / kSectorBytes;
      totalSectors_ += s.sectors;
      totalMinSectors_ += s.minSectors;
      totalUniqueBytes_ += s.uniqueBytes;
      summaries_.push_back(s);
    }
}

int64_t GlobalAccess::elementOffset(int32_t warp, int32_t lane, int32_t reg) const {
  const int32_t in[4] = {reg, lane, warp, 0};
  std::array<int32_t, kMaxRank> out{};
  layout_.applyIndexed(in, out.data());
  int64_t off = 0;
  for (size_t d = 0; d < outStrides_.size(); ++d)
    off += int64_t{out[d]} * outStrides_[d];
  return off;
}

double GlobalAccess::efficiency() const {
  return totalSectors_ == 0 ? 1.0 : double(totalUniqueBytes_) / double(totalSectors_ * 32);
}

GlobalInstruction GlobalAccess::instruction(int32_t warp, int32_t index) const {
  if (warp < 0 || warp >= warps_)
    throw Error("warp", "must be between 0 and " + std::to_string(warps_ - 1));
  if (index < 0 || index >= instructionsPerThread())
    throw Error("instruction", "must be between 0 and " + std::to_string(instructionsPerThread() - 1));
  GlobalInstruction a;
  a.warp = warp;
  a.index = index;
  std::vector<int64_t> elems;
  for (int32_t l = 0; l < lanes_; ++l) {
    const int64_t first = elementOffset(warp, l, index * vector_);
    GlobalLaneAccess la;
    la.lane = l;
    la.firstByte = first * elemBytes_;
    la.bytes = vector_ * elemBytes_;
    la.firstSector = la.firstByte / kSectorBytes;
    la.lastSector = (la.firstByte + la.bytes - 1) / kSectorBytes;
    for (int64_t s = la.firstSector; s <= la.lastSector; ++s)
      a.sectors.push_back(s);
    for (int j = 0; j < vector_; ++j)
      elems.push_back(first + j);
    a.lanes.push_back(la);
  }
  std::sort(a.sectors.begin(), a.sectors.end());
  a.sectors.erase(std::unique(a.sectors.begin(), a.sectors.end()), a.sectors.end());
  std::sort(elems.begin(), elems.end());
  elems.erase(std::unique(elems.begin(), elems.end()), elems.end());
  a.uniqueBytes = static_cast<int64_t>(elems.size()) * elemBytes_;
  a.minSectors = (a.uniqueBytes + kSectorBytes - 1) / kSectorBytes;
  return a;
}

} // namespace ls
