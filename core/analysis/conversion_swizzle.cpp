#include "analysis/conversion_swizzle.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <set>

#include "layout/layout_utils.h"
#include "util/error.h"

namespace ls {
namespace {

using Vecs = std::vector<int32_t>;

const DimName kVector = "vector";
const DimName kBank = "bank";
const DimName kSegment = "segment";
const DimName kReps = "reps";

int log2Of(int64_t v) {
  int r = -1;
  while (v > 0) {
    v >>= 1;
    ++r;
  }
  return r;
}

bool contains(const Vecs &v, int32_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Basis values of `dim` of a layout with a single out-dim.
Vecs flatBases(const LinearLayout &flat, const DimName &dim) {
  Vecs out;
  if (!flat.hasInDim(dim))
    return out;
  for (int i = 0; i < flat.getInDimSizeLog2(dim); ++i)
    out.push_back(flat.getBasis(dim, i)[0]);
  return out;
}

Vecs removeZeros(const Vecs &v) {
  Vecs out;
  for (int32_t x : v)
    if (x != 0)
      out.push_back(x);
  return out;
}

// The nonzero rows of the reduced row echelon form, each row's pivot its
// lowest set bit (f2reduce's convention). The RREF is unique, so bases
// derived from it do not depend on the elimination order.
std::vector<uint64_t> rref(const Vecs &vectors, int dim) {
  std::vector<uint64_t> rows;
  for (int32_t v : vectors)
    rows.push_back(static_cast<uint32_t>(v));
  size_t r = 0;
  for (int c = 0; c < dim && r < rows.size(); ++c) {
    size_t p = r;
    while (p < rows.size() && !((rows[p] >> c) & 1))
      ++p;
    if (p == rows.size())
      continue;
    std::swap(rows[r], rows[p]);
    for (size_t q = 0; q < rows.size(); ++q)
      if (q != r && ((rows[q] >> c) & 1))
        rows[q] ^= rows[r];
    ++r;
  }
  rows.resize(r);
  return rows;
}

// A basis of {x : <x, v> = 0 for all v} in Triton's order: free columns
// ascending, each completed through the pivots of the rows that contain it.
Vecs nullspaceBasis(const Vecs &vectors, int dim) {
  const std::vector<uint64_t> rows = rref(vectors, dim);
  std::set<int> pivots;
  for (uint64_t row : rows)
    pivots.insert(std::countr_zero(row));
  Vecs basis;
  for (int freeCol = 0; freeCol < dim; ++freeCol) {
    if (pivots.count(freeCol))
      continue;
    uint64_t v = uint64_t{1} << freeCol;
    for (uint64_t row : rows)
      if ((row >> freeCol) & 1)
        v ^= uint64_t{1} << std::countr_zero(row);
    basis.push_back(static_cast<int32_t>(v));
  }
  return basis;
}

// Unit vectors completing `basis` to the whole space (the non-pivot columns).
Vecs complementBasis(const Vecs &basis, int dim) {
  std::set<int> pivots;
  for (uint64_t row : rref(basis, dim))
    pivots.insert(std::countr_zero(row));
  Vecs comp;
  for (int i = 0; i < dim; ++i)
    if (!pivots.count(i))
      comp.push_back(int32_t{1} << i);
  return comp;
}

bool isPowerOfTwo(int32_t x) { return x > 0 && (x & (x - 1)) == 0; }

// Triton's intersectionBasis: for bit-permutation bases, b1's members that are
// in b2 (b1's order); otherwise the null space of the joint null spaces.
Vecs intersectionBasis(const Vecs &b1, const Vecs &b2, int dim) {
  bool powerOf2 = std::all_of(b1.begin(), b1.end(), isPowerOfTwo) &&
                  std::all_of(b2.begin(), b2.end(), isPowerOfTwo);
  if (powerOf2) {
    Vecs result;
    for (int32_t b : b1)
      if (b != 0 && contains(b2, b))
        result.push_back(b);
    return result;
  }
  Vecs joint = nullspaceBasis(b1, dim);
  Vecs ns2 = nullspaceBasis(b2, dim);
  joint.insert(joint.end(), ns2.begin(), ns2.end());
  return nullspaceBasis(joint, dim);
}

// Triton's computeSegment: the segment bases, preferring unit vectors that
// neither access uses to pick a bank, then xors of the two accesses' bank
// bases (conflict-free), then the bases themselves (conflicts).
Vecs computeSegment(const Vecs &bankSrc, const Vecs &bankDst, int dim, int lenSegment) {
  std::set<int32_t> setSrc(bankSrc.begin(), bankSrc.end());
  std::set<int32_t> setDst(bankDst.begin(), bankDst.end());
  setSrc.erase(0);
  setDst.erase(0);
  Vecs segment;
  for (int b = 0; b < dim; ++b)
    if (!setSrc.count(int32_t{1} << b) && !setDst.count(int32_t{1} << b))
      segment.push_back(int32_t{1} << b);
  if (static_cast<int>(segment.size()) >= lenSegment) {
    segment.resize(std::max(lenSegment, 0));
    return segment;
  }
  Vecs a, b;
  for (int32_t v : setSrc)
    if (!setDst.count(v))
      a.push_back(v);
  for (int32_t v : setDst)
    if (!setSrc.count(v))
      b.push_back(v);
  if (a.size() > b.size())
    std::swap(a, b);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const int na = static_cast<int>(a.size());
  const int logBankConflicts =
      std::min(std::max(0, lenSegment - na - static_cast<int>(segment.size())), na);
  for (int i = logBankConflicts; i < na; ++i)
    segment.push_back(a[i] ^ b[i]);
  segment.insert(segment.end(), a.begin(), a.begin() + logBankConflicts);
  segment.insert(segment.end(), b.begin(), b.begin() + logBankConflicts);
  if (static_cast<int>(segment.size()) > lenSegment)
    segment.resize(lenSegment);
  return segment;
}

LinearLayout::BasesT unflatten(const std::vector<std::pair<DimName, Vecs>> &dims) {
  LinearLayout::BasesT bases;
  for (const auto &[name, vecs] : dims) {
    std::vector<LinearLayout::Basis> bs;
    for (int32_t v : vecs)
      bs.push_back({v});
    bases.emplace_back(name, std::move(bs));
  }
  return bases;
}

// Triton's optimalSwizzling + buildReps on flattened layouts.
LinearLayout swizzledBuffer(const LinearLayout &srcFlat, const LinearLayout &dstFlat, int bitwidth,
                            const Vecs &vbasis, const Vecs &tileSrc, const Vecs &tileDst,
                            int leaveReps = 0) {
  const int dim = srcFlat.getTotalOutDimSizeLog2();
  Vecs bankSrc = vbasis, bankDst = vbasis;
  bankSrc.insert(bankSrc.end(), tileSrc.begin(), tileSrc.end());
  bankDst.insert(bankDst.end(), tileDst.begin(), tileDst.end());
  const int nv = static_cast<int>(vbasis.size());
  // 32 banks x 32 bits per bank line.
  const int lenBbasis = std::min(log2Of(1024 / ((int64_t{1} << nv) * bitwidth)), dim - nv);
  const int lenSbasis = dim - lenBbasis - nv;
  Vecs sbasis = computeSegment(bankSrc, bankDst, dim, lenSbasis);
  Vecs unionBasis = vbasis;
  unionBasis.insert(unionBasis.end(), sbasis.begin(), sbasis.end());
  Vecs bbasis = complementBasis(unionBasis, dim);

  // Reps: segment bases that are registers on both sides, except the first
  // `leaveReps` of them, which ldmatrix/stmatrix .x4 need in one access.
  Vecs srcRegs = flatBases(srcFlat, kRegister), dstRegs = flatBases(dstFlat, kRegister);
  Vecs segment, reps;
  for (int32_t s : sbasis) {
    const bool both = contains(srcRegs, s) && contains(dstRegs, s);
    if (both && leaveReps > 0) {
      --leaveReps;
      segment.push_back(s);
    } else if (both) {
      reps.push_back(s);
    } else {
      segment.push_back(s);
    }
  }
  auto buffer = LinearLayout::tryCreate(
      unflatten({{kVector, vbasis}, {kBank, bbasis}, {kSegment, segment}, {kReps, reps}}),
      srcFlat.getOutDims(), /*requireSurjective=*/true);
  if (!buffer)
    throw InternalError("conversion scratch: the swizzled buffer does not cover the tensor");
  return *buffer;
}

// Moves the bank bases at `order` first (Triton's ColumnAction on "bank").
LinearLayout reorderBanks(const LinearLayout &buffer, const std::vector<size_t> &order) {
  LinearLayout::BasesT bases = buffer.getBases();
  for (auto &[name, bs] : bases) {
    if (name != kBank)
      continue;
    std::vector<LinearLayout::Basis> reordered;
    for (size_t i : order)
      reordered.push_back(bs[i]);
    bs = std::move(reordered);
  }
  return LinearLayout(std::move(bases), buffer.getOutDims(), /*requireSurjective=*/true);
}

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

// Triton's optimalSwizzlingTile: the vector bases (registers, then the
// contiguous lanes) that both layouts can feed with their instructions.
std::optional<Vecs> swizzlingTile(const LinearLayout &a, const LinearLayout &b, int nRegA,
                                  int nRegB, const Vecs &laneIdTileA, const Vecs &laneIdTileB) {
  if (nRegA < nRegB)
    return swizzlingTile(b, a, nRegB, nRegA, laneIdTileB, laneIdTileA);
  const int dim = a.getTotalOutDimSizeLog2();
  const LinearLayout cvt = b.invertAndCompose(a); // b's hardware -> a's hardware
  const Vecs regA = flatBases(a, kRegister), regB = flatBases(b, kRegister);
  const Vecs laneA = flatBases(a, kLane), laneB = flatBases(b, kLane);
  Vecs vbasis = intersectionBasis(regA, regB, dim);
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
int tileConflicts(const Vecs &tileSrc, const Vecs &tileDst, const LinearLayout &flatBuffer) {
  const Vecs segment = flatBases(flatBuffer, kSegment);
  const int rank = flatBuffer.getTotalOutDimSizeLog2();
  const int write = (1 << intersectionBasis(segment, tileSrc, rank).size()) - 1;
  const int read = (1 << intersectionBasis(segment, tileDst, rank).size()) - 1;
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

LinearLayout optimalSwizzlingLdSt(const LinearLayout &src, const LinearLayout &dst, int bitwidth) {
  const LinearLayout srcFlat = src.flattenOuts();
  const LinearLayout dstFlat = dst.flattenOuts();
  const Vecs regSrc = flatBases(srcFlat, kRegister), regDst = flatBases(dstFlat, kRegister);
  const Vecs laneSrc = flatBases(srcFlat, kLane), laneDst = flatBases(dstFlat, kLane);
  const int dim = src.getTotalOutDimSizeLog2();

  Vecs vbasis = intersectionBasis(regSrc, regDst, dim);
  const int maxVecBases = log2Of(128 / bitwidth);
  if (static_cast<int>(vbasis.size()) > maxVecBases)
    vbasis.resize(maxVecBases);

  // Fill a 32-bit bank word as well as possible: registers of one side that
  // are warps of the other, then warps common to both, then any warp.
  std::optional<bool> srcFillsBank;
  if ((int64_t{1} << vbasis.size()) * bitwidth < 32) {
    const int basesPerBank = log2Of(32 / bitwidth);
    const Vecs warpSrc = removeZeros(flatBases(srcFlat, kWarp));
    const Vecs warpDst = removeZeros(flatBases(dstFlat, kWarp));
    auto removeVec = [&](const Vecs &v) {
      Vecs r;
      for (int32_t x : v)
        if (!contains(vbasis, x))
          r.push_back(x);
      return r;
    };
    Vecs regSrcWarp = intersectionBasis(removeVec(regSrc), warpDst, dim);
    Vecs regDstWarp = intersectionBasis(removeVec(regDst), warpSrc, dim);
    Vecs largest;
    if (regSrcWarp.size() == regDstWarp.size() && !regSrcWarp.empty()) {
      if (*std::min_element(regSrcWarp.begin(), regSrcWarp.end()) <
          *std::min_element(regDstWarp.begin(), regDstWarp.end())) {
        largest = regSrcWarp;
        srcFillsBank = true;
      } else {
        largest = regDstWarp;
        srcFillsBank = false;
      }
    } else {
      srcFillsBank = regSrcWarp.size() > regDstWarp.size();
      largest = *srcFillsBank ? regSrcWarp : regDstWarp;
    }
    vbasis.insert(vbasis.end(), largest.begin(), largest.end());
    if (static_cast<int>(vbasis.size()) < basesPerBank) {
      Vecs common = intersectionBasis(warpSrc, warpDst, dim);
      vbasis.insert(vbasis.end(), common.begin(), common.end());
    }
    for (size_t i = 0; static_cast<int>(vbasis.size()) < basesPerBank &&
                       (i < warpSrc.size() || i < warpDst.size());
         ++i) {
      if (i < warpSrc.size() && !contains(vbasis, warpSrc[i]))
        vbasis.push_back(warpSrc[i]);
      if (static_cast<int>(vbasis.size()) < basesPerBank && i < warpDst.size() &&
          !contains(vbasis, warpDst[i]))
        vbasis.push_back(warpDst[i]);
    }
    if (static_cast<int>(vbasis.size()) > basesPerBank)
      vbasis.resize(basesPerBank);
  }

  const int log2Vec =
      log2Of(std::max<int64_t>(1, ((int64_t{1} << vbasis.size()) * bitwidth) / 32));
  auto dropBack = [](const Vecs &v, int n) {
    return Vecs(v.begin(), v.end() - std::min<int>(n, static_cast<int>(v.size())));
  };
  LinearLayout buffer = swizzledBuffer(srcFlat, dstFlat, bitwidth, vbasis,
                                       dropBack(laneSrc, log2Vec), dropBack(laneDst, log2Vec));

  // With narrow vectors, put first the bank bases that are registers of the
  // side that filled the bank word, so that side can vectorise further.
  if (log2Vec < 2) {
    const Vecs banks = flatBases(buffer, kBank);
    std::vector<size_t> inSrc, inDst;
    for (size_t i = 0; i < banks.size(); ++i) {
      if (contains(regSrc, banks[i]))
        inSrc.push_back(i);
      if (contains(regDst, banks[i]))
        inDst.push_back(i);
    }
    std::vector<size_t> order;
    if (srcFillsBank.has_value())
      order = *srcFillsBank ? inSrc : inDst;
    else
      order = inSrc.size() > inDst.size() ? inSrc : inDst;
    for (size_t i = 0; i < banks.size(); ++i)
      if (std::find(order.begin(), order.end(), i) == order.end())
        order.push_back(i);
    buffer = reorderBanks(buffer, order);
  }
  return buffer.reshapeOuts(src.getOutDims());
}

ScratchSwizzle chooseScratchSwizzle(const LinearLayout &src, const LinearLayout &dst,
                                    int bitwidth, ScratchTarget target) {
  const LinearLayout srcFlat = src.flattenOuts(), dstFlat = dst.flattenOuts();
  const Vecs regSrc = flatBases(srcFlat, kRegister), regDst = flatBases(dstFlat, kRegister);
  const Vecs laneSrc = flatBases(srcFlat, kLane), laneDst = flatBases(dstFlat, kLane);
  // Every tile is a full 128-bit access.
  const int totalBases = log2Of(128 / bitwidth);
  const std::vector<MemOpTile> srcTiles = memOpTiles(target, bitwidth, /*store=*/true);
  const std::vector<MemOpTile> dstTiles = memOpTiles(target, bitwidth, /*store=*/false);

  struct Candidate {
    int conflicts;
    LinearLayout buffer;
    ScratchInstruction store, load;
  };
  std::optional<Candidate> best;
  for (const MemOpTile &ts : srcTiles)
    for (const MemOpTile &td : dstTiles) {
      const int nRegSrc = totalBases - static_cast<int>(ts.laneContig.size());
      const int nRegDst = totalBases - static_cast<int>(td.laneContig.size());
      if (nRegSrc < 0 || nRegDst < 0)
        continue;
      const auto vbasis = swizzlingTile(srcFlat, dstFlat, nRegSrc, nRegDst, ts.laneContig,
                                        td.laneContig);
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
        best = Candidate{conflicts, buffer, ts.instr, td.instr};
    }
  ScratchSwizzle out;
  if (!best) {
    out.buffer = optimalSwizzlingLdSt(src, dst, bitwidth);
    return out;
  }
  out.buffer = best->buffer.reshapeOuts(src.getOutDims());
  out.store = best->store;
  out.load = best->load;
  return out;
}

} // namespace ls
