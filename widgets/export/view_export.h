// Exporting what a grid view or the MMA arrangement shows, for slides and
// papers: PNG at any scale; SVG and PDF as vector shapes and real text (one
// rectangle per cell up to 2^16 visible cells, every label and title a text
// element; larger grids fall back to one cell image so the file stays small).
// Vector exports of the grid view draw the title block in full above the
// picture (wrapped, not elided).
#pragma once

#include <QImage>
#include <QString>

namespace ls::ui {

class TensorGridView;
class MmaArrangementView;

// The scene as on screen, `scale` times the widget's size (2 = retina).
QImage renderViewImage(TensorGridView &view, double scale = 2.0);
// Return an empty string on success, else why not.
QString exportViewPng(TensorGridView &view, const QString &path, double scale = 2.0);
QString exportViewSvg(TensorGridView &view, const QString &path);
QString exportViewPdf(TensorGridView &view, const QString &path);
// By the path's suffix: .png, .svg or .pdf (anything else is refused).
QString exportView(TensorGridView &view, const QString &path);

// The arrangement at its natural size times `scale`.
QImage renderArrangementImage(MmaArrangementView &view, double scale = 2.0);
// The PNG scale exportArrangement uses: 2, or 1 for pictures over 2048 units.
double arrangementPngScale(const MmaArrangementView &view);
// By the path's suffix: .png (natural size x arrangementPngScale), .svg or
// .pdf (natural size).
QString exportArrangement(MmaArrangementView &view, const QString &path);

} // namespace ls::ui
