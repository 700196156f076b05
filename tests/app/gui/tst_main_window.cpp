// The application end to end: an edit in the form changes the pixels, undo
// brings them back, broken rules show next to their field, pasted TTGIR adds
// designs, files round-trip, the screenshot option writes a picture.
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>

#include "analysis/ownership/ownership_batch.h"
#include "analysis_docks.h"
#include "app_setup.h"
#include "autosave.h"
#include "banks/bank_heatmap.h"
#include "banks/bank_heatmap_view.h"
#include "command_line.h"
#include "convert/coalescing_panel.h"
#include "convert/conversion_view.h"
#include "export/export_panel.h"
#include "forms/design_form.h"
#include "grid/basis_matrix_view.h"
#include "grid/grid_panel.h"
#include "gui_test_main.h"
#include "main_window.h"
#include "notation/mlir/layout_printer.h"
#include "tmem/tmem_design_widget.h"

using namespace ls::app;
using ls::ui::Cell;

namespace {

const QString kLoad = QStringLiteral(
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
    "order = [1, 0]}>");
const QString kTmem =
    QStringLiteral("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>");
// Gluon 3.6: get_tmem_reg_layout(f32, [128, 64], kTmem, 4, "32x32b").
const QString k32x32b = QStringLiteral(
    "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], "
    "[2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>");

// The register layout the grid of the current design shows.
QString registersOf(MainWindow &w) {
  const auto r = w.document()->result(w.document()->currentIndex());
  return r ? QString::fromStdString(ls::ir::printEncoding(*r->distributed)) : QString();
}

QRgb pixel(ls::ui::TensorGridView *v, Cell c) {
  return v->grab().toImage().pixel(v->cellCenter(c).toPoint()) & 0xffffff;
}

QList<QSpinBox *> spins(MainWindow &w, const QString &field) {
  return w.designForm()->encodingForm()->editor(field)->findChildren<QSpinBox *>();
}

} // namespace

class TestMainWindow : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> win;
  ls::ui::TensorGridView *view() { return win->primaryPanel()->view(); }

  void open(const QString &attr = kLoad, const QString &shape = QStringLiteral("64x64")) {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    win->resize(1400, 860);
    win->show();
    QVERIFY(QTest::qWaitForWindowExposed(win.get()));
    QString error;
    QVERIFY2(win->openLayout(attr, shape, QStringLiteral("f32"), &error), qPrintable(error));
    win->document()->waitForEvaluations();
    QApplication::processEvents();
  }

