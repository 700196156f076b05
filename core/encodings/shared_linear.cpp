#include "encodings/shared_linear.h"

#include "util/bits.h"
#include "util/error.h"

namespace ls {

void SharedLinearEncoding::validate() const {
  if (!isPowerOf2(alignment))
    throw Error("alignment", "must be a positive power of two, got " + std::to_string(alignment));
  if (layout.getInDimNames() != std::vector<DimName>{kOffset, kBlock})
    throw Error("offset", "a shared_linear layout has in-dims offset and block");
  if (layout.getNumOutDims() == 0)
    throw Error("offset", "needs at least one output dimension");
  if (layout.getOutDimNames() != standardOutDimNames(layout.getNumOutDims()))
    throw Error("offset", "out-dims must be dim0, dim1, ...");
  if (!layout.isSurjective())
    throw Error("offset", "the layout must be surjective");
  if (!layout.removeZeroBasesAlongDim(kOffset).removeZeroBasesAlongDim(kBlock).isInvertible())
    throw Error("offset", "after removing the zero bases the layout must be bijective");
}

int SharedLinearEncoding::numCTAs() const { return layout.getInDimSize(kBlock); }

LinearLayout SharedLinearEncoding::computeLinearLayout(const Shape &shape) const {
  for (int d = 0; d < rank(); ++d)
    if (shape[d] != layout.getOutDimSize("dim" + std::to_string(d)))
      throw Error("shape", "a shared_linear layout does not broadcast: dimension " +
                               std::to_string(d) + " is " + std::to_string(shape[d]) +
                               " but the layout spans " +
                               std::to_string(layout.getOutDimSize("dim" + std::to_string(d))));
  return layout;
}

} // namespace ls
