// Tooltips computed on demand: a view answers "what is under this pixel" and
// showToolTip turns a QEvent::ToolTip into the shown (or hidden) tooltip.
#pragma once

#include <QPoint>
#include <QString>
#include <functional>

class QEvent;
class QWidget;

namespace ls::ui {

// For a QEvent::ToolTip: shows textAt(position) next to the cursor, or hides
// the tooltip when that text is empty, and returns true (handled). Any other
// event: returns false without calling textAt.
bool showToolTip(QWidget *widget, QEvent *event, const std::function<QString(QPoint)> &textAt);

} // namespace ls::ui
