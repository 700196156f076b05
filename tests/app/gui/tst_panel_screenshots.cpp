// `layout-studio ... --panel P --screenshot F.png` (issue 16): the real
// binary, run with no display, renders one panel alone at --size; the PNG
// is checked against what core computes -- every bank cell of the first
// wavefronts in the conflict colour the model gives, the basis matrix's
// filled cells one per set bit, a colour per source lane in the conversion,
// the kernel's findings tinted -- and bad flags give one error line, exit 2.
#include <QImage>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <set>

#include "analysis/banks/bank_heatmap_model.h"
#include "analysis/banks/shared_access.h"
#include "banks/bank_heatmap_geometry.h"
#include "banks/bank_heatmap_view.h"
#include "convert/conversion_view.h"
#include "gui_test_main.h"
#include "kernel/kernel_view.h"
#include "notation/mlir/layout_parser.h"

namespace {

const QString kBlocked = QStringLiteral("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = "
                                        "[4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>");
// Column-major, unswizzled: the row-major reads of kBlocked pile onto two banks.
const QString kColumnShared =
    QStringLiteral("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>");
// The local_store of attention_gfx942.ttgir (line 131): #linear into #shared2.
const QString kAmdLinear = QStringLiteral(
    "#ttg.linear<{register = [[1, 0], [0, 1], [0, 2], [0, 4]], lane = [[0, 8], [0, 16], [0, 32], "
    "[2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>");
const QString kAmdRotating = QStringLiteral(
    "#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>");

struct Run {
  int code = -1;
  QString stderrText;
  QImage image;
};

// Runs layout-studio with no display (it must pick offscreen itself).
Run studio(const QStringList &args, const QString &png) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  for (const char *v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
    env.remove(QString::fromLatin1(v));
  env.insert(QStringLiteral("QT_FONT_DPI"), QStringLiteral("96"));
  p.setProcessEnvironment(env);
  QStringList all = args;
  if (!png.isEmpty())
    all << QStringLiteral("--screenshot") << png;
  p.start(QStringLiteral(LS_STUDIO_BIN), all);
  Run r;
  if (!p.waitForFinished(60000))
    return r;
  r.code = p.exitCode();
  r.stderrText = QString::fromUtf8(p.readAllStandardError());
  if (!png.isEmpty())
    r.image = QImage(png).convertToFormat(QImage::Format_RGB32);
  return r;
}

bool same(QRgb a, const QColor &c) {
  return qRed(a) == c.red() && qGreen(a) == c.green() && qBlue(a) == c.blue();
}

bool solid(const QImage &img, int x, int y, int w, int h, const QColor &c) {
  if (x + w > img.width() || y + h > img.height())
    return false;
  for (int j = y; j < y + h; ++j)
    for (int i = x; i < x + w; ++i)
      if (!same(img.pixel(i, j), c))
        return false;
  return true;
}

// Top-left corners of the solid w x h blocks of colour c that start a run
// (the pixel left of and above the corner are another colour).
QList<QPoint> blocks(const QImage &img, const QColor &c, int w, int h) {
  QList<QPoint> out;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x)
      if (same(img.pixel(x, y), c) && (x == 0 || !same(img.pixel(x - 1, y), c)) &&
          (y == 0 || !same(img.pixel(x, y - 1), c)) && solid(img, x, y, w, h, c))
        out << QPoint(x, y);
  return out;
}

ls::BankHeatmapModel bankModel(const QString &dist, const QString &shared, const char *target,
                               ls::AccessDirection dir) {
  ls::SharedAccessOptions opt;
  opt.target = ls::BankTarget::byName(target);
  opt.direction = dir;
  opt.warp = 0;
  return ls::BankHeatmapModel(ls::analyzeSharedAccess(*ls::ir::parseEncoding(dist.toStdString()),
                                                      *ls::ir::parseEncoding(shared.toStdString()),
                                                      {64, 64}, 16, opt));
}

