// GridScenePainter: draws a grid view -- title, axes, cells, legend -- into
// any QPainter (the widget, a PNG, an SVG).
//
// Level of detail, decided per paint from the cell size in pixels:
//   < 1 px     one sample per pixel: the cell colours are rendered into an
//              image at screen resolution (one element or less per pixel);
//   >= 1 px    one image pixel per visible cell, scaled up without smoothing;
//   >= 4 px    ownership edges (thread boundaries) are drawn;
//   >= 6 px    thin grid lines;
//   >= label   the cell's label, once the widest label fits with a margin and
//              the cell is at least about six characters wide.
// Only the cells inside the exposed rectangle are sampled; the sampled image
// is cached and reused while nothing it depends on changes.
//
// While a newer result is computed for a differently shaped tensor, the view
// hands the painter a StalePicture: the last sampled image, stretched over
// the cells it showed, now counted in the new grid (as Qt's mandelbrot
// example scales its old pixmap while the new one renders). The axes follow
// the new grid; the cells are the old colours until the new result arrives.
#pragma once

#include <QImage>
#include <QPainter>
#include <memory>

#include "grid/grid_geometry.h"
#include "grid/grid_highlight.h"
#include "grid/grid_labels.h"
#include "grid/grid_palette.h"
#include "grid/grid_plane.h"

namespace ls::ui {

// Regions of a scene (widget coordinates).
struct SceneLayout {
  QRectF title, legend, colAxis, rowAxis, grid;
  QRectF step;   // the step-through caption in large type (empty when not stepping)
  QRectF notice; // a note about the picture above the grid (empty when none)
};

// The previous cell picture, shown on a new grid until its result arrives.
struct StalePicture {
  QImage image;          // cell colours as last drawn
  QRectF cells;          // what it covers, in the new grid's cells (x column, y row)
  GridGeometry geometry; // the new grid: its rows, cols, zoom and pan
};

struct GridSceneState {
  std::shared_ptr<const GridPlane> plane;
  ColorBy colorBy = ColorBy::Warp;
  GridHighlight highlight;
  quint64 highlightSerial = 0; // bump when highlight changes (cache key)
  std::optional<Cell> hover;
  bool showTitle = true;
  bool showLegend = true;
  bool figure = false; // drawn for a file (PNG/SVG/PDF export): no hover/click hints
  QString title;                     // bold first line (design name)
  QString subtitle;                  // e.g. "blocked  64x64 f32  4 warps x 32 threads"
  QString message;                   // shown over the grid, e.g. a pending error
  QString notice;                    // a note above the grid, not an error (labels too big)
  GridLabelOptions labels;           // cell label mode, axis names, presentation fit
  QString stepOverlay;               // the step in large type, "T5 \u00b7 warp 0 \u00b7 lane 5"
  std::optional<StalePicture> stale; // drawn instead of the plane's cells
};

// The title line over the grid: the subtitle only where the whole line
// fits; a name ending in a parenthesis ("(line 149)") keeps it whole and
// is elided before it, any other in the middle.
QString gridTitleLine(const QString &title, const QString &subtitle, const QFontMetricsF &fm,
                      double width);
// The attribute on up to two lines: the first as much as fits in `width`,
// broken after a comma or space where one fits, the second the rest, elided
// only at its end (in `width` - 20: it is indented). Nothing in between is lost.
std::pair<QString, QString> gridAttributeLines(const QString &attr, const QFontMetricsF &fm,
                                               double width);

class GridScenePainter {
public:
  SceneLayout layout(const QRectF &bounds, const GridSceneState &s, const GridPalette &pal) const;

  // Paints the whole scene. `geo.area` must be layout(...).grid.
  void paint(QPainter &p, const QRectF &bounds, const QRectF &exposed, const GridGeometry &geo,
             const GridSceneState &s, const GridPalette &pal);

  // The colour of one cell as drawn (tests check pixels against it).
  QRgb cellColor(const GridSceneState &s, const GridPalette &pal, uint64_t loc,
                 uint64_t elem) const;

  // Whether labels are drawn at this cell size.
  bool labelsVisible(const GridSceneState &s, const GridPalette &pal, double cellSize) const;
  // The smallest cell (pixels) that shows every label at the presentation
  // label font (s.labels.pointSize x fontScale): the widest label plus a
  // margin, and the font's height.
  double labelCellSize(const GridSceneState &s, const GridPalette &pal) const;
  // Presentation labels break at their last ':' or ' ' ("T5" over "c2")
  // when two lines need a smaller square cell than one.
  bool labelsOnTwoLines(const GridSceneState &s, const GridPalette &pal) const;
  // The font labels are drawn in at this cell size.
  QFont labelFont(const GridSceneState &s, const GridPalette &pal, double cellSize) const;
  // A cell's label as drawn: the plane's label in s.labels.mode, followed by
  // the colour value ("L5 T69") when the palette has fewer colours than
  // values and the label does not already name it.
  QString labelFor(const GridSceneState &s, const GridPalette &pal, uint64_t loc,
                   uint64_t elem) const;
  // Whether labels carry the colour value (see labelFor).
  bool labelCarriesColour(const GridSceneState &s, const GridPalette &pal) const;
  // The axis names drawn: s.labels' own, else the plane's (M/N/K, dimN).
  static QString rowAxisName(const GridSceneState &s);
  static QString colAxisName(const GridSceneState &s);

  // The cell colours last painted and the cells they cover (x column, y row,
  // in the painted plane's cells); a null image before the first paint.
  QImage lastCellPicture(QRectF *cells) const;

private:
  enum class CellState { Dim, Normal, Strong };
  CellState stateOf(const GridSceneState &s, uint64_t loc, uint64_t elem) const;

  void paintTitle(QPainter &p, const QRectF &r, const GridSceneState &s, const GridPalette &pal);
  void paintAxes(QPainter &p, const SceneLayout &l, const GridGeometry &geo,
                 const GridSceneState &s, const GridPalette &pal);
  void paintCells(QPainter &p, const QRectF &exposed, const GridGeometry &geo,
                  const GridSceneState &s, const GridPalette &pal);
  void paintStale(QPainter &p, const QRectF &exposed, const GridGeometry &geo,
                  const StalePicture &stale);
  void paintStep(QPainter &p, const QRectF &r, const GridSceneState &s, const GridPalette &pal);
  void paintNote(QPainter &p, const SceneLayout &l, const GridSceneState &s, const QString &text,
                 QColor fill, QColor edge, QColor ink, const QFont &f);

  // Cache of the sampled cell image.
  struct CacheKey {
    std::shared_ptr<const GridPlane> plane;
    ColorBy colorBy = ColorBy::Warp;
    quint64 highlightSerial = 0;
    std::vector<int64_t> rows, cols;
    bool cb = false, hc = false;
    bool operator==(const CacheKey &) const = default;
  };
  CacheKey cacheKey_;
  QImage cacheImage_;
  std::vector<uint64_t> cacheLoc_, cacheElem_;
  // What the last paint drew of cacheImage_, and where (cells).
  QSize lastDrawn_;
  QRectF lastCells_;
};

} // namespace ls::ui
