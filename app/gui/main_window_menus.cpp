// MainWindow's menus and the actions behind them (file handling, paste,
// export, view options, step-through).
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QUrl>
#include <QVBoxLayout>

#include "analysis_docks.h"
#include "autosave.h"
#include "export/view_export.h"
#include "grid/grid_panel.h"
#include "help_menu.h"
#include "main_window.h"
#include "recent_files.h"

namespace ls::app {

namespace {

const QString kFilter = QStringLiteral("Layout Studio documents (*.lstudio)");
const QString kOpenFilter = kFilter + QStringLiteral(";;TTGIR kernels (*.ttgir *.mlir)");

QString exampleTitle(const QString &file) {
  QString t = QFileInfo(file).completeBaseName();
  t.replace(QLatin1Char('_'), QLatin1Char(' '));
  return t.left(1).toUpper() + t.mid(1);
}

} // namespace

void MainWindow::buildMenus() {
  buildFileMenu();
  buildEditMenu();
  buildViewMenu();
  buildTeachMenu();
  buildHelpMenu(this, menuBar()->addMenu(tr("&Help")));
}

void MainWindow::buildFileMenu() {
  QMenu *m = menuBar()->addMenu(tr("&File"));
  m->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newDocument);
  m->addAction(tr("&Open\u2026"), QKeySequence::Open, this, &MainWindow::openDialog);
  QMenu *recent = m->addMenu(tr("Open &Recent"));
  connect(recent, &QMenu::aboutToShow, this, [this, recent] { recent_->populate(recent); });
  connect(recent_, &RecentFiles::openRequested, this, [this](const QString &path) {
    if (!maybeSave())
      return;
    QString error;
    if (!openFile(path, &error)) {
      QMessageBox::warning(this, tr("Cannot open"), tr("%1:\n%2").arg(path, error));
      recent_->remove(path);
    }
  });
  QMenu *examples = m->addMenu(tr("&Examples"));
  const QStringList files =
      QDir(QStringLiteral(":/examples")).entryList({QStringLiteral("*.lstudio")});
  for (const QString &f : files)
    examples->addAction(exampleTitle(f), this,
                        [this, f] { openExample(QStringLiteral(":/examples/") + f); });
  m->addSeparator();
  m->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
  m->addAction(tr("Save &As\u2026"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
  m->addSeparator();
  m->addAction(tr("Export View as &PNG\u2026"), QKeySequence(tr("Ctrl+E")), this,
               [this] { exportView(false); });
  m->addAction(tr("Export View as S&VG or PDF\u2026"), QKeySequence(tr("Ctrl+Shift+E")), this,
               [this] { exportView(true); });
  m->addSeparator();
  m->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
}

void MainWindow::buildEditMenu() {
  QMenu *m = menuBar()->addMenu(tr("&Edit"));
  QAction *undo = doc_->undoStack()->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence::Undo);
  QAction *redo = doc_->undoStack()->createRedoAction(this, tr("&Redo"));
  redo->setShortcut(QKeySequence::Redo);
  m->addAction(undo);
  m->addAction(redo);
  m->addSeparator();
  m->addAction(tr("&Paste Layout"), QKeySequence(tr("Ctrl+Shift+V")), this, [this] {
    const QString err = pasteText(QApplication::clipboard()->text());
    if (!err.isEmpty())
      QMessageBox::warning(this, tr("Nothing to paste"), err);
  });
  m->addAction(tr("Paste Layout or TTGIR\u2026"), this, &MainWindow::pasteDialog);
  m->addAction(tr("&Copy Attribute"), QKeySequence(tr("Ctrl+Shift+C")), this, [this] {
    QApplication::clipboard()->setText(currentAttribute());
    statusBar()->showMessage(tr("Copied %1").arg(currentAttribute()), 4000);
  });
  m->addSeparator();
  m->addAction(tr("Remove Design"), this, [this] { doc_->removeDesign(doc_->currentIndex()); });
}

void MainWindow::fillPanelsMenu(QMenu *menu) {
  menu->clear();
  for (QDockWidget *d : findChildren<QDockWidget *>())
    menu->addAction(d->toggleViewAction());
}

void MainWindow::buildViewMenu() {
  QMenu *m = menuBar()->addMenu(tr("&View"));
  auto view = [this] { return primary_->view(); };
  m->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this, [view] { view()->zoomIn(); });
  m->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, [view] { view()->zoomOut(); });
  m->addAction(tr("&Fit"), QKeySequence(tr("Ctrl+0")), this, [view] { view()->fitToView(); });
  m->addSeparator();
  QAction *hw = m->addAction(tr("&Hardware View"));
  hw->setCheckable(true);
  hw->setShortcut(QKeySequence(tr("Ctrl+H")));
  connect(hw, &QAction::toggled, this,
          [this](bool on) { primary_->hardwareBox()->setChecked(on); });
  connect(primary_->hardwareBox(), &QAbstractButton::toggled, hw, &QAction::setChecked);
  compareMenu_ = m->addMenu(tr("&Compare With"));
  rebuildCompareMenu();
  m->addAction(tr("&MMA Arrangement\u2026"), QKeySequence(tr("Ctrl+M")), this,
               [this] { showMmaArrangement(); });
  analysis_->addToggles(m->addMenu(tr("&Analysis")));
  // Every panel, so a closed one can be brought back (Design, Basis, the
  // analysis docks, Kernel): filled when the menu opens, so it is complete.
  QMenu *panels = m->addMenu(tr("&Panels"));
  panels->setObjectName(QStringLiteral("panelsMenu"));
  connect(panels, &QMenu::aboutToShow, this, [this, panels] { fillPanelsMenu(panels); });
  fillPanelsMenu(panels);
  // Cell labels and axis names: view settings of the current design.
  QMenu *labels = m->addMenu(tr("Cell &Labels"));
  labels->setObjectName(QStringLiteral("cellLabelsMenu"));
  labelGroup_ = new QActionGroup(this);
  for (ui::LabelMode mode :
       {ui::LabelMode::ThreadRegister, ui::LabelMode::Lane, ui::LabelMode::Fragment}) {
    QAction *a = labels->addAction(ui::labelModeName(mode));
    a->setCheckable(true);
    a->setData(ui::labelModeId(mode));
    a->setChecked(mode == ui::LabelMode::ThreadRegister);
    labelGroup_->addAction(a);
    connect(a, &QAction::triggered, this, [this, mode] { setCellLabels(ui::labelModeId(mode)); });
  }
  labels->addSeparator();
  labels->addAction(tr("Name &Axes\u2026"), this, [this] {
    const int cur = doc_->currentIndex();
    if (cur < 0)
      return;
    const ViewSettings &v = doc_->design(cur).view;
    bool ok = false;
    const QString text = QInputDialog::getText(
        this, tr("Name Axes"),
        tr("Row and column names, separated by a comma (empty: M/N/K for MMA operands, "
           "dim0/dim1 otherwise):"),
        QLineEdit::Normal,
        v.rowAxis.isEmpty() && v.colAxis.isEmpty() ? QString() : v.rowAxis + ", " + v.colAxis, &ok);
    if (!ok)
      return;
    const QStringList parts = text.split(QLatin1Char(','));
    setAxisNames(parts.value(0), parts.value(1));
  });
  m->addSeparator();
  presentationAction_ = m->addAction(tr("&Presentation Mode"));
  presentationAction_->setCheckable(true);
  presentationAction_->setShortcut(QKeySequence(Qt::Key_F5));
  presentationAction_->setToolTip(tr("Large type, high contrast, colour-blind-safe palette; "
                                     "cells sized so every label shows"));
  connect(presentationAction_, &QAction::toggled, this, &MainWindow::setPresentationMode);
  colorBlindAction_ = m->addAction(tr("Colour-&Blind-Safe Palette"));
  colorBlindAction_->setCheckable(true);
  connect(colorBlindAction_, &QAction::toggled, this, &MainWindow::setColorBlindSafe);
}

