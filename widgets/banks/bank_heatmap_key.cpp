#include "banks/bank_heatmap_key.h"

#include <QPainter>
#include <QPaintEvent>
#include <algorithm>

#include "banks/bank_heatmap_view.h"

namespace ls::ui {

BankHeatmapKey::BankHeatmapKey(QWidget *parent) : QWidget(parent) {
  QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Fixed);
  policy.setHeightForWidth(true);
  setSizePolicy(policy);
}

void BankHeatmapKey::setScale(int maxLoad) {
  maxLoad = std::max(1, maxLoad);
  if (maxLoad == scale_)
    return;
  scale_ = maxLoad;
  updateGeometry();
  update();
}

void BankHeatmapKey::setColorBlindSafe(bool on) {
  if (on == colorBlindSafe_)
    return;
  colorBlindSafe_ = on;
  update();
}

std::vector<int> BankHeatmapKey::loads() const {
  std::vector<int> out{0, 1, 2};
  // Up to three evenly spaced loads between 2 and the scale, then the scale.
  for (int k = 1; k <= 4 && scale_ > 2; ++k) {
    const int load = 2 + ((scale_ - 2) * k + 2) / 4;
    if (load > out.back())
      out.push_back(std::min(load, scale_));
  }
  return out;
}

QString BankHeatmapKey::label(int i) const {
  const std::vector<int> l = loads();
  if (i < 0 || i >= int(l.size()))
    return {};
  if (l[size_t(i)] == 0)
    return tr("idle bank");
  if (l[size_t(i)] == 1)
    return tr("1 word: no conflict");
  if (i == 2)
    return l.size() == 3 ? tr("2 words: a conflict") : tr("conflict: 2");
  if (i + 1 == int(l.size()))
    return tr("%1 words in one bank").arg(l[size_t(i)]);
  return QString::number(l[size_t(i)]);
}

std::vector<BankHeatmapKey::Item> BankHeatmapKey::layoutFor(int width) const {
  const QFontMetrics fm(font());
  const int side = std::max(8, fm.height() - 4), gap = fm.horizontalAdvance(QLatin1Char(' '));
  const int lineHeight = fm.height() + 2;
  std::vector<Item> items;
  int x = 0, y = 0;
  const std::vector<int> l = loads();
  for (int i = 0; i < int(l.size()); ++i) {
    const int textWidth = fm.horizontalAdvance(label(i));
    const int itemWidth = side + gap + textWidth;
    if (x > 0 && x + itemWidth > width) {
      x = 0;
      y += lineHeight;
    }
    Item it;
    it.swatch = QRect(x, y + (lineHeight - side) / 2, side, side);
    it.text = QRect(x + side + gap, y, textWidth, lineHeight);
    items.push_back(it);
    // The ramp's swatches sit closer together than the other entries.
    x += itemWidth + (i >= 2 ? 2 * gap : 4 * gap);
  }
  return items;
}

QRect BankHeatmapKey::swatchRect(int i) const {
  const auto items = layoutFor(width());
  return i >= 0 && i < int(items.size()) ? items[size_t(i)].swatch : QRect();
}

int BankHeatmapKey::heightForWidth(int width) const {
  const auto items = layoutFor(width);
  return items.empty() ? 0 : items.back().text.bottom() + 1;
}

QSize BankHeatmapKey::sizeHint() const {
  const auto items = layoutFor(1 << 20);
  return {items.empty() ? 0 : items.back().text.right() + 1, heightForWidth(1 << 20)};
}

QSize BankHeatmapKey::minimumSizeHint() const {
  return {60, heightForWidth(60)};
}

void BankHeatmapKey::paintEvent(QPaintEvent *) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing, false);
  const auto items = layoutFor(width());
  const std::vector<int> l = loads();
  p.setPen(palette().text().color());
  for (size_t i = 0; i < items.size(); ++i) {
    // The fill, inside a grey frame that keeps the idle swatch visible on
    // a light background.
    p.fillRect(items[i].swatch, QColor(150, 150, 150));
    p.fillRect(items[i].swatch.adjusted(1, 1, -1, -1),
               BankHeatmapView::colorFor(l[i], scale_, colorBlindSafe_));
    p.drawText(items[i].text, Qt::AlignLeft | Qt::AlignVCenter, label(int(i)));
  }
}

} // namespace ls::ui
