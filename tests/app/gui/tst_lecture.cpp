// The application's teaching features (issue 16, "Lecture-ready"): cell
// labels as an undoable view setting saved with the design, presentation
// mode sizing cells for their labels, and the step-through moving every
// visible panel -- the compare grid, the basis view and the large caption.
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QTemporaryDir>
#include <QUndoStack>

#include "analysis/ownership/ownership_batch.h"
#include "analysis_docks.h"
#include "app_setup.h"
#include "banks/bank_heatmap.h"
#include "banks/bank_heatmap_view.h"
#include "command_line.h"
#include "convert/conversion_view.h"
#include "grid/basis_matrix_view.h"
#include "grid/grid_panel.h"
#include "gui_test_main.h"
#include "main_window.h"

using namespace ls::app;
using ls::ui::Cell;
using ls::ui::LabelMode;

namespace {

const QString kMmaV2 = QStringLiteral(
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], CTAsPerCGA = [1, "
    "1], CTASplitNum = [1, 1], CTAOrder = [1, 0], instrShape = [16, 8]}>");
const QString kLoad = QStringLiteral(
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
    "order = [1, 0]}>");

int inkIn(const QImage &img, const QRectF &r, QRgb ink) {
  int n = 0;
  const QRect box = r.toRect().intersected(img.rect());
  for (int y = box.top(); y <= box.bottom(); ++y)
    for (int x = box.left(); x <= box.right(); ++x)
      n += (img.pixel(x, y) & 0xffffff) == (ink & 0xffffff);
  return n;
}

} // namespace

class TestLecture : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> win;
  ls::ui::TensorGridView *view() { return win->primaryPanel()->view(); }
  ls::ui::TensorGridView *compareView() { return win->comparePanel()->view(); }

  void open(const QString &attr, const QString &shape, QSize size = QSize(1600, 1000)) {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    win->resize(size);
    win->show();
    QVERIFY(QTest::qWaitForWindowExposed(win.get()));
    QString error;
    QVERIFY2(win->openLayout(attr, shape, QStringLiteral("f32"), &error), qPrintable(error));
    win->document()->waitForEvaluations();
    QApplication::processEvents();
  }

