#include "forms/target_box.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>

namespace ls::ui {

TargetBox::TargetBox(const QStringList &names, QWidget *parent) : QWidget(parent) {
  auto *g = new QGridLayout(this);
  g->setContentsMargins(0, 0, 0, 0);
  auto *label = new QLabel(tr("Target"), this);
  combo_ = new QComboBox(this);
  combo_->setObjectName(QStringLiteral("target"));
  combo_->setEditable(true);
  combo_->setInsertPolicy(QComboBox::NoInsert);
  combo_->addItem(QStringLiteral("auto"));
  combo_->addItems(names);
  combo_->setToolTip(tr("The machine every panel assumes (bank model, swizzle proposals, "
                        "shared-memory instructions): sm80 ... sm120 (NVIDIA), gfx90a ... gfx1200 "
                        "(AMD); Triton's cuda:90 or hip:gfx942 may be typed. \u201cauto\u201d "
                        "follows the layouts: gfx942 for 64 lanes per warp, else sm90."));
  label->setToolTip(combo_->toolTip());
  label->setBuddy(combo_);
  note_ = new QLabel(this);
  note_->setObjectName(QStringLiteral("targetNote"));
  note_->setEnabled(false); // greyed: a remark, not a value
  message_ = new QLabel(this);
  message_->setObjectName(QStringLiteral("targetMessage"));
  message_->setWordWrap(true);
  message_->setStyleSheet(QStringLiteral("color: #b00020;"));
  message_->hide();
  g->addWidget(label, 0, 0);
  g->addWidget(combo_, 0, 1);
  g->addWidget(note_, 0, 2);
  g->setColumnStretch(2, 1);
  g->addWidget(message_, 1, 0, 1, 3);

  connect(combo_, &QComboBox::activated, this, [this] { enter(); });
  connect(combo_->lineEdit(), &QLineEdit::returnPressed, this, [this] { enter(); });
  // An editable combo box takes the focus and hands its events to the line
  // edit itself (not through the line edit's filters): watch both.
  combo_->installEventFilter(this);
  combo_->lineEdit()->installEventFilter(this);
}

bool TargetBox::eventFilter(QObject *watched, QEvent *event) {
  // Leaving the field commits what was typed, as Return does.
  if ((watched == combo_ || watched == combo_->lineEdit()) && event->type() == QEvent::FocusOut &&
      !combo_->view()->isVisible()) // opening the list is not leaving
    enter();
  return QWidget::eventFilter(watched, event);
}

void TargetBox::enter() {
  if (updating_)
    return;
  const QString text = combo_->currentText().trimmed();
  if (text == shown_)
    return;
  emit targetEntered(text);
}

void TargetBox::setTarget(const QString &target, bool automatic) {
  updating_ = true;
  shown_ = target;
  combo_->setEditText(target);
  note_->setText(automatic ? tr("(auto, from the layouts)") : QString());
  updating_ = false;
}

QString TargetBox::shownText() const {
  return combo_->currentText();
}

void TargetBox::setMessage(const QString &message) {
  message_->setText(message);
  message_->setVisible(!message.isEmpty());
}

QString TargetBox::message() const {
  return message_->isHidden() ? QString() : message_->text();
}

} // namespace ls::ui
