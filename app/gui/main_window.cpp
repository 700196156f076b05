#include "main_window.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>

#include "analysis_docks.h"
#include "autosave.h"
#include "banks/bank_heatmap.h"
#include "common/fit_width_scroll_area.h"
#include "convert/conversion_view.h"
#include "forms/design_form.h"
#include "forms/encoding_schema.h"
#include "forms/target_box.h"
#include "grid/basis_matrix_view.h"
#include "grid/grid_panel.h"
#include "grid/mma_arrangement_view.h"
#include "mma_arrangement.h"
#include "module_retarget.h"
#include "notation/mlir/layout_parser.h"
#include "paste_import.h"
#include "recent_files.h"
#include "setting_key.h"
#include "util/error.h"

namespace ls::app {

namespace {

const SettingKey<QByteArray> kGeometry{"window/geometry", {}};
const SettingKey<QByteArray> kState{"window/state", {}};
const SettingKey<bool> kPresentation{"view/presentation", false};
const SettingKey<bool> kColorBlind{"view/colorBlindSafe", false};

// One line for the status bar from a cell's hover text: the coordinates and
// the first owner, with how many more there are.
QString statusLine(const QString &description) {
  const QStringList lines = description.split(QLatin1Char('\n'));
  if (lines.size() < 2)
    return description;
  if (lines[1].startsWith(QLatin1String("holds")))
    return lines[0] + QStringLiteral(" \u2192 ") + lines[1];
  QString s = lines[0];
  if (lines.size() >= 3)
    s += QStringLiteral("   ") + lines[2].trimmed();
  if (lines.size() > 3)
    s += QStringLiteral("   (+%1 more owners)").arg(lines.size() - 3);
  return s;
}

} // namespace

// What a fresh window shows: the load layout of the coalesced transpose.
Design MainWindow::starterDesign() {
  Design d;
  d.name = QStringLiteral("transpose load");
  d.attribute = QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                               "warpsPerCTA = [4, 1], order = [1, 0]}>");
  d.shape = {64, 64};
  d.elementType = QStringLiteral("f32");
  return d;
}

QSize MainWindow::fittedSize(const QRect &available, const QSize &minimum) {
  // 85% of the screen, at most 1920x1200, at least the window's minimum
  // (but never more than the screen).
  const QSize want(std::min(available.width() * 85 / 100, 1920),
                   std::min(available.height() * 85 / 100, 1200));
  return want.expandedTo(minimum).boundedTo(available.size());
}

MainWindow::MainWindow(bool interactive, QWidget *parent)
    : QMainWindow(parent), interactive_(interactive), doc_(new Document(this)),
      recent_(new RecentFiles(this)), player_(new ui::StepPlayer(this)),
      comparePlayer_(new ui::StepPlayer(this)) {
  setObjectName(QStringLiteral("MainWindow"));
  setAcceptDrops(true);
  baseFont_ = QApplication::font();
  split_ = new QSplitter(Qt::Horizontal, this);
  primary_ = new ui::GridPanel(split_);
  primary_->setObjectName(QStringLiteral("primaryPanel"));
  compare_ = new ui::GridPanel(split_);
  compare_->setObjectName(QStringLiteral("comparePanel"));
  compare_->hide();
  setCentralWidget(split_);

  hoverLabel_ = new QLabel(this);
  hoverLabel_->setObjectName(QStringLiteral("hoverLabel"));
  stepLabel_ = new QLabel(this);
  statusBar()->addWidget(hoverLabel_, 1);
  statusBar()->addPermanentWidget(stepLabel_);

  buildDocks();
  analysis_ = new AnalysisDocks(this, doc_);
  buildMenus();
  connectDocument();

  doc_->addDesign(starterDesign());
  doc_->undoStack()->clear();
  refreshCurrent();
  refreshTitle();

  if (interactive_) {
    // The size of the last session if it still fits this screen, else one
    // fitted to the screen (a laptop's 1366x768 as well as a 4K monitor).
    const QRect available = screen()->availableGeometry();
    if (!restoreGeometry(kGeometry.get()) || width() > available.width() ||
        height() > available.height()) {
      resize(fittedSize(available, minimumSizeHint()));
      move(available.center() - rect().center());
    }
    restoreState(kState.get());
    setPresentationMode(kPresentation.get());
    setColorBlindSafe(kColorBlind.get());
    autosave_ = new Autosave(doc_, this);
    autosave_->start();
  } else {
    resize(1400, 860);
  }
}

