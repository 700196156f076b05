// Lecture-ready grids (issue 16): cell label modes with the exact text per
// mode for the PTX m16n8k16 accumulator, M/N/K axis names, presentation
// cells sized for their labels (and an honest note when the tile cannot
// fit), legends that list every value, labels that carry the value where
// colours repeat, the step caption in large type and the basis view's step.
#include <QFile>
#include <QTemporaryDir>

#include "export/view_export.h"
#include "grid/basis_matrix_view.h"
#include "grid/step_player.h"
#include "grid/tensor_grid_view.h"
#include "gui_test_main.h"
#include "widgets/layout_fixture.h"

using namespace ls::ui;

namespace {

const QString kMmaV2 = QStringLiteral(
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], CTAsPerCGA = [1, "
    "1], CTASplitNum = [1, 1], CTAOrder = [1, 0], instrShape = [16, 8]}>");

GridPalette presentationPalette() {
  GridPalette pal;
  pal.colorBlindSafe = pal.highContrast = true;
  pal.fontScale = 1.5;
  return pal;
}

// The cell's inside as painted, and the same label painted by hand on the
// cell colour: the two must match pixel for pixel.
bool cellShowsLabel(TensorGridView &v, Cell c, const QString &label, bool twoLines = false) {
  const QImage img = v.grab().toImage().convertToFormat(QImage::Format_RGB32);
  const GridGeometry &g = v.geometry();
  const QRect cell = g.cellRect(c.row, c.col).toRect();
  QImage ref(cell.size(), QImage::Format_RGB32);
  const QRgb bg = v.drawnColor(c).rgb();
  ref.fill(bg);
  {
    QPainter p(&ref);
    GridScenePainter painter;
    p.setFont(painter.labelFont(v.sceneState(), v.gridPalette(), g.cellSize));
    p.setPen(QColor(GridPalette::textOn(bg)));
    QString t = label;
    if (twoLines) {
      const qsizetype i =
          std::max(t.lastIndexOf(QLatin1Char(':')), t.lastIndexOf(QLatin1Char(' ')));
      t = t.left(i) + QLatin1Char('\n') + t.mid(i + 1);
    }
    p.drawText(QRectF(QPointF(0, 0), g.cellRect(c.row, c.col).size()), Qt::AlignCenter, t);
  }
  int ink = 0;
  // Inside the grid lines and ownership edges (3 px).
  for (int y = 3; y < cell.height() - 3; ++y)
    for (int x = 3; x < cell.width() - 3; ++x) {
      const QRgb a = img.pixel(cell.left() + x, cell.top() + y) & 0xffffff;
      const QRgb b = ref.pixel(x, y) & 0xffffff;
      if (a != b)
        return false;
      ink += b != (bg & 0xffffff);
    }
  return ink > 10; // and there is text
}

} // namespace

class TestGridLabels : public QObject {
  Q_OBJECT

  std::unique_ptr<TensorGridView> view;

  void show(const QString &attr, ls::Shape shape, QSize size = QSize(900, 700),
            const QString &dtype = QStringLiteral("f32")) {
    view = std::make_unique<TensorGridView>();
    view->resize(size);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    view->setResult(makeResult(attr, shape, dtype));
  }
  void setMode(LabelMode m, bool fit = false) {
    GridLabelOptions o = view->labelOptions();
    o.mode = m;
    o.fitLabels = fit;
    view->setLabelOptions(o);
  }

private slots:
  // PTX: T0 holds c0, c1 at row 0, cols 0, 1 and c2, c3 at row 8; lane 4
  // holds row 1.
  void labelTextPerModeForTheMmaAccumulator_data() {
    QTest::addColumn<int>("mode");
    QTest::addColumn<QStringList>("labels"); // (0,0) (0,1) (8,0) (8,1) (1,0) (15,7)
    QTest::newRow("thread:register")
        << int(LabelMode::ThreadRegister)
        << QStringList{"T0:0", "T0:1", "T0:2", "T0:3", "T4:0", "T31:3"};
    QTest::newRow("lane") << int(LabelMode::Lane)
                          << QStringList{"L0", "L0", "L0", "L0", "L4", "L31"};
    QTest::newRow("fragment") << int(LabelMode::Fragment)
                              << QStringList{"T0:c0", "T0:c1", "T0:c2", "T0:c3", "T4:c0", "T31:c3"};
  }
  void labelTextPerModeForTheMmaAccumulator() {
    QFETCH(int, mode);
    QFETCH(QStringList, labels);
    show(kMmaV2, {16, 8}, QSize(900, 1000));
    view->setColorBy(ColorBy::Lane); // 32 lanes: the label names it in every mode
    setMode(static_cast<LabelMode>(mode));
    const Cell cells[] = {{0, 0}, {0, 1}, {8, 0}, {8, 1}, {1, 0}, {15, 7}};
    for (int i = 0; i < 6; ++i)
      QCOMPARE(view->cellLabel(cells[i]), labels[i]);
    // Drawn as such: the cells are large enough here for labels.
    QVERIFY(view->geometry().cellSize >= 40);
    QVERIFY(cellShowsLabel(*view, {8, 1}, labels[3]));
    QVERIFY(cellShowsLabel(*view, {1, 0}, labels[4]));
  }

