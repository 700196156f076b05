#include "tmem/tmem_design_widget.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

#include "common/flow_layout.h"

#include "tmem/tmem_register_view.h"
#include "tmem/tmem_view.h"
#include "util/error.h"

namespace ls::ui {

namespace {

const QStringList kDtypes = {"f32", "f16", "bf16", "f8", "i8"};

QString shapeText(const Shape &shape) {
  QStringList parts;
  for (int64_t d : shape)
    parts << QString::number(d);
  return parts.join('x');
}

Shape parseShapeText(const QString &text) {
  Shape shape;
  for (const QString &part : text.split('x')) {
    bool ok = false;
    const qlonglong v = part.trimmed().toLongLong(&ok);
    if (!ok || v <= 0)
      throw Error("shape", "'" + text.toStdString() + "' is not a shape; expected e.g. 128x64");
    shape.push_back(v);
  }
  return shape;
}

// What an edit changed, in the words of the form's fields.
QString changedField(const TmemDesign &before, const TmemDesign &after) {
  QStringList changed;
  if (!before.layout || !after.layout || before.attributeText() != after.attributeText())
    changed << "layout";
  if (before.shape != after.shape)
    changed << "shape";
  if (before.element.name != after.element.name)
    changed << "dtype";
  if (before.numWarps != after.numWarps)
    changed << "num-warps";
  if (before.variant != after.variant)
    changed << "variant";
  return changed.size() == 1 ? changed.front() : QString("tmem");
}

QSpinBox *tileSpin(int lo, int hi, int value) {
  auto *s = new QSpinBox;
  s->setRange(lo, hi);
  s->setValue(value);
  return s;
}

} // namespace

TmemDesignWidget::TmemDesignWidget(QWidget *parent) : QWidget(parent) {
  buildForm();
  setDesign(TmemDesign::fromText("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, "
                                 "colStride = 1>",
                                 {128, 64}, "f32"));
}

TmemDesignWidget::~TmemDesignWidget() {
  for (QObject *child : findChildren<QObject *>())
    child->disconnect(this);
}

void TmemDesignWidget::buildForm() {
  layoutEdit_ = new QLineEdit;
  layoutEdit_->setPlaceholderText("#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, "
                                  "colStride = 1>");
  shapeEdit_ = new QLineEdit;
  shapeEdit_->setMaximumWidth(90);
  dtypeBox_ = new QComboBox;
  dtypeBox_->addItems(kDtypes);
  warpsBox_ = new QComboBox;
  warpsBox_->addItems({"4", "8", "16", "32"});
  variantBox_ = new QComboBox;
  for (TmemVariant v : allTmemVariants())
    if (v != TmemVariant::I16x32bx2) // inferred only; Gluon refuses it
      variantBox_->addItem(tmemVariantName(v));
  ctaBox_ = new QComboBox;

  mSpin_ = tileSpin(64, 1024, 128);
  nSpin_ = tileSpin(8, 4096, 128);
  kSpin_ = tileSpin(8, 4096, 64);
  operandBox_ = new QComboBox;
  operandBox_->addItems({"f16", "bf16", "f8", "i8", "tf32"});
  accBox_ = new QComboBox;
  accBox_->addItems({"f32", "f16", "i32"});
  suggestButton_ = new QPushButton(tr("Suggest"));
  suggestButton_->setToolTip(tr("Fill the design Triton picks for a tcgen05 tile: the "
                                "accumulator's TMEM layout and its 32x32b load"));

  errorLabel_ = new QLabel;
  errorLabel_->setStyleSheet("color: #b00020");
  errorLabel_->setWordWrap(true);
  summaryLabel_ = new QLabel;
  summaryLabel_->setWordWrap(true); // a narrow dock wraps it rather than widening
  noticeLabel_ = new QLabel;
  noticeLabel_->setWordWrap(true);
  noticeLabel_->setStyleSheet("color: #6b4e00; background: #fff4d6; padding: 3px");
  noticeLabel_->hide();

  tmemView_ = new TmemView;
  registerView_ = new TmemRegisterView;
  tmemScroll_ = new QScrollArea;
  tmemScroll_->setWidget(tmemView_);
  registerScroll_ = new QScrollArea;
  registerScroll_->setWidget(registerView_);
  auto *split = new QSplitter(Qt::Horizontal);
  split->addWidget(tmemScroll_);
  split->addWidget(registerScroll_);
  split->setSizes({1000, 1000}); // half each, whatever the views would like

  // Four short rows rather than two long ones, each wrapping when the dock
  // is narrow: the widget lives in a dock beside the grid, and its width is
  // taken from the grid.
  auto *row1 = new QHBoxLayout;
  row1->addWidget(new QLabel(tr("TMEM layout")));
  row1->addWidget(layoutEdit_, 1);
  auto *row1b = new FlowLayout;
  row1b->setContentsMargins(0, 0, 0, 0);
  row1b->addWidget(new QLabel(tr("shape")));
  row1b->addWidget(shapeEdit_);
  row1b->addWidget(dtypeBox_);
  row1b->addWidget(new QLabel(tr("warps")));
  row1b->addWidget(warpsBox_);
  row1b->addWidget(new QLabel(tr("access")));
  row1b->addWidget(variantBox_);
  row1b->addWidget(ctaBox_);
  row1b->addStretch();
  auto *row2 = new FlowLayout;
  row2->setContentsMargins(0, 0, 0, 0);
  row2->addWidget(new QLabel(tr("tcgen05 tile  M")));
  row2->addWidget(mSpin_);
  row2->addWidget(new QLabel("N"));
  row2->addWidget(nSpin_);
  row2->addWidget(new QLabel("K"));
  row2->addWidget(kSpin_);
  row2->addStretch();
  auto *row2b = new FlowLayout;
  row2b->setContentsMargins(0, 0, 0, 0);
  row2b->addWidget(new QLabel(tr("operands")));
  row2b->addWidget(operandBox_);
  row2b->addWidget(new QLabel(tr("accumulator")));
  row2b->addWidget(accBox_);
  row2b->addWidget(suggestButton_);
  row2b->addStretch();
  auto *top = new QVBoxLayout(this);
  top->addLayout(row1);
  top->addLayout(row1b);
  top->addLayout(row2);
  top->addLayout(row2b);
  top->addWidget(errorLabel_);
  top->addWidget(noticeLabel_);
  top->addWidget(summaryLabel_);
  top->addWidget(split, 1);

  connect(layoutEdit_, &QLineEdit::editingFinished, this, &TmemDesignWidget::formEdited);
  connect(shapeEdit_, &QLineEdit::editingFinished, this, &TmemDesignWidget::formEdited);
  for (QComboBox *box : {dtypeBox_, warpsBox_, variantBox_})
    connect(box, &QComboBox::currentIndexChanged, this, &TmemDesignWidget::formEdited);
  connect(ctaBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
    tmemView_->setCta(std::max(0, i));
    registerView_->setBlock(std::min(std::max(0, i), map_ ? map_->numBlocks() - 1 : 0));
  });
  connect(suggestButton_, &QPushButton::clicked, this, &TmemDesignWidget::suggest);
  auto select = [this](int d0, int d1) {
    tmemView_->setSelectedElement(std::make_pair(d0, d1));
    registerView_->setSelectedElement(std::make_pair(d0, d1));
  };
  connect(tmemView_, &TmemView::elementSelected, this, select);
  connect(registerView_, &TmemRegisterView::elementSelected, this, select);
}

