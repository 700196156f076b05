// Builds LayoutResults for widget tests straight from the engine (the
// widgets never evaluate layouts themselves; the application's document
// does, and these tests stand in for it).
#pragma once

#include <QString>

#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "grid/layout_result.h"

inline ls::ui::LayoutResultPtr makeResult(const QString &attr, ls::Shape shape,
                                          const QString &dtype = QStringLiteral("f32")) {
  auto r = std::make_shared<ls::ui::LayoutResult>();
  r->encoding = ls::ir::parseEncoding(attr.toStdString());
  r->distributed = r->encoding;
  r->attribute = QString::fromStdString(ls::ir::printEncoding(*r->encoding));
  r->designName = QStringLiteral("test");
  r->shape = shape;
  r->elementType = dtype;
  r->elementBits = ls::ir::parseElementType(dtype.toStdString()).bits;
  r->ownership = std::make_shared<const ls::Ownership>(r->encoding->toLinearLayout(shape));
  static quint64 generation = 0;
  r->generation = ++generation;
  return r;
}

// The coalesced-transpose load layout used across the tests:
//   register: (0,1) (0,2) (8,0) (16,0) (32,0)
//   lane:     (0,4) (0,8) (0,16) (0,32) (1,0)
//   warp:     (2,0) (4,0)
inline const QString kTransposeLoad = QStringLiteral(
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
    "order = [1, 0]}>");
