#include "encodings/nvmma_default.h"

#include <algorithm>

#include "util/error.h"
#include "util/seq_text.h"

namespace ls {

namespace {

void checkRequest(const NvmmaDefaultRequest &r) {
  if (r.blockShape.empty() || r.blockShape.size() > 8)
    throw Error("block_shape", "must have 1 to 8 dimensions");
  for (int64_t d : r.blockShape)
    if (d <= 0 || d > (int64_t{1} << 30))
      throw Error("block_shape",
                  "dimensions must be between 1 and 2^30, got " + seqText(r.blockShape));
  // NVMMASharedLayout.__post_init__ asserts these.
  if (r.bitwidth != 8 && r.bitwidth != 16 && r.bitwidth != 32 && r.bitwidth != 64)
    throw Error("dtype", "NVMMASharedLayout needs an element bitwidth of 8, 16, 32 or 64 (Gluon "
                         "asserts element_bitwidth in [8, 16, 32, 64]), got " +
                             std::to_string(r.bitwidth));
  if (r.cgaBases.size() > 4)
    throw Error("cga_layout", "at most 4 bases (16 CTAs)");
  for (const auto &b : r.cgaBases)
    if (b.size() != r.blockShape.size())
      throw Error("cga_layout", "each basis must have one entry per dimension of the shape");
}

} // namespace

std::vector<int64_t> gluonShapePerCTA(const std::vector<int64_t> &shape,
                                      const std::vector<std::vector<int32_t>> &cgaBases) {
  if (cgaBases.empty())
    return shape;
  const size_t rank = cgaBases[0].size();
  std::vector<int64_t> cgaShape(rank, 1);
  for (const auto &basis : cgaBases) {
    if (basis.size() != rank)
      throw Error("cga_layout", "every basis must have " + std::to_string(rank) + " entries");
    for (size_t i = 0; i < rank; ++i)
      cgaShape[i] = std::max<int64_t>(cgaShape[i], basis[i]);
  }
  if (rank != shape.size())
    throw Error("cga_layout", "bases have " + std::to_string(rank) + " entries but the shape has " +
                                  std::to_string(shape.size()) + " dimensions");
  std::vector<int64_t> perCTA = shape;
  for (size_t i = 0; i < rank; ++i) {
    cgaShape[i] *= 2; // "the shape is the largest stride * 2"
    if (perCTA[i] % cgaShape[i] != 0)
      throw Error("cga_layout", "Shape " + seqText(shape) + " is not divisible by CGA layout " +
                                    basesText(cgaBases));
    perCTA[i] /= cgaShape[i];
  }
  return perCTA;
}

unsigned nvmmaDefaultSwizzle(const NvmmaDefaultRequest &r) {
  checkRequest(r);
  std::vector<int64_t> perCTA = gluonShapePerCTA(r.blockShape, r.cgaBases);
  if (r.transposed)
    std::rotate(perCTA.begin(), perCTA.begin() + 1, perCTA.end());
  const int64_t contigElems = perCTA.back() * (r.fp4Padded ? 2 : 1);
  const int64_t contigBytes = contigElems * r.bitwidth / 8;
  unsigned swizzle = 0;
  for (unsigned width : {128u, 64u, 32u})
    if (contigBytes >= width && contigBytes % width == 0) {
      swizzle = width;
      break;
    }
  int64_t outer = 1;
  for (size_t i = 0; i + 1 < perCTA.size(); ++i)
    outer *= perCTA[i];
  if (r.blockShape.size() < 2 || outer < 8)
    swizzle = 0;
  return swizzle;
}

NvmmaSharedEncoding nvmmaDefaultLayout(const NvmmaDefaultRequest &r) {
  NvmmaSharedEncoding enc;
  enc.swizzlingByteWidth = nvmmaDefaultSwizzle(r);
  enc.elementBitWidth = static_cast<unsigned>(r.bitwidth);
  enc.transposed = r.transposed;
  enc.fp4Padded = r.fp4Padded;
  enc.cga = CGALayout(static_cast<int>(r.blockShape.size()), r.cgaBases);
  enc.validate();
  return enc;
}

} // namespace ls