MainWindow::~MainWindow() {
  // Children (the document among them) outlive this destructor's body; keep
  // their last signals away from a window that is no longer one.
  for (QObject *child : findChildren<QObject *>())
    child->disconnect(this);
}

void MainWindow::buildDocks() {
  // Design dock: the list of designs, then the form of the current one.
  auto *designDock = designDock_ = new QDockWidget(tr("Design"), this);
  designDock->setObjectName(QStringLiteral("DesignDock"));
  auto *host = new QWidget(designDock);
  auto *v = new QVBoxLayout(host);
  v->setContentsMargins(4, 4, 4, 4);
  // The document's target first: every design and panel below assumes it.
  targetBox_ = new ui::TargetBox(targetNames(), host);
  connect(targetBox_, &ui::TargetBox::targetEntered, this, &MainWindow::enterTarget);
  v->addWidget(targetBox_);
  list_ = new QListWidget(host);
  list_->setObjectName(QStringLiteral("designList"));
  list_->setMaximumHeight(110);
  v->addWidget(list_);
  auto *buttons = new QHBoxLayout;
  auto *add = new QPushButton(tr("Add"), host);
  auto *dup = new QPushButton(tr("Duplicate"), host);
  auto *del = new QPushButton(tr("Remove"), host);
  for (auto *b : {add, dup, del})
    buttons->addWidget(b);
  v->addLayout(buttons);
  form_ = new ui::DesignForm(host);
  // The dock is as narrow as the form allows and no narrower: the form
  // scrolls down, never sideways, so no label is cut off.
  auto *scroll = new ui::FitWidthScrollArea(host);
  scroll->setFormWidget(form_);
  v->addWidget(scroll, 1);
  designDock->setWidget(host);
  addDockWidget(Qt::LeftDockWidgetArea, designDock);

  auto *basisDock = new QDockWidget(tr("Basis"), this);
  basisDock->setObjectName(QStringLiteral("BasisDock"));
  auto *basisHost = new QWidget(basisDock);
  auto *basisBox = new QVBoxLayout(basisHost);
  basisBox->setContentsMargins(4, 4, 4, 0);
  basisCute_ = new QLabel(basisHost);
  basisCute_->setObjectName(QStringLiteral("basisCute"));
  basisCute_->setWordWrap(true);
  basisCute_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  {
    QFont mono(QStringLiteral("DejaVu Sans Mono"));
    mono.setStyleHint(QFont::Monospace);
    basisCute_->setFont(mono);
  }
  basisBox->addWidget(basisCute_);
  basis_ = new ui::BasisMatrixView(basisHost);
  auto *basisScroll = new QScrollArea(basisHost);
  basisScroll->setWidget(basis_);
  basisScroll->setWidgetResizable(true);
  basisBox->addWidget(basisScroll, 1);
  basisDock->setWidget(basisHost);
  addDockWidget(Qt::LeftDockWidgetArea, basisDock);
  tabifyDockWidget(designDock, basisDock);
  designDock->raise();

  // Add: a blocked layout for the current design's shape, element type and
  // module (warps, lanes, CTAs), so the two can be compared at once.
  connect(add, &QPushButton::clicked, this, [this] {
    Design d = starterDesign();
    const int cur = doc_->currentIndex();
    if (cur >= 0) {
      const Design &c = doc_->design(cur);
      ui::DefaultContext ctx;
      ctx.rank = static_cast<int>(c.shape.size());
      ctx.shape = c.shape;
      ctx.numWarps = c.module.numWarps;
      ctx.threadsPerWarp = c.module.threadsPerWarp;
      try {
        ctx.elementBits = ls::ir::parseElementType(c.elementType.toStdString()).bits;
      } catch (const ls::Error &) {
      }
      Design like = d;
      like.attribute = ui::defaultAttribute(ls::EncodingKind::Blocked, ctx);
      like.shape = c.shape;
      like.elementType = c.elementType;
      like.module = c.module;
      like.module.numCTAs = 1; // a blocked layout of one CTA
      if (!checkDesign(like))
        d = like;
    }
    d.name = tr("design %1").arg(doc_->count() + 1);
    doc_->addDesign(d);
  });
  connect(dup, &QPushButton::clicked, this, [this] {
    const int cur = doc_->currentIndex();
    if (cur < 0)
      return;
    Design d = doc_->design(cur);
    d.name += tr(" copy");
    doc_->addDesign(d);
  });
  connect(del, &QPushButton::clicked, this, [this] { doc_->removeDesign(doc_->currentIndex()); });
  connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
    if (!refreshing_ && row >= 0)
      doc_->setCurrentIndex(row);
  });
  connect(list_, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
    if (refreshing_)
      return;
    const int row = list_->row(item);
    if (row < 0 || item->text().trimmed().isEmpty())
      return;
    Design d = doc_->design(row);
    d.name = item->text().trimmed();
    doc_->editDesign(row, d, QStringLiteral("name"));
  });
  connect(form_, &ui::DesignForm::edited, this, &MainWindow::applyDraft);
  connect(form_, &ui::DesignForm::copyAttributeRequested, this,
          [this] { QApplication::clipboard()->setText(currentAttribute()); });
  connect(basis_, &ui::BasisMatrixView::basisHovered, this, [this](int bit) {
    if (auto r = primary_->view()->result(); r && !primary_->view()->hardwareView())
      primary_->view()->setExternalHighlight(ui::BasisMatrixView::highlightFor(*r, bit));
  });
  connect(basis_, &ui::BasisMatrixView::basisLeft, this, [this] {
    if (player_->isActive())
      player_->goTo(player_->step());
    else
      primary_->view()->setExternalHighlight(std::nullopt);
  });
  for (ui::GridPanel *panel : {primary_, compare_}) {
    connect(panel->view(), &ui::TensorGridView::hoverTextChanged, this,
            [this](const QString &t) { hoverLabel_->setText(statusLine(t)); });
  }
  // Cancel while a large layout computes: the edit that started it is undone
  // (its result, when the worker finishes, is stale and dropped); with
  // nothing to undo the document stops waiting and keeps what it shows.
  connect(primary_, &ui::GridPanel::cancelRequested, this, [this] {
    const int cur = doc_->currentIndex();
    if (cur < 0 || !doc_->isEvaluating(cur))
      return;
    if (doc_->undoStack()->canUndo())
      doc_->undoStack()->undo();
    else
      doc_->abandonEvaluation(cur);
    refreshCurrent();
    statusBar()->showMessage(tr("Cancelled: the previous layout is shown"), 6000);
  });
  connect(primary_, &ui::GridPanel::viewSettingsEdited, this,
          [this](const QString &color, bool hw, const std::vector<int64_t> &outer) {
            const int cur = doc_->currentIndex();
            if (cur < 0)
              return;
            ViewSettings v = doc_->design(cur).view; // labels and axis names stay
            v.colorBy = color;
            v.hardware = hw;
            v.outer = outer;
            doc_->setViewSettings(cur, v);
          });
  connect(compare_, &ui::GridPanel::viewSettingsEdited, this,
          [this](const QString &color, bool hw, const std::vector<int64_t> &outer) {
            const int i = doc_->indexOfId(compareId_);
            if (i < 0)
              return;
            ViewSettings v = doc_->design(i).view;
            v.colorBy = color;
            v.hardware = hw;
            v.outer = outer;
            doc_->setViewSettings(i, v);
          });
  connect(player_, &ui::StepPlayer::highlightChanged, this,
          [this](const std::optional<ui::GridHighlight> &h) {
            primary_->view()->setExternalHighlight(h);
          });
  connect(player_, &ui::StepPlayer::stepChanged, this,
          [this](int step, int, const QString &caption) {
            stepLabel_->setText(step < 0 ? QString() : caption);
            followStep(step);
          });
  // The compare grid walks with the primary one: same unit, same step.
  connect(comparePlayer_, &ui::StepPlayer::highlightChanged, this,
          [this](const std::optional<ui::GridHighlight> &h) {
            compare_->view()->setExternalHighlight(h);
          });
}

