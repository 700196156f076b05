// FlowLayout: items left to right, wrapping onto further lines when the
// width runs out (a tool bar that fits a narrow panel without setting its
// minimum width to the sum of its controls).
//
// Lines break where the items' minimum widths run out; on each line the
// spare width grows the items toward their preferred widths, so a line edit
// shrinks a little before anything wraps. The layout's minimum width is that
// of its widest item; its height follows the width (heightForWidth). addStretch() adds a spring: on a line that has
// one, the line's spare width goes to it (like QBoxLayout::addStretch), so
// the items after it sit at the right end of that line.
#pragma once

#include <QLayout>
#include <QList>

namespace ls::ui {

class FlowLayout : public QLayout {
public:
  explicit FlowLayout(QWidget *parent = nullptr, int hSpacing = 6, int vSpacing = 4);
  ~FlowLayout() override;

  void addStretch();
  void addLayout(QLayout *layout);

  void addItem(QLayoutItem *item) override;
  int count() const override;
  QLayoutItem *itemAt(int index) const override;
  QLayoutItem *takeAt(int index) override;
  Qt::Orientations expandingDirections() const override;
  bool hasHeightForWidth() const override;
  int heightForWidth(int width) const override;
  QSize minimumSize() const override;
  QSize sizeHint() const override;
  void setGeometry(const QRect &rect) override;

  // How many lines the items take at `width` (tests).
  int lineCount(int width) const;

private:
  // Places the items in `rect` (or only measures when !apply); returns the
  // height used and sets *lines.
  int doLayout(const QRect &rect, bool apply, int *lines = nullptr) const;

  QList<QLayoutItem *> items_;
  int hSpacing_, vSpacing_;
};

} // namespace ls::ui