  void fragmentNamesOfTheOperands() {
    show(QStringLiteral("#ttg.dot_op<{opIdx = 0, parent = ") + kMmaV2 +
             QStringLiteral(", kWidth = 2}>"),
         {16, 16}, QSize(900, 700), QStringLiteral("f16"));
    setMode(LabelMode::Fragment);
    // PTX A: a0 a1 at (g, 2t), a2 a3 at row g+8, a4 a5 at col +8, a6 a7 both.
    QCOMPARE(view->cellLabel({0, 0}), QStringLiteral("T0:a0"));
    QCOMPARE(view->cellLabel({8, 1}), QStringLiteral("T0:a3"));
    QCOMPARE(view->cellLabel({0, 9}), QStringLiteral("T0:a5"));
    QCOMPARE(view->cellLabel({8, 9}), QStringLiteral("T0:a7"));
    QCOMPARE(GridScenePainter::rowAxisName(view->sceneState()), QStringLiteral("M"));
    QCOMPARE(GridScenePainter::colAxisName(view->sceneState()), QStringLiteral("K"));
    show(QStringLiteral("#ttg.dot_op<{opIdx = 1, parent = ") + kMmaV2 +
             QStringLiteral(", kWidth = 2}>"),
         {16, 8}, QSize(900, 700), QStringLiteral("f16"));
    setMode(LabelMode::Fragment);
    QCOMPARE(view->cellLabel({1, 0}), QStringLiteral("T0:b1"));
    QCOMPARE(view->cellLabel({9, 0}), QStringLiteral("T0:b3"));
    QCOMPARE(view->cellLabel({2, 1}), QStringLiteral("T5:b0"));
    QCOMPARE(GridScenePainter::rowAxisName(view->sceneState()), QStringLiteral("K"));
    QCOMPARE(GridScenePainter::colAxisName(view->sceneState()), QStringLiteral("N"));
  }

  void fragmentModeOnOtherLayoutsFallsBack() {
    show(kTransposeLoad, {64, 64});
    setMode(LabelMode::Fragment);
    QCOMPARE(view->cellLabel({1, 4}), QStringLiteral("T17:0"));
    QCOMPARE(GridScenePainter::rowAxisName(view->sceneState()), QStringLiteral("dim0"));
    QCOMPARE(GridScenePainter::colAxisName(view->sceneState()), QStringLiteral("dim1"));
  }

