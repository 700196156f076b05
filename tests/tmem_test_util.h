// Helpers shared by the TMEM tests: bases as compact text, so that a data
// row can state a whole layout the way Triton's Python prints it.
#pragma once

#include <QString>

#include "layout/linear_layout.h"
#include "layout/layout_utils.h"
#include "util/seq_text.h"

namespace tmemtest {

// "[[0, 1], [2, 0]]" for one in-dim ("[]" if absent).
inline QString basesText(const ls::LinearLayout &ll, const ls::DimName &inDim) {
  return QString::fromStdString(ls::basesText(ls::inDimBases(ll, inDim)));
}

// "row=[...] col=[...]" or "register=[...] lane=[...] warp=[...] block=[...]".
inline QString layoutText(const ls::LinearLayout &ll) {
  QString s;
  for (const auto &[name, size] : ll.getInDims())
    s += (s.isEmpty() ? "" : " ") + QString::fromStdString(name) + "=" + basesText(ll, name);
  return s;
}

} // namespace tmemtest
