// Small behaviours of the main window a new user meets first (issue 16).
#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QPushButton>
#include <QUndoStack>

#include "app_setup.h"
#include "document.h"
#include "gui_test_main.h"
#include "main_window.h"

using namespace ls::app;

class TestWindowBasics : public QObject {
  Q_OBJECT
private slots:
  void initTestCase() { initResources(); }

  // "Add" starts from the current design's shape, element type and warps.
  void addStartsFromTheCurrentDesign() {
    MainWindow w(/*interactive=*/false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QString error;
    const QString mma = QStringLiteral("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                                       "warpsPerCTA = [4, 2], instrShape = [16, 8]}>");
    QVERIFY2(w.openLayout(mma, QStringLiteral("128x32"), QStringLiteral("f16"), &error),
             qPrintable(error));
    Document *doc = w.document();
    doc->waitForEvaluations();
    const int before = doc->count();
    QPushButton *add = nullptr;
    for (QPushButton *b : w.findChildren<QPushButton *>())
      if (b->text() == QStringLiteral("Add"))
        add = b;
    QVERIFY(add);
    add->click();
    doc->waitForEvaluations();
    QCOMPARE(doc->count(), before + 1);
    const Design &d = doc->design(doc->count() - 1);
    QCOMPARE(d.shape, (ls::Shape{128, 32}));
    QCOMPARE(d.elementType, QStringLiteral("f16"));
    QCOMPARE(d.module.numWarps, 8);
    QCOMPARE(d.module.threadsPerWarp, 32);
    QVERIFY2(d.attribute.startsWith(QStringLiteral("#ttg.blocked<{")), qPrintable(d.attribute));
    // A valid design: 8 warps (3 warp bases), 32 lanes (5 lane bases).
    const auto r = doc->result(doc->count() - 1);
    QVERIFY2(r, qPrintable(doc->evaluationError(doc->count() - 1)));
    QCOMPARE(r->layout().getInDimSizeLog2("warp"), 3);
    QCOMPARE(r->layout().getInDimSizeLog2("lane"), 5);
    // One undo step removes it.
    doc->undoStack()->undo();
    QCOMPARE(doc->count(), before);
  }

  // Every panel is listed under View > Panels, so a closed one comes back.
  void everyPanelInTheViewMenu() {
    MainWindow w(/*interactive=*/false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QMenu *panels = w.findChild<QMenu *>(QStringLiteral("panelsMenu"));
    QVERIFY(panels);
    emit panels->aboutToShow();
    QStringList names;
    for (QAction *a : panels->actions())
      names << a->text().remove(QLatin1Char('&'));
    for (const char *dock : {"Design", "Basis", "Banks", "Conversion", "Coalescing", "Export",
                             "TMEM", "Kernel"})
      QVERIFY2(names.contains(QString::fromLatin1(dock)), qPrintable(names.join(", ")));
    QCOMPARE(names.size(), w.findChildren<QDockWidget *>().size());
    // Close the Kernel panel, bring it back from the menu.
    QDockWidget *kernel = w.findChild<QDockWidget *>(QStringLiteral("KernelDock"));
    QVERIFY(kernel);
    kernel->close();
    QVERIFY(kernel->isHidden());
    for (QAction *a : panels->actions())
      if (a->text().remove(QLatin1Char('&')) == QStringLiteral("Kernel"))
        a->trigger();
    QVERIFY(!kernel->isHidden());
  }
};

LS_GUI_TEST_MAIN(TestWindowBasics)
#include "tst_window_basics.moc"