// The current-layout heatmap (the first one, left or on top): find its cell
// (0, 0) by colour and the cell pitch from its neighbours (cells grow with
// the font), then every bank of the first `rows` wavefronts must have the
// model's colour at its cell's centre.
// Presentation mode paints the colour-blind-safe colours. The scale is the
// current model's worst load: in these pairs the proposal's is no worse.
void checkHeatmap(const QImage &img, const ls::BankHeatmapModel &model, int rows,
                  bool colorBlindSafe = false) {
  const ls::ui::BankHeatmapGeometry g; // the smallest cells the view paints
  const auto color = [&](int r, int b) {
    return ls::ui::BankHeatmapView::colorFor(model.cell(r, b).load, model.maxLoad(),
                                             colorBlindSafe);
  };
  const QColor first = color(0, 0);
  // The pitch is measured between cells (0, 0), (0, 1) and (1, 0), so they
  // must share a colour.
  QCOMPARE(color(0, 1), first);
  QCOMPARE(color(1, 0), first);
  QVERIFY(model.firstRowOfInstruction(0) && !model.firstRowOfInstruction(1));
  // A cell fills (cellWidth - 1) x (cellHeight - 1); the first row of an
  // instruction has the instruction's rule over its top pixel line.
  const QList<QPoint> corners = blocks(img, first, g.cellWidth - 1, g.cellHeight - 2);
  QVERIFY2(corners.size() >= 3, qPrintable(first.name()));
  QPoint origin = corners.front();
  QVERIFY(qGray(img.pixel(origin.x(), origin.y() - 1)) < 80); // the rule
  origin.ry() -= 1;
  const QPoint right = corners[1];
  QCOMPARE(right.y(), origin.y() + 1);
  const int cw = right.x() - origin.x();
  int ch = 0;
  for (const QPoint &c : corners)
    if (c.x() == origin.x() && c.y() > origin.y() + 1) {
      ch = c.y() - origin.y();
      break;
    }
  QVERIFY2(cw >= g.cellWidth && ch >= g.cellHeight,
           qPrintable(QStringLiteral("cells %1 x %2").arg(cw).arg(ch)));
  for (int r = 0; r < rows; ++r)
    for (int b = 0; b < model.bankCount(); ++b) {
      const QColor want = color(r, b);
      const QPoint at = origin + QPoint(b * cw + cw / 2, r * ch + ch / 2);
      QVERIFY2(same(img.pixel(at), want), qPrintable(QStringLiteral("wavefront %1 bank %2: %3, "
                                                                    "model %4 (load %5)")
                                                         .arg(r)
                                                         .arg(b)
                                                         .arg(QColor(img.pixel(at)).name())
                                                         .arg(want.name())
                                                         .arg(model.cell(r, b).load)));
    }
}

} // namespace

class TestPanelScreenshots : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString png(const char *name) const { return dir_.filePath(QString::fromLatin1(name)); }

