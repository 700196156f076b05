#include "mma_arrangement.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include "analysis/mma/mma_operands.h"
#include "document.h"
#include "export/view_export.h"
#include "grid/grid_panel.h"
#include "grid/step_player.h"
#include "main_window.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls::app {

namespace {

FieldError fieldError(const ls::Error &e) {
  return {QString::fromStdString(e.field()), QString::fromStdString(e.rule())};
}

QString shapeText(const ls::Shape &s) {
  QStringList parts;
  for (int64_t d : s)
    parts << QString::number(d);
  return parts.join(QLatin1Char('x'));
}

} // namespace

QString defaultOperandType(const Design &c) {
  try {
    const int bits = ls::ir::parseElementType(c.elementType.toStdString()).bits;
    if (bits == 8 || bits == 16)
      return c.elementType;
  } catch (const ls::Error &) {
  }
  return QStringLiteral("f16");
}

std::variant<MmaDesigns, FieldError> mmaDesignsFor(const Design &c, QString operandType,
                                                   const ls::Shape &cShape) {
  if (operandType.isEmpty())
    operandType = defaultOperandType(c);
  try {
    const ls::ir::ElementType t = ls::ir::parseElementType(operandType.toStdString(), "dtype");
    const ls::EncodingPtr enc = ls::ir::parseEncoding(c.attribute.toStdString());
    const ls::MmaOperands o = ls::mmaOperands(enc, t.bits, cShape);
    MmaDesigns d;
    auto operand = [&](const char *role, const ls::EncodingPtr &e, const ls::Shape &shape) {
      Design x = c;
      x.name = QStringLiteral("%1 of %2").arg(QLatin1String(role), c.name);
      x.attribute = QString::fromStdString(ls::ir::printEncoding(*e));
      x.shape = shape;
      x.elementType = QString::fromStdString(t.name);
      x.view = ViewSettings{};
      x.view.colorBy = e->isShared() ? QStringLiteral("offset") : QStringLiteral("thread");
      return x;
    };
    d.a = operand("A", o.a, o.aShape);
    d.b = operand("B", o.b, o.bShape);
    d.c = c;
    d.c.shape = o.cShape;
    d.c.view.outer.clear();
    // An accumulator of 8- or 16-bit operands is f32 (i32 for integers),
    // unless the design says otherwise.
    if (c.elementType == operandType)
      d.c.elementType =
          operandType.startsWith(QLatin1Char('i')) ? QStringLiteral("i32") : QStringLiteral("f32");
    d.heading = QStringLiteral("%1 (%2 operands): C %3 = A %4 \u00d7 B %5; kWidth %6")
                    .arg(QString::fromStdString(o.instruction), QString::fromStdString(t.name),
                         shapeText(o.cShape), shapeText(o.aShape), shapeText(o.bShape))
                    .arg(o.kWidth ? QString::number(o.kWidth) : QStringLiteral("-"));
    if (o.kWidth == 0)
      d.heading.chop(QStringLiteral("; kWidth -").size());
    return d;
  } catch (const ls::Error &e) {
    return fieldError(e);
  }
}

ui::MmaArrangement evaluateArrangement(const MmaDesigns &d) {
  ui::MmaArrangement a;
  a.a = evaluateDesign(d.a, 1);
  a.b = evaluateDesign(d.b, 2);
  a.c = evaluateDesign(d.c, 3);
  a.heading = d.heading;
  if (a.c && a.c->isTensorMemory())
    a.note = QStringLiteral("C lives in tensor memory; it is drawn as the registers of its %1 "
                            "load (tcgen05.ld), with A and B read from shared memory.")
                 .arg(a.c->tmemVariant);
  else if (a.b && a.b->isShared())
    a.note = QStringLiteral("wgmma reads B from shared memory: B's cells show offsets.");
  a.note += (a.note.isEmpty() ? QString() : QStringLiteral(" ")) +
            QStringLiteral("Colour = thread; label T<thread>:<register>.");
  return a;
}

std::variant<ui::MmaArrangement, FieldError>
mmaArrangementFor(const Design &c, const QString &operandType, const ls::Shape &cShape) {
  auto d = mmaDesignsFor(c, operandType, cShape);
  if (auto *e = std::get_if<FieldError>(&d))
    return *e;
  try {
    return evaluateArrangement(std::get<MmaDesigns>(d));
  } catch (const ls::Error &e) {
    return fieldError(e);
  } catch (const std::exception &e) {
    return FieldError{QString(), QString::fromStdString(e.what())};
  }
}