void MainWindow::rebuildCompareMenu() {
  if (!compareMenu_)
    return;
  compareMenu_->clear();
  delete compareGroup_;
  compareGroup_ = new QActionGroup(this);
  QAction *none = compareMenu_->addAction(tr("Nothing"));
  none->setCheckable(true);
  compareGroup_->addAction(none);
  none->setChecked(compareIndex() < 0);
  connect(none, &QAction::triggered, this, [this] { setCompareIndex(-1); });
  for (int i = 0; i < doc_->count(); ++i) {
    QAction *a = compareMenu_->addAction(doc_->design(i).name);
    a->setCheckable(true);
    a->setChecked(i == compareIndex());
    compareGroup_->addAction(a);
    const quint64 id = doc_->designId(i);
    connect(a, &QAction::triggered, this, [this, id] { setCompareIndex(doc_->indexOfId(id)); });
  }
}

void MainWindow::buildTeachMenu() {
  QMenu *m = menuBar()->addMenu(tr("&Teach"));
  auto *units = new QActionGroup(this);
  const std::pair<QString, ui::StepPlayer::Unit> choices[] = {
      {tr("Step by &Lane"), ui::StepPlayer::Unit::Lane},
      {tr("Step by &Warp"), ui::StepPlayer::Unit::Warp},
      {tr("Step by &Register"), ui::StepPlayer::Unit::Register}};
  for (const auto &[text, unit] : choices) {
    QAction *a = m->addAction(text);
    a->setCheckable(true);
    a->setChecked(unit == player_->unit());
    units->addAction(a);
    connect(a, &QAction::triggered, this, [this, u = unit] { player_->setUnit(u); });
  }
  m->addSeparator();
  // Keys act while the grid has focus, so that typing in the form is not
  // taken over.
  auto stepAction = [this, m](const QString &text, const QKeySequence &key, auto slot) {
    QAction *a = m->addAction(text, this, slot);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    primary_->view()->addAction(a);
    return a;
  };
  stepAction(tr("&Next Step"), QKeySequence(Qt::Key_Right), [this] { player_->next(); });
  stepAction(tr("&Previous Step"), QKeySequence(Qt::Key_Left), [this] { player_->previous(); });
  stepAction(tr("&Play / Pause"), QKeySequence(Qt::Key_Space), [this] { player_->togglePlay(); });
  stepAction(tr("&Stop"), QKeySequence(Qt::Key_Backspace), [this] { player_->stop(); });
}