  // Axis names: M x N for the accumulator, drawn in the headers; a name of
  // one's own replaces them.
  void axisNamesOnTheHeaders() {
    show(kMmaV2, {16, 8});
    QCOMPARE(GridScenePainter::rowAxisName(view->sceneState()), QStringLiteral("M"));
    QCOMPARE(GridScenePainter::colAxisName(view->sceneState()), QStringLiteral("N"));
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("a.svg"));
    QCOMPARE(exportViewSvg(*view, svg), QString());
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray text = f.readAll();
    QVERIFY(text.contains(">N  \xe2\x86\x92<"));
    QVERIFY(text.contains(">M  \xe2\x86\x92<"));
    GridLabelOptions o;
    o.rowAxis = QStringLiteral("rows of C");
    o.colAxis = QStringLiteral("cols of C");
    view->setLabelOptions(o);
    QCOMPARE(exportViewSvg(*view, svg), QString());
    f.close();
    QVERIFY(f.open(QIODevice::ReadOnly));
    text = f.readAll();
    QVERIFY(text.contains(">cols of C  \xe2\x86\x92<"));
    QVERIFY(text.contains(">rows of C  \xe2\x86\x92<"));
  }

  // Presentation: the 16x8 tile fits whole with every label at the large
  // font; the 64x64 tile cannot, so the cells stay label-sized, the view
  // starts at the top-left cell and a note says how much fits.
  void presentationCellsFitTheLabels() {
    show(kMmaV2, {16, 8}, QSize(900, 1000));
    view->setPalette(presentationPalette());
    view->setColorBy(ColorBy::Lane);
    setMode(LabelMode::Fragment, /*fit=*/true);
    const GridGeometry &g = view->geometry();
    const double need = view->labelCellSize();
    QVERIFY(need > 30);
    QVERIFY2(g.cellSize >= need, qPrintable(QStringLiteral("%1 < %2").arg(g.cellSize).arg(need)));
    QVERIFY2(g.area.contains(g.gridRect()), // the whole tile
             qPrintable(QStringLiteral("area %1,%2 %3x%4 grid %5,%6 %7x%8 need %9 notice %10")
                            .arg(g.area.x())
                            .arg(g.area.y())
                            .arg(g.area.width())
                            .arg(g.area.height())
                            .arg(g.gridRect().x())
                            .arg(g.gridRect().y())
                            .arg(g.gridRect().width())
                            .arg(g.gridRect().height())
                            .arg(need)
                            .arg(view->sceneState().notice)));
    QVERIFY(!view->labelsOverflow());
    GridScenePainter painter;
    QVERIFY(painter.labelsVisible(view->sceneState(), view->gridPalette(), g.cellSize));
    QVERIFY(cellShowsLabel(*view, {8, 1}, QStringLiteral("T0:c3"),
                           painter.labelsOnTwoLines(view->sceneState(), view->gridPalette())));

    show(kTransposeLoad, {64, 64}, QSize(900, 1000));
    view->setPalette(presentationPalette());
    setMode(LabelMode::ThreadRegister, /*fit=*/false);
    // Without the fit the tile is fitted whole and the labels do not show.
    QVERIFY(
        !painter.labelsVisible(view->sceneState(), view->gridPalette(), view->geometry().cellSize));
    setMode(LabelMode::ThreadRegister, /*fit=*/true);
    QCOMPARE(view->geometry().cellSize, view->labelCellSize());
    QVERIFY(view->labelsOverflow());
    QVERIFY2(view->sceneState().notice.contains(QStringLiteral("of the 64 x 64 cells fit")),
             qPrintable(view->sceneState().notice));
    // The tile from its top-left cell, on whole pixels.
    const QPointF corner = view->geometry().area.topLeft();
    QCOMPARE(view->geometry().cellRect(0, 0).topLeft(),
             QPointF(std::ceil(corner.x()), std::ceil(corner.y())));
    QVERIFY(cellShowsLabel(*view, {1, 4}, QStringLiteral("T17:0"),
                           painter.labelsOnTwoLines(view->sceneState(), view->gridPalette())));
    // PageDown scrolls; the labels stay.
    const double top = view->geometry().origin.y();
    view->setFocus();
    QTest::keyClick(view.get(), Qt::Key_PageDown);
    QVERIFY(view->geometry().origin.y() < top);
    QCOMPARE(view->geometry().cellSize, view->labelCellSize());
  }

  // 32 lanes: every one is named in the legend, no "lane 10 ... lane 31".
  void legendListsEveryLane() {
    show(kTransposeLoad, {64, 64}, QSize(1400, 900));
    view->setColorBy(ColorBy::Lane);
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("l.svg"));
    QCOMPARE(exportViewSvg(*view, svg), QString());
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    for (int lane = 0; lane < 32; ++lane)
      QVERIFY2(text.contains(QStringLiteral(">lane %1<").arg(lane)),
               qPrintable(QString::number(lane)));
    QVERIFY(!text.contains(QStringLiteral("\u2026<")));
    // 32 lanes, 30 colours: the labels carry the lane.
    QCOMPARE(view->cellLabel({1, 4}), QStringLiteral("T17:0 L17"));
  }

  // 128 threads: all 128 swatches (rows named T0, T16, ...) and the note
  // that the colours repeat; the cell labels name the thread.
  void legendShowsEveryThreadAndSaysColoursRepeat() {
    show(kTransposeLoad, {64, 64}, QSize(1400, 900));
    view->setColorBy(ColorBy::Thread);
    setMode(LabelMode::Lane);
    QCOMPARE(view->cellLabel({1, 4}), QStringLiteral("L17 T17"));
    QCOMPARE(view->cellLabel({2, 0}), QStringLiteral("L0 T32"));
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("t.svg"));
    QCOMPARE(exportViewSvg(*view, svg), QString());
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY(text.contains(QStringLiteral("T0 \u2013 T127: all 128, in rows")));
    QVERIFY(text.contains(QStringLiteral("30 colours for 128 values")));
    for (int row = 0; row < 128; row += 16)
      QVERIFY2(text.contains(QStringLiteral(">T%1<").arg(row)), qPrintable(QString::number(row)));
    // Pixels: the swatch of T127 is in the legend.
    const QImage img = view->grab().toImage();
    const SceneLayout l =
        GridScenePainter().layout(QRectF(view->rect()), view->sceneState(), view->gridPalette());
    const QRgb last = view->gridPalette().categorical(127, 128) & 0xffffff;
    bool found = false;
    const QRect lr = l.legend.toRect().intersected(img.rect());
    for (int y = lr.top(); y <= lr.bottom() && !found; ++y)
      for (int x = lr.left(); x <= lr.right() && !found; ++x)
        found = (img.pixel(x, y) & 0xffffff) == last;
    QVERIFY(found);
    // Warps (4 colours): the lane label alone.
    view->setColorBy(ColorBy::Warp);
    QCOMPARE(view->cellLabel({1, 4}), QStringLiteral("L17"));
  }

  // The step in large type between the title and the grid: the bar in the
  // highlight colour and text pixels; gone when the walk stops.
  void stepCaptionInLargeType() {
    show(kTransposeLoad, {64, 64});
    StepPlayer player;
    player.setResult(view->result());
    QCOMPARE(player.overlayText(5), QStringLiteral("6/128   T5 \u00b7 warp 0 \u00b7 lane 5"));
    const double gridTop = view->geometry().area.top();
    view->setStepOverlay(player.overlayText(5));
    const SceneLayout l =
        GridScenePainter().layout(QRectF(view->rect()), view->sceneState(), view->gridPalette());
    QVERIFY(!l.step.isEmpty());
    QVERIFY(l.step.height() >= 30); // 20 pt
    QVERIFY(view->geometry().area.top() > gridTop);
    const QImage img = view->grab().toImage();
    QCOMPARE(img.pixel(QPointF(l.step.left() + 3, l.step.center().y()).toPoint()) & 0xffffff,
             view->gridPalette().hover().rgb() & 0xffffff);
    int ink = 0;
    const QRgb fg = view->gridPalette().foreground().rgb() & 0xffffff;
    for (int y = int(l.step.top()); y < int(l.step.bottom()); ++y)
      for (int x = int(l.step.left()) + 16; x < int(l.step.right()); ++x)
        ink += (img.pixel(x, y) & 0xffffff) == fg;
    QVERIFY2(ink > 300, qPrintable(QString::number(ink)));
    view->setStepOverlay(QString());
    QCOMPARE(view->geometry().area.top(), gridTop);
    // Registers of an MMA accumulator say their fragment name.
    player.setResult(makeResult(kMmaV2, {16, 8}));
    player.setUnit(StepPlayer::Unit::Register);
    QCOMPARE(player.overlayText(2), QStringLiteral("3/4   reg 2 \u00b7 c2 of every thread"));
  }

  // The basis view marks the location bits of the step: lane 5 is lane
  // bits 0 and 2.
  void basisViewShowsTheStepBits() {
    BasisMatrixView b;
    b.resize(500, 400);
    b.show();
    QVERIFY(QTest::qWaitForWindowExposed(&b));
    auto r = makeResult(kTransposeLoad, {64, 64});
    b.setResult(r);
    StepPlayer player;
    player.setResult(r);
    b.setStep(player.locationOf(5));
    QCOMPARE(b.rowName(5), QStringLiteral("lane 0"));
    QVERIFY(b.stepBitSet(5));
    QVERIFY(!b.stepBitSet(6));
    QVERIFY(b.stepBitSet(7));
    QVERIFY(!b.stepBitSet(0)); // registers are not part of a lane step
    const QImage img = b.grab().toImage();
    auto rowPixel = [&](int row) {
      return img.pixel(2, static_cast<int>(b.cellRect(row, 0).center().y())) & 0xffffff;
    };
    const QRgb step = BasisMatrixView::stepColor().rgb() & 0xffffff;
    QCOMPARE(rowPixel(5), step);
    QCOMPARE(rowPixel(7), step);
    QVERIFY(rowPixel(6) != step);
    QVERIFY(rowPixel(0) != step);
    b.setStep(std::nullopt);
    QVERIFY((b.grab().toImage().pixel(2, static_cast<int>(b.cellRect(5, 0).center().y())) & 0xffffff) != step);
  }
};

LS_GUI_TEST_MAIN(TestGridLabels)
#include "tst_grid_labels.moc"
