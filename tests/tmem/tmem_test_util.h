// Helpers shared by the TMEM tests: bases as compact text, so that a data
// row can state a whole layout the way Triton's Python prints it.
#pragma once

#include <QString>

#include "layout/linear_layout.h"

namespace tmemtest {

// "[[0, 1], [2, 0]]" for one in-dim ("[]" if absent).
inline QString basesText(const ls::LinearLayout &ll, const ls::DimName &inDim) {
  QString s = "[";
  if (ll.hasInDim(inDim))
    for (int i = 0; i < ll.getInDimSizeLog2(inDim); ++i) {
      auto b = ll.getBasis(inDim, i);
      s += (i ? ", [" : "[");
      for (size_t j = 0; j < b.size(); ++j)
        s += (j ? ", " : "") + QString::number(b[j]);
      s += "]";
    }
  return s + "]";
}

// "row=[...] col=[...]" or "register=[...] lane=[...] warp=[...] block=[...]".
inline QString layoutText(const ls::LinearLayout &ll) {
  QString s;
  for (const auto &[name, size] : ll.getInDims())
    s += (s.isEmpty() ? "" : " ") + QString::fromStdString(name) + "=" + basesText(ll, name);
  return s;
}

} // namespace tmemtest
