#include "analysis/tmem/tmem_reg_layout.h"

#include <algorithm>

#include "encodings/tensor_memory.h"
#include "encodings/tensor_memory_scales.h"
#include "util/bits.h"
#include "util/error.h"
#include "layout/layout_utils.h"
#include "util/seq_text.h"

namespace ls {

namespace {

using Bases = std::vector<LinearLayout::Basis>;

// bases[name], appended (empty) if the layout has no such in-dim yet, as
// Triton's MapVector operator[] does.
Bases &basesOf(LinearLayout::BasesT &bases, const DimName &name) {
  for (auto &[n, b] : bases)
    if (n == name)
      return b;
  bases.push_back({name, {}});
  return bases.back().second;
}

bool isZero(std::span<const int32_t> basis) {
  return std::all_of(basis.begin(), basis.end(), [](int32_t v) { return v == 0; });
}

// Called where Triton 3.6 asserts (the process aborts); we refuse instead.
[[noreturn]] void tritonAborts(const std::string &field, const std::string &what) {
  throw Error(field, "Triton 3.6 aborts on this input (" + what + ")");
}

// The 32-bit case of getDistributedLayoutForTmemLdSt: extend the atom with
// registers and warps until it covers every TMEM column of the tensor, then
// compose with the TMEM layout.
std::optional<LinearLayout> layoutFor32Bit(const LinearLayout &ll, TmemAtom atom, int numWarps) {
  const std::vector<DimName> outDims = ll.getOutDimNames();
  LinearLayout tile = tmemAtomTile(atom, /*unpacked=*/false, /*withWarp=*/false);
  const int32_t nColsTile = tile.getOutDimSize(kCol);
  int32_t nColsMissing = ll.getInDimSize(kCol) / nColsTile;
  if (nColsMissing == 0)
    return std::nullopt;
  const bool instr32Rows = atom == TmemAtom::I32x32b;
  const bool layout16Rows = isZero(ll.getBasis(kRow, 4));

  // The lowering inverts the TMEM layout on the result and expects the atom
  // back, so within one instruction no two (register, lane) may meet the same
  // element.  32x32b with a half-empty 32-row slab uses 16x32bx2 for lanes
  // 16..31, so only lanes 0..15 count there.
  LinearLayout comp = tile.compose(ll).sublayout({kRegister, kLane}, outDims);
  if (instr32Rows)
    comp = comp.resizeInDim(kLane, comp.getInDimSize(kLane) / 2);
  if (!comp.isInjective())
    return std::nullopt;

  // Rows 16..31 of each quarter, which 16-row atoms do not reach: a warp
  // takes them if there are 8 or more, otherwise a register.
  std::optional<DimName> row16;
  if (!instr32Rows && !layout16Rows)
    row16 = numWarps > 4 ? kWarp : kRegister;

  int32_t warpsToTile = numWarps / (row16 == kWarp ? 8 : 4);
  // More warps than column blocks: the rest hold copies.
  const int32_t warpBroadcast = warpsToTile / std::min(nColsMissing, warpsToTile);
  warpsToTile /= warpBroadcast;
  nColsMissing /= warpsToTile;

  if (nColsMissing > 1) {
    if (instr32Rows && layout16Rows) {
      // Lanes 16..31 would read the empty rows: send them to the next column
      // block instead (the 16x32bx2 instruction).
      auto halved = divideLeft(tile, LinearLayout::identity1D(2, kLane, kRow));
      if (!halved)
        tritonAborts("layout", "the 32x32b atom does not start with lane -> row");
      tile = *halved * (LinearLayout::identity1D(nColsMissing / 2, kRegister, kCol) *
                        LinearLayout::identity1D(2, kLane, kCol));
    } else {
      tile *= LinearLayout::identity1D(nColsMissing, kRegister, kCol);
    }
  }

  LinearLayout::BasesT bases = tile.getBases();
  Bases &warps = basesOf(bases, kWarp);
  warps.push_back({32, 0});
  warps.push_back({64, 0});
  if (row16)
    basesOf(bases, *row16).push_back({16, 0});
  tile = LinearLayout(std::move(bases), {{kRow, 128}, {kCol, tile.getOutDimSize(kCol)}},
                      /*requireSurjective=*/false);
  tile *= LinearLayout::identity1D(warpsToTile, kWarp, kCol);
  tile *= LinearLayout::zeros1D(warpBroadcast, kWarp, kCol);
  if (tile.getOutDimSize(kCol) != ll.getInDimSize(kCol))
    tritonAborts("layout", "the extended atom does not cover the TMEM columns");
  return tile.compose(ll);
}

} // namespace

const char *tmemVariantName(TmemVariant variant) {
  switch (variant) {
  case TmemVariant::I32x32b: return "32x32b";
  case TmemVariant::I16x64b: return "16x64b";
  case TmemVariant::I16x128b: return "16x128b";
  case TmemVariant::I16x256b: return "16x256b";
  case TmemVariant::I16x32bx2: return "16x32bx2";
  case TmemVariant::I32x32bSplitN: return "32x32b_splitn";
  }
  return "?";
}

const std::vector<TmemVariant> &allTmemVariants() {
  static const std::vector<TmemVariant> all = {
      TmemVariant::I32x32b,  TmemVariant::I16x64b,   TmemVariant::I16x128b,
      TmemVariant::I16x256b, TmemVariant::I16x32bx2, TmemVariant::I32x32bSplitN};
  return all;
}

TmemVariant parseTmemVariant(const std::string &text) {
  for (TmemVariant v : allTmemVariants())
    if (text == tmemVariantName(v))
      return v;
  throw Error("instr_variant", "unknown instr_variant: " + text +
                                   " (expected 32x32b, 16x64b, 16x128b, 16x256b or 32x32b_splitn)");
}

std::optional<LinearLayout> tmemLoadStoreLayout(const LinearLayout &ll, TmemAtom atom,
                                                int numWarps, int bitwidth,
                                                const std::optional<LinearLayout> &cga) {
  const std::vector<DimName> dims = ll.getOutDimNames();
  if (dims.size() != 2 || !ll.hasInDim(kRow) || !ll.hasInDim(kCol))
    throw InternalError("tmemLoadStoreLayout: expected a (row, col) -> (dim0, dim1) layout");
  if (cga) {
    // The TMEM layout carries the CTA split as its top columns (CTA order
    // [0, 1]); divide it out, solve per CTA, and append the CGA layout
    // (with its broadcasting) as the block dimension.
    const int32_t cga0 = cga->hasOutDim(dims[0]) ? cga->getOutDimSize(dims[0]) : 1;
    const int32_t cga1 = cga->hasOutDim(dims[1]) ? cga->getOutDimSize(dims[1]) : 1;
    const LinearLayout ctaCol =
        LinearLayout::identity1D(cga0, kCol, dims[0]) * LinearLayout::identity1D(cga1, kCol, dims[1]);
    auto quot = divideRight(ll, ctaCol);
    if (!quot)
      tritonAborts("cga_layout", "the TMEM layout is not split over these CTAs: divideRight "
                                 "of the CTA columns failed");
    auto ret = tmemLoadStoreLayout(*quot, atom, numWarps, bitwidth, std::nullopt);
    if (!ret)
      return ret;
    return *ret * *cga;
  }
  if (bitwidth != 32) {
    // Pack: the longest run of elements contiguous along dim1 that fits in
    // 32 bits becomes consecutive registers (b8/b16 into b32, or b8 into b16
    // and again).
    LinearLayout quot;
    int bestContig = 1;
    for (int contig = 1; bitwidth * contig <= 32; contig *= 2) {
      auto q = divideLeft(ll, LinearLayout::identity1D(contig, kCol, dims[1]));
      if (!q)
        break;
      quot = *q;
      bestContig = contig;
    }
    if (bestContig > 1) {
      auto ret = tmemLoadStoreLayout(quot, atom, numWarps, bitwidth * bestContig, std::nullopt);
      if (!ret)
        return ret;
      return LinearLayout::identity1D(bestContig, kRegister, dims[1]) * *ret;
    }
    const int32_t perCell = 32 / bitwidth;
    auto unpacked = divideLeft(ll, LinearLayout::zeros1D(perCell, kCol, dims[1]) *
                                       LinearLayout::identity1D(2, kCol, dims[1]));
    if (bitwidth == 16 && unpacked) {
      // Unpacked 16-bit: one element per 32-bit column, two columns per
      // 32-bit register pair.
      auto ret = tmemLoadStoreLayout(*unpacked, atom, numWarps, 32, std::nullopt);
      if (!ret)
        return ret;
      return LinearLayout::identity1D(2, kRegister, dims[1]) * *ret;
    }
    if (auto padded = divideLeft(ll, LinearLayout::zeros1D(perCell, kCol, dims[1])))
      return tmemLoadStoreLayout(*padded, atom, numWarps, 32, std::nullopt); // software padding
    if (ll.getInDimSize(kCol) == 1)
      return tmemLoadStoreLayout(ll, atom, numWarps, 32, std::nullopt); // one column, padded
    tritonAborts("colStride", "assertion 'Should not happen': " + std::to_string(bitwidth) +
                                  "-bit elements are neither packed, unpacked nor padded to 32 "
                                  "bits in this TMEM layout");
  }
  return layoutFor32Bit(ll, atom, numWarps);
}

namespace {

// Gluon's _compute_tmem_reg_layout post-processing for 32x32b_splitn: move
// the basis that steps by N/2 into the last register.
LinearLayout applySplitN(const LinearLayout &layout, const TmemRegRequest &r) {
  const int32_t half = static_cast<int32_t>(r.shape[1] / 2);
  const LinearLayout::Basis target = {0, half};
  LinearLayout::BasesT bases = layout.getBases();
  for (const DimName &d : {kRegister, kLane, kWarp})
    basesOf(bases, d); // append missing dims first: the references below stay valid
  Bases &regs = basesOf(bases, kRegister);
  Bases &lanes = basesOf(bases, kLane);
  Bases &warps = basesOf(bases, kWarp);
  auto rebuild = [&]() {
    return LinearLayout(bases, layout.getOutDims(), /*requireSurjective=*/false);
  };
  if (regs.empty()) {
    // One register: PTX cannot split it; Gluon moves the last lane instead.
    if (lanes.empty() || lanes.back() != target)
      throw Error("instr_variant",
                  "splitn with 1 register requires the last lane basis to be [0, N / 2]. Got " +
                      gluonLinearLayoutRepr(layout));
    regs.push_back(target);
    lanes.back() = {0, 0};
    return rebuild();
  }
  if (regs.back() == target)
    return layout;
  const int bits = r.bitwidth;
  const int64_t numReg = int64_t{1} << regs.size();
  if (numReg <= 32 / bits)
    throw Error("instr_variant",
                "To be able to `tmem.load` into `tl.split` you need to have more than " +
                    std::to_string(32 / bits) + " " + std::to_string(bits) +
                    "-bit registers, as you need to use the instruction 32x32b.x1 twice. You can "
                    "always load into instr_variant=\"32x32b\" and then convert_layout to this "
                    "layout otherwise.");
  for (Bases *list : {&lanes, &warps})
    for (auto &basis : *list)
      if (basis == target) {
        std::swap(regs.back(), basis);
        return rebuild();
      }
  throw Error("instr_variant", "splitn requires at least one basis of [0, N / 2]. Got " +
                                   gluonTmemLayoutRepr(*r.layout));
}

// Checks Gluon and the memdesc verifier make before any layout is computed.
void checkRequest(const TmemRegRequest &r) {
  if (r.numWarps < 4 || !isPowerOf2(r.numWarps))
    throw Error("num_warps", "num_warps must be a power of two and >= 4");
  if (r.numWarps > 1024)
    throw Error("num_warps", "at most 1024 warps are supported by this tool");
  if (r.shape.size() != 2)
    throw Error("shape", "expected a 2D tensor");
  if (!r.layout)
    throw Error("layout", "a TMEM layout is required");
  if (r.bitwidth <= 0 || r.bitwidth > 64)
    throw Error("dtype", "unsupported element width " + std::to_string(r.bitwidth));
  validateShape(r.shape, 2, "shape");
  if (auto *t = dynamic_cast<const TensorMemoryEncoding *>(r.layout.get()))
    t->verifyMemDesc(r.shape, r.bitwidth);
  else if (auto *s = dynamic_cast<const TensorMemoryScalesEncoding *>(r.layout.get()))
    s->verifyMemDesc(r.shape, r.bitwidth);
  else
    throw Error("layout", "expected #ttng.tensor_memory_encoding<...> or "
                          "#ttng.tensor_memory_scales_encoding<...>");
  // Past the verifier (which rejects wider elements with Triton's message):
  // sub-byte elements are not a TMEM data type.
  if (r.bitwidth != 8 && r.bitwidth != 16 && r.bitwidth != 32)
    throw Error("dtype", "TMEM holds 8-, 16- or 32-bit elements, got " +
                             std::to_string(r.bitwidth) + "-bit");
}

std::optional<LinearLayout> cgaLayoutOf(const TmemRegRequest &r) {
  for (const auto &b : r.cgaBases)
    if (b.size() != 2)
      throw Error("cga_layout", "cga_layout basis rank mismatch");
  if (r.cgaBases.size() > 4)
    throw Error("cga_layout", "at most 4 bases (16 CTAs)");
  // Gluon always passes a CTA layout, an empty one for a single CTA.
  try {
    return LinearLayout({{kBlock, r.cgaBases}}, standardOutDimNames(2));
  } catch (const Error &) {
    throw Error("cga_layout", "the bases must reach every CTA tile of the cluster (Triton asserts "
                              "that a CGA layout is surjective); e.g. [[1, 0]] splits dim 0 over "
                              "two CTAs");
  }
}

LinearLayout solve(const TmemRegRequest &r, TmemAtom atom, const std::string &atomName) {
  const LinearLayout tmem = r.layout->toLinearLayout(r.shape);
  auto layout = tmemLoadStoreLayout(tmem, atom, r.numWarps, r.bitwidth, cgaLayoutOf(r));
  if (!layout)
    throw Error("instr_variant", "TMEM layout '" + atomName + "' unsupported for shape " +
                                     seqText(r.shape) + " and num_warps " +
                                     std::to_string(r.numWarps));
  return *layout;
}

} // namespace

LinearLayout tmemRegLayout(const TmemRegRequest &r) {
  checkRequest(r);
  const bool splitN = r.variant == TmemVariant::I32x32bSplitN;
  TmemAtom atom = TmemAtom::I32x32b;
  switch (r.variant) {
  case TmemVariant::I32x32b:
  case TmemVariant::I32x32bSplitN: atom = TmemAtom::I32x32b; break;
  case TmemVariant::I16x64b: atom = TmemAtom::I16x64b; break;
  case TmemVariant::I16x128b: atom = TmemAtom::I16x128b; break;
  case TmemVariant::I16x256b: atom = TmemAtom::I16x256b; break;
  case TmemVariant::I16x32bx2:
    throw Error("instr_variant",
                "Atom 16x32bx2 is inferred implicitly and cannot be requested explicitly");
  }
  LinearLayout layout = solve(r, atom, tmemAtomName(atom));
  return splitN ? applySplitN(layout, r) : layout;
}

LinearLayout tmemDefaultRegLayout(const TmemRegRequest &request, bool prefer16x256) {
  TmemRegRequest r = request;
  checkRequest(r);
  if (prefer16x256) {
    auto layout = tmemLoadStoreLayout(r.layout->toLinearLayout(r.shape), TmemAtom::I16x256b,
                                      r.numWarps, r.bitwidth, cgaLayoutOf(r));
    if (layout)
      return *layout;
  }
  return solve(r, TmemAtom::I32x32b, "32x32b");
}

std::string gluonTmemLayoutRepr(const Encoding &layout) {
  auto split = [](unsigned m, unsigned n) {
    return m == 1 && n == 1 ? std::string("None")
                            : "(" + std::to_string(m) + ", " + std::to_string(n) + ")";
  };
  if (auto *t = dynamic_cast<const TensorMemoryEncoding *>(&layout))
    return "TensorMemoryLayout(block=(" + std::to_string(t->blockM) + ", " +
           std::to_string(t->blockN) + "), col_stride=" + std::to_string(t->colStride) +
           ", cta_split_num=" + split(t->ctaSplitM, t->ctaSplitN) +
           ", two_ctas=" + (t->twoCTAs ? "True" : "False") + ")";
  if (auto *s = dynamic_cast<const TensorMemoryScalesEncoding *>(&layout))
    return "TensorMemoryScalesLayout(cta_split_num=" + split(s->ctaSplitM, s->ctaSplitN) + ")";
  return "?";
}

std::string gluonLinearLayoutRepr(const LinearLayout &layout) {
  Shape shape;
  for (const auto &[name, size] : layout.getOutDims())
    shape.push_back(size);
  return "DistributedLinearLayout(reg_bases=" + basesText(inDimBases(layout, kRegister)) +
         ", lane_bases=" + basesText(inDimBases(layout, kLane)) +
         ", warp_bases=" + basesText(inDimBases(layout, kWarp)) +
         ", block_bases=" + basesText(inDimBases(layout, kBlock)) + ", shape=" + seqText(shape) +
         ")";
}

} // namespace ls
