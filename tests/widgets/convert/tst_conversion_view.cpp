// ConversionView: header text from core's cost, cell geometry, painted
// colours of known registers, lane selection by click.
#include <QSignalSpy>
#include <QtTest>

#include "convert/conversion_view.h"
#include "gui_test_main.h"
#include "notation/mlir/layout_parser.h"

using namespace ls;
using namespace ls::ui;

namespace {

const char *kLoad = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                    "warpsPerCTA = [4, 1], order = [1, 0]}>";
const char *kStore = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], "
                     "warpsPerCTA = [1, 4], order = [0, 1]}>";

std::shared_ptr<const LayoutConversion> transpose() {
  const Shape s{64, 64};
  return std::make_shared<const LayoutConversion>(ir::parseEncoding(kLoad)->toLinearLayout(s),
                                                  ir::parseEncoding(kStore)->toLinearLayout(s));
}

// A pixel well inside a cell (clear of grid lines).
QRgb pixelIn(const QImage &img, const QRectF &cell) {
  return img.pixel(QPoint(int(cell.left()) + 3, int(cell.top()) + 3));
}

} // namespace

class TestConversionView : public QObject {
  Q_OBJECT
private slots:
  void geometryPlacesPanelsSideBySide() {
    ConversionViewGeometry g(QSizeF(900, 600), 32, 32, 32, 40);
    QCOMPARE(g.cellWidth(), 12.1875);
    QCOMPARE(g.cellHeight(), 16.375);
    using P = ConversionViewGeometry::Panel;
    QCOMPARE(g.panelRect(P::Source), QRectF(36, 68, 390, 524));
    QCOMPARE(g.panelRect(P::Destination).left(), 502.0);
    const QRectF c = g.cellRect(P::Destination, 3, 5);
    auto hit = g.hitTest(c.center());
    QVERIFY(hit.has_value());
    QCOMPARE(int(hit->panel), int(P::Destination));
    QCOMPARE(hit->lane, 3);
    QCOMPARE(hit->reg, 5);
    QVERIFY(!g.hitTest(QPointF(470, 100)).has_value()); // the gap
    auto r = g.visibleCells(P::Source, QRectF(36, 68, 25, 17));
    QCOMPARE(r.firstLane, 0);
    QCOMPARE(r.lastLane, 1);
    QCOMPARE(r.firstReg, 0);
    QCOMPARE(r.lastReg, 2);
  }

  void headerStatesClassAndCost() {
    ConversionView v;
    auto c = transpose();
    v.setConversion(c, conversionCost(*c, 32), kLoad, kStore);
    QCOMPARE(v.headerLines().size(), 2);
    QCOMPARE(v.headerLines()[0], QString("shared-memory (moves register, lane, warp)"));
    QCOMPARE(v.headerLines()[1],
             QString("16384 bytes of shared memory, 1 rep(s); per thread 32 st.shared (x1), 32 "
                     "ld.shared (x1); bank conflicts store 0, load 0"));
  }

  void destinationCellsTakeTheSourceLaneColour() {
    ConversionView v;
    v.resize(900, 600);
    auto c = transpose();
    v.setConversion(c, conversionCost(*c, 32), kLoad, kStore);
    const QImage img = v.grab().toImage();
    using P = ConversionViewGeometry::Panel;
    const ConversionViewGeometry g = v.cellGeometry();
    // Destination warp 0, lane 0, register 1 holds (1, 0), which source lane 16 sends.
    QCOMPARE(pixelIn(img, g.cellRect(P::Destination, 0, 1)),
             ConversionView::laneColor(16, 32).rgb());
    QCOMPARE(pixelIn(img, g.cellRect(P::Source, 5, 7)), ConversionView::laneColor(5, 32).rgb());
    v.setColorMode(ConversionView::ColorMode::Scope);
    const QImage scoped = v.grab().toImage();
    // (The scope legend may take another row: the cells move down with it.)
    QCOMPARE(pixelIn(scoped, v.cellGeometry().cellRect(P::Destination, 0, 1)),
             ConversionView::scopeColor(MoveScope::SameWarp).rgb());
  }

