// The Kernel view on real Triton 3.6 kernels: one row per convert / shared /
// global site and per finding, sorted by line; the finding's row and list
// item tinted (pixels checked); selecting a row scrolls the source to its line
// and says which site; a malformed file shows its line:column.
#include <QHeaderView>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTabWidget>
#include <QTreeWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QtTest>

#include "gui_test_main.h"
#include "kernel/kernel_view.h"

using namespace ls;

namespace {
QString corpus(const char *name) {
  return QStringLiteral(LS_SOURCE_DIR "/tests/data/ttgir36/") + QString::fromLatin1(name);
}

// Sizes the view, opens a corpus kernel in it and shows it; false if the
// kernel does not open or the window is never exposed.
bool openShown(ui::KernelView &v, int width, int height, const char *name) {
  v.resize(width, height);
  if (!v.openFile(corpus(name)))
    return false;
  v.show();
  return QTest::qWaitForWindowExposed(&v);
}
} // namespace

class TestKernelView : public QObject {
  Q_OBJECT
private slots:
  void rowsOfAttention() {
    ui::KernelView v;
    QVERIFY(v.openFile(corpus("attention_sm90.ttgir")));
    // 2 converts + 8 shared + 6 global sites (tt.load, tt.store and the four
    // cp.async copies, listed as shared and as global accesses); 1 finding.
    QCOMPARE(v.sitesTable()->rowCount(), 16);
    QCOMPARE(v.findingsList()->count(), 1);
    QVERIFY(v.findingsList()->item(0)->text().startsWith(
        "1. line 160  convert_layout through shared memory: 8192 bytes of scratch"));
    // Sorted by line: 50 (tt.load) first, 161 (tt.store) last.
    QCOMPARE(v.sitesTable()->item(0, 0)->text(), QStringLiteral("50"));
    QCOMPARE(v.sitesTable()->item(0, 2)->text(), QStringLiteral("tt.load"));
    QCOMPARE(v.sitesTable()->item(15, 0)->text(), QStringLiteral("161"));
    QCOMPARE(v.sitesTable()->item(14, 0)->text(), QStringLiteral("160"));
    QCOMPARE(v.sitesTable()->item(14, 3)->text(), QStringLiteral("shared-memory, 8192 B scratch"));
    QVERIFY(v.summaryText().contains("cuda:90, 4 warps x 32 lanes"));
    // Sorting by loop depth puts the loop's sites last (numeric, not text).
    v.sitesTable()->sortByColumn(4, Qt::DescendingOrder);
    QCOMPARE(v.sitesTable()->item(0, 4)->text(), QStringLiteral("1"));
  }

  // The findings list takes the height its findings need (up to 60% of the
  // column): the third of matmul_tma_gfx942's three findings, each with a
  // long proposal, is in view at 1400x900 (it was cut off at a quarter).
  void everyFindingFitsInView() {
    ui::KernelView v;
    v.resize(1400, 900);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    QVERIFY(v.openFile(corpus("matmul_tma_gfx942.ttgir")));
    QListWidget *list = v.findingsList();
    QCOMPARE(list->count(), 3);
    QTRY_VERIFY(list->visualItemRect(list->item(2)).bottom() < list->viewport()->height());
    // The tables keep the rest of the column.
    QVERIFY(v.sitesTable()->height() > 300);
    // Its text is drawn: dark pixels on the last finding's tint.
    const QImage img = list->viewport()->grab().toImage();
    const QRect r = list->visualItemRect(list->item(2));
    int ink = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
      for (int x = r.left(); x < std::min(r.right(), 400); ++x)
        ink += qGray(img.pixel(x, y)) < 100;
    QVERIFY2(ink > 100, qPrintable(QString::number(ink)));
  }

  // The findings list takes the height its findings need, also after the
  // view is resized (a screenshot at --size, a window made larger): two
  // findings of two lines each, not 40% of the column.
  void findingsListFitsAfterResize() {
    ui::KernelView v;
    QVERIFY(openShown(v, 600, 400, "softmax_gfx942.ttgir"));
    v.resize(1200, 800);
    QCoreApplication::processEvents();
    QCOMPARE(v.findingsList()->count(), 2);
    const int h = v.findingsList()->height();
    QVERIFY2(h >= 60 && h < 200, qPrintable(QString::number(h)));
    // Both findings are drawn whole: ink in the list's last finding row.
    const QRect r = v.findingsList()->visualItemRect(v.findingsList()->item(1));
    QVERIFY(r.bottom() < v.findingsList()->viewport()->height());
    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR"))
      v.grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") + "/kernel_findings_fit.png");
  }