QDockWidget *MainWindow::addToolDock(const QString &name, QWidget *w) {
  auto *dock = new QDockWidget(name, this);
  dock->setObjectName(name + QStringLiteral("Dock"));
  dock->setWidget(w);
  addDockWidget(Qt::RightDockWidgetArea, dock);
  return dock;
}

void MainWindow::connectDocument() {
  connect(doc_, &Document::designsChanged, this, [this] {
    refreshList();
    rebuildCompareMenu();
    refreshCompare();
  });
  connect(doc_, &Document::currentChanged, this, [this] {
    refreshList();
    refreshCurrent();
  });
  connect(doc_, &Document::designChanged, this, [this](int i) {
    if (i == doc_->currentIndex())
      refreshCurrent();
    if (i == doc_->indexOfId(compareId_))
      refreshCompare();
    refreshList();
  });
  // Undo and redo of a view setting: the panels follow without a new result.
  connect(doc_, &Document::viewSettingsChanged, this, [this](int i) {
    const ViewSettings &v = doc_->design(i).view;
    if (i == doc_->currentIndex())
      primary_->applyViewSettings(v.colorBy, v.hardware, v.outer);
    if (i == doc_->indexOfId(compareId_))
      compare_->applyViewSettings(v.colorBy, v.hardware, v.outer);
    applyLabels();
  });
  connect(doc_, &Document::resultReady, this, [this](int i) {
    if (i == doc_->currentIndex())
      refreshCurrent();
    if (i == doc_->indexOfId(compareId_))
      refreshCompare();
  });
  connect(doc_, &Document::targetChanged, this, &MainWindow::refreshTarget);
  connect(doc_, &Document::modifiedChanged, this, &MainWindow::refreshTitle);
  connect(doc_, &Document::filePathChanged, this, &MainWindow::refreshTitle);
}

