// LayoutEvaluator: turns designs into what the views draw, and drafts into
// designs -- all the calls into the engine the application makes.
//
// validate(draft) is the rule check behind every edit: the shape must be
// powers of two, the attribute must parse, the layout must exist for that
// shape, and the module parameters must agree with the encoding (products of
// lanes and warps, CTA count). The first broken rule comes back as a
// FieldError naming the field to mark; a valid draft comes back as a design
// with the canonical attribute text.
//
// evaluate(design) builds the LinearLayout and the Ownership. It is pure and
// thread-safe, so the document can run it on a worker thread.
//
// A tensor-memory design (#ttng.tensor_memory_encoding or _scales_encoding)
// is evaluated as the registers of its TMEM load/store -- Gluon's
// get_tmem_reg_layout(element type, shape, layout, num-warps, access) -- so
// the grid, hover, basis view, step-through and export all show which warp,
// lane and register holds each element. Gluon's refusals come back as
// FieldErrors too ("instr_variant", "num-warps", "colStride", ...).
#pragma once

#include <QString>
#include <variant>

#include "analysis/tmem/tmem_design.h"
#include "design.h"
#include "grid/layout_result.h"

namespace ls::app {

struct FieldError {
  QString field; // "shape", "num-warps", "sizePerThread", ... ("" = general)
  QString rule;
};

// The largest tensor the application draws (8192 x 8192).
constexpr int64_t kMaxDrawnElements = int64_t{1} << 26;

// "64x64" -> {64, 64}, or a FieldError for "shape".
std::variant<ls::Shape, FieldError> parseShapeText(const QString &text);

// Validates a draft; on success the result keeps `base`'s view settings.
std::variant<Design, FieldError> validateDraft(const ui::DesignDraft &draft, const Design &base);
// Checks a whole design (e.g. one read from a file).
std::optional<FieldError> checkDesign(const Design &d);

// Builds the result; throws ls::Error (bad input) like the engine does.
ui::LayoutResultPtr evaluateDesign(const Design &d, quint64 generation);

// The module parameters and element type an attribute implies, for designs
// created from pasted text (a TMEM layout implies one warpgroup, 32 lanes,
// one CTA).
ls::ModuleParams impliedModule(const QString &attribute);

// A tensor-memory design as core's TmemDesign (what the TMEM dock draws);
// throws ls::Error when the design is not one.
ls::TmemDesign tmemDesignOf(const Design &d);
// `d` with the layout, shape, element type, warps and access of `t` (name
// and view settings kept).
Design withTmemDesign(Design d, const ls::TmemDesign &t);

} // namespace ls::app
