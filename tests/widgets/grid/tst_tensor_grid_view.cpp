// The grid view: pixels at known cells, hover text, click highlighting,
// hardware view, shared layouts, slices and level of detail.
#include <QSignalSpy>

#include "analysis/ownership/ownership_batch.h"
#include "export/view_export.h"
#include "grid/grid_panel.h"
#include "grid/grid_scene_painter.h"
#include "grid/tensor_grid_view.h"
#include "gui_test_main.h"
#include "widgets/layout_fixture.h"

#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QXmlStreamReader>

using namespace ls::ui;

namespace {

// Colour of the pixel at a cell's centre, as painted.
QRgb pixelAt(TensorGridView &v, Cell c) {
  const QImage img = v.grab().toImage();
  const QPoint p = v.cellCenter(c).toPoint();
  return img.pixel(p) & 0xffffff;
}

QRgb rgb(QRgb c) {
  return c & 0xffffff;
}

} // namespace

class TestTensorGridView : public QObject {
  Q_OBJECT

  std::unique_ptr<TensorGridView> view;

  void show(const QString &attr, ls::Shape shape, const QString &dtype = QStringLiteral("f32")) {
    view = std::make_unique<TensorGridView>();
    view->resize(900, 700);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    view->setResult(makeResult(attr, shape, dtype));
  }

private slots:
  void pixelsShowTheOwningWarp_data() {
    QTest::addColumn<qint64>("row");
    QTest::addColumn<qint64>("col");
    QTest::addColumn<int>("warp");
    QTest::newRow("(0, 0): warp 0") << qint64(0) << qint64(0) << 0;
    QTest::newRow("(1, 63): warp 0 (lane 31)") << qint64(1) << qint64(63) << 0;
    QTest::newRow("(2, 0): warp 1") << qint64(2) << qint64(0) << 1;
    QTest::newRow("(4, 17): warp 2") << qint64(4) << qint64(17) << 2;
    QTest::newRow("(7, 40): warp 3") << qint64(7) << qint64(40) << 3;
    QTest::newRow("(8, 0): warp 0 again (register 4)") << qint64(8) << qint64(0) << 0;
  }
  void pixelsShowTheOwningWarp() {
    QFETCH(qint64, row);
    QFETCH(qint64, col);
    QFETCH(int, warp);
    show(kTransposeLoad, {64, 64});
    QCOMPARE(view->colorBy(), ColorBy::Warp);
    const QRgb expected = rgb(view->gridPalette().categorical(warp, 4));
    QCOMPARE(pixelAt(*view, {row, col}), expected);
    QCOMPARE(rgb(view->drawnColor({row, col}).rgb()), expected);
  }

  void pixelsByThread() {
    show(kTransposeLoad, {64, 64});
    view->setColorBy(ColorBy::Thread);
    // (1, 4): lane 1 (0,4) + lane 16 (1,0) = lane 17 of warp 0.
    QCOMPARE(pixelAt(*view, {1, 4}), rgb(view->gridPalette().categorical(17, 128)));
    // (0, 3): register 3 of thread 0.
    QCOMPARE(pixelAt(*view, {0, 3}), rgb(view->gridPalette().categorical(0, 128)));
  }

