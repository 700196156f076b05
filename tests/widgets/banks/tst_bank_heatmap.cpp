// The bank heatmap: cell <-> pixel mapping, colours at known cells, hover
// text, totals and the apply signal, on a known 32-way conflict.
#include "gui_test_main.h"
#include <QApplication>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "banks/bank_heatmap.h"
#include "banks/bank_heatmap_geometry.h"
#include "banks/bank_heatmap_key.h"
#include "banks/bank_heatmap_view.h"
#include "notation/mlir/layout_parser.h"

using namespace ls;
using namespace ls::ui;

namespace {
// f32, 32x32 row-major; each warp's 32 lanes run down one column: every
// ld.shared.b32 puts the whole warp on one bank (32 wavefronts).
const char *kColumnWarp =
    "#ttg.linear<{register = [[0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
    "[16, 0]], warp = [[0, 1], [0, 2]], block = []}>";
const char *kRowMajor =
    "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>";

QPoint centerOf(const BankHeatmapGeometry &g, int row, int bank) {
  return {g.xOfBank(bank) + g.cellWidth / 2, g.yOfRow(row) + g.cellHeight / 2};
}
} // namespace

class TestBankHeatmap : public QObject {
  Q_OBJECT
private slots:
  void geometryMapsCellsAndPixels_data() {
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("y");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("bank");
    QTest::newRow("first cell") << 36 << 16 << 0 << 0;
    QTest::newRow("last pixel of bank 0") << 51 << 27 << 0 << 0;
    QTest::newRow("bank 1, row 1") << 52 << 28 << 1 << 1;
    QTest::newRow("bank 31, row 9") << 36 + 31 * 16 + 3 << 16 + 9 * 12 << 9 << 31;
    QTest::newRow("label margin") << 10 << 40 << -1 << -1;
    QTest::newRow("below the grid") << 40 << 16 + 10 * 12 << -1 << -1;
  }
  void geometryMapsCellsAndPixels() {
    QFETCH(int, x);
    QFETCH(int, y);
    QFETCH(int, row);
    QFETCH(int, bank);
    BankHeatmapGeometry g;
    g.rows = 10;
    auto cell = g.cellAt(x, y);
    if (row < 0) {
      QVERIFY(!cell);
      return;
    }
    QVERIFY(cell);
    QCOMPARE(cell->first, row);
    QCOMPARE(cell->second, bank);
  }

  void geometryClampsTheVisibleRange() {
    BankHeatmapGeometry g;
    g.rows = 10;
    auto r = g.visible(0, 0, 60, 30); // labels, header and two partial rows/banks
    QCOMPARE(r.firstRow, 0);
    QCOMPARE(r.lastRow, 2);
    QCOMPARE(r.firstBank, 0);
    QCOMPARE(r.lastBank, 2);
    r = g.visible(0, 0, 10000, 10000);
    QCOMPARE(r.lastRow, 10);
    QCOMPARE(r.lastBank, 32);
    QCOMPARE(g.width(), 36 + 32 * 16 + 1);
  }

  void heatmapShowsTheConflict() {
    BankHeatmap panel;
    panel.setTarget("sm90");
    panel.setDesign(ir::parseEncoding(kColumnWarp), ir::parseEncoding(kRowMajor), {32, 32}, "f32");
    QCOMPARE(panel.errorText(), QString());
    QCOMPARE(panel.currentTotalsText(),
             QString("ld.shared.b32 x8: 256 wavefronts (ideal 8), 248 conflicts (Triton "
                     "bank_conflicts 31)"));
    BankHeatmapView *view = panel.currentView();
    QCOMPARE(view->model().rowCount(), 256);
    QCOMPARE(view->model().maxLoad(), 32);
    view->resize(view->sizeHint());
    const QImage image = view->grab().toImage();
    const auto &g = view->geometryMap();
    // Row 5: lane 5 reads row 5 of column 0 -> bank 0, load 32 (deep red);
    // bank 1 is idle.
    QCOMPARE(image.pixelColor(centerOf(g, 5, 0)), BankHeatmapView::colorFor(32, 32));
    QCOMPARE(image.pixelColor(centerOf(g, 5, 1)), BankHeatmapView::colorFor(0, 32));
    QCOMPARE(BankHeatmapView::colorFor(32, 32), QColor(185, 30, 30));
  }

