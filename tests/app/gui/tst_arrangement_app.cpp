// The MMA arrangement in the application (issue 16): View > MMA Arrangement
// with the current design as C, any three designs of the document together,
// and `layout-studio --arrangement mma --screenshot F.png|svg|pdf` run as a
// separate process offscreen, its PNG checked pixel by pixel against the
// ownership maps (and the PTX ISA's fragment facts: a0 of thread 0 is A[0][0],
// b0 is B[0][0], c0 is C[0][0], c2 is C[8][0]).
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QTemporaryDir>

#include "app_setup.h"
#include "document.h"
#include "export/view_export.h"
#include "grid/grid_panel.h"
#include "gui_test_main.h"
#include "grid/step_player.h"
#include "main_window.h"
#include "mma_arrangement.h"
#include "widgets/vector_text.h"

using namespace ls::app;
using ls::ui::MmaRole;

namespace {

const QString kAmpere = QStringLiteral("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                                       "warpsPerCTA = [1, 1], instrShape = [16, 8]}>");
const QString kMfma = QStringLiteral("#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], "
                                     "instrShape = [32, 32, 8], isTransposed = true}>");

QRgb rgb(QRgb c) {
  return c & 0xffffff;
}

Design designOf(const QString &name, const QString &attr, ls::Shape shape, const QString &dtype) {
  Design d;
  d.name = name;
  d.attribute = attr;
  d.shape = std::move(shape);
  d.elementType = dtype;
  d.module = impliedModule(attr);
  return d;
}

struct Run {
  int exitCode = -1;
  QByteArray err;
};

Run runApp(const QStringList &args) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
  env.insert(QStringLiteral("QT_FONT_DPI"), QStringLiteral("96"));
  env.insert(QStringLiteral("QT_ENABLE_HIGHDPI_SCALING"), QStringLiteral("0"));
  env.insert(QStringLiteral("QT_SCALE_FACTOR"), QStringLiteral("1"));
  p.setProcessEnvironment(env);
  p.start(QStringLiteral(LS_BINARY_DIR "/bin/layout-studio"), args);
  Run r;
  if (!p.waitForFinished(60000))
    return r;
  r.exitCode = p.exitCode();
  r.err = p.readAllStandardError();
  return r;
}

// The arrangement the screenshot should show, laid out in this process with
// the same palette.
std::unique_ptr<ls::ui::MmaArrangementView> expectedView(const QString &attr, const QString &dtype,
                                                         bool presentation) {
  auto a = mmaArrangementFor(designOf(QStringLiteral("design"), attr, {64, 64}, dtype));
  if (!std::holds_alternative<ls::ui::MmaArrangement>(a))
    return nullptr;
  auto v = std::make_unique<ls::ui::MmaArrangementView>();
  ls::ui::GridPalette pal;
  pal.colorBlindSafe = pal.highContrast = presentation;
  pal.fontScale = presentation ? 1.5 : 1.0;
  v->setGridPalette(pal);
  v->setArrangement(std::get<ls::ui::MmaArrangement>(a));
  return v;
}

} // namespace

class TestArrangementApp : public QObject {
  Q_OBJECT

  // The PNG's pixel inside a cell (clear of its centred label and edges).
  static QRgb pixel(const QImage &img, const ls::ui::MmaArrangementView &v, double scale,
                    MmaRole role, int64_t r, int64_t c) {
    const QRectF cell = v.sceneCellRect(role, r, c);
    const QPointF p = (cell.topLeft() + QPointF(cell.width() * 0.14, cell.height() * 0.14)) * scale;
    return rgb(img.pixel(p.toPoint()));
  }

private slots:
  void initTestCase() { initResources(); }

