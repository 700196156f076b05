// FitWidthScrollArea: a vertical scroll area that is never narrower than the
// minimum width of its widget, so a form in it scrolls up and down but never
// sideways (its labels and fields are never cut off at the right).
#pragma once

#include <QScrollArea>

namespace ls::ui {

class FitWidthScrollArea : public QScrollArea {
public:
  explicit FitWidthScrollArea(QWidget *parent = nullptr);

  // Takes `w` (resizable to the area's width) and follows its minimum width.
  void setFormWidget(QWidget *w);

  QSize minimumSizeHint() const override;

protected:
  bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace ls::ui