  // The panel as the dock shows it: no manual resize of the view. The view
  // must take its own size from the model (it kept 0x0 inside its scroll
  // area before, so the dock showed the header and no cells), and the
  // panel's own pixels at (wavefront row, bank) match the model's colours.
  void panelDrawsCellsWithoutManualResize() {
    BankHeatmap panel;
    panel.setTarget("sm90");
    panel.resize(1400, 700);
    panel.setDesign(ir::parseEncoding(kColumnWarp), ir::parseEncoding(kRowMajor), {32, 32}, "f32");
    BankHeatmapView *view = panel.currentView();
    QCOMPARE(view->size(), view->sizeHint());
    QCOMPARE(view->width(), view->geometryMap().left + 32 * 16 + 1);
    QVERIFY(view->geometryMap().left >= 36);
    const QImage image = panel.grab().toImage();
    const auto &g = view->geometryMap();
    const int maxLoad = view->model().maxLoad();
    const struct { int row, bank; } cells[] = {{0, 0}, {5, 0}, {5, 1}, {3, 17}};
    for (const auto &c : cells) {
      const QPoint at = view->mapTo(&panel, centerOf(g, c.row, c.bank));
      QVERIFY(QRect(QPoint(0, 0), image.size()).contains(at));
      QCOMPARE(image.pixelColor(at),
               BankHeatmapView::colorFor(view->model().cell(c.row, c.bank).load, maxLoad));
    }
    QCOMPARE(image.pixelColor(view->mapTo(&panel, centerOf(g, 5, 0))), QColor(185, 30, 30));
    QCOMPARE(image.pixelColor(view->mapTo(&panel, centerOf(g, 5, 1))), QColor(236, 236, 236));
  }

  // Step-through's lane: a frame in the selection colour inside exactly the
  // cells whose word that lane touches; the fill inside stays the load's.
  void selectedLaneOutlinesItsCells() {
    BankHeatmap panel;
    panel.setTarget("sm90");
    panel.setDesign(ir::parseEncoding(kColumnWarp), ir::parseEncoding(kRowMajor), {32, 32}, "f32");
    BankHeatmapView *view = panel.currentView();
    view->resize(view->sizeHint());
    const QImage plain = view->grab().toImage();
    panel.setSelectedLane(5);
    QCOMPARE(view->selectedLane(), 5);
    const QImage image = view->grab().toImage();
    const auto &g = view->geometryMap();
    const int maxLoad = view->model().maxLoad();
    int outlined = 0;
    for (int r = 0; r < 64; ++r)
      for (int b = 0; b < 32; ++b) {
        const QPoint edge(g.xOfBank(b), g.yOfRow(r) + g.cellHeight / 2);
        const bool lane5 = (view->model().cell(r, b).lanes >> 5) & 1;
        const QColor fill = BankHeatmapView::colorFor(view->model().cell(r, b).load, maxLoad);
        QCOMPARE(image.pixelColor(edge), lane5 ? BankHeatmapView::selectionColor() : fill);
        QCOMPARE(image.pixelColor(centerOf(g, r, b)), fill);
        QCOMPARE(plain.pixelColor(edge), fill);
        outlined += lane5;
      }
    // Lane 5 reads row 5 of each of the 8 instructions' columns: one cell in
    // each of the first two instructions' 32 rows.
    QCOMPARE(outlined, 2);
    QCOMPARE(image.pixelColor(QPoint(g.xOfBank(0), g.yOfRow(5) + g.cellHeight / 2)),
             BankHeatmapView::selectionColor());
    panel.setSelectedLane(-1);
    QCOMPARE(view->grab().toImage().pixelColor(QPoint(g.xOfBank(0), g.yOfRow(5) + 2)),
             QColor(185, 30, 30));
  }

  void hoverNamesLanesAddressesAndElements() {
    BankHeatmap panel;
    panel.setDesign(ir::parseEncoding(kColumnWarp), ir::parseEncoding(kRowMajor), {32, 32}, "f32");
    panel.setWarp(1); // warp 1 reads column 1: bank 1
    BankHeatmapView *view = panel.currentView();
    const QString text = view->toolTipAt(centerOf(view->geometryMap(), 5, 1));
    QCOMPARE(text, QString("instruction 0, group 0, wavefront 6\n"
                           "bank 1: word 161 (byte 644), 32 distinct words in this group\n"
                           "lanes 5\n"
                           "  lane 5: (5, 1)"));
    QCOMPARE(view->toolTipAt(QPoint(2, 2)), QString());
  }

