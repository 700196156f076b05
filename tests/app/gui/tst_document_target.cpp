// The target is one thing, a property of the document (issue 16): a pasted
// AMD module moves every panel to its machine, the Target box edits it as an
// undoable step, File > New resets it, a kernel's "Open in designer" brings
// the kernel's machine, and a 64-lane layout on an NVIDIA target is told in
// the app's words, not the command line's.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QTableWidget>
#include <QUndoStack>

#include "analysis_docks.h"
#include "app_setup.h"
#include "banks/bank_heatmap.h"
#include "convert/conversion_view.h"
#include "document.h"
#include "export/export_panel.h"
#include "forms/design_form.h"
#include "forms/target_box.h"
#include "gui_test_main.h"
#include "kernel/kernel_view.h"
#include "main_window.h"
#include "notation/mlir/layout_parser.h"

using namespace ls::app;

namespace {

QString corpus(const QString &file) {
  return QStringLiteral(LS_SOURCE_DIR "/tests/data/ttgir36/") + file;
}

QString readText(const QString &path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

bool isShared(const Design &d) {
  try {
    return ls::ir::parseEncoding(d.attribute.toStdString())->isShared();
  } catch (const std::exception &) {
    return false;
  }
}

const QString kWave64Hint = QStringLiteral(
    "this layout has 64 lanes per warp; choose an AMD target (gfx90a, gfx942, gfx950) instead of "
    "sm90");

} // namespace

class TestDocumentTarget : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> win;
  Document *doc() { return win->document(); }
  AnalysisDocks *docks() { return win->analysisDocks(); }

  void openWindow() {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    win->resize(1400, 860);
    win->show();
    QVERIFY(QTest::qWaitForWindowExposed(win.get()));
    win->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(win.get()));
  }

  void settle() {
    doc()->waitForEvaluations();
    docks()->updateNow(true);
    QApplication::processEvents();
  }

  // The first pair (current, compared) of the same shape and `lanes` where
  // the first is distributed and the second distributed or shared as asked.
  bool selectPair(bool wantShared, int lanes) {
    for (int i = 0; i < doc()->count(); ++i)
      for (int j = 0; j < doc()->count(); ++j) {
        const Design &a = doc()->design(i), &b = doc()->design(j);
        if (i == j || isShared(a) || isShared(b) != wantShared || a.shape != b.shape ||
            a.module.threadsPerWarp != lanes || b.module.threadsPerWarp != lanes ||
            !doc()->result(i) || !doc()->result(j))
          continue;
        doc()->setCurrentIndex(i);
        win->setCompareIndex(j);
        settle();
        return true;
      }
    return false;
  }

  QAction *menuAction(const QString &text) {
    for (QAction *menu : win->menuBar()->actions())
      if (menu->menu())
        for (QAction *a : menu->menu()->actions())
          if (a->text() == text)
            return a;
    return nullptr;
  }

