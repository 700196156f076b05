// DesignDraft: what the design form shows and the user types, before it is
// validated. The document turns a draft into a design (or names the field
// and rule it breaks); the form keeps the text exactly as typed.
#pragma once

#include <QString>

#include "encodings/module_params.h"

namespace ls::ui {

struct DesignDraft {
  QString name;
  QString attribute;   // attribute text as composed by the form
  QString shapeText;   // "64x64"
  QString elementType; // "f16"
  ls::ModuleParams module;
  QString tmemVariant = QStringLiteral("32x32b"); // TMEM access (tensor-memory kinds only)
};

} // namespace ls::ui
