#include "encodings/tensor_memory.h"

#include "util/bits.h"
#include "util/error.h"

namespace ls {

namespace {

std::string num(int64_t v) { return std::to_string(v); }

} // namespace

void TensorMemoryEncoding::validate() const {
  // Clusters hold at most 16 CTAs; larger splits are refused before any
  // layout is built (Triton only asks for powers of two).
  if (ctaSplitM == 0 || ctaSplitN == 0 || !isPowerOf2(ctaSplitM) || !isPowerOf2(ctaSplitN))
    throw Error(ctaSplitM == 0 || !isPowerOf2(ctaSplitM) ? "CTASplitM" : "CTASplitN",
                "CTASplitM and CTASplitN must be greater than 0 and a power of 2");
  if (ctaSplitM * ctaSplitN > 16)
    throw Error("CTASplitM", "CTASplitM * CTASplitN must be at most 16 (the CTAs of a cluster), "
                             "got " + num(ctaSplitM * ctaSplitN));
  if (blockM != 64 && blockM != 128)
    throw Error("blockM", "blockM must be 64 or 128 but got " + num(blockM));
  if (!isPowerOf2(blockN))
    throw Error("blockN", "blockN must be a power of 2 but got " + num(blockN));
  if (blockN > 512)
    throw Error("blockN", "blockN must be less than or equal to 512 but got " + num(blockN));
  if (colStride != 1 && colStride != 2 && colStride != 4)
    throw Error("colStride", "colStride must be 1, 2, or 4 but got " + num(colStride));
}

void TensorMemoryEncoding::verifyMemDesc(const Shape &shape, int bitwidth) const {
  validate();
  if (shape.size() != 2 && shape.size() != 3)
    throw Error("memdesc", "rank must be 2 or 3");
  if (bitwidth * static_cast<int64_t>(colStride) > 32)
    throw Error("colStride", "bitwidth * colStride must be less than or equal to 32. Got " +
                                 num(bitwidth) + " and " + num(colStride));
  const int64_t m = shape[shape.size() - 2], n = shape[shape.size() - 1];
  if (m < int64_t{blockM} * ctaSplitM || n < int64_t{blockN} * ctaSplitN)
    throw Error("shape", "the allocation shape must be at least " + num(blockM * ctaSplitM) +
                             "x" + num(blockN * ctaSplitN) + ". Got " + num(m) + ", " + num(n));
  const LinearLayout ll = toLinearLayout({m, n});
  const std::vector<DimName> dims = standardOutDimNames(2);
  if (ll.getOutDimSize(dims[0]) != m || ll.getOutDimSize(dims[1]) != n)
    throw Error("shape", "allocation shape must be equal to " + num(ll.getOutDimSize(dims[0])) +
                             "x" + num(ll.getOutDimSize(dims[1])));
  const int64_t nCol = ll.getInDimSize(kCol) / (ctaSplitM * ctaSplitN);
  if (nCol > 512 * 32 / bitwidth)
    throw Error("shape", "nCol / (CTASplitM * CTASplitN) must be less than or equal to "
                         "512 * 32 / bitwidth but got " + num(nCol));
}

TmemAllocation TensorMemoryEncoding::allocation(const Shape &shape, int bitwidth) const {
  return tmemAllocation(toLinearLayout(shape), bitwidth, numCTAs());
}

TmemAllocation tmemAllocation(const LinearLayout &ll, int bitwidth, int numCTAs) {
  TmemAllocation a;
  a.numRows = ll.getInDimSize(kRow);
  a.numCols = ll.getInDimSize(kCol) / (32 / bitwidth);
  // One 16-row slab per warp quarter: the allocator takes 64 lanes.
  if (ll.getInDimSizeLog2(kRow) > 4) {
    auto b = ll.getBasis(kRow, 4);
    bool zero = true;
    for (int32_t v : b)
      zero = zero && v == 0;
    if (zero)
      a.numRows /= 2;
  }
  a.numCols /= numCTAs;
  return a;
}

namespace {

LinearLayout tmemLayout(const Shape &shape, unsigned blockM, unsigned blockNAttr,
                        unsigned colStride, unsigned splitM, unsigned splitN, bool twoCTAs) {
  const std::vector<DimName> dims = standardOutDimNames(2);
  if (splitN > 1) {
    // CTA order [0, 1]: the N split is outermost.
    return tmemLayout({shape[0], shape[1] / splitN}, blockM, blockNAttr, colStride, splitM, 1,
                      twoCTAs) *
           LinearLayout::identity1D(static_cast<int32_t>(splitN), kCol, dims[1]);
  }
  if (splitM > 1) {
    const bool m64TwoCTA = blockM == 64 && twoCTAs;
    unsigned bm = blockM, sm = splitM;
    if (m64TwoCTA) {
      // blockM 64 in two-CTA mode is the transpose of 128 x blockN.
      bm *= 2;
      sm /= 2;
    }
    LinearLayout ret = tmemLayout({shape[0] / sm, shape[1]}, bm, blockNAttr, colStride, 1, splitN,
                                  twoCTAs) *
                       LinearLayout::identity1D(static_cast<int32_t>(sm), kCol, dims[0]);
    if (m64TwoCTA) {
      // Swap the last row basis with the last column basis (PTX data path layout B).
      LinearLayout::BasesT bases = ret.getBases();
      auto &rows = bases[0].first == kRow ? bases[0].second : bases[1].second;
      auto &cols = bases[0].first == kCol ? bases[0].second : bases[1].second;
      if (rows.empty() || cols.empty())
        throw Error("twoCTAs", "blockM = 64 with twoCTAs needs at least one column basis");
      std::swap(rows.back(), cols.back());
      ret = LinearLayout(std::move(bases), ret.getOutDims(), ret.isSurjective());
    }
    return ret;
  }
  const int32_t bn = static_cast<int32_t>(std::min<int64_t>(blockNAttr, shape[1]));
  LinearLayout tile = LinearLayout::zeros1D(static_cast<int32_t>(colStride), kCol, dims[1]);
  if (blockM == 64) {
    tile *= LinearLayout::identity1D(16, kRow, dims[0]) * LinearLayout::identity1D(bn, kCol, dims[1]);
    LinearLayout::BasesT bases = tile.getBases();
    auto &rows = bases[0].first == kRow ? bases[0].second : bases[1].second;
    if (shape[0] > blockM)
      rows.push_back({64, 0});
    else if (shape[1] > bn)
      rows.push_back({0, bn});
    else
      rows.push_back({0, 0}); // lanes 16..31 hold no element
    rows.push_back({16, 0});
    rows.push_back({32, 0});
    tile = LinearLayout(std::move(bases), dims);
  } else {
    tile *= LinearLayout::identity1D(static_cast<int32_t>(blockM), kRow, dims[0]) *
            LinearLayout::identity1D(bn, kCol, dims[1]);
  }
  const int64_t repsM = shape[0] / tile.getOutDimSize(dims[0]);
  const int64_t repsN = shape[1] / tile.getOutDimSize(dims[1]);
  if (repsM < 1 || repsN < 1)
    throw Error("shape", "the tensor (" + std::to_string(shape[0]) + "x" +
                             std::to_string(shape[1]) + ") is smaller than one TMEM block");
  return tile * LinearLayout::identity1D(static_cast<int32_t>(repsM), kCol, dims[0]) *
         LinearLayout::identity1D(static_cast<int32_t>(repsN), kCol, dims[1]);
}

} // namespace

LinearLayout TensorMemoryEncoding::computeLinearLayout(const Shape &shape) const {
  if (shape[0] % ctaSplitM != 0 || shape[1] % ctaSplitN != 0 || shape[0] < ctaSplitM ||
      shape[1] < ctaSplitN)
    throw Error("shape", "must be divisible by the CTA split (" + std::to_string(ctaSplitM) +
                             "x" + std::to_string(ctaSplitN) + ")");
  return tmemLayout(shape, blockM, blockN, colStride, ctaSplitM, ctaSplitN, twoCTAs);
}

} // namespace ls
