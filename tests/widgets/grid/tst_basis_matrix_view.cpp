// The basis view: the GF(2) matrix of a layout, and the highlight a hovered
// row asks for.
#include <QSignalSpy>

#include "grid/basis_matrix_view.h"
#include "gui_test_main.h"
#include "widgets/layout_fixture.h"

using namespace ls::ui;

class TestBasisMatrixView : public QObject {
  Q_OBJECT
private slots:
  void matrixHoldsTheBases() {
    BasisMatrixView v;
    v.setResult(makeResult(kTransposeLoad, {64, 64}));
    // 5 register + 5 lane + 2 warp bits; 6 + 6 coordinate bits.
    QCOMPARE(v.rowCount(), 12);
    QCOMPARE(v.columnCount(), 12);
    QCOMPARE(v.rowName(0), QStringLiteral("register 0"));
    QCOMPARE(v.rowName(9), QStringLiteral("lane 4"));
    // register 0 -> (0, 1): only dim1 bit 0 (column 6).
    for (int c = 0; c < 12; ++c)
      QCOMPARE(v.entry(0, c), c == 6);
    // lane 4 -> (1, 0): dim0 bit 0 (column 0).
    for (int c = 0; c < 12; ++c)
      QCOMPARE(v.entry(9, c), c == 0);
    // warp 1 -> (4, 0): dim0 bit 2.
    QVERIFY(v.entry(11, 2));
  }

  void hoverHighlightsWhatTheBitMoves() {
    auto r = makeResult(kTransposeLoad, {64, 64});
    const GridHighlight h = BasisMatrixView::highlightFor(*r, 9);
    QCOMPARE(h.mode, GridHighlight::Mode::LocationBit);
    QCOMPARE(h.bit, 9);
    QVERIFY(h.arrow.has_value());
    QCOMPARE(h.arrow->second, r->ownership->packElement({1, 0}));

    BasisMatrixView v;
    v.setResult(r);
    v.resize(v.sizeHint());
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    QSignalSpy spy(&v, &BasisMatrixView::basisHovered);
    // Row 9 is the 10th row below the title and header.
    const int y = static_cast<int>(v.cellRect(9, 0).center().y());
    QCOMPARE(y, static_cast<int>(18 + 34 + 9.5 * 16));
    QTest::mouseMove(&v, QPoint(100, y));
    QTRY_COMPARE(spy.size(), 1);
    QCOMPARE(spy[0][0].toInt(), 9);
  }

  // What is drawn: register 0's one filled cell (dim1 bit 0) in the
  // register ink, an empty cell beside it, lane 4's cell in the lane ink;
  // the title above; the key's swatches drawn as the cells are.
  void drawsCellsTitleAndKey() {
    BasisMatrixView v;
    v.setResult(makeResult(kTransposeLoad, {64, 64}));
    v.resize(v.sizeHint());
    const QImage image = v.grab().toImage();
    auto at = [&](QRectF r) { return image.pixelColor(r.center().toPoint()); };
    const QColor registerInk(0x4e, 0x79, 0xa7), laneInk(0xf2, 0x8e, 0x2b);
    QCOMPARE(v.inkOf(0), registerInk);
    QCOMPARE(v.inkOf(9), laneInk);
    QCOMPARE(at(v.cellRect(0, 6)), registerInk);
    QCOMPARE(at(v.cellRect(9, 0)), laneInk);
    const QColor empty = at(v.cellRect(0, 5));
    QVERIFY(empty != registerInk && qGray(empty.rgb()) > 200);
    QCOMPARE(at(v.keySwatch(0)), registerInk);
    QCOMPARE(at(v.keySwatch(1)), empty);
    QVERIFY(v.keySwatch(0).top() > v.cellRect(11, 0).bottom());
    QVERIFY(v.keyText(0).startsWith("1: setting the row's bit flips"));
    QVERIFY(v.titleText().startsWith("Basis matrix over GF(2)"));
    // The title's text is drawn in the band above the header.
    int ink = 0;
    for (int y = 0; y < 18; ++y)
      for (int x = 0; x < std::min(image.width(), 300); ++x)
        ink += qGray(image.pixel(x, y)) < 100;
    QVERIFY2(ink > 50, qPrintable(QString::number(ink)));
    QVERIFY(v.sizeHint().height() > v.keySwatch(1).bottom());
  }

  void broadcastBitsAreSaidSo() {
    auto r = makeResult(QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = "
                                       "[1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>"),
                        {2, 32});
    // Bits: 5 lane, 2 warp; warp 1 -> (2, 0) is out of the 2-row tensor: broadcast.
    const GridHighlight h = BasisMatrixView::highlightFor(*r, 6);
    QVERIFY(h.caption.contains(QStringLiteral("broadcast")));
  }
};

LS_GUI_TEST_MAIN(TestBasisMatrixView)
#include "tst_basis_matrix_view.moc"
