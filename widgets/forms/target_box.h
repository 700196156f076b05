// TargetBox: the document's target -- the machine every panel assumes --
// as an editable combo box with a line for what is wrong.
//
// The list holds the canonical names (sm80 ... gfx1200) and "auto" (follow
// the layouts); Triton's spellings (cuda:90, hip:gfx942) may be typed. The
// box decides nothing: a pick, a Return or leaving the field emits
// targetEntered with the text, and the owner canonicalises it and either
// sets the target (then calls setTarget) or calls setMessage with why not.
// setMessage also carries the owner's warnings about the current layout
// ("this layout has 64 lanes per warp; choose an AMD target").
#pragma once

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;

namespace ls::ui {

class TargetBox : public QWidget {
  Q_OBJECT
public:
  explicit TargetBox(const QStringList &names, QWidget *parent = nullptr);

  // Shows `target`; `automatic` = the layouts chose it (not set by anyone).
  // Emits nothing.
  void setTarget(const QString &target, bool automatic);
  QString shownText() const;
  void setMessage(const QString &message);
  QString message() const;
  QComboBox *comboBox() const { return combo_; }
  QLabel *messageLabel() const { return message_; }

signals:
  void targetEntered(const QString &text);

protected:
  bool eventFilter(QObject *watched, QEvent *event) override;

private:
  void enter();

  QComboBox *combo_;
  QLabel *note_;
  QLabel *message_;
  QString shown_; // what setTarget last showed
  bool updating_ = false;
};

} // namespace ls::ui
