#include "grid/grid_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace ls::ui {

GridPanel::GridPanel(QWidget *parent) : QWidget(parent) {
  auto *v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(2);
  auto *bar = new QHBoxLayout;
  bar->setContentsMargins(6, 2, 6, 0);
  bar->addWidget(new QLabel(tr("Colour by"), this));
  color_ = new QComboBox(this);
  color_->setObjectName(QStringLiteral("colorBy"));
  bar->addWidget(color_);
  hardware_ = new QCheckBox(tr("Hardware view"), this);
  hardware_->setObjectName(QStringLiteral("hardwareView"));
  hardware_->setToolTip(tr("Rows are (warp, register), columns are lanes; each cell shows the "
                           "element it holds. For shared layouts: memory in 128-byte rows."));
  bar->addWidget(hardware_);
  sliceBox_ = new QHBoxLayout;
  bar->addLayout(sliceBox_);
  bar->addStretch(1);
  busy_ = new QLabel(tr("Computing\u2026"), this);
  busy_->setObjectName(QStringLiteral("busy"));
  busy_->hide();
  bar->addWidget(busy_);
  auto button = [this, bar](const QString &text, const QString &tip) {
    auto *b = new QToolButton(this);
    b->setText(text);
    b->setToolTip(tip);
    bar->addWidget(b);
    return b;
  };
  view_ = new TensorGridView(this);
  connect(button(QStringLiteral("\u2212"), tr("Zoom out (-)")), &QToolButton::clicked, view_,
          &TensorGridView::zoomOut);
  connect(button(tr("Fit"), tr("Fit the tensor (0, double-click)")), &QToolButton::clicked, view_,
          &TensorGridView::fitToView);
  connect(button(QStringLiteral("+"), tr("Zoom in (+)")), &QToolButton::clicked, view_,
          &TensorGridView::zoomIn);
  v->addLayout(bar);
  v->addWidget(view_, 1);

  connect(color_, &QComboBox::currentIndexChanged, this, [this] {
    if (updating_)
      return;
    view_->setColorBy(static_cast<ColorBy>(color_->currentData().toInt()));
    emitSettings();
  });
  connect(hardware_, &QCheckBox::toggled, this, [this](bool on) {
    if (updating_)
      return;
    view_->setHardwareView(on);
    syncControls();
    emitSettings();
  });
}

void GridPanel::setResult(LayoutResultPtr result, const QString &colorById, bool hardware,
                          const std::vector<int64_t> &outer) {
  updating_ = true;
  view_->setHardwareView(hardware);
  view_->setOuterIndex(outer);
  view_->setResult(std::move(result));
  if (const GridPlane *p = view_->plane()) {
    const auto modes = p->colorModes();
    view_->setColorBy(colorByFromId(colorById, modes.front()));
  }
  updating_ = false;
  syncControls();
}

void GridPanel::applyViewSettings(const QString &colorById, bool hardware,
                                  const std::vector<int64_t> &outer) {
  bool changed = false;
  updating_ = true;
  if (hardware != view_->hardwareView()) {
    view_->setHardwareView(hardware);
    changed = true;
  }
  if (view_->plane() && view_->plane()->kind() == PlaneKind::Tensor &&
      outer.size() == view_->outerIndex().size() && outer != view_->outerIndex()) {
    view_->setOuterIndex(outer);
    changed = true;
  }
  if (const GridPlane *p = view_->plane()) {
    const ColorBy c = colorByFromId(colorById, p->colorModes().front());
    if (c != view_->colorBy()) {
      view_->setColorBy(c);
      changed = true;
    }
  }
  updating_ = false;
  // Only when something moved: this also runs inside the controls' own
  // signals (an edit's redo), where rebuilding them is not wanted.
  if (changed)
    syncControls();
}

void GridPanel::setBusy(bool busy, const std::optional<ls::Shape> &pendingShape) {
  busy_->setVisible(busy);
  view_->setPendingShape(busy ? pendingShape : std::nullopt);
}

void GridPanel::syncControls() {
  updating_ = true;
  color_->clear();
  const GridPlane *p = view_->plane();
  if (p) {
    for (ColorBy c : p->colorModes())
      color_->addItem(colorByName(c), static_cast<int>(c));
    color_->setCurrentIndex(color_->findData(static_cast<int>(view_->colorBy())));
  }
  color_->setEnabled(p && p->colorModes().size() > 1);
  hardware_->setChecked(view_->hardwareView());
  // One spin box per outer dim (3-D and larger tensors).
  const size_t want = p && p->kind() == PlaneKind::Tensor ? p->outer().size() : 0;
  while (slice_.size() > want) {
    delete slice_.back();
    slice_.pop_back();
  }
  while (slice_.size() < want) {
    auto *s = new QSpinBox(this);
    s->setPrefix(QStringLiteral("dim%1 = ").arg(slice_.size()));
    s->setToolTip(tr("Which slice of the outer dims to show"));
    connect(s, &QSpinBox::valueChanged, this, [this] {
      if (updating_)
        return;
      std::vector<int64_t> outer;
      for (auto *b : slice_)
        outer.push_back(b->value());
      view_->setOuterIndex(outer);
      emitSettings();
    });
    sliceBox_->addWidget(s);
    slice_.push_back(s);
  }
  for (size_t d = 0; d < want; ++d) {
    slice_[d]->setRange(0, static_cast<int>(p->ownership().shape()[d] - 1));
    slice_[d]->setValue(static_cast<int>(p->outer()[d]));
  }
  updating_ = false;
}

void GridPanel::emitSettings() {
  std::vector<int64_t> outer = view_->outerIndex();
  emit viewSettingsEdited(colorById(view_->colorBy()), view_->hardwareView(), outer);
}

} // namespace ls::ui
