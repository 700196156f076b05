// LayoutResult: one evaluated design, as the views draw it.
//
// The document turns a design (attribute text, shape, element type) into a
// LinearLayout and an Ownership, off the UI thread when the tensor is large,
// and hands the views this immutable value. Views never compute layouts: they
// read the ownership maps, and a new result replaces the old one whole, so a
// view can keep drawing a stale result until the fresh one arrives.
#pragma once

#include <QString>
#include <memory>

#include "analysis/ownership/ownership.h"
#include "encodings/encoding.h"

namespace ls::ui {

struct LayoutResult {
  // Increases with every evaluation the document starts; views use it to
  // invalidate caches.
  quint64 generation = 0;
  QString designName;
  QString attribute; // canonical Triton 3.6 text
  ls::Shape shape;
  QString elementType = QStringLiteral("f16");
  int elementBits = 16;
  ls::EncodingPtr encoding;
  // The distributed or shared layout the grid and the analyses read: the
  // encoding itself, or a TMEM access's register layout.
  ls::EncodingPtr distributed;
  QString tmemVariant; // the TMEM access ("32x32b", ...); empty for other kinds
  std::shared_ptr<const ls::Ownership> ownership;

  bool isShared() const { return encoding && encoding->isShared(); }
  bool isTensorMemory() const { return !tmemVariant.isEmpty(); }
  const ls::LinearLayout &layout() const { return ownership->layout(); }
};

using LayoutResultPtr = std::shared_ptr<const LayoutResult>;

} // namespace ls::ui