  // While a 128x64 result is computed, the 64x64 picture is stretched to
  // the new grid: new row 2r shows old row r; the new result replaces it.
  void stalePictureIsScaledToThePendingShape() {
    show(kTransposeLoad, {64, 64});
    const QRgb old50 = pixelAt(*view, {50, 10}), old9 = pixelAt(*view, {9, 3});
    QVERIFY(!view->pendingGeometry());
    view->setPendingShape(ls::Shape{128, 64});
    const GridGeometry *g = view->pendingGeometry();
    QVERIFY(g);
    QCOMPARE(g->rows, int64_t(128));
    QCOMPARE(g->cols, int64_t(64));
    QVERIFY(view->sceneState().stale.has_value());
    const QImage img = view->grab().toImage();
    auto at = [&](int64_t r, int64_t c) {
      return img.pixel(g->cellRect(r, c).center().toPoint()) & 0xffffff;
    };
    QCOMPARE(at(100, 10), old50); // rows 100 and 101 were row 50
    QCOMPARE(at(101, 10), old50);
    QCOMPARE(at(18, 3), old9);
    // The hover waits for the real picture.
    QCOMPARE(view->sceneState().hover, std::optional<Cell>());
    // The same shape again changes nothing; no pending shape ends it.
    view->setPendingShape(ls::Shape{128, 64});
    QVERIFY(view->pendingGeometry());
    view->setPendingShape(std::nullopt);
    QVERIFY(!view->pendingGeometry());
    QCOMPARE(pixelAt(*view, {50, 10}), old50);
    // A pending result of the same shape keeps the picture as it is.
    view->setPendingShape(ls::Shape{64, 64});
    QVERIFY(!view->pendingGeometry());
    // The new result ends the stand-in.
    view->setPendingShape(ls::Shape{128, 64});
    QVERIFY(view->pendingGeometry());
    view->setResult(makeResult(kTransposeLoad, {128, 64}));
    QVERIFY(!view->pendingGeometry());
    QCOMPARE(view->plane()->rows(), int64_t(128));
  }

  void hoverTextNamesCoordinatesAndOwners() {
    show(kTransposeLoad, {64, 64});
    const QString t = view->cellDescription({1, 4});
    QVERIFY2(t.contains(QStringLiteral("element (1, 4) = (0b000001, 0b000100)")), qPrintable(t));
    QVERIFY2(t.contains(QStringLiteral("1 owner:")), qPrintable(t));
    QVERIFY2(t.contains(QStringLiteral("T17:0  warp 0, lane 17, register 0")), qPrintable(t));

    // Moving the mouse there reports the same text.
    QSignalSpy spy(view.get(), &TensorGridView::hoverTextChanged);
    QTest::mouseMove(view.get(), view->cellCenter({1, 4}).toPoint());
    QTRY_VERIFY(!spy.isEmpty());
    QCOMPARE(spy.last().at(0).toString(), t);
  }

