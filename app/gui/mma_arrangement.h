// The MMA arrangement in the application: A, B and C of one MMA derived from
// a design (core's mmaOperands, each matrix evaluated as a design of its own
// by the LayoutEvaluator), or any three designs of the document shown
// together; and the dialog that shows them (View > MMA Arrangement...).
#pragma once

#include <optional>

#include <QDialog>
#include <variant>

#include "grid/mma_arrangement_view.h"
#include "layout_evaluator.h"

class QComboBox;
class QLabel;

namespace ls::app {

class MainWindow;

// The operand type of an MMA design: its element type when that is an
// 8- or 16-bit type, else f16 (an f32 design is usually the accumulator of
// f16 operands).
QString defaultOperandType(const Design &c);

// A and B of the MMA whose result is `c`, each as a design ("A of <name>"),
// and C itself at the arrangement's shape. `operandType` empty: the default
// above. `cShape` empty: one instruction tile.
struct MmaDesigns {
  Design a, b, c;
  QString heading;
};
std::variant<MmaDesigns, FieldError> mmaDesignsFor(const Design &c, QString operandType = {},
                                                   const ls::Shape &cShape = {});

// The three designs evaluated, ready for the view (throws ls::Error like
// evaluateDesign).
ui::MmaArrangement evaluateArrangement(const MmaDesigns &d);
// A derived arrangement in one step; the FieldError names the broken rule.
std::variant<ui::MmaArrangement, FieldError>
mmaArrangementFor(const Design &c, const QString &operandType = {}, const ls::Shape &cShape = {});

// View > MMA Arrangement...: the current design as C with A and B derived,
// or any three designs of the document (the combo boxes), with PNG / SVG /
// PDF export.
class MmaArrangementDialog : public QDialog {
  Q_OBJECT
public:
  explicit MmaArrangementDialog(MainWindow *window);

  ui::MmaArrangementView *view() const { return view_; }
  QComboBox *aBox() const { return a_; }
  QComboBox *bBox() const { return b_; }
  QComboBox *cBox() const { return c_; }
  QComboBox *typeBox() const { return type_; }
  QLabel *errorLabel() const { return error_; }
  // Rebuilds the picture from the boxes; returns "" or why not.
  QString refresh();
  // The main window's lane step: that thread's cells stay outlined in A, B
  // and C, across rebuilds, until the step moves (nullopt: none).
  void followThread(std::optional<int64_t> thread);

protected:
  // Presentation mode changes the application font: take the window's new
  // grid palette once it has been set.
  void changeEvent(QEvent *e) override;

private:
  void exportTo();

  MainWindow *window_;
  ui::MmaArrangementView *view_;
  QComboBox *a_, *b_, *c_, *type_;
  QLabel *error_;
  std::optional<int64_t> followed_;
};

} // namespace ls::app
