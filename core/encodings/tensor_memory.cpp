#include "encodings/tensor_memory.h"

#include "util/bits.h"
#include "util/error.h"

namespace ls {

void TensorMemoryEncoding::validate() const {
  if (blockM != 64 && blockM != 128)
    throw Error("blockM", "must be 64 or 128, got " + std::to_string(blockM));
  if (!isPowerOf2(blockN) || blockN > 512)
    throw Error("blockN", "must be a power of two up to 512, got " + std::to_string(blockN));
  if (colStride == 0 || !isPowerOf2(colStride) || colStride > 32)
    throw Error("colStride", "must be a power of two from 1 to 32, got " +
                                 std::to_string(colStride));
  if (!isPowerOf2(ctaSplitM) || ctaSplitM > 16)
    throw Error("CTASplitM", "must be a power of two up to 16, got " + std::to_string(ctaSplitM));
  if (!isPowerOf2(ctaSplitN) || ctaSplitN > 16)
    throw Error("CTASplitN", "must be a power of two up to 16, got " + std::to_string(ctaSplitN));
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
  if (shape[0] % ctaSplitM != 0 || shape[1] % ctaSplitN != 0)
    throw Error("shape", "must be divisible by the CTA split");
  return tmemLayout(shape, blockM, blockN, colStride, ctaSplitM, ctaSplitN, twoCTAs);
}

} // namespace ls
