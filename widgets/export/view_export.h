// Exporting what a grid view shows, for slides: PNG at any scale, SVG with
// vector text and lines (cell colours as one embedded image, so even a
// 4096x4096 tensor makes a small file).
#pragma once

#include <QImage>
#include <QString>

namespace ls::ui {

class TensorGridView;

// The scene as on screen, `scale` times the widget's size (2 = retina).
QImage renderViewImage(TensorGridView &view, double scale = 2.0);
// Return an empty string on success, else why not.
QString exportViewPng(TensorGridView &view, const QString &path, double scale = 2.0);
QString exportViewSvg(TensorGridView &view, const QString &path);

} // namespace ls::ui
