// A large map computes on a worker: the window keeps running, shows that it
// is busy, and Cancel gives the user the previous layout back at once.
#include <QApplication>
#include <QProgressBar>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include "app_setup.h"
#include "document.h"
#include "grid/grid_panel.h"
#include "gui_test_main.h"
#include "main_window.h"

using namespace ls::app;

namespace {
const QString kLoad = QStringLiteral(
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
    "order = [1, 0]}>");
} // namespace

class TestComputeCancel : public QObject {
  Q_OBJECT
private slots:
  void initTestCase() {
    initResources();
    // Evaluations are lazy (an 8192 x 8192 map is ready in milliseconds), so
    // the worker is slowed down to keep one pending while the test looks.
    qputenv("LS_TEST_EVAL_DELAY_MS", "4000"); // outlasts a busy machine's hiccups
  }

  void cancelUndoesTheLargeEditAndKeepsThePicture() {
    MainWindow w(/*interactive=*/false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QString error;
    QVERIFY2(w.openLayout(kLoad, QStringLiteral("64x64"), QStringLiteral("f32"), &error),
             qPrintable(error));
    Document *doc = w.document();
    doc->waitForEvaluations();
    const int cur = doc->currentIndex();
    const int undoIndex = doc->undoStack()->index();
    // The edit: the same layout on an 8192x8192 tensor (64 Mi elements), on a worker.
    doc->setAsyncThreshold(4096);
    Design big = doc->design(cur);
    big.shape = {8192, 8192};
    doc->editDesign(cur, big, QStringLiteral("shape"));
    QApplication::processEvents();
    QVERIFY(doc->isEvaluating(cur));
    ls::ui::GridPanel *panel = w.primaryPanel();
    QVERIFY(panel->cancelButton()->isVisible());
    QVERIFY(panel->busyBar()->isVisible());
    QCOMPARE(panel->busyBar()->maximum(), 0); // indeterminate: it moves while waiting
    // The event loop runs meanwhile: a 5 ms timer keeps firing.
    int ticks = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, [&] { ++ticks; });
    timer.start(5);
    // Four ticks while the worker computes (within a second even when other
    // tests load both cores): the window is not frozen.
    QTRY_VERIFY_WITH_TIMEOUT(ticks >= 4, 1000);
    QVERIFY(doc->isEvaluating(cur));
    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR"))
      w.grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") + "/compute_cancel.png");
    panel->cancelButton()->click();
    // At once: the edit is undone, nothing is pending, the 64x64 picture stays.
    QVERIFY(!doc->isEvaluating(cur));
    QCOMPARE(doc->undoStack()->index(), undoIndex);
    QCOMPARE(doc->design(cur).shape, (ls::Shape{64, 64}));
    QVERIFY(doc->result(cur));
    QCOMPARE(doc->result(cur)->shape, (ls::Shape{64, 64}));
    QApplication::processEvents();
    QVERIFY(!panel->cancelButton()->isVisible());
    QVERIFY(!panel->busyBar()->isVisible());
    // The stale worker's result, when it comes, is dropped.
    doc->waitForEvaluations();
    QApplication::processEvents();
    QCOMPARE(doc->result(cur)->shape, (ls::Shape{64, 64}));
  }
};

LS_GUI_TEST_MAIN(TestComputeCancel)
#include "tst_compute_cancel.moc"