  // The transpose moves values between warps: every destination cell whose
  // value comes from another warp has the dark corner, every other cell its
  // lane colour there; at a size too small for any label too.
  void valuesFromAnotherWarpAreMarked() {
    for (QSize size : {QSize(900, 600), QSize(2400, 1400)}) {
      ConversionView v;
      v.resize(size);
      auto c = transpose();
      v.setConversion(c, conversionCost(*c, 32), kLoad, kStore);
      const QImage img = v.grab().toImage();
      using P = ConversionViewGeometry::Panel;
      const ConversionViewGeometry g = v.cellGeometry();
      int marked = 0, plain = 0;
      const int regs = c->destinationRegisters();
      for (int lane = 0; lane < 32; ++lane)
        for (int reg = 0; reg < regs; ++reg) {
          const RegisterMove &m = v.shownMoves()[size_t(lane) * size_t(regs) + size_t(reg)];
          const QRectF cell = g.cellRect(P::Destination, lane, reg);
          const QRectF mark = ConversionView::otherWarpMark(cell);
          // Inside the triangle, clear of the grid line and the diagonal.
          const QPoint in(int(mark.right()) - 2, int(mark.top()) + 2);
          const bool other = m.from.warp != 0;
          QCOMPARE(img.pixel(in), other ? ConversionView::otherWarpColor().rgb()
                                        : ConversionView::laneColor(m.from.lane, 32).rgb());
          // The rest of the cell keeps the source lane's colour.
          QCOMPARE(img.pixel(QPoint(int(cell.left()) + 2, int(cell.bottom()) - 2)),
                   ConversionView::laneColor(m.from.lane, 32).rgb());
          (other ? marked : plain) += 1;
        }
      // Warp 0 of the store gets a quarter of its values from each of the 4 warps.
      QCOMPARE(marked, 3 * 32 * regs / 4);
      QCOMPARE(plain, 32 * regs / 4);
    }
  }