  void noFindingsIsSaid() {
    // scan on gfx942: two coalesced global accesses, nothing costly. The
    // list says so (drawn, not selectable) instead of staying blank, and the
    // Op column is capped so the figures stay in view.
    ui::KernelView v;
    QVERIFY(openShown(v, 900, 600, "scan_gfx942.ttgir"));
    QCOMPARE(v.findingsList()->count(), 1);
    QListWidgetItem *item = v.findingsList()->item(0);
    QVERIFY2(item->text().startsWith(QStringLiteral("No findings: no conversion through shared "
                                                    "memory")) &&
                 item->text().endsWith(QStringLiteral("on gfx942.")),
             qPrintable(item->text()));
    QVERIFY(!(item->flags() & Qt::ItemIsSelectable));
    v.findingsList()->setCurrentRow(0); // not a finding: nothing to open, no crash
    const QRect r = v.findingsList()->visualItemRect(item);
    const QImage img = v.findingsList()->viewport()->grab().toImage();
    const QRgb bg = img.pixel(r.right() - 2, r.bottom() - 1) & 0xffffff;
    int ink = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
      for (int x = r.left(); x <= r.right(); ++x)
        ink += (img.pixel(x, y) & 0xffffff) != bg;
    QVERIFY2(ink > 100, "the sentence is drawn");
    QVERIFY(v.sitesTable()->columnWidth(2) <=
            v.fontMetrics().horizontalAdvance(QStringLiteral("ttg.convert_layout")) + 16);
  }

  void findingRowIsTinted() {
    ui::KernelView v;
    QVERIFY(openShown(v, 1000, 700, "attention_sm90.ttgir"));
    QTableWidget *t = v.sitesTable();
    t->clearSelection();
    QCOMPARE(t->item(14, 0)->background().color(), ui::KernelView::kFindingColor);
    QCOMPARE(t->item(13, 0)->background().style(), Qt::NoBrush);
    QImage img = t->viewport()->grab().toImage();
    // A pixel inside the Kind cell of row 14 (line 160) is the finding tint;
    // the same cell of row 13 (line 144, no finding) is not.
    QRect r10 = t->visualItemRect(t->item(14, 1));
    QRect r9 = t->visualItemRect(t->item(13, 1));
    QVERIFY(!r10.isEmpty());
    QCOMPARE(QColor(img.pixel(r10.right() - 3, r10.center().y())), ui::KernelView::kFindingColor);
    QVERIFY(QColor(img.pixel(r9.right() - 3, r9.center().y())) != ui::KernelView::kFindingColor);
  }

  // The source has its line numbers in a gutter: grey behind, digits drawn,
  // wide enough for the file's 259 lines, the text to its right.
  void sourceHasLineNumbers() {
    ui::KernelView v;
    QVERIFY(openShown(v, 1000, 700, "attention_sm90.ttgir"));
    QWidget *g = v.sourceGutter();
    QVERIFY(g && g->isVisible());
    const int digit = v.sourceView()->fontMetrics().horizontalAdvance(QLatin1Char('9'));
    QVERIFY2(g->width() >= 3 * digit, qPrintable(QString::number(g->width())));
    QCOMPARE(v.sourceView()->viewport()->geometry().left(), g->geometry().right() + 1);
    const QImage img = g->grab().toImage();
    QCOMPARE(QColor(img.pixel(1, 1)), ui::KernelView::kGutterColor);
    int dark = 0;
    for (int y = 0; y < std::min(img.height(), 40); ++y)
      for (int x = 0; x < img.width(); ++x)
        dark += qGray(img.pixel(x, y)) < 160;
    QVERIFY2(dark > 10, "no digits drawn in the gutter's first lines");
    // Scrolled to a finding's line (selecting it), the gutter numbers the
    // lines it shows.
    v.findingsList()->setCurrentRow(0);
    const QImage later = g->grab().toImage();
    int darkLater = 0;
    for (int y = 0; y < later.height(); ++y)
      for (int x = 0; x < later.width(); ++x)
        darkLater += qGray(later.pixel(x, y)) < 160;
    QVERIFY(darkLater > 10);
  }

  // Selecting a finding selects its site, so Open in designer opens it.
  void selectingAFindingSelectsItsSite() {
    ui::KernelView v;
    QVERIFY(v.openFile(corpus("attention_sm90.ttgir")));
    QPushButton *open = v.findChild<QPushButton *>(QStringLiteral("KernelOpenButton"));
    QVERIFY(open);
    v.findingsList()->setCurrentRow(-1);
    v.sitesTable()->clearSelection();
    QVERIFY(!open->isEnabled());
    v.findingsList()->setCurrentRow(0); // line 160, the epilogue convert
    const QList<QTableWidgetItem *> sel = v.sitesTable()->selectedItems();
    QVERIFY(!sel.isEmpty());
    QCOMPARE(v.sitesTable()->item(sel[0]->row(), 0)->text(), QStringLiteral("160"));
    QCOMPARE(v.sitesTable()->item(sel[0]->row(), 1)->text(), QStringLiteral("convert"));
    QVERIFY(open->isEnabled());
    QCOMPARE(v.currentLine(), 160);
  }