QString MainWindow::subtitleFor(const Design &d) const {
  // The grid of a TMEM design is the registers of one access; the attribute
  // line under the title names the TMEM layout.
  if (d.isTensorMemory())
    return tr("%1 load   %2 x %3").arg(d.tmemVariant, d.shapeText(), d.elementType);
  QString kind;
  try {
    kind =
        QString::fromLatin1(ls::mnemonic(ls::ir::parseEncoding(d.attribute.toStdString())->kind()));
  } catch (const std::exception &) {
  }
  QString s = QStringLiteral("%1   %2 x %3").arg(kind, d.shapeText(), d.elementType);
  if (kind.contains(QLatin1String("shared")))
    return s;
  s += QStringLiteral("   %1 %2 x %3 threads")
           .arg(d.module.numWarps)
           .arg(d.module.numWarps == 1 ? QStringLiteral("warp") : QStringLiteral("warps"))
           .arg(d.module.threadsPerWarp);
  if (d.module.numCTAs > 1)
    s += QStringLiteral(" x %1 CTAs").arg(d.module.numCTAs);
  return s;
}

void MainWindow::refreshList() {
  refreshing_ = true;
  list_->clear();
  for (int i = 0; i < doc_->count(); ++i) {
    auto *item = new QListWidgetItem(doc_->design(i).name, list_);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
  }
  list_->setCurrentRow(doc_->currentIndex());
  refreshing_ = false;
}

void MainWindow::refreshCurrent() {
  refreshTarget();
  const int cur = doc_->currentIndex();
  if (cur < 0) {
    primary_->setResult(nullptr, QString(), false, {});
    basis_->setResult(nullptr);
    basisCute_->clear();
    player_->setResult(nullptr);
    return;
  }
  const Design &d = doc_->design(cur);
  ui::LayoutResultPtr r = doc_->result(cur);
  form_->setDraft(d.toDraft(), d.attribute);
  basisCute_->setText(tr("CuTe: %1").arg(form_->cuteText()));
  form_->setCurrentLayout(r ? std::make_shared<const ls::LinearLayout>(r->layout()) : nullptr);
  primary_->view()->setTitle(d.name, subtitleFor(d));
  if (r != primary_->view()->result())
    primary_->setResult(r, d.view.colorBy, d.view.hardware, d.view.outer);
  primary_->setBusy(doc_->isEvaluating(cur), d.shape);
  const QString err = doc_->evaluationError(cur);
  primary_->view()->setMessage(err.isEmpty() ? QString() : tr("Cannot draw: %1").arg(err));
  if (basis_->result() != r)
    basis_->setResult(r);
  restartPlayerFor(r);
  applyLabels();
}

