#include "common/tooltip_event.h"

#include <QHelpEvent>
#include <QToolTip>
#include <QWidget>

namespace ls::ui {

bool showToolTip(QWidget *widget, QEvent *event, const std::function<QString(QPoint)> &textAt) {
  if (event->type() != QEvent::ToolTip)
    return false;
  const auto *help = static_cast<QHelpEvent *>(event);
  const QString text = textAt(help->pos());
  if (text.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(help->globalPos(), text, widget);
  return true;
}

} // namespace ls::ui