  void selectingARowShowsItsLine() {
    ui::KernelView v;
    QVERIFY(v.openFile(corpus("attention_sm90.ttgir")));
    QSignalSpy spy(&v, &ui::KernelView::siteSelected);
    v.sitesTable()->selectRow(0); // line 50, the tt.load
    QCOMPARE(v.currentLine(), 50);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy[0][0].toString(), QStringLiteral("global"));
    QCOMPARE(spy[0][1].toInt(), 0);
    QCOMPARE(v.sourceView()->textCursor().blockNumber(), 49);
    QVERIFY(v.sourceView()->textCursor().block().text().contains("tt.load"));
  }

  void amdKernelNeedsNoFlag() {
    ui::KernelView v;
    QVERIFY(v.openFile(corpus("matmul_gfx950.ttgir")));
    QVERIFY(v.summaryText().contains("hip:gfx950, 8 warps x 64 lanes"));
    // 1 convert + 12 shared + 7 global (amdg.buffer_load/store).
    QCOMPARE(v.sitesTable()->rowCount(), 20);
  }

  void valuesAndOutline() {
    ui::KernelView v;
    v.resize(1000, 700);
    QVERIFY(v.openFile(corpus("attention_sm90.ttgir")));
    // One row per distinct tensor type, sorted by the line that first makes it.
    QCOMPARE(v.valuesTable()->rowCount(), int(v.audit().tensors.size()));
    QCOMPARE(v.valuesTable()->rowCount(), 27);
    QCOMPARE(v.valuesTable()->item(0, 0)->text().toInt(),
             std::min_element(v.audit().tensors.begin(), v.audit().tensors.end(),
                              [](const auto &a, const auto &b) { return a.firstLine < b.firstLine; })
                 ->firstLine);
    // The outline: one function holding the loop and, after it, the convert
    // of line 160 (the finding), tinted; the loop's body nested under it.
    QTreeWidget *o = v.outline();
    QCOMPARE(o->topLevelItemCount(), 1);
    QTreeWidgetItem *fn = o->topLevelItem(0);
    QVERIFY2(fn->text(0).startsWith(QStringLiteral("tt.func attention")), qPrintable(fn->text(0)));
    QList<QTreeWidgetItem *> hits = o->findItems(QStringLiteral("160"), Qt::MatchExactly | Qt::MatchRecursive, 1);
    QCOMPARE(hits.size(), 1);
    QTreeWidgetItem *conv = hits[0];
    QCOMPARE(conv->text(0), QStringLiteral("ttg.convert_layout"));
    QCOMPARE(conv->parent(), fn);
    QList<QTreeWidgetItem *> loops =
        o->findItems(QStringLiteral("scf.for"), Qt::MatchExactly | Qt::MatchRecursive, 0);
    QCOMPARE(loops.size(), 1);
    QCOMPARE(loops[0]->parent(), fn);
    QVERIFY(loops[0]->childCount() > 10); // the loop body: loads, dots, softmax
    QCOMPARE(loops[0]->child(loops[0]->childCount() - 1)->text(0), QStringLiteral("scf.yield"));
    QCOMPARE(conv->background(0).color(), ui::KernelView::kFindingColor);
    v.tabs()->setCurrentWidget(o);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    o->scrollToItem(conv);
    const QRect r = o->visualItemRect(conv);
    QVERIFY(!r.isEmpty());
    const QImage img = o->viewport()->grab().toImage();
    QCOMPARE(QColor(img.pixel(r.center().x(), r.center().y())), ui::KernelView::kFindingColor);
    // Choosing it in the outline shows its line in the source.
    o->setCurrentItem(conv);
    QCOMPARE(v.currentLine(), 160);
    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR"))
      v.grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") + "/kernel_outline.png");
  }

  // A module that names no machine, with 4-lane warps (as Triton's lit
  // tests write), is audited; the summary says what was assumed.
  void warpNoMachineRunsIsANote() {
    QTemporaryDir dir;
    QString path = dir.filePath("four.ttgir");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 2], warpsPerCTA = [1, 1], "
            "order = [1, 0]}>\n"
            "module attributes {\"ttg.threads-per-warp\" = 4 : i32, \"ttg.num-warps\" = 1 : i32} {\n"
            "  tt.func @f(%a: tensor<4x4xf32, #b>) -> tensor<4x4xf32, #b> {\n"
            "    %0 = arith.addf %a, %a : tensor<4x4xf32, #b>\n"
            "    tt.return %0 : tensor<4x4xf32, #b>\n  }\n}\n");
    f.close();
    ui::KernelView v;
    QVERIFY(v.openFile(path));
    QVERIFY2(v.summaryText().contains("1 warps x 4 lanes: 1 tensor type"), qPrintable(v.summaryText()));
    QVERIFY2(v.summaryText().contains("\nnote: the module names no machine (ttg.target) and has 4-lane warps"),
             qPrintable(v.summaryText()));
    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR")) {
      v.resize(1400, 700);
      v.grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") + "/kernel_note.png");
    }
  }

  void malformedFileSaysWhere() {
    QTemporaryDir dir;
    QString path = dir.filePath("bad.ttgir");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("module {\n  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32\n}\n");
    f.close();
    ui::KernelView v;
    QVERIFY(!v.openFile(path));
    QVERIFY2(v.summaryText().contains("bad.ttgir:2:"), qPrintable(v.summaryText()));
  }
};

LS_GUI_TEST_MAIN(TestKernelView)
#include "tst_kernel_view.moc"
