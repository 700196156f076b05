#include "banks/bank_heatmap.h"

#include <algorithm>

#include <QBoxLayout>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>

#include "analysis/banks/bank_conflicts.h"
#include "analysis/swizzle/swizzle_search.h"
#include "banks/bank_heatmap_key.h"
#include "banks/bank_heatmap_view.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls::ui {
namespace {

QScrollArea *scrolled(QWidget *w) {
  auto *area = new QScrollArea;
  area->setWidget(w);
  area->setWidgetResizable(false);
  area->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  return area;
}

} // namespace

BankHeatmap::BankHeatmap(QWidget *parent) : QWidget(parent) {
  warp_ = new QSpinBox;
  warp_->setRange(0, 0);
  warp_->setPrefix("warp ");
  direction_ = new QComboBox;
  direction_->addItem("read (local_load)");
  direction_->addItem("write (local_store)");
  dtype_ = new QComboBox;
  for (const char *t : {"f8", "bf16", "f16", "f32", "f64", "i8", "i16", "i32", "i64"})
    dtype_->addItem(t);
  dtype_->setCurrentText("f16");
  target_ = new QComboBox;
  for (const auto &name : BankTarget::names())
    target_->addItem(QString::fromStdString(name));
  target_->setCurrentText("sm90");

  auto *controls = new QHBoxLayout;
  controls->addWidget(warp_);
  controls->addWidget(direction_);
  controls->addWidget(dtype_);
  controls->addWidget(target_);
  controls->addStretch(1);

  currentTitle_ = new QLabel;
  proposedTitle_ = new QLabel;
  for (QLabel *l : {currentTitle_, proposedTitle_}) {
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  }
  currentTotals_ = new QLabel;
  proposedTotals_ = new QLabel;
  // Totals wrap: one line of figures must not set the panel's minimum width.
  for (QLabel *l : {currentTotals_, proposedTotals_}) {
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  }
  error_ = new QLabel;
  error_->setStyleSheet("color: #b00020");
  error_->setWordWrap(true);
  error_->hide();
  current_ = new BankHeatmapView;
  proposed_ = new BankHeatmapView;
  key_ = new BankHeatmapKey;
  axes_ = new QLabel(tr("Columns: the banks. Rows: the chosen warp's wavefronts in issue order; "
                        "#k marks the first wavefront of instruction k. A cell's colour: how many "
                        "distinct words its bank serves to that wavefront's lanes (hover a cell for "
                        "its lanes and elements)."));
  axes_->setWordWrap(true);
  verdict_ = new QLabel;
  verdict_->setWordWrap(true);
  verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  kernelNote_ = new QLabel;
  kernelNote_->setWordWrap(true);
  kernelNote_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  kernelNote_->setStyleSheet("color: #5a3e00; background: #fff4d6; padding: 3px");
  kernelNote_->hide();
  apply_ = new QPushButton(tr("Apply proposal"));
  apply_->setEnabled(false);

  // Current and proposed side by side when the panel is wide enough for two
  // heatmaps, else one above the other (resizeEvent); each heatmap scrolls
  // inside its area, so neither sets the panel's minimum width. The verdict
  // and "Apply proposal" stay below both, always in view.
  auto column = [](QLabel *title, QWidget *view, QLabel *totals) {
    auto *box = new QVBoxLayout;
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(title);
    box->addWidget(scrolled(view), 1);
    box->addWidget(totals);
    return box;
  };
  pair_ = new QBoxLayout(QBoxLayout::LeftToRight);
  pair_->addLayout(column(currentTitle_, current_, currentTotals_), 1);
  pair_->addLayout(column(proposedTitle_, proposed_, proposedTotals_), 1);
  auto *bottom = new QHBoxLayout;
  bottom->addWidget(verdict_, 1);
  bottom->addWidget(apply_, 0, Qt::AlignRight | Qt::AlignBottom);

  auto *top = new QVBoxLayout(this);
  top->addLayout(controls);
  top->addWidget(error_);
  top->addLayout(pair_, 1);
  top->addWidget(key_);
  top->addWidget(axes_);
  top->addLayout(bottom);
  top->addWidget(kernelNote_);

  connect(warp_, &QSpinBox::valueChanged, this, [this] { recompute(); });
  connect(direction_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
  connect(dtype_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
  connect(target_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
  connect(target_, &QComboBox::activated, this,
          [this] { emit targetChosen(target_->currentText()); });
  connect(apply_, &QPushButton::clicked, this, [this] {
    if (!proposal_.isEmpty())
      emit applyProposal(proposal_);
  });
}

void BankHeatmap::setDesign(EncodingPtr distributed, EncodingPtr shared, Shape shape,
                            const QString &dtype, EncodingPtr reader) {
  distributed_ = std::move(distributed);
  shared_ = std::move(shared);
  reader_ = std::move(reader);
  shape_ = std::move(shape);
  proposalKey_.clear();
  {
    const QSignalBlocker block(dtype_);
    if (dtype_->findText(dtype) < 0)
      dtype_->addItem(dtype);
    dtype_->setCurrentText(dtype);
  }
  recompute();
}

bool BankHeatmap::sideBySide() const {
  return pair_->direction() == QBoxLayout::LeftToRight;
}

void BankHeatmap::resizeEvent(QResizeEvent *event) {
  // Two heatmaps (and their scroll bars) across, or one above the other.
  const int two = 2 * std::max(current_->sizeHint().width(), proposed_->sizeHint().width()) + 60;
  const auto dir = width() >= two ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
  if (pair_->direction() != dir)
    pair_->setDirection(dir);
  QWidget::resizeEvent(event);
}

int BankHeatmap::warp() const {
  return warp_->value();
}

void BankHeatmap::setWarp(int warp) {
  warp_->setValue(warp);
}
void BankHeatmap::setSelectedLane(int lane) {
  current_->setSelectedLane(lane);
  proposed_->setSelectedLane(lane);
}
void BankHeatmap::setDirection(AccessDirection d) {
  direction_->setCurrentIndex(d == AccessDirection::Load ? 0 : 1);
}
void BankHeatmap::setElementType(const QString &dtype) {
  dtype_->setCurrentText(dtype);
}
void BankHeatmap::setTarget(const QString &target) {
  if (target_->findText(target) < 0)
    target_->addItem(target);
  target_->setCurrentText(target);
}
QString BankHeatmap::target() const {
  return target_->currentText();
}

QString BankHeatmap::currentTotalsText() const {
  return currentTotals_->text();
}
QString BankHeatmap::proposedTotalsText() const {
  return proposedTotals_->text();
}
QString BankHeatmap::verdictText() const {
  return verdict_->text();
}
void BankHeatmap::setKernelNote(const QString &note, const QString &distributed,
                                const QString &shared) {
  kernelNote_->setText(note);
  noteDistributed_ = note.isEmpty() ? QString() : distributed;
  noteShared_ = note.isEmpty() ? QString() : shared;
  recompute();
  if (!distributed_ || !shared_)
    kernelNote_->setVisible(!note.isEmpty());
}

QString BankHeatmap::kernelNoteText() const {
  return kernelNote_->isHidden() ? QString() : kernelNote_->text();
}

void BankHeatmap::setColorBlindSafe(bool on) {
  current_->setColorBlindSafe(on);
  proposed_->setColorBlindSafe(on);
  key_->setColorBlindSafe(on);
}

QString BankHeatmap::axesText() const {
  return axes_->text();
}

QString BankHeatmap::errorText() const {
  return error_->isHidden() ? QString() : error_->text();
}

void BankHeatmap::showError(const QString &message) {
  error_->setText(message);
  error_->show();
  current_->setModel({});
  proposed_->setModel({});
  currentTotals_->clear();
  proposedTotals_->clear();
  verdict_->clear();
  apply_->setEnabled(false);
  proposalKey_.clear(); // the verdict went with the error; recompute both next time
}

void BankHeatmap::recompute() {
  if (!distributed_ || !shared_)
    return;
  error_->hide();
  // The kernel's note belongs to the pair it was opened with, not to an
  // edited or another design.
  kernelNote_->setVisible(!kernelNote_->text().isEmpty() &&
                          noteDistributed_ == QString::fromStdString(ir::printEncoding(*distributed_)) &&
                          noteShared_ == QString::fromStdString(ir::printEncoding(*shared_)));
  try {
    const int bits = ir::parseElementType(dtype_->currentText().toStdString(), "element type").bits;
    const BankTarget target = BankTarget::byName(target_->currentText().toStdString(), "target");
    const bool load = direction_->currentIndex() == 0;
    const Encoding &reader = reader_ ? *reader_ : *distributed_;
    const Encoding &accessor = load ? reader : *distributed_;
    // A layout of the wrong warp width for the target, in the panel's words
    // rather than the command line's: only CDNA (gfx9) runs 64-lane warps,
    // and it runs nothing else.
    const bool cdna = target.name.rfind("gfx9", 0) == 0;
    for (const Encoding *e : {distributed_.get(), &reader}) {
      if (e->isShared())
        continue;
      const int lanes = e->toLinearLayout(shape_).getInDimSize("lane");
      if (lanes == 64 && !cdna) {
        showError(tr("This layout has 64 lanes per warp; choose an AMD target (gfx90a, gfx942, "
                     "gfx950) instead of %1.")
                      .arg(target_->currentText()));
        return;
      }
      if (lanes == 32 && cdna) {
        showError(tr("This layout has 32 lanes per warp; %1 runs 64-lane warps: choose an NVIDIA "
                     "target (sm80 ... sm120) or RDNA (gfx1100, gfx1200).")
                      .arg(target_->currentText()));
        return;
      }
    }
    SharedAccessOptions opt;
    opt.target = target;
    opt.direction = load ? AccessDirection::Load : AccessDirection::Store;

    // The warp range depends on the layout; clamp before analysing.
    SharedAccessOptions probe = opt;
    probe.detailLimit = 0;
    const int warps = analyzeSharedAccess(accessor, *shared_, shape_, bits, probe).plan.warpCount;
    {
      const QSignalBlocker block(warp_);
      warp_->setRange(0, warps - 1);
    }
    opt.warp = warp_->value();

    auto show = [&](BankHeatmapView *view, QLabel *totals, const Encoding &shared) {
      BankHeatmapModel model(analyzeSharedAccess(accessor, shared, shape_, bits, opt));
      const int triton = sharedBankConflicts(accessor, shared, shape_, bits);
      totals->setText(QString::fromStdString(model.totalsText()) +
                      QString(" (Triton bank_conflicts %1)").arg(triton));
      view->setModel(std::move(model));
    };
    currentTitle_->setText(tr("Current: ") + QString::fromStdString(ir::printEncoding(*shared_)));
    show(current_, currentTotals_, *shared_);

    const QString key = dtype_->currentText() + "|" + target_->currentText();
    if (key != proposalKey_) {
      SwizzleProposal p = proposeSharedLayout(*distributed_, reader, shape_, bits, target, shared_);
      proposalEncoding_ = p.proposed.shared;
      proposal_ = QString::fromStdString(p.proposed.attribute);
      // Apply is offered for a real improvement: no figure worse, or the
      // store and the load together cheaper (the verdict says what one side
      // pays); otherwise the verdict names what the proposal would trade.
      apply_->setEnabled(p.improves() || p.improvesOverall());
      if (p.improves())
        verdict_->setText(tr("The proposal is better: no figure worse."));
      else if (p.improvesOverall())
        verdict_->setText(tr("The proposal is better overall (store and load together); ") +
                          QString::fromStdString(p.trades()));
      else if (p.worse().empty())
        verdict_->setText(tr("The current layout is already as good."));
      else
        verdict_->setText(tr("The proposal is not better; ") + QString::fromStdString(p.trades()));
      proposalKey_ = key;
    }
    proposedTitle_->setText(tr("Proposed: ") + proposal_);
    show(proposed_, proposedTotals_, *proposalEncoding_);
    // One colour scale for both heatmaps and the key: the same colour is
    // the same load on either side.
    const int scale = std::max({1, current_->model().maxLoad(), proposed_->model().maxLoad()});
    current_->setLoadScale(scale);
    proposed_->setLoadScale(scale);
    key_->setScale(scale);
  } catch (const Error &e) {
    showError(QString::fromStdString(e.what()));
  } catch (const std::exception &e) {
    showError(tr("internal error: ") + QString::fromStdString(e.what()));
  }
}

} // namespace ls::ui
