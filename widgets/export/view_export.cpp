#include "export/view_export.h"

#include <QBuffer>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include "grid/tensor_grid_view.h"

namespace ls::ui {

QImage renderViewImage(TensorGridView &view, double scale) {
  const QSize size = view.size();
  QImage img(size * scale, QImage::Format_ARGB32_Premultiplied);
  img.fill(Qt::white);
  QPainter p(&img);
  p.scale(scale, scale);
  view.renderScene(p, QRectF(QPointF(0, 0), QSizeF(size)));
  p.end();
  return img;
}

QString exportViewPng(TensorGridView &view, const QString &path, double scale) {
  const QImage img = renderViewImage(view, scale);
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly))
    return f.errorString();
  if (!img.save(&f, "PNG"))
    return QStringLiteral("could not encode the PNG");
  if (!f.commit())
    return f.errorString();
  return {};
}

QString exportViewSvg(TensorGridView &view, const QString &path) {
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator gen;
  gen.setOutputDevice(&buffer);
  gen.setSize(view.size());
  gen.setViewBox(QRect(QPoint(0, 0), view.size()));
  gen.setTitle(view.result() ? view.result()->designName : QStringLiteral("layout"));
  gen.setDescription(view.result() ? view.result()->attribute : QString());
  {
    QPainter p(&gen);
    view.renderScene(p, QRectF(QPointF(0, 0), QSizeF(view.size())));
  }
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly))
    return f.errorString();
  f.write(buffer.data());
  if (!f.commit())
    return f.errorString();
  return {};
}

} // namespace ls::ui
