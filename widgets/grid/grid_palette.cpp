#include "grid/grid_palette.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace ls::ui {

namespace {

constexpr std::array<QRgb, 10> kTableau10 = {0xff4e79a7, 0xfff28e2b, 0xffe15759, 0xff76b7b2,
                                             0xff59a14f, 0xffedc948, 0xffb07aa1, 0xffff9da7,
                                             0xff9c755f, 0xffbab0ac};

// Okabe & Ito (2008), without black (used for text and edges).
constexpr std::array<QRgb, 7> kOkabeIto = {0xffe69f00, 0xff56b4e9, 0xff009e73, 0xfff0e442,
                                           0xff0072b2, 0xffd55e00, 0xffcc79a7};

// Viridis at 9 evenly spaced stops.
constexpr std::array<QRgb, 9> kViridis = {0xff440154, 0xff472d7b, 0xff3b528b,
                                          0xff2c728e, 0xff21918c, 0xff28ae80,
                                          0xff5ec962, 0xffadd835, 0xfffde725};

QRgb lighten(QRgb c, double t) {
  return GridPalette::mix(c, 0xffffffff, t);
}
QRgb darken(QRgb c, double t) {
  return GridPalette::mix(c, 0xff000000, t);
}

} // namespace

QRgb GridPalette::mix(QRgb a, QRgb b, double t) {
  auto ch = [t](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * t)); };
  return qRgb(ch(qRed(a), qRed(b)), ch(qGreen(a), qGreen(b)), ch(qBlue(a), qBlue(b)));
}

QRgb GridPalette::categorical(uint64_t index, uint64_t count) const {
  const QRgb *base = colorBlindSafe ? kOkabeIto.data() : kTableau10.data();
  const uint64_t n = colorBlindSafe ? kOkabeIto.size() : kTableau10.size();
  if (count <= n || index < n)
    return base[index % n];
  // Second and third rounds: the same hues lighter, then darker.
  if (index < 3 * n) {
    const QRgb c = base[index % n];
    return index < 2 * n ? lighten(c, 0.45) : darken(c, 0.35);
  }
  // Many owners: golden-ratio hue steps keep consecutive indices far apart.
  const double hue = std::fmod(0.11 + static_cast<double>(index) * 0.6180339887498949, 1.0);
  const double light = 0.45 + 0.15 * static_cast<double>((index / 7) % 3) / 2.0;
  return QColor::fromHslF(static_cast<float>(hue), 0.62f, static_cast<float>(light)).rgb();
}

QRgb GridPalette::sequential(double t) const {
  t = std::clamp(t, 0.0, 1.0) * (kViridis.size() - 1);
  const size_t i = std::min(static_cast<size_t>(t), kViridis.size() - 2);
  return mix(kViridis[i], kViridis[i + 1], t - static_cast<double>(i));
}

QRgb GridPalette::textOn(QRgb bg) {
  // Relative luminance (sRGB approximated by a 2.2 gamma).
  auto lin = [](int c) { return std::pow(c / 255.0, 2.2); };
  const double y = 0.2126 * lin(qRed(bg)) + 0.7152 * lin(qGreen(bg)) + 0.0722 * lin(qBlue(bg));
  return y > 0.22 ? qRgb(0, 0, 0) : qRgb(255, 255, 255);
}

QFont GridPalette::font(double pointSize, bool bold) const {
  QFont f(QStringLiteral("DejaVu Sans"));
  f.setPointSizeF(pointSize * fontScale);
  f.setBold(bold || highContrast);
  return f;
}

QFont GridPalette::monoFont(double pointSize) const {
  QFont f(QStringLiteral("DejaVu Sans Mono"));
  f.setStyleHint(QFont::Monospace);
  f.setPointSizeF(pointSize * fontScale);
  return f;
}

} // namespace ls::ui