  void proposalIsConflictFreeAndApplies() {
    BankHeatmap panel;
    panel.setDesign(ir::parseEncoding(kColumnWarp), ir::parseEncoding(kRowMajor), {32, 32}, "f32");
    QVERIFY(panel.proposedTotalsText().contains(" 0 conflicts"));
    QVERIFY(panel.applyButton()->isEnabled());
    QCOMPARE(panel.verdictText(), QString("The proposal is better: no figure worse."));
    QSignalSpy spy(&panel, &BankHeatmap::applyProposal);
    panel.applyButton()->click();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), panel.proposalAttribute());
    QVERIFY(panel.proposalAttribute().startsWith("#ttg."));
  }

  // gfx942: the search's winner halves the instructions but doubles the
  // wavefronts (0 -> 384 conflicts). The panel must not call it better nor
  // offer to apply it; the verdict names the trade.
  void worseProposalIsNotCalledBetter() {
    BankHeatmap panel;
    panel.setTarget("gfx942");
    panel.setDesign(ir::parseEncoding("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, "
                                      "8], warpsPerCTA = [4, 1], order = [1, 0]}>"),
                    ir::parseEncoding("#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, "
                                      "order = [1, 0]}>"),
                    {128, 64}, "f16",
                    ir::parseEncoding("#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = "
                                      "3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
                                      "isTransposed = true}>, kWidth = 4}>"));
    QCOMPARE(panel.errorText(), QString());
    QVERIFY(!panel.applyButton()->isEnabled());
    QCOMPARE(panel.verdictText(),
             QString("The proposal is not better; trades: store wavefronts 128 -> 256, load "
                     "wavefronts 256 -> 512, store wavefronts over ideal 0 -> 128, load "
                     "wavefronts over ideal 0 -> 256 for store instructions per thread 8 -> 4, load instructions per thread 16 "
                     "-> 8"));
    // Warp 0's load, as the panel shows it: the proposal's conflicts are
    // on screen next to the verdict.
    QCOMPARE(panel.proposedTotalsText(),
             QString("ds_read_b128 x8: 128 wavefronts (ideal 64), 64 conflicts (Triton "
                     "bank_conflicts 1)"));
    QCOMPARE(panel.currentTotalsText(),
             QString("ds_read_b64 x16: 64 wavefronts (ideal 64), 0 conflicts (Triton "
                     "bank_conflicts 1)"));
  }

  // gfx942 TMA matmul's B buffer: the search's winner makes the store pay
  // (128 -> 256 wavefronts per CTA) for a load that gains far more (4096 ->
  // 512): better overall, offered, and the verdict names what the store pays.
  void overallBetterProposalSaysTheTrade() {
    BankHeatmap panel;
    panel.setTarget("gfx942");
    panel.setDesign(ir::parseEncoding("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, "
                                      "8], warpsPerCTA = [4, 1], order = [1, 0]}>"),
                    ir::parseEncoding("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
                                      "order = [1, 0]}>"),
                    {128, 64}, "f16",
                    ir::parseEncoding("#ttg.linear<{register = [[0, 1], [0, 2], [0, 8], [0, 16], "
                                      "[0, 32], [64, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
                                      "[16, 0], [0, 4]], warp = [[32, 0], [0, 0]], block = []}>"));
    QCOMPARE(panel.errorText(), QString());
    QVERIFY(panel.applyButton()->isEnabled());
    QVERIFY2(panel.verdictText().startsWith(
                 "The proposal is better overall (store and load together); trades: store "
                 "wavefronts 128 -> 256"),
             qPrintable(panel.verdictText()));
  }

  // The key under both heatmaps: one scale for the pair (the current
  // layout's 32-way conflict; the proposal has none), a swatch per load in
  // the views' own colours, named; the word "bank" over the bank numbers.
  void keyAndAxesSayWhatTheColoursMean() {
    BankHeatmap panel;
    panel.setTarget("sm90");
    panel.resize(1400, 800);
    panel.setDesign(ir::parseEncoding(kColumnWarp), ir::parseEncoding(kRowMajor), {32, 32}, "f32");
    QCOMPARE(panel.proposedView()->model().maxLoad(), 1);
    QCOMPARE(panel.currentView()->loadScale(), 32);
    QCOMPARE(panel.proposedView()->loadScale(), 32);
    BankHeatmapKey *key = panel.key();
    QCOMPARE(key->scale(), 32);
    QCOMPARE(key->loads(), (std::vector<int>{0, 1, 2, 10, 17, 25, 32}));
    QCOMPARE(key->label(0), QString("idle bank"));
    QCOMPARE(key->label(1), QString("1 word: no conflict"));
    QCOMPARE(key->label(2), QString("conflict: 2"));
    QCOMPARE(key->label(6), QString("32 words in one bank"));
    QVERIFY(panel.axesText().startsWith("Columns: the banks. Rows: the chosen warp's wavefronts"));
    const QImage image = panel.grab().toImage();
    const std::vector<int> loads = key->loads();
    for (int i = 0; i < int(loads.size()); ++i) {
      const QPoint at = key->mapTo(&panel, key->swatchRect(i).center());
      QCOMPARE(image.pixelColor(at), BankHeatmapView::colorFor(loads[size_t(i)], 32));
      // The grey frame around it.
      QCOMPARE(image.pixelColor(key->mapTo(&panel, key->swatchRect(i).topLeft())),
               QColor(150, 150, 150));
    }
    // The same load is the same colour on both sides: the proposal's
    // one-word cells and the key's "1 word" swatch.
    BankHeatmapView *proposed = panel.proposedView();
    QCOMPARE(image.pixelColor(proposed->mapTo(&panel, centerOf(proposed->geometryMap(), 0, 0))),
             image.pixelColor(key->mapTo(&panel, key->swatchRect(1).center())));
    // "bank" in the corner over the labels: text pixels there, none before.
    BankHeatmapView *view = panel.currentView();
    const auto &g = view->geometryMap();
    const QImage corner = view->grab(QRect(0, 0, g.left - 4, g.top)).toImage();
    int ink = 0;
    for (int y = 0; y < corner.height(); ++y)
      for (int x = 0; x < corner.width(); ++x)
        ink += qGray(corner.pixel(x, y)) < 128;
    QVERIFY2(ink > 10, qPrintable(QString::number(ink)));
  }

  // Presentation mode: blue for one word and orange to dark vermilion for
  // conflicts, in the cells and the key alike; never green against red.
  void colourBlindSafePaletteInCellsAndKey() {
    QCOMPARE(BankHeatmapView::colorFor(1, 32, true), QColor(0, 114, 178));
    QCOMPARE(BankHeatmapView::colorFor(2, 32, true), QColor(230, 159, 0));
    QCOMPARE(BankHeatmapView::colorFor(32, 32, true), QColor(120, 40, 0));
    QCOMPARE(BankHeatmapView::colorFor(0, 32, true), QColor(236, 236, 236));
    BankHeatmap panel;
    panel.setTarget("sm90");
    panel.resize(1400, 800);
    panel.setDesign(ir::parseEncoding(kColumnWarp), ir::parseEncoding(kRowMajor), {32, 32}, "f32");
    panel.setColorBlindSafe(true);
    const QImage image = panel.grab().toImage();
    BankHeatmapView *view = panel.currentView(), *proposed = panel.proposedView();
    QCOMPARE(image.pixelColor(view->mapTo(&panel, centerOf(view->geometryMap(), 5, 0))),
             QColor(120, 40, 0));
    QCOMPARE(image.pixelColor(proposed->mapTo(&panel, centerOf(proposed->geometryMap(), 0, 0))),
             QColor(0, 114, 178));
    BankHeatmapKey *key = panel.key();
    QCOMPARE(image.pixelColor(key->mapTo(&panel, key->swatchRect(6).center())), QColor(120, 40, 0));
    panel.setColorBlindSafe(false);
    QCOMPARE(panel.grab().toImage().pixelColor(
                 view->mapTo(&panel, centerOf(view->geometryMap(), 5, 0))),
             QColor(185, 30, 30));
  }

  void keyLoadsForSmallScales() {
    BankHeatmapKey key;
    key.setScale(1);
    QCOMPARE(key.loads(), (std::vector<int>{0, 1, 2}));
    QCOMPARE(key.label(2), QString("2 words: a conflict"));
    key.setScale(3);
    QCOMPARE(key.loads(), (std::vector<int>{0, 1, 2, 3}));
    QCOMPARE(key.label(3), QString("3 words in one bank"));
    // Narrow: the entries wrap onto more lines, never off the widget.
    key.resize(120, key.heightForWidth(120));
    for (int i = 0; i < 4; ++i)
      QVERIFY(key.swatchRect(i).right() < 120);
    QVERIFY(key.heightForWidth(120) > key.heightForWidth(2000));
  }

  void badDesignShowsAnError() {
    BankHeatmap panel;
    // A shared layout where the distributed one belongs.
    panel.setDesign(ir::parseEncoding(kRowMajor), ir::parseEncoding(kRowMajor), {32, 32}, "f32");
    QVERIFY(panel.errorText().contains("distributed"));
  }
};

LS_GUI_TEST_MAIN(TestBankHeatmap)

#include "tst_bank_heatmap.moc"
