// #ttg.partitioned_shared (Triton main, after 3.6): a tensor split along
// partitionDim into numPartitions * numGroups pieces; piece k lives in buffer
// (partition) k % numPartitions, group k / numPartitions. Each piece is laid
// out by partitionLayout (another shared layout, on the piece's shape).
// Linear layout (Triton main's): in-dims offset, block, partition;
//   offset: the piece layout's offset bases, then numGroups bases along
//           partitionDim stepping pieceSize * numPartitions;
//   partition: bases along partitionDim stepping pieceSize.
#pragma once

#include "encodings/encoding.h"

namespace ls {

inline const DimName kPartition = "partition";

class PartitionedSharedEncoding : public Encoding {
public:
  unsigned numPartitions = 0;
  unsigned numGroups = 0;
  unsigned partitionDim = 0;
  EncodingPtr partitionLayout; // a shared layout

  unsigned numPieces() const { return numPartitions * numGroups; }

  EncodingKind kind() const override { return EncodingKind::PartitionedShared; }
  int rank() const override { return partitionLayout ? partitionLayout->rank() : 0; }
  bool isShared() const override { return true; }
  void validate() const override;
  int numCTAs() const override { return partitionLayout ? partitionLayout->numCTAs() : 1; }
  const CGALayout *cgaLayout() const override {
    return partitionLayout ? partitionLayout->cgaLayout() : nullptr;
  }

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

} // namespace ls