namespace {

ui::GridLabelOptions labelOptions(const ViewSettings &v, bool presentation) {
  ui::GridLabelOptions o;
  o.mode = ui::labelModeFromId(v.labels);
  o.rowAxis = v.rowAxis;
  o.colAxis = v.colAxis;
  o.fitLabels = presentation;
  return o;
}

} // namespace

void MainWindow::applyLabels() {
  const int cur = doc_->currentIndex();
  if (cur >= 0)
    primary_->view()->setLabelOptions(labelOptions(doc_->design(cur).view, presentation_));
  const int ci = doc_->indexOfId(compareId_);
  if (ci >= 0)
    compare_->view()->setLabelOptions(labelOptions(doc_->design(ci).view, presentation_));
  if (labelGroup_ && cur >= 0)
    for (QAction *a : labelGroup_->actions())
      a->setChecked(a->data().toString() == doc_->design(cur).view.labels);
}

void MainWindow::setCellLabels(const QString &id) {
  const int cur = doc_->currentIndex();
  if (cur < 0)
    return;
  ViewSettings v = doc_->design(cur).view;
  v.labels = ui::labelModeId(ui::labelModeFromId(id));
  doc_->setViewSettings(cur, v);
  applyLabels();
}

void MainWindow::setAxisNames(const QString &row, const QString &col) {
  const int cur = doc_->currentIndex();
  if (cur < 0)
    return;
  ViewSettings v = doc_->design(cur).view;
  v.rowAxis = row.trimmed().left(40);
  v.colAxis = col.trimmed().left(40);
  doc_->setViewSettings(cur, v);
}

// Every visible panel follows the step: the primary grid (its highlight
// comes from the player), the compare grid (its own walk, same unit and
// step), the basis view (the location bits the step fixes), and the large
// caption above each grid.
void MainWindow::followStep(int step) {
  primary_->view()->setStepOverlay(step < 0 ? QString() : player_->overlayText(step));
  basis_->setStep(step < 0
                      ? std::nullopt
                      : std::optional<std::pair<uint64_t, uint64_t>>(player_->locationOf(step)));
  followStepInPanels(step);
  followStepInArrangement(step);
  comparePlayer_->setUnit(player_->unit());
  if (step < 0 || compareIndex() < 0 || comparePlayer_->stepCount() == 0) {
    if (comparePlayer_->isActive())
      comparePlayer_->stop();
    compare_->view()->setStepOverlay(QString());
    return;
  }
  if (step < comparePlayer_->stepCount()) {
    comparePlayer_->goTo(step);
    compare_->view()->setStepOverlay(comparePlayer_->overlayText(step));
  } else {
    if (comparePlayer_->isActive())
      comparePlayer_->stop();
    compare_->view()->setStepOverlay(
        tr("no step %1 here: %2 steps").arg(step + 1).arg(comparePlayer_->stepCount()));
  }
}

// The open MMA arrangement outlines the stepped thread's cells in A, B and C
// (step k of the lane walk is thread k); a warp or register step, or no
// step, clears it.
void MainWindow::followStepInArrangement(int step) {
  if (!arrangement_)
    return;
  arrangement_->followThread(step >= 0 && player_->unit() == ui::StepPlayer::Unit::Lane
                                 ? std::optional<int64_t>(step)
                                 : std::nullopt);
}

// The Banks and Conversion panels show one warp of the current design: a
// lane or warp step shows the step's warp there, and the Conversion panel
// marks the stepped lane's row (a register step has no warp of its own).
void MainWindow::followStepInPanels(int step) {
  if (!analysis_)
    return;
  ui::ConversionView *conv = analysis_->conversion();
  const ui::LayoutResultPtr &r = player_->result();
  if (step < 0 || !r || !r->layout().hasInDim("lane") || !r->layout().hasInDim("warp")) {
    conv->setSelectedLane(-1);
    analysis_->banks()->setSelectedLane(-1);
    return;
  }
  const int lanes = r->layout().getInDimSize("lane"), warps = r->layout().getInDimSize("warp");
  int warp = -1, lane = -1;
  if (player_->unit() == ui::StepPlayer::Unit::Lane) {
    warp = (step / lanes) % warps;
    lane = step % lanes;
  } else if (player_->unit() == ui::StepPlayer::Unit::Warp) {
    warp = step % warps;
  }
  if (warp >= 0) {
    conv->setWarp(warp);
    analysis_->banks()->setWarp(warp);
  }
  conv->setSelectedLane(lane);
  analysis_->banks()->setSelectedLane(lane);
}