  void clickingASourceLaneTracesItsRegisters() {
    ConversionView v;
    v.resize(900, 600);
    auto c = transpose();
    v.setConversion(c, conversionCost(*c, 32), kLoad, kStore);
    QSignalSpy spy(&v, &ConversionView::laneSelected);
    using P = ConversionViewGeometry::Panel;
    const QPointF at = v.cellGeometry().cellRect(P::Source, 16, 0).center();
    QTest::mouseClick(&v, Qt::LeftButton, {}, at.toPoint());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 16);
    // Lane 16 holds columns 0..3 of 8 rows; destination warp 0 keeps columns 0 and 1.
    QCOMPARE(v.selectedMoves().size(), size_t{16});
    for (const RegisterMove &m : v.selectedMoves())
      QCOMPARE(m.from.lane, 16);
    // The outline is painted in the highlight colour on the selected row.
    const QImage img = v.grab().toImage();
    const QRectF cell = v.cellGeometry().cellRect(P::Source, 16, 0);
    QCOMPARE(img.pixel(QPoint(int(cell.left()) + 1, int(cell.center().y()))),
             v.palette().color(QPalette::Highlight).rgb());
  }

  void warpIsClampedAndTooltipsNameTheMove() {
    ConversionView v;
    v.resize(900, 600);
    auto c = transpose();
    v.setConversion(c, conversionCost(*c, 32), kLoad, kStore);
    QSignalSpy spy(&v, &ConversionView::warpChanged);
    v.setWarp(99);
    QCOMPARE(v.warp(), 3);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(v.shownMoves().size(), size_t{32 * 32});
    v.setWarp(0);
    using P = ConversionViewGeometry::Panel;
    const QString tip = v.toolTipAt(v.cellGeometry().cellRect(P::Destination, 0, 1).center());
    // The value changes lane, but this conversion goes through shared
    // memory as a whole: the tooltip names the real class.
    QCOMPARE(tip, QString("destination w0 T0:r1 <- source w0 T16:r0: another lane of the warp "
                          "(shuffle); element (1, 0)\nconversion: through shared memory: every "
                          "warp stores its values and loads the destination's (with a barrier "
                          "between)"));
  }

  // A real warp shuffle (register bit 0 and lane bit 0 trade places): the
  // tooltips of both panels say so.
  void tooltipsNameAWarpShuffle() {
    const Shape s{64};
    auto c = std::make_shared<const LayoutConversion>(
        ir::parseEncoding("#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], "
                          "warpsPerCTA = [1], order = [0]}>")
            ->toLinearLayout(s),
        ir::parseEncoding("#ttg.linear<{register = [[2]], lane = [[1], [4], [8], [16], [32]], "
                          "warp = [], block = []}>")
            ->toLinearLayout(s));
    QCOMPARE(c->kind(), ConversionKind::WarpShuffle);
    ConversionView v;
    v.resize(900, 600);
    v.setConversion(c, conversionCost(*c, 32), "blocked", "linear");
    using P = ConversionViewGeometry::Panel;
    // Destination T0:r1 holds element 2, which source lane 1 holds.
    QCOMPARE(v.toolTipAt(v.cellGeometry().cellRect(P::Destination, 0, 1).center()),
             QString("destination w0 T0:r1 <- source w0 T1:r0: another lane of the warp "
                     "(shuffle); element (2)\nconversion: warp shuffle: values move between the "
                     "lanes of each warp, without shared memory"));
    QVERIFY(v.toolTipAt(v.cellGeometry().cellRect(P::Source, 3, 0).center())
                .endsWith("\nconversion: warp shuffle: values move between the lanes of each "
                          "warp, without shared memory"));
  }

  // The legend says what rows, columns and colours mean, and paints every
  // lane's colour (none cut) or the four scopes.
  void legendExplainsRowsColumnsAndColours() {
    ConversionView v;
    v.resize(900, 600);
    auto c = transpose();
    v.setConversion(c, conversionCost(*c, 32), kLoad, kStore);
    QCOMPARE(v.legendLines(),
             (QStringList{QString::fromUtf8("Rows: lanes 0\u201331 of warp 0."),
                          QString::fromUtf8("Columns: source registers r0\u2013r31 (left), "
                                            "destination registers r0\u2013r31 (right)."),
                          QString::fromUtf8("Colour: the source lane a value comes from. A "
                                            "dark corner: from another warp (\u201cw<k>\u201d, "
                                            "warp k, where the cell has room).")}));
    QImage img = v.grab().toImage();
    for (int lane : {0, 1, 16, 31}) {
      const QRectF r = v.legendSwatchRect(lane);
      QVERIFY(!r.isEmpty());
      QCOMPARE(img.pixel(r.center().toPoint()), ConversionView::laneColor(lane, 32).rgb());
    }
    QVERIFY(v.legendSwatchRect(32).isEmpty());
    // Both panels' lane numbers are written in the text colour (the
    // destination's were once drawn with the faint grid-line pen).
    for (ConversionViewGeometry::Panel panel :
         {ConversionViewGeometry::Panel::Source, ConversionViewGeometry::Panel::Destination}) {
      const QRectF cell = v.cellGeometry().cellRect(panel, 0, 0);
      const QRect digits(int(cell.left() - ConversionViewGeometry::kAxisLabel), int(cell.top()),
                         int(ConversionViewGeometry::kAxisLabel) - 3, int(cell.height()));
      int darkest = 255;
      for (int x = digits.left(); x <= digits.right(); ++x)
        for (int y = digits.top(); y <= digits.bottom(); ++y)
          darkest = std::min(darkest, qGray(img.pixel(x, y)));
      QVERIFY2(darkest < 80, qPrintable(QString::number(darkest)));
    }
    // The legend sits between the header and the panels.
    QVERIFY(v.legendSwatchRect(0).bottom() <
            v.cellGeometry().panelRect(ConversionViewGeometry::Panel::Source).top());
    v.setColorMode(ConversionView::ColorMode::Scope);
    QCOMPARE(v.legendLines().last(),
             QString("Colour: how far a value travels (the conversion: shared-memory)."));
    img = v.grab().toImage();
    for (MoveScope m :
         {MoveScope::SameThread, MoveScope::SameWarp, MoveScope::OtherWarp, MoveScope::OtherCta}) {
      const QRectF r = v.legendSwatchRect(int(m));
      QCOMPARE(img.pixel(r.center().toPoint()), ConversionView::scopeColor(m).rgb());
    }
    // A narrow view wraps the scopes onto a second row; the panels move down.
    const qreal wideTop = v.cellGeometry().panelRect(ConversionViewGeometry::Panel::Source).top();
    v.resize(480, 600);
    QVERIFY(v.legendSwatchRect(int(MoveScope::OtherCta)).top() >
            v.legendSwatchRect(int(MoveScope::SameThread)).top());
    QVERIFY(v.legendSwatchRect(int(MoveScope::OtherCta)).bottom() <
            v.cellGeometry().panelRect(ConversionViewGeometry::Panel::Source).top());
    QVERIFY(v.cellGeometry().panelRect(ConversionViewGeometry::Panel::Source).top() > wideTop);
    const QImage narrow = v.grab().toImage();
    for (int m = 0; m < 4; ++m)
      QCOMPARE(narrow.pixel(v.legendSwatchRect(m).center().toPoint()),
               ConversionView::scopeColor(MoveScope(m)).rgb());
    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR")) {
      narrow.save(qEnvironmentVariable("LS_SCREENSHOT_DIR") + "/conversion-legend-narrow.png");
      v.resize(900, 600);
      img.save(qEnvironmentVariable("LS_SCREENSHOT_DIR") + "/conversion-legend-scope.png");
      v.setColorMode(ConversionView::ColorMode::SourceLane);
      v.grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") + "/conversion-legend-lanes.png");
    }
  }

  void emptyViewPaintsWithoutAConversion() {
    ConversionView v;
    v.resize(300, 200);
    QVERIFY(!v.grab().isNull());
    QVERIFY(v.toolTipAt(QPointF(10, 10)).isEmpty());
  }
};

LS_GUI_TEST_MAIN(TestConversionView)
#include "tst_conversion_view.moc"
