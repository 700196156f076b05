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
  // Lines break where the items' minimum widths run out; then each line's
  // spare width grows its items toward their preferred widths (in order),
  // and what is left goes to its springs.
  struct Line {
    QList<QLayoutItem *> items;
    int minWidth = 0, height = 0, springs = 0;
  };
  auto minW = [&](QLayoutItem *item) {
    return std::min(item->minimumSize().width(), std::max(area.width(), 1));
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
    const int w = minW(item);
    const bool first = line.minWidth == 0 && line.height == 0;
    const int add = (first ? 0 : hSpacing_) + w;
    if (!first && line.minWidth + add > area.width()) {
      out.append(line);
      line = Line{};
      line.minWidth = w;
    } else {
      line.minWidth += add;
    }
    line.items.append(item);
    line.height = std::max(line.height, item->sizeHint().expandedTo(item->minimumSize()).height());
  }
  if (!line.items.isEmpty())
    out.append(line);
  int y = area.y();
  for (int li = 0; li < out.size(); ++li) {
    const Line &l = out[li];
    if (li > 0)
      y += vSpacing_;
    if (apply) {
      int spare = std::max(0, area.width() - l.minWidth);
      QList<int> widths;
      for (QLayoutItem *item : l.items) {
        if (isSpring(item)) {
          widths << 0;
          continue;
        }
        const int lo = minW(item);
        const int grow = std::min(spare, std::max(0, item->sizeHint().width() - lo));
        spare -= grow;
        widths << lo + grow;
      }
      int x = area.x();
      bool first = true;
      for (int k = 0; k < l.items.size(); ++k) {
        QLayoutItem *item = l.items[k];
        if (isSpring(item)) {
          x += l.springs ? spare / l.springs : 0;
          continue;
        }
        if (item->isEmpty())
          continue;
        if (!first)
          x += hSpacing_;
        first = false;
        const int h = std::min(l.height, item->sizeHint().expandedTo(item->minimumSize()).height());
        item->setGeometry(QRect(x, y + (l.height - h) / 2, widths[k], h));
        x += widths[k];
      }
    }
    y += l.height;
  }
  if (lines)
    *lines = int(out.size());
  return y - rect.y() + m.bottom();
}

} // namespace ls::ui