void MainWindow::restartPlayerFor(const ui::LayoutResultPtr &r) {
  if (player_->result() != r)
    player_->setResult(r);
}

void MainWindow::refreshCompare() {
  const int i = doc_->indexOfId(compareId_);
  compare_->setVisible(i >= 0);
  if (i < 0) {
    if (comparePlayer_->isActive())
      comparePlayer_->stop();
    compare_->view()->setStepOverlay(QString());
    return;
  }
  const Design &d = doc_->design(i);
  compare_->view()->setTitle(d.name, subtitleFor(d));
  ui::LayoutResultPtr r = doc_->result(i);
  if (r != compare_->view()->result())
    compare_->setResult(r, d.view.colorBy, d.view.hardware, d.view.outer);
  compare_->setBusy(doc_->isEvaluating(i), d.shape);
  compare_->view()->setLabelOptions(labelOptions(d.view, presentation_));
  if (comparePlayer_->result() != r) {
    comparePlayer_->setResult(r);
    followStep(player_->isActive() ? player_->step() : -1);
  }
}

void MainWindow::refreshTitle() {
  setWindowTitle(QStringLiteral("%1[*] \u2014 Layout Studio").arg(doc_->displayName()));
  setWindowModified(doc_->isModified());
}

Design MainWindow::baseDesign() const {
  const int cur = doc_->currentIndex();
  return cur >= 0 ? doc_->design(cur) : starterDesign();
}

void MainWindow::setCompareIndex(int index) {
  compareId_ = index >= 0 && index < doc_->count() ? doc_->designId(index) : 0;
  refreshCompare();
  rebuildCompareMenu();
  if (analysis_)
    analysis_->scheduleUpdate();
}

int MainWindow::compareIndex() const {
  return doc_->indexOfId(compareId_);
}

void MainWindow::refreshPalettes() {
  ui::GridPalette pal;
  pal.colorBlindSafe = presentation_ || colorBlind_;
  pal.highContrast = presentation_;
  pal.fontScale = presentation_ ? 1.5 : 1.0;
  primary_->view()->setPalette(pal);
  compare_->view()->setPalette(pal);
  basis_->setFontScale(presentation_ ? 1.4 : 1.0);
  if (analysis_)
    analysis_->banks()->setColorBlindSafe(pal.colorBlindSafe);
}

void MainWindow::setPresentationMode(bool on) {
  presentation_ = on;
  QFont f = baseFont_;
  if (on)
    f.setPointSizeF(baseFont_.pointSizeF() * 1.35);
  QApplication::setFont(f);
  if (presentationAction_)
    presentationAction_->setChecked(on);
  refreshPalettes();
  applyLabels(); // presentation fits the cells to the labels
  if (interactive_)
    kPresentation.set(on);
}

void MainWindow::setColorBlindSafe(bool on) {
  colorBlind_ = on;
  if (colorBlindAction_)
    colorBlindAction_->setChecked(on);
  refreshPalettes();
  if (interactive_)
    kColorBlind.set(on);
}

void MainWindow::closeEvent(QCloseEvent *e) {
  if (interactive_ && !maybeSave()) {
    e->ignore();
    return;
  }
  if (interactive_) {
    kGeometry.set(saveGeometry());
    kState.set(saveState());
  }
  if (autosave_)
    autosave_->discard();
  e->accept();
}

void MainWindow::offerRecovery() {
  if (!interactive_)
    return;
  const QStringList orphans = Autosave::orphans();
  if (orphans.isEmpty())
    return;
  const QString path = orphans.front();
  const auto answer = QMessageBox::question(
      this, tr("Recover unsaved work?"),
      tr("Layout Studio found work that was not saved when a session ended unexpectedly.\n\n"
         "Recover it? (Discard deletes it.)"),
      QMessageBox::Yes | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Yes);
  if (answer == QMessageBox::Cancel)
    return;
  if (answer == QMessageBox::Yes) {
    QString error;
    if (!Autosave::recover(doc_, path, &error)) {
      QMessageBox::warning(this, tr("Recovery failed"), error);
      return;
    }
    autosave_->saveNow(true);
  }
  for (const QString &o : orphans)
    Autosave::removeOrphan(o);
  refreshTitle();
}

} // namespace ls::app
