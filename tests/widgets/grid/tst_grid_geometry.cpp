// GridGeometry: the cell <-> pixel mapping of the grid view, without painting.
#include <QtTest>

#include "grid/grid_geometry.h"

using ls::ui::Cell;
using ls::ui::CellRange;
using ls::ui::GridGeometry;

namespace {

GridGeometry geometry(int64_t rows, int64_t cols, double cell, QPointF origin) {
  GridGeometry g;
  g.area = QRectF(100, 50, 400, 300);
  g.rows = rows;
  g.cols = cols;
  g.cellSize = cell;
  g.origin = origin;
  return g;
}

} // namespace

Q_DECLARE_METATYPE(CellRange)

class TestGridGeometry : public QObject {
  Q_OBJECT
private slots:
  void cellAt_data() {
    QTest::addColumn<QPointF>("point");
    QTest::addColumn<bool>("inside");
    QTest::addColumn<qint64>("row");
    QTest::addColumn<qint64>("col");
    // 64x64 grid, 10 px cells, cell (0, 0) at (100, 50).
    QTest::newRow("first cell corner") << QPointF(100, 50) << true << qint64(0) << qint64(0);
    QTest::newRow("inside cell (2, 3)") << QPointF(135.5, 71) << true << qint64(2) << qint64(3);
    QTest::newRow("last pixel of cell (0, 0)")
        << QPointF(109.99, 59.99) << true << qint64(0) << qint64(0);
    QTest::newRow("left of the area") << QPointF(99, 60) << false << qint64(0) << qint64(0);
    QTest::newRow("below the area") << QPointF(150, 351) << false << qint64(0) << qint64(0);
  }
  void cellAt() {
    QFETCH(QPointF, point);
    QFETCH(bool, inside);
    QFETCH(qint64, row);
    QFETCH(qint64, col);
    const GridGeometry g = geometry(64, 64, 10, QPointF(100, 50));
    const auto c = g.cellAt(point);
    QCOMPARE(c.has_value(), inside);
    if (inside)
      QCOMPARE(*c, (Cell{row, col}));
  }

  void cellAtOutsideTheGrid() {
    // A 4x4 grid of 10 px cells: the area extends beyond the grid.
    const GridGeometry g = geometry(4, 4, 10, QPointF(100, 50));
    QVERIFY(!g.cellAt(QPointF(145, 55)).has_value());
    QVERIFY(!g.cellAt(QPointF(105, 95)).has_value());
  }

  void cellRectRoundTrip() {
    const GridGeometry g = geometry(64, 64, 12.5, QPointF(90.25, 40));
    for (int64_t r : {0, 7, 63})
      for (int64_t c : {0, 5, 31}) {
        const QRectF rect = g.cellRect(r, c);
        QCOMPARE(rect.width(), 12.5);
        if (g.area.contains(rect.center()))
          QCOMPARE(*g.cellAt(rect.center()), (Cell{r, c}));
      }
  }

  void visibleCells_data() {
    QTest::addColumn<double>("cell");
    QTest::addColumn<QPointF>("origin");
    QTest::addColumn<QRectF>("exposed");
    QTest::addColumn<CellRange>("expected");
    QTest::newRow("whole area, 10 px")
        << 10.0 << QPointF(100, 50) << QRectF(0, 0, 1000, 1000) << CellRange{0, 30, 0, 40};
    QTest::newRow("partial cells count")
        << 10.0 << QPointF(95, 45) << QRectF(0, 0, 1000, 1000) << CellRange{0, 31, 0, 41};
    QTest::newRow("exposed strip")
        << 10.0 << QPointF(100, 50) << QRectF(205, 105, 10, 10) << CellRange{5, 7, 10, 12};
    QTest::newRow("panned far: clamped to the grid")
        << 10.0 << QPointF(-500, -500) << QRectF(0, 0, 1000, 1000) << CellRange{55, 64, 60, 64};
    QTest::newRow("sub-pixel cells")
        << 0.25 << QPointF(100, 50) << QRectF(0, 0, 1000, 1000) << CellRange{0, 64, 0, 64};
  }
  void visibleCells() {
    QFETCH(double, cell);
    QFETCH(QPointF, origin);
    QFETCH(QRectF, exposed);
    QFETCH(CellRange, expected);
    const GridGeometry g = geometry(64, 64, cell, origin);
    QCOMPARE(g.visibleCells(exposed), expected);
  }

  void fitCentresTheGrid() {
    GridGeometry g = geometry(64, 32, 1, QPointF());
    g.fit();
    // 300 px high for 64 rows: 4.6875 -> 4 whole pixels per cell.
    QCOMPARE(g.cellSize, 4.0);
    QCOMPARE(g.gridRect().center().x(), g.area.center().x());
    QVERIFY(g.area.contains(g.gridRect()));
  }

  void fitHugeGridGoesBelowOnePixel() {
    GridGeometry g = geometry(4096, 4096, 1, QPointF());
    g.fit();
    QVERIFY(g.cellSize < 1);
    QVERIFY(g.gridRect().height() <= g.area.height() + 1);
    QCOMPARE(g.visibleCells(), (CellRange{0, 4096, 0, 4096}));
  }

  void zoomKeepsTheAnchor() {
    GridGeometry g = geometry(64, 64, 10, QPointF(100, 50));
    const QPointF anchor(255, 125); // inside cell (7, 15)
    const Cell before = *g.cellAt(anchor);
    g.zoomAt(anchor, 2.0);
    QCOMPARE(g.cellSize, 20.0);
    QCOMPARE(*g.cellAt(anchor), before);
  }

  void panIsClamped() {
    GridGeometry g = geometry(8, 8, 10, QPointF(100, 50));
    g.panBy(QPointF(10000, 10000));
    QVERIFY(g.gridRect().intersects(g.area));
  }
};

QTEST_GUILESS_MAIN(TestGridGeometry)
#include "tst_grid_geometry.moc"
