// TmemDesignWidget: a tensor-memory design, edited and shown side by side.
//
//   TMEM layout [ attribute ................................. ]
//   shape [..] [dtype] warps [..] access [variant]
//   tcgen05 tile  M [..] N [..] K [..]
//   operands [..] accumulator [..] (Suggest)
//   <error line, Triton's / Gluon's message>     <summary: lanes x columns, atom, registers>
//   +------------------------------+-------------------------------+
//   | TmemView (128 lanes x cols)  | TmemRegisterView (threads x   |
//   |                              | registers of the chosen atom) |
//   +------------------------------+-------------------------------+
//
// Every edit builds a new ls::TmemDesign; if ls_core accepts it the widget
// emits designEdited(design) and, unless setApplyEditsImmediately(false) (an
// application that routes edits through its undo stack then calls
// setDesign), shows it. Rejected edits leave the views unchanged and show
// the message under the form. "Suggest" fills the design Triton picks for a
// tcgen05 tile (accumulator layout, 32x32b load). Selecting an element in
// one view outlines it in both. designEdited names what changed ("layout",
// "shape", "dtype", "num-warps", "variant", "suggest", or "tmem" for several
// at once), so that an undo stack can merge consecutive edits of one field.
// An application showing a design of its own can say so above the views
// with setNotice().
#pragma once

#include <QWidget>
#include <memory>

#include "analysis/tmem/tmem_design.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace ls::ui {

class TmemView;
class TmemRegisterView;

class TmemDesignWidget : public QWidget {
  Q_OBJECT
public:
  explicit TmemDesignWidget(QWidget *parent = nullptr);
  // Children outlive this class's members: silence them first (a line edit
  // losing focus while the window closes would otherwise report an edit).
  ~TmemDesignWidget() override;

  // Shows `design` (the form follows without emitting designEdited).
  // Returns false, keeping the previous design, if it is invalid.
  bool setDesign(const TmemDesign &design);
  const TmemDesign &design() const { return design_; }
  void setApplyEditsImmediately(bool apply) { applyImmediately_ = apply; }

  QString errorText() const;
  QString summaryText() const;
  // Why the edit was not applied (Triton's / Gluon's message); "" clears.
  void showError(const QString &message);
  // A note above the views (e.g. that the current design is another kind);
  // "" hides it.
  void setNotice(const QString &notice);
  QString noticeText() const;
  TmemView *tmemView() const { return tmemView_; }
  TmemRegisterView *registerView() const { return registerView_; }

  // The form, for tests and for the application's own shortcuts.
  QLineEdit *layoutEdit() const { return layoutEdit_; }
  QLineEdit *shapeEdit() const { return shapeEdit_; }
  QComboBox *dtypeBox() const { return dtypeBox_; }
  QComboBox *warpsBox() const { return warpsBox_; }
  QComboBox *variantBox() const { return variantBox_; }
  QComboBox *ctaBox() const { return ctaBox_; }

public slots:
  // Fill the design from the suggest fields (Triton's tcgen05 choice).
  void suggest();
  void setSuggestTile(int m, int n, int k, const QString &operandDtype, const QString &accDtype);

signals:
  void designEdited(const ls::TmemDesign &design, const QString &field);

private slots:
  void formEdited();

private:
  void buildForm();
  void syncForm();

  TmemDesign design_;
  std::shared_ptr<const TmemMap> map_;
  bool applyImmediately_ = true;

  QLineEdit *layoutEdit_ = nullptr;
  QLineEdit *shapeEdit_ = nullptr;
  QComboBox *dtypeBox_ = nullptr;
  QComboBox *warpsBox_ = nullptr;
  QComboBox *variantBox_ = nullptr;
  QComboBox *ctaBox_ = nullptr;
  QSpinBox *mSpin_ = nullptr;
  QSpinBox *nSpin_ = nullptr;
  QSpinBox *kSpin_ = nullptr;
  QComboBox *operandBox_ = nullptr;
  QComboBox *accBox_ = nullptr;
  QPushButton *suggestButton_ = nullptr;
  QLabel *errorLabel_ = nullptr;
  QLabel *summaryLabel_ = nullptr;
  QLabel *noticeLabel_ = nullptr;
  TmemView *tmemView_ = nullptr;
  TmemRegisterView *registerView_ = nullptr;
  QScrollArea *tmemScroll_ = nullptr;
  QScrollArea *registerScroll_ = nullptr;
};

} // namespace ls::ui

Q_DECLARE_METATYPE(ls::TmemDesign)
