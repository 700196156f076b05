#include "analysis/convert/conversion_swizzle.h"

#include "analysis/swizzle/optimal_swizzling.h"
#include "analysis/banks/bank_conflicts.h"

#include <algorithm>
#include <bit>
#include <optional>

#include "layout/layout_utils.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {
namespace {

using Vecs = std::vector<int32_t>;

const DimName kSegment = "segment";
const DimName kReps = "reps";

bool contains(const Vecs &v, int32_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Triton's LocalMemOpTile: lanes that form the contiguous part of one
// 128-bit access (the rest of it are registers) and lanes that give the
// addresses of one wavefront (the rest of the first three bases are registers).
struct MemOpTile {
  ScratchInstruction instr;
  Vecs laneContig;
  Vecs laneAddr;
};

std::vector<MemOpTile> memOpTiles(ScratchTarget target, int bitwidth, bool store) {
  std::vector<MemOpTile> tiles{{ScratchInstruction::Shared, {}, {0, 1, 2}}};
  const bool matrix = store ? target == ScratchTarget::Sm90 : target != ScratchTarget::Generic;
  if (matrix && bitwidth <= 32)
    tiles.push_back({ScratchInstruction::Matrix, {0, 1}, {2, 3, 4}});
  if (matrix && bitwidth == 16)
    tiles.push_back({ScratchInstruction::MatrixTrans, {2, 3, 4}, {0, 1}});
  return tiles;
}

// What every tile pair of one conversion asks of its two (flattened)
// layouts, computed once per order of the pair: b.invertAndCompose(a) (b's
// hardware -> a's hardware), each layout's register and lane bases, and the
// intersection of a's and b's register bases.
class ConversionMaps {
public:
  ConversionMaps(const LinearLayout &src, const Vecs &regSrc, const Vecs &laneSrc,
                 const Vecs &regDst, const Vecs &laneDst)
      : src_(src), reg_{&regSrc, &regDst}, lane_{&laneSrc, &laneDst} {}
  // 0 for the source, 1 for the destination: told by address, so callers
  // pass the very layouts the maps were made for (srcFlat and dstFlat).
  int side(const LinearLayout &a) const { return &a == &src_ ? 0 : 1; }
  const LinearLayout &of(const LinearLayout &a, const LinearLayout &b) {
    std::optional<LinearLayout> &slot = cvt_[side(a)];
    if (!slot)
      slot = b.invertAndCompose(a);
    return *slot;
  }
  const Vecs &lane(const LinearLayout &a) const { return *lane_[side(a)]; }
  const Vecs &regIntersection(const LinearLayout &a, int dim) {
    std::optional<Vecs> &slot = intersection_[side(a)];
    if (!slot)
      slot = intersectionBasis(*reg_[side(a)], *reg_[1 - side(a)], dim);
    return *slot;
  }

private:
  const LinearLayout &src_; // the other layout asked about is the destination
  const Vecs *reg_[2];
  const Vecs *lane_[2];
  std::optional<LinearLayout> cvt_[2];
  std::optional<Vecs> intersection_[2];
};

// Triton's optimalSwizzlingTile: the vector bases (registers, then the
// contiguous lanes) that both layouts can feed with their instructions.
std::optional<Vecs> swizzlingTile(const LinearLayout &a, const LinearLayout &b, int nRegA,
                                  int nRegB, const Vecs &laneIdTileA, const Vecs &laneIdTileB,
                                  ConversionMaps &maps) {
  if (nRegA < nRegB)
    return swizzlingTile(b, a, nRegB, nRegA, laneIdTileB, laneIdTileA, maps);
  const int dim = a.getTotalOutDimSizeLog2();
  const LinearLayout &cvt = maps.of(a, b); // b's hardware -> a's hardware (may throw)
  const Vecs &laneA = maps.lane(a), &laneB = maps.lane(b);
  Vecs vbasis = maps.regIntersection(a, dim);
  if (static_cast<int>(vbasis.size()) < nRegB)
    return std::nullopt;
  vbasis.resize(nRegB);
  auto index = [](const Vecs &lane, const Vecs &ids) -> std::optional<Vecs> {
    Vecs out;
    for (int32_t id : ids) {
      if (id >= static_cast<int32_t>(lane.size()) || lane[id] == 0)
        return std::nullopt; // the tile must be contiguous
      out.push_back(lane[id]);
    }
    return out;
  };
  const auto laneTileA = index(laneA, laneIdTileA), laneTileB = index(laneB, laneIdTileB);
  if (!laneTileA || !laneTileB)
    return std::nullopt;
  // The first lanes of b's tile must be registers of a ...
  for (int i = 0; i < nRegA - nRegB; ++i)
    if (cvt.getBasis(kLane, laneIdTileB[i], kRegister) == 0)
      return std::nullopt;
  // ... and the rest the same lanes of a's tile.
  const size_t skip = laneIdTileB.size() - laneIdTileA.size();
  for (size_t k = 0; k < laneIdTileA.size(); ++k)
    if (cvt.getBasis(kLane, laneIdTileB[skip + k], kLane) != (int32_t{1} << laneIdTileA[k]))
      return std::nullopt;
  vbasis.insert(vbasis.end(), laneTileB->begin(), laneTileB->end());
  return vbasis;
}

// Triton's getTile: the wavefront of one instruction: the first registers not
// in the vector, then the address lanes.
std::optional<Vecs> accessTile(const MemOpTile &t, const Vecs &regs, const Vecs &lanes,
                               const Vecs &vbasis) {
  Vecs tile;
  int regNeeded = 3 - static_cast<int>(t.laneAddr.size());
  for (int32_t r : regs) {
    if (regNeeded == 0)
      break;
    if (!contains(vbasis, r)) {
      tile.push_back(r);
      --regNeeded;
    }
  }
  if (regNeeded > 0)
    return std::nullopt;
  for (int32_t i : t.laneAddr) {
    if (i >= static_cast<int32_t>(lanes.size()))
      return std::nullopt;
    tile.push_back(lanes[i]);
  }
  return tile;
}

// Triton's bankConflicts(tileSrc, tileDst, smem): read + write conflicts of
// one wavefront by its GF(2) count.
// Only the intersections' sizes count: intersectionBasisSize gives
// intersectionBasis(..., rank).size() (the same count of a power-of-two
// basis's shared entries, else the dimension of the spans' intersection by
// ranks) without building the basis - for vectors below 2^rank, as the
// bases of these flattened layouts are.
int tileConflicts(const Vecs &tileSrc, const Vecs &tileDst, const LinearLayout &flatBuffer) {
  const Vecs segment = flatBases(flatBuffer, kSegment);
  const int write = (1 << intersectionBasisSize(segment, tileSrc)) - 1;
  const int read = (1 << intersectionBasisSize(segment, tileDst)) - 1;
  return read + write;
}

} // namespace

const char *scratchTargetName(ScratchTarget target) {
  switch (target) {
  case ScratchTarget::Generic:
    return "generic";
  case ScratchTarget::Sm80:
    return "sm80";
  case ScratchTarget::Sm90:
    return "sm90";
  }
  return "?";
}

const char *scratchInstructionName(ScratchInstruction instr, bool store) {
  switch (instr) {
  case ScratchInstruction::Shared:
    return store ? "st.shared" : "ld.shared";
  case ScratchInstruction::Matrix:
    return store ? "stmatrix" : "ldmatrix";
  case ScratchInstruction::MatrixTrans:
    return store ? "stmatrix.trans" : "ldmatrix.trans";
  }
  return "?";
}

ScratchSwizzle chooseScratchSwizzle(const LinearLayout &src, const LinearLayout &dst,
                                    int bitwidth, ScratchTarget target) {
  const LinearLayout srcFlat = src.flattenOuts(), dstFlat = dst.flattenOuts();
  const Vecs regSrc = flatBases(srcFlat, kRegister), regDst = flatBases(dstFlat, kRegister);
  const Vecs laneSrc = flatBases(srcFlat, kLane), laneDst = flatBases(dstFlat, kLane);
  // Every tile is a full 128-bit access.
  const int totalBases = log2Floor(static_cast<uint64_t>(128 / bitwidth));
  const std::vector<MemOpTile> srcTiles = memOpTiles(target, bitwidth, /*store=*/true);
  const std::vector<MemOpTile> dstTiles = memOpTiles(target, bitwidth, /*store=*/false);

  struct Candidate {
    int conflicts;
    LinearLayout buffer;
    ScratchInstruction store, load;
    Vecs tileSrc, tileDst;
  };
  std::optional<Candidate> best;
  ConversionMaps maps(srcFlat, regSrc, laneSrc, regDst, laneDst);
  for (const MemOpTile &ts : srcTiles)
    for (const MemOpTile &td : dstTiles) {
      const int nRegSrc = totalBases - static_cast<int>(ts.laneContig.size());
      const int nRegDst = totalBases - static_cast<int>(td.laneContig.size());
      if (nRegSrc < 0 || nRegDst < 0)
        continue;
      const auto vbasis = swizzlingTile(srcFlat, dstFlat, nRegSrc, nRegDst, ts.laneContig,
                                        td.laneContig, maps);
      if (!vbasis)
        continue;
      const auto tileSrc = accessTile(ts, regSrc, laneSrc, *vbasis);
      const auto tileDst = accessTile(td, regDst, laneDst, *vbasis);
      if (!tileSrc || !tileDst)
        continue;
      // Two reps stay in the segment so ldmatrix/stmatrix pairs run as .x4.
      const int missing = std::min<int>(ts.laneContig.size() + ts.laneAddr.size(),
                                        td.laneContig.size() + td.laneAddr.size()) - 3;
      LinearLayout buffer =
          swizzledBuffer(srcFlat, dstFlat, bitwidth, *vbasis, *tileSrc, *tileDst, missing);
      const int conflicts = tileConflicts(*tileSrc, *tileDst, buffer);
      // Fewest conflicts; on a tie, more reps (a smaller buffer); else the first.
      if (!best || conflicts < best->conflicts ||
          (conflicts == best->conflicts &&
           buffer.getInDimSize(kReps) > best->buffer.getInDimSize(kReps)))
        best = Candidate{conflicts, buffer, ts.instr, td.instr, *tileSrc, *tileDst};
    }
  ScratchSwizzle out;
  if (!best) {
    out.buffer = optimalSwizzlingLdSt(src, dst, bitwidth);
    // Triton's bankConflictsLdSt: one wavefront is the lanes that do not
    // address within one 32-bit word's vector.
    const int log2Vec = log2Floor(static_cast<uint64_t>(std::max<int64_t>(
        1, int64_t{out.buffer.getInDimSize("vector")} * bitwidth / 32)));
    auto dropBack = [](const Vecs &v, int n) {
      return Vecs(v.begin(), v.end() - std::min<int>(n, static_cast<int>(v.size())));
    };
    out.tileSrc = dropBack(laneSrc, log2Vec);
    out.tileDst = dropBack(laneDst, log2Vec);
    return out;
  }
  out.buffer = best->buffer.reshapeOuts(src.getOutDims());
  out.store = best->store;
  out.load = best->load;
  out.tileSrc = best->tileSrc;
  out.tileDst = best->tileDst;
  return out;
}

} // namespace ls
