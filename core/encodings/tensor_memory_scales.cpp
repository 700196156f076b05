#include "encodings/tensor_memory_scales.h"

#include "encodings/tensor_memory.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls {

void TensorMemoryScalesEncoding::validate() const {
  if (ctaSplitM == 0 || !isPowerOf2(ctaSplitM))
    throw Error("CTASplitM", "must be a power of 2, got " + std::to_string(ctaSplitM));
  if (ctaSplitN == 0 || !isPowerOf2(ctaSplitN))
    throw Error("CTASplitN", "must be a power of 2, got " + std::to_string(ctaSplitN));
  if (ctaSplitM * ctaSplitN > 16)
    throw Error("CTASplitM", "CTASplitM * CTASplitN must be at most 16 (the CTAs of a cluster), "
                             "got " + std::to_string(ctaSplitM * ctaSplitN));
}

void TensorMemoryScalesEncoding::verifyMemDesc(const Shape &shape, int bitwidth) const {
  validate();
  if (shape.size() != 2)
    throw Error("memdesc", "Scales don't currently support multibuffering");
  if (bitwidth != 8)
    throw Error("dtype", "bitwidth must be 8");
}

namespace {

LinearLayout scalesLayout(const Shape &shape, unsigned splitM, unsigned splitN) {
  const std::vector<DimName> dims = standardOutDimNames(2);
  if (splitN > 1)
    return scalesLayout({shape[0], shape[1] / splitN}, splitM, 1) *
           LinearLayout::identity1D(static_cast<int32_t>(splitN), kCol, dims[1]);
  if (splitM > 1)
    return scalesLayout({shape[0] / splitM, shape[1]}, 1, splitN) *
           LinearLayout::identity1D(static_cast<int32_t>(splitM), kCol, dims[0]);
  LinearLayout tile = LinearLayout::identity1D(32, kRow, dims[0]) *
                      LinearLayout::zeros1D(4, kRow, dims[0]) * // every warp's lane quarter
                      LinearLayout::identity1D(4, kCol, dims[1]) *
                      LinearLayout::identity1D(2, kCol, dims[0]);
  auto ceilDiv = [](int64_t a, int64_t b) { return static_cast<int32_t>((a + b - 1) / b); };
  tile *= LinearLayout::identity1D(ceilDiv(shape[0], tile.getOutDimSize(dims[0])), kCol, dims[0]) *
          LinearLayout::identity1D(ceilDiv(shape[1], tile.getOutDimSize(dims[1])), kCol, dims[1]);
  return ensureLayoutNotLargerThan(tile, {shape[0], shape[1]});
}

} // namespace

LinearLayout TensorMemoryScalesEncoding::computeLinearLayout(const Shape &shape) const {
  if (shape[0] % ctaSplitM != 0 || shape[1] % ctaSplitN != 0 || shape[0] < ctaSplitM ||
      shape[1] < ctaSplitN)
    throw Error("shape", "must be divisible by the CTA split (" + std::to_string(ctaSplitM) +
                             "x" + std::to_string(ctaSplitN) + ")");
  // 2^20 columns of scales are far beyond the 512 TMEM columns; refuse early.
  if (shape[0] * shape[1] > (int64_t{1} << 24))
    throw Error("shape", "at most 2^24 scales fit a TMEM scales layout");
  return scalesLayout(shape, ctaSplitM, ctaSplitN);
}

} // namespace ls