  // View > MMA Arrangement: the current design is C, A and B are derived.
  void menuShowsTheCurrentDesign() {
    MainWindow w(/*interactive=*/false);
    w.show();
    QString error;
    QVERIFY2(w.openLayout(kAmpere, QStringLiteral("64x64"), QStringLiteral("f16"), &error),
             qPrintable(error));
    QAction *action = nullptr;
    for (QAction *a : w.findChildren<QAction *>())
      if (a->text() == QStringLiteral("&MMA Arrangement\u2026"))
        action = a;
    QVERIFY(action);
    action->trigger();
    auto *dlg = w.findChild<MmaArrangementDialog *>();
    QVERIFY(dlg);
    QVERIFY2(dlg->refresh().isEmpty(), qPrintable(dlg->errorLabel()->text()));
    const ls::ui::MmaArrangement &a = dlg->view()->arrangement();
    QCOMPARE(a.c->attribute, w.document()->design(w.document()->currentIndex()).attribute);
    QCOMPARE(a.c->shape, (ls::Shape{16, 8})); // one instruction tile
    QVERIFY(a.a->attribute.contains(QStringLiteral("opIdx = 0")));
    QVERIFY(a.a->attribute.contains(QStringLiteral("kWidth = 2")));
    QCOMPARE(a.b->shape, (ls::Shape{16, 8}));
    QCOMPARE(dlg->view()->cellLabel(MmaRole::C, 8, 0), QStringLiteral("T0:2"));
    // Presentation mode restyles the open arrangement.
    QVERIFY(!dlg->view()->gridPalette().highContrast);
    w.setPresentationMode(true);
    QTRY_VERIFY(dlg->view()->gridPalette().highContrast);
    QCOMPARE(dlg->view()->gridPalette().fontScale, 1.5);
    w.setPresentationMode(false);
    QTRY_VERIFY(!dlg->view()->gridPalette().highContrast);
    // f8 operands: kWidth 4, K = 32.
    dlg->typeBox()->setCurrentText(QStringLiteral("f8E4M3FN"));
    QCOMPARE(dlg->view()->arrangement().a->shape, (ls::Shape{16, 32}));
    QVERIFY(dlg->view()->arrangement().a->attribute.contains(QStringLiteral("kWidth = 4")));
    dlg->close();
  }

  // `layout-studio --layout MMA --arrangement mma` (no screenshot) opens the
  // dialog; another kind is refused by the parser.
  void commandLineOpensTheDialog() {
    const CommandLine cl =
        parseCommandLine({QStringLiteral("layout-studio"), QStringLiteral("--layout"), kAmpere,
                          QStringLiteral("--arrangement"), QStringLiteral("mma")});
    QVERIFY2(cl.error.isEmpty(), qPrintable(cl.error));
    QCOMPARE(cl.arrangement, QStringLiteral("mma"));
    MainWindow w(/*interactive=*/false);
    QString error;
    QVERIFY2(w.openLayout(cl.layout, cl.shape, cl.dtype, &error), qPrintable(error));
    QCOMPARE(applyViewOptions(w, cl), QString());
    auto *dlg = w.findChild<MmaArrangementDialog *>();
    QVERIFY(dlg);
    QVERIFY(dlg->isVisible());
    QCOMPARE(dlg->view()->cellLabel(MmaRole::A, 0, 0), QStringLiteral("T0:0"));
    dlg->close();
    const CommandLine bad =
        parseCommandLine({QStringLiteral("layout-studio"), QStringLiteral("--arrangement"),
                          QStringLiteral("wgmma")});
    QCOMPARE(bad.error, QStringLiteral("--arrangement: expected 'mma', got 'wgmma'"));
  }

  // Any three designs of the document, picked in the boxes.
  void anyThreeDesigns() {
    MainWindow w(/*interactive=*/false);
    w.show();
    QString error;
    QVERIFY2(w.openLayout(kAmpere, QStringLiteral("16x8"), QStringLiteral("f16"), &error),
             qPrintable(error));
    Document *doc = w.document();
    const QString blocked = QStringLiteral("#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp "
                                           "= [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>");
    doc->addDesign(designOf(QStringLiteral("load B"), blocked, {16, 8}, QStringLiteral("f16")));
    doc->addDesign(designOf(QStringLiteral("load A"), blocked, {16, 16}, QStringLiteral("f16")));
    doc->waitForEvaluations();
    const int c = 0, b = doc->count() - 2, a = doc->count() - 1;
    MmaArrangementDialog *dlg = w.showMmaArrangement();
    dlg->cBox()->setCurrentIndex(dlg->cBox()->findData(c));
    dlg->aBox()->setCurrentIndex(dlg->aBox()->findData(a));
    dlg->bBox()->setCurrentIndex(dlg->bBox()->findData(b));
    QVERIFY2(dlg->refresh().isEmpty(), qPrintable(dlg->errorLabel()->text()));
    const ls::ui::MmaArrangement &arr = dlg->view()->arrangement();
    QCOMPARE(arr.a->designName, QStringLiteral("load A"));
    QCOMPARE(arr.b->designName, QStringLiteral("load B"));
    QCOMPARE(arr.c->attribute, doc->design(c).attribute);
    // Blocked [1, 2] x [4, 8] on 16x8: lanes 0..3 cover the 8 columns (two
    // each), lane 4 repeats them, lane 8 takes row 1.
    QCOMPARE(dlg->view()->cellLabel(MmaRole::B, 1, 0), QStringLiteral("T8:0"));
    dlg->view()->resize(1200, 900);
    const QImage img = dlg->view()->grab().toImage();
    const QRectF cell = dlg->view()->cellRect(MmaRole::B, 1, 0);
    QCOMPARE(rgb(img.pixel((cell.topLeft() + QPointF(3, 3)).toPoint())),
             rgb(dlg->view()->cellColor(MmaRole::B, 1, 0)));
    // A design that is not an MMA result as C, operands derived: refused in words.
    dlg->aBox()->setCurrentIndex(0);
    dlg->cBox()->setCurrentIndex(dlg->cBox()->findData(b));
    QVERIFY(dlg->refresh().contains(QStringLiteral("not the result of an MMA")));
    dlg->close();
  }

