#include "export/export_panel.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QTabWidget>
#include <QVBoxLayout>

#include "codegen/exporter.h"
#include "export/code_highlighter.h"
#include "util/error.h"

namespace ls::ui {

using ls::codegen::ExportFormat;

namespace {

CodeHighlighter::Language languageOf(ExportFormat f) {
  switch (f) {
  case ExportFormat::Attribute:
  case ExportFormat::Module:
    return CodeHighlighter::Language::Mlir;
  case ExportFormat::Gluon:
  case ExportFormat::GluonProbe:
    return CodeHighlighter::Language::Python;
  case ExportFormat::Descriptor:
    return CodeHighlighter::Language::Json;
  default:
    return CodeHighlighter::Language::Cpp;
  }
}

} // namespace

ExportPanel::ExportPanel(QWidget *parent) : QWidget(parent) {
  auto *top = new QHBoxLayout;
  auto *label = new QLabel(tr("Triton:"), this);
  syntaxCombo_ = new QComboBox(this);
  syntaxCombo_->addItem(tr("3.6"));
  syntaxCombo_->addItem(tr("legacy (triton_gpu, 3.0/3.1)"));
  syntaxCombo_->setToolTip(tr("Attribute spelling of the MLIR exports"));
  label->setBuddy(syntaxCombo_);
  copyButton_ = new QPushButton(tr("Copy"), this);
  saveButton_ = new QPushButton(tr("Save..."), this);
  top->addWidget(label);
  top->addWidget(syntaxCombo_);
  top->addStretch(1);
  top->addWidget(copyButton_);
  top->addWidget(saveButton_);

  tabs_ = new QTabWidget(this);
  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  for (ExportFormat f : ls::codegen::allFormats()) {
    Page p;
    p.format = f;
    auto *holder = new QWidget(tabs_);
    auto *v = new QVBoxLayout(holder);
    v->setContentsMargins(0, 0, 0, 0);
    p.error = new QLabel(holder);
    p.error->setWordWrap(true);
    p.error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    p.error->setStyleSheet("color: #b00020;");
    p.error->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    p.error->setMargin(6);
    p.error->hide();
    p.editor = new QPlainTextEdit(holder);
    p.editor->setReadOnly(true);
    p.editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    p.editor->setFont(mono);
    p.highlighter = new CodeHighlighter(languageOf(f), p.editor->document());
    v->addWidget(p.error);
    v->addWidget(p.editor, 1);
    tabs_->addTab(holder, tr(ls::codegen::formatTitle(f)));
    pages_.append(p);
  }

  auto *layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(tabs_, 1);

  connect(tabs_, &QTabWidget::currentChanged, this, [this](int index) {
    if (index >= 0 && index < pages_.size())
      ensureFresh(pages_[index]);
    updateButtons();
  });
  connect(syntaxCombo_, &QComboBox::currentIndexChanged, this, [this] {
    invalidate();
    ensureFresh(pages_[tabs_->currentIndex()]);
    updateButtons();
  });
  connect(copyButton_, &QPushButton::clicked, this, &ExportPanel::copyToClipboard);
  connect(saveButton_, &QPushButton::clicked, this, &ExportPanel::save);
  invalidate();
  ensureFresh(pages_[tabs_->currentIndex()]);
  updateButtons();
}

void ExportPanel::setDesign(ls::EncodingPtr encoding, const ls::Shape &shape,
                            const QString &elementType) {
  design_.encoding = std::move(encoding);
  design_.shape = shape;
  design_.element = {"", 0};
  if (design_.encoding) {
    try {
      design_.element = elementType.isEmpty()
                            ? ls::codegen::defaultElementType(*design_.encoding)
                            : ls::ir::parseElementType(elementType.toStdString(), "element type");
    } catch (const ls::Error &) {
      // Left unset: every export reports the bad element type.
    }
  }
  invalidate();
  ensureFresh(pages_[tabs_->currentIndex()]);
  updateButtons();
}

void ExportPanel::setTarget(const QString &tritonTarget) {
  if (tritonTarget == target_)
    return;
  target_ = tritonTarget;
  invalidate();
  ensureFresh(pages_[tabs_->currentIndex()]);
  updateButtons();
}

void ExportPanel::clearDesign() {
  setDesign(nullptr, {});
}

ExportFormat ExportPanel::currentFormat() const {
  return pages_[tabs_->currentIndex()].format;
}

void ExportPanel::setCurrentFormat(ExportFormat format) {
  for (int i = 0; i < pages_.size(); ++i)
    if (pages_[i].format == format)
      tabs_->setCurrentIndex(i);
}

ls::ir::Syntax ExportPanel::syntax() const {
  return syntaxCombo_->currentIndex() == 1 ? ls::ir::Syntax::Legacy : ls::ir::Syntax::Triton36;
}

void ExportPanel::setSyntax(ls::ir::Syntax syntax) {
  syntaxCombo_->setCurrentIndex(syntax == ls::ir::Syntax::Legacy ? 1 : 0);
}

QString ExportPanel::text(ExportFormat format) {
  Page &p = page(format);
  ensureFresh(p);
  return p.text;
}

QString ExportPanel::errorText(ExportFormat format) {
  Page &p = page(format);
  ensureFresh(p);
  return p.errorText;
}

ExportPanel::Page &ExportPanel::page(ExportFormat format) {
  for (Page &p : pages_)
    if (p.format == format)
      return p;
  throw ls::InternalError("ExportPanel: no page for a format");
}

void ExportPanel::invalidate() {
  for (Page &p : pages_)
    p.fresh = false;
}

void ExportPanel::ensureFresh(Page &p) {
  if (p.fresh)
    return;
  p.fresh = true;
  p.text.clear();
  p.errorText.clear();
  if (!design_.encoding) {
    p.errorText = tr("No layout to export.");
  } else {
    ls::codegen::ExportOptions options;
    options.syntax = syntax();
    options.target = target_.toStdString();
    try {
      p.text = QString::fromStdString(ls::codegen::exportDesign(design_, p.format, options));
    } catch (const std::exception &e) {
      // ls::Error names the field and the rule; anything else is a bug,
      // reported the same way rather than taking the application down.
      p.errorText = QString::fromStdString(e.what());
    }
  }
  p.editor->setPlainText(p.text);
  p.error->setText(p.errorText.isEmpty() ? QString() : tr("Cannot export: %1").arg(p.errorText));
  p.error->setVisible(!p.errorText.isEmpty());
  p.editor->setVisible(p.errorText.isEmpty());
}

void ExportPanel::updateButtons() {
  const bool ok = !pages_[tabs_->currentIndex()].text.isEmpty();
  copyButton_->setEnabled(ok);
  saveButton_->setEnabled(ok);
}

void ExportPanel::copyToClipboard() {
  Page &p = pages_[tabs_->currentIndex()];
  ensureFresh(p);
  if (p.text.isEmpty())
    return;
  QApplication::clipboard()->setText(p.text);
  emit copied(p.format);
}

QString ExportPanel::suggestedFileName() const {
  return QStringLiteral("layout") + QString::fromLatin1(ls::codegen::formatSuffix(currentFormat()));
}

bool ExportPanel::saveTo(const QString &path, QString *error) {
  Page &p = pages_[tabs_->currentIndex()];
  ensureFresh(p);
  if (p.text.isEmpty()) {
    if (error)
      *error = p.errorText;
    return false;
  }
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(p.text.toUtf8()) < 0 || !file.commit()) {
    if (error)
      *error = file.errorString();
    return false;
  }
  emit saved(path);
  return true;
}

void ExportPanel::save() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save export"), suggestedFileName());
  if (path.isEmpty())
    return;
  QString error;
  if (!saveTo(path, &error)) {
    Page &p = pages_[tabs_->currentIndex()];
    p.error->setText(tr("Cannot save %1: %2").arg(path, error));
    p.error->show();
  }
}

} // namespace ls::ui