private slots:
  void initTestCase() { initResources(); }

  // View > Cell Labels: an undoable view setting, kept by colour changes,
  // saved in the file.
  void cellLabelsAreAnUndoableSavedViewSetting() {
    open(kMmaV2, QStringLiteral("16x8"));
    QUndoStack *undo = win->document()->undoStack();
    const int steps = undo->count();
    QCOMPARE(view()->cellLabel({8, 1}), QStringLiteral("T0:3"));
    // From the menu: View > Cell Labels > MMA Fragment Registers.
    auto *menu = win->findChild<QMenu *>(QStringLiteral("cellLabelsMenu"));
    QVERIFY(menu);
    QAction *fragment = nullptr;
    for (QAction *a : menu->actions())
      if (a->data().toString() == QLatin1String("fragment"))
        fragment = a;
    QVERIFY(fragment);
    QVERIFY(fragment->text().startsWith(QStringLiteral("MMA Fragment Registers")));
    fragment->trigger();
    QVERIFY(fragment->isChecked());
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(view()->labelOptions().mode, LabelMode::Fragment);
    QCOMPARE(view()->cellLabel({8, 1}), QStringLiteral("T0:c3"));
    QCOMPARE(view()->cellLabel({1, 0}), QStringLiteral("T4:c0"));
    QVERIFY(undo->undoText().contains(QStringLiteral("cell labels")));
    undo->undo();
    QCOMPARE(view()->cellLabel({8, 1}), QStringLiteral("T0:3"));
    QVERIFY(!fragment->isChecked()); // the menu follows undo
    undo->redo();
    QCOMPARE(view()->cellLabel({8, 1}), QStringLiteral("T0:c3"));
    // A colour change from the panel keeps the labels.
    QComboBox *box = win->primaryPanel()->colorBox();
    box->setCurrentIndex(box->findText(QStringLiteral("Lane")));
    QCOMPARE(win->document()->design(0).view.colorBy, QStringLiteral("lane"));
    QCOMPARE(win->document()->design(0).view.labels, QStringLiteral("fragment"));
    QCOMPARE(view()->labelOptions().mode, LabelMode::Fragment);
    // Axis names, saved too.
    win->setAxisNames(QStringLiteral("M rows"), QStringLiteral("N cols"));
    QCOMPARE(view()->labelOptions().rowAxis, QStringLiteral("M rows"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mma.lstudio"));
    QString error;
    QVERIFY2(win->saveFile(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject v = QJsonDocument::fromJson(f.readAll())
                              .object()[QStringLiteral("designs")]
                              .toArray()[0]
                              .toObject()[QStringLiteral("view")]
                              .toObject();
    QCOMPARE(v[QStringLiteral("labels")].toString(), QStringLiteral("fragment"));
    QCOMPARE(v[QStringLiteral("axes")].toArray(),
             (QJsonArray{QStringLiteral("M rows"), QStringLiteral("N cols")}));
    win->setCellLabels(QStringLiteral("lane"));
    QVERIFY2(win->openFile(path, &error), qPrintable(error));
    win->document()->waitForEvaluations();
    QApplication::processEvents();
    QCOMPARE(view()->labelOptions().mode, LabelMode::Fragment);
    QCOMPARE(view()->labelOptions().colAxis, QStringLiteral("N cols"));
    QCOMPARE(view()->cellLabel({8, 0}), QStringLiteral("T0:c2"));
  }

  // The file's "labels": absent reads as thread (older files); a value that
  // is not a mode is refused with the design's name.
  void labelsInTheFile() {
    QJsonObject o{{QStringLiteral("name"), QStringLiteral("c")},
                  {QStringLiteral("attribute"), kMmaV2},
                  {QStringLiteral("shape"), QJsonArray{16, 8}}};
    QString error;
    auto d = designFromJson(o, &error);
    QVERIFY2(d, qPrintable(error));
    QCOMPARE(d->view.labels, QStringLiteral("thread"));
    QVERIFY(!designToJson(*d)[QStringLiteral("view")].toObject().contains(QStringLiteral("axes")));
    o[QStringLiteral("view")] = QJsonObject{{QStringLiteral("labels"), QStringLiteral("regs")}};
    QVERIFY(!designFromJson(o, &error));
    QCOMPARE(error, QStringLiteral("design \"c\": view \"labels\" must be thread, lane or "
                                   "fragment, got \"regs\""));
  }

  // F5: cells sized for the labels at the presentation font; the whole
  // 16 x 8 accumulator fits a 1920 x 1080 (projector) window, docks and all.
  void presentationModeFitsTheLabels() {
    open(kMmaV2, QStringLiteral("16x8"), QSize(1920, 1080));
    win->setCellLabels(QStringLiteral("fragment"));
    const double before = view()->labelCellSize();
    win->setPresentationMode(true);
    QApplication::processEvents();
    QVERIFY(view()->labelOptions().fitLabels);
    QVERIFY(view()->labelCellSize() > before); // the larger font
    const auto &g = view()->geometry();
    QVERIFY2(g.cellSize >= view()->labelCellSize(),
             qPrintable(QStringLiteral("%1 < %2").arg(g.cellSize).arg(view()->labelCellSize())));
    ls::ui::GridScenePainter painter;
    QVERIFY(painter.labelsVisible(view()->sceneState(), view()->gridPalette(), g.cellSize));
    QVERIFY(!view()->labelsOverflow());
    QVERIFY(g.area.contains(g.gridRect()));
    win->setPresentationMode(false);
    QVERIFY(!view()->labelOptions().fitLabels);
  }

  // F5 on a shared layout: label-sized cells too, so the offsets -- and the
  // swizzle in them -- are read off the projector (they were cells too
  // small for any label); the notice says what part of the tile shows.
  void presentationModeFitsSharedOffsets() {
    open(QStringLiteral("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, "
                        "0]}>"),
         QStringLiteral("32x64"), QSize(1920, 1080));
    win->setPresentationMode(true);
    QApplication::processEvents();
    const auto &g = view()->geometry();
    QVERIFY2(g.cellSize >= view()->labelCellSize(),
             qPrintable(QStringLiteral("%1 < %2").arg(g.cellSize).arg(view()->labelCellSize())));
    ls::ui::GridScenePainter painter;
    QVERIFY(painter.labelsVisible(view()->sceneState(), view()->gridPalette(), g.cellSize));
    QVERIFY(view()->sceneState().notice.startsWith(QStringLiteral("Labels need ")));
    // Row 1 of an f16 128-byte-swizzled tile: its first 8 elements sit at
    // offsets 72..79 (chunk 0 xor 1), the next 8 at 64..71.
    QCOMPARE(view()->cellLabel({1, 0}), QStringLiteral("72"));
    QCOMPARE(view()->cellLabel({1, 8}), QStringLiteral("64"));
    win->setPresentationMode(false);
    QApplication::processEvents();
    QVERIFY(view()->sceneState().notice.isEmpty());
  }

  // --labels and --step, for screenshots of a lecture figure.
  void commandLineLabelsAndStep() {
    const CommandLine bad = parseCommandLine(
        {QStringLiteral("layout-studio"), QStringLiteral("--labels"), QStringLiteral("foo")});
    QCOMPARE(bad.error, QStringLiteral("--labels: expected thread, lane or fragment, got 'foo'"));
    open(kMmaV2, QStringLiteral("16x8"));
    CommandLine cl = parseCommandLine({QStringLiteral("layout-studio"), QStringLiteral("--labels"),
                                       QStringLiteral("fragment"), QStringLiteral("--step"),
                                       QStringLiteral("5")});
    QCOMPARE(cl.error, QString());
    QCOMPARE(applyViewOptions(*win, cl), QString());
    QCOMPARE(view()->cellLabel({8, 1}), QStringLiteral("T0:c3"));
    QCOMPARE(win->stepPlayer()->step(), 4);
    QCOMPARE(view()->sceneState().stepOverlay,
             QStringLiteral("5/32   T4 \u00b7 warp 0 \u00b7 lane 4"));
    cl.step = 33;
    QCOMPARE(applyViewOptions(*win, cl), QStringLiteral("--step: the layout has 32 steps"));
  }

  // Step-through: the compare grid follows step for step, the basis view
  // marks the step's bits, both grids show the step in large type.
  void stepMovesEveryVisiblePanel() {
    open(kLoad, QStringLiteral("64x64"));
    Design other = win->document()->design(0);
    other.name = QStringLiteral("mma");
    other.attribute =
        QStringLiteral("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, "
                       "1], instrShape = [16, 8]}>");
    win->document()->addDesign(other);
    // A shared design of the same shape: the Banks panel's pair.
    Design shared = win->document()->design(0);
    shared.name = QStringLiteral("smem");
    shared.attribute = QStringLiteral(
        "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>");
    win->document()->addDesign(shared);
    win->document()->waitForEvaluations();
    win->document()->setCurrentIndex(0);
    win->setCompareIndex(1);
    QApplication::processEvents();
    QVERIFY(win->comparePanel()->isVisible());
    auto *player = win->stepPlayer();
    player->goTo(5); // thread 5
    QApplication::processEvents();
    QCOMPARE(win->compareStepPlayer()->step(), 5);
    const auto &ch = compareView()->highlight();
    QVERIFY(ch.active());
    QVERIFY2(ch.caption.contains(QStringLiteral("thread 5 (warp 0, lane 5)")),
             qPrintable(ch.caption));
    // In the mma layout, T5 holds (1, 2): it is outlined there.
    const auto &own = compareView()->plane()->ownership();
    QVERIFY(ls::bitmapTest(ch.strongElements, own.packElement({1, 2})));
    QVERIFY(!ls::bitmapTest(ch.strongElements, own.packElement({0, 0})));
    QCOMPARE(view()->sceneState().stepOverlay,
             QStringLiteral("6/128   T5 \u00b7 warp 0 \u00b7 lane 5"));
    QCOMPARE(compareView()->sceneState().stepOverlay,
             QStringLiteral("6/128   T5 \u00b7 warp 0 \u00b7 lane 5"));
    // Basis: lane bits 0 and 2 (rows 5 and 7 after 5 register bits).
    QVERIFY(win->basisView()->stepBitSet(5));
    QVERIFY(win->basisView()->stepBitSet(7));
    QVERIFY(!win->basisView()->stepBitSet(6));
    // Pixels: the caption's bar and large text above both grids.
    for (auto *v : {view(), compareView()}) {
      const auto l =
          ls::ui::GridScenePainter().layout(QRectF(v->rect()), v->sceneState(), v->gridPalette());
      QVERIFY(!l.step.isEmpty());
      const QImage img = v->grab().toImage();
      QCOMPARE(img.pixel(QPointF(l.step.left() + 3, l.step.center().y()).toPoint()) & 0xffffff,
               v->gridPalette().hover().rgb() & 0xffffff);
      QVERIFY(inkIn(img, l.step.adjusted(16, 0, 0, 0), v->gridPalette().foreground().rgb()) > 300);
    }
    // The Banks and Conversion panels show the step's warp, and the
    // Conversion panel marks the stepped lane: thread 37 is warp 1, lane 5.
    auto *docks = win->analysisDocks();
    docks->updateNow(true);
    QVERIFY2(docks->hint(0).isEmpty(), qPrintable(docks->hint(0))); // Banks shows the pair
    QVERIFY2(docks->hint(1).isEmpty(), qPrintable(docks->hint(1))); // Conversion too
    player->goTo(37);
    QApplication::processEvents();
    QCOMPARE(docks->conversion()->warp(), 1);
    QCOMPARE(docks->conversion()->selectedLane(), 5);
    QCOMPARE(docks->banks()->warp(), 1);
    QCOMPARE(docks->banks()->currentView()->selectedLane(), 5); // its cells outlined
    QCOMPARE(docks->banks()->proposedView()->selectedLane(), 5);
    player->setUnit(ls::ui::StepPlayer::Unit::Warp);
    player->goTo(2); // warp 2: no lane of its own
    QApplication::processEvents();
    QCOMPARE(docks->conversion()->warp(), 2);
    QCOMPARE(docks->conversion()->selectedLane(), -1);
    QCOMPARE(docks->banks()->warp(), 2);
    QCOMPARE(docks->banks()->currentView()->selectedLane(), -1);
    player->setUnit(ls::ui::StepPlayer::Unit::Lane);
    player->goTo(5);
    QApplication::processEvents();
    // Register steps follow too.
    player->setUnit(ls::ui::StepPlayer::Unit::Register);
    QApplication::processEvents();
    QCOMPARE(win->compareStepPlayer()->unit(), ls::ui::StepPlayer::Unit::Register);
    QCOMPARE(win->compareStepPlayer()->step(), 0);
    // Stopping clears everything.
    player->stop();
    QApplication::processEvents();
    QVERIFY(!compareView()->highlight().active());
    QVERIFY(view()->sceneState().stepOverlay.isEmpty());
    QVERIFY(compareView()->sceneState().stepOverlay.isEmpty());
    QVERIFY(!win->basisView()->stepBitSet(5));
  }
};

LS_GUI_TEST_MAIN(TestLecture)
#include "tst_lecture.moc"