  // The lane step-through selects the stepped thread in the open
  // arrangement (its cells in A, B and C stay in colour, the others fade);
  // a warp step clears it; a dialog opened mid-walk starts on the step and a
  // rebuild of the picture keeps it.
  void followsTheLaneStep() {
    MainWindow w(/*interactive=*/false);
    w.show();
    QString error;
    QVERIFY2(w.openLayout(kAmpere, QStringLiteral("16x8"), QStringLiteral("f16"), &error),
             qPrintable(error));
    w.document()->waitForEvaluations();
    ls::ui::StepPlayer *player = w.stepPlayer();
    player->goTo(5);
    QApplication::processEvents();
    MmaArrangementDialog *dlg = w.showMmaArrangement();
    QVERIFY2(dlg->refresh().isEmpty(), qPrintable(dlg->errorLabel()->text()));
    QCOMPARE(dlg->view()->selectedThread(), std::optional<int64_t>(5));
    player->goTo(9);
    QApplication::processEvents();
    QCOMPARE(dlg->view()->selectedThread(), std::optional<int64_t>(9));
    // mma v2 16x8: thread 9 (group 2, lane-in-group 1) holds C's row 2,
    // columns 2 and 3, and A's row 2, columns 2 and 3. While it is stepped its
    // cells keep their thread colour and every other thread's cells fade.
    QCOMPARE(*dlg->view()->threadOf(MmaRole::C, 2, 2), int64_t(9));
    QCOMPARE(*dlg->view()->threadOf(MmaRole::A, 2, 2), int64_t(9));
    dlg->view()->resize(1200, 900);
    auto inside = [&](const QImage &img, MmaRole role, int row, int col) {
      return rgb(img.pixel((dlg->view()->cellRect(role, row, col).topLeft() + QPointF(3, 3))
                               .toPoint()));
    };
    const QImage img = dlg->view()->grab().toImage();
    QCOMPARE(inside(img, MmaRole::C, 3, 2), rgb(dlg->view()->cellColor(MmaRole::C, 3, 2)));
    player->setUnit(ls::ui::StepPlayer::Unit::Warp);
    player->goTo(0);
    QApplication::processEvents();
    QCOMPARE(dlg->view()->selectedThread(), std::nullopt);
    const QImage cleared = dlg->view()->grab().toImage();
    for (MmaRole role : {MmaRole::A, MmaRole::C}) {
      QCOMPARE(inside(img, role, 2, 2), inside(cleared, role, 2, 2)); // thread 9: full colour
      QVERIFY(inside(img, role, 3, 2) != inside(cleared, role, 3, 2)); // others: faded
    }
    player->stop();
    dlg->close();
  }

