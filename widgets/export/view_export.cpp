#include "export/view_export.h"

#include <QBuffer>
#include <QFileInfo>
#include <QGuiApplication>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QScreen>
#include <QSvgGenerator>
#include <functional>

#include "grid/mma_arrangement_view.h"
#include "grid/tensor_grid_view.h"

namespace ls::ui {

namespace {

using DrawFn = std::function<void(QPainter &, const QRectF &)>;

// Vector devices lay text out at the screen's resolution, so that what was
// measured for the screen fits the same in the file.
int screenDpi() {
  const QScreen *s = QGuiApplication::primaryScreen();
  return s ? qRound(s->logicalDotsPerInch()) : 96;
}

QString save(const QString &path, const QByteArray &data) {
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly))
    return f.errorString();
  f.write(data);
  if (!f.commit())
    return f.errorString();
  return {};
}

QString saveImage(const QString &path, const QImage &img) {
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  if (!img.save(&buffer, "PNG"))
    return QStringLiteral("could not encode the PNG");
  return save(path, buffer.data());
}

QString writeSvg(const QString &path, const QSizeF &size, const QString &title,
                 const QString &description, const DrawFn &draw) {
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator gen;
  gen.setOutputDevice(&buffer);
  gen.setResolution(screenDpi());
  gen.setSize(size.toSize());
  gen.setViewBox(QRectF(QPointF(0, 0), size));
  // QSvgGenerator writes both as they are: escaped here, so that an
  // attribute's '<' (#ttg.blocked<{...}>) leaves the file well-formed XML.
  gen.setTitle(title.toHtmlEscaped());
  gen.setDescription(description.toHtmlEscaped());
  {
    QPainter p(&gen);
    draw(p, QRectF(QPointF(0, 0), size));
  }
  return save(path, buffer.data());
}

QString writePdf(const QString &path, const QSizeF &size, const QString &title,
                 const DrawFn &draw) {
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  {
    QPdfWriter pdf(&buffer);
    const int dpi = screenDpi();
    pdf.setResolution(dpi);
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("Layout Studio"));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setPageSize(QPageSize(QSizeF(size.width() * 72.0 / dpi, size.height() * 72.0 / dpi),
                              QPageSize::Point, QString(), QPageSize::ExactMatch));
    QPainter p(&pdf);
    if (!p.isActive())
      return QStringLiteral("could not start the PDF");
    // The page may round to whole points: draw into what it has.
    const QRectF page(QPointF(0, 0), QSizeF(pdf.width(), pdf.height()));
    p.scale(page.width() / size.width(), page.height() / size.height());
    draw(p, QRectF(QPointF(0, 0), size));
  }
  return save(path, buffer.data());
}

// The grid view with its title block drawn in full above it.
struct FullTitleView {
  TensorGridView &view;
  QString head, attribute;
  double titleH = 0;
  QSizeF size;

  explicit FullTitleView(TensorGridView &v) : view(v) {
    const GridSceneState &s = v.sceneState();
    head = s.title;
    if (!s.subtitle.isEmpty())
      head += QStringLiteral("   ") + s.subtitle;
    attribute = v.result() ? v.result()->attribute : QString();
    const double w = v.width() - 20;
    titleH = s.showTitle ? titleBlockHeight(head, attribute, w, v.gridPalette()) + 14 : 0;
    size = QSizeF(v.width(), v.height() + titleH);
  }
  void draw(QPainter &p, const QRectF &bounds) {
    const bool had = view.sceneState().showTitle;
    p.fillRect(bounds, view.gridPalette().background());
    if (had) {
      paintTitleBlock(p, QRectF(10, 10, bounds.width() - 20, titleH - 14), head, attribute,
                      view.gridPalette());
      view.setShowTitle(false);
    }
    p.save();
    p.translate(0, titleH);
    view.setFigure(true);
    view.renderScene(p, QRectF(QPointF(0, 0), QSizeF(view.size())));
    view.setFigure(false);
    p.restore();
    if (had)
      view.setShowTitle(true);
  }
};

QString bySuffix(const QString &path, const std::function<QString()> &png,
                 const std::function<QString()> &svg, const std::function<QString()> &pdf) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("png"))
    return png();
  if (suffix == QLatin1String("svg"))
    return svg();
  if (suffix == QLatin1String("pdf"))
    return pdf();
  return QStringLiteral("'%1': the file name must end in .png, .svg or .pdf").arg(path);
}

} // namespace

QImage renderViewImage(TensorGridView &view, double scale) {
  const QSize size = view.size();
  QImage img(size * scale, QImage::Format_ARGB32_Premultiplied);
  img.fill(Qt::white);
  QPainter p(&img);
  p.scale(scale, scale);
  view.setFigure(true);
  view.renderScene(p, QRectF(QPointF(0, 0), QSizeF(size)));
  view.setFigure(false);
  p.end();
  return img;
}

QString exportViewPng(TensorGridView &view, const QString &path, double scale) {
  return saveImage(path, renderViewImage(view, scale));
}

QString exportViewSvg(TensorGridView &view, const QString &path) {
  FullTitleView full(view);
  return writeSvg(path, full.size,
                  view.result() ? view.result()->designName : QStringLiteral("layout"),
                  view.result() ? view.result()->attribute : QString(),
                  [&](QPainter &p, const QRectF &b) { full.draw(p, b); });
}

QString exportViewPdf(TensorGridView &view, const QString &path) {
  FullTitleView full(view);
  return writePdf(path, full.size,
                  view.result() ? view.result()->designName : QStringLiteral("layout"),
                  [&](QPainter &p, const QRectF &b) { full.draw(p, b); });
}

QString exportView(TensorGridView &view, const QString &path) {
  return bySuffix(
      path, [&] { return exportViewPng(view, path); }, [&] { return exportViewSvg(view, path); },
      [&] { return exportViewPdf(view, path); });
}

QImage renderArrangementImage(MmaArrangementView &view, double scale) {
  const QSizeF size = view.sceneSize();
  QImage img((size * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
  img.fill(Qt::white);
  QPainter p(&img);
  p.setRenderHint(QPainter::TextAntialiasing, true);
  view.renderScene(p, QRectF(QPointF(0, 0), size * scale));
  p.end();
  return img;
}

double arrangementPngScale(const MmaArrangementView &view) {
  const QSizeF s = view.sceneSize();
  return std::max(s.width(), s.height()) <= 2048 ? 2.0 : 1.0;
}

QString exportArrangement(MmaArrangementView &view, const QString &path) {
  const QString title = view.arrangement().heading;
  auto draw = [&](QPainter &p, const QRectF &b) { view.renderScene(p, b); };
  return bySuffix(
      path,
      [&] { return saveImage(path, renderArrangementImage(view, arrangementPngScale(view))); },
      [&] { return writeSvg(path, view.sceneSize(), title, QString(), draw); },
      [&] { return writePdf(path, view.sceneSize(), title, draw); });
}

} // namespace ls::ui
