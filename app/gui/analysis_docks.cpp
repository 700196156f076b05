#include "analysis_docks.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QUndoStack>

#include "analysis/convert/layout_conversion.h"
#include "analysis/global/coalesce_heuristic.h"
#include "analysis/global/global_access.h"
#include "analysis/tmem/tmem_design.h"
#include "audit/audit_target.h"
#include "background_task.h"
#include "banks/bank_heatmap.h"
#include "codegen/export_options.h"
#include "convert/coalescing_panel.h"
#include "convert/conversion_view.h"
#include "document.h"
#include "export/export_panel.h"
#include "kernel/kernel_view.h"
#include "main_window.h"
#include "paste_import.h"
#include "tmem/tmem_design_widget.h"
#include "util/error.h"

namespace ls::app {

namespace {

enum Slot { Banks, Conversion, Coalescing, Export, Tmem };

// Debounce: edits in a row (a spin box held down) compute once.
constexpr int kPauseMs = 120;

QString errorText(const std::exception &e) {
  return QString::fromStdString(e.what());
}

} // namespace

AnalysisDocks::AnalysisDocks(MainWindow *window, Document *doc)
    : QObject(window), window_(window), doc_(doc) {
  banks_ = new ls::ui::BankHeatmap;
  conversion_ = new ls::ui::ConversionView;
  coalescing_ = new ls::ui::CoalescingPanel;
  export_ = new ui::ExportPanel;
  tmem_ = new ls::ui::TmemDesignWidget;
  makeDock(Banks, tr("Banks"), banks_);
  makeDock(Conversion, tr("Conversion"), conversion_);
  makeDock(Coalescing, tr("Coalescing"), coalescing_);
  makeDock(Export, tr("Export"), export_);
  makeDock(Tmem, tr("TMEM"), tmem_);
  for (int i = 1; i < 5; ++i)
    window_->tabifyDockWidget(docks_[0], docks_[i]);
  docks_[Export]->raise();
  // The Kernel view is not a view of the current design: its own dock,
  // filled by openKernel.
  kernel_ = new ls::ui::KernelView;
  kernelDock_ = window_->addToolDock(tr("Kernel"), kernel_);
  kernelDock_->hide(); // until a kernel is opened (revealKernel), or View > Panels
  window_->tabifyDockWidget(docks_[0], kernelDock_);
  docks_[Export]->raise();
  connect(kernel_, &ls::ui::KernelView::siteActivated, this,
          [this](const QString &kind, int index) {
            const QString why = openSite(kind, index);
            if (!why.isEmpty())
              window_->statusBar()->showMessage(tr("Not opened: %1").arg(why), 8000);
          });

  debounce_.setSingleShot(true);
  debounce_.setInterval(kPauseMs);
  connect(&debounce_, &QTimer::timeout, this, [this] { updateNow(); });
  connect(doc_, &Document::designChanged, this, &AnalysisDocks::scheduleUpdate);
  connect(doc_, &Document::designsChanged, this, &AnalysisDocks::scheduleUpdate);
  connect(doc_, &Document::currentChanged, this, &AnalysisDocks::scheduleUpdate);
  connect(doc_, &Document::resultReady, this, &AnalysisDocks::scheduleUpdate);
  connect(doc_, &Document::kernelReplaced, this, &AnalysisDocks::showDocumentKernel);
  connect(doc_, &Document::targetChanged, this, &AnalysisDocks::scheduleUpdate);
  // The Banks panel's own target list is the document's target.
  connect(banks_, &ls::ui::BankHeatmap::targetChosen, this,
          [this](const QString &t) { doc_->setTarget(t); });

  connect(banks_, &ls::ui::BankHeatmap::applyProposal, this, [this](const QString &attr) {
    const QString err = window_->applyAttribute(bankSharedIndex_, attr);
    window_->statusBar()->showMessage(err.isEmpty() ? tr("Applied the proposed shared layout")
                                                    : tr("Not applied: %1").arg(err),
                                      6000);
  });
  // The TMEM dock edits the current design through the undo stack.
  tmem_->setApplyEditsImmediately(false);
  connect(tmem_, &ls::ui::TmemDesignWidget::designEdited, this,
          [this](const ls::TmemDesign &d, const QString &field) {
            const QString err = window_->applyTmemDesign(d, field);
            if (!err.isEmpty())
              tmem_->showError(err);
            else
              updateTmem();
          });
  connect(coalescing_, &ls::ui::CoalescingPanel::coalescedLayoutSuggested, this,
          [this](const QString &attr) {
            const int src = doc_->indexOfId(coalescingSourceId_);
            if (src < 0)
              return;
            Design d = doc_->design(src);
            d.name += tr(" (coalesced)");
            d.attribute = attr;
            d.view = ViewSettings{};
            if (auto e = checkDesign(d)) {
              window_->statusBar()->showMessage(tr("Not added: %1").arg(e->rule), 6000);
              return;
            }
            doc_->addDesign(d);
            // Show it next to the layout it improves.
            window_->setCompareIndex(src);
          });
}

QDockWidget *AnalysisDocks::makeDock(int slot, const QString &name, QWidget *widget) {
  auto *dock = window_->addToolDock(name, nullptr);
  auto *stack = new QStackedWidget(dock);
  auto *hint = new QLabel(stack);
  hint->setWordWrap(true);
  hint->setAlignment(Qt::AlignCenter);
  hint->setMargin(16);
  hint->setObjectName(name + QStringLiteral("Hint"));
  stack->addWidget(hint);
  stack->addWidget(widget);
  stack->setCurrentIndex(1);
  dock->setWidget(stack);
  dock->hide(); // shown from View > Analysis
  connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
    if (visible)
      scheduleUpdate();
  });
  docks_[slot] = dock;
  stacks_[slot] = stack;
  hints_[slot] = hint;
  return dock;
}

