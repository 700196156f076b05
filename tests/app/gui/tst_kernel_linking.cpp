// The Kernel view as a document of the application: its rows open their
// layouts as designs (conversions in the compare view, shared accesses in
// the Banks panel, values in the designer), kernels arrive by File > Open,
// drag and drop or paste, and a kernel file changed on disk is read again.
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QMimeData>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>

#include "analysis_docks.h"
#include "app_setup.h"
#include "autosave.h"
#include "banks/bank_heatmap.h"
#include "convert/conversion_view.h"
#include "document.h"
#include "gui_test_main.h"
#include "kernel/kernel_view.h"
#include "main_window.h"
#include "notation/mlir/layout_parser.h"

#include <QLabel>

using namespace ls::app;

namespace {

QString corpus(const QString &file) {
  return QStringLiteral(LS_SOURCE_DIR "/tests/data/ttgir36/") + file;
}

QByteArray readAll(const QString &path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly))
    return {};
  return f.readAll();
}

// The layout inside a canonical type text: "tensor<64x64xf16, #ttg.blocked<...>>"
// -> "#ttg.blocked<...>" (the first '#' to the type's last '>').
QString layoutOf(const std::string &type) {
  const QString t = QString::fromStdString(type);
  const int at = t.indexOf(QLatin1Char('#'));
  QString rest = t.mid(at);
  rest.chop(1); // the type's own '>'
  // A memdesc also names its memory space: keep the encoding only.
  const int space = rest.indexOf(QStringLiteral(", #ttg.shared_memory"));
  return space > 0 ? rest.left(space) : rest;
}

} // namespace

class TestKernelLinking : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> win;
  ls::ui::KernelView *kv() { return win->analysisDocks()->kernel(); }

  void openWindow() {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    win->resize(1400, 860);
    win->show();
    QVERIFY(QTest::qWaitForWindowExposed(win.get()));
  }

  void activate(const QString &kind, int index) {
    const int row = kv()->rowOf(kind, index);
    QVERIFY2(row >= 0, qPrintable(kind));
    QTableWidget *t = kind == QLatin1String("value") ? kv()->valuesTable() : kv()->sitesTable();
    kv()->tabs()->setCurrentWidget(t);
    t->selectRow(row);
    QVERIFY(kv()->openButton()->isEnabled());
    kv()->openButton()->click();
    win->document()->waitForEvaluations();
    win->analysisDocks()->updateNow(true);
    QApplication::processEvents();
  }

