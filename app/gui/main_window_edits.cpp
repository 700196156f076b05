// MainWindow's edits: turning form drafts, pasted text and command-line
// layouts into undoable document edits (or into errors next to a field).
#include <QStatusBar>

#include "analysis/tmem/tmem_design.h"
#include "analysis_docks.h"
#include "background_task.h"
#include "forms/design_form.h"
#include "grid/grid_panel.h"
#include "main_window.h"
#include "module_retarget.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "paste_import.h"
#include "util/error.h"

namespace ls::app {

void MainWindow::applyDraft(const ui::DesignDraft &draftIn, const QString &field) {
  const int cur = doc_->currentIndex();
  if (cur < 0)
    return;
  const Design base = doc_->design(cur);
  ui::DesignDraft draft = draftIn;
  if (field == QLatin1String("kind")) {
    // A new kind brings its own lanes and warps (MFMA is wave64).
    const ls::ModuleParams implied = impliedModule(draft.attribute);
    try {
      if (!ls::ir::parseEncoding(draft.attribute.toStdString())->isShared()) {
        draft.module.numWarps = implied.numWarps;
        draft.module.threadsPerWarp = implied.threadsPerWarp;
      }
    } catch (const std::exception &) {
    }
    draft.module.numCTAs = implied.numCTAs;
    // A TMEM access needs a warpgroup; more warps split the columns. TMEM
    // holds 8-, 16- and 32-bit elements, and block scales are 8-bit.
    if (draft.attribute.startsWith(QLatin1String("#ttng.tensor_memory"))) {
      draft.module.numWarps = std::max(4, base.module.numWarps);
      int bits = 0;
      try {
        bits = ls::ir::parseElementType(draft.elementType.toStdString()).bits;
      } catch (const std::exception &) {
      }
      if (draft.attribute.startsWith(QLatin1String("#ttng.tensor_memory_scales")) && bits != 8)
        draft.elementType = QStringLiteral("i8");
      else if (bits != 8 && bits != 16 && bits != 32)
        draft.elementType = QStringLiteral("f32");
    }
  }
  if (field == QLatin1String("num-warps") || field == QLatin1String("threads-per-warp"))
    draft.attribute = retargetAttribute(draft.attribute, base.module, draft.module);
  auto v = validateDraft(draft, base);
  if (auto *e = std::get_if<FieldError>(&v)) {
    form_->clearErrors();
    form_->showError(e->field, e->rule);
    const QString where = e->field.isEmpty() ? QString() : e->field + QStringLiteral(": ");
    primary_->view()->setMessage(
        tr("Not applied \u2014 %1%2. Showing the last valid layout.").arg(where, e->rule));
    return;
  }
  form_->clearErrors();
  primary_->view()->setMessage(QString());
  Design after = std::get<Design>(v);
  if (after.shape != base.shape)
    after.view.outer.assign(after.shape.size() > 2 ? after.shape.size() - 2 : 0, 0);
  if (field == QLatin1String("kind")) {
    try {
      after.view.colorBy = ls::ir::parseEncoding(after.attribute.toStdString())->isShared()
                               ? QStringLiteral("offset")
                               : QStringLiteral("warp");
    } catch (const std::exception &) {
    }
  }
  doc_->editDesign(cur, after, field);
  if (field == QLatin1String("kind") && after.isTensorMemory())
    analysis_->revealTmem();
  // The form may hold text the canonical form spells differently.
  refreshCurrent();
}

QString MainWindow::applyAttribute(int index, const QString &attribute) {
  if (index < 0 || index >= doc_->count())
    return tr("there is no design %1").arg(index);
  const Design base = doc_->design(index);
  ui::DesignDraft draft = base.toDraft();
  draft.attribute = attribute;
  auto v = validateDraft(draft, base);
  if (auto *e = std::get_if<FieldError>(&v))
    return (e->field.isEmpty() ? QString() : e->field + QStringLiteral(": ")) + e->rule;
  doc_->editDesign(index, std::get<Design>(v), QStringLiteral("suggestion"));
  return {};
}

QString MainWindow::currentAttribute() const {
  const int cur = doc_->currentIndex();
  return cur >= 0 ? doc_->design(cur).attribute : QString();
}

QString MainWindow::pasteText(const QString &text) {
  // A whole kernel (ops, not only aliases) also opens in the Kernel view.
  QString kernelError;
  const bool kernel = text.size() < kBackgroundPasteChars && looksLikeTtgir(text) &&
                      (text.contains(QStringLiteral("tt.func")) ||
                       text.contains(QStringLiteral("module attributes"))) &&
                      analysis_->openKernelText(text, &kernelError);
  ImportResult r;
  if (text.size() >= kBackgroundPasteChars) {
    // Seconds of reading for a large dump: on a worker, with progress and
    // Cancel; the window keeps repainting meanwhile.
    const Design base = baseDesign();
    const std::optional<ImportResult> got = runWithProgress<ImportResult>(
        this, tr("Reading the pasted text (%1 KiB)...").arg(text.size() / 1024),
        [text, base](TaskControl &control) {
          return importLayouts(text, base, control.readProgress());
        });
    if (!got)
      return tr("paste cancelled; the document is unchanged");
    r = *got;
  } else {
    r = importLayouts(text, baseDesign());
  }
  if (!r.error.isEmpty())
    return kernel ? QString() : r.error;
  const int cur = doc_->currentIndex();
  if (r.designs.size() == 1 && cur >= 0 && !looksLikeTtgir(text)) {
    Design d = r.designs.front();
    d.name = doc_->design(cur).name;
    doc_->editDesign(cur, d, QStringLiteral("paste"));
  } else {
    doc_->undoStack()->beginMacro(tr("Paste %1 layouts").arg(r.designs.size()));
    // A module names its machine (ttg.target, or 64 lanes per warp): it
    // becomes the document's target, in the same undoable step.
    if (!r.target.isEmpty())
      doc_->setTarget(r.target);
    for (const Design &d : r.designs)
      doc_->addDesign(d);
    doc_->undoStack()->endMacro();
    // Show the first pasted design.
    doc_->setCurrentIndex(doc_->count() - static_cast<int>(r.designs.size()));
  }
  // Tensor memory is easiest read beside its 128 lanes: open the TMEM dock.
  if (doc_->currentIndex() >= 0 && doc_->design(doc_->currentIndex()).isTensorMemory())
    analysis_->revealTmem();
  QStringList said;
  if (!r.warnings.isEmpty())
    said << tr("Read with warnings: %1").arg(r.warnings.join(QStringLiteral("; ")));
  if (!r.notes.isEmpty())
    said << tr("Skipped: %1").arg(r.notes.join(QStringLiteral("; ")));
  if (!said.isEmpty())
    statusBar()->showMessage(said.join(QStringLiteral(" | ")), 8000);
  return {};
}

QString MainWindow::applyTmemDesign(const ls::TmemDesign &t, const QString &field) {
  const int cur = doc_->currentIndex();
  if (cur < 0)
    return tr("there is no design to fill");
  const Design base = doc_->design(cur);
  Design after = withTmemDesign(base, t);
  if (!base.isTensorMemory())
    after.view = ViewSettings{};
  // Validated and spelled canonically, as every edit is.
  auto v = validateDraft(after.toDraft(), after);
  if (auto *e = std::get_if<FieldError>(&v))
    return (e->field.isEmpty() ? QString() : e->field + QStringLiteral(": ")) + e->rule;
  doc_->editDesign(cur, std::get<Design>(v), field);
  return {};
}

bool MainWindow::openLayout(const QString &attr, const QString &shape, const QString &dtype,
                            QString *error) {
  // Errors name the command-line flag, like the CLI's.
  auto fail = [error](const FieldError &e) {
    if (error) {
      QString flag = QStringLiteral("--layout");
      if (e.field == QLatin1String("shape") || e.field == QLatin1String("--shape"))
        flag = QStringLiteral("--shape");
      else if (e.field == QLatin1String("dtype") || e.field == QLatin1String("--dtype"))
        flag = QStringLiteral("--dtype");
      else if (!e.field.isEmpty())
        flag += QStringLiteral(": ") + e.field;
      *error = flag + QStringLiteral(": ") + e.rule;
    }
    return false;
  };
  Design base = starterDesign();
  base.name = tr("design");
  if (!dtype.isEmpty()) {
    try {
      base.elementType = QString::fromStdString(ls::ir::parseElementType(dtype.toStdString()).name);
    } catch (const ls::Error &e) {
      return fail({QStringLiteral("dtype"), QString::fromStdString(e.rule())});
    }
  }
  if (!shape.isEmpty()) {
    auto s = parseShapeText(shape);
    if (auto *e = std::get_if<FieldError>(&s))
      return fail(*e);
    base.shape = std::get<ls::Shape>(s);
  }
  // A tensor-memory layout becomes a TMEM design like any other: the grid
  // shows the registers of its (default 32x32b) load, the TMEM dock its lanes.
  const ImportResult r = importLayouts(attr, base);
  if (!r.error.isEmpty())
    return fail({QString(), r.error});
  std::vector<Design> designs;
  for (Design d : r.designs) {
    if (d.isTensorMemory() && r.designs.size() == 1)
      d.name = tr("tensor memory");
    if (!shape.isEmpty())
      d.shape = base.shape;
    if (!dtype.isEmpty())
      d.elementType = base.elementType;
    if (auto e = checkDesign(d))
      return fail(*e);
    designs.push_back(d);
  }
  doc_->clear();
  for (const Design &d : designs)
    doc_->addDesign(d);
  doc_->undoStack()->clear();
  doc_->setCurrentIndex(0);
  if (!designs.empty() && designs.front().isTensorMemory())
    analysis_->revealTmem();
  return true;
}

} // namespace ls::app