void AnalysisDocks::addToggles(QMenu *menu) const {
  for (QDockWidget *d : docks_)
    menu->addAction(d->toggleViewAction());
}

void AnalysisDocks::scheduleUpdate() {
  debounce_.start();
}

bool AnalysisDocks::wanted(int slot, bool all) const {
  return all || (docks_[slot]->isVisible() && !docks_[slot]->visibleRegion().isEmpty());
}

void AnalysisDocks::show(int slot, const QString &hint) {
  hints_[slot]->setText(hint);
  stacks_[slot]->setCurrentIndex(hint.isEmpty() ? 1 : 0);
}

QString AnalysisDocks::hint(int dock) const {
  return stacks_[dock]->currentIndex() == 0 ? hints_[dock]->text() : QString();
}

void AnalysisDocks::updateNow(bool all) {
  debounce_.stop();
  if (wanted(Banks, all))
    updateBanks();
  if (wanted(Conversion, all))
    updateConversion();
  if (wanted(Coalescing, all))
    updateCoalescing();
  if (wanted(Export, all))
    updateExport();
  if (wanted(Tmem, all))
    updateTmem();
}

int AnalysisDocks::partner(bool wantShared) const {
  const int cur = doc_->currentIndex();
  if (cur < 0)
    return -1;
  const Design &me = doc_->design(cur);
  auto fits = [&](int i) {
    if (i < 0 || i == cur || i >= doc_->count())
      return false;
    const auto r = doc_->result(i);
    return r && r->isShared() == wantShared && doc_->design(i).shape == me.shape;
  };
  if (fits(window_->compareIndex()))
    return window_->compareIndex();
  for (int i = 0; i < doc_->count(); ++i)
    if (fits(i))
      return i;
  return -1;
}

void AnalysisDocks::updateBanks() {
  const int cur = doc_->currentIndex();
  const auto r = doc_->result(cur);
  if (!r) {
    show(Banks, tr("No valid design selected."));
    return;
  }
  const int other = partner(!r->isShared());
  if (other < 0) {
    show(Banks, r->isShared()
                    ? tr("Bank conflicts need a distributed design of the same shape that "
                         "writes and reads this shared layout: add one (or compare with one).")
                    : tr("Bank conflicts need a shared design of the same shape (e.g. "
                         "swizzled_shared) for this layout to write and read: add one, or "
                         "compare with one."));
    return;
  }
  const int distIndex = r->isShared() ? other : cur;
  bankSharedIndex_ = r->isShared() ? cur : other;
  const auto dist = doc_->result(distIndex), shared = doc_->result(bankSharedIndex_);
  // The machine is the document's; a layout it cannot run says so in the
  // app's words (the Target box of the Design dock changes it).
  const QString target = doc_->target();
  const int lanes = dist->layout().getInDimSize("lane");
  const QString mismatch = targetMismatch(lanes, target);
  if (!mismatch.isEmpty()) {
    show(Banks,
         tr("%1: %2 (Target box of the Design dock).").arg(doc_->design(distIndex).name, mismatch));
    return;
  }
  if (banks_->target() != target)
    banks_->setTarget(target);
  try {
    banks_->setDesign(dist->distributed, shared->encoding, dist->shape,
                      doc_->design(distIndex).elementType);
    show(Banks, QString());
  } catch (const std::exception &e) {
    show(Banks, errorText(e));
  }
}