bool MainWindow::maybeSave() {
  if (!interactive_ || !doc_->isModified())
    return true;
  const auto answer = QMessageBox::warning(
      this, tr("Unsaved changes"), tr("Save the changes to %1?").arg(doc_->displayName()),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Save)
    return save();
  return answer == QMessageBox::Discard;
}

void MainWindow::newDocument() {
  if (!maybeSave())
    return;
  doc_->clear();
  doc_->setFilePath(QString());
  Design d;
  d.name = tr("design 1");
  d.attribute = QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                               "warpsPerCTA = [4, 1], order = [1, 0]}>");
  d.shape = {64, 64};
  doc_->addDesign(d);
  doc_->undoStack()->clear();
  setCompareIndex(-1);
}

bool MainWindow::openFile(const QString &path, QString *error) {
  QString why;
  // A kernel opens in the Kernel view, beside the current designs.
  if (path.endsWith(QStringLiteral(".ttgir")) || path.endsWith(QStringLiteral(".mlir"))) {
    if (!openKernelFile(path, &why)) {
      if (error)
        *error = why;
      return false;
    }
    recent_->add(path);
    return true;
  }
  if (!doc_->open(path, &why)) {
    if (error)
      *error = why;
    return false;
  }
  setCompareIndex(-1);
  recent_->add(path);
  refreshCurrent();
  return true;
}

bool MainWindow::openKernelFile(const QString &path, QString *error) {
  // A window that shows only the untouched starter design has nothing of the
  // user's: the kernel's most telling layouts replace it, so the grid and the
  // panels show the kernel (its machine, its warps) rather than a stranger.
  const bool pristine = !doc_->isModified() && doc_->filePath().isEmpty() && doc_->count() == 1 &&
                        doc_->design(0) == starterDesign();
  if (!analysis_->openKernel(path, error))
    return false;
  if (pristine && analysis_->openTopSite().isEmpty() && doc_->count() > 1) {
    doc_->removeDesign(0);
    doc_->undoStack()->clear(); // a fresh document: nothing to undo back to
    analysis_->raiseKernel();
  }
  return true;
}

bool MainWindow::saveFile(const QString &path, QString *error) {
  QString why;
  if (!doc_->save(path, &why)) {
    if (error)
      *error = why;
    return false;
  }
  recent_->add(path);
  if (autosave_)
    autosave_->discard();
  return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *e) {
  for (const QUrl &u : e->mimeData()->urls())
    if (u.isLocalFile()) {
      e->acceptProposedAction();
      return;
    }
}

void MainWindow::dropEvent(QDropEvent *e) {
  QStringList failed;
  for (const QUrl &u : e->mimeData()->urls()) {
    if (!u.isLocalFile())
      continue;
    const QString path = u.toLocalFile();
    const bool kernel =
        path.endsWith(QStringLiteral(".ttgir")) || path.endsWith(QStringLiteral(".mlir"));
    if (!kernel && !maybeSave())
      continue;
    QString error;
    if (!openFile(path, &error))
      failed << tr("%1: %2").arg(path, error);
  }
  e->acceptProposedAction();
  if (!failed.isEmpty()) {
    if (interactive_)
      QMessageBox::warning(this, tr("Cannot open"), failed.join(QLatin1Char('\n')));
    else
      statusBar()->showMessage(failed.join(QStringLiteral("; ")), 8000);
  }
}