  void hoverListsEveryReplica() {
    // 4 warps along dim0 but only 2 rows: warps 2 and 3 repeat warps 0 and 1.
    show(QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                        "warpsPerCTA = [4, 1], order = [1, 0]}>"),
         {2, 32});
    QCOMPARE(view->plane()->replication(), int64_t(2));
    const QString t = view->cellDescription({0, 5});
    QVERIFY2(t.contains(QStringLiteral("2 owners:")), qPrintable(t));
    QVERIFY2(t.contains(QStringLiteral("T5:0  warp 0, lane 5, register 0")), qPrintable(t));
    QVERIFY2(t.contains(QStringLiteral("T69:0  warp 2, lane 5, register 0")), qPrintable(t));
  }

  void clickHighlightsTheThreadAndItsWarp() {
    show(kTransposeLoad, {64, 64});
    const QRgb warp0 = rgb(view->gridPalette().categorical(0, 4));
    const QRgb warp1 = rgb(view->gridPalette().categorical(1, 4));
    QSignalSpy spy(view.get(), &TensorGridView::selectionChanged);
    QTest::mouseClick(view.get(), Qt::LeftButton, {}, view->cellCenter({0, 0}).toPoint());
    QCOMPARE(spy.size(), 1);
    const QString caption = spy.first().at(0).toString();
    QVERIFY2(caption.startsWith(QStringLiteral("T0 (warp 0, lane 0): 32 distinct elements")),
             qPrintable(caption));
    const GridHighlight &h = view->highlight();
    // Thread 0 holds rows 0, 8, ..., 56 x columns 0..3.
    int64_t count = 0;
    for (uint64_t w : h.strongElements)
      count += std::popcount(w);
    QCOMPARE(count, int64_t(32));
    const auto &own = view->plane()->ownership();
    QVERIFY(ls::bitmapTest(h.strongElements, own.packElement({56, 3})));
    QVERIFY(!ls::bitmapTest(h.strongElements, own.packElement({0, 4})));
    // T0's cells and the rest of warp 0 keep their colour; other warps fade.
    QCOMPARE(pixelAt(*view, {8, 2}), warp0);
    QCOMPARE(pixelAt(*view, {1, 60}), warp0);
    QCOMPARE(pixelAt(*view, {2, 0}),
             rgb(GridPalette::mix(warp1, qRgb(255, 255, 255), view->gridPalette().dimAmount())));
    // Escape clears it.
    QTest::keyClick(view.get(), Qt::Key_Escape);
    QVERIFY(!view->highlight().active());
    QCOMPARE(pixelAt(*view, {2, 0}), warp1);
  }

  // The "Find element / thread" box answers the owner questions and highlights the answer.
  void findBoxAnswersOwnerQuestions() {
    GridPanel panel;
    panel.resize(900, 760);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setResult(makeResult(kTransposeLoad, {64, 64}), QString(), false, {});
    TensorGridView &v = *panel.view();
    const QRgb warp0 = rgb(v.gridPalette().categorical(0, 4));
    const QRgb warp1 = rgb(v.gridPalette().categorical(1, 4));
    const auto &own = v.plane()->ownership();
    // Element (9, 37): 9 = (8,0)+(1,0), 37 = (0,32)+(0,4)+(0,1) -> register 5, lane 25, warp 0.
    const QString a = panel.find(QStringLiteral("9,37"));
    QCOMPARE(a, QStringLiteral("Element (9, 37): 1 owner: block 0, warp 0, lane 25, register 5"));
    QVERIFY(panel.findAnswer()->isVisible());
    QVERIFY(ls::bitmapTest(v.highlight().strongElements, own.packElement({9, 37})));
    QVERIFY(ls::bitmapTest(v.highlight().strongElements, own.packElement({9, 36})));   // register 4
    QVERIFY(!ls::bitmapTest(v.highlight().strongElements, own.packElement({10, 37}))); // warp 1
    // Thread 37 typed into the box: warp 1, lane 5 = (0,4)+(0,16) + (2,0) -> (2, 20), 32 elements.
    panel.findBox()->clear();
    QTest::keyClicks(panel.findBox(), QStringLiteral("T37"));
    QTest::keyClick(panel.findBox(), Qt::Key_Return);
    const QString t = panel.findAnswer()->text();
    QVERIFY2(t.startsWith(QStringLiteral("Thread 37 (warp 1, lane 5) holds 32 elements: "
                                         "register 0: (2, 20); register 1: (2, 21)")),
             qPrintable(t));
    const GridHighlight &h = v.highlight();
    int64_t count = 0;
    for (uint64_t w : h.strongElements)
      count += std::popcount(w);
    QCOMPARE(count, int64_t(32));
    QVERIFY(ls::bitmapTest(h.strongElements, own.packElement({2, 20})));
    QVERIFY(ls::bitmapTest(h.strongElements, own.packElement({58, 23})));
    // Pixels: T37's cells and its warp keep warp 1's colour; warp 0 fades.
    QCOMPARE(pixelAt(v, {2, 20}), warp1);
    QCOMPARE(pixelAt(v, {3, 0}), warp1);
    QCOMPARE(pixelAt(v, {0, 0}),
             rgb(GridPalette::mix(warp0, qRgb(255, 255, 255), v.gridPalette().dimAmount())));
    QCoreApplication::processEvents(); // the answer's label takes its wrapped height
    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR"))
      panel.grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") +
                        QStringLiteral("/find_box.png"));
    // Warp and lane spelled out: the same thread.
    QVERIFY(panel.find(QStringLiteral("w1 l5"))
                .startsWith(QStringLiteral("Thread 37 (warp 1, lane 5)")));
    // Questions the layout cannot answer say why, and select nothing new.
    QCOMPARE(panel.find(QStringLiteral("64,0")),
             QStringLiteral("Element (64, 0) is outside the tensor: dim 0 has size 64"));
    QCOMPARE(panel.find(QStringLiteral("T128")),
             QStringLiteral("Thread 128 is beyond the layout's 128 threads (4 warps x 32 lanes)"));
    QCOMPARE(panel.find(QStringLiteral("1,2,3")),
             QStringLiteral("An element of this tensor has 2 coordinates, got 3"));
    QCOMPARE(
        panel.find(QStringLiteral("@3")),
        QStringLiteral("Offsets are for shared layouts: ask an element (37,5) or a thread (T37)"));
    // Clearing the box clears the answer and the selection.
    panel.findBox()->clear();
    QVERIFY(!panel.findAnswer()->isVisible());
    QVERIFY(!v.highlight().active());
  }

  void findBoxOnSharedAndThreeDimensionalLayouts() {
    GridPanel panel;
    panel.resize(900, 760);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    // Shared: offset 9 of a swizzled layout (vec 4, perPhase 1, maxPhase 8) on 8x32.
    panel.setResult(makeResult(QStringLiteral("#ttg.swizzled_shared<{vec = 4, perPhase = 1, "
                                              "maxPhase = 8, order = [1, 0]}>"),
                               {8, 32}, QStringLiteral("f16")),
                    QString(), false, {});
    QCOMPARE(panel.find(QStringLiteral("@37")),
             QStringLiteral("Offset 37 holds 1 element: (1, 1)"));
    QCOMPARE(panel.find(QStringLiteral("1,1")),
             QStringLiteral("Element (1, 1): 1 owner: block 0, offset 37"));
    QCOMPARE(
        panel.find(QStringLiteral("T3")),
        QStringLiteral("A shared layout has no threads: ask an element (37,5) or an offset (@77)"));
    // 3-D: the element's slice is shown.
    panel.setResult(
        makeResult(QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = "
                                  "[2, 2, 8], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>"),
                   {4, 8, 32}),
        QString(), false, {0});
    QVERIFY(
        panel.find(QStringLiteral("3,5,17")).startsWith(QStringLiteral("Element (3, 5, 17): ")));
    QCOMPARE(panel.view()->outerIndex(), (std::vector<int64_t>{3}));
    QVERIFY(ls::bitmapTest(panel.view()->highlight().strongElements,
                           panel.view()->plane()->ownership().packElement({3, 5, 17})));
  }

  void hardwareViewShowsWhatEachLaneHolds() {
    show(kTransposeLoad, {64, 64});
    view->setHardwareView(true);
    // 32 registers x 4 warps rows, 32 lanes columns.
    QCOMPARE(view->plane()->rows(), int64_t(128));
    QCOMPARE(view->plane()->cols(), int64_t(32));
    QCOMPARE(view->plane()->rowTick(33), QStringLiteral("w1:r1"));
    const QString t = view->cellDescription({0, 17});
    QVERIFY2(t.startsWith(QStringLiteral("warp 0, lane 17, register 0 (T17:0)\nholds element "
                                         "(1, 4)")),
             qPrintable(t));
    // Register 4 of warp 1, lane 0: (8, 0) ^ (2, 0) = (10, 0).
    QVERIFY(view->cellDescription({32 + 4, 0}).contains(QStringLiteral("element (10, 0)")));
  }

  void sharedLayoutShowsOffsetAndBank() {
    // Offset bases: (0,1) (0,2) (0,4) (0,8) (0,16) (0,32) (1,8) (2,16) (4,32) (8,0) (16,0):
    // offset 72 = 64 ^ 8 holds (1, 8) ^ (0, 8) = (1, 0).
    show(QStringLiteral("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = "
                        "[1, 0]}>"),
         {32, 64}, QStringLiteral("f16"));
    QCOMPARE(view->colorBy(), ColorBy::Offset);
    const QString t = view->cellDescription({1, 0});
    QVERIFY2(t.contains(QStringLiteral("@72  offset 72, byte 144, bank 4")), qPrintable(t));
    view->setColorBy(ColorBy::Bank);
    QCOMPARE(pixelAt(*view, {1, 0}), rgb(view->gridPalette().categorical(4, 32)));
    // A click on a shared element highlights its bank.
    view->selectCell({1, 0});
    QCOMPARE(view->highlight().mode, GridHighlight::Mode::Bank);
    QCOMPARE(view->highlight().bank, int64_t(4));
  }

  void outerDimsSelectTheSlice() {
    show(QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 2, 16], "
                        "warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>"),
         {4, 8, 64});
    QCOMPARE(view->plane()->rows(), int64_t(8));
    QCOMPARE(view->plane()->cols(), int64_t(64));
    view->setOuterIndex({3});
    QVERIFY(view->cellDescription({0, 0}).contains(QStringLiteral("element (3, 0, 0)")));
    QVERIFY(view->cellDescription({0, 0}).contains(QStringLiteral("warp 3")));
    view->setOuterIndex({99}); // clamped to the last slice
    QCOMPARE(view->outerIndex(), std::vector<int64_t>{3});
  }

  void oneDimensionalIsOneRow() {
    // Up to 64 elements: one row.
    show(QStringLiteral("#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA "
                        "= [1], order = [0]}>"),
         {64});
    QCOMPARE(view->plane()->rows(), int64_t(1));
    QCOMPARE(view->plane()->cols(), int64_t(64));
    QCOMPARE(view->plane()->foldWidth(), int64_t(0));
    QVERIFY(view->cellDescription({0, 3}).contains(QStringLiteral("T1:1")));
  }

  void longOneDimensionalFoldsIntoRows() {
    // 256 elements are 16 rows of 16 (was one row of sub-pixel cells in a
    // narrow view): element = row * 16 + col, ticks name each row's first.
    show(QStringLiteral("#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA "
                        "= [4], order = [0]}>"),
         {256});
    const GridPlane &pl = *view->plane();
    QCOMPARE(pl.rows(), int64_t(16));
    QCOMPARE(pl.cols(), int64_t(16));
    QCOMPARE(pl.foldWidth(), int64_t(16));
    QCOMPARE(pl.rowTick(3), QStringLiteral("48"));
    QCOMPARE(pl.rowAxisTitle(), QStringLiteral("dim0, rows of 16"));
    QVERIFY(view->cellDescription({0, 3}).contains(QStringLiteral("T1:1")));
    QVERIFY2(view->cellDescription({1, 0}).startsWith(QStringLiteral("element (16)")),
             qPrintable(view->cellDescription({1, 0})));
    QCOMPARE(pl.cellOfElement(255), std::optional<Cell>(Cell{15, 15}));
    // Pixels: elements 0-63 are warp 0 (rows 0-3), 192-255 warp 3 (rows 12-15).
    QCOMPARE(pixelAt(*view, {0, 0}), rgb(view->gridPalette().categorical(0, 4)));
    QCOMPARE(pixelAt(*view, {3, 15}), rgb(view->gridPalette().categorical(0, 4)));
    QCOMPARE(pixelAt(*view, {4, 0}), rgb(view->gridPalette().categorical(1, 4)));
    QCOMPARE(pixelAt(*view, {15, 15}), rgb(view->gridPalette().categorical(3, 4)));
    QVERIFY(view->geometry().cellSize >= 8); // cells a reader can see, not a hairline
  }

  void titleAndAttributeLoseNothingInTheMiddle() {
    // A narrow grid: the title keeps the end of the design's name (the
    // line), the attribute's first line ends at a comma or space and the
    // second continues right after it, cut only at its end.
    const GridPalette pal;
    const QFontMetricsF big(pal.font(12, true)), mono(pal.monoFont(9));
    const QString title = QStringLiteral("ttg.local_store (line 149)");
    const QString t = gridTitleLine(title, QStringLiteral("blocked  128x64 f16  8 warps x 64 threads"),
                                    big, big.horizontalAdvance(title) * 0.8);
    QVERIFY2(t.endsWith(QStringLiteral("(line 149)")) && t.contains(QChar(0x2026)), qPrintable(t));
    QCOMPARE(gridTitleLine(title, QStringLiteral("blocked"), big, 2000),
             title + QStringLiteral("   blocked"));
    // Without a closing parenthesis: whole words from both ends, none cut.
    const QString long1 = QStringLiteral("no swizzle (vec 1, maxPhase 1): a column sits in one bank");
    const QString e = gridTitleLine(long1, QString(), big, big.horizontalAdvance(long1) * 0.6);
    QVERIFY2(e.contains(QStringLiteral(" \u2026 ")) && e.startsWith(QStringLiteral("no swizzle")) &&
                 e.endsWith(QStringLiteral("one bank")),
             qPrintable(e));
    for (const QString &w : e.split(QLatin1Char(' ')))
      QVERIFY2(w == QStringLiteral("\u2026") || long1.split(QLatin1Char(' ')).contains(w),
               qPrintable(w));
    QVERIFY(big.horizontalAdvance(e) <= big.horizontalAdvance(long1) * 0.6);
    const QString attr = QStringLiteral("#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = "
                                        "[16, 4], warpsPerCTA = [1, 8], order = [0, 1]}>");
    const double w = mono.horizontalAdvance(QStringLiteral("#ttg.blocked<{sizePerThread = [8, 1], thr"));
    const auto [l1, l2] = gridAttributeLines(attr, mono, w);
    QCOMPARE(l1, QStringLiteral("#ttg.blocked<{sizePerThread = [8, 1], "));
    QVERIFY(mono.horizontalAdvance(l1) <= w);
    QVERIFY2(l2.startsWith(QStringLiteral("threadsPerWarp = [16, 4]")), qPrintable(l2));
    QVERIFY2(l2.endsWith(QChar(0x2026)), qPrintable(l2));
    // No comma or space fits: cut at the last character that fits, the
    // second line going on from there.
    const auto [h1, h2] = gridAttributeLines(attr, mono, mono.horizontalAdvance(QStringLiteral("#ttg.blo")));
    QCOMPARE(h1, QStringLiteral("#ttg.blo"));
    QVERIFY2(h2.startsWith(QStringLiteral("ck")), qPrintable(h2)); // "cked…": it goes on from there
    QCOMPARE(gridAttributeLines(attr, mono, 5000), std::make_pair(attr, QString()));
  }

  void columnAxisSitsOnAShortGrid() {
    // 8 x 64 in a tall view: the grid is centred far below the top of its
    // area; the dim1 ticks are drawn just above its first row, and the band
    // where they used to be is empty.
    view = std::make_unique<TensorGridView>();
    view->resize(420, 760);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    view->setResult(makeResult(QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp "
                                              "= [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>"),
                               {8, 64}, QStringLiteral("f32")));
    const GridGeometry &g = view->geometry();
    const QImage img = view->grab().toImage();
    const QRectF gr = g.gridRect();
    QVERIFY2(gr.top() - g.area.top() > 100, "the grid should be centred well below its area's top");
    const QRgb bg = img.pixel(QPoint(int(gr.center().x()), int(g.area.top()) + 2)) & 0xffffff;
    auto inkBetween = [&](double y0, double y1) {
      int ink = 0;
      for (int y = int(y0); y < int(y1); ++y)
        for (int x = int(gr.left()); x < int(gr.right()); ++x)
          if ((img.pixel(x, y) & 0xffffff) != bg)
            ++ink;
      return ink;
    };
    QVERIFY2(inkBetween(gr.top() - 16, gr.top() - 1) > 20, "ticks just above the grid");
    QCOMPARE(inkBetween(g.area.top() - 30, g.area.top() + 40), 0);
  }

  void levelOfDetail() {
    show(kTransposeLoad, {64, 64});
    GridScenePainter painter;
    const auto &s = view->sceneState();
    QVERIFY(painter.labelsVisible(s, view->gridPalette(), 64));
    QVERIFY(!painter.labelsVisible(s, view->gridPalette(), 12));
    QVERIFY(!painter.labelsVisible(s, view->gridPalette(), 0.5));
  }

  void hugeTensorIsSampledPerPixel() {
    show(kTransposeLoad, {4096, 4096});
    const GridGeometry &g = view->geometry();
    QVERIFY(g.cellSize < 1);
    const QImage img = view->grab().toImage();
    // Every pixel shows the colour of the cell under its centre.
    for (const QPointF &f : {QPointF(0.1, 0.1), QPointF(0.5, 0.37), QPointF(0.93, 0.71)}) {
      const QRectF gr = g.gridRect().intersected(g.area);
      const QPoint px(static_cast<int>(gr.left() + f.x() * gr.width()),
                      static_cast<int>(gr.top() + f.y() * gr.height()));
      const auto cell = g.cellAt(QPointF(px) + QPointF(0.5, 0.5));
      QVERIFY(cell.has_value());
      QCOMPARE(img.pixel(px) & 0xffffff, rgb(view->drawnColor(*cell).rgb()));
    }
  }

  void exportsPngAndSvg() {
    show(kTransposeLoad, {64, 64});
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("v.png"));
    const QString svg = dir.filePath(QStringLiteral("v.svg"));
    QCOMPARE(exportViewPng(*view, png, 2.0), QString());
    QCOMPARE(exportViewSvg(*view, svg), QString());
    // The PNG is the view at twice the size, with the same cell colours.
    const QImage img(png);
    QCOMPARE(img.size(), view->size() * 2);
    const QPoint c = (view->cellCenter({2, 0}) * 2).toPoint();
    QCOMPARE(img.pixel(c) & 0xffffff, rgb(view->gridPalette().categorical(1, 4)));
    // The SVG carries the title and the attribute as text.
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("warp 3"));
    QVERIFY(text.contains("sizePerThread = [1, 4]"));
    // Well-formed XML (the attribute's '<' in <title>/<desc> is escaped),
    // and a figure carries no pointer hints.
    QXmlStreamReader xml(text);
    while (!xml.atEnd())
      xml.readNext();
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(!text.contains("Hover:") && !text.contains("Click:"));
    QVERIFY(!exportViewPng(*view, dir.filePath(QStringLiteral("no/such/dir.png"))).isEmpty());
  }

  void legendSpeaksOfLabelsOnlyAsDrawn() {
    // 64x64 in a small view: the cells are too small for labels, so the
    // figure's legend describes none; zoomed in, it does. (Colour by warp:
    // a short key, so the notes below it have room.)
    QTemporaryDir dir;
    show(kTransposeLoad, {64, 64});
    view->resize(700, 420);
    QApplication::processEvents();
    auto legendOf = [&](const QString &name) {
      const QString svg = dir.filePath(name);
      if (!exportViewSvg(*view, svg).isEmpty())
        return QByteArray();
      QFile f(svg);
      return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    QVERIFY(view->geometry().cellSize < 8);
    const QByteArray small = legendOf(QStringLiteral("small.svg"));
    QVERIFY(small.contains("Outlines: one thread"));
    QVERIFY(!small.contains("Label T"));
    view->setCellSize(48);
    QApplication::processEvents();
    const QByteArray large = legendOf(QStringLiteral("large.svg"));
    QVERIFY(large.contains("Outlines: one thread"));
    QVERIFY(large.contains("Label T"));
  }

  void zoomChangesTheCellSize() {
    show(kTransposeLoad, {64, 64});
    const double before = view->geometry().cellSize;
    QTest::keyClick(view.get(), Qt::Key_Plus);
    QVERIFY(view->geometry().cellSize > before);
    QTest::keyClick(view.get(), Qt::Key_0);
    QCOMPARE(view->geometry().cellSize, before);
  }
};

LS_GUI_TEST_MAIN(TestTensorGridView)
#include "tst_tensor_grid_view.moc"