void AnalysisDocks::updateConversion() {
  const int cur = doc_->currentIndex();
  const auto r = doc_->result(cur);
  if (!r || r->isShared()) {
    show(Conversion, tr("A layout conversion needs two distributed designs of the same shape: "
                        "select the source and compare it with the destination."));
    return;
  }
  const int other = partner(false);
  if (other < 0) {
    show(Conversion, tr("Add (or compare with) a second distributed design of the same shape: "
                        "the conversion goes from the current design to it."));
    return;
  }
  const auto dst = doc_->result(other);
  try {
    // The document's machine: ldmatrix/stmatrix only where it has them
    // (sm80: ldmatrix; sm90 and later: both; AMD: neither).
    const QString target = doc_->target();
    const QString mismatch = targetMismatch(r->layout().getInDimSize("lane"), target);
    if (!mismatch.isEmpty()) {
      show(Conversion,
           tr("%1: %2 (Target box of the Design dock).").arg(doc_->design(cur).name, mismatch));
      return;
    }
    const ls::audit::AuditTarget machine = ls::audit::auditTarget(target.toStdString(), "target");
    auto conv = std::make_shared<const ls::LayoutConversion>(r->layout(), dst->layout());
    ls::ConversionCost cost = ls::conversionCost(*conv, r->elementBits, machine.scratch);
    // AMD's LDS is read and written with ds_read / ds_write.
    if (cost.scratch && machine.banks.vendor == ls::Vendor::Amd) {
      cost.scratch->storeInstruction = "ds_write";
      cost.scratch->loadInstruction = "ds_read";
    }
    conversion_->setTarget(target);
    conversion_->setConversion(conv, cost, doc_->design(cur).name, doc_->design(other).name);
    show(Conversion, QString());
  } catch (const std::exception &e) {
    show(
        Conversion,
        tr("%1 \u2192 %2: %3").arg(doc_->design(cur).name, doc_->design(other).name, errorText(e)));
  }
}

void AnalysisDocks::updateCoalescing() {
  const int cur = doc_->currentIndex();
  const auto r = doc_->result(cur);
  if (!r || r->isShared()) {
    show(Coalescing, tr("Global-memory coalescing applies to distributed layouts: select a "
                        "load or store layout."));
    return;
  }
  const Design &d = doc_->design(cur);
  try {
    auto access = std::make_shared<const ls::GlobalAccess>(r->layout(), r->elementBits);
    coalescing_->setMachine(doc_->target());
    coalescing_->setAccess(access, d.elementType);
    coalescing_->setSuggestion(ls::coalesceInputForStrides(d.shape, ls::rowMajorStrides(d.shape),
                                                           r->elementBits, d.module.numWarps,
                                                           d.module.threadsPerWarp));
    coalescingSourceId_ = doc_->designId(cur);
    show(Coalescing, QString());
  } catch (const std::exception &e) {
    show(Coalescing, errorText(e));
  }
}

void AnalysisDocks::updateExport() {
  const int cur = doc_->currentIndex();
  const auto r = doc_->result(cur);
  if (!r) {
    show(Export, tr("No valid design selected."));
    return;
  }
  // Modules and kernels for the document's machine where the layout runs on
  // it (same warp width, same vendor as the encoding's own choice); else the
  // encoding chooses, as the CLI's export does without --target.
  QString triton;
  try {
    const ls::codegen::Target doc = ls::codegen::parseTarget(
        ls::audit::auditTarget(doc_->target().toStdString(), "target").module);
    const ls::codegen::Target own = ls::codegen::defaultTarget(*r->encoding);
    const int lanes = r->isShared() ? doc.threadsPerWarp : r->layout().getInDimSize("lane");
    if (lanes == doc.threadsPerWarp && doc.backend == own.backend)
      triton = QString::fromStdString(doc.text());
  } catch (const std::exception &) {
  }
  export_->setTarget(triton);
  export_->setDesign(r->encoding, r->shape, doc_->design(cur).elementType);
  show(Export, QString());
}

