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
    // Row 9 is the 10th row below the header.
    const int y = static_cast<int>(34 + 9.5 * 16);
    QTest::mouseMove(&v, QPoint(100, y));
    QTRY_COMPARE(spy.size(), 1);
    QCOMPARE(spy[0][0].toInt(), 9);
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