private slots:
  void initTestCase() { initResources(); }

  void pastedAmdModuleMovesEveryPanel_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("target");
    QTest::addColumn<int>("banks");
    QTest::newRow("gfx942") << "attention_gfx942.ttgir"
                            << "gfx942" << 32;
    QTest::newRow("gfx950") << "attention_gfx950.ttgir"
                            << "gfx950" << 64;
  }
  void pastedAmdModuleMovesEveryPanel() {
    QFETCH(QString, file);
    QFETCH(QString, target);
    QFETCH(int, banks);
    openWindow();
    QCOMPARE(doc()->target(), QStringLiteral("sm90"));
    const QString text = readText(corpus(file));
    QVERIFY(text.contains(QStringLiteral("ttg.target = \"hip:%1\"").arg(target)));
    const int before = doc()->undoStack()->count();
    QCOMPARE(win->pasteText(text), QString());
    QCOMPARE(doc()->target(), target);
    QCOMPARE(doc()->explicitTarget(), target);
    QCOMPARE(win->targetBox()->shownText(), target);
    QCOMPARE(win->targetBox()->message(), QString());
    // One undoable step: designs and target together.
    QCOMPARE(doc()->undoStack()->count(), before + 1);

    // Banks: the document's machine, its bank count in the heatmap and AMD's
    // instructions in the totals.
    docks()->banksDock()->show();
    QVERIFY(selectPair(/*wantShared=*/true, 64));
    QVERIFY2(docks()->hint(0).isEmpty(), qPrintable(docks()->hint(0)));
    QCOMPARE(docks()->banks()->target(), target);
    QVERIFY2(docks()->banks()->errorText().isEmpty(), qPrintable(docks()->banks()->errorText()));
    const QString totals = docks()->banks()->currentTotalsText();
    QVERIFY2(totals.startsWith(QStringLiteral("ds_")), qPrintable(totals));
    QVERIFY2(!docks()->banks()->proposalAttribute().contains(QStringLiteral("nvmma")),
             qPrintable(docks()->banks()->proposalAttribute()));
    QVERIFY(docks()->banks()->proposedTotalsText().startsWith(QStringLiteral("ds_")));
    Q_UNUSED(banks);
    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR")) {
      docks()->banksDock()->raise();
      QApplication::processEvents();
      docks()->banksDock()->grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") +
                                        "/target-banks-" + target + ".png");
    }

    // Conversion: costed on the document's machine, without ldmatrix.
    docks()->conversionDock()->show();
    QVERIFY(selectPair(/*wantShared=*/false, 64));
    QVERIFY2(docks()->hint(1).isEmpty(), qPrintable(docks()->hint(1)));
    const QStringList header = docks()->conversion()->headerLines();
    QVERIFY2(header.first().startsWith(QStringLiteral("on %1: ").arg(target)),
             qPrintable(header.join('|')));
    QVERIFY2(!header.join(' ').contains(QStringLiteral("ldmatrix")) &&
                 !header.join(' ').contains(QStringLiteral("stmatrix")) &&
                 !header.join(' ').contains(QStringLiteral("ld.shared")),
             qPrintable(header.join('|')));

    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR")) {
      docks()->conversionDock()->raise();
      QApplication::processEvents();
      docks()->conversionDock()->grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") +
                                             "/target-conversion-" + target + ".png");
    }
    // Undo takes the target back with the designs.
    doc()->undoStack()->undo();
    QCOMPARE(doc()->target(), QStringLiteral("sm90"));
    QCOMPARE(win->targetBox()->shownText(), QStringLiteral("sm90"));
  }

  void nvidiaModuleKeepsLdmatrix() {
    // The same conversion panel on an sm80 module: ldmatrix, no stmatrix.
    openWindow();
    QCOMPARE(win->pasteText(readText(corpus(QStringLiteral("attention_sm90.ttgir")))), QString());
    QCOMPARE(doc()->target(), QStringLiteral("sm90"));
    win->enterTarget(QStringLiteral("cuda:80"));
    QCOMPARE(doc()->target(), QStringLiteral("sm80"));
    docks()->conversionDock()->show();
    QVERIFY(selectPair(false, 32));
    QVERIFY2(docks()->conversion()->headerLines().first().startsWith(QStringLiteral("on sm80: ")),
             qPrintable(docks()->conversion()->headerLines().join('|')));
  }

  void targetBoxIsAnUndoableEdit() {
    openWindow();
    ls::ui::TargetBox *box = win->targetBox();
    QCOMPARE(box->shownText(), QStringLiteral("sm90"));
    QVERIFY(box->findChild<QLabel *>(QStringLiteral("targetNote"))->text().contains("auto"));
    QComboBox *combo = box->comboBox();
    // Every name of the vocabulary is listed.
    QStringList items;
    for (int i = 0; i < combo->count(); ++i)
      items << combo->itemText(i);
    QCOMPARE(items, (QStringList{"auto", "sm80", "sm90", "sm100", "sm120", "gfx90a", "gfx942",
                                 "gfx950", "gfx1100", "gfx1200"}));
    // Triton's spelling typed and Return: the canonical name, one step.
    const int steps = doc()->undoStack()->count();
    combo->setFocus();
    combo->lineEdit()->selectAll();
    QTest::keyClicks(combo->lineEdit(), QStringLiteral("hip:gfx90a"));
    QTest::keyClick(combo->lineEdit(), Qt::Key_Return);
    QCOMPARE(doc()->target(), QStringLiteral("gfx90a"));
    QCOMPARE(box->shownText(), QStringLiteral("gfx90a"));
    QCOMPARE(doc()->undoStack()->count(), steps + 1);
    QVERIFY(box->findChild<QLabel *>(QStringLiteral("targetNote"))->text().isEmpty());
    // Typed, then focus moves away: the same edit.
    combo->setFocus();
    combo->lineEdit()->selectAll();
    QTest::keyClicks(combo->lineEdit(), QStringLiteral("cuda:100"));
    win->designForm()->shapeEdit()->setFocus();
    QApplication::processEvents();
    QCOMPARE(doc()->target(), QStringLiteral("sm100"));
    QCOMPARE(doc()->undoStack()->count(), steps + 2);
    // A name outside the vocabulary changes nothing and says why.
    combo->setFocus();
    combo->lineEdit()->selectAll();
    QTest::keyClicks(combo->lineEdit(), QStringLiteral("sm75"));
    QTest::keyClick(combo->lineEdit(), Qt::Key_Return);
    QCOMPARE(doc()->target(), QStringLiteral("sm100"));
    QVERIFY2(box->message().startsWith(QStringLiteral("unknown target \u201csm75\u201d")),
             qPrintable(box->message()));
    QCOMPARE(box->shownText(), QStringLiteral("sm100"));
    // Picking from the list.
    combo->setCurrentIndex(combo->findText(QStringLiteral("gfx1200")));
    emit combo->activated(combo->currentIndex());
    QCOMPARE(doc()->target(), QStringLiteral("gfx1200"));
    doc()->undoStack()->undo();
    QCOMPARE(doc()->target(), QStringLiteral("sm100"));
    QCOMPARE(box->shownText(), QStringLiteral("sm100"));
    doc()->undoStack()->undo();
    doc()->undoStack()->undo();
    QCOMPARE(doc()->explicitTarget(), QString());
    QCOMPARE(box->shownText(), QStringLiteral("sm90"));
  }

  void newDocumentResetsTheTarget() {
    openWindow();
    QCOMPARE(win->pasteText(readText(corpus(QStringLiteral("attention_gfx950.ttgir")))), QString());
    QCOMPARE(doc()->target(), QStringLiteral("gfx950"));
    QAction *newAction = menuAction(QStringLiteral("&New"));
    QVERIFY(newAction);
    newAction->trigger();
    QCOMPARE(doc()->count(), 1);
    QCOMPARE(doc()->explicitTarget(), QString());
    QCOMPARE(doc()->target(), QStringLiteral("sm90"));
    QCOMPARE(win->targetBox()->shownText(), QStringLiteral("sm90"));
    docks()->banksDock()->show();
    settle();
    QCOMPARE(docks()->banks()->target(), QStringLiteral("sm90"));
  }

  void wave64OnNvidiaSpeaksTheAppsWords() {
    openWindow();
    win->enterTarget(QStringLiteral("sm90"));
    QCOMPARE(doc()->explicitTarget(), QStringLiteral("sm90"));
    // A 64-lane blocked layout and a shared layout of its shape.
    Design dist = MainWindow::starterDesign();
    dist.name = QStringLiteral("wave64");
    dist.attribute = QStringLiteral("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, "
                                    "8], warpsPerCTA = [4, 1], order = [1, 0]}>");
    dist.module.threadsPerWarp = 64;
    Design shared = dist;
    shared.name = QStringLiteral("smem");
    shared.attribute = QStringLiteral(
        "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>");
    doc()->addDesign(dist);
    const int d = doc()->count() - 1;
    doc()->addDesign(shared);
    const int s = doc()->count() - 1;
    QVERIFY2(doc()->result(d), qPrintable(doc()->evaluationError(d)));
    QCOMPARE(doc()->target(), QStringLiteral("sm90")); // explicit: not moved
    doc()->setCurrentIndex(d);
    win->setCompareIndex(s);
    docks()->banksDock()->show();
    settle();
    // Next to the target box, in the Banks panel, nowhere the CLI's flag.
    QCOMPARE(win->targetBox()->message(), kWave64Hint);
    QVERIFY(win->targetBox()->messageLabel()->isVisible());
    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR")) {
      docks()->banksDock()->raise();
      QApplication::processEvents();
      win->grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") + "/target-wave64-sm90.png");
    }
    const QString hint = docks()->hint(0);
    QVERIFY2(hint.contains(kWave64Hint), qPrintable(hint));
    QVERIFY(!hint.contains(QStringLiteral("--distributed")));
    QVERIFY(!hint.contains(QStringLiteral("NVIDIA targets have 32")));
    // The panel itself, driven on sm90 directly, says the same.
    docks()->banks()->setTarget(QStringLiteral("sm90"));
    docks()->banks()->setDesign(doc()->result(d)->distributed, doc()->result(s)->encoding,
                                dist.shape, dist.elementType);
    QVERIFY2(docks()->banks()->errorText().startsWith(QStringLiteral("This layout has 64 lanes "
                                                                     "per warp; choose an AMD "
                                                                     "target")),
             qPrintable(docks()->banks()->errorText()));
    // The conversion to another 64-lane layout: the same words.
    Design other = dist;
    other.name = QStringLiteral("wave64 columns");
    other.attribute = QStringLiteral("#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, "
                                     "8], warpsPerCTA = [1, 4], order = [0, 1]}>");
    doc()->addDesign(other);
    doc()->setCurrentIndex(d);
    win->setCompareIndex(doc()->count() - 1);
    docks()->conversionDock()->show();
    settle();
    QVERIFY2(docks()->hint(1).contains(kWave64Hint), qPrintable(docks()->hint(1)));
    // Choosing an AMD target clears every message.
    QCOMPARE(win->enterTarget(QStringLiteral("hip:gfx942")), QString());
    settle();
    QCOMPARE(win->targetBox()->message(), QString());
    QVERIFY2(docks()->hint(1).isEmpty(), qPrintable(docks()->hint(1)));
    QVERIFY(docks()->conversion()->headerLines().first().startsWith(QStringLiteral("on gfx942")));
    // Following the layouts ("auto"), a 64-lane design implies gfx942.
    QCOMPARE(win->enterTarget(QStringLiteral("auto")), QString());
    QCOMPARE(doc()->target(), QStringLiteral("gfx942"));
    QCOMPARE(win->targetBox()->message(), QString());
  }

  void wave32OnCdnaSpeaksTheAppsWords() {
    // The starter layout (32 lanes) on gfx942, which runs 64-lane warps only.
    openWindow();
    QCOMPARE(win->enterTarget(QStringLiteral("gfx942")), QString());
    const QString words = QStringLiteral(
        "this layout has 32 lanes per warp; gfx942 runs 64-lane warps: choose an NVIDIA target "
        "(sm80 ... sm120) or RDNA (gfx1100, gfx1200)");
    QCOMPARE(win->targetBox()->message(), words);
    Design shared = MainWindow::starterDesign();
    shared.name = QStringLiteral("smem");
    shared.attribute = QStringLiteral(
        "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>");
    doc()->addDesign(shared);
    doc()->setCurrentIndex(0);
    win->setCompareIndex(1);
    docks()->banksDock()->show();
    settle();
    QVERIFY2(docks()->hint(0).contains(words), qPrintable(docks()->hint(0)));
    QVERIFY(!docks()->hint(0).contains(QStringLiteral("--distributed")));
    // The panel driven on gfx950 directly says it in its own words too.
    docks()->banks()->setTarget(QStringLiteral("gfx950"));
    docks()->banks()->setDesign(doc()->result(0)->distributed, doc()->result(1)->encoding,
                                doc()->design(0).shape, doc()->design(0).elementType);
    QVERIFY2(docks()->banks()->errorText().startsWith(
                 QStringLiteral("This layout has 32 lanes per warp; gfx950 runs 64-lane warps")),
             qPrintable(docks()->banks()->errorText()));
    // RDNA runs 32-lane warps: no message, and the panel draws.
    QCOMPARE(win->enterTarget(QStringLiteral("hip:gfx1200")), QString());
    settle();
    QCOMPARE(win->targetBox()->message(), QString());
    QVERIFY2(docks()->hint(0).isEmpty(), qPrintable(docks()->hint(0)));
    QCOMPARE(docks()->banks()->target(), QStringLiteral("gfx1200"));
    QVERIFY2(docks()->banks()->currentTotalsText().startsWith(QStringLiteral("ds_")),
             qPrintable(docks()->banks()->currentTotalsText()));
  }

  void banksPanelPickSetsTheDocumentTarget() {
    openWindow();
    QCOMPARE(win->pasteText(readText(corpus(QStringLiteral("attention_gfx942.ttgir")))), QString());
    docks()->banksDock()->show();
    QVERIFY(selectPair(true, 64));
    auto *combo = docks()->banks()->findChildren<QComboBox *>().last();
    QCOMPARE(combo->currentText(), QStringLiteral("gfx942"));
    combo->setCurrentIndex(combo->findText(QStringLiteral("gfx950")));
    emit combo->activated(combo->currentIndex());
    QCOMPARE(doc()->target(), QStringLiteral("gfx950"));
    QCOMPARE(win->targetBox()->shownText(), QStringLiteral("gfx950"));
  }

  void exportModulesAreForTheDocumentsMachine() {
    openWindow();
    // The starter (32 lanes) on sm80: a cuda:80 module.
    QCOMPARE(win->enterTarget(QStringLiteral("sm80")), QString());
    docks()->exportDock()->show();
    settle();
    using ls::codegen::ExportFormat;
    QCOMPARE(docks()->exportPanel()->target(), QStringLiteral("cuda:80"));
    QVERIFY(docks()
                ->exportPanel()
                ->text(ExportFormat::Module)
                .contains(QStringLiteral("ttg.target = \"cuda:80\"")));
    // A gfx950 kernel's 64-lane layout: hip:gfx950 (not the encoding's own
    // default, gfx942).
    QCOMPARE(win->pasteText(readText(corpus(QStringLiteral("attention_gfx950.ttgir")))), QString());
    for (int i = 0; i < doc()->count(); ++i)
      if (doc()->design(i).name == QLatin1String("mma"))
        doc()->setCurrentIndex(i);
    QCOMPARE(doc()->design(doc()->currentIndex()).name, QStringLiteral("mma"));
    settle();
    QCOMPARE(docks()->exportPanel()->target(), QStringLiteral("hip:gfx950"));
    const QString module = docks()->exportPanel()->text(ExportFormat::Module);
    QVERIFY2(module.contains(QStringLiteral("ttg.target = \"hip:gfx950\"")), qPrintable(module));
    // A 32-lane layout on that AMD target: the encoding chooses, as without
    // --target.
    doc()->setCurrentIndex(0);
    settle();
    QCOMPARE(docks()->exportPanel()->target(), QString());
  }

  void openInDesignerBringsTheKernelsTarget() {
    openWindow();
    QCOMPARE(doc()->target(), QStringLiteral("sm90"));
    QString error;
    QVERIFY2(docks()->openKernel(corpus(QStringLiteral("attention_gfx950.ttgir")), &error),
             qPrintable(error));
    ls::ui::KernelView *kv = docks()->kernel();
    QCOMPARE(QString::fromStdString(kv->audit().bankTarget), QStringLiteral("gfx950"));
    QVERIFY(!kv->audit().shared.empty());
    const int row = kv->rowOf(QStringLiteral("shared"), 0);
    QVERIFY(row >= 0);
    kv->tabs()->setCurrentWidget(kv->sitesTable());
    kv->sitesTable()->selectRow(row);
    kv->openButton()->click();
    settle();
    QCOMPARE(doc()->target(), QStringLiteral("gfx950"));
    QCOMPARE(docks()->banks()->target(), QStringLiteral("gfx950"));
    // Part of the same undoable step as the designs it opened.
    doc()->undoStack()->undo();
    QCOMPARE(doc()->target(), QStringLiteral("sm90"));
  }
};

LS_GUI_TEST_MAIN(TestDocumentTarget)
#include "tst_document_target.moc"