bool AnalysisDocks::openKernel(const QString &path, QString *error) {
  ls::ui::KernelView::Load load;
  if (QFileInfo(path).size() >= kBackgroundKernelBytes) {
    // Seconds of reading and auditing: on a worker, with progress and
    // Cancel; the window keeps repainting, the kernel view keeps what it had.
    const std::optional<ls::ui::KernelView::Load> got = runWithProgress<ls::ui::KernelView::Load>(
        window_,
        tr("Reading %1 (%2 MiB)...")
            .arg(QFileInfo(path).fileName())
            .arg(QFileInfo(path).size() / double(1 << 20), 0, 'f', 1),
        [path](TaskControl &control) {
          return ls::ui::KernelView::loadFile(path, control.readProgress());
        });
    if (!got) {
      if (error)
        *error = tr("opening %1 was cancelled").arg(path);
      return false;
    }
    load = *got;
  } else {
    load = ls::ui::KernelView::loadFile(path);
  }
  if (!kernel_->showLoad(load)) {
    if (error)
      *error = kernel_->summaryText();
    return false;
  }
  watchKernel(path);
  doc_->setKernel({QFileInfo(path).absoluteFilePath(), QString()});
  revealKernel();
  return true;
}

bool AnalysisDocks::openKernelText(const QString &text, QString *error) {
  if (!kernel_->openText(text.toUtf8(), tr("pasted kernel"))) {
    if (error)
      *error = kernel_->summaryText();
    return false;
  }
  watchKernel(QString());
  doc_->setKernel({QString(), text});
  revealKernel();
  return true;
}

void AnalysisDocks::showDocumentKernel() {
  const KernelRef k = doc_->kernel();
  QString why;
  if (k.empty()) {
    kernel_->clear();
    watchKernel(QString());
  } else if (!k.path.isEmpty() ? !openKernel(k.path, &why) : !openKernelText(k.text, &why)) {
    window_->statusBar()->showMessage(tr("This document's kernel cannot be shown: %1").arg(why),
                                      8000);
  }
}

void AnalysisDocks::raiseKernel() {
  kernelDock_->raise();
  // raise() of a tabified dock is delivered as an event, after other raises
  // that may be queued: make its tab the current one now.
  for (QTabBar *bar : window_->findChildren<QTabBar *>())
    for (int t = 0; t < bar->count(); ++t)
      if (bar->tabText(t) == kernelDock_->windowTitle())
        bar->setCurrentIndex(t);
}

void AnalysisDocks::revealKernel() {
  const bool wasHidden = kernelDock_->isHidden();
  kernelDock_->show();
  raiseKernel();
  // A kernel's tables and source need most of the window.
  if (wasHidden)
    window_->resizeDocks({kernelDock_}, {window_->width() * 3 / 4}, Qt::Horizontal);
}

void AnalysisDocks::watchKernel(const QString &path) {
  if (!watcher_) {
    watcher_ = new QFileSystemWatcher(this);
    refresh_.setSingleShot(true);
    refresh_.setInterval(200); // an editor's save is several writes
    connect(watcher_, &QFileSystemWatcher::fileChanged, this, [this] { refresh_.start(); });
    connect(&refresh_, &QTimer::timeout, this, [this] { refreshKernel(); });
  }
  if (!watcher_->files().isEmpty())
    watcher_->removePaths(watcher_->files());
  kernelPath_ = path;
  if (!path.isEmpty())
    watcher_->addPath(path);
}

bool AnalysisDocks::refreshKernel() {
  if (kernelPath_.isEmpty())
    return false;
  // Editors that save by replacing the file drop it from the watch list.
  if (QFileInfo::exists(kernelPath_) && !watcher_->files().contains(kernelPath_))
    watcher_->addPath(kernelPath_);
  if (!kernel_->openFile(kernelPath_)) {
    window_->statusBar()->showMessage(kernel_->summaryText(), 8000);
    return false;
  }
  window_->statusBar()->showMessage(tr("Reloaded %1").arg(kernelPath_.section('/', -1)), 4000);
  return true;
}