private slots:
  void initTestCase() { initResources(); }

  void convertOpensBothLayoutsInTheCompareView() {
    openWindow();
    QString error;
    QVERIFY2(
        win->analysisDocks()->openKernel(corpus(QStringLiteral("attention_sm90.ttgir")), &error),
        qPrintable(error));
    QVERIFY(win->analysisDocks()->kernelDock()->isVisible());
    const ls::audit::KernelAudit &a = kv()->audit();
    QVERIFY(!a.converts.empty());
    const int before = win->document()->count();
    activate(QStringLiteral("convert"), 0);
    QCOMPARE(win->document()->count(), before + 2);
    const Design &src = win->document()->design(win->document()->currentIndex());
    QCOMPARE(src.attribute, layoutOf(a.converts[0].src));
    QCOMPARE(src.module.numWarps, a.numWarps);
    // The kernel's machine becomes the document's, said as chosen (not the
    // "(auto, from the layouts)" guess), even where the layouts imply it too.
    QCOMPARE(win->document()->explicitTarget(), QStringLiteral("sm90"));
    QVERIFY(win->compareIndex() >= 0);
    QCOMPARE(win->document()->design(win->compareIndex()).attribute, layoutOf(a.converts[0].dst));
    QVERIFY(win->analysisDocks()->conversionDock()->isVisible());
    QVERIFY(win->analysisDocks()->conversion()->hasConversion());
    // The panel names the class the audit found.
    const QString kind = QString::fromLatin1(ls::conversionKindName(a.converts[0].cost->kind));
    QVERIFY2(
        win->analysisDocks()->conversion()->headerLines().join(' ').contains(kind,
                                                                             Qt::CaseInsensitive),
        qPrintable(win->analysisDocks()->conversion()->headerLines().join('|') + " / " + kind));
    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR"))
      win->grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") + "/kernel_convert.png");
    // Opening it again adds nothing; one undo removes both designs.
    activate(QStringLiteral("convert"), 0);
    QCOMPARE(win->document()->count(), before + 2);
    win->document()->undoStack()->undo();
    QCOMPARE(win->document()->count(), before);
    QCOMPARE(win->document()->explicitTarget(), QString());
  }

  void sharedAccessOpensThePairInTheBanksPanel() {
    openWindow();
    QString error;
    QVERIFY2(
        win->analysisDocks()->openKernel(corpus(QStringLiteral("matmul_fp8_sm90.ttgir")), &error),
        qPrintable(error));
    const ls::audit::KernelAudit &a = kv()->audit();
    int k = -1;
    for (size_t i = 0; i < a.shared.size(); ++i)
      if (a.shared[i].conflicts.value_or(0) > 0)
        k = int(i);
    QVERIFY(k >= 0);
    activate(QStringLiteral("shared"), k);
    const Design &reg = win->document()->design(win->document()->currentIndex());
    QCOMPARE(reg.attribute, layoutOf(a.shared[size_t(k)].tensor));
    QCOMPARE(win->document()->design(win->compareIndex()).attribute,
             layoutOf(a.shared[size_t(k)].memdesc));
    QVERIFY(win->analysisDocks()->banksDock()->isVisible());
    QVERIFY2(win->analysisDocks()->banks()->errorText().isEmpty(),
             qPrintable(win->analysisDocks()->banks()->errorText()));
    if (qEnvironmentVariableIsSet("LS_SCREENSHOT_DIR"))
      win->grab().save(qEnvironmentVariable("LS_SCREENSHOT_DIR") + "/kernel_banks.png");
    const QString totals = win->analysisDocks()->banks()->currentTotalsText();
    // The panel's totals are the audit's wavefronts for this pair, written
    // (a local_alloc stores) on the kernel's machine.
    const auto &acc = a.shared[size_t(k)];
    QVERIFY2(totals.startsWith(QStringLiteral("st.shared")), qPrintable(totals));
    QVERIFY2(totals.contains(QStringLiteral("%1 wavefronts (ideal %2)")
                                 .arg(*acc.wavefronts)
                                 .arg(*acc.idealWavefronts)),
             qPrintable(totals));
    QVERIFY2(totals.endsWith(QStringLiteral("(Triton bank_conflicts %1)").arg(*acc.conflicts)),
             qPrintable(totals));
  }

  void banksPanelSaysTheAuditsBufferVerdict() {
    // gfx942 TMA matmul: the load at line 141 alone would gain from the
    // swizzle, but line 93's store pays for it; the panel judges the one
    // register layout and says so, the note under it says the audit's
    // buffer-wide figures.
    openWindow();
    QString error;
    QVERIFY2(win->analysisDocks()->openKernel(corpus(QStringLiteral("matmul_tma_gfx942.ttgir")),
                                              &error),
             qPrintable(error));
    const ls::audit::KernelAudit &a = kv()->audit();
    int k = -1;
    for (size_t i = 0; i < a.shared.size(); ++i)
      if (a.shared[i].site.line == 141 && !a.shared[i].proposal.empty())
        k = int(i);
    QVERIFY(k >= 0);
    activate(QStringLiteral("shared"), k);
    ls::ui::BankHeatmap *banks = win->analysisDocks()->banks();
    const QString note = banks->kernelNoteText();
    QVERIFY2(note.startsWith(QStringLiteral("Kernel audit, line 141, over every access of this "
                                            "buffer: proposes #ttg.shared_linear<")),
             qPrintable(note));
    QVERIFY2(note.endsWith(QStringLiteral("wavefronts 1056 -> 192 over the buffer's 2 distinct "
                                          "accesses, instructions per thread 20 -> 16; line 93's "
                                          "ttg.local_store pays 32 -> 128 wavefronts and 4 "
                                          "ds_write_b128 -> 8 ds_write_b64 per thread")),
             qPrintable(note));
    // Drawn: the note's tint under the verdict.
    const auto label = banks->findChildren<QLabel *>();
    QLabel *noteLabel = nullptr;
    for (QLabel *l : label)
      if (l->text() == note)
        noteLabel = l;
    QVERIFY(noteLabel && noteLabel->isVisible());
    const QImage img = noteLabel->grab().toImage();
    QCOMPARE(img.pixelColor(2, img.height() / 2).name(), QStringLiteral("#fff4d6"));
    // Another pair (a value opened in the designer, then the banks panel
    // on it) is not what the note is about: hidden.
    banks->setDesign(ls::ir::parseEncoding("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = "
                                       "[8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"),
                     ls::ir::parseEncoding("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
                                       "order = [1, 0]}>"),
                     {64, 64}, QStringLiteral("f16"));
    QCOMPARE(banks->kernelNoteText(), QString());
  }

  void amdKernelStaysOnAmd() {
    // A gfx942 kernel's (64-lane) pairs are served by the gfx942 bank model
    // and its conversions are costed without ldmatrix/stmatrix.
    openWindow();
    QString error;
    QVERIFY2(
        win->analysisDocks()->openKernel(corpus(QStringLiteral("transpose_gfx942.ttgir")), &error),
        qPrintable(error));
    const ls::audit::KernelAudit &a = kv()->audit();
    QCOMPARE(QString::fromStdString(a.bankTarget), QStringLiteral("gfx942"));
    QCOMPARE(int(a.converts.size()), 1);
    activate(QStringLiteral("convert"), 0);
    const QString header = win->analysisDocks()->conversion()->headerLines().join(' ');
    QVERIFY2(!header.contains(QStringLiteral("ldmatrix")) &&
                 !header.contains(QStringLiteral("stmatrix")),
             qPrintable(header));
    QVERIFY2(header.contains(QStringLiteral("%1 B").arg(a.converts[0].cost->scratch->bytes)) ||
                 header.contains(QString::number(a.converts[0].cost->scratch->bytes)),
             qPrintable(header));
    // A shared access of a gfx942 matmul, with the panel left on sm90 by an
    // earlier design: it moves to the kernel's machine.
    QVERIFY2(
        win->analysisDocks()->openKernel(corpus(QStringLiteral("matmul_gfx942.ttgir")), &error),
        qPrintable(error));
    QVERIFY(!kv()->audit().shared.empty());
    win->analysisDocks()->banks()->setTarget(QStringLiteral("sm90"));
    activate(QStringLiteral("shared"), 0);
    QCOMPARE(win->analysisDocks()->banks()->target(), QStringLiteral("gfx942"));
    const QString totals = win->analysisDocks()->banks()->currentTotalsText();
    QVERIFY2(totals.startsWith(QStringLiteral("ds_write")), qPrintable(totals));
    QVERIFY2(
        totals.contains(QStringLiteral("%1 wavefronts").arg(*kv()->audit().shared[0].wavefronts)),
        qPrintable(totals));
  }

  void valueAndGlobalOpenInTheDesigner() {
    openWindow();
    QString error;
    QVERIFY2(win->analysisDocks()->openKernel(corpus(QStringLiteral("softmax_sm90.ttgir")), &error),
             qPrintable(error));
    const ls::audit::KernelAudit &a = kv()->audit();
    QVERIFY(!a.tensors.empty());
    activate(QStringLiteral("value"), 0);
    const Design &v = win->document()->design(win->document()->currentIndex());
    QCOMPARE(v.attribute, layoutOf(a.tensors[0].type));
    QCOMPARE(v.shape, a.tensors[0].shape);
    QVERIFY(!a.global.empty());
    activate(QStringLiteral("global"), 0);
    const Design &g = win->document()->design(win->document()->currentIndex());
    // The pointer tensor is designed as the f32 tensor it points to.
    QCOMPARE(g.elementType, QStringLiteral("f32"));
    QCOMPARE(g.attribute, layoutOf(a.global[0].type));
    QVERIFY(win->analysisDocks()->coalescingDock()->isVisible());
  }

  void dropPasteAndRefresh() {
    openWindow();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("k.ttgir"));
    QVERIFY(QFile::copy(corpus(QStringLiteral("scan_sm90.ttgir")), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    // Dropped on the window, as from a file manager.
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(win.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(win.get(), &drop);
    QCOMPARE(kv()->sourceName(), path);
    QCOMPARE(QString::fromStdString(kv()->audit().file), QStringLiteral("k.ttgir"));
    const int scanTypes = int(kv()->audit().tensors.size());
    // Another program replaces the file with a different kernel: re-read.
    {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write(readAll(corpus(QStringLiteral("gather_sm90.ttgir"))));
    }
    QTRY_VERIFY_WITH_TIMEOUT(int(kv()->audit().tensors.size()) != scanTypes, 5000);
    QCOMPARE(kv()->audit().converts.size(), size_t(3)); // gather's three conversions
    // A pasted kernel opens too (and its layouts become designs).
    const int before = win->document()->count();
    QVERIFY(
        win->pasteText(QString::fromUtf8(readAll(corpus(QStringLiteral("layernorm_sm90.ttgir")))))
            .isEmpty());
    QCOMPARE(kv()->sourceName(), QStringLiteral("pasted kernel"));
    QVERIFY(win->document()->count() > before);
    // A file that is not a kernel is refused with line:column.
    const QString bad = dir.filePath(QStringLiteral("bad.ttgir"));
    {
      QFile f(bad);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("module {\n  %0 = tt.splat %x : f32 -> tensor<4xf32, #undefined>\n}\n");
    }
    QString error;
    QVERIFY(!win->openFile(bad, &error));
    // file:line:column: what -- once, with no "error:" inside (the command
    // line and the dialogs add their own prefix).
    QCOMPARE(error, bad + QStringLiteral(":2:53: undefined attribute alias #undefined"));
  }

  // The kernel is part of the document: saved with it (a file by its path,
  // a pasted module by its text), autosaved and recovered after a crash,
  // shown again when the document opens, and gone with a new document.
  // A fresh window (only the untouched starter design) opening a kernel
  // shows the kernel: its top finding's layouts replace the starter, with
  // the kernel's machine; a window with the user's designs keeps them.
  void openingAKernelInAFreshWindowShowsIt() {
    openWindow();
    QString error;
    QVERIFY2(win->openFile(corpus(QStringLiteral("attention_gfx942.ttgir")), &error),
             qPrintable(error));
    Document *doc = win->document();
    QCOMPARE(doc->count(), 2); // the top finding: the local_store at line 131, and its memdesc
    QCOMPARE(doc->design(doc->currentIndex()).name, QStringLiteral("ttg.local_store (line 131)"));
    QCOMPARE(doc->design(doc->currentIndex()).module.threadsPerWarp, 64);
    QCOMPARE(doc->target(), QStringLiteral("gfx942"));
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY(!win->analysisDocks()->kernelDock()->visibleRegion().isEmpty());
    // Not fresh: the designs stay as they are.
    openWindow();
    Design mine = MainWindow::starterDesign();
    mine.name = QStringLiteral("mine");
    doc = win->document();
    doc->addDesign(mine);
    const int before = doc->count();
    QVERIFY(win->openFile(corpus(QStringLiteral("attention_gfx942.ttgir")), &error));
    QCOMPARE(doc->count(), before);
    QCOMPARE(doc->design(1).name, QStringLiteral("mine"));
  }

  void kernelIsPartOfTheDocument() {
    openWindow();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("attn.ttgir"));
    QVERIFY(QFile::copy(corpus(QStringLiteral("attention_sm90.ttgir")), path));
    QVERIFY(!win->document()->isModified());
    QVERIFY(win->openFile(path));
    QCOMPARE(win->document()->kernel().path, path);
    QVERIFY(win->document()->isModified()); // the document now names a kernel
    const size_t converts = kv()->audit().converts.size();
    QVERIFY(converts > 0);
    const QString saved = dir.filePath(QStringLiteral("with-kernel.lstudio"));
    QVERIFY(win->saveFile(saved));
    QVERIFY(readAll(saved).contains(QStringLiteral("\"path\": \"%1\"").arg(path).toUtf8()));
    // A new window, as after a restart: no kernel until the document opens.
    openWindow();
    QVERIFY(kv()->audit().converts.empty());
    QVERIFY(win->openFile(saved));
    QCOMPARE(kv()->sourceName(), path);
    QCOMPARE(kv()->audit().converts.size(), converts);
    QVERIFY(!win->document()->isModified()); // reopening is not an edit
    // A pasted kernel travels by its text: autosave, kill, recover.
    const QByteArray pasted = readAll(corpus(QStringLiteral("gather_sm90.ttgir")));
    QVERIFY(win->pasteText(QString::fromUtf8(pasted)).isEmpty());
    QCOMPARE(win->document()->kernel().text, QString::fromUtf8(pasted));
    QVERIFY(win->document()->kernel().path.isEmpty());
    QString orphan;
    {
      Autosave autosave(win->document());
      QVERIFY(autosave.saveNow());
      orphan = autosave.filePath();
      QVERIFY(QFile::copy(orphan, dir.filePath(QStringLiteral("orphan.lstudio"))));
    }
    openWindow();
    QString error;
    QVERIFY2(
        Autosave::recover(win->document(), dir.filePath(QStringLiteral("orphan.lstudio")), &error),
        qPrintable(error));
    QCOMPARE(kv()->sourceName(), QStringLiteral("pasted kernel"));
    QCOMPARE(kv()->audit().converts.size(), size_t(3)); // gather's three conversions
    QVERIFY2(kv()->summaryText().contains(QStringLiteral(": 3 converts")) ||
                 kv()->summaryText().contains(QStringLiteral(", 3 converts,")),
             qPrintable(kv()->summaryText()));
    const size_t nf = kv()->audit().findings.size();
    QVERIFY2(kv()->summaryText().endsWith(
                 QStringLiteral(", %1 finding%2").arg(nf).arg(nf == 1 ? "" : "s")),
             qPrintable(kv()->summaryText()));
    QVERIFY(win->document()->isModified());
    // File > New: the kernel goes with the document.
    win->document()->clear();
    QVERIFY(kv()->audit().converts.empty());
    QVERIFY(win->document()->kernel().empty());
    QVERIFY(kv()->summaryText().startsWith(QStringLiteral("No kernel")));
  }
};

LS_GUI_TEST_MAIN(TestKernelLinking)
#include "tst_kernel_linking.moc"