private slots:
  void initTestCase() { initResources(); }

  void formEditRepaintsAndUndoRestores() {
    open();
    win->primaryPanel()->colorBox()->setCurrentIndex(
        win->primaryPanel()->colorBox()->findText(QStringLiteral("Thread")));
    const auto &pal = view()->gridPalette();
    // (0, 4) is held by thread 1 while sizePerThread is [1, 4] ...
    QCOMPARE(pixel(view(), {0, 4}), pal.categorical(1, 128) & 0xffffff);
    // ... and by thread 0 once the form says [1, 8].
    spins(*win, QStringLiteral("sizePerThread"))[1]->setValue(8);
    QCOMPARE(win->currentAttribute(),
             QStringLiteral("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], "
                            "warpsPerCTA = [4, 1], order = [1, 0]}>"));
    QCOMPARE(pixel(view(), {0, 4}), pal.categorical(0, 128) & 0xffffff);
    win->document()->undoStack()->undo();
    QCOMPARE(win->currentAttribute(), kLoad);
    QCOMPARE(pixel(view(), {0, 4}), pal.categorical(1, 128) & 0xffffff);
    // The form follows the undo.
    QCOMPARE(spins(*win, QStringLiteral("sizePerThread"))[1]->value(), 4);
    win->document()->undoStack()->redo();
    QCOMPARE(pixel(view(), {0, 4}), pal.categorical(0, 128) & 0xffffff);
  }

  void brokenRuleShowsNextToTheFieldAndKeepsThePicture() {
    open();
    const QRgb before = pixel(view(), {2, 0});
    spins(*win, QStringLiteral("threadsPerWarp"))[0]->setValue(4); // [4, 16]: 64 lanes
    QVERIFY2(win->designForm()
                 ->errorText(QStringLiteral("threadsPerWarp"))
                 .contains(QStringLiteral("multiply to 64 threads per warp")),
             qPrintable(win->designForm()->errorText(QStringLiteral("threadsPerWarp"))));
    QCOMPARE(win->currentAttribute(), kLoad); // nothing committed
    QVERIFY(view()->sceneState().message.contains(QStringLiteral("last valid layout")));
    QCOMPARE(pixel(view(), {2, 0}), before);
    // Fixing it clears the error and commits.
    spins(*win, QStringLiteral("threadsPerWarp"))[1]->setValue(8); // [4, 8]
    QVERIFY(win->designForm()->errorText(QStringLiteral("threadsPerWarp")).isEmpty());
    QVERIFY(win->currentAttribute().contains(QStringLiteral("threadsPerWarp = [4, 8]")));
  }

  void badShapeIsRejectedAtTheShapeField() {
    open();
    const int steps = win->document()->undoStack()->count();
    QLineEdit *shape = win->designForm()->shapeEdit();
    shape->selectAll();
    // Every keystroke is an edit: "64x4" is a valid shape on the way to "64x48".
    QTest::keyClicks(shape, QStringLiteral("64x48"));
    QVERIFY(win->designForm()
                ->errorText(QStringLiteral("shape"))
                .contains(QStringLiteral("power of two")));
    QCOMPARE(win->document()->design(0).shape, (ls::Shape{64, 4}));
    shape->selectAll();
    QTest::keyClicks(shape, QStringLiteral("128x64"));
    QVERIFY(win->designForm()->errorText(QStringLiteral("shape")).isEmpty());
    QCOMPARE(win->document()->design(0).shape, (ls::Shape{128, 64}));
    QCOMPARE(view()->plane()->rows(), int64_t(128));
    // All that typing is one undo step.
    QCOMPARE(win->document()->undoStack()->count(), steps + 1);
    win->document()->undoStack()->undo();
    QCOMPARE(win->document()->design(0).shape, (ls::Shape{64, 64}));
    QCOMPARE(shape->text(), QStringLiteral("64x64"));
  }

  void typingANameKeepsItsSpaces() {
    open();
    const int steps = win->document()->undoStack()->count();
    auto *name = win->designForm()->findChild<QLineEdit *>(QStringLiteral("designName"));
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("transpose load"));
    QCOMPARE(win->document()->design(0).name, QStringLiteral("transpose load"));
    QCOMPARE(win->designList()->item(0)->text(), QStringLiteral("transpose load"));
    QCOMPARE(win->document()->undoStack()->count(), steps + 1);
  }

  // A long name put in the field from outside (redo here; opening another
  // design alike) shows its start, not its last words: the cursor goes to 0.
  // Typed text keeps the cursor where the typing left it.
  void aLongNameShowsItsStart() {
    open();
    auto *name = win->designForm()->findChild<QLineEdit *>(QStringLiteral("designName"));
    name->selectAll();
    const QString longName =
        QStringLiteral("A operand tile as loaded by the second stage of the pipelined matmul");
    QTest::keyClicks(name, longName);
    QCOMPARE(name->cursorPosition(), int(longName.size()));
    win->document()->undoStack()->undo();
    QCOMPARE(name->cursorPosition(), 0);
    win->document()->undoStack()->redo();
    QCOMPARE(name->text(), longName);
    QCOMPARE(name->cursorPosition(), 0);
  }

  void moreWarpsRetargetTheLayout() {
    open();
    auto *warps = win->designForm()->findChild<QComboBox *>(QStringLiteral("numWarps"));
    warps->setCurrentIndex(warps->findData(8));
    QVERIFY2(win->currentAttribute().contains(QStringLiteral("warpsPerCTA = [8, 1]")),
             qPrintable(win->currentAttribute()));
    QCOMPARE(win->document()->design(0).module.numWarps, 8);
  }

  void switchingToMfmaUsesWave64() {
    open();
    auto *kind = win->designForm()->findChild<QComboBox *>(QStringLiteral("kind"));
    kind->setCurrentIndex(kind->findData(QStringLiteral("amd_mfma")));
    const Design &d = win->document()->design(0);
    QVERIFY2(d.attribute.startsWith(QStringLiteral("#ttg.amd_mfma<")), qPrintable(d.attribute));
    QCOMPARE(d.module.threadsPerWarp, 64);
    QCOMPARE(view()->plane()->fields().lane.size(), int64_t(64));
    win->document()->undoStack()->undo();
    QCOMPARE(win->currentAttribute(), kLoad);
  }

  void switchingToLinearKeepsThePicture() {
    open();
    const QRgb before = pixel(view(), {5, 13});
    auto *kind = win->designForm()->findChild<QComboBox *>(QStringLiteral("kind"));
    kind->setCurrentIndex(kind->findData(QStringLiteral("linear")));
    QVERIFY2(win->currentAttribute().startsWith(
                 QStringLiteral("#ttg.linear<{register = [[0, 1], [0, 2], [8, 0], [16, 0], [32, "
                                "0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [1, 0]], warp = "
                                "[[2, 0], [4, 0]]")),
             qPrintable(win->currentAttribute()));
    QCOMPARE(pixel(view(), {5, 13}), before);
    // Editing a basis by hand: swap the first register and lane bases.
    auto *reg = qobject_cast<QLineEdit *>(
        win->designForm()->encodingForm()->editor(QStringLiteral("register")));
    QVERIFY(reg);
    reg->selectAll();
    QTest::keyClicks(reg, QStringLiteral("[[0, 4], [0, 2], [8, 0], [16, 0], [32, 0]]"));
    auto *lane = qobject_cast<QLineEdit *>(
        win->designForm()->encodingForm()->editor(QStringLiteral("lane")));
    lane->selectAll();
    QTest::keyClicks(lane, QStringLiteral("[[0, 1], [0, 8], [0, 16], [0, 32], [1, 0]]"));
    // (0, 1) now belongs to lane 1: thread 1.
    QVERIFY(view()->cellDescription({0, 1}).contains(QStringLiteral("T1:0")));
  }

  void pasteTtgirAddsOneDesignPerLayout() {
    open();
    const QString ttgir = QStringLiteral(
        "#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = "
        "[4, 1], order = [1, 0]}>\n"
        "#linear = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], "
        "[1, 0]], warp = [[2, 0], [4, 0]], block = []}>\n"
        "module attributes {\"ttg.num-warps\" = 4 : i32, \"ttg.threads-per-warp\" = 32 : i32} {\n"
        "  %0 = arith.constant dense<0> : tensor<32x64xi32, #blocked>\n"
        "}\n");
    QCOMPARE(win->pasteText(ttgir), QString());
    QCOMPARE(win->document()->count(), 3);
    QCOMPARE(win->document()->design(1).name, QStringLiteral("blocked"));
    QCOMPARE(win->document()->design(1).shape, (ls::Shape{32, 64}));
    QCOMPARE(win->document()->design(1).elementType, QStringLiteral("i32"));
    QCOMPARE(win->document()->design(2).name, QStringLiteral("linear"));
    QCOMPARE(win->document()->currentIndex(), 1);
    QCOMPARE(win->designList()->count(), 3);
    // The whole paste is one undo step.
    win->document()->undoStack()->undo();
    QCOMPARE(win->document()->count(), 1);
  }

  void suggestedAttributesAreUndoableEdits() {
    open();
    const QString store = QStringLiteral("#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = "
                                         "[16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>");
    QCOMPARE(win->applyAttribute(0, store), QString());
    QCOMPARE(win->currentAttribute(), store);
    QVERIFY(win->applyAttribute(0, QStringLiteral("#ttg.blocked<{sizePerThread = [4, 1], "
                                                  "threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], "
                                                  "order = [0, 1]}>"))
                .startsWith(QStringLiteral("threadsPerWarp: ")));
    QVERIFY(!win->applyAttribute(5, store).isEmpty());
    win->document()->undoStack()->undo();
    QCOMPARE(win->currentAttribute(), kLoad);
  }

  void pasteAttributeFillsTheForm() {
    open();
    const QString mma = QStringLiteral("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                                       "warpsPerCTA = [2, 2], instrShape = [16, 8]}>");
    QApplication::clipboard()->setText(mma);
    QCOMPARE(win->pasteText(QApplication::clipboard()->text()), QString());
    QCOMPARE(win->document()->count(), 1);
    QCOMPARE(win->currentAttribute(), mma);
    QCOMPARE(win->designForm()->encodingForm()->kind(), ls::EncodingKind::NvidiaMma);
    QCOMPARE(win->designForm()->encodingForm()->composedAttribute(), mma);
    QVERIFY(!win->pasteText(QStringLiteral("#ttg.nope<{}>")).isEmpty());
  }

  // What Triton 3.6 reads oddly is read, and the status bar says how: a
  // pasted attribute, and a dump whose alias has it (with the alias's line).
  void pasteWithWarningsSaysThem() {
    open();
    const QString odd = QStringLiteral(
        "#ttg.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>");
    const QString why = QStringLiteral("version: missing; Triton 3.6 reads version = 0 (no MFMA "
                                       "generation: give version = 1..4 for CDNA1..CDNA4)");
    QCOMPARE(win->pasteText(odd), QString());
    QCOMPARE(win->currentAttribute(),
             QStringLiteral("#ttg.amd_mfma<{version = 0, warpsPerCTA = [2, 2], instrShape = [32, "
                            "32, 8], isTransposed = true}>"));
    QCOMPARE(win->statusBar()->currentMessage(), QStringLiteral("Read with warnings: ") + why);
    win->statusBar()->clearMessage();
    const int before = win->document()->count();
    QCOMPARE(win->pasteText(QStringLiteral("#blocked = #ttg.blocked<{sizePerThread = [1, 1], "
                                           "threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], "
                                           "order = [1, 0]}>\n#mfma = ") +
                            odd + QStringLiteral("\n")),
             QString());
    QCOMPARE(win->document()->count(), before + 2);
    QCOMPARE(win->statusBar()->currentMessage(),
             QStringLiteral("Read with warnings: line 2: #mfma: ") + why);
    // a clean paste says nothing
    win->statusBar()->clearMessage();
    QCOMPARE(win->pasteText(QStringLiteral("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                                           "warpsPerCTA = [2, 2], instrShape = [16, 8]}>")),
             QString());
    QCOMPARE(win->statusBar()->currentMessage(), QString());
  }

  // CuTe in: a thread-value layout with its shape, and a swizzled shared
  // layout, pasted; the form shows the named attribute and, beside it, the
  // CuTe form; the grid draws the pasted layout.
  void pasteCuteShowsItsCuteForm() {
    open();
    QCOMPARE(win->pasteText(QStringLiteral("cute:((4,8),(2,2)):((16,1),(8,64)) --shape 16x8")),
             QString());
    const QString tf32A = QStringLiteral(
        "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
        "warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 1}>");
    QCOMPARE(win->currentAttribute(), tf32A);
    QCOMPARE(win->document()->design(0).shape, (ls::Shape{16, 8}));
    auto *cute = win->designForm()->findChild<QPlainTextEdit *>(QStringLiteral("cute"));
    QVERIFY(cute);
    QCOMPARE(cute->toPlainText(), QStringLiteral("((4,8),(2,2)):((16,1),(8,64))"));
    // The Basis dock shows it above the basis matrix.
    auto *basisCute = win->findChild<QLabel *>(QStringLiteral("basisCute"));
    QVERIFY(basisCute);
    QCOMPARE(basisCute->text(), QStringLiteral("CuTe: ((4,8),(2,2)):((16,1),(8,64))"));
    win->findChild<QDockWidget *>(QStringLiteral("BasisDock"))->raise();
    QApplication::processEvents();
    QVERIFY(basisCute->isVisible());
    // Above the matrix: the label's bottom edge is over the matrix's top edge.
    QVERIFY(basisCute->mapTo(win.get(), QPoint(0, basisCute->height())).y() <=
            win->basisView()->mapTo(win.get(), QPoint(0, 0)).y());
    win->grab().save(QDir::temp().filePath(QStringLiteral("ls_cute_basis.png")));
    win->findChild<QDockWidget *>(QStringLiteral("DesignDock"))->raise();
    QCOMPARE(win->designForm()->findChild<QLabel *>(QStringLiteral("cuteTitle"))->text(),
             QStringLiteral("CuTe ((thread, value) \u2192 index)"));
    // Thread 1 holds CuTe index 16 = element (0, 1) (column-major on 16x8), value 1 of
    // thread 0 index 8 = element (8, 0): coloured by thread, those cells show it.
    win->document()->waitForEvaluations();
    QApplication::processEvents();
    win->primaryPanel()->colorBox()->setCurrentIndex(
        win->primaryPanel()->colorBox()->findText(QStringLiteral("Thread")));
    const auto &pal = view()->gridPalette();
    // Sample a cell near its top edge, clear of the "T0:1" label at its centre.
    const QImage img = view()->grab().toImage();
    const double step = view()->cellCenter({1, 0}).y() - view()->cellCenter({0, 0}).y();
    auto fill = [&](ls::ui::Cell c) {
      return img.pixel((view()->cellCenter(c) - QPointF(0, step * 0.35)).toPoint()) & 0xffffff;
    };
    QCOMPARE(fill({0, 1}), pal.categorical(1, 32) & 0xffffff);
    QCOMPARE(fill({8, 0}), pal.categorical(0, 32) & 0xffffff);
    QCOMPARE(fill({0, 0}), pal.categorical(0, 32) & 0xffffff);
    QCOMPARE(fill({0, 4}), pal.categorical(0, 32) & 0xffffff); // T0 value 2 (index 64)
    QCOMPARE(fill({1, 0}), pal.categorical(4, 32) & 0xffffff);
    win->grab().save(QDir::temp().filePath(QStringLiteral("ls_cute_form.png")));
    // Without a shape, a thread-value layout takes the current design's (16x8 here).
    QCOMPARE(win->pasteText(QStringLiteral("cute:((4,8),(2,2)):((16,1),(8,64))")), QString());
    QCOMPARE(win->currentAttribute(), tf32A);

    // Shared: the GMMA 128-byte atom for 16-bit elements.
    QCOMPARE(win->pasteText(QStringLiteral("cute:Swizzle<3,3,3> o (8,64):(64,1)")), QString());
    QCOMPARE(win->currentAttribute(),
             QStringLiteral("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                            "elementBitWidth = 16}>"));
    QCOMPARE(cute->toPlainText(), QStringLiteral("Swizzle<3,3,3> o (8,64):(64,1)"));
    // The CuTe field's text pasted back as it is (no `cute:`): the same layout
    // on its own tile, not the current design's shape.
    QCOMPARE(win->pasteText(cute->toPlainText()), QString());
    QCOMPARE(win->currentAttribute(),
             QStringLiteral("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                            "elementBitWidth = 16}>"));
    QCOMPARE(win->document()->design(win->document()->currentIndex()).shapeText(),
             QStringLiteral("8x64"));

    // A layout with no CuTe form says which basis breaks it.
    QCOMPARE(win->pasteText(QStringLiteral(
                 "#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
                 "[0, 3]], warp = [], block = []}>")),
             QString());
    QVERIFY2(cute->toPlainText().startsWith(QStringLiteral("no CuTe form: basis lane[4]")),
             qPrintable(cute->toPlainText()));
  }

  void saveAndOpenRoundTrip() {
    open();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.lstudio"));
    win->primaryPanel()->hardwareBox()->setChecked(true);
    QString error;
    QVERIFY2(win->saveFile(path, &error), qPrintable(error));
    const Design saved = win->document()->design(0);
    QVERIFY(saved.view.hardware);
    MainWindow other(/*interactive=*/false);
    QVERIFY2(other.openFile(path, &error), qPrintable(error));
    QCOMPARE(other.document()->design(0), saved);
    QVERIFY(other.primaryPanel()->view()->hardwareView());
  }

  void screenshotWritesAPicture() {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    QString error;
    QVERIFY(win->openLayout(kLoad, QStringLiteral("64x64"), QString(), &error));
    QTemporaryDir dir;
    CommandLine cl;
    cl.screenshot = dir.filePath(QStringLiteral("s.png"));
    cl.size = QSize(1200, 800);
    QCOMPARE(renderScreenshot(*win, cl), QString());
    const QImage img(cl.screenshot);
    QCOMPARE(img.size(), QSize(1200, 800));
    // The cell of (2, 0) -- warp 1 -- is painted in warp 1's colour.
    const QPoint p = view()->mapTo(win.get(), view()->cellCenter({2, 0}).toPoint());
    QCOMPARE(img.pixel(p) & 0xffffff, view()->gridPalette().categorical(1, 4) & 0xffffff);
  }

  void compareTwoDesignsSideBySide() {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    win->show();
    QString error;
    QVERIFY(win->openFile(QStringLiteral(":/examples/transpose.lstudio"), &error));
    QCOMPARE(win->document()->count(), 2);
    win->setCompareIndex(1);
    QVERIFY(win->comparePanel()->isVisible());
    auto *other = win->comparePanel()->view();
    QVERIFY(other->result());
    QCOMPARE(other->result()->designName, win->document()->design(1).name);
    // The store layout holds (4, 0) in register 0 of... thread 0: warp 0.
    QVERIFY(other->cellDescription({1, 0}).contains(QStringLiteral("T0:1")));
    win->setCompareIndex(-1);
    QVERIFY(!win->comparePanel()->isVisible());
  }

  void presentationModeUsesTheColourBlindSafePalette() {
    open();
    win->setPresentationMode(true);
    QVERIFY(view()->gridPalette().colorBlindSafe);
    QVERIFY(view()->gridPalette().highContrast);
    QCOMPARE(pixel(view(), {2, 0}), QRgb(0x56b4e9)); // Okabe-Ito sky blue = warp 1
    // The Banks panel too: no red against green on a projector.
    QVERIFY(win->analysisDocks()->banks()->currentView()->colorBlindSafe());
    win->setPresentationMode(false);
    QVERIFY(!view()->gridPalette().colorBlindSafe);
    QVERIFY(!win->analysisDocks()->banks()->currentView()->colorBlindSafe());
  }

  void stepThroughLaneByLane() {
    open();
    auto *player = win->stepPlayer();
    QCOMPARE(player->stepCount(), 128);
    player->start();
    const auto &h = view()->highlight();
    QVERIFY(h.caption.contains(QStringLiteral("thread 0 (warp 0, lane 0), 32 elements")));
    player->next();
    QVERIFY(view()->highlight().caption.contains(QStringLiteral("thread 1 (warp 0, lane 1)")));
    // Thread 0's elements stay in colour, thread 1's are outlined, the rest fade.
    const auto &own = view()->plane()->ownership();
    QVERIFY(ls::bitmapTest(view()->highlight().normalElements, own.packElement({0, 0})));
    QVERIFY(ls::bitmapTest(view()->highlight().strongElements, own.packElement({0, 4})));
    player->setUnit(ls::ui::StepPlayer::Unit::Register);
    QCOMPARE(player->stepCount(), 32);
    QVERIFY(view()->highlight().caption.contains(QStringLiteral("register 0 of every thread, "
                                                                "128 elements")));
    // Keyboard: Right steps while the grid has focus.
    view()->setFocus();
    QTest::keyClick(view(), Qt::Key_Right);
    QCOMPARE(player->step(), 1);
    player->stop();
    QVERIFY(!view()->highlight().active());
  }

  void basisHoverHighlightsTheGrid() {
    open();
    emit win->basisView()->basisHovered(9); // lane 4 -> (1, 0)
    QCOMPARE(view()->highlight().mode, ls::ui::GridHighlight::Mode::LocationBit);
    emit win->basisView()->basisLeft();
    QVERIFY(!view()->highlight().active());
  }

  void exportDockFollowsTheCurrentDesign() {
    open();
    AnalysisDocks *docks = win->analysisDocks();
    docks->updateNow(/*all=*/true);
    ls::ui::ExportPanel *panel = docks->exportPanel();
    QVERIFY(panel->hasDesign());
    QCOMPARE(panel->text(ls::codegen::ExportFormat::Attribute).trimmed(), kLoad);
    spins(*win, QStringLiteral("sizePerThread"))[1]->setValue(8);
    docks->updateNow(true);
    QVERIFY(panel->text(ls::codegen::ExportFormat::Attribute).contains(QStringLiteral("[1, 8]")));
  }

  void conversionDockPairsWithTheComparedDesign() {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    QString error;
    QVERIFY(win->openFile(QStringLiteral(":/examples/transpose.lstudio"), &error));
    AnalysisDocks *docks = win->analysisDocks();
    win->setCompareIndex(1);
    docks->updateNow(true);
    QVERIFY2(docks->hint(1).isEmpty(), qPrintable(docks->hint(1)));
    QVERIFY(docks->conversion()->hasConversion());
    QVERIFY(!docks->conversion()->headerLines().isEmpty());
    // A lone design has nothing to convert to.
    win->document()->removeDesign(1);
    docks->updateNow(true);
    QVERIFY(docks->hint(1).contains(QStringLiteral("second distributed design")));
  }

  void coalescingSuggestionBecomesADesign() {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    QString error;
    QVERIFY(win->openFile(QStringLiteral(":/examples/transpose.lstudio"), &error));
    win->document()->setCurrentIndex(1); // the store layout, read row-major
    AnalysisDocks *docks = win->analysisDocks();
    docks->updateNow(true);
    QVERIFY2(docks->hint(2).isEmpty(), qPrintable(docks->hint(2)));
    // Triton's coalesce pass picks the load layout for a row-major tensor.
    QCOMPARE(docks->coalescing()->suggestionText(), kLoad);
    emit docks->coalescing()->coalescedLayoutSuggested(docks->coalescing()->suggestionText());
    QCOMPARE(win->document()->count(), 3);
    QVERIFY(win->document()->design(2).name.endsWith(QStringLiteral("(coalesced)")));
    QCOMPARE(win->document()->design(2).attribute, kLoad);
    QCOMPARE(win->compareIndex(), 1);
    win->document()->undoStack()->undo();
    QCOMPARE(win->document()->count(), 2);
  }

  void bankProposalEditsTheSharedDesign() {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    QString error;
    QVERIFY(win->openLayout(kLoad, QStringLiteral("64x64"), QStringLiteral("f16"), &error));
    AnalysisDocks *docks = win->analysisDocks();
    docks->updateNow(true);
    QVERIFY(docks->hint(0).contains(QStringLiteral("shared design")));
    Design shared = win->document()->design(0);
    shared.name = QStringLiteral("unswizzled");
    shared.attribute = QStringLiteral("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = "
                                      "1, order = [1, 0]}>");
    win->document()->addDesign(shared);
    win->document()->setCurrentIndex(0);
    docks->updateNow(true);
    QVERIFY2(docks->hint(0).isEmpty(), qPrintable(docks->hint(0)));
    QVERIFY(!docks->banks()->currentTotalsText().isEmpty());
    const QString proposal = docks->banks()->proposalAttribute();
    QVERIFY2(proposal.startsWith(QStringLiteral("#ttg.")), qPrintable(proposal));
    emit docks->banks()->applyProposal(proposal);
    QCOMPARE(win->document()->design(1).attribute, proposal);
    win->document()->undoStack()->undo();
    QCOMPARE(win->document()->design(1).attribute, shared.attribute);
  }

  // --- Tensor memory as a design kind -----------------------------------

  // The command line opens a TMEM design; the grid is its 32x32b load:
  // warps 0-3 own the lane (row) quarters.
  void tensorMemoryOnTheCommandLineIsATmemDesign() {
    open(kTmem, QStringLiteral("128x64"));
    const Design d = win->document()->design(0);
    QCOMPARE(d.attribute, kTmem);
    QCOMPARE(d.tmemVariant, QStringLiteral("32x32b"));
    QCOMPARE(d.shape, (ls::Shape{128, 64}));
    QCOMPARE(d.module, (ls::ModuleParams{4, 32, 1}));
    QCOMPARE(registersOf(*win), k32x32b);
    const auto &pal = view()->gridPalette();
    QCOMPARE(view()->colorBy(), ls::ui::ColorBy::Warp);
    QCOMPARE(pixel(view(), {0, 5}), pal.categorical(0, 4) & 0xffffff);
    QCOMPARE(pixel(view(), {31, 63}), pal.categorical(0, 4) & 0xffffff);
    QCOMPARE(pixel(view(), {32, 5}), pal.categorical(1, 4) & 0xffffff);
    QCOMPARE(pixel(view(), {63, 0}), pal.categorical(1, 4) & 0xffffff);
    QCOMPARE(pixel(view(), {127, 63}), pal.categorical(3, 4) & 0xffffff);
    QVERIFY2(
        view()->cellDescription({40, 5}).contains(QStringLiteral("warp 1, lane 8, register 5")),
        qPrintable(view()->cellDescription({40, 5})));
    // The form shows the TMEM kind, its fields and the access.
    QCOMPARE(win->designForm()->encodingForm()->kind(), ls::EncodingKind::TensorMemory);
    QVERIFY(win->designForm()->tmemVariantBox()->isVisibleTo(win->designForm()));
    QCOMPARE(win->designForm()->tmemVariantBox()->currentText(), QStringLiteral("32x32b"));
    // The TMEM dock shows it: 128 lanes x 64 columns beside the registers.
    AnalysisDocks *docks = win->analysisDocks();
    QVERIFY(!docks->tmemDock()->isHidden());
    docks->updateNow(true);
    QCOMPARE(QString::fromStdString(docks->tmem()->design().attributeText()), kTmem);
    QVERIFY(docks->tmem()->noticeText().isEmpty());
    QVERIFY2(docks->tmem()->summaryText().startsWith(
                 QStringLiteral("TMEM: 128 lanes x 64 columns per CTA")),
             qPrintable(docks->tmem()->summaryText()));
    // The basis view and step-through read the registers too.
    QCOMPARE(win->stepPlayer()->stepCount(), 128);
  }

  void tmemFormEditsAreUndoable() {
    open(kTmem, QStringLiteral("128x64"));
    auto *blockN = qobject_cast<QSpinBox *>(
        win->designForm()->encodingForm()->editor(QStringLiteral("blockN")));
    QVERIFY(blockN);
    QCOMPARE(blockN->value(), 64);
    QCOMPARE(blockN->maximum(), 512);
    const int steps = win->document()->undoStack()->count();
    blockN->setValue(32);
    blockN->setValue(16);
    QCOMPARE(win->currentAttribute(), QStringLiteral("#ttng.tensor_memory_encoding<blockM = 128, "
                                                     "blockN = 16, colStride = 1>"));
    QCOMPARE(win->document()->undoStack()->count(), steps + 1); // merged
    win->document()->undoStack()->undo();
    QCOMPARE(win->currentAttribute(), kTmem);
    QCOMPARE(blockN->value(), 64);
    win->document()->undoStack()->redo();
    QCOMPARE(blockN->value(), 16);
    // blockM offers only what Triton accepts.
    auto *blockM = qobject_cast<QComboBox *>(
        win->designForm()->encodingForm()->editor(QStringLiteral("blockM")));
    QVERIFY(blockM);
    QCOMPARE(blockM->count(), 2);
    // A broken rule shows next to its field (Gluon: a warpgroup at least).
    auto *warps = win->designForm()->findChild<QComboBox *>(QStringLiteral("numWarps"));
    warps->setCurrentIndex(warps->findData(2));
    QVERIFY2(win->designForm()
                 ->errorText(QStringLiteral("num-warps"))
                 .contains(QStringLiteral("num_warps must be a power of two and >= 4")),
             qPrintable(win->designForm()->errorText(QStringLiteral("num-warps"))));
    QCOMPARE(win->document()->design(0).module.numWarps, 4);
  }

  void tmemAccessChangesTheRegisters() {
    open(kTmem, QStringLiteral("128x64"));
    QVERIFY(view()->cellDescription({8, 0}).contains(QStringLiteral("warp 0, lane 8, register 0")));
    QComboBox *variant = win->designForm()->tmemVariantBox();
    QCOMPARE(variant->count(), 5);
    variant->setCurrentIndex(variant->findText(QStringLiteral("16x64b")));
    QCOMPARE(win->document()->design(0).tmemVariant, QStringLiteral("16x64b"));
    QCOMPARE(registersOf(*win),
             QStringLiteral("#ttg.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], "
                            "[16, 0]], lane = [[8, 0], [0, 1], [1, 0], [2, 0], [4, 0]], warp = "
                            "[[32, 0], [64, 0]], block = []}>"));
    // 16x64b: lane 1 reads row 8.
    QVERIFY2(view()->cellDescription({8, 0}).contains(QStringLiteral("warp 0, lane 1, register 0")),
             qPrintable(view()->cellDescription({8, 0})));
    QVERIFY(view()->sceneState().subtitle.contains(QStringLiteral("16x64b")));
    win->document()->undoStack()->undo();
    QCOMPARE(registersOf(*win), k32x32b);
    QCOMPARE(variant->currentText(), QStringLiteral("32x32b"));
  }

  void tmemDesignsSaveAndOpen() {
    open(kTmem, QStringLiteral("128x64"));
    QComboBox *variant = win->designForm()->tmemVariantBox();
    variant->setCurrentIndex(variant->findText(QStringLiteral("16x128b")));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tmem.lstudio"));
    QString error;
    QVERIFY2(win->saveFile(path, &error), qPrintable(error));
    MainWindow other(/*interactive=*/false);
    QVERIFY2(other.openFile(path, &error), qPrintable(error));
    QCOMPARE(other.document()->design(0), win->document()->design(0));
    QCOMPARE(other.document()->design(0).tmemVariant, QStringLiteral("16x128b"));
    QCOMPARE(registersOf(other), registersOf(*win));
    QCOMPARE(other.designForm()->tmemVariantBox()->currentText(), QStringLiteral("16x128b"));
  }

  void pastedTensorMemoryBecomesATmemDesign() {
    open();
    const QString memdesc = QStringLiteral("!ttg.memdesc<128x64xf16, ") + kTmem +
                            QStringLiteral(", #ttng.tensor_memory, mutable>");
    QCOMPARE(win->pasteText(memdesc), QString());
    QCOMPARE(win->document()->count(), 1);
    const Design d = win->document()->design(0);
    QCOMPARE(d.attribute, kTmem);
    QCOMPARE(d.shape, (ls::Shape{128, 64}));
    QCOMPARE(d.elementType, QStringLiteral("f16"));
    QCOMPARE(d.tmemVariant, QStringLiteral("32x32b"));
    QVERIFY(win->document()->result(0));
    AnalysisDocks *docks = win->analysisDocks();
    QVERIFY(docks->tmemDock()->isVisible());
    QCOMPARE(QString::fromStdString(docks->tmem()->design().element.name), QStringLiteral("f16"));
    // One undo step.
    win->document()->undoStack()->undo();
    QCOMPARE(win->currentAttribute(), kLoad);
    docks->updateNow(true);
    QVERIFY(docks->tmem()->noticeText().contains(QStringLiteral("not a tensor-memory design")));
  }

  void switchingToTensorMemoryKind() {
    open(kLoad, QStringLiteral("128x64"));
    auto *kind = win->designForm()->findChild<QComboBox *>(QStringLiteral("kind"));
    const int i = kind->findData(QStringLiteral("tensor_memory_encoding"));
    QVERIFY(i >= 0);
    QCOMPARE(kind->itemText(i), QStringLiteral("Tensor memory  (tensor_memory_encoding)"));
    kind->setCurrentIndex(i);
    QCOMPARE(win->currentAttribute(), kTmem);
    QVERIFY(win->document()->result(0)->isTensorMemory());
    QVERIFY(win->designForm()->tmemVariantBox()->isVisibleTo(win->designForm()));
    win->document()->undoStack()->undo();
    QCOMPARE(win->currentAttribute(), kLoad);
    QVERIFY(!win->designForm()->tmemVariantBox()->isVisibleTo(win->designForm()));
  }

  void switchingToTensorMemoryScales() {
    open(kLoad, QStringLiteral("128x64"));
    auto *kind = win->designForm()->findChild<QComboBox *>(QStringLiteral("kind"));
    kind->setCurrentIndex(kind->findData(QStringLiteral("tensor_memory_scales_encoding")));
    // Scales are 8-bit: the kind switch picks i8 for the f32 design.
    const Design d = win->document()->design(0);
    QCOMPARE(d.attribute, QStringLiteral("#ttng.tensor_memory_scales_encoding<>"));
    QCOMPARE(d.elementType, QStringLiteral("i8"));
    QVERIFY2(win->document()->result(0), qPrintable(win->document()->evaluationError(0)));
    // CTASplitM offers powers of two up to a cluster of 16.
    auto *split = qobject_cast<QSpinBox *>(
        win->designForm()->encodingForm()->editor(QStringLiteral("CTASplitM")));
    QVERIFY(split);
    QCOMPARE(split->value(), 1);
    QCOMPARE(split->maximum(), 16);
  }

  // The dock's Suggest fills the current design (even one of another kind)
  // as one undoable step; its form edits are undoable edits too.
  void tmemDockSuggestFillsTheCurrentDesign() {
    open();
    AnalysisDocks *docks = win->analysisDocks();
    ls::ui::TmemDesignWidget *tmem = docks->tmem();
    tmem->setSuggestTile(256, 128, 64, QStringLiteral("f16"), QStringLiteral("f32"));
    tmem->suggest();
    QCOMPARE(win->document()->count(), 1);
    Design d = win->document()->design(0);
    QCOMPARE(d.attribute, QStringLiteral("#ttng.tensor_memory_encoding<blockM = 128, blockN = "
                                         "128, colStride = 1>"));
    QCOMPARE(d.shape, (ls::Shape{256, 128}));
    QCOMPARE(d.elementType, QStringLiteral("f32"));
    QCOMPARE(view()->plane()->rows(), int64_t(256));
    docks->updateNow(true);
    QCOMPARE(tmem->design().shape, (ls::Shape{256, 128}));
    const int steps = win->document()->undoStack()->count();
    tmem->variantBox()->setCurrentIndex(tmem->variantBox()->findText(QStringLiteral("16x256b")));
    QCOMPARE(win->document()->design(0).tmemVariant, QStringLiteral("16x256b"));
    QCOMPARE(win->designForm()->tmemVariantBox()->currentText(), QStringLiteral("16x256b"));
    QCOMPARE(win->document()->undoStack()->count(), steps + 1);
    win->document()->undoStack()->undo();
    win->document()->undoStack()->undo();
    QCOMPARE(win->currentAttribute(), kLoad);
  }

  // --- View settings are edits ---------------------------------------------

  void viewSettingsUndoAndRedo() {
    open();
    ls::ui::GridPanel *panel = win->primaryPanel();
    QUndoStack *undo = win->document()->undoStack();
    const int steps = undo->count();
    panel->colorBox()->setCurrentIndex(panel->colorBox()->findText(QStringLiteral("Thread")));
    panel->colorBox()->setCurrentIndex(panel->colorBox()->findText(QStringLiteral("Lane")));
    QCOMPARE(undo->count(), steps + 1);
    panel->hardwareBox()->setChecked(true);
    QCOMPARE(undo->count(), steps + 2);
    QVERIFY(win->document()->design(0).view.hardware);
    undo->undo();
    QVERIFY(!view()->hardwareView());
    QVERIFY(!panel->hardwareBox()->isChecked());
    QCOMPARE(view()->colorBy(), ls::ui::ColorBy::Lane);
    undo->undo();
    QCOMPARE(view()->colorBy(), ls::ui::ColorBy::Warp);
    QCOMPARE(panel->colorBox()->currentText(), QStringLiteral("Warp"));
    QCOMPARE(pixel(view(), {2, 0}), view()->gridPalette().categorical(1, 4) & 0xffffff);
    undo->redo();
    QCOMPARE(view()->colorBy(), ls::ui::ColorBy::Lane);
    QCOMPARE(win->document()->design(0).view.colorBy, QStringLiteral("lane"));
    undo->redo();
    QVERIFY(view()->hardwareView());
  }

  // While a large tensor is evaluated off-thread, the grid shows the old
  // picture stretched to the new shape; the new result replaces it.
  void stalePictureWhileALargeTensorComputes() {
    open();
    const QRgb old = pixel(view(), {50, 10});
    win->document()->setAsyncThreshold(0); // everything on a worker
    ls::ui::DesignDraft draft = win->document()->design(0).toDraft();
    draft.shapeText = QStringLiteral("128x64");
    win->applyDraft(draft, QStringLiteral("shape"));
    QVERIFY(win->document()->isEvaluating(0));
    const ls::ui::GridGeometry *g = view()->pendingGeometry();
    QVERIFY(g);
    QCOMPARE(g->rows, int64_t(128));
    const QImage img = view()->grab().toImage();
    QCOMPARE(img.pixel(g->cellRect(100, 10).center().toPoint()) & 0xffffff, old);
    win->document()->waitForEvaluations();
    QApplication::processEvents();
    QVERIFY(!win->document()->isEvaluating(0));
    QVERIFY(!view()->pendingGeometry());
    QCOMPARE(view()->plane()->rows(), int64_t(128));
  }

  void everyExampleOpens() {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    const QStringList files =
        QDir(QStringLiteral(":/examples")).entryList({QStringLiteral("*.lstudio")});
    QVERIFY(files.contains(QStringLiteral("transpose.lstudio")));
    for (const QString &f : files) {
      QString error;
      QVERIFY2(win->openFile(QStringLiteral(":/examples/") + f, &error), qPrintable(error));
      for (int i = 0; i < win->document()->count(); ++i) {
        win->document()->waitForEvaluations();
        QVERIFY2(win->document()->result(i),
                 qPrintable(f + QStringLiteral(": ") + win->document()->design(i).name +
                            QStringLiteral(": ") + win->document()->evaluationError(i)));
      }
      // Opened as an example (File > Examples, --example): its second design
      // compared with its first, however many it has (swizzle has five).
      QVERIFY2(win->openCopy(QStringLiteral(":/examples/") + f, &error), qPrintable(error));
      QVERIFY(win->document()->count() >= 2);
      QCOMPARE(win->compareIndex(), 1);
    }
  }

  void autosaveAndOrphans() {
    QDir(Autosave::directory()).removeRecursively();
    Document doc;
    Autosave a(&doc);
    QVERIFY(Autosave::orphans().isEmpty());
    Design d;
    d.name = QStringLiteral("d");
    d.attribute = kLoad;
    d.shape = {64, 64};
    doc.addDesign(d);
    QVERIFY(a.saveNow());
    QVERIFY(QFile::exists(a.filePath()));
    // A live session's autosave is not an orphan.
    QVERIFY(Autosave::orphans().isEmpty());
    // One whose session is gone (no lock held) is.
    const QString dead = Autosave::directory() + QStringLiteral("/dead.lstudio");
    QVERIFY(QFile::copy(a.filePath(), dead));
    QCOMPARE(Autosave::orphans(), QStringList{dead});
    Document recovered;
    QFile f(dead);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(recovered.loadJson(f.readAll(), nullptr));
    QCOMPARE(recovered.design(0).attribute, kLoad);
    Autosave::removeOrphan(dead);
    QVERIFY(Autosave::orphans().isEmpty());
    a.discard();
    QVERIFY(!QFile::exists(a.filePath()));
  }

  void commandLine_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("layout and shape")
        << QStringList{QStringLiteral("--layout"),     kLoad,
                       QStringLiteral("--shape"),      QStringLiteral("64x64"),
                       QStringLiteral("--screenshot"), QStringLiteral("o.png")}
        << QString();
    QTest::newRow("file") << QStringList{QStringLiteral("a.lstudio")} << QString();
    QTest::newRow("shape without layout")
        << QStringList{QStringLiteral("--shape"), QStringLiteral("8")}
        << QStringLiteral("--shape and --dtype need --layout");
    QTest::newRow("bad size") << QStringList{QStringLiteral("--size"), QStringLiteral("10x10")}
                              << QStringLiteral("--size");
  }
  void commandLine() {
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    args.prepend(QStringLiteral("layout-studio"));
    const CommandLine cl = parseCommandLine(args);
    if (error.isEmpty())
      QVERIFY2(cl.error.isEmpty(), qPrintable(cl.error));
    else
      QVERIFY2(cl.error.contains(error), qPrintable(cl.error));
  }
};

LS_GUI_TEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