void MainWindow::openDialog() {
  if (!maybeSave())
    return;
  const QString path = QFileDialog::getOpenFileName(this, tr("Open"), QString(), kOpenFilter);
  if (path.isEmpty())
    return;
  QString error;
  if (!openFile(path, &error))
    QMessageBox::warning(this, tr("Cannot open"), tr("%1:\n%2").arg(path, error));
}

bool MainWindow::save() {
  if (doc_->filePath().isEmpty())
    return saveAs();
  QString error;
  if (!saveFile(doc_->filePath(), &error)) {
    QMessageBox::warning(this, tr("Cannot save"), error);
    return false;
  }
  return true;
}

bool MainWindow::saveAs() {
  QString path = QFileDialog::getSaveFileName(this, tr("Save As"), doc_->filePath(), kFilter);
  if (path.isEmpty())
    return false;
  if (!path.endsWith(QLatin1String(".lstudio")))
    path += QStringLiteral(".lstudio");
  QString error;
  if (!saveFile(path, &error)) {
    QMessageBox::warning(this, tr("Cannot save"), error);
    return false;
  }
  return true;
}

void MainWindow::exportView(bool svg) {
  const QString name = doc_->currentIndex() >= 0 ? doc_->design(doc_->currentIndex()).name
                                                 : QStringLiteral("layout");
  const QString path = QFileDialog::getSaveFileName(
      this, svg ? tr("Export SVG or PDF") : tr("Export PNG"),
      name + (svg ? QStringLiteral(".svg") : QStringLiteral(".png")),
      svg ? tr("SVG images (*.svg);;PDF documents (*.pdf)") : tr("PNG images (*.png)"));
  if (path.isEmpty())
    return;
  // SVG and PDF by the chosen suffix: cells as shapes, labels and the whole
  // title as text.
  const QString err = exportViewTo(path, svg);
  if (!err.isEmpty())
    QMessageBox::warning(this, tr("Export failed"), err);
  else
    statusBar()->showMessage(tr("Exported %1").arg(path), 4000);
}

QString MainWindow::exportViewTo(const QString &path, bool svg) {
  const QString err =
      svg ? ui::exportView(*primary_->view(), path) : ui::exportViewPng(*primary_->view(), path);
  // The writer says why ("Permission denied"); the message says where.
  return err.isEmpty() ? QString() : tr("cannot write %1: %2").arg(path, err);
}

void MainWindow::pasteDialog() {
  QDialog dlg(this);
  dlg.setWindowTitle(tr("Paste a layout"));
  auto *v = new QVBoxLayout(&dlg);
  v->addWidget(new QLabel(tr("An attribute (#ttg.blocked<{...}>), a tensor or memdesc type, or a "
                             "TTGIR dump with #alias = ... lines (one design per layout):"),
                          &dlg));
  auto *text = new QPlainTextEdit(&dlg);
  text->setPlainText(QApplication::clipboard()->text());
  v->addWidget(text);
  auto *bb = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dlg);
  v->addWidget(bb);
  connect(bb, &QDialogButtonBox::accepted, &dlg, &QDialog::accept);
  connect(bb, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
  dlg.resize(720, 420);
  if (dlg.exec() != QDialog::Accepted)
    return;
  const QString err = pasteText(text->toPlainText());
  if (!err.isEmpty())
    QMessageBox::warning(this, tr("Nothing to paste"), err);
}

void MainWindow::openExample(const QString &resource) {
  if (!maybeSave())
    return;
  QString error;
  if (!openCopy(resource, &error))
    QMessageBox::warning(this, tr("Cannot open example"), error);
}

bool MainWindow::openCopy(const QString &path, QString *error) {
  QString why;
  if (!doc_->open(path, &why)) {
    if (error)
      *error = why;
    return false;
  }
  doc_->setFilePath(QString()); // untitled: Save asks where, the original stays
  // A built-in example shows its second design compared with its first (as
  // docs/app.md says); another document does so when it holds just the two.
  const bool example = path.startsWith(QStringLiteral(":/examples/"));
  setCompareIndex(doc_->count() == 2 || (example && doc_->count() > 2) ? 1 : -1);
  refreshCurrent();
  return true;
}

} // namespace ls::app
