// Pow2SpinBox: a spin box that only offers powers of two.
//
// Layout parameters such as sizePerThread, threadsPerWarp, vec or perPhase
// must be powers of two; stepping doubles or halves, and typed text that is
// not a power of two is not accepted, so the rule cannot be broken here.
#pragma once

#include <QSpinBox>

namespace ls::ui {

class Pow2SpinBox : public QSpinBox {
  Q_OBJECT
public:
  explicit Pow2SpinBox(QWidget *parent = nullptr);

  void stepBy(int steps) override;
  // Public so that the rule can be checked directly: only powers of two are
  // Acceptable; prefixes of one are Intermediate.
  QValidator::State validate(QString &text, int &pos) const override;

protected:
  StepEnabled stepEnabled() const override;
};

} // namespace ls::ui
