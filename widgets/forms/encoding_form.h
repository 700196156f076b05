// EncodingForm: edit one encoding's parameters in a form made for its kind.
//
// A kind chooser on top, then one row per field of the kind's schema
// (encoding_schema.h): powers of two as doubling spin boxes, one per dim; an
// order as a list of permutations; versions and flags as choices and check
// boxes; bases as text; a slice's or dot operand's parent as a nested form.
// Every change composes new attribute text and emits `edited`; whoever
// validates it (core's parser, through the document) answers with
// showError(field, rule), which appears under that field -- or clearErrors().
#pragma once

#include <QWidget>
#include <functional>
#include <vector>

#include "forms/encoding_schema.h"

class QComboBox;
class QLabel;
class QVBoxLayout;
class QGridLayout;

namespace ls::ui {

class EncodingForm : public QWidget {
  Q_OBJECT
public:
  // `nested`: a parent form (only distributed kinds, no shared ones).
  explicit EncodingForm(QWidget *parent = nullptr, bool nested = false);

  // Fills the form from attribute text (no signal). Returns false (and shows
  // the parse error) if the text is not an attribute the form can edit.
  bool setAttribute(const QString &text);
  // The attribute the editors currently describe.
  QString composedAttribute() const;
  ls::EncodingKind kind() const { return kind_; }

  // Shows `rule` under the field named `field` (or above the form when no
  // field has that name). Returns true if a field showed it.
  bool showError(const QString &field, const QString &rule);
  void clearErrors();
  // The error text under a field ("" if none), for tests.
  QString errorText(const QString &field) const;
  // The editor of a field (for tests and focus), or nullptr.
  QWidget *editor(const QString &field) const;

  // Text a kind starts from when the user switches to it.
  void setDefaultsProvider(std::function<QString(ls::EncodingKind)> f) { defaults_ = std::move(f); }

signals:
  // `field` names what changed: a key, "kind", or "parent.<key>".
  void edited(const QString &attribute, const QString &field);

private:
  struct Row {
    FieldSpec spec;
    QWidget *editor = nullptr;
    QLabel *error = nullptr;
    std::function<QString()> get;
    std::function<void(const QString &)> set;
    EncodingForm *sub = nullptr;
  };
  void rebuild(const KindSpec &spec, const FieldValues &values);
  Row makeRow(const FieldSpec &fs, const QString &value);
  void fieldChanged(const QString &key);
  void kindChosen(int index);

  bool nested_;
  bool updating_ = false;
  ls::EncodingKind kind_ = ls::EncodingKind::Blocked;
  QComboBox *kindBox_;
  QLabel *generalError_;
  QWidget *fieldsHost_ = nullptr;
  QVBoxLayout *outer_;
  std::vector<Row> rows_;
  std::function<QString(ls::EncodingKind)> defaults_;
};

} // namespace ls::ui
