#include "convert/coalescing_panel.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "convert/sector_matrix_view.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls::ui {

namespace {

QString percent(double v) {
  return QString::number(v * 100.0, 'f', 1) + QLatin1Char('%');
}

} // namespace

CoalescingPanel::CoalescingPanel(QWidget *parent) : QWidget(parent) {
  auto *layout = new QVBoxLayout(this);
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(summary_);

  auto *pick = new QHBoxLayout;
  warpBox_ = new QSpinBox(this);
  instrBox_ = new QSpinBox(this);
  warpBox_->setPrefix(tr("warp "));
  instrBox_->setPrefix(tr("instruction "));
  pick->addWidget(warpBox_);
  pick->addWidget(instrBox_);
  pick->addStretch(1);
  layout->addLayout(pick);

  instructionSummary_ = new QLabel(this);
  instructionSummary_->setWordWrap(true); // one line of figures must not widen the dock
  layout->addWidget(instructionSummary_);
  matrix_ = new SectorMatrixView(this);
  layout->addWidget(matrix_, 1);

  suggest_ = new QPushButton(tr("Suggest the coalesced layout"), this);
  suggest_->setEnabled(false);
  layout->addWidget(suggest_);
  steps_ = new QLabel(this);
  steps_->setWordWrap(true);
  steps_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(steps_);

  connect(warpBox_, &QSpinBox::valueChanged, this, [this] { refreshInstruction(); });
  connect(instrBox_, &QSpinBox::valueChanged, this, [this] { refreshInstruction(); });
  connect(suggest_, &QPushButton::clicked, this, [this] {
    if (!suggestion_.isEmpty())
      emit coalescedLayoutSuggested(suggestion_);
  });
  clear();
}

void CoalescingPanel::setAccess(std::shared_ptr<const GlobalAccess> access,
                                const QString &dtypeName) {
  access_ = std::move(access);
  dtype_ = dtypeName;
  if (!access_) {
    clear();
    return;
  }
  const QSignalBlocker bw(warpBox_), bi(instrBox_);
  warpBox_->setRange(0, access_->numWarps() - 1);
  instrBox_->setRange(0, access_->instructionsPerThread() - 1);
  warpBox_->setValue(0);
  instrBox_->setValue(0);
  warpBox_->setEnabled(true);
  instrBox_->setEnabled(true);
  summary_->setText(summaryText());
  refreshInstruction();
}

void CoalescingPanel::clear() {
  access_.reset();
  summary_->setText(tr("No global access to analyse."));
  instructionSummary_->clear();
  warpBox_->setEnabled(false);
  instrBox_->setEnabled(false);
  matrix_->clear();
}

void CoalescingPanel::setMachine(const QString &target) {
  if (machine_ == target)
    return;
  machine_ = target;
  summary_->setToolTip(
      tr("Sectors are 32-byte segments of global memory, NVIDIA's L1/L2 transaction size; the "
         "same segments are counted on AMD targets (%1), where they measure how many aligned "
         "32-byte pieces one instruction touches.")
          .arg(machine_));
  if (access_)
    summary_->setText(summaryText());
}

QString CoalescingPanel::summaryText() const {
  if (!access_)
    return {};
  const QString on = machine_.isEmpty() ? QString() : tr("on %1, 32-byte sectors: ").arg(machine_);
  return on + tr("vector %1 x %2 (%3 bits), %4 instruction(s) per thread; all warps: %5 sectors, "
                 "minimum %6, efficiency %7")
                  .arg(access_->vectorElems())
                  .arg(dtype_)
                  .arg(access_->vectorBits())
                  .arg(access_->instructionsPerThread())
                  .arg(access_->totalSectors())
                  .arg(access_->totalMinSectors())
                  .arg(percent(access_->efficiency()));
}

void CoalescingPanel::setSuggestion(const QString &attributeText, const QStringList &steps) {
  suggestion_ = attributeText;
  suggest_->setEnabled(!suggestion_.isEmpty());
  suggest_->setToolTip(suggestion_);
  QString text;
  if (!suggestion_.isEmpty()) {
    text = tr("Triton's coalesce pass picks %1").arg(suggestion_.toHtmlEscaped());
    QString items;
    for (const QString &step : steps)
      items += QStringLiteral("<li>") + step.toHtmlEscaped() + QStringLiteral("</li>");
    if (!items.isEmpty())
      text += QStringLiteral("<ol>") + items + QStringLiteral("</ol>");
  }
  steps_->setText(text);
}

void CoalescingPanel::setSuggestion(const CoalesceInput &input) {
  try {
    const CoalesceResult r = coalescedLayout(input);
    QStringList steps;
    for (const CoalesceStep &s : r.steps)
      steps << QString::fromStdString(s.name + ": " + s.detail);
    setSuggestion(QString::fromStdString(ir::printEncoding(r.encoding)), steps);
  } catch (const Error &e) {
    setSuggestion(QString(), {});
    steps_->setText(tr("No suggestion: %1").arg(QString::fromStdString(e.what())));
  }
}

void CoalescingPanel::setInstruction(int warp, int index) {
  warpBox_->setValue(warp);
  instrBox_->setValue(index);
  refreshInstruction();
}

int CoalescingPanel::warp() const {
  return warpBox_->value();
}
int CoalescingPanel::instructionIndex() const {
  return instrBox_->value();
}

void CoalescingPanel::refreshInstruction() {
  if (!access_)
    return;
  const GlobalInstruction a = access_->instruction(warp(), instructionIndex());
  matrix_->setInstruction(a);
  instructionSummary_->setText(tr("warp %1, instruction %2: %3 sectors for %4 bytes (minimum %5), "
                                  "efficiency %6")
                                   .arg(a.warp)
                                   .arg(a.index)
                                   .arg(a.sectors.size())
                                   .arg(a.uniqueBytes)
                                   .arg(a.minSectors)
                                   .arg(percent(a.efficiency())));
  emit instructionChanged(a.warp, a.index);
}

} // namespace ls::ui
