// Colours of the TMEM views: one hue per warp (warps 0..3 own the four lane
// quarters, so they get the four most distinct hues), paler for copies,
// grey for empty slots.
#pragma once

#include <QColor>

namespace ls::ui {

inline QColor warpColor(int warp) {
  static const QColor table[16] = {
      QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
      QColor(0xe1, 0x57, 0x59), QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48),
      QColor(0xb0, 0x7a, 0xa1), QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f),
      QColor(0xba, 0xb0, 0xac), QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28),
      QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
      QColor(0x17, 0xbe, 0xcf)};
  if (warp < 0)
    return QColor(0xff, 0xff, 0xff);
  QColor c = table[warp % 16];
  // Beyond 16 warps the hues repeat, darker each round.
  return warp < 16 ? c : c.darker(100 + 25 * (warp / 16));
}

inline QColor copyColor(int warp) { return warpColor(warp).lighter(150); }
inline QColor emptyColor() { return QColor(0xe4, 0xe4, 0xe4); }
inline QColor selectionColor() { return QColor(0x10, 0x10, 0x10); }

} // namespace ls::ui