bool TmemDesignWidget::setDesign(const TmemDesign &design) {
  std::shared_ptr<const TmemMap> map;
  try {
    map = std::make_shared<const TmemMap>(design.map());
  } catch (const Error &e) {
    showError(QString::fromStdString(e.what()));
    return false;
  }
  design_ = design;
  map_ = map;
  showError({});
  tmemView_->setSelectedElement(std::nullopt);
  registerView_->setSelectedElement(std::nullopt);
  tmemView_->setMap(map_);
  registerView_->setMap(map_);
  syncForm();
  const TmemAllocation a = design_.allocation();
  summaryLabel_->setText(
      tr("TMEM: %1 lanes x %2 columns per CTA, %3 %4 per column  |  %5 access: %6 registers per "
         "thread, %7 warps")
          .arg(a.numRows)
          .arg(a.numCols)
          .arg(map_->slotsPerColumn())
          .arg(QString::fromStdString(design_.element.name))
          .arg(tmemVariantName(design_.variant))
          .arg(map_->numRegisters())
          .arg(design_.numWarps));
  return true;
}

void TmemDesignWidget::syncForm() {
  const QSignalBlocker b1(layoutEdit_), b2(shapeEdit_), b3(dtypeBox_), b4(warpsBox_),
      b5(variantBox_), b6(ctaBox_);
  layoutEdit_->setText(QString::fromStdString(design_.attributeText()));
  shapeEdit_->setText(shapeText(design_.shape));
  int dt = dtypeBox_->findText(QString::fromStdString(design_.element.name));
  if (dt < 0) {
    dtypeBox_->addItem(QString::fromStdString(design_.element.name));
    dt = dtypeBox_->count() - 1;
  }
  dtypeBox_->setCurrentIndex(dt);
  int w = warpsBox_->findText(QString::number(design_.numWarps));
  if (w < 0) {
    warpsBox_->addItem(QString::number(design_.numWarps));
    w = warpsBox_->count() - 1;
  }
  warpsBox_->setCurrentIndex(w);
  variantBox_->setCurrentIndex(variantBox_->findText(tmemVariantName(design_.variant)));
  ctaBox_->clear();
  for (int c = 0; c < map_->numCTAs(); ++c)
    ctaBox_->addItem(tr("CTA %1").arg(c));
  ctaBox_->setVisible(map_->numCTAs() > 1);
}