MmaArrangementDialog::MmaArrangementDialog(MainWindow *window)
    : QDialog(window), window_(window), view_(new ui::MmaArrangementView(this)),
      a_(new QComboBox(this)), b_(new QComboBox(this)), c_(new QComboBox(this)),
      type_(new QComboBox(this)), error_(new QLabel(this)) {
  setWindowTitle(tr("MMA Arrangement"));
  setObjectName(QStringLiteral("MmaArrangementDialog"));
  Document *doc = window->document();
  a_->addItem(tr("A derived from C (dot operand 0)"), -1);
  b_->addItem(tr("B derived from C (dot operand 1)"), -1);
  for (int i = 0; i < doc->count(); ++i) {
    a_->addItem(doc->design(i).name, i);
    b_->addItem(doc->design(i).name, i);
    c_->addItem(doc->design(i).name, i);
  }
  c_->setCurrentIndex(std::max(0, doc->currentIndex()));
  for (const char *t : {"f16", "bf16", "f8E4M3FN", "f8E5M2", "i8", "tf32"})
    type_->addItem(QString::fromLatin1(t));
  if (doc->currentIndex() >= 0)
    type_->setCurrentText(defaultOperandType(doc->design(doc->currentIndex())));
  error_->setWordWrap(true);
  error_->setStyleSheet(QStringLiteral("color: #b00020"));

  auto *form = new QHBoxLayout;
  auto add = [&](const QString &label, QWidget *w) {
    form->addWidget(new QLabel(label, this));
    form->addWidget(w, 1);
  };
  add(tr("C:"), c_);
  add(tr("A:"), a_);
  add(tr("B:"), b_);
  add(tr("Operands:"), type_);
  auto *v = new QVBoxLayout(this);
  v->addLayout(form);
  v->addWidget(error_);
  v->addWidget(view_, 1);
  auto *bb = new QDialogButtonBox(QDialogButtonBox::Close, this);
  QPushButton *exp = bb->addButton(tr("Export\u2026"), QDialogButtonBox::ActionRole);
  connect(exp, &QPushButton::clicked, this, &MmaArrangementDialog::exportTo);
  connect(bb, &QDialogButtonBox::rejected, this, &QDialog::reject);
  v->addWidget(bb);
  for (QComboBox *box : {a_, b_, c_, type_})
    connect(box, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
  view_->setGridPalette(window->primaryPanel()->view()->gridPalette());
  resize(1200, 900);
  refresh();
}

QString MmaArrangementDialog::refresh() {
  Document *doc = window_->document();
  const int ci = c_->currentData().toInt(), ai = a_->currentData().toInt(),
            bi = b_->currentData().toInt();
  QString why;
  if (ci < 0 || ci >= doc->count()) {
    why = tr("The document has no design to show as C.");
  } else {
    const Design &c = doc->design(ci);
    type_->setEnabled(ai < 0 || bi < 0);
    // Designs picked from the document keep their shapes, so the derived
    // operand follows C's whole shape; else one instruction tile.
    const bool picked = ai >= 0 || bi >= 0;
    auto derived = mmaDesignsFor(c, type_->currentText(),
                                 picked && c.shape.size() == 2 ? c.shape : ls::Shape{});
    MmaDesigns d;
    if (auto *m = std::get_if<MmaDesigns>(&derived)) {
      d = *m;
    } else if (ai < 0 || bi < 0) {
      const FieldError &e = std::get<FieldError>(derived);
      why =
          tr("C (%1) is not the result of an MMA this view can derive operands for: %2%3. "
             "Pick A and B from the document instead.")
              .arg(c.name, e.field.isEmpty() ? QString() : e.field + QStringLiteral(": "), e.rule);
    } else {
      d.c = c;
      d.heading = tr("Designs %1 \u00d7 %2 \u2192 %3")
                      .arg(doc->design(ai).name, doc->design(bi).name, c.name);
    }
    if (why.isEmpty()) {
      if (ai >= 0)
        d.a = doc->design(ai);
      if (bi >= 0)
        d.b = doc->design(bi);
      if (picked) {
        d.c = c;
        d.heading = tr("%1 \u00d7 %2 \u2192 %3").arg(d.a.name, d.b.name, c.name);
      }
      try {
        view_->setArrangement(evaluateArrangement(d));
        if (followed_)
          view_->selectThread(followed_);
      } catch (const std::exception &e) {
        why = QString::fromStdString(e.what());
      }
    }
  }
  error_->setText(why);
  error_->setVisible(!why.isEmpty());
  return why;
}

void MmaArrangementDialog::followThread(std::optional<int64_t> thread) {
  followed_ = thread;
  view_->selectThread(thread);
}

void MmaArrangementDialog::changeEvent(QEvent *e) {
  QDialog::changeEvent(e);
  if (e->type() == QEvent::FontChange || e->type() == QEvent::ApplicationFontChange)
    QTimer::singleShot(
        0, this, [this] { view_->setGridPalette(window_->primaryPanel()->view()->gridPalette()); });
}

void MmaArrangementDialog::exportTo() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Arrangement"),
                                                    QStringLiteral("mma-arrangement.svg"),
                                                    tr("SVG (*.svg);;PDF (*.pdf);;PNG (*.png)"));
  if (path.isEmpty())
    return;
  const QString err = ui::exportArrangement(*view_, path);
  if (!err.isEmpty())
    QMessageBox::warning(this, tr("Export failed"), err);
}

} // namespace ls::app

namespace ls::app {

MmaArrangementDialog *MainWindow::showMmaArrangement() {
  auto *dlg = new MmaArrangementDialog(this);
  dlg->setAttribute(Qt::WA_DeleteOnClose);
  arrangement_ = dlg;
  followStepInArrangement(player_->step());
  dlg->show();
  return dlg;
}

} // namespace ls::app
