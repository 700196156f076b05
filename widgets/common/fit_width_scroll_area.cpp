#include "common/fit_width_scroll_area.h"

#include <QEvent>
#include <QScrollBar>

namespace ls::ui {

FitWidthScrollArea::FitWidthScrollArea(QWidget *parent) : QScrollArea(parent) {
  setWidgetResizable(true);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setFrameShape(QFrame::NoFrame);
}

void FitWidthScrollArea::setFormWidget(QWidget *w) {
  setWidget(w);
  w->installEventFilter(this);
  updateGeometry();
}

QSize FitWidthScrollArea::minimumSizeHint() const {
  QSize s = QScrollArea::minimumSizeHint();
  if (const QWidget *w = widget())
    s.setWidth(w->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() +
               2 * frameWidth());
  return s;
}

bool FitWidthScrollArea::eventFilter(QObject *watched, QEvent *event) {
  // The form's rows changed (another kind, a nested parent form, a larger
  // font): its minimum width may have too.
  if (watched == widget() && event->type() == QEvent::LayoutRequest)
    updateGeometry();
  return QScrollArea::eventFilter(watched, event);
}

} // namespace ls::ui
