#include "forms/encoding_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include "forms/pow2_spin_box.h"
#include "notation/mlir/layout_parser.h"
#include "util/error.h"

namespace ls::ui {

namespace {

QStringList splitList(const QString &text) {
  QStringList out;
  for (const QString &p : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
    out << p.trimmed();
  return out;
}

QFont monoFont() {
  QFont f(QStringLiteral("DejaVu Sans Mono"));
  f.setStyleHint(QFont::Monospace);
  return f;
}

// A row of spin boxes, one per dim.
class ListEditor : public QWidget {
public:
  ListEditor(bool pow2, std::function<void()> changed) : pow2_(pow2), changed_(std::move(changed)) {
    auto *l = new QHBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->setSpacing(4);
  }
  QString text() const {
    QStringList p;
    for (auto *s : spins_)
      p << QString::number(s->value());
    return p.join(QStringLiteral(", "));
  }
  void setText(const QString &t) {
    const QStringList items = splitList(t);
    while (spins_.size() > items.size())
      delete spins_.takeLast();
    while (spins_.size() < items.size()) {
      QSpinBox *s = pow2_ ? new Pow2SpinBox(this) : new QSpinBox(this);
      if (!pow2_)
        s->setRange(0, 1 << 20);
      s->setMinimumWidth(56);
      layout()->addWidget(s);
      connect(s, &QSpinBox::valueChanged, this, [this] { changed_(); });
      spins_ << s;
    }
    for (int i = 0; i < items.size(); ++i) {
      QSignalBlocker b(spins_[i]);
      spins_[i]->setValue(items[i].toInt());
    }
  }
  QList<QSpinBox *> spins_;

private:
  bool pow2_;
  std::function<void()> changed_;
};

} // namespace

EncodingForm::EncodingForm(QWidget *parent, bool nested) : QWidget(parent), nested_(nested) {
  outer_ = new QVBoxLayout(this);
  outer_->setContentsMargins(nested ? 12 : 0, 0, 0, 0);
  kindBox_ = new QComboBox(this);
  for (const KindSpec &k : kindSpecs())
    if (!nested || (!k.shared && !k.tensorMemory))
      kindBox_->addItem(k.title + QStringLiteral("  (") + k.mnemonic + QLatin1Char(')'),
                        k.mnemonic);
  kindBox_->setObjectName(nested ? QStringLiteral("parentKind") : QStringLiteral("kind"));
  // The longest titles ("Tensor memory scales  (tensor_memory_scales_encoding)")
  // must not set the Design dock's minimum width; the list shows them whole.
  kindBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  kindBox_->setMinimumContentsLength(24);
  outer_->addWidget(kindBox_);
  generalError_ = new QLabel(this);
  generalError_->setWordWrap(true);
  generalError_->setStyleSheet(QStringLiteral("color: #b00020;"));
  generalError_->hide();
  outer_->addWidget(generalError_);
  connect(kindBox_, &QComboBox::currentIndexChanged, this, &EncodingForm::kindChosen);
}

bool EncodingForm::setAttribute(const QString &text) {
  ls::EncodingPtr enc;
  try {
    enc = ls::ir::parseEncoding(text.toStdString());
  } catch (const std::exception &e) {
    generalError_->setText(QString::fromStdString(e.what()));
    generalError_->show();
    return false;
  }
  const KindSpec *spec = kindSpec(enc->kind());
  if (!spec || (nested_ && (spec->shared || spec->tensorMemory))) {
    generalError_->setText(
        tr("%1 layouts cannot be edited here").arg(QString::fromLatin1(ls::mnemonic(enc->kind()))));
    generalError_->show();
    return false;
  }
  rebuild(*spec, readFields(*enc));
  return true;
}

void EncodingForm::rebuild(const KindSpec &spec, const FieldValues &values) {
  updating_ = true;
  kind_ = spec.kind;
  {
    QSignalBlocker b(kindBox_);
    kindBox_->setCurrentIndex(kindBox_->findData(spec.mnemonic));
  }
  // Reuse the editors when only values change (keeps focus while typing).
  bool same = fieldsHost_ && rows_.size() == spec.fields.size();
  for (size_t i = 0; same && i < rows_.size(); ++i)
    same = rows_[i].spec.key == spec.fields[i].key && rows_[i].spec.type == spec.fields[i].type;
  if (same) {
    for (Row &r : rows_) {
      const QString v = values.value(r.spec.key);
      if (r.get() != v)
        r.set(v);
    }
    updating_ = false;
    return;
  }
  rows_.clear();
  delete fieldsHost_;
  fieldsHost_ = new QWidget(this);
  auto *grid = new QGridLayout(fieldsHost_);
  grid->setContentsMargins(0, 4, 0, 0);
  grid->setVerticalSpacing(2);
  int line = 0;
  for (const FieldSpec &fs : spec.fields) {
    Row r = makeRow(fs, values.value(fs.key));
    auto *label =
        new QLabel(fs.label + (fs.optional ? QStringLiteral(" (opt.)") : QString()), fieldsHost_);
    label->setToolTip(fs.tip);
    r.editor->setToolTip(fs.tip);
    r.editor->setObjectName(fs.key);
    if (fs.type == FieldType::Parent) {
      grid->addWidget(label, line++, 0, 1, 2);
      grid->addWidget(r.editor, line++, 0, 1, 2);
    } else {
      grid->addWidget(label, line, 0);
      grid->addWidget(r.editor, line++, 1);
    }
    r.error = new QLabel(fieldsHost_);
    r.error->setWordWrap(true);
    r.error->setStyleSheet(QStringLiteral("color: #b00020;"));
    r.error->setObjectName(fs.key + QStringLiteral("Error"));
    r.error->hide();
    grid->addWidget(r.error, line++, 0, 1, 2);
    rows_.push_back(std::move(r));
  }
  grid->setColumnStretch(1, 1);
  outer_->addWidget(fieldsHost_);
  updating_ = false;
}

EncodingForm::Row EncodingForm::makeRow(const FieldSpec &fs, const QString &value) {
  Row r;
  r.spec = fs;
  const QString key = fs.key;
  auto changed = [this, key] { fieldChanged(key); };
  switch (fs.type) {
  case FieldType::Pow2List:
  case FieldType::IntList: {
    if (fs.optional) {
      auto *e = new QLineEdit(fieldsHost_);
      e->setPlaceholderText(tr("default"));
      e->setText(value);
      connect(e, &QLineEdit::textEdited, this, changed);
      r.editor = e;
      r.get = [e] { return e->text().trimmed(); };
      r.set = [e](const QString &v) { e->setText(v); };
      break;
    }
    auto *e = new ListEditor(fs.type == FieldType::Pow2List, changed);
    e->setParent(fieldsHost_);
    e->setText(value);
    r.editor = e;
    r.get = [e] { return e->text(); };
    r.set = [e](const QString &v) { e->setText(v); };
    break;
  }
  case FieldType::Permutation: {
    auto *c = new QComboBox(fieldsHost_);
    const int rank = static_cast<int>(splitList(value).size());
    if (fs.optional)
      c->addItem(QString());
    c->addItems(permutationTexts(std::max(rank, 1)));
    auto setv = [c](const QString &v) {
      QSignalBlocker b(c);
      int i = c->findText(v);
      if (i < 0) {
        const int rank = static_cast<int>(splitList(v).size());
        c->clear();
        if (v.isEmpty() || rank == 0)
          c->addItem(QString());
        c->addItems(permutationTexts(std::max(rank, 1)));
        i = c->findText(v);
        if (i < 0) {
          c->addItem(v);
          i = c->count() - 1;
        }
      }
      c->setCurrentIndex(i);
    };
    setv(value);
    connect(c, &QComboBox::currentIndexChanged, this, changed);
    r.editor = c;
    r.get = [c] { return c->currentText(); };
    r.set = setv;
    break;
  }
  case FieldType::Pow2:
  case FieldType::Int: {
    QSpinBox *s =
        fs.type == FieldType::Pow2 ? new Pow2SpinBox(fieldsHost_) : new QSpinBox(fieldsHost_);
    if (fs.type == FieldType::Int)
      s->setRange(fs.optional ? -1 : fs.minimum, fs.maximum);
    else if (fs.minimum >= 1)
      s->setRange(fs.minimum, fs.maximum); // e.g. blockN: 1 .. 512
    if (fs.optional) {
      s->setSpecialValueText(tr("none"));
      s->setMinimum(-1);
    }
    auto setv = [s, opt = fs.optional](const QString &v) {
      QSignalBlocker b(s);
      s->setValue(v.isEmpty() && opt ? -1 : v.toInt());
    };
    setv(value);
    connect(s, &QSpinBox::valueChanged, this, changed);
    r.editor = s;
    r.get = [s, opt = fs.optional] {
      return opt && s->value() < 0 ? QString() : QString::number(s->value());
    };
    r.set = setv;
    break;
  }
  case FieldType::Bool: {
    auto *c = new QCheckBox(fieldsHost_);
    c->setChecked(value == QLatin1String("true"));
    connect(c, &QCheckBox::toggled, this, changed);
    r.editor = c;
    r.get = [c] { return c->isChecked() ? QStringLiteral("true") : QStringLiteral("false"); };
    r.set = [c](const QString &v) {
      QSignalBlocker b(c);
      c->setChecked(v == QLatin1String("true"));
    };
    break;
  }
  case FieldType::Choice: {
    auto *c = new QComboBox(fieldsHost_);
    for (const QString &ch : fs.choices)
      c->addItem(ch.isEmpty() ? tr("default") : ch, ch);
    auto setv = [c](const QString &v) {
      QSignalBlocker b(c);
      int i = c->findData(v);
      if (i < 0) {
        c->addItem(v, v);
        i = c->count() - 1;
      }
      c->setCurrentIndex(i);
    };
    setv(value);
    connect(c, &QComboBox::currentIndexChanged, this, changed);
    r.editor = c;
    r.get = [c] { return c->currentData().toString(); };
    r.set = setv;
    break;
  }
  case FieldType::Bases:
  case FieldType::Intervals: {
    auto *e = new QLineEdit(fieldsHost_);
    e->setFont(monoFont());
    e->setPlaceholderText(fs.type == FieldType::Bases ? QStringLiteral("[[0, 1], [1, 0]]")
                                                      : QStringLiteral("32:+4"));
    e->setText(value);
    connect(e, &QLineEdit::textEdited, this, changed);
    r.editor = e;
    r.get = [e] { return e->text().trimmed(); };
    r.set = [e](const QString &v) { e->setText(v); };
    break;
  }
  case FieldType::Parent: {
    auto *frame = new QFrame(fieldsHost_);
    frame->setFrameShape(QFrame::StyledPanel);
    auto *l = new QVBoxLayout(frame);
    l->setContentsMargins(4, 4, 4, 4);
    auto *sub = new EncodingForm(frame, /*nested=*/true);
    l->addWidget(sub);
    sub->setAttribute(value);
    sub->setDefaultsProvider(defaults_);
    connect(sub, &EncodingForm::edited, this, [this](const QString &, const QString &field) {
      if (!updating_)
        emit edited(composedAttribute(), QStringLiteral("parent.") + field);
    });
    r.sub = sub;
    r.editor = frame;
    r.get = [sub] { return sub->composedAttribute(); };
    r.set = [sub](const QString &v) { sub->setAttribute(v); };
    break;
  }
  }
  return r;
}

QString EncodingForm::composedAttribute() const {
  const KindSpec *spec = kindSpec(kind_);
  if (!spec)
    return {};
  FieldValues v;
  for (const Row &r : rows_)
    v[r.spec.key] = r.get();
  return composeAttribute(*spec, v);
}

void EncodingForm::fieldChanged(const QString &key) {
  if (updating_)
    return;
  emit edited(composedAttribute(), key);
}

void EncodingForm::kindChosen(int index) {
  if (updating_ || index < 0)
    return;
  const KindSpec *spec = kindSpec(kindBox_->itemData(index).toString());
  if (!spec)
    return;
  QString text;
  try {
    text = defaults_ ? defaults_(spec->kind) : defaultAttribute(spec->kind, {});
  } catch (const std::exception &e) {
    generalError_->setText(QString::fromStdString(e.what()));
    generalError_->show();
    return;
  }
  setAttribute(text);
  emit edited(composedAttribute(), QStringLiteral("kind"));
}

bool EncodingForm::showError(const QString &field, const QString &rule) {
  for (Row &r : rows_) {
    if (r.spec.key == field) {
      r.error->setText(rule);
      r.error->show();
      return true;
    }
  }
  for (Row &r : rows_)
    if (r.sub && r.sub->showError(field, rule))
      return true;
  if (nested_)
    return false;
  // Errors named after the attribute itself ("padded_shared") or unknown keys.
  generalError_->setText(field.isEmpty() ? rule : field + QStringLiteral(": ") + rule);
  generalError_->show();
  return false;
}

void EncodingForm::clearErrors() {
  generalError_->hide();
  generalError_->clear();
  for (Row &r : rows_) {
    r.error->hide();
    r.error->clear();
    if (r.sub)
      r.sub->clearErrors();
  }
}

QString EncodingForm::errorText(const QString &field) const {
  for (const Row &r : rows_) {
    if (r.spec.key == field && !r.error->isHidden())
      return r.error->text();
    if (r.sub) {
      const QString t = r.sub->errorText(field);
      if (!t.isEmpty())
        return t;
    }
  }
  if (field.isEmpty() && !generalError_->isHidden())
    return generalError_->text();
  return {};
}

QWidget *EncodingForm::editor(const QString &field) const {
  for (const Row &r : rows_) {
    if (r.spec.key == field)
      return r.editor;
    if (r.sub)
      if (QWidget *w = r.sub->editor(field))
        return w;
  }
  return nullptr;
}

} // namespace ls::ui