std::optional<Design> AnalysisDocks::designForType(const std::string &type, const QString &name,
                                                   int *existing, QString *error) const {
  const audit::KernelAudit &a = kernel_->audit();
  Design base;
  base.module.numWarps = a.numWarps;
  base.module.threadsPerWarp = a.threadsPerWarp;
  base.module.numCTAs = a.numCtas;
  ImportResult r = importLayouts(QString::fromStdString(type), base);
  if (r.designs.empty()) {
    *error = r.error.isEmpty() ? tr("%1: no layout").arg(QString::fromStdString(type)) : r.error;
    return std::nullopt;
  }
  Design d = r.designs.front();
  d.module = base.module;
  d.name = name;
  *existing = -1;
  for (int i = 0; i < doc_->count() && *existing < 0; ++i) {
    const Design &e = doc_->design(i);
    if (e.attribute == d.attribute && e.shape == d.shape && e.elementType == d.elementType &&
        e.module == d.module)
      *existing = i;
  }
  return d;
}

QString AnalysisDocks::openTopSite() {
  const audit::KernelAudit &a = kernel_->audit();
  if (!a.findings.empty()) {
    const audit::AuditSite &top = a.findings.front().site;
    auto find = [&](const auto &rows) {
      for (size_t i = 0; i < rows.size(); ++i)
        if (rows[i].site.op == top.op && rows[i].site.module == top.module)
          return int(i);
      return -1;
    };
    const std::pair<const char *, int> sites[] = {
        {"convert", find(a.converts)}, {"shared", find(a.shared)}, {"global", find(a.global)}};
    for (const auto &[kind, index] : sites)
      if (index >= 0)
        return openSite(QString::fromLatin1(kind), index);
  }
  return openSite(QStringLiteral("value"), 0);
}

QString AnalysisDocks::openSite(const QString &kind, int index) {
  const audit::KernelAudit &a = kernel_->audit();
  std::string first, second;
  QString firstName, secondName;
  auto line = [](const audit::AuditSite &s) { return QStringLiteral(" (line %1)").arg(s.line); };
  if (kind == QLatin1String("convert") && index >= 0 && index < int(a.converts.size())) {
    const auto &c = a.converts[size_t(index)];
    first = c.src, second = c.dst;
    firstName = tr("convert source") + line(c.site);
    secondName = tr("convert destination") + line(c.site);
  } else if (kind == QLatin1String("shared") && index >= 0 && index < int(a.shared.size())) {
    const auto &s = a.shared[size_t(index)];
    // An MMA/TMA operand has no register side: its memdesc alone.
    first = s.tensor.empty() ? s.memdesc : s.tensor;
    second = s.tensor.empty() ? std::string() : s.memdesc;
    firstName = QString::fromStdString(s.op) + line(s.site);
    secondName = QString::fromStdString(s.op) + tr(" memdesc") + line(s.site);
  } else if (kind == QLatin1String("global") && index >= 0 && index < int(a.global.size())) {
    const auto &g = a.global[size_t(index)];
    // A tensor of pointers is designed as the tensor it points to.
    first = g.type;
    const size_t p = first.find("!tt.ptr<");
    if (p != std::string::npos) {
      const size_t e = first.find('>', p);
      if (e != std::string::npos)
        first = first.substr(0, p) + first.substr(p + 8, e - p - 8) + first.substr(e + 1);
    }
    firstName = QString::fromStdString(g.op) + line(g.site);
  } else if (kind == QLatin1String("value") && index >= 0 && index < int(a.tensors.size())) {
    const auto &t = a.tensors[size_t(index)];
    first = t.type;
    firstName = tr("value (line %1)").arg(t.firstLine);
  }
  if (first.empty())
    return tr("no such row");
  QString error;
  int i = -1, j = -1;
  const auto d1 = designForType(first, firstName, &i, &error);
  std::optional<Design> d2;
  if (d1 && !second.empty())
    d2 = designForType(second, secondName, &j, &error);
  if (!d1 || (!second.empty() && !d2))
    return error;
  // New designs are one undoable step; designs already there are reused.
  const bool add1 = i < 0, add2 = d2 && j < 0;
  // The kernel's machine becomes the document's (part of the same step).
  QString kernelTarget = canonicalTarget(QString::fromStdString(a.bankTarget)).value_or(QString());
  if (a.threadsPerWarp == 64 && !isAmdTarget(kernelTarget))
    kernelTarget = kDefaultAmdTarget; // a wave64 module without ttg.target

  // Set explicitly even where the layouts would imply the same machine: the
  // target box then says it is the kernel's, not a guess from the layouts.
  const bool retarget = !kernelTarget.isEmpty() && kernelTarget != doc_->explicitTarget();
  if (add1 || add2 || retarget) {
    doc_->undoStack()->beginMacro(tr("Open from kernel"));
    if (retarget)
      doc_->setTarget(kernelTarget);
    if (add1) {
      doc_->addDesign(*d1);
      i = doc_->count() - 1;
    }
    if (add2) {
      doc_->addDesign(*d2);
      j = doc_->count() - 1;
    }
    doc_->undoStack()->endMacro();
  }
  doc_->setCurrentIndex(i);
  window_->setCompareIndex(j);
  if (kind == QLatin1String("shared")) {
    // The access as the kernel makes it: its direction on its machine.
    const auto &s = a.shared[size_t(index)];
    banks_->setDirection(s.op == "ttg.local_load" ? AccessDirection::Load : AccessDirection::Store);
    // The panel judges this one register layout; the audit judged the
    // buffer with all its accesses. Its word goes beside the panel's.
    QString note;
    const QString where = tr("Kernel audit, line %1").arg(s.site.line);
    if (!s.proposal.empty())
      note = tr("%1, over every access of this buffer: proposes %2; %3")
                 .arg(where, QString::fromStdString(s.proposal),
                      QString::fromStdString(s.proposalTrade));
    else if (!s.proposalNote.empty())
      note = where + QStringLiteral(": ") + QString::fromStdString(s.proposalNote);
    else if (s.wavefronts && s.idealWavefronts && *s.wavefronts <= *s.idealWavefronts)
      note = tr("%1: no bank conflict on %2 (%3 wavefronts, the ideal)")
                 .arg(where, QString::fromStdString(a.bankTarget))
                 .arg(*s.wavefronts);
    banks_->setKernelNote(note, d2 ? d1->attribute : QString(), d2 ? d2->attribute : QString());
  } else {
    banks_->setKernelNote(QString(), QString(), QString());
  }
  QDockWidget *dock = kind == QLatin1String("convert")  ? docks_[Conversion]
                      : kind == QLatin1String("shared") ? docks_[Banks]
                      : kind == QLatin1String("global") ? docks_[Coalescing]
                                                        : nullptr;
  if (dock) {
    dock->show();
    dock->raise();
  } else if (auto *design = window_->findChild<QDockWidget *>(QStringLiteral("DesignDock"))) {
    design->show();
    design->raise();
  }
  scheduleUpdate();
  return QString();
}

