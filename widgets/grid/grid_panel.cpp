#include "grid/grid_panel.h"

#include "analysis/ownership/ownership.h"
#include "report/ownership_report.h"

#include "common/flow_layout.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace ls::ui {

GridPanel::GridPanel(QWidget *parent) : QWidget(parent) {
  auto *v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(2);
  // The controls wrap onto a second line in a narrow panel (two panels side
  // by side on a laptop screen) instead of widening the window.
  auto *bar = new FlowLayout;
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
  bar->addStretch();
  find_ = new QLineEdit(this);
  find_->setObjectName(QStringLiteral("findElementThread"));
  find_->setPlaceholderText(tr("Find element / thread"));
  find_->setToolTip(tr("An element (37,5): who holds it, replicas included. A thread (T37, or "
                       "w1 l5 for warp 1 lane 5): the elements it holds, outlined. A shared "
                       "offset: @77. Enter to ask."));
  find_->setClearButtonEnabled(true);
  find_->setMaximumWidth(190);
  find_->setMinimumWidth(80); // shrinks this far before the tool bar wraps
  bar->addWidget(find_);
  busy_ = new QLabel(tr("Computing\u2026"), this);
  busy_->setObjectName(QStringLiteral("busy"));
  busy_->hide();
  bar->addWidget(busy_);
  busyBar_ = new QProgressBar(this);
  busyBar_->setObjectName(QStringLiteral("busyBar"));
  busyBar_->setRange(0, 0); // indeterminate: the engine reports no fraction
  busyBar_->setMaximumWidth(80);
  busyBar_->setTextVisible(false);
  busyBar_->hide();
  bar->addWidget(busyBar_);
  cancel_ = new QToolButton(this);
  cancel_->setObjectName(QStringLiteral("cancelCompute"));
  cancel_->setText(tr("Cancel"));
  cancel_->setToolTip(tr("Stop waiting for this layout: the edit that started it is undone and "
                         "the previous picture stays"));
  cancel_->hide();
  bar->addWidget(cancel_);
  connect(cancel_, &QToolButton::clicked, this, &GridPanel::cancelRequested);
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
  findAnswer_ = new QLabel(this);
  findAnswer_->setObjectName(QStringLiteral("findAnswer"));
  findAnswer_->setWordWrap(true);
  findAnswer_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  findAnswer_->setContentsMargins(6, 0, 6, 0);
  findAnswer_->hide();
  v->addWidget(findAnswer_);
  v->addWidget(view_, 1);
  connect(find_, &QLineEdit::returnPressed, this, [this] { find(find_->text()); });
  connect(find_, &QLineEdit::textChanged, this, [this](const QString &t) {
    if (t.trimmed().isEmpty()) {
      findAnswer_->hide();
      view_->clearSelection();
    }
  });

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
  busyBar_->setVisible(busy);
  cancel_->setVisible(busy);
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

namespace {

QString coordsText(const std::vector<int64_t> &c) {
  QStringList parts;
  for (int64_t x : c)
    parts << QString::number(x);
  return QStringLiteral("(") + parts.join(QStringLiteral(", ")) + QStringLiteral(")");
}

QString locationText(const ls::report::Location &l) {
  QStringList parts;
  for (const auto &[dim, value] : l)
    parts << QStringLiteral("%1 %2").arg(QString::fromStdString(dim)).arg(value);
  return parts.join(QStringLiteral(", "));
}

} // namespace

QString GridPanel::find(const QString &query) {
  const QString q = query.trimmed();
  auto answer = [this](const QString &text) {
    findAnswer_->setText(text);
    findAnswer_->setVisible(!text.isEmpty());
    return text;
  };
  const LayoutResultPtr &res = view_->result();
  if (q.isEmpty())
    return answer(QString());
  if (!res || !res->ownership)
    return answer(tr("No layout to search"));
  const ls::Ownership &own = *res->ownership;
  const ls::Shape &shape = res->shape;
  const ls::LinearLayout &ll = own.layout();
  auto inSize = [&ll](const ls::DimName &d) -> int64_t {
    return ll.hasInDim(d) ? ll.getInDimSize(d) : 1;
  };
  static const QRegularExpression elementRe(
      QStringLiteral("^\\(?\\s*(\\d+(?:\\s*[, ]\\s*\\d+)*)\\s*\\)?$"));
  static const QRegularExpression threadRe(QStringLiteral("^(?:t|thread)\\s*(\\d+)$"),
                                           QRegularExpression::CaseInsensitiveOption);
  static const QRegularExpression warpLaneRe(
      QStringLiteral("^(?:w|warp)\\s*(\\d+)\\s*,?\\s*(?:l|lane)\\s*(\\d+)$"),
      QRegularExpression::CaseInsensitiveOption);
  static const QRegularExpression offsetRe(QStringLiteral("^@\\s*(\\d+)$"));
  auto held = [&](const std::vector<std::pair<ls::DimName, int64_t>> &fixed, const QString &who) {
    const ls::report::HeldElements h = ls::report::elementsAt(own, fixed);
    QStringList items;
    for (const auto &[loc, element] : h.elements) {
      if (items.size() == 8) {
        items << QStringLiteral("\u2026");
        break;
      }
      items << (loc.empty() ? coordsText(element)
                            : QStringLiteral("%1: %2").arg(locationText(loc), coordsText(element)));
    }
    const size_t n = h.elements.size();
    return who + (n == 1 ? tr(" holds 1 element: ") : tr(" holds %1 elements: ").arg(n)) +
           items.join(QStringLiteral("; "));
  };
  if (auto m = threadRe.match(q); m.hasMatch() || warpLaneRe.match(q).hasMatch()) {
    if (res->isShared())
      return answer(tr("A shared layout has no threads: ask an element (37,5) or an offset (@77)"));
    const int64_t lanes = inSize(ls::kLane), warps = inSize(ls::kWarp);
    int64_t lane = 0, warp = 0;
    if (m.hasMatch()) {
      const int64_t t = m.captured(1).toLongLong();
      if (t >= lanes * warps)
        return answer(tr("Thread %1 is beyond the layout's %2 threads (%3 warps x %4 lanes)")
                          .arg(t)
                          .arg(lanes * warps)
                          .arg(warps)
                          .arg(lanes));
      lane = t % lanes;
      warp = t / lanes;
    } else {
      auto wl = warpLaneRe.match(q);
      warp = wl.captured(1).toLongLong();
      lane = wl.captured(2).toLongLong();
      if (warp >= warps || lane >= lanes)
        return answer(tr("Warp %1, lane %2 is beyond the layout's %3 warps x %4 lanes")
                          .arg(warp)
                          .arg(lane)
                          .arg(warps)
                          .arg(lanes));
    }
    std::vector<int32_t> loc(own.inDims().size(), 0);
    for (size_t i = 0; i < own.inDims().size(); ++i) {
      if (own.inDims()[i] == ls::kLane)
        loc[i] = static_cast<int32_t>(lane);
      else if (own.inDims()[i] == ls::kWarp)
        loc[i] = static_cast<int32_t>(warp);
    }
    view_->selectLocation(own.packLocation(loc));
    return answer(
        held({{ls::kLane, lane}, {ls::kWarp, warp}, {ls::kBlock, 0}},
             tr("Thread %1 (warp %2, lane %3)").arg(lane + lanes * warp).arg(warp).arg(lane)));
  }
  if (auto m = offsetRe.match(q); m.hasMatch()) {
    if (!res->isShared())
      return answer(tr("Offsets are for shared layouts: ask an element (37,5) or a thread (T37)"));
    const int64_t offset = m.captured(1).toLongLong();
    if (offset >= inSize(ls::kOffset))
      return answer(
          tr("Offset %1 is beyond the layout's %2 offsets").arg(offset).arg(inSize(ls::kOffset)));
    std::vector<int32_t> loc(own.inDims().size(), 0);
    for (size_t i = 0; i < own.inDims().size(); ++i)
      if (own.inDims()[i] == ls::kOffset)
        loc[i] = static_cast<int32_t>(offset);
    view_->selectLocation(own.packLocation(loc));
    return answer(held({{ls::kOffset, offset}, {ls::kBlock, 0}}, tr("Offset %1").arg(offset)));
  }
  if (auto m = elementRe.match(q); m.hasMatch()) {
    std::vector<int64_t> coords;
    for (const QString &part :
         m.captured(1).split(QRegularExpression(QStringLiteral("[, ]+")), Qt::SkipEmptyParts))
      coords.push_back(part.toLongLong());
    if (coords.size() != shape.size())
      return answer(tr("An element of this tensor has %1 coordinates, got %2")
                        .arg(shape.size())
                        .arg(coords.size()));
    for (size_t d = 0; d < coords.size(); ++d)
      if (coords[d] >= shape[d])
        return answer(tr("Element %1 is outside the tensor: dim %2 has size %3")
                          .arg(coordsText(coords))
                          .arg(d)
                          .arg(shape[d]));
    const ls::report::ElementOwners o = ls::report::elementOwners(own, coords);
    view_->selectElement(coords);
    QStringList owners;
    for (const auto &l : o.owners)
      owners << locationText(l);
    const size_t n = o.owners.size();
    return answer(tr("Element %1: ").arg(coordsText(coords)) +
                  (n == 1 ? tr("1 owner: ") : tr("%1 owners: ").arg(n)) +
                  owners.join(QStringLiteral("; ")));
  }
  return answer(tr("Ask an element (37,5), a thread (T37, or w1 l5) or a shared offset (@77)"));
}

} // namespace ls::ui
