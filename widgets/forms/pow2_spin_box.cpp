#include "forms/pow2_spin_box.h"

#include "util/bits.h"

namespace ls::ui {

Pow2SpinBox::Pow2SpinBox(QWidget *parent) : QSpinBox(parent) {
  setRange(1, 1 << 20);
  setValue(1);
  setAccelerated(false);
}

void Pow2SpinBox::stepBy(int steps) {
  qint64 v = value();
  for (; steps > 0 && v * 2 <= maximum(); --steps)
    v *= 2;
  for (; steps < 0 && v / 2 >= std::max(1, minimum()); ++steps)
    v /= 2;
  setValue(static_cast<int>(v));
}

QValidator::State Pow2SpinBox::validate(QString &text, int &pos) const {
  if (text.isEmpty())
    return QValidator::Intermediate;
  bool ok = false;
  const qint64 v = text.toLongLong(&ok);
  if (!ok || v < 0)
    return QValidator::Invalid;
  if (v > maximum())
    return QValidator::Invalid;
  // A prefix of a power of two ("1" of "16", "6" of "64") is fine while typing.
  return ls::isPowerOf2(v) && v >= minimum() ? QValidator::Acceptable : QValidator::Intermediate;
  Q_UNUSED(pos);
}

QAbstractSpinBox::StepEnabled Pow2SpinBox::stepEnabled() const {
  StepEnabled e = StepNone;
  if (value() * 2 <= maximum())
    e |= StepUpEnabled;
  if (value() / 2 >= std::max(1, minimum()) && value() > 1)
    e |= StepDownEnabled;
  return e;
}

} // namespace ls::ui
