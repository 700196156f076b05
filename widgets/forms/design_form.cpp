#include "forms/design_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "analysis/tmem/tmem_reg_layout.h"
#include "common/flow_layout.h"
#include "notation/cute/cute_layout.h"
#include "notation/mlir/layout_parser.h"
#include "util/error.h"

namespace ls::ui {

namespace {

QComboBox *numberBox(QWidget *parent, std::initializer_list<int> values, const char *name) {
  auto *c = new QComboBox(parent);
  for (int v : values)
    c->addItem(QString::number(v), v);
  c->setObjectName(QString::fromLatin1(name));
  return c;
}

void selectNumber(QComboBox *c, int v) {
  QSignalBlocker b(c);
  int i = c->findData(v);
  if (i < 0) {
    c->addItem(QString::number(v), v);
    i = c->count() - 1;
  }
  c->setCurrentIndex(i);
}

QLabel *errorLabelFor(QWidget *parent, const char *name) {
  auto *l = new QLabel(parent);
  l->setWordWrap(true);
  l->setStyleSheet(QStringLiteral("color: #b00020;"));
  l->setObjectName(QString::fromLatin1(name));
  l->hide();
  return l;
}

} // namespace

DesignForm::DesignForm(QWidget *parent) : QWidget(parent) {
  auto *v = new QVBoxLayout(this);
  auto *form = new QFormLayout;
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  name_ = new QLineEdit(this);
  name_->setObjectName(QStringLiteral("designName"));
  form->addRow(tr("Name"), name_);

  shape_ = new QLineEdit(this);
  shape_->setObjectName(QStringLiteral("shape"));
  shape_->setPlaceholderText(QStringLiteral("64x64"));
  shape_->setToolTip(tr("Tensor shape: powers of two separated by 'x' (1-D to 8-D)"));
  shapeError_ = errorLabelFor(this, "shapeError");
  form->addRow(tr("Shape"), shape_);
  form->addRow(QString(), shapeError_);

  dtype_ = new QComboBox(this);
  dtype_->setObjectName(QStringLiteral("dtype"));
  for (const char *t :
       {"i1", "i8", "i16", "i32", "i64", "f8E4M3FN", "f8E5M2", "f16", "bf16", "f32", "f64"})
    dtype_->addItem(QString::fromLatin1(t));
  dtypeError_ = errorLabelFor(this, "dtypeError");
  form->addRow(tr("Element type"), dtype_);
  form->addRow(QString(), dtypeError_);

  // Wraps in a narrow dock (or at presentation size) instead of widening it.
  auto *hw = new FlowLayout;
  hw->setContentsMargins(0, 0, 0, 0);
  warps_ = numberBox(this, {1, 2, 4, 8, 16, 32, 64}, "numWarps");
  lanes_ = numberBox(this, {32, 64}, "threadsPerWarp");
  ctas_ = numberBox(this, {1, 2, 4, 8, 16}, "numCTAs");
  warps_->setToolTip(tr("ttg.num-warps: warps per CTA"));
  lanes_->setToolTip(tr("ttg.threads-per-warp: 32 (NVIDIA, RDNA) or 64 (CDNA)"));
  ctas_->setToolTip(tr("ttg.num-ctas: CTAs per cluster"));
  hw->addWidget(new QLabel(tr("warps"), this));
  hw->addWidget(warps_);
  hw->addWidget(new QLabel(tr("threads/warp"), this));
  hw->addWidget(lanes_);
  hw->addWidget(new QLabel(tr("CTAs"), this));
  hw->addWidget(ctas_);
  form->addRow(tr("Module"), hw);
  warpsError_ = errorLabelFor(this, "numWarpsError");
  lanesError_ = errorLabelFor(this, "threadsPerWarpError");
  ctasError_ = errorLabelFor(this, "numCTAsError");
  form->addRow(QString(), warpsError_);
  form->addRow(QString(), lanesError_);
  form->addRow(QString(), ctasError_);
  v->addLayout(form);

  encoding_ = new EncodingForm(this);
  v->addWidget(encoding_);

  // The TMEM access: which tcgen05.ld/st reads a tensor-memory design.
  variantRow_ = new QWidget(this);
  auto *vr = new QGridLayout(variantRow_);
  vr->setContentsMargins(0, 4, 0, 0);
  variant_ = new QComboBox(variantRow_);
  variant_->setObjectName(QStringLiteral("tmemVariant"));
  for (ls::TmemVariant t : ls::allTmemVariants())
    if (t != ls::TmemVariant::I16x32bx2) // Triton infers it; Gluon refuses it
      variant_->addItem(QString::fromLatin1(ls::tmemVariantName(t)));
  variant_->setToolTip(
      tr("The TMEM load/store (tcgen05.ld/st shape, Gluon's instr_variant) whose registers the "
         "grid shows: 32x32b = lane t reads row t; 16x64b, 16x128b, 16x256b = 16-row atoms; "
         "32x32b_splitn = 32x32b with the N/2 split in the last register"));
  auto *variantLabel = new QLabel(tr("TMEM access"), variantRow_);
  variantLabel->setToolTip(variant_->toolTip());
  vr->addWidget(variantLabel, 0, 0);
  vr->addWidget(variant_, 0, 1);
  vr->setColumnStretch(1, 1);
  variantError_ = errorLabelFor(variantRow_, "tmemVariantError");
  vr->addWidget(variantError_, 1, 0, 1, 2);
  v->addWidget(variantRow_);
  variantRow_->hide();
  encoding_->setDefaultsProvider([this](ls::EncodingKind kind) {
    const DesignDraft d = draft();
    DefaultContext ctx;
    ctx.shape.clear();
    for (const QString &p : d.shapeText.split(QLatin1Char('x'), Qt::SkipEmptyParts))
      ctx.shape.push_back(std::max<qint64>(1, p.trimmed().toLongLong()));
    if (ctx.shape.empty())
      ctx.shape = {64, 64};
    ctx.rank = static_cast<int>(ctx.shape.size());
    ctx.numWarps = d.module.numWarps;
    ctx.threadsPerWarp = kind == ls::EncodingKind::AmdMfma ? 64 : d.module.threadsPerWarp;
    try {
      ctx.elementBits = ls::ir::parseElementType(d.elementType.toStdString()).bits;
    } catch (...) {
    }
    ctx.current = current_.get();
    return defaultAttribute(kind, ctx);
  });

  auto *copyRow = new QHBoxLayout;
  copyRow->addWidget(new QLabel(tr("Canonical attribute (Triton 3.6)"), this), 1);
  auto *copy = new QPushButton(tr("Copy"), this);
  copy->setObjectName(QStringLiteral("copyAttribute"));
  copyRow->addWidget(copy);
  v->addLayout(copyRow);
  canonical_ = new QPlainTextEdit(this);
  canonical_->setObjectName(QStringLiteral("canonical"));
  canonical_->setReadOnly(true);
  canonical_->setMaximumHeight(90);
  QFont mono(QStringLiteral("DejaVu Sans Mono"));
  mono.setStyleHint(QFont::Monospace);
  canonical_->setFont(mono);
  v->addWidget(canonical_);
  cuteTitle_ = new QLabel(tr("CuTe"), this);
  cuteTitle_->setObjectName(QStringLiteral("cuteTitle"));
  v->addWidget(cuteTitle_);
  cute_ = new QPlainTextEdit(this);
  cute_->setObjectName(QStringLiteral("cute"));
  cute_->setReadOnly(true);
  cute_->setMaximumHeight(60);
  cute_->setFont(mono);
  v->addWidget(cute_);
  v->addStretch(1);

  connect(copy, &QPushButton::clicked, this, &DesignForm::copyAttributeRequested);
  connect(name_, &QLineEdit::textEdited, this, [this] { emitEdited(QStringLiteral("name")); });
  connect(shape_, &QLineEdit::textEdited, this, [this] { emitEdited(QStringLiteral("shape")); });
  connect(dtype_, &QComboBox::currentIndexChanged, this,
          [this] { emitEdited(QStringLiteral("dtype")); });
  connect(warps_, &QComboBox::currentIndexChanged, this,
          [this] { emitEdited(QStringLiteral("num-warps")); });
  connect(lanes_, &QComboBox::currentIndexChanged, this,
          [this] { emitEdited(QStringLiteral("threads-per-warp")); });
  connect(ctas_, &QComboBox::currentIndexChanged, this,
          [this] { emitEdited(QStringLiteral("num-ctas")); });
  connect(variant_, &QComboBox::currentIndexChanged, this,
          [this] { emitEdited(QStringLiteral("variant")); });
  connect(encoding_, &EncodingForm::edited, this, [this](const QString &, const QString &field) {
    syncVariantRow();
    emitEdited(field);
  });
}

void DesignForm::syncVariantRow() {
  const bool tmem = encoding_->kind() == ls::EncodingKind::TensorMemory ||
                    encoding_->kind() == ls::EncodingKind::TensorMemoryScales;
  variantRow_->setVisible(tmem);
}

void DesignForm::emitEdited(const QString &field) {
  if (updating_)
    return;
  emit edited(draft(), field);
}

void DesignForm::setCurrentLayout(std::shared_ptr<const ls::LinearLayout> layout) {
  current_ = std::move(layout);
}

void DesignForm::setDraft(const DesignDraft &d, const QString &canonical) {
  updating_ = true;
  if (name_->text() != d.name) {
    name_->setText(d.name);
    // A name set from outside (another design, undo, open) shows its start
    // -- setText leaves the cursor at the end, so a long name showed only
    // its last words; a name being typed keeps the cursor where it is.
    if (!name_->hasFocus())
      name_->setCursorPosition(0);
  }
  if (shape_->text() != d.shapeText)
    shape_->setText(d.shapeText);
  {
    QSignalBlocker b(dtype_);
    int i = dtype_->findText(d.elementType);
    if (i < 0) {
      dtype_->addItem(d.elementType);
      i = dtype_->count() - 1;
    }
    dtype_->setCurrentIndex(i);
  }
  selectNumber(warps_, d.module.numWarps);
  selectNumber(lanes_, d.module.threadsPerWarp);
  selectNumber(ctas_, d.module.numCTAs);
  if (encoding_->composedAttribute() != d.attribute)
    encoding_->setAttribute(d.attribute);
  {
    QSignalBlocker b(variant_);
    int i = variant_->findText(d.tmemVariant);
    if (i < 0) {
      variant_->addItem(d.tmemVariant);
      i = variant_->count() - 1;
    }
    variant_->setCurrentIndex(i);
  }
  syncVariantRow();
  canonical_->setPlainText(canonical);
  // The same layout in CuTe's notation (thread-value for distributed layouts,
  // Swizzle o (shape):(stride) for shared ones) on the design's shape.
  QString cute;
  try {
    ls::Shape shape;
    for (const QString &p : d.shapeText.split(QLatin1Char('x'))) {
      bool ok = false;
      shape.push_back(p.trimmed().toLongLong(&ok));
      if (!ok)
        throw ls::Error("shape", "not a shape");
    }
    const ls::EncodingPtr enc = ls::ir::parseEncoding(canonical.toStdString());
    cute = QString::fromStdString(ls::notation::cute::encodingToCute(*enc, shape));
    cuteTitle_->setText(
        tr("CuTe (%1)")
            .arg(enc->isShared() ? tr("coordinate → offset") : tr("(thread, value) → index")));
  } catch (const ls::Error &e) {
    cute = QString::fromStdString(e.rule());
    cuteTitle_->setText(tr("CuTe"));
  } catch (const std::exception &e) {
    cute = QString::fromStdString(e.what());
    cuteTitle_->setText(tr("CuTe"));
  }
  cute_->setPlainText(cute);
  updating_ = false;
}

QString DesignForm::cuteText() const {
  return cute_->toPlainText();
}

DesignDraft DesignForm::draft() const {
  DesignDraft d;
  d.name = name_->text();
  d.attribute = encoding_->composedAttribute();
  d.shapeText = shape_->text().trimmed();
  d.elementType = dtype_->currentText();
  d.module.numWarps = warps_->currentData().toInt();
  d.module.threadsPerWarp = lanes_->currentData().toInt();
  d.module.numCTAs = ctas_->currentData().toInt();
  d.tmemVariant = variant_->currentText();
  return d;
}

QLabel *DesignForm::errorLabel(const QString &field) const {
  if (field == QLatin1String("shape") || field == QLatin1String("--shape"))
    return shapeError_;
  if (field == QLatin1String("dtype") || field == QLatin1String("--dtype"))
    return dtypeError_;
  if (field == QLatin1String("num-warps"))
    return warpsError_;
  if (field == QLatin1String("threads-per-warp"))
    return lanesError_;
  if (field == QLatin1String("num-ctas"))
    return ctasError_;
  if (field == QLatin1String("instr_variant") || field == QLatin1String("variant"))
    return variantError_;
  return nullptr;
}

void DesignForm::showError(const QString &field, const QString &rule) {
  if (QLabel *l = errorLabel(field)) {
    l->setText(rule);
    l->show();
    return;
  }
  encoding_->showError(field, rule);
}

void DesignForm::clearErrors() {
  for (QLabel *l :
       {shapeError_, dtypeError_, warpsError_, lanesError_, ctasError_, variantError_}) {
    l->hide();
    l->clear();
  }
  encoding_->clearErrors();
}

QString DesignForm::errorText(const QString &field) const {
  if (QLabel *l = errorLabel(field))
    return l->isHidden() ? QString() : l->text();
  return encoding_->errorText(field);
}

} // namespace ls::ui
