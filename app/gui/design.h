// Design: one layout being designed -- the unit a document holds.
//
// The attribute text (canonical Triton 3.6 spelling) is the source of truth;
// with the tensor shape, the element type and the module parameters it fixes
// the layout completely. View settings travel with the design so that a saved
// document reopens showing what its author showed.
//
// A tensor-memory design (attribute #ttng.tensor_memory_encoding<...> or
// #ttng.tensor_memory_scales_encoding<...>) also records which TMEM load or
// store reads it (Gluon's instr_variant, "32x32b" by default): the grid then
// shows the registers that access fills.
//
// In a .lstudio file a design is
//   {"name": "load", "attribute": "#ttg.blocked<{...}>", "shape": [64, 64],
//    "elementType": "f32", "numWarps": 4, "threadsPerWarp": 32, "numCTAs": 1,
//    "view": {"colorBy": "warp", "hardware": false, "outer": [], "labels": "thread"}}
// (the view may add "axes": ["M", "N"], the row and column names it was given)
// and a TMEM design adds "tmemVariant": "16x64b" (absent: "32x32b").
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "encodings/module_params.h"
#include "forms/design_draft.h"
#include "layout/layout_utils.h"

namespace ls::app {

struct ViewSettings {
  QString colorBy = QStringLiteral("warp");
  bool hardware = false;
  std::vector<int64_t> outer; // coordinates of the dims before the last two
  // Cell labels: "thread" (T5:3), "lane" (L5) or "fragment" (the MMA
  // fragment register names c0.., a0.., b0..); see widgets/grid/grid_labels.h.
  QString labels = QStringLiteral("thread");
  // Names on the row and column headers; empty: automatic (M/N/K for MMA
  // operands, dim0/dim1 otherwise).
  QString rowAxis, colAxis;
  bool operator==(const ViewSettings &) const = default;
};

// Gluon's default TMEM access.
inline const QString kDefaultTmemVariant = QStringLiteral("32x32b");

struct Design {
  QString name;
  QString attribute;
  ls::Shape shape;
  QString elementType = QStringLiteral("f16");
  ls::ModuleParams module;
  ViewSettings view;
  // The TMEM load/store a tensor-memory design is read with (PTX shape
  // "32x32b", "16x64b", "16x128b", "16x256b" or Gluon's "32x32b_splitn");
  // ignored by other kinds.
  QString tmemVariant = kDefaultTmemVariant;

  bool operator==(const Design &) const = default;

  // "64x64"
  QString shapeText() const;
  // Whether the attribute is a tensor-memory layout (by its mnemonic; the
  // evaluator decides whether it is a valid one).
  bool isTensorMemory() const;
  ui::DesignDraft toDraft() const;
};

// --- The document's target --------------------------------------------------
// One vocabulary with the CLI's --target (core/audit/audit_target.h): sm80,
// sm90, sm100, sm120, gfx90a, gfx942, gfx950, gfx1100, gfx1200, and Triton's
// spellings cuda:N / hip:gfxN, which name the same machines.
inline const QString kDefaultTarget = QStringLiteral("sm90");
inline const QString kDefaultAmdTarget = QStringLiteral("gfx942");
// The canonical names, NVIDIA first.
QStringList targetNames();
// The canonical name of what a user typed or a module says ("cuda:90" ->
// "sm90", "hip:gfx942" -> "gfx942", "gfx942" -> "gfx942"); "" and "auto"
// give "" (no explicit target). nullopt with *error, in the app's words,
// for anything else.
std::optional<QString> canonicalTarget(const QString &text, QString *error = nullptr);
// Whether a canonical target is AMD's.
bool isAmdTarget(const QString &canonical);
// The target a document without an explicit one uses: gfx942 if one of its
// distributed designs has 64 lanes per warp (only AMD's CDNA has them),
// else sm90.
QString impliedTarget(const std::vector<Design> &designs);
// The app's words for a layout the target cannot run: "this layout has 64
// lanes per warp; choose an AMD target (gfx90a, gfx942, gfx950) instead of
// sm90" (only CDNA runs 64-lane warps), "this layout has 32 lanes per warp;
// gfx942 runs 64-lane warps: ..." (CDNA runs nothing else), or "" when it
// fits.
QString targetMismatch(int lanesPerWarp, const QString &canonicalTarget);

QJsonObject designToJson(const Design &d);
// Reads what designToJson writes; *error says what is wrong when it returns
// nullopt. Does not validate the layout (the document evaluates it).
std::optional<Design> designFromJson(const QJsonObject &o, QString *error);

} // namespace ls::app