void AnalysisDocks::revealTmem() {
  const bool wasHidden = docks_[Tmem]->isHidden();
  docks_[Tmem]->show();
  docks_[Tmem]->raise();
  // Lanes and registers side by side need room, but the grid comes first.
  if (wasHidden) {
    QList<QDockWidget *> docks = {docks_[Tmem]};
    QList<int> widths = {window_->width() * 3 / 8};
    // Taken from the grid, not from the design form.
    if (auto *design = window_->findChild<QDockWidget *>(QStringLiteral("DesignDock"))) {
      docks << design;
      widths << std::max(design->width(), design->sizeHint().width());
    }
    window_->resizeDocks(docks, widths, Qt::Horizontal);
  }
  updateTmem();
}

void AnalysisDocks::updateTmem() {
  const int cur = doc_->currentIndex();
  show(Tmem, QString());
  if (cur < 0) {
    tmem_->setNotice(tr("No design selected: Suggest adds nothing until there is one."));
    return;
  }
  const Design &d = doc_->design(cur);
  if (!d.isTensorMemory()) {
    tmem_->setNotice(tr("\u201c%1\u201d is not a tensor-memory design; below is the last one "
                        "shown. Suggest (or an edit here) turns \u201c%1\u201d into a TMEM "
                        "design, as one undoable step.")
                         .arg(d.name));
    return;
  }
  try {
    if (!tmem_->setDesign(tmemDesignOf(d))) {
      tmem_->setNotice(tr("\u201c%1\u201d cannot be drawn: %2").arg(d.name, tmem_->errorText()));
      return;
    }
    tmem_->setNotice(QString());
  } catch (const std::exception &e) {
    tmem_->setNotice(tr("\u201c%1\u201d cannot be drawn: %2").arg(d.name, errorText(e)));
  }
}

} // namespace ls::app