  // layout-studio --arrangement mma --screenshot F.png, in its own process:
  // A, B and C where the layout puts them, cells in their threads' colours.
  void screenshotPng_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<bool>("presentation");
    QTest::newRow("mma v2") << kAmpere << false;
    QTest::newRow("mma v2 presentation") << kAmpere << true;
    QTest::newRow("mfma 32x32x8 presentation") << kMfma << true;
  }
  void screenshotPng() {
    QFETCH(QString, attr);
    QFETCH(bool, presentation);
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("arr.png"));
    QStringList args{QStringLiteral("--layout"),      attr,
                     QStringLiteral("--dtype"),       QStringLiteral("f16"),
                     QStringLiteral("--arrangement"), QStringLiteral("mma"),
                     QStringLiteral("--screenshot"),  png};
    if (presentation)
      args << QStringLiteral("--presentation");
    const Run r = runApp(args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QImage img(png);
    QVERIFY(!img.isNull());
    auto v = expectedView(attr, QStringLiteral("f16"), presentation);
    QVERIFY(v);
    const double s = ls::ui::arrangementPngScale(*v);
    QCOMPARE(img.size(), (v->sceneSize() * s).toSize());
    // A's tile is left of C's, B's above it.
    QVERIFY(v->sceneCellRect(MmaRole::A, 0, 0).right() < v->sceneCellRect(MmaRole::C, 0, 0).left());
    QVERIFY(v->sceneCellRect(MmaRole::B, 0, 0).bottom() < v->sceneCellRect(MmaRole::C, 0, 0).top());
    const int64_t rows = v->plane(MmaRole::C)->rows(), cols = v->plane(MmaRole::C)->cols(),
                  k = v->plane(MmaRole::A)->cols();
    for (auto [role, r0, c0] :
         {std::tuple{MmaRole::A, int64_t{0}, int64_t{0}},
          std::tuple{MmaRole::B, int64_t{0}, int64_t{0}},
          std::tuple{MmaRole::C, int64_t{0}, int64_t{0}},
          std::tuple{MmaRole::C, rows - 1, cols - 1}, std::tuple{MmaRole::A, rows - 1, k - 1},
          std::tuple{MmaRole::B, k - 1, cols - 1}, std::tuple{MmaRole::C, int64_t{8}, int64_t{0}}})
      QCOMPARE(pixel(img, *v, s, role, r0, c0), rgb(v->cellColor(role, r0, c0)));
    // Thread 0 has one colour in A, B and C.
    const QRgb t0 = pixel(img, *v, s, MmaRole::C, 0, 0);
    QCOMPARE(pixel(img, *v, s, MmaRole::A, 0, 0), t0);
    QCOMPARE(pixel(img, *v, s, MmaRole::B, 0, 0), t0);
    if (attr == kAmpere) {
      QCOMPARE(v->cellLabel(MmaRole::C, 8, 0), QStringLiteral("T0:2")); // c2
      QCOMPARE(pixel(img, *v, s, MmaRole::C, 8, 0), t0);
      QVERIFY(pixel(img, *v, s, MmaRole::C, 0, 2) != t0); // thread 1
    } else {
      // isTransposed: D[i][j] of v_mfma_f32_32x32x8f16 with M and N swapped:
      // lane i + 32 * ((j / 4) % 2) holds C[i][j].
      QCOMPARE(v->cellLabel(MmaRole::C, 0, 4), QStringLiteral("T32:0"));
      QCOMPARE(v->cellLabel(MmaRole::A, 0, 4), QStringLiteral("T32:0"));
      QCOMPARE(pixel(img, *v, s, MmaRole::C, 0, 4), pixel(img, *v, s, MmaRole::A, 0, 4));
    }
  }

  // --screenshot F.svg / F.pdf: vector output, with and without --arrangement.
  void screenshotVector() {
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("arr.svg")),
                  pdf = dir.filePath(QStringLiteral("grid.pdf"));
    Run r = runApp({QStringLiteral("--layout"), kAmpere, QStringLiteral("--dtype"),
                    QStringLiteral("f16"), QStringLiteral("--arrangement"), QStringLiteral("mma"),
                    QStringLiteral("--screenshot"), svg});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile fs(svg);
    QVERIFY(fs.open(QIODevice::ReadOnly));
    const QByteArray s = fs.readAll();
    QVERIFY(!s.contains("<image"));
    const QStringList texts = ls::test::svgTexts(s);
    QVERIFY(texts.contains(QStringLiteral("T0:0")));
    QVERIFY(texts.contains(QStringLiteral("T31:7")));
    r = runApp({QStringLiteral("--layout"), kAmpere, QStringLiteral("--shape"),
                QStringLiteral("16x8"), QStringLiteral("--screenshot"), pdf});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile fp(pdf);
    QVERIFY(fp.open(QIODevice::ReadOnly));
    const QByteArray d = fp.readAll();
    QVERIFY(!d.contains("/Subtype /Image"));
    const QStringList ptexts = ls::test::pdfTexts(d);
    QVERIFY2(ptexts.contains(QStringLiteral("T0:0")), qPrintable(ptexts.join('|')));
    QVERIFY(
        ls::test::withoutSpaces(ptexts.join(QString())).contains(ls::test::withoutSpaces(kAmpere)));
  }

  // A layout that is no MMA result: one error line, exit 2.
  void screenshotRefusesANonMma() {
    QTemporaryDir dir;
    const Run r =
        runApp({QStringLiteral("--layout"),
                QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                               "warpsPerCTA = [4, 1], order = [1, 0]}>"),
                QStringLiteral("--arrangement"), QStringLiteral("mma"),
                QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("error: --arrangement: layout: the MMA arrangement needs an MMA "
                            "result layout"),
             r.err.constData());
    QCOMPARE(runApp({QStringLiteral("--layout"), kAmpere, QStringLiteral("--arrangement"),
                     QStringLiteral("abc"), QStringLiteral("--screenshot"),
                     dir.filePath(QStringLiteral("y.png"))})
                 .exitCode,
             2);
  }
};

LS_GUI_TEST_MAIN(TestArrangementApp)
#include "tst_arrangement_app.moc"