private slots:
  // A known conflicting pair on sm90: bank 0 of the first wavefront is hit
  // by several words (the conflict colour), bank 2 is idle.
  void banksConflictingPair() {
    const Run r =
        studio({QStringLiteral("--layout"), kBlocked, QStringLiteral("--shape"),
                QStringLiteral("64x64"), QStringLiteral("--dtype"), QStringLiteral("f16"),
                QStringLiteral("--shared"), kColumnShared, QStringLiteral("--panel"),
                QStringLiteral("banks"), QStringLiteral("--size"), QStringLiteral("900x700")},
               png("banks.png"));
    QVERIFY2(r.code == 0, qPrintable(r.stderrText));
    QCOMPARE(r.image.size(), QSize(900, 700));
    const ls::BankHeatmapModel model =
        bankModel(kBlocked, kColumnShared, "sm90", ls::AccessDirection::Load);
    QVERIFY(model.cell(0, 0).load > 1); // a conflict ...
    QCOMPARE(model.cell(0, 2).load, 0); // ... and an idle bank
    QCOMPARE(ls::ui::BankHeatmapView::colorFor(model.cell(0, 0).load, model.maxLoad()),
             QColor(185, 30, 30)); // the worst load: deep red
    checkHeatmap(r.image, model, 3);
  }

  // An AMD kernel's store on gfx942 (64 lanes, ds_write): the cells follow
  // the gfx942 model of the local_store, conflicts included.
  void banksAmdKernelOnGfx942_data() {
    QTest::addColumn<bool>("presentation");
    QTest::newRow("plain") << false;
    QTest::newRow("presentation") << true; // larger cells, colour-blind-safe colours
  }
  void banksAmdKernelOnGfx942() {
    QFETCH(bool, presentation);
    QStringList args = {
        QStringLiteral("--layout"), kAmdLinear,
        QStringLiteral("--shape"),  QStringLiteral("64x64"),
        QStringLiteral("--dtype"),  QStringLiteral("f16"),
        QStringLiteral("--shared"), kAmdRotating,
        QStringLiteral("--target"), QStringLiteral("hip:gfx942") /* Triton's spelling */,
        QStringLiteral("--access"), QStringLiteral("store"),
        QStringLiteral("--panel"),  QStringLiteral("banks"),
        QStringLiteral("--size"),   QStringLiteral("1200x640")};
    if (presentation)
      args << QStringLiteral("--presentation");
    const Run r = studio(args, png("amd.png"));
    QVERIFY2(r.code == 0, qPrintable(r.stderrText));
    QCOMPARE(r.image.size(), QSize(1200, 640));
    const ls::BankHeatmapModel model =
        bankModel(kAmdLinear, kAmdRotating, "gfx942", ls::AccessDirection::Store);
    QCOMPARE(model.report().wavefronts, int64_t{32}); // twice the ideal 16
    QCOMPARE(model.report().idealWavefronts, int64_t{16});
    QVERIFY(model.cell(0, 0).load > 1);
    checkHeatmap(r.image, model, 8, presentation);
  }

  // The transpose example's conversion: every source lane's colour is
  // painted (one row of cells per lane).
  void conversionOfTheTransposeExample() {
    const Run r =
        studio({QStringLiteral("--example"), QStringLiteral("transpose"),
                QStringLiteral("--compare"), QStringLiteral("1"), QStringLiteral("--panel"),
                QStringLiteral("conversion"), QStringLiteral("--size"), QStringLiteral("1000x700")},
               png("conversion.png"));
    QVERIFY2(r.code == 0, qPrintable(r.stderrText));
    QCOMPARE(r.image.size(), QSize(1000, 700));
    for (int lane = 0; lane < 32; ++lane)
      QVERIFY2(!blocks(r.image, ls::ui::ConversionView::laneColor(lane, 32), 8, 8).isEmpty(),
               qPrintable(QStringLiteral("lane %1").arg(lane)));
  }

  // The basis matrix of the transpose load layout: one filled cell per set
  // bit of its bases (5 register, 5 lane, 2 warp bits, one bit each), in
  // the colour of its group; the same in presentation mode (larger cells).
  // The grid (the window's centre, not a dock) alone at --size: 32x32 of
  // kBlocked, four warps of 4 rows each, twice down the tensor.
  void gridPanel() {
    const Run r = studio({QStringLiteral("--layout"), kBlocked, QStringLiteral("--shape"),
                          QStringLiteral("32x32"), QStringLiteral("--panel"),
                          QStringLiteral("grid"), QStringLiteral("--size"),
                          QStringLiteral("700x500")},
                         png("grid.png"));
    QVERIFY2(r.code == 0, qPrintable(r.stderrText));
    QCOMPARE(r.image.size(), QSize(700, 500));
    // Each warp's colour (GridPalette's first four) fills 4 x 32 cells twice:
    // about as many pixels of each, and a good share of the picture.
    const QColor warps[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b),
                            QColor(0xe1, 0x57, 0x59), QColor(0x76, 0xb7, 0xb2)};
    int counts[4] = {0, 0, 0, 0};
    for (int y = 0; y < r.image.height(); ++y)
      for (int x = 0; x < r.image.width(); ++x)
        for (int w = 0; w < 4; ++w)
          counts[w] += same(r.image.pixel(x, y), warps[w]);
    for (int w = 0; w < 4; ++w)
      QVERIFY2(counts[w] > 15000 && counts[w] < 2 * counts[0] + 100,
               qPrintable(QStringLiteral("warp %1: %2 px").arg(w).arg(counts[w])));
    // As SVG: the grid as vector shapes (not PNG bytes in an .svg file); the
    // other panels are PNG only, and say so.
    const QString svg = png("grid.svg");
    const Run v = studio({QStringLiteral("--layout"), kBlocked, QStringLiteral("--shape"),
                          QStringLiteral("32x32"), QStringLiteral("--panel"),
                          QStringLiteral("grid")},
                         svg);
    QVERIFY2(v.code == 0, qPrintable(v.stderrText));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QVERIFY(bytes.contains("<svg") && !bytes.startsWith("\x89PNG"));
    const Run b = studio({QStringLiteral("--layout"), kBlocked, QStringLiteral("--shape"),
                          QStringLiteral("64x64"), QStringLiteral("--shared"), kColumnShared,
                          QStringLiteral("--panel"), QStringLiteral("banks")},
                         png("banks.svg"));
    QCOMPARE(b.code, 2);
    QVERIFY2(b.stderrText.endsWith(QStringLiteral("error: --screenshot: the banks panel is saved as "
                                                  "PNG only (the grid, --panel grid, also as SVG or "
                                                  "PDF)\n")),
             qPrintable(b.stderrText));
  }

  void basisMatrix_data() {
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<int>("cell");
    QTest::newRow("plain") << false << 14;
    QTest::newRow("presentation") << true << 20;
  }
  void basisMatrix() {
    QFETCH(bool, presentation);
    QFETCH(int, cell);
    QStringList args = {QStringLiteral("--example"), QStringLiteral("transpose"),
                        QStringLiteral("--panel"),   QStringLiteral("basis"),
                        QStringLiteral("--size"),    QStringLiteral("700x500")};
    if (presentation)
      args << QStringLiteral("--presentation");
    const Run r = studio(args, png("basis.png"));
    QVERIFY2(r.code == 0, qPrintable(r.stderrText));
    QCOMPARE(r.image.size(), QSize(700, 500));
    // register, lane, warp ink (BasisMatrixView's group colours).
    const std::pair<QColor, int> groups[] = {{QColor(0x4e, 0x79, 0xa7), 5},
                                             {QColor(0xf2, 0x8e, 0x2b), 5},
                                             {QColor(0x59, 0xa1, 0x4f), 2}};
    // The key under the matrix shows a filled cell in the register ink.
    for (const auto &[ink, ones] : groups)
      QCOMPARE(blocks(r.image, ink, cell, cell).size(), ones + (ink == groups[0].first ? 1 : 0));
  }

  // A gfx942 kernel in the Kernel panel: its findings' rows are tinted.
  void kernelPanel() {
    const QString kernel =
        QStringLiteral(LS_SOURCE_DIR "/tests/data/ttgir36/attention_gfx942.ttgir");
    const Run r =
        studio({QStringLiteral("--panel"), QStringLiteral("kernel"), QStringLiteral("--file"),
                kernel, QStringLiteral("--size"), QStringLiteral("1200x800")},
               png("kernel.png"));
    QVERIFY2(r.code == 0, qPrintable(r.stderrText));
    QCOMPARE(r.image.size(), QSize(1200, 800));
    // The audit the panel shows (core): its findings' sites are tinted.
    const auto load = ls::ui::KernelView::loadFile(kernel);
    QVERIFY(load.ok);
    const int findings = int(load.audit.findings.size());
    QVERIFY(findings >= 1);
    std::set<int> lines; // the sites table has one row per site
    for (const auto &f : load.audit.findings)
      lines.insert(f.site.line);
    // Bands of pixel lines with a 60 px run of the finding tint in the left
    // half: one per tinted row of the sites table (its grid lines part the
    // rows), plus the findings list's unselected rows (the first is
    // selected); none if the panel were empty or untinted.
    int bands = 0;
    bool inBand = false;
    for (int y = 0; y < r.image.height(); ++y) {
      int run = 0, best = 0;
      for (int x = 0; x < r.image.width() / 2; ++x) {
        run = same(r.image.pixel(x, y), ls::ui::KernelView::kFindingColor) ? run + 1 : 0;
        best = std::max(best, run);
      }
      const bool tinted = best >= 60;
      bands += tinted && !inBand;
      inBand = tinted;
    }
    const int want = int(lines.size()) + (findings >= 2 ? 1 : 0);
    QVERIFY2(bands >= want, qPrintable(QStringLiteral("%1 bands, %2 findings on %3 lines")
                                           .arg(bands)
                                           .arg(findings)
                                           .arg(lines.size())));
  }

  // Wrong flags: one error line, status 2, no picture.
  void badFlags_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("panel name") << QStringList{QStringLiteral("--panel"), QStringLiteral("gird")}
                                << QStringLiteral("error: --panel: 'gird' is not one of grid, "
                                                  "banks, conversion, basis, kernel\n");
    QTest::newRow("kernel without file")
        << QStringList{QStringLiteral("--panel"), QStringLiteral("kernel")}
        << QStringLiteral("error: --panel kernel: needs --file K.ttgir (or --kernel K.ttgir)\n");
    QTest::newRow("target") << QStringList{QStringLiteral("--layout"), kBlocked,
                                           QStringLiteral("--target"), QStringLiteral("sm99")}
                            << QStringLiteral("error: --target: unknown target “sm99”; "
                                              "choose one of sm80, sm90");
    QTest::newRow("shared without layout")
        << QStringList{QStringLiteral("--shared"), kColumnShared}
        << QStringLiteral("error: --shared: needs --layout (the distributed design it pairs "
                          "with)\n");
    QTest::newRow("banks without a shared design")
        << QStringList{QStringLiteral("--layout"), kBlocked, QStringLiteral("--panel"),
                       QStringLiteral("banks")}
        << QStringLiteral("error: --panel banks: Bank conflicts need a shared design");
    QTest::newRow("conversion without a second design")
        << QStringList{QStringLiteral("--layout"), kBlocked, QStringLiteral("--panel"),
                       QStringLiteral("conversion")}
        << QStringLiteral("error: --panel conversion: Add (or compare with) a second distributed "
                          "design of the same shape");
    QTest::newRow("example") << QStringList{QStringLiteral("--example"), QStringLiteral("nope")}
                             << QStringLiteral("error: --example: 'nope' is not one of amd, "
                                               "nvidia_mma, swizzle, transpose\n");
    QTest::newRow("access") << QStringList{QStringLiteral("--access"), QStringLiteral("both")}
                            << QStringLiteral("error: --access: expected load or store, got "
                                              "'both'\n");
  }
  void badFlags() {
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    const QString out = png("bad.png");
    QFile::remove(out);
    const Run r = studio(args, out);
    QCOMPARE(r.code, 2);
    QStringList lines;
    for (const QString &l : r.stderrText.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
      if (l.startsWith(QLatin1String("error:")))
        lines << l;
    QCOMPARE(lines.size(), 1);
    QVERIFY2((lines.front() + QLatin1Char('\n')).startsWith(error), qPrintable(r.stderrText));
    QVERIFY(!QFile::exists(out));
  }
};

LS_GUI_TEST_MAIN(TestPanelScreenshots)
#include "tst_panel_screenshots.moc"
