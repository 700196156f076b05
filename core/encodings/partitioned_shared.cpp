#include "encodings/partitioned_shared.h"

#include "util/bits.h"
#include "util/error.h"

namespace ls {

void PartitionedSharedEncoding::validate() const {
  // Triton main's PartitionedSharedEncodingAttr::verify, in its order.
  if (numPartitions < 2 || !isPowerOf2(numPartitions))
    throw Error("numPartitions",
                "must be a power of 2 and at least 2, got " + std::to_string(numPartitions));
  if (numGroups == 0 || !isPowerOf2(numGroups))
    throw Error("numGroups",
                "must be a power of 2 and greater than 0, got " + std::to_string(numGroups));
  if (!partitionLayout || !partitionLayout->isShared() || partitionLayout->isTensorMemory())
    throw Error("partitionLayout", "must be a shared layout");
  partitionLayout->validate();
  if (static_cast<int>(partitionDim) >= partitionLayout->rank())
    throw Error("partitionDim", "(" + std::to_string(partitionDim) +
                                    ") must be less than the layout rank (" +
                                    std::to_string(partitionLayout->rank()) + ")");
}

LinearLayout PartitionedSharedEncoding::computeLinearLayout(const Shape &shape) const {
  const auto along = shape[partitionDim];
  if (along % numPieces() != 0)
    throw Error("shape", "dimension " + std::to_string(partitionDim) + " (" +
                             std::to_string(along) + ") must hold numPartitions * numGroups = " +
                             std::to_string(numPieces()) + " pieces");
  Shape piece = shape;
  piece[partitionDim] = along / numPieces();
  // The piece's layout (for a padded piece layout: its linear component, as
  // Triton main's paddedLinearLayout), then the partitions, then the groups
  // appended to offset.
  LinearLayout base = partitionLayout->toLinearLayout(piece);
  const DimName dim = "dim" + std::to_string(partitionDim);
  return base * LinearLayout::identity1D(static_cast<int32_t>(numPartitions), kPartition, dim) *
         LinearLayout::identity1D(static_cast<int32_t>(numGroups), kOffset, dim);
}

} // namespace ls
