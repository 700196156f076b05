// DesignForm: the whole design in one form -- name, tensor shape, element
// type, warps, threads per warp and CTAs, then the encoding's own parameters
// (EncodingForm), and the canonical attribute text to copy out.
//
// The form never commits anything itself: each change emits `edited` with the
// full draft and the name of the field that changed; the owner validates the
// draft and either commits it (and later calls setDraft with the canonical
// result) or calls showError(field, rule), which appears next to the field.
// Module-level rules (num-warps, threads-per-warp, num-ctas, shape, dtype)
// show next to those fields; encoding rules next to the encoding's field.
//
// For the tensor-memory kinds a "TMEM access" choice appears under the
// encoding: the tcgen05.ld/st shape (Gluon's instr_variant) whose registers
// the grid shows. Gluon's refusals of an access ("instr_variant") show there.
#pragma once

#include <QWidget>

#include "forms/design_draft.h"
#include "forms/encoding_form.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace ls::ui {

class DesignForm : public QWidget {
  Q_OBJECT
public:
  explicit DesignForm(QWidget *parent = nullptr);

  // Fills every field (no signal). `canonical` is the attribute's canonical
  // text shown in the copy box.
  void setDraft(const DesignDraft &d, const QString &canonical);
  // The CuTe form setDraft computed (or the sentence saying why there is none).
  QString cuteText() const;
  DesignDraft draft() const;

  // The current design's layout, which "linear" and "shared_linear" start
  // from when the user switches to them (may be null).
  void setCurrentLayout(std::shared_ptr<const ls::LinearLayout> layout);

  void showError(const QString &field, const QString &rule);
  void clearErrors();
  // The error text shown for a field ("" if none), module or encoding.
  QString errorText(const QString &field) const;

  EncodingForm *encodingForm() const { return encoding_; }
  QLineEdit *shapeEdit() const { return shape_; }
  // The TMEM access choice (shown for tensor-memory kinds only).
  QComboBox *tmemVariantBox() const { return variant_; }

signals:
  void edited(const DesignDraft &draft, const QString &field);
  void copyAttributeRequested();

private:
  QLabel *errorLabel(const QString &field) const;
  void emitEdited(const QString &field);
  void syncVariantRow();

  QLineEdit *name_;
  QLineEdit *shape_;
  QComboBox *dtype_;
  QComboBox *warps_;
  QComboBox *lanes_;
  QComboBox *ctas_;
  QLabel *shapeError_, *dtypeError_, *warpsError_, *lanesError_, *ctasError_;
  EncodingForm *encoding_;
  QWidget *variantRow_;
  QComboBox *variant_;
  QLabel *variantError_;
  QPlainTextEdit *canonical_;
  QLabel *cuteTitle_;
  QPlainTextEdit *cute_; // the CuTe form on the design's shape, or why there is none
  std::shared_ptr<const ls::LinearLayout> current_;
  bool updating_ = false;
};

} // namespace ls::ui
