#include "common/flow_layout.h"

#include <QSpacerItem>
#include <QWidget>
#include <algorithm>

namespace ls::ui {

namespace {

bool isSpring(QLayoutItem *item) {
  return item->spacerItem() &&
         (item->spacerItem()->sizePolicy().horizontalPolicy() & QSizePolicy::ExpandFlag);
}

} // namespace

FlowLayout::FlowLayout(QWidget *parent, int hSpacing, int vSpacing)
    : QLayout(parent), hSpacing_(hSpacing), vSpacing_(vSpacing) {}

FlowLayout::~FlowLayout() {
  while (QLayoutItem *item = takeAt(0))
    delete item;
}

void FlowLayout::addStretch() {
  addItem(new QSpacerItem(0, 0, QSizePolicy::Expanding, QSizePolicy::Minimum));
}

void FlowLayout::addLayout(QLayout *layout) {
  addChildLayout(layout);
  addItem(layout);
}

void FlowLayout::addItem(QLayoutItem *item) {
  items_.append(item);
  invalidate();
}

int FlowLayout::count() const {
  return int(items_.size());
}

QLayoutItem *FlowLayout::itemAt(int index) const {
  return index >= 0 && index < items_.size() ? items_[index] : nullptr;
}

QLayoutItem *FlowLayout::takeAt(int index) {
  if (index < 0 || index >= items_.size())
    return nullptr;
  QLayoutItem *item = items_.takeAt(index);
  invalidate();
  return item;
}

Qt::Orientations FlowLayout::expandingDirections() const {
  return {};
}

bool FlowLayout::hasHeightForWidth() const {
  return true;
}

int FlowLayout::heightForWidth(int width) const {
  return doLayout(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const {
  QSize size;
  for (QLayoutItem *item : items_)
    if (!item->isEmpty() && !isSpring(item))
      size = size.expandedTo(item->minimumSize());
  const QMargins m = contentsMargins();
  return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const {
  // One line of every item at its preferred size.
  int w = 0, h = 0, n = 0;
  for (QLayoutItem *item : items_) {
    if (item->isEmpty() || isSpring(item))
      continue;
    const QSize s = item->sizeHint();
    w += s.width() + (n++ ? hSpacing_ : 0);
    h = std::max(h, s.height());
  }
  const QMargins m = contentsMargins();
  return QSize(w + m.left() + m.right(), h + m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect &rect) {
  QLayout::setGeometry(rect);
  doLayout(rect, true);
}

int FlowLayout::lineCount(int width) const {
  int lines = 0;
  doLayout(QRect(0, 0, width, 0), false, &lines);
  return lines;
}

int FlowLayout::doLayout(const QRect &rect, bool apply, int *lines) const {
  const QMargins m = contentsMargins();
  const QRect area = rect.marginsRemoved(m);
  // Break the items into lines first, then place each line (its springs
  // take the spare width).
  struct Line {
    QList<QLayoutItem *> items;
    int width = 0, height = 0, springs = 0;
  };
  QList<Line> out;
  Line line;
  for (QLayoutItem *item : items_) {
    if (isSpring(item)) { // (a spacer counts as empty: test it first)
      line.items.append(item);
      ++line.springs;
      continue;
    }
    if (item->isEmpty())
      continue;
    const QSize s = item->sizeHint().expandedTo(item->minimumSize());
    const int w = std::min(s.width(), std::max(area.width(), item->minimumSize().width()));
    const int add = (line.width > 0 ? hSpacing_ : 0) + w;
    if (line.width > 0 && line.width + add > area.width()) {
      out.append(line);
      line = Line{};
      line.width = w;
    } else {
      line.width += add;
    }
    line.items.append(item);
    line.height = std::max(line.height, s.height());
  }
  if (!line.items.isEmpty())
    out.append(line);
  int y = area.y();
  for (int li = 0; li < out.size(); ++li) {
    const Line &l = out[li];
    if (li > 0)
      y += vSpacing_;
    if (apply) {
      const int spare = std::max(0, area.width() - l.width);
      int x = area.x();
      bool first = true;
      for (QLayoutItem *item : l.items) {
        if (isSpring(item)) {
          x += l.springs ? spare / l.springs : 0;
          continue;
        }
        const QSize s = item->sizeHint().expandedTo(item->minimumSize());
        const int w = std::min(s.width(), std::max(area.width(), item->minimumSize().width()));
        if (!first)
          x += hSpacing_;
        first = false;
        item->setGeometry(QRect(x, y + (l.height - s.height()) / 2, w, s.height()));
        x += w;
      }
    }
    y += l.height;
  }
  if (lines)
    *lines = int(out.size());
  return y - rect.y() + m.bottom();
}

} // namespace ls::ui
