// CoalescingPanel and SectorMatrixView: summary text, which lanes hit which
// sectors, painted cells, and the suggestion signal.
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "convert/coalescing_panel.h"
#include "convert/sector_matrix_view.h"
#include "gui_test_main.h"
#include "notation/mlir/layout_parser.h"

using namespace ls;
using namespace ls::ui;

namespace {

const char *kLoad = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                    "warpsPerCTA = [4, 1], order = [1, 0]}>";
const char *kStore = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], "
                     "warpsPerCTA = [1, 4], order = [0, 1]}>";

std::shared_ptr<const GlobalAccess> access(const char *attr) {
  return std::make_shared<const GlobalAccess>(ir::parseEncoding(attr)->toLinearLayout({64, 64}),
                                              32);
}

} // namespace

class TestCoalescingPanel : public QObject {
  Q_OBJECT
private slots:
  void geometry() {
    SectorMatrixGeometry g(QSizeF(420, 360), 32, 16);
    QCOMPARE(g.matrixRect(), QRectF(32, 24, 382, 330));
    QCOMPARE(g.cellRect(1, 1), QRectF(55.875, 34.3125, 23.875, 10.3125));
    auto hit = g.hitTest(g.cellRect(7, 3).center());
    QVERIFY(hit.has_value());
    QCOMPARE(hit->lane, 7);
    QCOMPARE(hit->column, 3);
  }

  void summaryOfAStridedAccess() {
    CoalescingPanel p;
    p.setAccess(access(kStore), "f32");
    QCOMPARE(p.summaryText(),
             QString("vector 1 x f32 (32 bits), 32 instruction(s) per thread; all warps: 2048 "
                     "sectors, minimum 512, efficiency 25.0%"));
    // The document's target is named with the sector model it is counted in.
    p.setMachine("gfx942");
    QVERIFY(p.summaryText().startsWith("on gfx942, 32-byte sectors: vector 1 x f32"));
    // Lanes 0..15 walk down rows 0, 4, ..., 60 (one sector each); lanes 16..31
    // read the next column of the same rows, in the same sectors.
    const SectorMatrixView *m = p.matrix();
    QCOMPARE(m->instruction().sectors.size(), size_t{16});
    QCOMPARE(m->instruction().sectors[1], int64_t{32});
    QVERIFY(m->laneHitsColumn(1, 1));
    QVERIFY(m->laneHitsColumn(17, 1));
    QVERIFY(!m->laneHitsColumn(17, 2));
  }

  void matrixPaintsHitsOnly() {
    SectorMatrixView m;
    m.resize(420, 360);
    m.setInstruction(access(kStore)->instruction(0, 0));
    const QImage img = m.grab().toImage();
    const SectorMatrixGeometry g = m.cellGeometry();
    auto at = [&](int lane, int col) {
      const QRectF r = g.cellRect(lane, col);
      return img.pixelColor(QPoint(int(r.left()) + 3, int(r.top()) + 3));
    };
    QCOMPARE(at(1, 1), SectorMatrixView::hitColor());
    QCOMPARE(at(1, 0), m.palette().color(QPalette::Base));
  }

  void coalescedAccessIsOneRunPerRow() {
    CoalescingPanel p;
    p.setAccess(access(kLoad), "f32");
    QCOMPARE(p.summaryText(),
             QString("vector 4 x f32 (128 bits), 8 instruction(s) per thread; all warps: 512 "
                     "sectors, minimum 512, efficiency 100.0%"));
    // Two lanes share each sector: lane 2k and 2k+1 hold 32 consecutive bytes.
    QVERIFY(p.matrix()->laneHitsColumn(2, 1));
    QVERIFY(p.matrix()->laneHitsColumn(3, 1));
    QVERIFY(!p.matrix()->laneHitsColumn(4, 1));
  }

  void instructionPickerFollows() {
    CoalescingPanel p;
    p.setAccess(access(kStore), "f32");
    QSignalSpy spy(&p, &CoalescingPanel::instructionChanged);
    p.setInstruction(2, 5);
    QVERIFY(spy.count() >= 1);
    QCOMPARE(spy.last().at(0).toInt(), 2);
    QCOMPARE(spy.last().at(1).toInt(), 5);
    QCOMPARE(p.matrix()->instruction().warp, 2);
    QCOMPARE(p.matrix()->instruction().index, 5);
  }

  void suggestEmitsTheHeuristicsLayout() {
    CoalescingPanel p;
    p.setAccess(access(kStore), "f32");
    QVERIFY(!p.suggestButton()->isEnabled());
    // A row-major 64x64 f32 tensor: the coalesce pass picks the load layout.
    p.setSuggestion(coalesceInputForStrides({64, 64}, {64, 1}, 32, 4));
    QVERIFY(p.suggestButton()->isEnabled());
    QSignalSpy spy(&p, &CoalescingPanel::coalescedLayoutSuggested);
    QTest::mouseClick(p.suggestButton(), Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), QString(kLoad));
  }

  void badSuggestionInputDisablesTheButton() {
    CoalescingPanel p;
    CoalesceInput in = coalesceInputForStrides({64, 64}, {64, 1}, 32, 3); // 3 warps
    p.setSuggestion(in);
    QVERIFY(!p.suggestButton()->isEnabled());
    QVERIFY(p.suggestionText().isEmpty());
  }
};

LS_GUI_TEST_MAIN(TestCoalescingPanel)
#include "tst_coalescing_panel.moc"