void TmemDesignWidget::formEdited() {
  try {
    TmemDesign d = TmemDesign::fromText(
        layoutEdit_->text().trimmed().toStdString(), parseShapeText(shapeEdit_->text()),
        dtypeBox_->currentText().toStdString(), warpsBox_->currentText().toInt(),
        parseTmemVariant(variantBox_->currentText().toStdString()));
    d.cgaBases = design_.cgaBases;
    if (d == design_)
      return;
    emit designEdited(d, changedField(design_, d));
    if (applyImmediately_)
      setDesign(d);
    else
      showError({});
  } catch (const Error &e) {
    showError(QString::fromStdString(e.what()));
  }
}

void TmemDesignWidget::setSuggestTile(int m, int n, int k, const QString &operandDtype,
                                      const QString &accDtype) {
  mSpin_->setValue(m);
  nSpin_->setValue(n);
  kSpin_->setValue(k);
  operandBox_->setCurrentText(operandDtype);
  accBox_->setCurrentText(accDtype);
}

void TmemDesignWidget::suggest() {
  try {
    Tcgen05Request r;
    r.m = mSpin_->value();
    r.n = nSpin_->value();
    r.k = kSpin_->value();
    r.operandBits = ir::parseElementType(operandBox_->currentText().toStdString(), "operands").bits;
    r.numWarps = warpsBox_->currentText().toInt();
    TmemDesign d = suggestTmemDesign(r, accBox_->currentText().toStdString());
    emit designEdited(d, "suggest");
    if (applyImmediately_)
      setDesign(d);
  } catch (const Error &e) {
    showError(QString::fromStdString(e.what()));
  }
}

void TmemDesignWidget::showError(const QString &message) {
  errorLabel_->setText(message);
  errorLabel_->setVisible(!message.isEmpty());
}

void TmemDesignWidget::setNotice(const QString &notice) {
  noticeLabel_->setText(notice);
  noticeLabel_->setVisible(!notice.isEmpty());
}

QString TmemDesignWidget::noticeText() const {
  return noticeLabel_->text();
}

QString TmemDesignWidget::errorText() const {
  return errorLabel_->text();
}
QString TmemDesignWidget::summaryText() const {
  return summaryLabel_->text();
}

} // namespace ls::ui
